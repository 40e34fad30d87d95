"""The narration of a game: one line per notable event, from the engine's events."""

from __future__ import annotations

import pytest

from tongiaki_rules import Rules, new_game
from tongiaki_rules.narration import narrate, play_game


def test_play_game_matches_the_recorded_states() -> None:
    states, actions = play_game(3, seed=8)
    assert len(states) == len(actions) + 1
    assert states[0] == new_game(3)
    assert states[-1].is_terminal
    for before, action, after in zip(states[:-1], actions, states[1:], strict=True):
        assert before.apply(action) == after


def test_narrate_covers_the_notable_events() -> None:
    states, actions = play_game(4, seed=1)
    lines = list(narrate(states, actions))
    text = "\n".join(lines)
    assert lines[0].startswith("Players: 4 -- seat 0 Blue, seat 1 Red")
    assert lines[1] == "Rules changed: none (defaults)"
    assert any(line.startswith("Setup boats on Tonga (0, 0): Blue ") for line in lines)
    assert "Turn 1, seat 0 Blue: " in text
    assert "  draws " in text and ": placed at (" in text
    assert " sails " in text
    assert "  lands on " in text
    assert "End of the game triggered" in text
    assert "Game over." in text
    turns = [line for line in lines if line.startswith("Turn ")]
    assert len(turns) >= 10
    assert all(len(line) < 160 for line in lines)


def test_narrate_reports_changed_rules_and_partial_games() -> None:
    states, actions = play_game(2, seed=1, rules=Rules(failure_ends_turn=True))
    lines = list(narrate(states[:20], actions[:19]))
    assert lines[1] == "Rules changed: failure_ends_turn=True"
    assert lines[-1].startswith("Game not finished; scores so far:")


def test_narrate_checks_its_arguments() -> None:
    with pytest.raises(ValueError, match="one more state"):
        list(narrate([new_game(2)], [new_game(2).legal_actions()[0]]))
