"""Unit tests for the rules flags (tongiaki_rules.rules).

FLAG_TABLE is transcribed from the table "Flag summary (defaults)" at the end
of shared/rules/clauses.md: flag, default, alternatives, and the ambiguity it
decides.
"""

from __future__ import annotations

import enum
from typing import Any

import attrs
import pytest

import tongiaki_rules
from tongiaki_rules import (
    BounceTarget,
    ClosedRouteMode,
    EmptyReserveSource,
    EndlessChain,
    EndTrigger,
    LastOceanFate,
    RodyFreeScope,
    Rules,
    SettingsError,
    TwoPlayerRoyalLimit,
    TwoPlayerTurnOrder,
)

# flag -> (default, alternatives listed in the table, AMB entry)
FLAG_TABLE: dict[str, tuple[bool | str, tuple[bool | str, ...], str]] = {
    "expand_allow_fewer": (False, (True,), "AMB-02"),
    "empty_reserve_source": ("any_non_royal", ("other_island_only",), "AMB-04"),
    "recolonize_requires_adjacency": (True, (False,), "AMB-07"),
    "failure_ends_turn": (False, (True,), "AMB-08"),
    "royal_bounce_target": ("expedition_origin", ("turn_origin",), "AMB-09"),
    "bounce_counts_as_closed_route": (True, (False,), "AMB-10"),
    "end_trigger": ("type_exhausted", ("sixteen_on_table",), "AMB-11"),
    "last_ocean_group_fate": ("lost", ("may_reach_existing_island",), "AMB-12"),
    "end_turn_continue_chain": (True, (False,), "AMB-13"),
    "end_recolonize_completes": (True, (False,), "AMB-14"),
    "noboats_ignores_royal": (True, (False,), "AMB-18"),
    "noboats_single_excludes_tonga": (False, (True,), "AMB-19"),
    "noboats_tonga_one_per_beach": (False, (True,), "AMB-19"),
    "recolonize_keeps_royal": (True, (False,), "AMB-21"),
    "recolonize_removed_to_reserve": (True, (False,), "AMB-22"),
    "closed_route_mode": ("geometric", ("infinite_only",), "AMB-25"),
    "closed_route_force_other_exit": (True, (False,), "AMB-25"),
    "endless_chain": ("remove_island", ("return_group",), "AMB-25"),
    "closed_forced_colonize_places_boat": (True, (False,), "AMB-27"),
    "closed_forced_colonize_ends_turn_immediately": (False, (True,), "AMB-27"),
    "setup_distinct_beaches": (False, (True,), "AMB-29"),
    "tiebreak_islands_include_tonga": (True, (False,), "AMB-32"),
    "royal_owner_may_land": (False, (True,), "AMB-34"),
    "variant_rody": (False, (True,), "AMB-39"),
    "rody_free_scope": ("rotation", ("position_and_rotation",), "AMB-39"),
    "variant_two_player_double_colour": (False, (), "AMB-40"),
    "two_player_turn_order": ("alternate_seats", (), "AMB-40"),
    "two_player_royal_limit_per": ("colour", (), "AMB-40"),
}

ENUM_FLAGS: dict[str, type[enum.StrEnum]] = {
    "empty_reserve_source": EmptyReserveSource,
    "royal_bounce_target": BounceTarget,
    "end_trigger": EndTrigger,
    "last_ocean_group_fate": LastOceanFate,
    "closed_route_mode": ClosedRouteMode,
    "endless_chain": EndlessChain,
    "rody_free_scope": RodyFreeScope,
    "two_player_turn_order": TwoPlayerTurnOrder,
    "two_player_royal_limit_per": TwoPlayerRoyalLimit,
}

BOOL_FLAGS = [name for name, (default, _, _) in FLAG_TABLE.items() if isinstance(default, bool)]


def flag_params() -> list[object]:
    return [pytest.param(name, default, id=name) for name, (default, _, _amb) in FLAG_TABLE.items()]


def enum_values() -> list[object]:
    return [
        pytest.param(name, member.value, id=f"{name}={member.value}")
        for name, kind in ENUM_FLAGS.items()
        for member in kind
    ]


def make_rules(**flags: Any) -> Rules:
    """Rules with flags given by (computed) name."""
    return Rules(**flags)


def field_names() -> list[str]:
    return [f.name for f in attrs.fields(Rules)]


# ------------------------------------------------------------------ defaults


def test_every_flag_is_in_the_flag_summary_and_every_listed_flag_exists() -> None:
    assert set(field_names()) == set(FLAG_TABLE)


@pytest.mark.topic("flags")
@pytest.mark.parametrize(("name", "default"), flag_params())
def test_flag_has_the_default_of_the_flag_summary(name: str, default: bool | str) -> None:
    value = getattr(Rules(), name)
    if isinstance(default, bool):
        assert value is default
    else:
        assert isinstance(value, ENUM_FLAGS[name])
        assert value == default
        assert value.value == default


@pytest.mark.parametrize("name", BOOL_FLAGS)
def test_boolean_flags_take_the_other_value(name: str) -> None:
    _, alternatives, _ = FLAG_TABLE[name]
    default = getattr(Rules(), name)
    flipped = make_rules(**{name: not default})
    assert getattr(flipped, name) is (not default)
    assert set(alternatives) <= {not default}


def test_enum_flags_are_exactly_the_non_boolean_flags() -> None:
    assert set(ENUM_FLAGS) == set(FLAG_TABLE) - set(BOOL_FLAGS)


@pytest.mark.parametrize("name", sorted(ENUM_FLAGS))
def test_enum_flags_offer_the_default_and_the_alternatives_of_the_summary(name: str) -> None:
    default, alternatives, _ = FLAG_TABLE[name]
    values = {member.value for member in ENUM_FLAGS[name]}
    assert {default, *alternatives} <= values


def test_enum_types_are_public() -> None:
    for kind in ENUM_FLAGS.values():
        assert kind.__name__ in tongiaki_rules.__all__
        assert getattr(tongiaki_rules, kind.__name__) is kind
    assert "Rules" in tongiaki_rules.__all__


# ------------------------------------------------------------------ string values


@pytest.mark.parametrize(("name", "text"), enum_values())
def test_enum_flags_accept_their_string_values(name: str, text: str) -> None:
    rules = make_rules(**{name: text})
    value = getattr(rules, name)
    assert type(value) is ENUM_FLAGS[name]
    assert value == ENUM_FLAGS[name](text)
    assert rules == make_rules(**{name: ENUM_FLAGS[name](text)})


@pytest.mark.parametrize("name", sorted(ENUM_FLAGS))
def test_enum_flags_reject_unknown_strings(name: str) -> None:
    with pytest.raises(ValueError):
        make_rules(**{name: "no_such_reading"})


def test_string_and_enum_values_give_equal_rules() -> None:
    by_text = Rules(end_trigger="sixteen_on_table", closed_route_mode="infinite_only")
    by_enum = Rules(
        end_trigger=EndTrigger.SIXTEEN_ON_TABLE, closed_route_mode=ClosedRouteMode.INFINITE_ONLY
    )
    assert by_text == by_enum
    assert hash(by_text) == hash(by_enum)


# ------------------------------------------------------------------ a value


def test_rules_are_frozen() -> None:
    rules = Rules()
    with pytest.raises(attrs.exceptions.FrozenInstanceError):
        rules.variant_rody = True  # type: ignore[misc]
    assert rules.variant_rody is False


def test_rules_flags_are_given_by_keyword_only() -> None:
    with pytest.raises(SettingsError, match="by name only"):
        Rules(True)  # type: ignore[call-arg]


def test_rules_reject_unknown_flags() -> None:
    with pytest.raises(SettingsError, match="Rules has no flag 'no_such_flag'"):
        Rules(no_such_flag=True)  # type: ignore[call-arg]


def test_rules_are_hashable_and_equal_by_value() -> None:
    assert Rules() == Rules()
    assert hash(Rules()) == hash(Rules())
    assert Rules(variant_rody=True) == Rules(variant_rody=True)
    assert Rules(variant_rody=True) != Rules()
    table = {Rules(): "default", Rules(failure_ends_turn=True): "IT literal"}
    assert table[Rules()] == "default"
    assert table[Rules(failure_ends_turn=True)] == "IT literal"
    assert len({Rules(), Rules(), Rules(variant_rody=True)}) == 2


@pytest.mark.parametrize("name", BOOL_FLAGS)
def test_changing_any_boolean_flag_gives_different_rules(name: str) -> None:
    changed = make_rules(**{name: not getattr(Rules(), name)})
    assert changed != Rules()


def test_attrs_evolve_makes_a_changed_copy() -> None:
    rules = Rules()
    evolved = attrs.evolve(rules, end_trigger="sixteen_on_table")
    assert evolved.end_trigger is EndTrigger.SIXTEEN_ON_TABLE
    assert rules.end_trigger is EndTrigger.TYPE_EXHAUSTED


def test_repr_names_the_flags() -> None:
    text = repr(Rules(variant_rody=True))
    assert text.startswith("Rules(")
    assert "variant_rody=True" in text


# ------------------------------------------------------------------ changed()


def test_default_rules_have_no_changes() -> None:
    assert Rules().changed() == {}


def test_explicit_defaults_are_not_changes() -> None:
    rules = Rules(
        failure_ends_turn=False, end_trigger="type_exhausted", recolonize_keeps_royal=True
    )
    assert rules.changed() == {}
    assert rules == Rules()


def test_changed_lists_the_flags_that_differ() -> None:
    rules = Rules(
        failure_ends_turn=True,
        recolonize_keeps_royal=False,
        end_trigger="sixteen_on_table",
        rody_free_scope=RodyFreeScope.POSITION_AND_ROTATION,
    )
    assert rules.changed() == {
        "failure_ends_turn": True,
        "recolonize_keeps_royal": False,
        "end_trigger": EndTrigger.SIXTEEN_ON_TABLE,
        "rody_free_scope": RodyFreeScope.POSITION_AND_ROTATION,
    }


@pytest.mark.parametrize("name", BOOL_FLAGS)
def test_changed_reports_a_single_boolean_flag(name: str) -> None:
    value = not getattr(Rules(), name)
    assert make_rules(**{name: value}).changed() == {name: value}


@pytest.mark.parametrize(("name", "text"), enum_values())
def test_changed_reports_a_single_enum_flag_unless_it_is_the_default(name: str, text: str) -> None:
    rules = make_rules(**{name: text})
    if text == FLAG_TABLE[name][0]:
        assert rules.changed() == {}
    else:
        assert rules.changed() == {name: ENUM_FLAGS[name](text)}


def test_changed_gives_the_flags_back() -> None:
    rules = Rules(variant_rody=True, rody_free_scope="position_and_rotation")
    assert make_rules(**rules.changed()) == rules


# ------------------------------------------------------------------ use in a game


def test_a_new_game_keeps_its_rules() -> None:
    rules = Rules(failure_ends_turn=True)
    state = tongiaki_rules.new_game(3, rules)
    assert state.rules == rules
    assert tongiaki_rules.new_game(3).rules == Rules()
