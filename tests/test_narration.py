"""The narration of a game: one line per notable event, from the engine's events."""

from __future__ import annotations

import re

import pytest

from tongiaki_rules import DecisionKind, IllegalActionError, Rules, new_game
from tongiaki_rules.errors import InvalidPositionError, SettingsError
from tongiaki_rules.events import Berthed
from tongiaki_rules.narration import Narrator, narrate, play_game


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


@pytest.mark.parametrize(
    ("players", "seed", "rules"),
    [
        (2, 1, Rules()),
        (4, 2, Rules(variant_rody=True)),
        (2, 3, Rules(variant_two_player_double_colour=True)),
        (6, 4, Rules(failure_ends_turn=True)),
    ],
)
def test_the_steps_told_one_by_one_make_up_the_whole_narration(
    players: int, seed: int, rules: Rules
) -> None:
    states, actions = play_game(players, seed=seed, rules=rules)
    narrator = Narrator(states[0])
    told = narrator.header()
    for action in actions:
        told += narrator.step(action)
    assert narrator.state == states[-1]
    assert told + narrator.footer() == list(narrate(states, actions))


def test_a_landing_is_told_when_its_last_boat_is_berthed() -> None:
    states, actions = play_game(4, seed=1)
    waiting = [k for k in range(len(actions)) if states[k + 1].pending.kind is DecisionKind.BERTH]
    first = waiting[0]
    last = next(k for k in range(first, len(actions)) if k not in waiting)  # the last berth
    assert last > first + 1  # a landing of several boats, berthed one at a time
    narrator = Narrator(states[0])
    told = [narrator.step(action) for action in actions]
    for k in range(first, last):
        assert not any(line.startswith("  lands on ") for line in told[k])
    assert told[last][-1].startswith("  lands on ")


def test_the_narrator_refuses_an_illegal_action_and_can_go_on() -> None:
    states, actions = play_game(2, seed=6)
    narrator = Narrator(states[0])
    header = narrator.header()
    with pytest.raises(IllegalActionError):
        narrator.step(actions[5])  # not legal at the start
    assert narrator.state == states[0]
    told = header + [line for action in actions for line in narrator.step(action)]
    assert told + narrator.footer() == list(narrate(states, actions))


def test_asking_for_the_footer_mid_game_changes_nothing() -> None:
    states, actions = play_game(3, seed=2)
    narrator = Narrator(states[0])
    for action in actions[:40]:
        narrator.step(action)
    assert narrator.footer() == narrator.footer()
    assert narrator.footer()[-1].startswith("Game not finished; scores so far: ")


@pytest.mark.parametrize("seed", range(12))
def test_every_boat_berthed_is_named_in_a_landing_line(seed: int) -> None:
    """Also when a berth fills a beach and the landing goes on (a line once dropped those)."""
    states, actions = play_game(2 + seed % 5, seed=seed)
    berthed = sum(
        isinstance(event, Berthed)
        for before, action in zip(states, actions, strict=False)
        for event in before.apply_with_events(action)[1]
    )
    named = 0
    for line in narrate(states, actions):
        if line.startswith("  lands on "):
            for part in line.split(": ", 1)[1].split("; "):
                if part.startswith("beach "):
                    for boats in part.split(": ", 1)[1].split(", "):
                        _colour, _, times = boats.partition(" x")
                        named += int(times) if times else 1
    assert named == berthed


COORDINATES = re.compile(r"\(-?\d+, -?\d+\)")


@pytest.mark.parametrize(("players", "seed"), [(2, 3), (4, 1), (6, 9)])
def test_in_words_the_lines_name_islands_places_and_players_never_coordinates(
    players: int, seed: int
) -> None:
    states, actions = play_game(players, seed=seed)
    names = ["Ana", "<b>Kiri</b>", None, "Mele", "", "Sione"][:players]
    plain = list(narrate(states, actions))
    told = list(narrate(states, actions, names=names, coordinates=False))
    assert len(told) == len(plain)  # the same lines, told otherwise
    assert not any(COORDINATES.search(line) for line in told)
    assert not any("rotation" in line or re.search(r"\bocean [a-z]\b", line) for line in told)
    assert told[0].startswith(f"Players: {players} -- Ana (Blue), <b>Kiri</b> (Red)")
    assert players == 2 or ", seat 2 Green" in told[0]
    assert told[0].endswith("; Ana (Blue) starts")
    assert "Turn 1, Ana (Blue): " in "\n".join(told)
    placed = [line for line in told if line.startswith("  draws ")]
    assert placed
    assert all(
        re.search(
            r"placed (freely )?(\d+ spaces? )?(below|above|(lower|upper) (left|right) of) ", line
        )
        for line in placed
    )
    # the coordinates and rotation stay in the other style, line for line
    assert [
        COORDINATES.search(line) is not None for line in plain if line.startswith("  draws ")
    ] == [True] * len(placed)


def test_the_narrator_tells_in_words_as_narrate_does() -> None:
    states, actions = play_game(3, seed=2)
    names = ["Ana", None, "Mele"]
    narrator = Narrator(states[0], names=names, coordinates=False)
    lines = narrator.header()
    for action in actions:
        lines += narrator.step(action)
    assert lines + narrator.footer() == list(
        narrate(states, actions, names=names, coordinates=False)
    )


def test_a_place_in_words_is_the_nearest_island_and_the_side_it_lies_on() -> None:
    from tongiaki_rules.narration import _side

    # from Tonga at the origin, each neighbour lies on its own side, clockwise from the bottom
    assert [
        _side((0, 0), step) for step in ((0, 1), (-1, 1), (-1, 0), (0, -1), (1, -1), (1, 0))
    ] == [0, 1, 2, 3, 4, 5]
    assert _side((0, 0), (0, 3)) == 0
    assert _side((0, 0), (2, -4)) == 3  # two spaces up and a little right: above


@pytest.mark.parametrize("names", ["Ana", [1, 2], None])
def test_names_must_be_a_sequence_of_text(names: object) -> None:
    states, actions = play_game(2, seed=3)
    if names is None:
        assert next(narrate(states, actions, names=None)).startswith("Players: 2 -- seat 0 Blue")
        return
    with pytest.raises(SettingsError, match="name"):
        list(narrate(states, actions, names=names))  # type: ignore[arg-type]
    with pytest.raises(SettingsError, match="name"):
        Narrator(states[0], names=names)  # type: ignore[arg-type]


@pytest.mark.parametrize("language", ["en", "de", "fr", "it"])
def test_a_narrator_following_another_tells_as_narrate_does(language: str) -> None:
    """Issue 38: the server tells a game in players' words and other languages by following
    its English narrator, so each action is applied once."""
    states, actions = play_game(4, seed=9)
    names = ["Ana", None, "Mele", "Sione"]
    leader = Narrator(states[0])
    words = Narrator(states[0], language, names=names, coordinates=False)
    plain = Narrator(states[0], language)
    told_words, told_plain = words.header(), plain.header()
    for action in actions:
        leader.step(action)
        told_words += words.follow(leader)
        told_plain += plain.follow(leader)
        assert words.state is plain.state is leader.state
        assert words.events == plain.events == leader.events
    assert told_plain + plain.footer() == list(narrate(states, actions, language))
    assert told_words + words.footer() == list(
        narrate(states, actions, language, names=names, coordinates=False)
    )


def test_the_events_of_a_narrator_are_those_of_its_last_step() -> None:
    states, actions = play_game(2, seed=3)
    narrator = Narrator(states[0])
    assert narrator.events == ()
    for before, action in zip(states[:30], actions[:30], strict=True):
        narrator.step(action)
        assert narrator.events == tuple(before.apply_with_events(action)[1])


def test_a_narrator_follows_only_a_step_from_its_own_position() -> None:
    states, actions = play_game(2, seed=6)
    leader, follower = Narrator(states[0]), Narrator(states[0], "fr")
    with pytest.raises(InvalidPositionError, match="follow"):
        follower.follow(leader)  # the leader has told nothing yet
    leader.step(actions[0])
    leader.step(actions[1])
    with pytest.raises(InvalidPositionError, match="follow"):
        follower.follow(leader)  # the leader's last step starts after actions[0]
    with pytest.raises(InvalidPositionError, match="Narrator"):
        follower.follow("leader")  # type: ignore[arg-type]
    assert follower.state == states[0] and follower.events == ()
    follower.step(actions[0])  # caught up by a step of its own (an equal position)
    reference = Narrator(states[0], "fr")
    reference.step(actions[0])
    assert follower.follow(leader) == reference.step(actions[1])
    assert follower.state is leader.state
