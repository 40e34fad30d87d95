"""Issue 13: wrong settings for a new game or for Rules raise a SettingsError naming them."""

from __future__ import annotations

from typing import Any

import attrs
import pytest
from contract_garbage import HUGE_INTS, NOT_INTS
from hypothesis import given
from hypothesis import strategies as st

from tongiaki_rules import (
    STANDARD_TILES,
    BeachSpec,
    EndTrigger,
    IslandTile,
    Rules,
    SettingsError,
    TileSet,
    new_game,
)

BOOL_FLAGS = sorted(f.name for f in attrs.fields(Rules) if isinstance(f.default, bool))
ENUM_FLAGS = sorted(f.name for f in attrs.fields(Rules) if not isinstance(f.default, bool))


@given(count=st.one_of(NOT_INTS, HUGE_INTS, st.integers(max_value=1), st.integers(min_value=7)))
def test_a_player_count_that_is_not_2_to_6_is_refused(count: Any) -> None:
    with pytest.raises(SettingsError, match=r"num_players"):
        new_game(count)


@given(seat=st.one_of(NOT_INTS, HUGE_INTS, st.integers(max_value=-1), st.integers(min_value=3)))
def test_a_start_player_that_is_not_a_seat_is_refused(seat: Any) -> None:
    with pytest.raises(SettingsError, match=r"start_player"):
        new_game(3, start_player=seat)


@pytest.mark.parametrize("count", [True, 2.0, "3", -1, 10**100])
def test_readable_examples_of_refused_player_counts(count: Any) -> None:
    with pytest.raises(SettingsError, match=r"num_players: Tongiaki is for 2 to 6 players"):
        new_game(count)


@pytest.mark.parametrize("rules", [None, {}, {"variant_rody": True}, "rody", Rules])
def test_rules_that_are_not_a_rules_value_are_refused(rules: Any) -> None:
    with pytest.raises(SettingsError, match=r"rules must be a Rules"):
        new_game(2, rules)


@pytest.mark.parametrize("tiles", [None, (), [STANDARD_TILES.start], STANDARD_TILES.start])
def test_tiles_that_are_not_a_tile_set_are_refused(tiles: Any) -> None:
    with pytest.raises(SettingsError, match=r"tiles must be a TileSet"):
        new_game(2, tiles=tiles)


@pytest.mark.clause("AMB-29")
@pytest.mark.clause("SETUP-5")
def test_a_start_island_where_setup_cannot_finish_is_refused_at_new_game() -> None:
    # three beaches of two slots: room for three setup boats in all, each on a
    # different beach; two players need four boats on two beaches each
    start = IslandTile(
        "atoll",
        "Atoll",
        0,
        (BeachSpec(3, (0,)), BeachSpec(2, (2,)), BeachSpec(2, (4,))),
        is_start=True,
    )
    tiles = TileSet(start, STANDARD_TILES.pile)
    assert new_game(2, tiles=tiles).legal_actions()
    small = IslandTile("islet", "Islet", 0, (BeachSpec(5, (0,)),), is_start=True)
    small_tiles = TileSet(small, STANDARD_TILES.pile)
    assert new_game(2, tiles=small_tiles).legal_actions()
    with pytest.raises(SettingsError, match=r"tiles: the setup boats of 2 players cannot"):
        new_game(2, Rules(setup_distinct_beaches=True), tiles=small_tiles)


@pytest.mark.parametrize("flag", BOOL_FLAGS)
@given(value=st.one_of(NOT_INTS.filter(lambda v: not isinstance(v, bool)), st.integers()))
def test_a_yes_no_flag_refuses_anything_but_true_or_false(flag: str, value: Any) -> None:
    with pytest.raises(SettingsError, match=rf"{flag} must be True or False"):
        Rules(**{flag: value})


@pytest.mark.parametrize("value", ["false", 0, 0.0, None, 1])
def test_readable_examples_of_refused_flag_values(value: Any) -> None:
    with pytest.raises(SettingsError, match=r"variant_rody must be True or False"):
        Rules(variant_rody=value)


@pytest.mark.parametrize("flag", ENUM_FLAGS)
@given(value=st.one_of(NOT_INTS, st.integers(), st.text(max_size=8)))
def test_an_enum_flag_refuses_a_value_outside_its_enum(flag: str, value: Any) -> None:
    kind = type(getattr(Rules(), flag))
    if value in [m.value for m in kind]:
        return
    with pytest.raises(SettingsError, match=rf"is not a value of {kind.__name__} for {flag}"):
        Rules(**{flag: value})


def test_an_enum_flag_accepts_its_value_as_text() -> None:
    assert Rules(end_trigger="sixteen_on_table").end_trigger is EndTrigger.SIXTEEN_ON_TABLE


@given(name=st.text(min_size=1, max_size=30).filter(lambda n: n not in attrs.fields_dict(Rules)))
def test_an_unknown_flag_is_refused_by_name(name: str) -> None:
    with pytest.raises(SettingsError, match=r"Rules has no flag"):
        Rules(**{name: True})


def test_a_misspelt_flag_suggests_the_close_names() -> None:
    with pytest.raises(SettingsError) as caught:
        Rules(varaint_rody=True)
    assert str(caught.value) == "Rules has no flag 'varaint_rody'; did you mean variant_rody?"


def test_flags_given_by_position_are_refused() -> None:
    with pytest.raises(SettingsError, match=r"by name only"):
        Rules(True)  # type: ignore[call-arg]


def test_evolving_rules_checks_the_new_values_too() -> None:
    assert attrs.evolve(Rules(), variant_rody=True) == Rules(variant_rody=True)
    with pytest.raises(SettingsError, match=r"variant_rody must be True or False"):
        attrs.evolve(Rules(), variant_rody="yes")


def test_rules_stay_a_frozen_hashable_value() -> None:
    rules = Rules(variant_rody=True)
    assert hash(rules) == hash(Rules(variant_rody=True))
    with pytest.raises(attrs.exceptions.FrozenInstanceError):
        rules.variant_rody = False  # type: ignore[misc]
