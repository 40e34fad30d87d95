"""The position builder: readable positions, and clear errors for impossible ones."""

from __future__ import annotations

import pytest

from tongiaki_rules import (
    ORIGIN,
    Berth,
    Colour,
    DecisionKind,
    Draw,
    InvalidPositionError,
    Rules,
    position,
)

B, R, G = Colour.BLUE, Colour.RED, Colour.GREEN
HAWAII = (0, -1)


def test_a_quiet_position_waits_for_the_turn_action_of_to_move() -> None:
    state = position(3, tiles=[(HAWAII, "hawaii", 0)], boats={(HAWAII, 1): "BR"}, to_move=1)
    assert state.pending.kind is DecisionKind.TURN
    assert state.current_player == 1
    assert state.reserve(B) == 14 and state.reserve(R) == 14 and state.reserve(G) == 15
    assert state.pile.size == 30  # every tile not on the table


@pytest.mark.topic("positions")
def test_a_full_beach_makes_the_position_wait_for_its_departure() -> None:
    state = position(3, tiles=[(HAWAII, "hawaii", 0)], boats={(HAWAII, 0): "BRG"})
    assert state.pending.kind is DecisionKind.DEPARTURE


@pytest.mark.topic("positions")
def test_a_group_on_an_island_waits_for_its_berthing() -> None:
    state = position(3, tiles=[(HAWAII, "hawaii", 0)], group="RRG", group_at=HAWAII)
    assert state.pending.kind is DecisionKind.BERTH
    assert state.pending.island == HAWAII
    assert state.pending.group == (R, R, G)
    assert Berth(R, 0) in state.legal_actions()
    assert state.reserve(R) == 13  # the group's boats are not in the reserve


@pytest.mark.topic("positions")
def test_a_group_before_an_empty_hex_is_a_chance_node_and_the_draw_lands_it() -> None:
    state = position(
        3, group="BR", group_at=(0, 1), entry=3, origin=ORIGIN, pile=["samoa", "ocean-a"]
    )
    assert state.is_chance_node
    state = state.apply(Draw("samoa"))
    samoa = state.island_at((0, 1))
    assert samoa is not None and samoa.rotation == 3  # red marker towards Tonga
    assert state.pending.kind is DecisionKind.BERTH


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"tiles": [(HAWAII, "atlantis", 0)]}, "unknown pile tile id"),
        ({"tiles": [(HAWAII, "hawaii", 6)]}, "rotation"),
        ({"tiles": [(HAWAII, "hawaii", 0), (HAWAII, "samoa", 0)]}, "two tiles at"),
        ({"tiles": [(HAWAII, "hawaii", 0), ((5, 5), "hawaii", 0)]}, "used 2 times"),
        ({"boats": {(ORIGIN, 0): "BBBB"}}, "3 slots"),
        ({"boats": {(ORIGIN, 7): "B"}}, "no beach 7"),
        ({"boats": {(HAWAII, 0): "B"}}, "no island at"),
        ({"boats": {(ORIGIN, 0): "BP"}}, "not in play"),
        ({"boats": {(ORIGIN, 0): "BX"}}, "unknown colour letter"),
        ({"kings": {ORIGIN: "B"}}, "Tonga can never be a royal island"),
        ({"reserves": {"B": 15}, "boats": {(ORIGIN, 0): "B"}}, "more than 15 boats"),
        ({"pile": ["hawaii", "hawaii"]}, "already used"),
        ({"pile": []}, "empty pile"),
        ({"group": "RR"}, "needs group_at"),
        ({"group": "RR", "group_at": (0, 1)}, "needs entry"),
        ({"group": "RR", "group_at": (0, 1), "entry": 3}, "needs the origin"),
        ({"to_move": 5}, "to_move"),
    ],
)
def test_an_impossible_position_is_refused_with_a_clear_error(
    kwargs: dict[str, object], message: str
) -> None:
    with pytest.raises(InvalidPositionError, match=message):
        position(3, **kwargs)  # type: ignore[arg-type]


def test_a_group_cannot_stop_on_an_ocean_tile() -> None:
    with pytest.raises(InvalidPositionError, match="not on ocean tile"):
        position(3, tiles=[((0, 1), "ocean-a", 0)], group="R", group_at=(0, 1))


def test_the_two_colour_variant_refuses_more_than_two_players() -> None:
    with pytest.raises(InvalidPositionError, match="exactly 2 players"):
        position(3, rules=Rules(variant_two_player_double_colour=True))
