"""Moves of a boat of the table to one beach share the ways to an end found for each other.

With an empty reserve, a turn decision offers a move of each of the player's
boats on the table to each beach with room (EMPTYRESERVE-1/2). The moves that
fill one beach leave the same table but for the island each boat left, so a
way from one of them to the end of the turn, found by the look-ahead's search,
is a way from another too when it reads neither island's boats
(``FiniteChoices._by_a_way_found``, AMB-25); and the certificate that
the filled beach can sail and end the turn is shared by the moves whose boat
leaves an island none of its exits leads to. Here every move's answer
at a turn decision, with the ways shared, must equal its answer worked out
alone: on tight rings with emptied reserves (where some moves to a beach can
end the turn and others cannot, so a way shared wrongly would offer one), and
on scheming two-player games. Expansions from the reserve that fill the same
beaches (one or several) with the same groups share ways the same way, when
the way never lands on the island expanded.
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from tests.termination.chain_generators import FAMILIES, FLAG_SETS, built_decisions
from tests.termination.pure_build import pure_build_only
from tests.termination.test_every_turn_ends import random_game
from tests.termination.test_finite_choices import decisions

from tongiaki_rules import DecisionKind, Expand, ExpandFromBoard, GameState, PlaceNewBoats, new_game
from tongiaki_rules import _engine as E
from tongiaki_rules._engine.finite import NO_WAY, Settled


def alone(state: GameState, move: ExpandFromBoard) -> bool:
    """Can the turn end after ``move``, worked out with nothing shared with other moves?"""
    work = E.Work(state)
    i = work.where[move.island]
    b = move.beach
    group = tuple(sorted((*work.boats[i][b], work.agent)))
    return (
        work.free(i, b) > 1
        or work.beach_draws(i, b, group)
        or work._filled_beach_ends(i, (b,), b, move)
        or work.ends_finitely(move, Settled(work.tiles, work.kings))
    )


def moves_decisions(seed: int) -> Iterator[GameState]:
    """Turn decisions with two or more moves of a boat of the table."""
    sources = [
        built_decisions(FAMILIES["tight-empty"], seed, FLAG_SETS["infinite-only"]),
        built_decisions(FAMILIES["tight-empty"], seed, FLAG_SETS["default"]),
        decisions(new_game(2), seed),
    ]
    for source in sources:
        for state in source:
            if state.pending.kind is not DecisionKind.TURN:
                continue
            moves = [a for a in state.legal_actions() if isinstance(a, ExpandFromBoard)]
            if len(moves) > 1:
                yield state


@pytest.mark.clause("AMB-25", "EMPTYRESERVE-1")
def test_moves_to_one_beach_are_offered_as_each_would_be_alone() -> None:
    mixed = 0  # decisions where some moves to a beach can end the turn and others cannot
    for seed in (11, 12, 16, 22):
        for state in moves_decisions(seed):
            work = E.Work(state)
            acts = work.legal()
            kept = set(work._turn_choices(acts, Settled(work.tiles, work.kings)))
            answers: dict[tuple[object, int], set[bool]] = {}
            for a in acts:
                if isinstance(a, ExpandFromBoard):
                    ok = alone(state, a)
                    assert (a in kept) == ok, (a, state.to_json())
                    answers.setdefault((a.island, a.beach), set()).add(ok)
            mixed += any(len(found) == 2 for found in answers.values())
    assert mixed > 0  # the case a way shared with the wrong move would get wrong


def moves_to_one_beach(state: GameState) -> list[ExpandFromBoard] | None:
    """Three moves from three islands to one beach they fill, if the decision has them."""
    work = E.Work(state)
    by_beach: dict[tuple[object, int], dict[int, ExpandFromBoard]] = {}
    for a in work.legal():
        if isinstance(a, ExpandFromBoard) and work.free(work.where[a.island], a.beach) == 1:
            target = work.where[a.island]
            source = work.where[a.source]
            if source != target:
                by_beach.setdefault((a.island, a.beach), {}).setdefault(source, a)
    for moves in by_beach.values():
        if len(moves) >= 3:
            return list(moves.values())[:3]
    return None


def searched_in_turn(
    monkeypatch: pytest.MonkeyPatch,
    state: GameState,
    choices: list[ExpandFromBoard] | list[Expand],
    lands_on: dict[object, int],
) -> list[object]:
    """The choices the turn decision searches, in order, when no certificate settles one and
    the search (replaced) finds for each a way that lands on the islands ``lands_on`` says."""
    searched: list[object] = []

    def search(self: E.Work, choice: object, known: Settled | None = None) -> int:
        searched.append(choice)
        return lands_on[choice]

    monkeypatch.setattr(E.Work, "way_to_an_end", search)
    monkeypatch.setattr(E.Work, "_boats_placed_end", lambda *_args: False)
    monkeypatch.setattr(E.Work, "_filled_beach_ends", lambda *_args: False)
    monkeypatch.setattr(E.Work, "beach_draws", lambda *_args: False)
    work = E.Work(state)
    offered = list(work._turn_choices(list(choices), Settled(work.tiles, work.kings)))
    assert offered == choices  # every search found a way
    return searched


@pure_build_only
@pytest.mark.clause("AMB-25", "EMPTYRESERVE-1")
def test_a_way_serves_only_the_moves_from_islands_it_does_not_land_on(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The bookkeeping alone, with the search replaced by one whose ways land where we say."""
    state, (first, second, third) = next(
        (state, moves)
        for seed in range(20)
        for state in moves_decisions(seed)
        if (moves := moves_to_one_beach(state)) is not None
    )
    work = E.Work(state)
    source = {m: work.where[m.source] for m in (first, second, third)}
    lands_on: dict[object, int] = {
        first: 1 << source[second],  # lands on the second move's island, not on its own
        second: 1 << source[second],  # lands on its own island: no use to another move
        third: 0,
    }
    # the second is searched and its way not kept; the first's way is kept, lands on the
    # second's island (searched again) and serves the third
    moves = [second, first, second, third]
    assert searched_in_turn(monkeypatch, state, moves, lands_on) == [second, first, second]


def expansions_filling_one_beach(state: GameState) -> list[Expand] | None:
    """Two expansions from the reserve that fill one beach with the same group, if the
    decision has them (their other boats go to other beaches)."""
    work = E.Work(state)
    by_fill: dict[tuple[int, tuple[int, ...]], list[Expand]] = {}
    for a in work.legal():
        if not isinstance(a, Expand):
            continue
        i = work.where[a.island]
        slots = work.cfg.tiles.slots[work.tiles[i][1]]
        beaches = work.boats[i]
        filled = [b for b in set(a.beaches) if len(beaches[b]) + a.beaches.count(b) >= slots[b]]
        if len(filled) == 1 and len(a.beaches) == 2 and len(set(a.beaches)) == 2:
            b = filled[0]
            group = tuple(sorted((*beaches[b], work.agent)))
            by_fill.setdefault((i * 8 + b, group), []).append(a)
    for expansions in by_fill.values():
        if len(expansions) >= 2:
            return expansions[:2]
    return None


@pure_build_only
@pytest.mark.clause("AMB-25", "EXPAND-4")
def test_a_way_that_lands_on_the_island_expanded_serves_no_other_expansion(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Expansions that fill one beach differ in the island expanded itself: a way to an end
    serves another only if it never lands there. The search is replaced by one whose ways
    land where we say."""
    state, (first, second) = next(
        (state, found)
        for seed in range(20)
        for state in decisions(new_game(4), seed)
        if state.pending.kind is DecisionKind.TURN
        and (found := expansions_filling_one_beach(state)) is not None
    )
    island = E.Work(state).where[first.island]
    lands_on: dict[object, int] = {first: 1 << island, second: 0}
    # the first's way lands on the island expanded: not kept; the second's serves the first
    expansions = [first, second, first]
    assert searched_in_turn(monkeypatch, state, expansions, lands_on) == [first, second]


def filled_by(work: E.Work, choice: Expand | PlaceNewBoats) -> tuple[int, ...]:
    """The beaches ``choice`` fills, ascending, with the groups they hold then, flattened
    as ``(beach, colour, colour, ..., -1, beach, ...)``."""
    i = work.where[choice.island]
    slots = work.cfg.tiles.slots[work.tiles[i][1]]
    beaches = work.boats[i]
    key: list[int] = []
    for b in sorted(set(choice.beaches)):
        n = choice.beaches.count(b)
        if len(beaches[b]) + n >= slots[b]:
            key += [b, *sorted((*beaches[b], *[work.agent] * n)), -1]
    return tuple(key)


def several_filled_decisions(seed: int) -> Iterator[GameState]:
    """Turn decisions of scheming 4-player games and of games with sampled flags."""
    for source in (decisions(new_game(4), seed), decisions(random_game(seed), seed)):
        for state in source:
            if state.pending.kind is DecisionKind.TURN:
                yield state


@pytest.mark.clause("AMB-25", "EXPAND-7")
def test_expansions_filling_several_beaches_are_offered_as_each_would_be_alone() -> None:
    """Expansions that fill the same two or more beaches with the same groups share the ways
    to an end found for each other; each must be offered exactly when it would be alone."""
    shareable = 0  # two such expansions searched, one of whose ways avoids the island
    for seed in range(12):
        for state in several_filled_decisions(seed):
            work = E.Work(state)
            acts = work.legal()
            kept = set(work._turn_choices(acts, Settled(work.tiles, work.kings)))
            ways: dict[tuple[object, tuple[int, ...]], list[int]] = {}
            for a in acts:
                if not isinstance(a, Expand | PlaceNewBoats):
                    continue
                alone = E.Work(state)
                i = alone.where[a.island]
                certain = alone._boats_placed_end(i, a.beaches)
                way = NO_WAY if certain else alone.way_to_an_end(a, Settled(work.tiles, work.kings))
                assert (a in kept) == (certain or way != NO_WAY), (a, state.to_position_code())
                key = filled_by(work, a)
                if not certain and key.count(-1) >= 2:
                    ways.setdefault((a.island, key), []).append(way)
            for (island, _key), found in ways.items():
                i = work.where[island]
                if len(found) >= 2 and any(w != NO_WAY and not w >> i & 1 for w in found):
                    shareable += 1
    assert shareable > 0  # the case the sharing serves, and must not get wrong


@pure_build_only
@pytest.mark.clause("AMB-25", "EXPAND-7")
def test_a_way_serves_only_expansions_that_fill_the_same_beaches_alike(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Two expansions that fill the same two beaches with the same groups share a way that
    avoids the island expanded; an expansion that fills only one of those beaches, or a way
    that lands on the island, shares none. The search is replaced by one whose ways land
    where we say."""
    found = None
    for seed in range(40):
        for state in several_filled_decisions(seed):
            work = E.Work(state)
            by_fill: dict[tuple[object, tuple[int, ...]], list[Expand]] = {}
            for a in work.legal():
                if isinstance(a, Expand) and filled_by(work, a):
                    by_fill.setdefault((a.island, filled_by(work, a)), []).append(a)
            for (island, key), group in by_fill.items():
                if len(group) < 2 or key.count(-1) < 2:
                    continue
                first_beach = key[: key.index(-1) + 1]  # the lowest beach filled, alone
                alone = by_fill.get((island, first_beach))
                if alone:
                    found = (state, group[0], group[1], alone[0])
                    break
            if found is not None:
                break
        if found is not None:
            break
    assert found is not None
    state, first, second, other = found
    island = E.Work(state).where[first.island]
    lands_on: dict[object, int] = {first: 1 << island, second: 0, other: 0}
    # the first's way lands on the island expanded: not kept; the second's serves the first,
    # but not an expansion that fills only one of those beaches
    expansions = [first, second, first, other]
    assert searched_in_turn(monkeypatch, state, expansions, lands_on) == [first, second, other]
