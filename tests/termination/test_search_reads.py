"""A step of the look-ahead reads the boats of full beaches and of the islands it marks, only.

The look-ahead's search (AMB-25) marks, as it goes, the islands a way to an
end lands on (``Board.touched``); a way reads the boats of those islands and of
the full beaches, which its groups leave from, and of no other beach. A turn
decision's choices that fill one beach share the ways found for each other on
that ground (``test_moved_boat_ways``), so it must hold step by step: one step
of a look-ahead from a departure or a landing (a departure with the forced
steps after it, or a whole landing), taken on a table whose boats are shuffled
on every beach that is not full, on every island it does not mark (each beach
keeping room), must end in the same phase with the same group, reserve and
choices, the same full beaches, and the same boats on the islands marked. By
induction a whole way then reads only what it marks.
That holds where nothing is blocked yet, as in the searches of a turn
decision: a departure from a position the chain has reached compares every
island's boats.
The steps are those of decisions dense in chains (tight rings, emptied
reserves, royal islands, full beaches, landings) under two flag sets.
"""

from __future__ import annotations

import random
from collections.abc import Iterator

import pytest
from tests.termination.chain_generators import FAMILIES, FLAG_SETS, built_decisions

from tongiaki_rules import DecisionKind, GameState
from tongiaki_rules import _engine as E
from tongiaki_rules._engine.board import LAND, NO_KING


def looking_ahead(state: GameState) -> E.Work:
    """The decision as a position of a turn decision's look-ahead: nothing blocked (the
    chain is empty, as at a turn's choice), the island a group lands on marked."""
    work = E.Work(state)
    work.probing = True
    work.chain = ()
    work.touched = 0
    if work.phase == LAND and work.at is not None:
        work.touched |= 1 << work.where[work.at]
    return work


def shuffled(work: E.Work, keep: int, rng: random.Random) -> E.Work:
    """A copy of ``work`` with new boats on every beach that is not full, on every island
    outside ``keep`` (bits); none of them full."""
    copy = work.fork()
    colours = len(copy.reserve)
    for k, beaches in enumerate(copy.boats):
        if keep >> k & 1 or not beaches or copy.kings[k] != NO_KING:
            continue
        slots = copy.cfg.tiles.slots[copy.tiles[k][1]]
        copy.boats[k] = tuple(
            beach
            if len(beach) >= n
            else tuple(sorted(rng.choices(range(colours), k=rng.randrange(n))))
            for beach, n in zip(beaches, slots, strict=True)
        )
    return copy


def stepped(work: E.Work, step: object) -> tuple[E.Work, list[object]]:
    """One step of the search from ``work``: the step, then what follows without a choice."""
    child = work.fork()
    if isinstance(step, tuple):
        child.finish_landing(step)  # type: ignore[arg-type]
    else:
        child.apply(step)  # type: ignore[arg-type]
    return child, list(child.settle())


def what_follows(child: E.Work, acts: list[object]) -> tuple[object, ...]:
    """Everything of a step's result but the boats of the islands it did not mark."""
    marked = tuple(
        beaches
        for k, beaches in enumerate(child.boats)
        if child.touched == -1 or child.touched >> k & 1
    )
    return (
        child.phase,
        child.group,
        child.at,
        child.served,
        child.entry,
        child.origin,
        tuple(child.reserve),
        child.ended,
        tuple(child.full),
        tuple(child.boats[child.where[pos]][b] for pos, b in child.full),
        child.touched,
        marked,
        tuple(acts),
    )


def search_nodes(seed: int) -> Iterator[E.Work]:
    """Departures and landings of built positions dense in chains, as look-ahead copies."""
    families = ("tight-empty", "tight-full", "full-beaches", "landing", "royal", "rings")
    for family in families:
        for flags in ("infinite-only", "default"):
            for state in built_decisions(FAMILIES[family], seed, FLAG_SETS[flags], after=10):
                if state.pending.kind in (DecisionKind.DEPARTURE, DecisionKind.BERTH):
                    yield looking_ahead(state)


@pytest.mark.clause("AMB-25")
@pytest.mark.parametrize("seed", range(3))
def test_a_step_reads_only_the_islands_it_marks(seed: int) -> None:
    rng = random.Random(seed)
    steps = 0
    for work in search_nodes(seed):
        acts = work.legal()
        for step in work.landings() if work.phase == LAND else acts:
            child, after = stepped(work, step)
            keep = child.touched
            if keep == -1:
                continue  # an island removed: every island counts as read
            for _ in range(2):
                other, other_after = stepped(shuffled(work, keep, rng), step)
                assert what_follows(other, other_after) == what_follows(child, after), step
            steps += 1
    assert steps > 0
