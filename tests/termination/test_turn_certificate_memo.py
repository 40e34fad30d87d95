"""A turn decision's certificates answer each expansion as if it were the only one (AMB-25).

At a turn decision the look-ahead asks, for each expansion that fills a beach,
whether that beach can sail and end the turn. Many expansions fill the same
beach with the same group and differ only in where their other boats go, so the
answer is kept for the decision (``outlook.Sailings``) where it cannot depend on
those boats: no exit of the beach leads back to the island expanded. Here every
expansion's answer with the kept answers of the actions before it must equal its
answer worked out alone, on turn decisions of scheming games, of games with
sampled flags, and of crowded built positions. (Moves of a boat of the table
share their answers in the turn decision's own loop: ``test_moved_boat_ways``.)
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from tests.termination.test_every_turn_ends import random_game
from tests.termination.test_finite_choices import crowded_position, decisions

from tongiaki_rules import DecisionKind, Expand, GameState, PlaceNewBoats, new_game
from tongiaki_rules import _engine as E
from tongiaki_rules._engine.outlook import Sailings


def answers(state: GameState) -> tuple[list[bool], list[bool], int]:
    """Each expansion's certificate with the decision's kept answers, and alone; and how many
    answers were kept."""
    work = E.Work(state)
    kept = Sailings()
    shared: list[bool] = []
    alone: list[bool] = []
    for a in work.legal():
        if isinstance(a, Expand | PlaceNewBoats):
            i = work.where[a.island]
            shared.append(work._boats_placed_end(i, a.beaches, kept))
            alone.append(work._boats_placed_end(i, a.beaches))
    return shared, alone, sum(1 for answer in kept.ends.values() if answer >= 0)


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
    kept = 0
    for state in turn_decisions(seed):
        shared, alone, kept_here = answers(state)
        assert shared == alone, state.to_position_code()
        kept += kept_here
    assert kept > 0  # answers kept and shared: the case that must not mix them up
