"""The compact action encoding over reachable states: every legal action has one index and back.

Each property runs a few dozen random reachable states (2 to 6 players, the
default rules and the variants that change where tiles go); the slow test
plays whole random games with every rules flag drawn, as
``benchmarks/compact_actions.py`` does for 10,000 of them.
"""

from __future__ import annotations

import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tongiaki_rules import (
    DecisionKind,
    GameState,
    IllegalActionError,
    PlaceTile,
    RodyFreeScope,
    Rules,
    SettingsError,
    new_game,
)
from tongiaki_rules._standard_tiles import STANDARD_TILES
from tongiaki_rules.encoding import ActionEncoding
from tongiaki_rules.encoding_compact import CompactEncoding, placement_slots
from tongiaki_rules.fuzzing import sample_rules
from tongiaki_rules.testing import reachable_states

FEW = settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])

RULES = st.sampled_from(
    [
        Rules(),
        Rules(variant_rody=True),
        Rules(variant_rody=True, rody_free_scope=RodyFreeScope.POSITION_AND_ROTATION),
        Rules(variant_two_player_double_colour=True),
        Rules(recolonize_requires_adjacency=False),
    ]
)
STATES = reachable_states(rules=RULES, max_steps=400)
PLACING = reachable_states(rules=RULES, max_steps=400, until=DecisionKind.PLACE_TILE)


def check_round_trip(state: GameState) -> list[int]:
    compact = ActionEncoding.for_state(state, actions="compact")
    legal = state.legal_actions()
    indices = [compact.encode(state, action) for action in legal]
    assert len(set(indices)) == len(indices)
    assert all(0 <= i < compact.size for i in indices)
    assert all(compact.decode(state, i) is a for i, a in zip(indices, legal, strict=True))
    assert compact.legal_indices(state) == sorted(indices)
    assert [i for i, bit in enumerate(compact.legal_mask(state)) if bit] == sorted(indices)
    return indices


@FEW
@given(STATES)
def test_every_legal_action_round_trips_through_its_compact_index(state: GameState) -> None:
    check_round_trip(state)


@FEW
@given(PLACING)
def test_placements_are_ranked_by_hex_in_ring_order_with_the_rotation_last(
    state: GameState,
) -> None:
    compact = ActionEncoding.for_state(state, actions="compact")
    full = ActionEncoding.for_state(state)
    indices = check_round_trip(state)
    base = compact.offsets["PlaceTile"]
    hexes = compact.placement_hexes(state)
    assert hexes == sorted(hexes, key=full.cells.index)
    assert len(hexes) <= compact.slots
    for action, index in zip(state.legal_actions(), indices, strict=True):
        assert isinstance(action, PlaceTile)
        rank, rotation = divmod(index - base, 6)
        assert (hexes[rank], rotation) == (action.position, action.rotation)


@FEW
@given(STATES, st.integers(min_value=-5, max_value=25_000))
def test_an_index_no_legal_action_has_is_refused_naming_it(state: GameState, index: int) -> None:
    compact = ActionEncoding.for_state(state, actions="compact")
    if index in compact.legal_indices(state):
        return
    with pytest.raises(IllegalActionError, match=f"action index {index}"):
        compact.decode(state, index)


def test_the_standard_game_has_at_most_4096_compact_actions_with_the_adjacency_rule() -> None:
    for players in range(2, 7):
        compact = ActionEncoding.for_game(players, actions="compact")
        assert isinstance(compact, CompactEncoding)
        assert compact.size == 3706 <= 4096
        assert compact.index_table()[:-1] == ActionEncoding.for_game(players).index_table()[:-1]
    loose = Rules(recolonize_requires_adjacency=False)
    assert placement_slots(loose, STANDARD_TILES) == 558
    assert ActionEncoding.for_game(2, loose, actions="compact").size == 5938


def test_the_compact_encoding_is_cached_and_refuses_unknown_action_spaces() -> None:
    state = new_game(3)
    assert ActionEncoding.for_state(state, actions="compact") is ActionEncoding.for_game(
        3, actions="compact"
    )
    for bad in ("Compact", "", None, 1):
        with pytest.raises(SettingsError, match="actions must be 'full' or 'compact'"):
            ActionEncoding.for_game(3, actions=bad)  # type: ignore[arg-type]


def play_and_check(games: int, seed: int) -> int:
    """Random games with sampled flags; every decision checked. Returns the decisions seen."""
    seen = 0
    for game in range(games):
        rng = random.Random(seed + game)
        players = rng.randint(2, 6)
        try:
            state = new_game(players, sample_rules(rng, two_colour=players == 2))
        except SettingsError:
            continue
        while not state.is_terminal:
            if state.is_chance_node:
                state = state.apply(state.sample_chance(rng))
                continue
            check_round_trip(state)
            seen += 1
            state = state.apply(rng.choice(state.legal_actions()))
    return seen


def test_random_games_with_sampled_flags_are_encodable_throughout() -> None:
    assert play_and_check(8, seed=100) > 100


@pytest.mark.slow
def test_a_thousand_random_games_with_sampled_flags_are_encodable_throughout() -> None:
    assert play_and_check(1000, seed=1_000_000) > 10_000


def test_hostile_arguments_are_refused_as_the_full_encoding_refuses_them() -> None:
    from tongiaki_rules import InvalidPositionError, SetupPlace

    compact = ActionEncoding.for_game(2, actions="compact")
    state = new_game(2)
    for bad in (True, 1.0, "1", None, -1, compact.size):
        with pytest.raises(IllegalActionError, match="action index"):
            compact.decode(state, bad)  # type: ignore[arg-type]
    with pytest.raises(InvalidPositionError, match="state must be a GameState"):
        compact.decode("not a state", 1)  # type: ignore[arg-type]
    with pytest.raises(InvalidPositionError, match="state must be a GameState"):
        compact.encode("not a state", SetupPlace(1))  # type: ignore[arg-type]
    with pytest.raises(IllegalActionError):
        compact.encode(state, SetupPlace(True))  # equal to a legal action only loosely
    with pytest.raises(SettingsError, match="does not fit a 3-player game"):
        compact.legal_indices(new_game(3))
    assert compact.describe(compact.size - 1) == "PlaceTile on placement rank 185, rotation 5"
    with pytest.raises(IllegalActionError, match="outside"):
        compact.describe(compact.size)
