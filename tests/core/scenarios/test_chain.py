"""Scenarios for chain reactions (Kettenzug / reazione a catena).

Clauses CHAIN-1..3 with AMB-36 (the next departure is chosen after each expedition, among
all full beaches on the board) and TURN-2/TURN-3 (the active player decides everything and
keeps the turn until no beach is full).
"""

from __future__ import annotations

import pytest
from scenario_helpers import TONGA, all_boats, boats, finish_landing, legal, play

from tongiaki_rules import Berth, Colour, DecisionKind, Depart, Draw, GameState, Rules, position

ABOVE = (0, -1)  # beyond Tonga's beach 3
B, R, G, Y = Colour.BLUE, Colour.RED, Colour.GREEN, Colour.YELLOW


@pytest.mark.clause("CHAIN-1", "LAND-6", "TURN-2", "TURN-3")
def test_a_beach_filled_by_a_landing_departs_in_the_same_turn() -> None:
    # Hawaii above Tonga has a red boat on beach 2 (2 slots, jetties on board edges 4, 5).
    state = position(
        3, tiles=[(ABOVE, "hawaii", 0)], boats={(TONGA, 3): "BRG", (ABOVE, 2): "R"}, to_move=0
    )
    assert state.pending.island == ABOVE  # sailed at once, nothing to draw
    state = play(state, Berth(G, 2), Berth(B, 1))
    assert all_boats(state, ABOVE) == ["R", "B", "RG"]
    # beach 2 is full: it sails, in blue's turn, by the jetty blue picks
    assert state.pending.kind is DecisionKind.DEPARTURE
    assert state.current_player == 0
    assert set(legal(state, Depart)) == {Depart(ABOVE, 2, 4), Depart(ABOVE, 2, 5)}
    state = state.apply(Depart(ABOVE, 2, 4))
    assert state.group is not None
    assert state.group.colours == (R, G)
    assert state.group.position == (1, -2)
    # ocean-p at (1, -2), rotation 1: local 0 -> 5 = board 0, towards (1, -1)
    state = state.apply(Draw("ocean-p"))
    assert state.group is not None
    assert (state.group.position, state.group.entry) == ((1, -1), 3)
    state = state.apply(Draw("nauru"))
    assert state.tile_at((1, -1)) is not None
    state = play(state, Berth(R, 0), Berth(G, 1))
    assert all_boats(state, (1, -1)) == ["R", "G", ""]
    # nothing is full any more: the turn passes to red
    assert state.pending.kind is DecisionKind.TURN
    assert state.turn_colour is R


def _two_islands_waiting() -> GameState:
    """Tonga's beach 0 (yellow) waits while beach 3 sails to Hawaii and fills its beach 2."""
    state = position(
        4,
        tiles=[(ABOVE, "hawaii", 0)],
        boats={(TONGA, 0): "YYY", (TONGA, 3): "BRG", (ABOVE, 2): "R"},
        to_move=0,
    )
    assert set(legal(state, Depart)) == {Depart(TONGA, 0, 0), Depart(TONGA, 3, 3)}
    state = state.apply(Depart(TONGA, 3, 3))  # lands on Hawaii, no draw
    return play(state, Berth(G, 2), Berth(B, 1))


@pytest.mark.clause("CHAIN-2", "AMB-36", "DEPART-2")
def test_the_next_departure_is_chosen_among_all_full_beaches_on_the_board() -> None:
    state = _two_islands_waiting()
    assert boats(state, ABOVE, 2) == "RG"
    assert state.pending.kind is DecisionKind.DEPARTURE
    assert state.current_player == 0
    # the beach waiting on Tonga and the beach just filled on Hawaii, in any order
    assert set(legal(state, Depart)) == {
        Depart(TONGA, 0, 0),
        Depart(ABOVE, 2, 4),
        Depart(ABOVE, 2, 5),
    }


@pytest.mark.clause("CHAIN-3", "CHAIN-2", "TURN-3", "AMB-36")
def test_the_chain_goes_on_until_no_beach_is_full_and_only_then_the_turn_passes() -> None:
    state = _two_islands_waiting()
    # Hawaii's new full beach first: out towards (1, -1), where Tubuai is drawn
    state = state.apply(Depart(ABOVE, 2, 5))
    state = state.apply(Draw("tubuai"))
    state = state.apply(Berth(R, 0))  # green goes to the other beach
    assert all_boats(state, (1, -1)) == ["R", "G"]
    # Tonga's beach 0 is still full: it sails on its own (one jetty), still blue's turn
    assert state.is_chance_node
    assert state.turn_colour is B
    assert state.group is not None
    assert state.group.colours == (Y, Y, Y)
    # ocean-k below Tonga: route 0-1 needs 2 colours, yellow alone sinks
    state = state.apply(Draw("ocean-k"))
    assert state.reserve(Y) == 15
    assert state.pending.kind is DecisionKind.TURN
    assert state.turn_colour is R


@pytest.mark.clause("CHAIN-1", "CHAIN-2", "DEPART-2")
def test_a_landing_that_fills_several_beaches_makes_each_depart_in_the_chosen_order() -> None:
    # Nauru above Tonga (rotation 0): beaches of 2, 3 and 2 slots, each one short of full.
    state = position(
        3,
        tiles=[(ABOVE, "nauru", 0)],
        boats={(TONGA, 3): "BRG", (ABOVE, 0): "R", (ABOVE, 1): "GG", (ABOVE, 2): "B"},
        to_move=0,
    )
    state = play(state, Berth(B, 0), Berth(R, 1))  # green takes beach 2
    assert all_boats(state, ABOVE) == ["BR", "RGG", "BG"]
    assert set(legal(state, Depart)) == {
        Depart(ABOVE, 0, 1),
        Depart(ABOVE, 0, 2),
        Depart(ABOVE, 1, 3),
        Depart(ABOVE, 2, 4),
        Depart(ABOVE, 2, 5),
    }
    # beach 1 first, to a newly drawn Oahu at (0, -2)
    state = state.apply(Depart(ABOVE, 1, 3))
    state = finish_landing(state.apply(Draw("oahu")))
    # the other two beaches are still waiting for blue
    assert state.pending.kind is DecisionKind.DEPARTURE
    assert state.current_player == 0
    assert {(a.island, a.beach) for a in legal(state, Depart)} == {(ABOVE, 0), (ABOVE, 2)}


@pytest.mark.clause("CHAIN-1", "LAND-5", "CHAIN-2")
@pytest.mark.flag("closed_route_force_other_exit", False)
def test_a_group_returning_to_its_own_island_can_fill_a_beach_there_and_chain_on() -> None:
    # ocean-l above Tonga and ocean-p at (1, -1) lead Tonga's beach 3 back to Tonga.
    state = position(
        3,
        tiles=[(ABOVE, "ocean-l", 0), ((1, -1), "ocean-p", 0)],
        boats={(TONGA, 0): "RRR", (TONGA, 3): "BRG", (TONGA, 5): "BB"},
        to_move=0,
        rules=Rules(closed_route_force_other_exit=False),
    )
    state = state.apply(Depart(TONGA, 3, 3))
    assert state.pending.island == TONGA
    state = play(state, Berth(G, 5), Berth(B, 1), Berth(R, 2))
    assert all_boats(state, TONGA) == ["RRR", "B", "R", "", "", "BBG"]
    assert set(legal(state, Depart)) == {Depart(TONGA, 0, 0), Depart(TONGA, 5, 5)}
    assert state.turn_colour is B


@pytest.mark.clause("CLOSED-2", "AMB-25", "CHAIN-2")
@pytest.mark.flag("closed_route_force_other_exit", True)
def test_a_beach_leading_straight_back_waits_while_another_beach_of_its_island_can_sail() -> None:
    # Beach 3 (BRG) leads straight back to Tonga; beach 0 (RRR) faces unexplored sea. FR-R: the
    # player "must choose a different departure" while one is possible from the same island.
    state = position(
        3,
        tiles=[(ABOVE, "ocean-l", 0), ((1, -1), "ocean-p", 0)],
        boats={(TONGA, 0): "RRR", (TONGA, 3): "BRG", (TONGA, 5): "BB"},
        to_move=0,
    )
    assert state.is_chance_node  # beach 0 was the only departure: it sailed at once
    assert state.group is not None and state.group.origin == TONGA
    assert state.group.colours == (R, R, R)
    assert all_boats(state, TONGA)[3] == "BRG"  # still waiting on the looping beach
