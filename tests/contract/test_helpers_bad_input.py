"""Issue 13: hex geometry, colour letters, tile notation and scoring refuse bad input."""

from __future__ import annotations

from typing import Any

import pytest
from contract_garbage import NOT_HEXES, NOT_INTS, NOT_STRINGS
from hypothesis import given
from hypothesis import strategies as st

from tongiaki_rules import Colour, QueryError, SettingsError, TileSetError, play_random_game
from tongiaki_rules._scoring import colour_scores, outcome, seat_scores
from tongiaki_rules._standard_tiles import island, ocean
from tongiaki_rules.hexgrid import (
    distance,
    marker_rotation,
    neighbour,
    neighbours,
    opposite,
    rotate,
    to_board,
    to_local,
)

NOT_DIRECTIONS = st.one_of(NOT_INTS, st.integers(max_value=-1), st.integers(min_value=6))


@given(hex_=NOT_HEXES)
def test_hex_geometry_refuses_what_is_not_a_hex(hex_: Any) -> None:
    for call in (
        lambda: neighbour(hex_, 0),
        lambda: neighbours(hex_),
        lambda: rotate(hex_, 1),
        lambda: distance(hex_, (0, 0)),
        lambda: distance((0, 0), hex_),
    ):
        with pytest.raises(QueryError, match=r"(position|a|b) must be a hex"):
            call()


@given(direction=NOT_DIRECTIONS)
def test_hex_geometry_refuses_what_is_not_a_direction(direction: Any) -> None:
    for call in (
        lambda: neighbour((0, 0), direction),
        lambda: opposite(direction),
        lambda: marker_rotation(direction),
        lambda: to_board(direction, 0),
        lambda: to_local(direction, 0),
    ):
        with pytest.raises(QueryError, match=r"(direction|toward|edge) must be a direction 0\.\.5"):
            call()


@given(turns=NOT_INTS)
def test_a_rotation_is_a_whole_number_of_sixth_turns(turns: Any) -> None:
    for call in (lambda: rotate((1, 0), turns), lambda: to_board(0, turns)):
        with pytest.raises(QueryError, match=r"(steps|rotation) must be an int"):
            call()


def test_a_rotation_may_be_any_int() -> None:
    assert rotate((1, 0), 6 * 10**40 + 1) == rotate((1, 0), 1)
    assert to_local(2, -4) == to_local(2, 2)


@given(letter=st.one_of(NOT_STRINGS, st.text(max_size=3)))
def test_a_colour_letter_must_be_one_of_brgyop(letter: Any) -> None:
    if isinstance(letter, str) and letter.upper() in tuple("BRGYOP"):
        assert Colour.from_letter(letter).letter == letter.upper()
        return
    with pytest.raises(QueryError, match=r"letter: unknown colour letter"):
        Colour.from_letter(letter)


@pytest.mark.parametrize("beaches", ["2", "2:x", "x:1", "2:1:3", 3, None])
def test_the_island_notation_refuses_what_it_cannot_read(beaches: Any) -> None:
    with pytest.raises(TileSetError, match=r"beaches|IslandTile\.beaches"):
        island("x", "X", 2, beaches)


@pytest.mark.parametrize("routes", ["01", "0:-", "012:-", "0a:2", 5, None])
def test_the_ocean_notation_refuses_what_it_cannot_read(routes: Any) -> None:
    with pytest.raises(TileSetError, match=r"routes"):
        ocean("z", routes)


@pytest.mark.parametrize("state", [None, 3, "state", play_random_game])
def test_scoring_refuses_what_is_not_a_state(state: Any) -> None:
    for score in (colour_scores, seat_scores, outcome):
        with pytest.raises(QueryError, match=r"state must be a GameState"):
            score(state)


@pytest.mark.parametrize("seed", [True, 1.5, "7", b"7", [1]])
def test_a_random_game_needs_an_int_seed(seed: Any) -> None:
    with pytest.raises(SettingsError, match=r"seed must be an int or None"):
        play_random_game(2, seed)
