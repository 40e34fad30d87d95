"""Hostile input to the action encoding: only a TongiakiError naming the argument escapes.

Every public function and method of :mod:`tongiaki_rules.encoding` is fed
ill-typed and out-of-range values (bools, floats, NaN, huge ints, lone
surrogates, things that are not states or actions); it must raise a
:class:`TongiakiError` subclass whose message names the argument, and leave
the state it was given unchanged.
"""

from __future__ import annotations

import functools
import random
import time
from collections.abc import Callable
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tongiaki_rules import (
    STANDARD_TILES,
    Draw,
    GameState,
    IllegalActionError,
    InvalidPositionError,
    Rules,
    SettingsError,
    SetupPlace,
    TileSet,
    TongiakiError,
    new_game,
)
from tongiaki_rules.encoding import (
    MAX_DISC_RADIUS,
    ActionEncoding,
    disc_cells,
    placement_radius,
)
from tongiaki_rules.errors import shown
from tongiaki_rules.fuzzing import garbage, garbage_actions, hostile_ints, hostile_text

HOSTILE = settings(
    max_examples=60,
    derandomize=True,
    deadline=None,
    database=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)


@functools.cache
def sample_states() -> tuple[GameState, ...]:
    """States of random games (2 to 6 players): setup, decisions, chance nodes and an end."""
    picked: list[GameState] = []
    for seed, players in enumerate((2, 3, 4, 6)):
        rng = random.Random(seed)
        state = new_game(players)
        for step in range(400):
            if state.is_terminal:
                break
            if step % 25 == 0 or state.is_chance_node:
                picked.append(state)
            if state.is_chance_node:
                state = state.apply(state.sample_chance(rng))
            else:
                state = state.apply(rng.choice(state.legal_actions()))
        picked.append(state)
    return tuple(picked)


states = st.deferred(lambda: st.sampled_from(sample_states()))
ill_typed_indices = st.one_of(
    hostile_ints(), garbage(), st.sampled_from([-1, 20452, 2**40, 10**5000, True, 1.0])
)


def short(value: object) -> str:
    """A test id for a value (huge ints cannot be printed whole)."""
    return shown(value, 24)


def rejected(function: Callable[..., Any], *args: Any) -> TongiakiError:
    """The TongiakiError ``function(*args)`` raises; anything else fails the test."""
    try:
        result = function(*args)
    except TongiakiError as error:
        assert str(error).strip()
        return error
    raise AssertionError(f"{function!r} accepted {args!r} and returned {result!r}")


def snapshot(state: GameState) -> tuple[str, int]:
    return state.to_json(), hash(state)


# --------------------------------------------------------------------------- settings


@pytest.mark.parametrize(
    ("args", "named"),
    [
        (([],), "num_players"),
        ((True,), "num_players"),
        ((7,), "num_players"),
        ((2.0,), "num_players"),
        ((2**64,), "num_players"),
        ((3, "rules"), "rules"),
        ((3, None), "rules"),
        ((3, Rules(), "tiles"), "tiles"),
        ((3, Rules(), [STANDARD_TILES]), "tiles"),
    ],
)
def test_an_encoding_for_impossible_settings_is_refused_naming_the_argument(
    args: tuple[object, ...], named: str
) -> None:
    error = rejected(ActionEncoding.for_game, *args)
    assert isinstance(error, SettingsError) and named in str(error)
    error = rejected(ActionEncoding, *(args + (Rules(), STANDARD_TILES)[len(args) - 1 :]))
    assert isinstance(error, SettingsError) and named in str(error)


@pytest.mark.parametrize("state", [None, "state", 3, new_game(2).to_json()])
def test_an_encoding_for_what_is_not_a_state_is_refused(state: object) -> None:
    error = rejected(ActionEncoding.for_state, state)
    assert isinstance(error, SettingsError) and "state must be a GameState" in str(error)


def test_a_tile_set_too_large_to_encode_is_refused_naming_the_tiles() -> None:
    island, ocean = STANDARD_TILES.pile_islands[0], STANDARD_TILES.pile_oceans[0]
    huge = TileSet(STANDARD_TILES.start, (island, *([ocean] * MAX_DISC_RADIUS)))
    error = rejected(ActionEncoding.for_game, 2, Rules(), huge)
    assert isinstance(error, SettingsError) and str(error).startswith("tiles:")


# --------------------------------------------------------------------------- disc and radius


@pytest.mark.parametrize(
    "radius", [-1, True, 1.0, float("nan"), "3", None, 2**40, 10**5000], ids=short
)
def test_disc_cells_refuses_what_is_not_a_sane_radius(radius: object) -> None:
    started = time.perf_counter()
    error = rejected(disc_cells, radius)
    assert isinstance(error, SettingsError) and "radius" in str(error)
    assert time.perf_counter() - started < 1.0  # refused at once, nothing built


def test_disc_cells_takes_every_radius_up_to_the_documented_maximum() -> None:
    assert len(disc_cells(0)) == 1
    assert len(disc_cells(MAX_DISC_RADIUS)) == 3 * MAX_DISC_RADIUS * (MAX_DISC_RADIUS + 1) + 1
    rejected(disc_cells, MAX_DISC_RADIUS + 1)


@pytest.mark.parametrize(
    ("rules", "tiles", "named"),
    [("x", STANDARD_TILES, "rules"), (Rules(), 31, "tiles"), (None, None, "rules")],
)
def test_placement_radius_names_what_is_not_rules_or_tiles(
    rules: object, tiles: object, named: str
) -> None:
    error = rejected(placement_radius, rules, tiles)
    assert isinstance(error, SettingsError) and str(error).startswith(named)


# --------------------------------------------------------------------------- indices


@pytest.mark.parametrize(
    ("index", "message"),
    [
        (True, "action index True is not an int (a bool is not one): valid indices are 0..20451"),
        (3.0, "action index 3.0 is not an int: valid indices are 0..20451"),
        (-1, "action index -1 is outside 0..20451"),
        (20452, "action index 20452 is outside 0..20451"),
        (10**5000, "action index an int of about 5001 digits is outside 0..20451"),
    ],
    ids=short,
)
def test_decode_block_of_and_describe_name_a_bad_index_and_the_valid_range(
    index: object, message: str
) -> None:
    state = new_game(2)
    before = snapshot(state)
    encoding = ActionEncoding.for_state(state)
    for function in (functools.partial(encoding.decode, state), encoding.block_of):
        error = rejected(function, index)
        assert isinstance(error, IllegalActionError) and str(error) == message
    assert isinstance(rejected(encoding.describe, index), IllegalActionError)
    assert snapshot(state) == before


def test_decode_refuses_true_although_true_equals_the_legal_index_one() -> None:
    state = new_game(2)
    assert ActionEncoding.for_state(state).decode(state, 1) == SetupPlace(1)
    rejected(ActionEncoding.for_state(state).decode, state, True)


@pytest.mark.parametrize("index", [True, -1, 31, 0.0, "0", None])
def test_decode_chance_names_a_bad_chance_index(index: object) -> None:
    error = rejected(ActionEncoding.for_game(2).decode_chance, index)
    assert isinstance(error, IllegalActionError) and "chance index" in str(error)
    assert "0..30" in str(error)


@pytest.mark.parametrize(
    "draw", [None, "hawaii", Draw("tonga"), Draw("no-such-tile"), SetupPlace(0)]
)
def test_encode_chance_names_what_is_not_a_draw_of_the_pile(draw: object) -> None:
    error = rejected(ActionEncoding.for_game(2).encode_chance, draw)
    assert isinstance(error, IllegalActionError) and str(error).startswith("draw:")


# --------------------------------------------------------------------------- actions and states


@pytest.mark.parametrize(
    ("kind", "value"),
    [(SetupPlace, True), (SetupPlace, 1.0), (SetupPlace, 1 + 0j), (Draw, "\ud800"), (Draw, 3)],
)
def test_an_action_equal_to_a_legal_one_only_by_loose_equality_cannot_be_built(
    kind: type, value: object
) -> None:
    # so encode never meets SetupPlace(True), which == SetupPlace(1)
    with pytest.raises(IllegalActionError):
        kind(value)


@pytest.mark.parametrize("state", [None, "state", 0, [new_game(2)]])
def test_every_state_method_names_what_is_not_a_state(state: object) -> None:
    encoding = ActionEncoding.for_game(2)
    for method in (
        encoding.legal_indices,
        encoding.legal_mask,
        encoding.legal_mask_list,
        encoding.chance_outcomes,
        functools.partial(encoding.decode, index=0),
        functools.partial(encoding.encode, action=SetupPlace(0)),
    ):
        error = rejected(method, state)
        assert isinstance(error, InvalidPositionError), method
        assert "state must be a GameState" in str(error)


def test_a_state_of_another_game_is_refused_as_settings_that_do_not_fit() -> None:
    three = new_game(3)
    encoding = ActionEncoding.for_game(2)
    for method in (encoding.legal_indices, encoding.legal_mask, encoding.chance_outcomes):
        error = rejected(method, three)
        assert isinstance(error, SettingsError) and "does not fit a 3-player game" in str(error)
    other_rules = new_game(2, Rules(variant_rody=True))
    assert "other rules" in str(rejected(encoding.legal_indices, other_rules))


# --------------------------------------------------------------------------- hypothesis


@HOSTILE
@given(states, ill_typed_indices)
def test_only_tongiaki_errors_escape_the_index_functions_and_the_state_is_unchanged(
    state: GameState, index: object
) -> None:
    before = snapshot(state)
    encoding = ActionEncoding.for_state(state)
    for function in (
        functools.partial(encoding.decode, state),
        encoding.decode_chance,
        encoding.block_of,
        encoding.describe,
    ):
        try:
            function(index)
        except TongiakiError as error:
            assert "index" in str(error)
        else:
            assert type(index) is int  # only a real int is ever taken
    assert snapshot(state) == before


@HOSTILE
@given(states, garbage_actions())
def test_encode_takes_only_an_exactly_typed_legal_action(state: GameState, action: object) -> None:
    before = snapshot(state)
    encoding = ActionEncoding.for_state(state)
    try:
        index = encoding.encode(state, action)
    except TongiakiError:
        pass
    else:
        found = encoding.decode(state, index)
        assert found == action and repr(found) == repr(action)
    assert snapshot(state) == before


@HOSTILE
@given(
    st.one_of(hostile_ints(), garbage(), st.integers(-3, 9)), st.one_of(garbage(), hostile_text())
)
def test_only_settings_errors_escape_the_constructors(players: object, rules: object) -> None:
    for args in ((players,), (players, rules), (3, Rules(), rules)):
        try:
            ActionEncoding.for_game(*args)
        except SettingsError:
            pass
        else:
            assert type(players) is int and 2 <= players <= 6 and len(args) == 1


@HOSTILE
@given(states, st.one_of(garbage(), hostile_text(), st.builds(Draw, hostile_text())))
def test_only_tongiaki_errors_escape_the_chance_functions(state: GameState, draw: object) -> None:
    before = snapshot(state)
    encoding = ActionEncoding.for_state(state)
    try:
        encoding.encode_chance(draw)
    except IllegalActionError:
        pass
    else:
        assert type(draw) is Draw
    assert [o for o, _p in encoding.chance_outcomes(state)] == [
        encoding.encode_chance(d) for d, _p in state.chance_outcomes()
    ]
    assert snapshot(state) == before
