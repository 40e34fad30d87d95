"""Issue 13: apply refuses anything but a well-typed legal action and changes nothing."""

from __future__ import annotations

from typing import Any

import pytest
from contract_garbage import HUGE_INTS, NOT_HEXES, NOT_INTS, NOT_STRINGS, fingerprint
from hypothesis import given
from hypothesis import strategies as st

from tongiaki_rules import (
    Berth,
    Colour,
    Depart,
    Draw,
    Expand,
    ExpandFromBoard,
    FoundRoyal,
    GameState,
    IllegalActionError,
    PlaceNewBoats,
    PlaceTile,
    ReturnBoat,
    SetupPlace,
    new_game,
)
from tongiaki_rules._scenario import position

SETUP = new_game(2)
CHANCE = position(2, boats={((0, 0), 0): "BRB"}, pile=["hawaii", "ocean-a"])
STATES = (SETUP, CHANCE)


def _refused_by_every_state(action: Any, *named: str) -> None:
    for state in STATES:
        before = fingerprint(state)
        for apply in (state.apply, state.apply_with_events):
            with pytest.raises(IllegalActionError) as caught:
                apply(action)
            for word in named:
                assert word in str(caught.value)
        assert fingerprint(state) == before


@given(thing=st.one_of(NOT_INTS, st.integers(), st.just(SetupPlace)))
def test_applying_something_that_is_not_an_action_is_refused(thing: Any) -> None:
    _refused_by_every_state(thing, "action must be one of the action classes")


@pytest.mark.parametrize(
    "build",
    [
        SetupPlace,
        lambda v: Expand((0, 0), (v,)),
        lambda v: ExpandFromBoard((0, 0), v, (0, 0), 0),
        lambda v: ExpandFromBoard((0, 0), 0, (0, 0), v),
        lambda v: Depart((0, 0), v, 0),
        lambda v: Depart((0, 0), 0, v),
        lambda v: PlaceTile((0, -1), v),
        lambda v: Berth(Colour.RED, v),
        lambda v: PlaceNewBoats((0, 0), (0, v)),
    ],
)
@given(value=st.one_of(NOT_INTS, HUGE_INTS))
def test_an_action_with_a_number_that_is_not_an_int_cannot_be_built(build: Any, value: Any) -> None:
    with pytest.raises(IllegalActionError, match=r"must be an int|out of range|tuple"):
        build(value)


@pytest.mark.parametrize(
    "build",
    [
        lambda h: Expand(h, (0,)),
        lambda h: ExpandFromBoard(h, 0, (0, 0), 0),
        lambda h: ExpandFromBoard((0, 0), 0, h, 0),
        FoundRoyal,
        lambda h: PlaceNewBoats(h, (0, 1)),
        lambda h: Depart(h, 0, 0),
        lambda h: PlaceTile(h, 0),
    ],
)
@given(hex_=NOT_HEXES)
def test_an_action_on_something_that_is_not_a_hex_cannot_be_built(build: Any, hex_: Any) -> None:
    with pytest.raises(IllegalActionError, match=r"hex|must be an int|out of range"):
        build(hex_)


@given(colour=st.one_of(NOT_INTS, HUGE_INTS, st.integers(max_value=-1), st.integers(6, 99)))
def test_an_action_with_a_colour_that_does_not_exist_cannot_be_built(colour: Any) -> None:
    for build in (lambda: Berth(colour, 0), lambda: ReturnBoat(colour)):
        with pytest.raises(IllegalActionError, match=r"colour"):
            build()


@given(tile=st.one_of(NOT_STRINGS, st.just("\ud800"), st.just("a\udfffb")))
def test_a_draw_of_something_that_is_not_a_tile_id_cannot_be_built(tile: Any) -> None:
    with pytest.raises(IllegalActionError, match=r"Draw\.tile"):
        Draw(tile)


def test_setup_on_beach_true_is_refused_although_true_equals_one() -> None:
    with pytest.raises(IllegalActionError, match=r"SetupPlace.beach must be an int, not the bool"):
        SetupPlace(beach=True)


def test_a_colour_given_as_its_index_is_the_colour() -> None:
    assert Berth(1, 2) == Berth(Colour.RED, 2)
    assert type(Berth(1, 2).colour) is Colour
    assert repr(ReturnBoat(0)) == "ReturnBoat(colour=Colour.BLUE)"


def test_an_unknown_tile_is_an_illegal_draw() -> None:
    _refused_by_every_state(Draw("atlantis"))


def test_an_action_equal_to_a_legal_one_is_accepted_as_that_action() -> None:
    built = SetupPlace(int("3"))
    assert SETUP.apply(built) == SETUP.apply(SETUP.legal_actions()[3])


def test_a_legal_action_of_another_state_is_refused_with_its_rule() -> None:
    with pytest.raises(IllegalActionError, match=r"SETUP-4"):
        SETUP.apply(SetupPlace(9))
    with pytest.raises(IllegalActionError):
        CHANCE.apply(SetupPlace(0))


def test_a_draw_offered_at_a_chance_node_is_accepted() -> None:
    after = CHANCE.apply(Draw("hawaii"))
    assert isinstance(after, GameState)
    assert after.pile.tiles == ("ocean-a",)
