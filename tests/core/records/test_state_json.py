"""JSON for states: the round trip gives an equal state, in every phase and variant."""

from __future__ import annotations

import enum
import json
from collections.abc import Callable

import attrs
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from record_helpers import CUSTOM_START, CUSTOM_TILES, VARIANTS, find_state, playout, positions

from tongiaki_rules import (
    DecisionKind,
    GameState,
    RodyFreeScope,
    Rules,
    TileSet,
    new_game,
    state_from_json,
    state_to_json,
)
from tongiaki_rules import _engine as E
from tongiaki_rules.record import state_from_dict, state_to_dict
from tongiaki_rules.testing import reachable_states

FEW = settings(max_examples=100, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def assert_round_trip(state: GameState) -> GameState:
    text = state_to_json(state)
    back = state_from_json(text)
    assert back == state
    assert hash(back) == hash(state)
    assert back.legal_actions() == state.legal_actions()
    assert back.chance_outcomes() == state.chance_outcomes()
    assert back.pending == state.pending
    assert state_to_json(back) == text
    assert state_from_json(state_to_json(state, indent=2)) == state
    assert state_from_json(text.encode("utf-8")) == state
    return back


@FEW
@given(reachable_states(max_steps=300))
def test_reachable_states_round_trip(state: GameState) -> None:
    assert_round_trip(state)


@FEW
@given(reachable_states(rules=st.sampled_from(list(VARIANTS.values())), max_steps=300))
def test_reachable_states_of_every_variant_round_trip(state: GameState) -> None:
    assert_round_trip(state)


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    st.sampled_from(list(DecisionKind)),
    st.sampled_from(["default", "rody", "two_colour", "bounce_not_closed", "kings_removed"]),
)
def test_every_kind_of_decision_round_trips(kind: DecisionKind, variant: str) -> None:
    rules = VARIANTS[variant]
    state = find_state(rules, lambda s: s.pending.kind is kind, seeds=range(40))
    assert_round_trip(state)


def test_game_state_methods_delegate_to_the_record_module() -> None:
    for state in positions().values():
        assert state.to_json() == state_to_json(state)
        assert GameState.from_json(state.to_json()) == state


@pytest.mark.parametrize("name", sorted(positions()))
def test_built_positions_round_trip(name: str) -> None:
    assert_round_trip(positions()[name])


CORNERS: dict[str, tuple[Rules, Callable[[GameState], bool]]] = {
    "rody_voyage_place_tile": (
        VARIANTS["rody"],
        lambda s: s.phase_ == E.PLACE and s.purpose_ == E.VOYAGE,
    ),
    "colonize_landing": (Rules(), lambda s: s.phase_ == E.LAND and s.purpose_ == E.COLONIZE),
    "vacant_king": (VARIANTS["kings_removed"], lambda s: E.VACANT_KING in s.kings_),
    "out_of_game": (VARIANTS["kings_removed"], lambda s: any(s.out_)),
    "chain_remembered": (VARIANTS["bounce_not_closed"], lambda s: len(s.chain_) > 1),
    "removed_island": (
        Rules(),
        lambda s: bool(s.removed_) and not s.is_terminal,
    ),
    "forced_colonize": (
        Rules(),
        lambda s: s.purpose_ == E.FORCED_COLONIZE,
    ),
    "royal_island": (Rules(), lambda s: bool(s.royal_islands) and s.phase_ == E.DRAW),
    "owner_lands_on_royal": (
        VARIANTS["owner_lands"],
        lambda s: any(king >= 0 and any(b) for king, b in zip(s.kings_, s.boats_, strict=True)),
    ),
    "two_colour_landing": (VARIANTS["two_colour"], lambda s: s.phase_ == E.LAND),
    "game_over": (Rules(), lambda s: s.is_terminal),
    "rody_game_over": (VARIANTS["rody"], lambda s: s.is_terminal),
    "distinct_setup": (VARIANTS["distinct_setup"], lambda s: s.setup_count_ == 5),
}


@pytest.mark.parametrize("name", sorted(CORNERS))
def test_corner_states_round_trip(name: str) -> None:
    rules, predicate = CORNERS[name]
    assert_round_trip(find_state(rules, predicate))


@pytest.mark.parametrize("tiles", [CUSTOM_TILES, CUSTOM_START], ids=["copies", "own_start"])
@pytest.mark.parametrize("num_players", [2, 3, 4])
def test_custom_tile_sets_round_trip(tiles: TileSet, num_players: int) -> None:
    for seed in range(3):
        for state in playout(num_players, seed, Rules(), tiles)[::3]:
            back = assert_round_trip(state)
            assert back.config.tiles == state.config.tiles


def test_custom_tile_set_is_written_in_full_and_the_standard_one_by_name() -> None:
    doc = state_to_dict(new_game(2, tiles=CUSTOM_TILES))
    tile_set = doc["tile_set"]
    assert tile_set["start"]["id"] == "tonga"
    assert [t["id"] for t in tile_set["tiles"]] == ["atoll", "swell", "reef", "current"]
    assert tile_set["pile"] == ["atoll", "swell", "atoll", "reef", "swell", "current", "swell"]
    assert tile_set["tiles"][1] == {
        "kind": "ocean",
        "id": "swell",
        "routes": [
            {"edges": [0, 3], "colours": 0},
            {"edges": [1, 4], "colours": 2},
            {"edges": [2, 5], "colours": 3},
        ],
    }
    assert state_to_dict(new_game(2))["tile_set"] == "standard"


def test_readable_terms() -> None:
    state = positions()["royal_removed_out"]
    doc = json.loads(state_to_json(state))
    assert doc["schema"] == "tongiaki-state" and doc["version"] == 2
    assert doc["phase"] == "turn" and doc["turn_colour"] == "Y"
    by_tile = {entry["tile"]: entry for entry in doc["table"]}
    assert by_tile["hawaii"] == {
        "tile": "hawaii",
        "at": [0, -1],
        "rotation": 0,
        "beaches": ["", "", ""],
        "king": "R",
    }
    assert by_tile["samoa"]["beaches"] == ["GO", "", ""]
    assert by_tile["ocean-a"] == {"tile": "ocean-a", "at": [1, 0], "rotation": 2}
    assert doc["removed"] == ["tubuai"]
    assert doc["colours"]["B"] == {"reserve": 10, "out_of_game": 4, "royal_islands_founded": 0}
    assert doc["colours"]["R"]["royal_islands_founded"] == 2


def test_rules_are_written_as_the_flags_that_differ_and_read_in_full() -> None:
    rules = Rules(variant_rody=True, rody_free_scope=RodyFreeScope.POSITION_AND_ROTATION)
    doc = state_to_dict(new_game(3, rules))
    assert doc["rules"] == {"variant_rody": True, "rody_free_scope": "position_and_rotation"}
    every = {
        field.name: getattr(rules, field.name) for field in attrs.fields(Rules)
    }  # every flag, defaults included, is accepted too
    doc["rules"] = {k: v.value if isinstance(v, enum.Enum) else v for k, v in every.items()}
    assert state_from_dict(doc) == new_game(3, rules)


def test_a_group_at_sea_and_a_landing_are_described() -> None:
    sea = state_to_dict(positions()["group_at_sea"])
    assert (sea["phase"], sea["group"], sea["at"], sea["entry"], sea["origin"]) == (
        "draw",
        "RRG",
        [0, 1],
        3,
        [0, 0],
    )
    landing = find_state(Rules(), lambda s: s.phase_ == E.LAND and s.served_ != 0)
    doc = state_to_dict(landing)
    assert doc["phase"] == "berth" and doc["served_beaches"]
    assert state_from_dict(doc) == landing
