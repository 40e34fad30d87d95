"""One copy of the rules: the reason for a refusal is the generator's own term (issue 37).

``GameState.refusal`` (and ``apply``'s error) names the rule an action
breaks with :mod:`tongiaki_rules._engine.refusals`, whose checks read each
decision with the legal-move generators' own helpers. Both ways, on 1,000
positions of seeded games under several rule sets:

- every legal action meets every check (a check that refused one would
  contradict the generator);
- every action of the pending decision's kind that is not legal is refused
  by a named rule, never by the catch-all "not among the legal choices".
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from itertools import combinations

import pytest

from tongiaki_rules import (
    Berth,
    Colour,
    Depart,
    Expand,
    ExpandFromBoard,
    FoundRoyal,
    GameState,
    IllegalActionError,
    PlaceNewBoats,
    PlaceTile,
    Recolonize,
    ReturnBoat,
    Rules,
    SetupPlace,
    new_game,
)
from tongiaki_rules._engine import Work
from tongiaki_rules._engine.refusals import rule_check
from tongiaki_rules._explain import explain
from tongiaki_rules.actions import Action
from tongiaki_rules.views import Phase

RULE_SETS = (
    Rules(),
    Rules(expand_allow_fewer=True, setup_distinct_beaches=True),
    Rules(closed_route_force_other_exit=False, empty_reserve_source="other_island_only"),
    Rules(recolonize_requires_adjacency=False, royal_owner_may_land=True),
    Rules(variant_rody=True, noboats_tonga_one_per_beach=True),
)
POSITIONS = 1_000
CATCH_ALL = "is not among the legal choices"


def _positions() -> Iterator[GameState]:
    """Every third decision of seeded random games, 2 to 6 players, under each rule set."""
    found = 0
    seed = 0
    while found < POSITIONS:
        rules = RULE_SETS[seed % len(RULE_SETS)]
        rng = random.Random(seed)
        state = new_game(2 + seed % 5, rules)
        step = 0
        while not state.is_terminal and found < POSITIONS:
            if state.is_chance_node:
                outcomes = state.chance_outcomes()
                state = state.apply(rng.choices(*zip(*outcomes, strict=True))[0])
                continue
            if step % 3 == 0:
                found += 1
                yield state
            state = state.apply(rng.choice(state.legal_actions()))
            step += 1
        seed += 1


def _candidates(state: GameState) -> Iterator[Action]:
    """Actions of the pending decision's kind: the legal ones and many near them."""
    view = state.compact
    islands = [pos for pos, t, _r in view.tiles if state.config.tiles.is_island[t]]
    colours = list(state.colours)
    phase = view.phase
    yield from state.legal_actions()
    if phase == Phase.SETUP:
        yield from (SetupPlace(b) for b in range(8))
    elif phase == Phase.TURN:
        yield Recolonize()
        for pos in [*islands, (9, 9)]:
            yield FoundRoyal(pos)
            for k in (1, 2, 3):
                yield from (Expand(pos, combo) for combo in combinations(range(6), k))
            yield from (PlaceNewBoats(pos, (b,)) for b in range(6))
            yield from (PlaceNewBoats(pos, pair) for pair in [(0, 1), (0, 0), (2, 5)])
            for source in islands[:3]:
                yield from (ExpandFromBoard(pos, b, source, sb) for b in (0, 2) for sb in (0, 1))
    elif phase == Phase.DEPART:
        for pos in islands:
            yield from (Depart(pos, b, j) for b in range(6) for j in range(6))
    elif phase == Phase.LAND:
        for colour in colours:
            yield ReturnBoat(colour)
            yield from (Berth(colour, b) for b in range(7))
    elif phase == Phase.PLACE:
        at = view.at if view.at is not None else (0, 0)
        for dq in (-2, -1, 0, 1, 3):
            yield from (PlaceTile((at[0] + dq, at[1] - dq), r) for r in (0, 5))


def _check(state: GameState, sample: int | None) -> tuple[int, int]:
    """Check every legal action and ``sample`` of the others (all of them if ``None``)."""
    legal = set(state.legal_actions())
    work = Work(state)
    accepted = refused = 0
    others = [a for a in dict.fromkeys(_candidates(state)) if a not in legal]
    if sample is not None and len(others) > sample:
        others = random.Random(state.to_position_code()).sample(others, sample)
    for action in [*legal, *others]:
        refusal = state.refusal(action)
        if action in legal:
            assert refusal is None, (state.to_position_code(), action)
            assert rule_check(work, action) is None, (state.to_position_code(), action)
            accepted += 1
            continue
        assert isinstance(refusal, IllegalActionError), (state.to_position_code(), action)
        assert refusal.clause is not None
        assert CATCH_ALL not in refusal.reason, (state.to_position_code(), action, refusal)
        assert explain(state, action) == (refusal.reason, refusal.clause)
        refused += 1
    return accepted, refused


@pytest.mark.parametrize(
    ("sample", "at_least"),
    [
        pytest.param(12, 10_000, id="twelve-near-actions-a-position"),
        pytest.param(None, 200_000, id="every-near-action", marks=pytest.mark.slow),
    ],
)
def test_refusals_agree_with_the_generators_both_ways(sample: int | None, at_least: int) -> None:
    """On 1,000 positions: legal actions pass every check, the others break a named rule."""
    accepted = refused = 0
    kinds: set[int] = set()
    for state in _positions():
        kinds.add(state.compact.phase)
        a, r = _check(state, sample)
        accepted += a
        refused += r
    assert kinds >= {Phase.SETUP, Phase.TURN, Phase.DEPART, Phase.LAND}
    assert accepted > 5_000 and refused > at_least, (accepted, refused)


@pytest.mark.parametrize(
    ("action", "clause"),
    [
        (SetupPlace(9), "SETUP-4"),
        (Berth(Colour.BLUE, 0), "SETUP-4"),
    ],
)
def test_a_refusal_names_the_clause_and_changes_nothing(action: Action, clause: str) -> None:
    """CLAUSE: SETUP-4. ``refusal`` is the error ``apply`` raises, without raising it."""
    state = new_game(2)
    before = state.to_position_code()
    refusal = state.refusal(action)
    assert refusal is not None and refusal.clause == clause
    with pytest.raises(IllegalActionError) as raised:
        state.apply(action)
    assert str(raised.value) == str(refusal)
    assert state.to_position_code() == before
    assert state.refusal(state.legal_actions()[0]) is None


@pytest.mark.parametrize(
    "thing",
    [None, "setup 0", 0, True, 1.5, float("nan"), object(), (SetupPlace, 0), [SetupPlace(0)]],
)
def test_refusal_of_what_is_not_an_action_says_so_and_changes_nothing(thing: object) -> None:
    """Hostile input: anything at all gets an IllegalActionError back, never raised."""
    state = new_game(3)
    before = state.to_position_code()
    refused = state.refusal(thing)
    assert isinstance(refused, IllegalActionError)
    assert "action must be one of the action classes" in refused.reason
    assert state.to_position_code() == before
    assert state.legal_actions()  # the state still answers
