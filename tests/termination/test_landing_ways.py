"""A landing's choices share the whole landings that the look-ahead's searches finish (AMB-25).

At a berth decision the look-ahead asks, for each berth or return of the boat to place,
whether the turn can still end after it. A way the search finds after one choice first
finishes the whole landing (``FiniteChoices.landings``), and every order of a legal
landing's berths and returns is legal and ends in the same position (LAND-2..4, AMB-16;
``test_landing_order``), with nothing blocked before the next departure. So each berth and
return of that landing, played first, can still end the turn: the decision offers them
without a search of their own (``FiniteChoices._by_a_landing_found``). Here: the landing a
search reports is one the decision's landing can finish with, after which the turn can end,
and never a landing elsewhere that the choice led to; every berth and return the decision
marks as shared is one of its choices that can end the turn alone; and every choice is
offered exactly as it would be alone.
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from tests.termination.chain_generators import FAMILIES, FLAG_SETS, built_decisions
from tests.termination.test_every_turn_ends import random_game
from tests.termination.test_finite_choices import decisions

from tongiaki_rules import Berth, DecisionKind, GameState, ReturnBoat, new_game
from tongiaki_rules import _engine as E
from tongiaki_rules._engine.finite import NO_WAY, Landing, Settled
from tongiaki_rules.actions import Action


def berth_decisions(seed: int) -> Iterator[GameState]:
    """Berth decisions with two or more choices: built positions dense in landings and
    chains under two flag sets, a scheming 4-player game and a game with sampled flags."""
    sources = [
        built_decisions(FAMILIES[family], seed, FLAG_SETS[flags])
        for family in ("landing", "crowded", "full-beaches", "one-slot")
        for flags in ("default", "bounces-not-closed")
    ]
    sources += [decisions(new_game(4), seed), decisions(random_game(seed), seed)]
    for source in sources:
        for state in source:
            if state.pending.kind is DecisionKind.BERTH and len(state.legal_actions()) > 1:
                yield state


def key_of(choice: Action) -> tuple[int, int]:
    """A berth as (colour, beach), a return as (colour, -1)."""
    assert isinstance(choice, Berth | ReturnBoat)
    return (int(choice.colour), choice.beach if isinstance(choice, Berth) else -1)


def alone(state: GameState, choice: Action) -> bool:
    """Can the turn end after ``choice``, worked out with nothing shared?"""
    work = E.Work(state)
    return work.ends_finitely(choice, Settled(work.tiles, work.kings))


def finished_can_end(root: E.Work, landing: Landing) -> bool:
    """From look-ahead position ``root``, can the turn end once ``landing`` is made?"""
    node = root.fork()
    node.finish_landing(landing)
    acts = node.settle()
    if not acts:
        return node.phase != E.LOOP
    return any(node.ends_finitely(a, Settled(node.tiles, node.kings)) for a in acts)


@pytest.mark.clause("AMB-25", "LAND-2", "AMB-16")
def test_a_search_reports_only_a_landing_of_the_decisions_own_landing() -> None:
    own = 0  # landings reported
    elsewhere = 0  # choices after which the look-ahead lands elsewhere before any choice
    for seed in range(6):
        for state in berth_decisions(seed):
            work = E.Work(state)
            for choice in work.legal():
                landed: list[Landing] = []
                way = E.Work(state).way_to_an_end(choice, Settled(work.tiles, work.kings), landed)
                root = work.fork()
                root.probing = True
                root.apply(choice)
                root.touched = 0
                root.settle()
                if root.phase == E.LAND and root.touched:
                    elsewhere += 1
                    assert not landed, (choice, state.to_position_code())
                if landed:
                    own += 1
                    assert way != NO_WAY
                    assert root.phase == E.LAND and not root.touched
                    assert landed[0] in set(root.landings()), (choice, state.to_position_code())
                    assert finished_can_end(root, landed[0]), (choice, state.to_position_code())
    assert own > 0
    assert elsewhere > 0  # the case a landing elsewhere must not be taken for this one


@pytest.mark.clause("AMB-25", "LAND-2", "AMB-16")
def test_every_berth_a_found_landing_shares_is_a_choice_that_ends_alone() -> None:
    shared = 0  # berths or returns marked by another choice's landing
    returns = 0  # of them, boats sent home
    for seed in range(6):
        for state in berth_decisions(seed):
            work = E.Work(state)
            acts = work.legal()
            keys = {key_of(a): a for a in acts}
            for choice in acts:
                ending: set[tuple[int, int]] = set()
                found = work._by_a_landing_found(
                    choice, key_of(choice), Settled(work.tiles, work.kings), ending
                )
                landed: list[Landing] = []
                way = work.way_to_an_end(choice, Settled(work.tiles, work.kings), landed)
                assert found == (way != NO_WAY)
                # the choice itself, and each berth and return of the landing its way finishes
                assert ending == (
                    {key_of(choice)}
                    | {berth for berths, _homes in landed for berth in berths}
                    | {(colour, -1) for _berths, homes in landed for colour in homes}
                    if found
                    else set()
                ), (choice, state.to_position_code())
                for key in ending - {key_of(choice)}:
                    assert key in keys, (choice, key, state.to_position_code())
                    assert alone(state, keys[key]), (choice, key, state.to_position_code())
                    shared += 1
                    returns += key[1] == -1
    assert shared > 0
    assert returns > 0


@pytest.mark.clause("AMB-25", "LAND-2", "AMB-16")
def test_berths_are_offered_as_each_would_be_alone() -> None:
    for seed in range(6):
        for state in berth_decisions(seed):
            work = E.Work(state)
            acts = work.legal()
            kept = set(work._landing_choices(acts, Settled(work.tiles, work.kings)))
            for choice in acts:
                assert (choice in kept) == alone(state, choice), (
                    choice,
                    state.to_position_code(),
                )
