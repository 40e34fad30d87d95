"""Issue 13: a question a state cannot answer raises a QueryError naming the argument."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

import pytest
from contract_garbage import HUGE_INTS, NOT_HEXES, NOT_INTS, fingerprint
from hypothesis import given
from hypothesis import strategies as st

from tongiaki_rules import (
    Colour,
    GameState,
    IllegalActionError,
    QueryError,
    Rules,
    SettingsError,
    TongiakiError,
    new_game,
)
from tongiaki_rules._scenario import position

STATE = new_game(3)
DOUBLE = new_game(2, Rules(variant_two_player_double_colour=True))

COLOUR_QUERIES: dict[str, Callable[[GameState, Any], object]] = {
    "reserve": GameState.reserve,
    "seat_of": GameState.seat_of,
    "boats_on_board": GameState.boats_on_board,
    "boats_at_sea": GameState.boats_at_sea,
    "boats_out_of_game": GameState.boats_out_of_game,
    "royal_islands_founded": GameState.royal_islands_founded,
}
HEX_QUERIES: dict[str, Callable[[GameState, Any], object]] = {
    "tile_at": GameState.tile_at,
    "island_at": GameState.island_at,
    "beach": lambda state, hex_: state.beach(hex_, 0),
}


def _refused(query: Callable[[], object], argument: str) -> QueryError:
    before = fingerprint(STATE)
    with pytest.raises(QueryError) as caught:
        query()
    assert argument in str(caught.value)
    assert fingerprint(STATE) == before
    return caught.value


@pytest.mark.parametrize("name", sorted(COLOUR_QUERIES))
@given(colour=st.one_of(NOT_INTS, HUGE_INTS, st.integers(max_value=-1), st.integers(3, 100)))
def test_a_colour_query_refuses_what_is_not_a_colour_in_play(name: str, colour: Any) -> None:
    _refused(lambda: COLOUR_QUERIES[name](STATE, colour), "colour")


@pytest.mark.parametrize("name", sorted(COLOUR_QUERIES))
def test_a_colour_query_accepts_a_colour_and_its_index(name: str) -> None:
    query = COLOUR_QUERIES[name]
    assert query(STATE, Colour.GREEN) == query(STATE, 2)


def test_a_colour_not_in_play_is_named_with_the_colours_in_play() -> None:
    error = _refused(lambda: STATE.reserve(Colour.PURPLE), "colour")
    assert "not in play (in play: blue, red, green)" in str(error)


def test_the_two_colour_variant_answers_for_all_four_colours() -> None:
    assert [DOUBLE.seat_of(c) for c in DOUBLE.colours] == [0, 1, 0, 1]
    with pytest.raises(QueryError, match=r"colour"):
        DOUBLE.seat_of(Colour.ORANGE)


def test_true_is_not_the_red_colour() -> None:
    _refused(lambda: STATE.reserve(True), "colour must be a Colour")


@pytest.mark.parametrize("name", sorted(HEX_QUERIES))
@given(hex_=NOT_HEXES)
def test_a_position_query_refuses_what_is_not_a_hex(name: str, hex_: Any) -> None:
    argument = "island" if name == "beach" else "position"
    _refused(lambda: HEX_QUERIES[name](STATE, hex_), argument)


@given(q=st.integers(-(10**30), 10**30), r=st.integers(-(10**30), 10**30))
def test_an_empty_hex_has_no_tile_and_no_island(q: int, r: int) -> None:
    if (q, r) != (0, 0):
        assert STATE.tile_at((q, r)) is None
        assert STATE.island_at((q, r)) is None


def test_the_beach_of_a_missing_island_is_a_query_error_and_a_key_error() -> None:
    error = _refused(lambda: STATE.beach((4, 4), 0), "island")
    assert isinstance(error, KeyError) and isinstance(error, ValueError)
    assert str(error) == "island: there is no island at (4, 4)"


def test_an_ocean_tile_has_no_beach() -> None:
    state = position(2, tiles=[((0, -1), "ocean-a", 0)], pile=["hawaii", "ocean-b"])
    assert state.tile_at((0, -1)) is not None and state.island_at((0, -1)) is None
    with pytest.raises(QueryError, match=r"island: there is no island at"):
        state.beach((0, -1), 0)


@given(index=st.one_of(NOT_INTS, HUGE_INTS, st.integers(max_value=-1), st.integers(6, 100)))
def test_a_beach_that_does_not_exist_is_refused(index: Any) -> None:
    error = _refused(lambda: STATE.beach((0, 0), index), "index")
    assert isinstance(error, IndexError)


def test_every_beach_of_tonga_can_be_asked_for() -> None:
    assert [STATE.beach((0, 0), k).index for k in range(6)] == list(range(6))


@given(rng=st.one_of(st.none(), st.integers(), st.text(max_size=3), st.just(random)))
def test_drawing_with_something_that_is_not_a_random_generator_is_refused(rng: Any) -> None:
    chance = position(2, boats={((0, 0), 0): "BRB"}, pile=["hawaii", "ocean-a"])
    for draw in (chance.sample_chance, chance.resolve_chance):
        with pytest.raises(SettingsError, match=r"rng must be a random.Random"):
            draw(rng)


@given(rng=st.one_of(st.none(), st.integers(), st.text(max_size=3), st.just(random)))
def test_sampling_a_move_with_something_that_is_not_a_random_generator_is_refused(
    rng: Any,
) -> None:
    before = fingerprint(STATE)
    with pytest.raises(SettingsError, match=r"rng must be a random.Random"):
        STATE.sample_action(rng)
    assert fingerprint(STATE) == before


def test_sampling_a_move_where_nobody_decides_is_an_illegal_action() -> None:
    chance = position(2, boats={((0, 0), 0): "BRB"}, pile=["hawaii", "ocean-a"])
    with pytest.raises(IllegalActionError, match=r"a chance node: nobody decides"):
        chance.sample_action(random.Random(1))
    over = new_game(2)
    rng = random.Random(4)
    while not over.is_terminal:
        move = over.sample_chance(rng) if over.is_chance_node else over.sample_action(rng)
        over = over.apply(move)
    with pytest.raises(IllegalActionError, match=r"the game is over"):
        over.sample_action(random.Random(1))


def test_sampling_a_draw_at_a_decision_is_an_illegal_action() -> None:
    with pytest.raises(IllegalActionError, match=r"not a chance node"):
        STATE.sample_chance(random.Random(1))


def test_resolving_chance_at_a_decision_returns_the_state_itself() -> None:
    assert STATE.resolve_chance(random.Random(1)) is STATE


def test_a_query_error_is_a_tongiaki_error() -> None:
    assert issubclass(QueryError, TongiakiError)
    assert issubclass(QueryError, IndexError)
