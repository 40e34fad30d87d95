"""Hostile input to the observation layout: only a TongiakiError naming the argument escapes."""

from __future__ import annotations

import functools
import random
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tongiaki_rules import (
    STANDARD_TILES,
    GameState,
    InvalidPositionError,
    Rules,
    SettingsError,
    TongiakiError,
    new_game,
)
from tongiaki_rules.fuzzing import garbage, hostile_ints, hostile_text
from tongiaki_rules.observation import (
    LayoutError,
    ObservationLayout,
    observation_string,
    relative_colours,
)

HOSTILE = settings(
    max_examples=60,
    derandomize=True,
    deadline=None,
    database=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)


@functools.cache
def sample_states() -> tuple[GameState, ...]:
    """States of random games of 2, 4 and 5 players, every 30th step and the end."""
    picked: list[GameState] = []
    for seed, players in enumerate((2, 4, 5)):
        rng = random.Random(seed)
        state = new_game(players)
        for step in range(300):
            if state.is_terminal:
                break
            if step % 30 == 0:
                picked.append(state)
            if state.is_chance_node:
                state = state.apply(state.sample_chance(rng))
            else:
                state = state.apply(rng.choice(state.legal_actions()))
        picked.append(state)
    return tuple(picked)


states = st.deferred(lambda: st.sampled_from(sample_states()))


def rejected(function: object, *args: object) -> TongiakiError:
    """The TongiakiError ``function(*args)`` raises; anything else fails the test."""
    assert callable(function)
    try:
        result = function(*args)
    except TongiakiError as error:
        assert str(error).strip()
        return error
    raise AssertionError(f"{function!r} accepted {args!r} and returned {result!r}")


# --------------------------------------------------------------------------- examples


@pytest.mark.parametrize(
    ("args", "named"),
    [
        ((True,), "num_players"),
        (([],), "num_players"),
        ((3, 0), "rules"),
        ((3, Rules(), ()), "tiles"),
    ],
)
def test_a_layout_for_impossible_settings_is_refused_naming_the_argument(
    args: tuple[object, ...], named: str
) -> None:
    error = rejected(ObservationLayout.for_game, *args)
    assert isinstance(error, SettingsError) and str(error).startswith(named)


def test_a_layout_for_what_is_not_a_state_is_a_settings_error() -> None:
    error = rejected(ObservationLayout.for_state, None)
    assert isinstance(error, SettingsError) and "state must be a GameState" in str(error)


@pytest.mark.parametrize("name", ["", "board", "\ud800", None, 3, ["pile"]])
def test_an_unknown_section_is_a_layout_error_that_is_also_a_key_error(name: object) -> None:
    error = rejected(ObservationLayout.for_game(2).section, name)
    assert isinstance(error, LayoutError) and isinstance(error, KeyError)
    assert str(error).startswith("name: no observation section")
    with pytest.raises(KeyError):  # code written for the old KeyError keeps working
        ObservationLayout.for_game(2).section(name)


@pytest.mark.parametrize(
    ("index", "message"),
    [
        (-1, "observation index -1 is outside 0..990"),
        (991, "observation index 991 is outside 0..990"),
        (
            True,
            "observation index True is not an int (a bool is not one): valid indices are 0..990",
        ),
        (0.0, "observation index 0.0 is not an int: valid indices are 0..990"),
    ],
)
def test_describe_names_a_bad_index_and_the_valid_range(index: object, message: str) -> None:
    error = rejected(ObservationLayout.for_game(2).describe, index)
    assert isinstance(error, LayoutError) and str(error) == message


@pytest.mark.parametrize("player", [True, False, -1, 2, 1.0, "0", None, 2**64])
def test_observing_from_a_seat_not_at_the_table_is_refused_naming_the_player(
    player: object,
) -> None:
    state = new_game(2)
    before = state.to_json()
    layout = ObservationLayout.for_state(state)
    for function in (layout.observe, observation_string, relative_colours):
        error = rejected(function, state, player)
        assert isinstance(error, SettingsError) and "player must be a seat 0..1" in str(error)
    assert state.to_json() == before


@pytest.mark.parametrize("state", [None, "state", 0, new_game(2).to_json()])
def test_observing_what_is_not_a_state_is_refused(state: object) -> None:
    for function in (ObservationLayout.for_game(2).observe, observation_string, relative_colours):
        error = rejected(function, state, 0)
        assert isinstance(error, InvalidPositionError)
        assert "state must be a GameState" in str(error)


def test_observing_a_state_of_another_game_is_refused() -> None:
    error = rejected(ObservationLayout.for_game(2).observe, new_game(3), 0)
    assert isinstance(error, SettingsError) and "does not fit a 3-player game" in str(error)


# --------------------------------------------------------------------------- hypothesis


@HOSTILE
@given(states, st.one_of(hostile_ints(), garbage(), st.integers(-3, 8)))
def test_only_tongiaki_errors_escape_observing_and_the_state_is_unchanged(
    state: GameState, player: Any
) -> None:
    before = state.to_json(), hash(state)
    layout = ObservationLayout.for_state(state)
    for function in (layout.observe, observation_string, relative_colours):
        try:
            function(state, player)
        except SettingsError:
            pass
        else:
            assert type(player) is int and 0 <= player < state.num_players
    assert (state.to_json(), hash(state)) == before


@HOSTILE
@given(st.one_of(garbage(), hostile_text(), hostile_ints()))
def test_only_layout_errors_escape_section_and_describe(value: Any) -> None:
    layout = ObservationLayout.for_game(3, Rules(), STANDARD_TILES)
    for function in (layout.section, layout.describe):
        try:
            function(value)
        except LayoutError:
            pass
        else:
            assert type(value) in (str, int)
