"""The choices offered are exactly those after which the turn can still end (AMB-25).

Two searches back the rule of :mod:`tongiaki_rules._engine.finite`:

- The engine answers most choices with cheap certificates and the rest with a
  memoised search. Here every raw choice of every decision of random games
  (every flag sampled, custom tile sets with one-slot beaches and rings of
  ocean tiles) is asked of the search alone, and the lists must agree.
- A choice refused, or a chain left to ``endless_chain``, must be one that no
  sequence of the player's choices could have ended. A plain depth-first
  search over every sequence of choices (a path, with no memory between
  branches) confirms each "no" the engine gives, within a budget.
"""

from __future__ import annotations

import random
from collections.abc import Iterator

import attrs
import pytest
from tests.termination.test_every_turn_ends import _seated, random_game

from tongiaki_rules import (
    STANDARD_TILES,
    Berth,
    DecisionKind,
    Depart,
    Expand,
    GameState,
    InvalidPositionError,
    Rules,
    position,
)
from tongiaki_rules import _engine as E
from tongiaki_rules.actions import Action
from tongiaki_rules.fuzzing import sample_settings, sample_tile_set


def scheming(state: GameState, rng: random.Random) -> Action:
    """A player who keeps chains going: fills beaches and sails where no tile is drawn."""
    acts = state.legal_actions()
    w = E.Work(state)
    keen: list[Action] = []
    for a in acts:
        if isinstance(a, Berth) and state.at_ is not None:
            i = w.where[state.at_]
            if w.free(i, a.beach) == 1:
                keen.append(a)
        elif isinstance(a, Depart):
            i = w.where[a.island]
            if w.route(i, a.jetty, w.boats[i][a.beach]) >= 0:
                keen.append(a)
        elif isinstance(a, Expand) and any(w.free(w.where[a.island], b) == 1 for b in a.beaches):
            keen.append(a)
    return rng.choice(keen if keen and rng.random() < 0.85 else acts)


REFUSALS: list[int] = []
"""Choices refused per game of the tests below (a worker's share under xdist)."""


def decisions(state: GameState, seed: int) -> Iterator[GameState]:
    """Every decision after setup of a game between scheming players."""
    rng = random.Random(seed)
    while not state.is_terminal:
        state = state.resolve_chance(rng)
        if state.is_terminal:
            return
        if state.phase_ != E.SETUP:
            yield state
        state = state.apply(scheming(state, rng))


def by_search_alone(state: GameState) -> tuple[list[Action], list[bool]]:
    """The raw choices of ``state`` and, for each, the exact search's answer."""
    raw = E.Work(state).legal()
    return raw, [E.Work(state).ends_finitely(a) for a in raw]


def ends_along_some_path(state: GameState, action: Action, budget: list[int]) -> bool | None:
    """Plain DFS over every sequence of choices after ``action``; None if the budget ran out.

    Independent of the engine's certificates and of its look-ahead: it follows
    the rules' transitions only, keeps the departure positions of its own path
    (beside those the chain reached before the decision), and a path ends at a
    draw, the end of the turn or of the game, or (a dead end) where it would
    depart again from a position already reached.
    """
    reached = frozenset(entry[0] for entry in state.chain_)

    def step(node: E.Work, a: Action, seen: frozenset[object]) -> frozenset[object] | None:
        if isinstance(a, Depart) and not node.is_closed(
            node.where[a.island], node.boats[node.where[a.island]][a.beach]
        ):  # a closed island is removed, whatever the chain reached (CLOSED-1)
            boats = tuple(node.boats)
            if boats in seen:
                return None  # a return: this path cannot end without one
            seen = seen | {boats}
        node.apply(a)
        return seen

    def go(node: E.Work, seen: frozenset[object]) -> bool | None:
        budget[0] -= 1
        if budget[0] < 0:
            return None
        while True:  # forced steps, as the look-ahead settles them
            acts = plain_settle_once(node)
            if acts is None:
                return node.phase != E.LOOP
            if len(acts) == 1 and node.phase in (E.DEPART, E.LAND, E.PLACE):
                after = step(node, acts[0], seen)
                if after is None:
                    return False
                seen = after
                continue
            break
        unknown = False
        for a in acts:
            nxt = E.Work(node)
            after = step(nxt, a, seen)
            if after is None:
                continue
            found = go(nxt, after)
            if found:
                return True
            unknown = unknown or found is None
        return None if unknown else False

    first = E.Work(state)
    seen = step(first, action, reached)
    if seen is None:
        return False
    return go(first, seen)


def plain_settle_once(node: E.Work) -> list[Action] | None:
    """Resolve the steps that need no choice at all; the choices next, or None at an end."""
    while True:
        phase = node.phase
        if phase in (E.DRAW, E.OVER, E.LOOP, E.TURN, E.SETUP):
            return None
        if phase == E.LAND and node.land_forced():
            continue
        acts = node.legal()
        if not acts:
            if phase == E.LAND:
                node.lose_group("no free slot")
                node.after_landing()
                continue
            node.phase = E.OVER
            return None
        return acts


def check(state: GameState, confirm_every: int = 3) -> int:
    """Compare the offered list with the search alone, and confirm answers independently.

    Every "no" is confirmed by the plain search (no path it finds may end);
    the "yes" answers of every ``confirm_every``-th decision too (a path must
    end, where the budget lets it look). Returns the number of refusals.
    """
    raw, finite = by_search_alone(state)
    expected = [a for a, ok in zip(raw, finite, strict=True) if ok] or raw
    assert list(state.legal_actions()) == expected, repr(state)
    CHECKED[0] += 1
    refused = 0
    for a, ok in zip(raw, finite, strict=True):
        if not ok:
            refused += 1
            assert ends_along_some_path(state, a, [3000]) is not True, (state, a)
        elif CHECKED[0] % confirm_every == 0:
            assert ends_along_some_path(state, a, [3000]) is not False, (state, a)
    return refused


CHECKED = [0]


@pytest.mark.clause("AMB-25", "CLOSED-2", "CLOSED-3", "AMB-10")
@pytest.mark.parametrize("seed", range(12))
def test_random_games_offer_exactly_the_choices_that_can_end(seed: int) -> None:
    refused = sum(check(state) for state in decisions(random_game(seed), seed))
    REFUSALS.append(refused)


@pytest.mark.clause("AMB-25", "CLOSED-2", "CLOSED-3", "AMB-10")
@pytest.mark.parametrize("seed", range(16))
def test_generated_tile_sets_offer_exactly_the_choices_that_can_end(seed: int) -> None:
    settings = sample_settings(random.Random(f"finite-{seed}"))
    settings = attrs.evolve(settings, tiles=sample_tile_set(random.Random(f"finite-tiles-{seed}")))
    settings = _seated(settings)
    refused = sum(check(state) for state in decisions(settings.new_game(), seed))
    REFUSALS.append(refused)


# ------------------------------------------------------------ crowded built positions

ISLANDS = ("muroroa", "nauru", "tubuai", "rarotonga", "hiva-oa", "tahiti", "tuvalu", "hawaii")
OCEANS = ("ocean-p", "ocean-o", "ocean-k", "ocean-h")
"""Ocean tiles with routes any group can pass (no number on at least two of them)."""


def crowded_position(seed: int) -> GameState | None:
    """Islands packed round Tonga, jetties facing each other, beaches one boat short of full."""
    rng = random.Random(f"crowded-{seed}")
    ring = [(0, -1), (1, -1), (1, 0), (0, 1), (-1, 1), (-1, 0)]
    outer = [(0, -2), (1, -2), (2, -2), (2, -1), (2, 0), (1, 1), (0, 2), (-1, 2), (-2, 2)]
    cells = rng.sample(ring, rng.randint(2, 4)) + rng.sample(outer, rng.randint(0, 3))
    names = rng.sample(ISLANDS, len(cells))
    tiles: list[tuple[tuple[int, int], str, int]] = []
    for cell, name in zip(cells, names, strict=True):
        kind = name if rng.random() < 0.75 else rng.choice(OCEANS)
        tiles.append((cell, kind, rng.randrange(6)))
    players = rng.randint(2, 4)
    letters = "BRGY"[:players]
    boats: dict[tuple[tuple[int, int], int], str] = {}
    kings: dict[tuple[int, int], str] = {}
    slots = {t.id: [b.slots for b in t.beaches] for t in STANDARD_TILES.pile if t.is_island}
    for cell, kind, _rot in tiles:
        if kind not in slots:
            continue
        if rng.random() < 0.15:
            kings[cell] = rng.choice(letters)
            continue
        for b, n in enumerate(slots[kind]):
            k = rng.choice([0, n - 1, n - 1, rng.randrange(n)])
            if k:
                boats[cell, b] = "".join(rng.choice(letters[:2]) for _ in range(k))
    boats[(0, 0), rng.randrange(6)] = "".join(rng.choice(letters) for _ in range(2))
    rules = Rules(
        closed_route_force_other_exit=rng.random() < 0.6,
        bounce_counts_as_closed_route=rng.random() < 0.5,
        closed_route_mode=rng.choice(["geometric", "infinite_only"]),
        royal_bounce_target=rng.choice(["expedition_origin", "turn_origin"]),
    )
    try:
        return position(players, tiles=tiles, boats=boats, kings=kings, to_move=0, rules=rules)
    except InvalidPositionError:
        return None


def every_decision_of_the_turn(start: GameState, budget: int = 300) -> Iterator[GameState]:
    """Every decision reachable from ``start`` before a draw or the turn's end (breadth first)."""
    seen = {start}
    queue = [start]
    while queue and budget > 0:
        state = queue.pop(0)
        budget -= 1
        if state.is_terminal or state.is_chance_node:
            continue
        if state is not start and state.pending.kind is DecisionKind.TURN:
            continue
        yield state
        for a in state.legal_actions():
            nxt = state.apply(a)
            if nxt not in seen:
                seen.add(nxt)
                queue.append(nxt)


@pytest.mark.clause("AMB-25", "AMB-10", "CLOSED-2", "CLOSED-3", "LAND-2", "ROYAL-7")
def test_crowded_built_positions_offer_exactly_the_choices_that_can_end() -> None:
    refused = 0
    built = 0
    for seed in range(150):
        start = crowded_position(seed)
        if start is None:
            continue
        built += 1
        for state in every_decision_of_the_turn(start):
            refused += check(state)
    assert built >= 50
    assert refused >= 20  # the positions are crowded enough for the rule to bite
