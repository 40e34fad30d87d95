"""A turn decision's certificates answer each expansion as if it were the only one (AMB-25).

At a turn decision the look-ahead asks, for each expansion that fills a beach,
whether that beach can sail and end the turn. Many expansions fill the same
beach with the same group and differ only in where their other boats go or which
boat of the table moves, so the answer is kept for the decision
(``outlook.Sailings``) where it cannot depend on those boats: no exit of the beach
leads to the island expanded or to the island a boat is taken from. Here every
expansion's answer with the kept answers of the actions before it must equal its
answer worked out alone, on turn decisions of scheming games (empty reserves,
where boats move from the table), of games with sampled flags, and of crowded
built positions.
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from tests.termination.test_every_turn_ends import random_game
from tests.termination.test_finite_choices import crowded_position, decisions

from tongiaki_rules import (
    DecisionKind,
    Expand,
    ExpandFromBoard,
    GameState,
    PlaceNewBoats,
    new_game,
)
from tongiaki_rules import _engine as E
from tongiaki_rules._engine.outlook import Sailings


def answers(state: GameState) -> tuple[list[bool], list[bool], int]:
    """Each expansion's certificate with the decision's kept answers, and alone; and how many
    of them a boat of the table moves in."""
    work = E.Work(state)
    kept = Sailings()
    shared: list[bool] = []
    alone: list[bool] = []
    moves = 0
    for a in work.legal():
        if isinstance(a, Expand | PlaceNewBoats):
            args: tuple[int, tuple[int, ...], ExpandFromBoard | None] = (
                work.where[a.island],
                a.beaches,
                None,
            )
        elif isinstance(a, ExpandFromBoard):
            args = (work.where[a.island], (a.beach,), a)
            moves += 1
        else:
            continue
        shared.append(work._boats_placed_end(*args, kept))
        alone.append(work._boats_placed_end(*args))
    return shared, alone, moves


def turn_decisions(seed: int) -> Iterator[GameState]:
    """Turn decisions of a scheming 2-player game, of a game with sampled flags, and of the
    turns of a crowded position."""
    for state in decisions(new_game(2), seed):
        if state.pending.kind is DecisionKind.TURN:
            yield state
    for state in decisions(random_game(seed), seed):
        if state.pending.kind is DecisionKind.TURN:
            yield state
    crowded = crowded_position(seed)
    if crowded is not None and crowded.pending.kind is DecisionKind.TURN:
        yield crowded


@pytest.mark.clause("AMB-25", "EXPAND-7")
@pytest.mark.parametrize("seed", range(12))
def test_kept_answers_are_the_answers_each_expansion_gets_alone(seed: int) -> None:
    moves = 0
    for state in turn_decisions(seed):
        shared, alone, moved = answers(state)
        assert shared == alone, state.to_position_code()
        moves += moved
    assert moves > 0  # boats moved from the table: the case the kept answers must not mix up
