"""The story of a game told move by move, as ``play`` and ``replay`` print it."""

from __future__ import annotations

import pytest

from tongiaki_rules import DecisionKind, Rules
from tongiaki_rules.cli.story import footer_lines, header_lines, move_lines, who_decides
from tongiaki_rules.narration import narrate, play_game


@pytest.mark.parametrize(
    ("players", "seed", "rules"),
    [
        (2, 1, Rules()),
        (4, 2, Rules(variant_rody=True)),
        (2, 3, Rules(variant_two_player_double_colour=True)),
        (6, 4, Rules(failure_ends_turn=True)),
    ],
)
def test_the_moves_told_one_by_one_make_up_the_whole_narration(
    players: int, seed: int, rules: Rules
) -> None:
    states, actions = play_game(players, seed=seed, rules=rules)
    told = header_lines(states[0])
    for k in range(len(actions)):
        told += move_lines(states, actions, k)
    assert told + footer_lines(states[-1]) == list(narrate(states, actions))


def test_a_landing_is_told_when_its_last_boat_is_berthed() -> None:
    states, actions = play_game(4, seed=1)
    waiting = [k for k in range(len(actions)) if states[k + 1].pending.kind is DecisionKind.BERTH]
    first = waiting[0]
    last = next(k for k in range(first, len(actions)) if k not in waiting)  # the last berth
    assert last > first + 1  # a landing of several boats, berthed one at a time
    for k in range(first, last):
        assert not any(line.startswith("  lands on ") for line in move_lines(states, actions, k))
    assert move_lines(states, actions, last)[-1].startswith("  lands on ")


def test_who_decides_names_the_seat_chance_or_nobody() -> None:
    states, _actions = play_game(3, seed=2)
    assert who_decides(states[0]) == "seat 0 Blue"
    assert who_decides(next(s for s in states if s.is_chance_node)) == "chance"
    assert who_decides(states[-1]) == "nobody"
