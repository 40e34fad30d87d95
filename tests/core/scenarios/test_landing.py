"""Scenarios for landings (Sbarco / Débarquement).

Clauses LAND-1..6 with AMB-16 (fewer boats than beaches: distinct beaches, player's
choice) and AMB-17 (the active player picks the surplus that goes home).
"""

from __future__ import annotations

import pytest
from scenario_helpers import TONGA, all_boats, assert_illegal, boats, legal, play, reserves

from tongiaki_rules import (
    Berth,
    Colour,
    DecisionKind,
    Depart,
    Draw,
    GameState,
    ReturnBoat,
    Rules,
    position,
)

ABOVE = (0, -1)  # beyond Tonga's beach 3 (rotation 0 for a drawn tile)
B, R, G, Y = Colour.BLUE, Colour.RED, Colour.GREEN, Colour.YELLOW


def _berth_choices(state: GameState) -> set[tuple[Colour, int]]:
    """(colour, beach) of every legal Berth."""
    return {(a.colour, a.beach) for a in legal(state, Berth)}


# --- LAND-1: the active player places the arriving boats -------------------------------


@pytest.mark.clause("LAND-1", "TURN-2")
def test_the_active_player_berths_the_arriving_boats_one_at_a_time() -> None:
    state = position(4, boats={(TONGA, 3): "BRG"}, to_move=1)
    state = state.apply(Draw("hawaii"))
    assert state.pending.kind is DecisionKind.BERTH
    assert state.pending.island == ABOVE
    assert state.current_player == 1  # red is active, although the group is mixed
    assert state.pending.group == (B, R, G)
    assert _berth_choices(state) == {(c, b) for c in (B, R, G) for b in range(3)}
    assert not legal(state, ReturnBoat)
    assert_illegal(state, Berth(Y, 0), "LAND-1")  # no yellow boat arrives
    assert_illegal(state, Berth(B, 3), "LAND-1")  # Hawaii has beaches 0..2


# --- LAND-2 / AMB-16: one boat per beach first ------------------------------------------


@pytest.mark.clause("LAND-2")
def test_every_beach_gets_one_boat_before_any_beach_gets_a_second() -> None:
    state = position(3, boats={(TONGA, 3): "BRG"}, to_move=0)
    state = play(state, Draw("hawaii"), Berth(B, 1))
    assert _berth_choices(state) == {(R, 0), (R, 2), (G, 0), (G, 2)}
    assert_illegal(state, Berth(R, 1), "LAND-2")
    state = state.apply(Berth(R, 2))
    # the last boat must take the last empty beach: that is done at once
    assert all_boats(state, ABOVE) == ["G", "B", "R"]
    assert state.turn_colour is R


@pytest.mark.clause("LAND-2", "AMB-16")
def test_with_fewer_boats_than_beaches_they_go_to_distinct_beaches_of_the_players_choice() -> None:
    # Muroroa above Tonga (rotation 0): beach 0 (2 slots) has one jetty, on board edge 1.
    state = position(3, tiles=[(ABOVE, "muroroa", 0)], boats={(ABOVE, 0): "BR"}, to_move=0)
    assert state.is_chance_node
    state = state.apply(Draw("samoa"))  # at (-1, 0), rotation 4
    assert state.pending.island == (-1, 0)
    assert _berth_choices(state) == {(c, b) for c in (B, R) for b in range(3)}
    state = state.apply(Berth(B, 2))
    assert _berth_choices(state) == {(R, 0), (R, 1)}
    assert_illegal(state, Berth(R, 2), "LAND-2")
    state = state.apply(Berth(R, 0))
    assert all_boats(state, (-1, 0)) == ["R", "", "B"]
    assert state.turn_colour is R


@pytest.mark.clause("LAND-2", "AMB-16", "LAND-5")
@pytest.mark.flag("closed_route_force_other_exit", False)
def test_a_beach_without_a_free_slot_gets_no_boat_and_does_not_count() -> None:
    # Tonga's beaches 0 and 3 are both full. Beach 3 sails first (allowed only without
    # the duty to sail elsewhere, CLOSED-2); ocean-l and ocean-p bring it straight back
    # to Tonga while beach 0 is still waiting to depart.
    state = position(
        3,
        tiles=[(ABOVE, "ocean-l", 0), ((1, -1), "ocean-p", 0)],
        boats={
            (TONGA, 0): "RRR",
            (TONGA, 1): "G",
            (TONGA, 2): "GG",
            (TONGA, 3): "BRG",
            (TONGA, 4): "RR",
            (TONGA, 5): "BB",
        },
        to_move=0,
        rules=Rules(closed_route_force_other_exit=False),
    )
    state = state.apply(Depart(TONGA, 3, 3))
    assert state.pending.kind is DecisionKind.BERTH
    assert state.pending.island == TONGA
    # beach 3, the one just left, may take boats again; beach 0 is full
    assert {beach for _c, beach in _berth_choices(state)} == {1, 2, 3, 4, 5}
    assert_illegal(state, Berth(B, 0), "LAND-2", "LAND-3")
    state = play(state, Berth(B, 1), Berth(R, 3), Berth(G, 5))
    assert all_boats(state, TONGA) == ["RRR", "BG", "GG", "R", "RR", "BBG"]


@pytest.mark.clause("LAND-2", "LAND-3")
def test_a_second_boat_may_go_early_when_enough_boats_remain_for_the_other_beaches() -> None:
    state = position(3, boats={(TONGA, 3): "BRG"}, to_move=0)
    state = play(state, Draw("tubuai"), Berth(B, 0))
    # two boats left and one beach still without a boat: either may double up on beach 0
    assert _berth_choices(state) == {(R, 0), (R, 1), (G, 0), (G, 1)}
    state = state.apply(Berth(R, 0))
    # green must now take beach 1
    assert all_boats(state, ABOVE) == ["BR", "G"]


# --- LAND-3: the rest anywhere -----------------------------------------------------------


@pytest.mark.clause("LAND-3")
def test_leftover_boats_may_go_on_any_free_slot_even_beside_their_own_colour() -> None:
    # Hawaii above Tonga: beach 1 (5 slots) sails by its jetty on board edge 3; Tubuai
    # (two beaches of 3) is drawn at (0, -2).
    state = position(3, tiles=[(ABOVE, "hawaii", 0)], boats={(ABOVE, 1): "BBBRR"}, to_move=0)
    state = play(state, Draw("tubuai"), Berth(B, 0), Berth(R, 1))
    assert state.pending.group == (B, B, R)
    assert _berth_choices(state) == {(B, 0), (B, 1), (R, 0), (R, 1)}
    assert not legal(state, ReturnBoat)  # 3 boats, 4 free slots
    state = state.apply(Berth(B, 0))
    assert boats(state, (0, -2), 0) == "BB"


# --- LAND-4 / AMB-17: the surplus goes home, the active player chooses ------------------


@pytest.mark.clause("LAND-4", "AMB-17", "LAND-3", "LAND-6")
@pytest.mark.parametrize(
    ("sent_home", "berths", "tubuai", "expected_reserves"),
    [
        # blue (active) sends its own two boats and a red one home
        ((B, B, R), (Berth(G, 0),), ["GYY", "RYY"], {"B": 15, "R": 14, "G": 14, "Y": 11}),
        # ... or sends other players' boats home and keeps its own
        ((R, R, G), (), ["BYY", "BYY"], {"B": 13, "R": 15, "G": 15, "Y": 11}),
    ],
)
def test_boats_without_a_free_slot_go_home_and_the_active_player_picks_which(
    sent_home: tuple[Colour, ...],
    berths: tuple[Berth, ...],
    tubuai: list[str],
    expected_reserves: dict[str, int],
) -> None:
    # Five boats from Hawaii's beach 1 reach Tubuai at (0, -2), which has 2 free slots.
    state = position(
        4,
        tiles=[(ABOVE, "hawaii", 0), ((0, -2), "tubuai", 0)],
        boats={(ABOVE, 1): "BBRRG", ((0, -2), 0): "YY", ((0, -2), 1): "YY"},
        to_move=0,
    )
    assert state.pending.kind is DecisionKind.BERTH
    assert state.current_player == 0
    assert set(legal(state, ReturnBoat)) == {ReturnBoat(B), ReturnBoat(R), ReturnBoat(G)}
    state = play(state, *(ReturnBoat(c) for c in sent_home))
    if state.pending.kind is DecisionKind.BERTH:  # (two blue boats are placed at once)
        # two boats for two free slots: nobody else may go home now
        assert not legal(state, ReturnBoat)
        assert_illegal(state, ReturnBoat(state.pending.group[0]), "LAND-4")
    state = play(state, *berths)
    assert all_boats(state, (0, -2)) == tubuai
    assert reserves(state) == expected_reserves
    # both Tubuai beaches are full now (LAND-6): blue chooses the next departure
    assert state.pending.kind is DecisionKind.DEPARTURE
    assert state.current_player == 0
    assert set(legal(state, Depart)) == {
        Depart((0, -2), 0, 1),
        Depart((0, -2), 0, 2),
        Depart((0, -2), 1, 4),
        Depart((0, -2), 1, 5),
    }


@pytest.mark.clause("LAND-4", "LAND-5")
def test_a_group_reaching_an_island_without_any_free_slot_goes_home_entirely() -> None:
    # Tubuai above Tonga has both beaches full (they are waiting to depart too).
    state = position(
        3,
        tiles=[(ABOVE, "tubuai", 0)],
        boats={(TONGA, 3): "BRG", (ABOVE, 0): "RRR", (ABOVE, 1): "GGG"},
        to_move=0,
    )
    state = state.apply(Depart(TONGA, 3, 3))
    assert reserves(state) == {"B": 15, "R": 12, "G": 12}
    assert all_boats(state, ABOVE) == ["RRR", "GGG"]
    assert state.pending.kind is DecisionKind.DEPARTURE
    assert {a.island for a in legal(state, Depart)} == {ABOVE}


# --- LAND-5: existing islands, the departure island included -----------------------------


@pytest.mark.clause("LAND-5", "LAND-2")
def test_landing_on_an_island_already_on_the_table_follows_the_same_rules() -> None:
    # Hawaii lies above Tonga with red boats on it; Tonga's beach 3 sails straight there.
    state = position(
        3,
        tiles=[(ABOVE, "hawaii", 0)],
        boats={(TONGA, 3): "BBG", (ABOVE, 0): "RR", (ABOVE, 1): "R"},
        to_move=0,
    )
    assert state.pending.island == ABOVE
    state = state.apply(Berth(G, 0))
    # the two blue boats go one each to beaches 1 and 2 (forced)
    assert all_boats(state, ABOVE) == ["RRG", "BR", "B"]
    # beach 0 (3 slots) is now full: it departs by one of its two jetties
    assert state.pending.kind is DecisionKind.DEPARTURE
    assert set(legal(state, Depart)) == {Depart(ABOVE, 0, 1), Depart(ABOVE, 0, 2)}


# --- LAND-6: after the landing -----------------------------------------------------------


@pytest.mark.clause("LAND-6", "TURN-3")
def test_a_landing_that_fills_no_beach_ends_the_turn() -> None:
    state = position(3, boats={(TONGA, 3): "BRG"}, to_move=2)
    state = play(state, Draw("samoa"), Berth(B, 0), Berth(R, 1))
    assert all_boats(state, ABOVE) == ["B", "R", "G"]
    assert state.pending.kind is DecisionKind.TURN
    assert state.turn_colour is B  # after green (seat 2) comes blue (seat 0)
