"""A landing's boats berthed in colour order reach every landing (the look-ahead's shortcuts).

The look-ahead of AMB-25 follows only the first colour's choices at each boat of a
landing (``LandingPhase.legal_land(first_colour=True)``): which beaches a boat may take
depends on how many boats are left and which beaches they served, never on colours
(LAND-2..4, AMB-16), so every landing a player could make is reached in that order too.
Here that claim is checked against the engine itself: from landing decisions of scheming
games and of crowded built positions, every sequence of berths and returns the engine
allows is followed, with every colour order and with the colour order alone, and the
landings they end in (the boats on every beach, the reserves) must be the same sets.

The search goes further: it takes a whole landing as one step
(``FiniteChoices.landings``, the boats of a colour in ascending beach order). Those
steps must end in exactly the same landings, each listed once.
"""

from __future__ import annotations

import random
from collections.abc import Iterator

import pytest
from tests.termination.test_every_turn_ends import random_game
from tests.termination.test_finite_choices import crowded_position, decisions

from tongiaki_rules import DecisionKind, GameState
from tongiaki_rules import _engine as E


def landings(work: E.Work, in_colour_order: bool) -> set[tuple[object, ...]]:
    """Every landing the engine lets the arriving group make from ``work`` (a LAND decision)."""
    found: set[tuple[object, ...]] = set()

    def follow(node: E.Work) -> None:
        if node.phase != E.LAND or not node.group:
            found.add((tuple(node.boats), tuple(node.reserve)))
            return
        acts = node.legal_land(first_colour=True) if in_colour_order else node.legal()
        if not acts:  # no free slot at all: the boats left go home (LAND-4)
            reserve = list(node.reserve)
            for colour in node.group:
                reserve[colour] += 1
            found.add((tuple(node.boats), tuple(reserve)))
            return
        for a in acts:
            child = node.fork()
            child.apply(a)
            follow(child)

    follow(work)
    return found


def completions(work: E.Work) -> set[tuple[object, ...]]:
    """The landings of the look-ahead's steps from ``work``; each must be listed once."""
    found: list[tuple[object, ...]] = []
    for landing in work.landings():
        child = work.fork()
        child.finish_landing(landing)
        found.append((tuple(child.boats), tuple(child.reserve)))
    assert len(found) == len(set(found)), "a landing listed twice"
    return set(found)


def same_landings(state: GameState) -> None:
    """Every way of following a landing from ``state`` ends in the same landings."""
    work = E.Work(state)
    every = landings(work, False)
    assert landings(work, True) == every, state
    assert completions(work) == every, state


def landing_decisions(seed: int) -> Iterator[GameState]:
    """Landing decisions with two colours or more under way, from scheming play."""
    for state in decisions(random_game(seed), seed):
        if state.pending.kind is DecisionKind.BERTH and len(set(state.group_)) > 1:
            yield state


@pytest.mark.clause("LAND-2", "LAND-3", "LAND-4", "AMB-16", "AMB-25")
@pytest.mark.parametrize("seeds", [range(0, 5), range(5, 10)], ids=["0-4", "5-9"])
def test_colour_order_and_whole_landings_reach_every_landing_of_scheming_games(
    seeds: range,
) -> None:
    checked = 0
    for seed in seeds:
        for state in landing_decisions(seed):
            same_landings(state)
            checked += 1
    assert checked >= 15


@pytest.mark.clause("LAND-2", "LAND-3", "LAND-4", "AMB-16", "AMB-25")
def test_colour_order_and_whole_landings_reach_every_landing_of_crowded_positions() -> None:
    checked = 0
    for seed in range(60):
        start = crowded_position(seed)
        if start is None:
            continue
        rng = random.Random(seed)
        state = start
        for _ in range(40):  # play into the turn until a mixed group lands
            if state.is_terminal:
                break
            state = state.resolve_chance(rng)
            if state.is_terminal:
                break
            if state.pending.kind is DecisionKind.BERTH and len(set(state.group_)) > 1:
                same_landings(state)
                checked += 1
            state = state.apply(rng.choice(state.legal_actions()))
    assert checked >= 10
