"""Properties of the action encoding and the observations over reachable states.

Each property runs a few dozen random reachable states (2 to 6 players, the
default rules and the variants that change what can be legal), so the file
stays within a few seconds.
"""

from __future__ import annotations

import math

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tongiaki_rules import (
    ORIGIN,
    DecisionKind,
    GameState,
    IllegalActionError,
    PlaceTile,
    RodyFreeScope,
    Rules,
)
from tongiaki_rules.encoding import ActionEncoding
from tongiaki_rules.hexgrid import distance
from tongiaki_rules.observation import ObservationLayout
from tongiaki_rules.testing import reachable_states

FEW = settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])

RULES = st.sampled_from(
    [
        Rules(),
        Rules(variant_rody=True),
        Rules(variant_rody=True, rody_free_scope=RodyFreeScope.POSITION_AND_ROTATION),
        Rules(variant_two_player_double_colour=True),
        Rules(recolonize_requires_adjacency=False),
        Rules(expand_allow_fewer=True, setup_distinct_beaches=True),
    ]
)
STATES = reachable_states(rules=RULES, max_steps=400)
PLACING = reachable_states(rules=RULES, max_steps=400, until=DecisionKind.PLACE_TILE)


@FEW
@given(STATES)
def test_every_legal_action_round_trips_through_its_index(state: GameState) -> None:
    encoding = ActionEncoding.for_state(state)
    legal = state.legal_actions()
    indices = [encoding.encode(state, action) for action in legal]
    assert len(set(indices)) == len(indices)
    assert all(0 <= i < encoding.size for i in indices)
    assert tuple(encoding.decode(state, i) for i in indices) == legal
    assert encoding.legal_indices(state) == sorted(indices)
    mask = encoding.legal_mask(state)
    assert len(mask) == encoding.size
    assert [i for i, bit in enumerate(mask) if bit] == sorted(indices)


@FEW
@given(STATES, st.integers(0, 10**6))
def test_an_index_that_is_not_legal_is_refused_and_changes_nothing(
    state: GameState, pick: int
) -> None:
    encoding = ActionEncoding.for_state(state)
    legal = set(encoding.legal_indices(state))
    index = pick % encoding.size
    if index in legal:
        return
    before = state.to_json()
    with pytest.raises(IllegalActionError, match=f"action index {index} "):
        encoding.decode(state, index)
    assert state.to_json() == before
    assert set(encoding.legal_indices(state)) == legal


@FEW
@given(PLACING)
def test_every_tile_and_placement_lies_within_the_radius(state: GameState) -> None:
    # the bound of placement_radius: no reachable tile, group or placement lies beyond it
    radius = ActionEncoding.for_state(state).radius
    assert all(distance(ORIGIN, tile.position) <= radius for tile in state.placed_tiles)
    if state.group is not None:
        assert distance(ORIGIN, state.group.position) <= radius
    for action in state.legal_actions():
        if isinstance(action, PlaceTile):
            assert distance(ORIGIN, action.position) <= radius


@FEW
@given(reachable_states(rules=RULES, max_steps=400, until=DecisionKind.DRAW))
def test_chance_indices_cover_the_pile_and_sum_to_one(state: GameState) -> None:
    encoding = ActionEncoding.for_state(state)
    outcomes = encoding.chance_outcomes(state)
    if not state.is_chance_node:
        assert outcomes == []
        return
    assert math.isclose(sum(p for _i, p in outcomes), 1.0)
    assert [(encoding.decode_chance(i), p) for i, p in outcomes] == state.chance_outcomes()
    assert all(encoding.encode_chance(encoding.decode_chance(i)) == i for i, _p in outcomes)


@FEW
@given(STATES)
def test_observations_have_one_size_and_stay_in_their_ranges(state: GameState) -> None:
    layout = ObservationLayout.for_state(state)
    assert layout.size == ObservationLayout.for_game(6).size
    for player in range(state.num_players):
        values = layout.observe(state, player)
        assert len(values) == layout.size
        for section in layout.sections:
            for v in values[section.offset : section.end]:
                assert math.isfinite(v)
                assert section.low <= v <= section.high + 1e-9, section.name


@FEW
@given(STATES)
def test_an_observation_depends_only_on_the_state_and_the_seat(state: GameState) -> None:
    layout = ObservationLayout.for_state(state)
    again = GameState.from_json(state.to_json())
    for player in range(state.num_players):
        assert layout.observe(state, player) == layout.observe(again, player)
