"""Hypothesis properties of the state/action contract over reachable states.

States come from :func:`tongiaki_rules.testing.reachable_states`: random
prefixes of random games. Each property runs a few dozen examples so the
whole file stays within a few seconds.
"""

from __future__ import annotations

import copy
import pickle
import random
import re
from collections import Counter
from typing import Any

import attrs
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tongiaki_rules import (
    ORIGIN,
    Action,
    Berth,
    ClosedRouteMode,
    Colour,
    DecisionKind,
    Depart,
    Draw,
    EndTrigger,
    Expand,
    ExpandFromBoard,
    FoundRoyal,
    GameState,
    IllegalActionError,
    PlaceNewBoats,
    PlaceTile,
    Recolonize,
    ReturnBoat,
    RodyFreeScope,
    Rules,
    SetupPlace,
    new_game,
)
from tongiaki_rules.hexgrid import neighbour
from tongiaki_rules.testing import check_invariants, random_playout, reachable_states

FEW = settings(max_examples=100, deadline=None, suppress_health_check=[HealthCheck.too_slow])
SOME = settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])

VARIANTS: dict[str, Rules] = {
    "failure_ends_turn": Rules(failure_ends_turn=True),
    "rody": Rules(variant_rody=True),
    "rody_position_and_rotation": Rules(
        variant_rody=True, rody_free_scope=RodyFreeScope.POSITION_AND_ROTATION
    ),
    "two_player_double_colour": Rules(variant_two_player_double_colour=True),
    "infinite_only": Rules(closed_route_mode=ClosedRouteMode.INFINITE_ONLY),
    "sixteen_on_table": Rules(end_trigger=EndTrigger.SIXTEEN_ON_TABLE),
    "recolonize_out_of_game": Rules(recolonize_removed_to_reserve=False),
    "recolonize_loses_royal": Rules(recolonize_keeps_royal=False),
    "royal_owner_may_land": Rules(royal_owner_may_land=True),
    "forced_colonize_ends_turn": Rules(closed_forced_colonize_ends_turn_immediately=True),
    "expand_allow_fewer": Rules(expand_allow_fewer=True),
    "many_flags": Rules(
        royal_bounce_target="turn_origin",
        bounce_counts_as_closed_route=False,
        last_ocean_group_fate="may_reach_existing_island",
        end_turn_continue_chain=False,
        end_recolonize_completes=False,
        noboats_ignores_royal=False,
        noboats_single_excludes_tonga=True,
        noboats_tonga_one_per_beach=True,
        closed_route_force_other_exit=False,
        setup_distinct_beaches=True,
        tiebreak_islands_include_tonga=False,
        empty_reserve_source="other_island_only",
    ),
}

RODY_FREE = Rules(variant_rody=True, rody_free_scope=RodyFreeScope.POSITION_AND_ROTATION)

STATES = st.one_of(
    reachable_states(),
    reachable_states(until=DecisionKind.DRAW),
    reachable_states(until=DecisionKind.DEPARTURE),
    reachable_states(until=DecisionKind.BERTH),
    reachable_states(rules=RODY_FREE, until=DecisionKind.PLACE_TILE),
)
"""Reachable states, with extra weight on the rarer decisions."""

CLAUSE_ID = re.compile(r"^[A-Z0-9]+(-[A-Z0-9]+)+$")


# --------------------------------------------------------------------- helpers
def snapshot(state: GameState) -> tuple[Any, ...]:
    """Everything observable about a state, copied, to compare before/after."""
    fields = tuple(getattr(state, f.name) for f in attrs.fields(GameState) if f.eq)
    return (
        fields,
        hash(state),
        repr(state),
        dict(state.where_()),
        sorted(state.full_()),
        list(state.legal_actions()),
        state.chance_outcomes(),
        state.pending,
        state.scores(),
        state.islands,
    )


def moves(state: GameState) -> list[Action]:
    """The legal decisions, or the possible draws at a chance node."""
    if state.is_chance_node:
        return [draw for draw, _p in state.chance_outcomes()]
    return list(state.legal_actions())


def fresh_copy(state: GameState) -> GameState:
    """An equal state with no cached derived data (legal actions recomputed from scratch)."""
    return attrs.evolve(state, _full=None, _where=None, _legal=None)


def mutations(state: GameState, other: GameState) -> list[object]:
    """Candidate actions that are very likely illegal in ``state``."""
    ts = state.config.tiles
    colours = state.colours
    group = set(state.group_)
    candidates: list[object] = [
        SetupPlace(99),
        SetupPlace(-1),
        FoundRoyal(ORIGIN),  # Tonga is never royal (ROYAL-2)
        Expand(ORIGIN, (0, 0)),
        Expand((99, 99), (0,)),
        ExpandFromBoard((99, 99), 0, ORIGIN, 0),
        PlaceNewBoats((99, 99), (0,)),
        Depart((99, 99), 0, 0),
        PlaceTile(ORIGIN, 0),
        PlaceTile((1, 0), 6),
        Draw("atlantis"),
        Recolonize(),
        None,
        "Expand",
        *moves(other),
    ]
    pile = set(state.pile_)
    candidates += [ts.draws[t] for t in range(len(ts.kinds)) if t not in pile]
    for c in colours:
        if c not in group:
            candidates += [Berth(c, 0), Berth(c, 1), ReturnBoat(c)]
    for pos, _t, _r in state.tiles_:
        candidates += [PlaceTile(pos, 0), Depart(pos, 0, 0)]
    for action in state.legal_actions():
        if isinstance(action, Berth):
            candidates += [Berth(action.colour, action.beach + 7), Berth(Colour.PURPLE, 0)]
        elif isinstance(action, Depart):
            candidates += [
                Depart(action.island, action.beach, (action.jetty + k) % 6) for k in (1, 3)
            ]
            candidates.append(Depart(action.island, action.beach + 5, action.jetty))
        elif isinstance(action, Expand):
            candidates += [
                Expand(action.island, (*action.beaches, 9)),
                Expand(action.island, action.beaches[::-1]),
            ]
        elif isinstance(action, PlaceTile):
            candidates.append(PlaceTile(action.position, action.rotation + 6))
    return candidates


# ------------------------------------------------------------------ properties
@FEW
@given(STATES)
def test_apply_is_pure_deterministic_and_every_legal_action_applies(state: GameState) -> None:
    check_invariants(state)
    before = snapshot(state)
    twin = fresh_copy(state)
    assert twin == state and hash(twin) == hash(state)
    assert twin.legal_actions() == state.legal_actions()  # cached list == fresh computation
    for action in moves(state):
        after = state.apply(action)
        # (no "progress" assertion: a departure whose routes lead straight back may
        # legally return to an identical position, see AMB-25)
        again = state.apply(action)
        assert again == after and hash(again) == hash(after)
        assert twin.apply(action) == after
        assert snapshot(state) == before
        check_invariants(after)
    assert snapshot(state) == before


@FEW
@given(STATES, STATES)
def test_illegal_actions_raise_and_leave_the_state_unchanged(
    state: GameState, other: GameState
) -> None:
    before = snapshot(state)
    legal = set(moves(state))
    rejected = 0
    for action in mutations(state, other):
        if action in legal:
            continue
        with pytest.raises(IllegalActionError) as excinfo:
            state.apply(action)  # type: ignore[arg-type]
        error = excinfo.value
        assert isinstance(error, ValueError)
        assert error.clause is None or CLAUSE_ID.match(error.clause), error.clause
        assert (error.clause is None) == (not attrs.has(type(action)))
        rejected += 1
        assert snapshot(state) == before
    assert rejected > 0


def _first_state(kind: DecisionKind) -> GameState:
    states = random_playout(new_game(3, RODY_FREE), random.Random(1))
    return next(s for s in states if s.pending.kind is kind)


def _floats(value: Any) -> Any:
    if isinstance(value, tuple):
        return tuple(float(x) for x in value)
    return float(value)


def _int_tiles(state: GameState) -> bool:
    return all(
        type(q) is int and type(r) is int and type(rot) is int for (q, r), _t, rot in state.tiles_
    )


@pytest.mark.parametrize(
    ("kind", "mutate"),
    [
        pytest.param(
            DecisionKind.PLACE_TILE,
            lambda a: PlaceTile([0, 0], 0),
            id="unhashable-position",
        ),
        pytest.param(DecisionKind.DRAW, lambda a: Draw(["x"]), id="unhashable-tile"),
        pytest.param(
            DecisionKind.SETUP,
            lambda a: SetupPlace(_floats(a.beach)),
            id="float-setup-beach",
        ),
        pytest.param(
            DecisionKind.TURN,
            lambda a: Expand(a.island, _floats(a.beaches)),
            id="float-expand-beaches",
        ),
        pytest.param(
            DecisionKind.DEPARTURE,
            lambda a: attrs.evolve(a, jetty=float(a.jetty)),
            id="float-depart-jetty",
        ),
        pytest.param(
            DecisionKind.BERTH,
            lambda a: attrs.evolve(a, beach=float(a.beach)),
            id="float-berth-beach",
        ),
        pytest.param(
            DecisionKind.PLACE_TILE,
            lambda a: attrs.evolve(a, rotation=float(a.rotation)),
            id="float-rotation",
        ),
    ],
)
def test_malformed_actions_raise_illegal_action_error(kind: DecisionKind, mutate: Any) -> None:
    """An ill-typed action is rejected (when built or applied), or is the well-typed one."""
    state = _first_state(kind)
    proper = moves(state)[0]
    try:
        result = state.apply(mutate(proper))
    except IllegalActionError:
        return
    assert result == state.apply(proper)
    assert _int_tiles(result), result.tiles_


@SOME
@given(reachable_states(until=DecisionKind.DRAW))
def test_chance_probabilities_are_copies_left_over_tiles_left(state: GameState) -> None:
    if not state.is_chance_node:
        assert state.is_terminal
        assert state.chance_outcomes() == []
        return
    pile = Counter(state.pile.tiles)
    total = sum(pile.values())
    outcomes = state.chance_outcomes()
    assert sorted(draw.tile for draw, _p in outcomes) == sorted(pile)
    for draw, probability in outcomes:
        assert probability == pytest.approx(pile[draw.tile] / total, abs=1e-12)
    assert sum(p for _d, p in outcomes) == pytest.approx(1.0, abs=1e-9)
    assert state.legal_actions() == ()
    assert state.current_player is None
    rng = random.Random(total)
    assert state.sample_chance(rng).tile in pile
    resolved = state.resolve_chance(rng)
    assert not resolved.is_chance_node


@SOME
@given(
    st.integers(2, 6),
    st.integers(0, 2**32 - 1),
    st.integers(0, 300),
    st.integers(0, 5),
)
def test_states_are_hashable_and_equal_states_hash_equal(
    num_players: int, seed: int, steps: int, start: int
) -> None:
    def build() -> GameState:
        rng = random.Random(seed)
        state = new_game(num_players, start_player=start % num_players)
        for _ in range(steps):
            if state.is_terminal:
                break
            if state.is_chance_node:
                state = state.apply(state.sample_chance(rng))
            else:
                state = state.apply(rng.choice(state.legal_actions()))
        return state

    first, second = build(), build()
    assert first is not second
    assert first == second and hash(first) == hash(second)
    assert first.legal_actions() == second.legal_actions()
    assert len({first, second}) == 1
    for clone in (copy.deepcopy(first), pickle.loads(pickle.dumps(first)), fresh_copy(first)):
        assert clone == first and hash(clone) == hash(first)
    if not first.is_terminal:
        successor = first.apply(moves(first)[0])
        assert successor != first
        assert {first: 1, successor: 2}[second] == 1


@FEW
@given(STATES)
def test_legal_actions_are_distinct_and_belong_to_the_decision(state: GameState) -> None:
    legal = state.legal_actions()
    assert len(set(legal)) == len(legal)
    kind = state.pending.kind
    expected: dict[DecisionKind, tuple[type, ...]] = {
        DecisionKind.SETUP: (SetupPlace,),
        DecisionKind.TURN: (Expand, ExpandFromBoard, FoundRoyal, Recolonize, PlaceNewBoats),
        DecisionKind.DEPARTURE: (Depart,),
        DecisionKind.PLACE_TILE: (PlaceTile,),
        DecisionKind.BERTH: (Berth, ReturnBoat),
        DecisionKind.DRAW: (),
        DecisionKind.GAME_OVER: (),
    }
    assert all(isinstance(a, expected[kind]) for a in legal)
    assert state.pending.player == state.current_player


@pytest.mark.clause("DEPART-1")
@pytest.mark.clause("DEPART-4")
@FEW
@given(reachable_states(until=DecisionKind.DEPARTURE))
def test_a_departing_beach_sails_as_one_group(state: GameState) -> None:
    """DEPART-1: every boat of the full beach leaves together, whatever its colour.

    When the hex beyond the chosen jetty is empty, the next step is the draw
    (DEPART-4), with the whole beach under way and nothing else changed.
    """
    if state.pending.kind is not DecisionKind.DEPARTURE:
        return
    for action in state.legal_actions():
        assert isinstance(action, Depart)
        beach = state.beach(action.island, action.beach)
        assert beach.is_full
        beyond = neighbour(action.island, action.jetty)
        if state.tile_at(beyond) is not None or not state.pile_:
            continue
        after = state.apply(action)
        assert after.is_chance_node
        assert after.group is not None
        assert after.group.position == beyond
        assert after.group.origin == action.island
        assert sorted(after.group.colours) == sorted(beach.boats)
        assert after.beach(action.island, action.beach).boats == ()
        k = state.where_()[action.island]
        emptied = list(state.boats_[k])
        emptied[action.beach] = ()
        expected = (*state.boats_[:k], tuple(emptied), *state.boats_[k + 1 :])
        assert after.boats_ == expected
        assert after.reserve_ == state.reserve_


@pytest.mark.clause("LAND-2")
@pytest.mark.clause("LAND-3")
@pytest.mark.clause("LAND-4")
@FEW
@given(reachable_states(until=DecisionKind.BERTH))
def test_landing_options_follow_the_landing_rules(state: GameState) -> None:
    if state.pending.kind is not DecisionKind.BERTH:
        return
    island = state.island_at(state.pending.island)  # type: ignore[arg-type]
    assert island is not None
    group = state.pending.group
    free_total = sum(beach.free for beach in island.beaches)
    unserved = [
        b for b, beach in enumerate(island.beaches) if beach.free and not state.served_ >> b & 1
    ]
    for action in state.legal_actions():
        if isinstance(action, Berth):
            assert action.colour in group
            assert island.beaches[action.beach].free > 0  # LAND-3: any free slot
            if len(group) <= len(unserved):
                assert action.beach in unserved  # LAND-2: one per beach first
        else:
            assert isinstance(action, ReturnBoat)
            assert action.colour in group
            assert len(group) - 1 >= free_total  # LAND-4: only surplus boats go home


# -------------------------------------------------------- non-default rules
@pytest.mark.clause("COMP-1")
@pytest.mark.clause("END-1")
@pytest.mark.parametrize("name", sorted(VARIANTS))
@pytest.mark.parametrize(
    "seed",
    # 15 games of each variant; the default run plays the first 5, ``-m slow`` the other 10
    [pytest.param(seed, marks=() if seed < 5 else pytest.mark.slow) for seed in range(15)],
)
def test_random_games_with_variant_rules_keep_the_invariants(name: str, seed: int) -> None:
    rules = VARIANTS[name]
    num_players = 2 if rules.variant_two_player_double_colour else 2 + seed % 5
    state = new_game(num_players, rules, start_player=seed % num_players)
    states = random_playout(state, random.Random(seed), check=True, max_steps=5_000)
    final = states[-1]
    assert final.is_terminal
    outcome = final.outcome()
    assert outcome is not None and len(outcome.scores) == num_players


@FEW
@given(reachable_states(rules=st.sampled_from(list(VARIANTS.values()))))
def test_variant_states_keep_the_invariants_after_every_move(state: GameState) -> None:
    check_invariants(state)
    before = snapshot(state)
    for action in moves(state):
        check_invariants(state.apply(action))
    assert snapshot(state) == before
