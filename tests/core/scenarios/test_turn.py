"""Scenarios for the shape of a turn: one of three actions, who decides, when it passes.

Clauses TURN-1..3.
"""

from __future__ import annotations

import pytest
from scenario_helpers import TONGA, assert_illegal, boats, legal, play

from tongiaki_rules import (
    Berth,
    Colour,
    DecisionKind,
    Depart,
    Draw,
    Expand,
    FoundRoyal,
    Recolonize,
    ReturnBoat,
    position,
)

HAWAII = (0, -1)  # above Tonga, as if drawn from beach 3 (rotation 0)


@pytest.mark.clause("TURN-1")
def test_a_turn_offers_expansion_a_royal_island_or_recolonisation_and_no_pass() -> None:
    state = position(
        3,
        tiles=[(HAWAII, "hawaii", 0)],
        boats={(TONGA, 0): "BR", (HAWAII, 1): "B"},
        to_move=0,
    )
    assert state.pending.kind is DecisionKind.TURN
    actions = state.legal_actions()
    assert {type(a) for a in actions} == {Expand, FoundRoyal, Recolonize}
    # one boat on Tonga: one new boat on any of its 6 beaches; one boat on Hawaii: 3 choices
    assert len(legal(state, Expand)) == 6 + 3
    # blue is alone on Hawaii (not on Tonga, which can never be royal)
    assert legal(state, FoundRoyal) == [FoundRoyal(HAWAII)]
    assert legal(state, Recolonize) == [Recolonize()]


@pytest.mark.clause("TURN-1")
def test_a_turn_starts_with_its_action_not_with_a_departure_or_a_landing() -> None:
    state = position(2, boats={(TONGA, 0): "BR"}, to_move=0)
    assert_illegal(state, Depart(TONGA, 0, 0), "TURN-1")
    assert_illegal(state, Berth(Colour.BLUE, 0), "TURN-1")
    assert_illegal(state, ReturnBoat(Colour.BLUE), "TURN-1")


@pytest.mark.clause("TURN-1", "TURN-3")
def test_after_the_turn_action_the_player_does_not_get_a_second_one() -> None:
    state = position(2, tiles=[(HAWAII, "hawaii", 0)], boats={(HAWAII, 1): "B"}, to_move=0)
    after = state.apply(Expand(HAWAII, (0,)))
    # no beach is full: the turn is over and red (without boats) is to act
    assert after.turn_colour is Colour.RED
    assert after.current_player == 1


@pytest.mark.clause("TURN-2", "LAND-1")
def test_the_active_player_decides_where_other_players_boats_land() -> None:
    # Tonga's beach 3 is full of red and green boats while it is blue's turn.
    state = position(3, boats={(TONGA, 3): "RRG"}, to_move=0)
    assert state.is_chance_node  # one jetty only: the beach sails at once
    state = state.apply(Draw("hawaii"))
    assert state.pending.kind is DecisionKind.BERTH
    assert state.current_player == 0
    assert {a.colour for a in legal(state, Berth)} == {Colour.RED, Colour.GREEN}
    state = state.apply(Berth(Colour.GREEN, 1))
    # the two red boats must go to the two beaches still without a boat: done at once
    assert [boats(state, HAWAII, b) for b in range(3)] == ["R", "G", "R"]
    assert state.current_player == 1


@pytest.mark.clause("TURN-2", "DEPART-2")
def test_the_active_player_orders_departures_of_beaches_without_own_boats() -> None:
    state = position(3, boats={(TONGA, 0): "RRG", (TONGA, 3): "GGR"}, to_move=0)
    assert state.pending.kind is DecisionKind.DEPARTURE
    assert state.current_player == 0
    assert set(legal(state, Depart)) == {Depart(TONGA, 0, 0), Depart(TONGA, 3, 3)}


@pytest.mark.clause("TURN-3")
def test_the_turn_passes_clockwise_from_the_last_seat_to_the_first() -> None:
    state = position(3, boats={(TONGA, 0): "B", (TONGA, 1): "R", (TONGA, 2): "G"}, to_move=2)
    state = state.apply(Expand(TONGA, (5,)))
    assert state.pending.kind is DecisionKind.TURN
    assert state.current_player == 0
    state = play(state, Expand(TONGA, (4,)), Expand(TONGA, (3,)))
    assert state.current_player == 2


@pytest.mark.clause("TURN-3")
def test_the_turn_does_not_pass_while_an_expedition_is_under_way() -> None:
    state = position(3, boats={(TONGA, 3): "BR"}, to_move=0)
    state = state.apply(Expand(TONGA, (3,)))  # beach 3 full: BBR sails
    assert state.is_chance_node
    assert state.current_player is None
    assert state.turn_colour is Colour.BLUE
    state = state.apply(Draw("ocean-p"))  # unnumbered route: the voyage goes on
    assert state.is_chance_node
    assert state.turn_colour is Colour.BLUE
    state = state.apply(Draw("tubuai"))
    # three boats, two beaches: blue still decides the landing
    assert state.pending.kind is DecisionKind.BERTH
    assert state.current_player == 0
