"""Scenarios for departures (Auswanderung / Migrazione): who sails, which jetty, which tile.

Clauses DEPART-1..6 with AMB-05 (a jetty facing an existing tile), AMB-06 (arriving on an
island side without a jetty), AMB-30 (no merging of full beaches) and AMB-35 (no colour
check for a direct migration).
"""

from __future__ import annotations

import pytest
from scenario_helpers import (
    TONGA,
    all_boats,
    assert_illegal,
    beyond,
    boats,
    finish_landing,
    legal,
    marker_rotation,
    play,
)

from tongiaki_rules import Berth, Colour, DecisionKind, Depart, Draw, position

ABOVE = (0, -1)  # beyond Tonga's beach 3; a tile drawn there has rotation 0
B, R, G, Y = Colour.BLUE, Colour.RED, Colour.GREEN, Colour.YELLOW


# --- DEPART-1: the whole full beach sails ----------------------------------------------


@pytest.mark.clause("DEPART-1")
def test_every_boat_of_a_full_beach_sails_as_one_group_whatever_its_colour() -> None:
    state = position(3, boats={(TONGA, 3): "BRG", (TONGA, 0): "R"}, to_move=0)
    assert state.is_chance_node
    assert state.group is not None
    assert state.group.colours == (B, R, G)
    assert state.group.origin == TONGA
    assert boats(state, TONGA, 3) == ""
    assert boats(state, TONGA, 0) == "R"  # a beach that is not full stays put
    assert [state.boats_at_sea(c) for c in (B, R, G)] == [1, 1, 1]


@pytest.mark.clause("DEPART-1")
def test_a_beach_that_is_not_full_cannot_depart() -> None:
    state = position(3, boats={(TONGA, 0): "BRG", (TONGA, 3): "RRG", (TONGA, 1): "BB"})
    assert state.pending.kind is DecisionKind.DEPARTURE
    assert_illegal(state, Depart(TONGA, 1, 1), "DEPART-1")


# --- DEPART-2 / AMB-30: several full beaches, separate groups, player's order -----------


@pytest.mark.clause("DEPART-2", "AMB-30")
@pytest.mark.parametrize("first", [0, 3])
def test_two_full_beaches_of_one_island_sail_as_separate_groups_in_the_chosen_order(
    first: int,
) -> None:
    state = position(4, boats={(TONGA, 0): "BRG", (TONGA, 3): "BYY"}, to_move=0)
    assert set(legal(state, Depart)) == {Depart(TONGA, 0, 0), Depart(TONGA, 3, 3)}
    contents = {0: (B, R, G), 3: (B, Y, Y)}
    second = 3 if first == 0 else 0

    state = state.apply(Depart(TONGA, first, first))
    assert state.is_chance_node
    assert state.group is not None
    assert state.group.colours == contents[first]  # no merging with the other full beach
    assert state.beach(TONGA, second).is_full

    # the first group lands on a newly drawn Hawaii (3 beaches: one boat each)
    state = state.apply(Draw("hawaii"))
    state = finish_landing(state)
    assert [len(b) for b in all_boats(state, beyond(TONGA, first))] == [1, 1, 1]
    # the second full beach now sails by itself: its single jetty leaves no choice
    assert state.is_chance_node
    assert state.group is not None
    assert state.group.colours == contents[second]
    assert state.turn_colour is B


# --- DEPART-3: the jetty is chosen before anything is drawn ------------------------------


@pytest.mark.clause("DEPART-3")
def test_a_beach_with_two_jetties_waits_for_the_jetty_choice_before_any_draw() -> None:
    # Hawaii above Tonga, rotation 0: beach 0 (3 slots) has jetties on board edges 1 and 2
    state = position(3, tiles=[(ABOVE, "hawaii", 0)], boats={(ABOVE, 0): "BRG"}, to_move=0)
    pile = state.pile.size
    assert state.pending.kind is DecisionKind.DEPARTURE
    assert not state.is_chance_node
    assert set(legal(state, Depart)) == {Depart(ABOVE, 0, 1), Depart(ABOVE, 0, 2)}
    assert state.pile.size == pile
    assert_illegal(state, Depart(ABOVE, 0, 3), "DEPART-3")  # beach 1's jetty


@pytest.mark.clause("DEPART-3", "DEPART-4")
@pytest.mark.parametrize(("jetty", "hex_", "rotation"), [(1, (-1, 0), 4), (2, (-1, -1), 5)])
def test_the_chosen_jetty_decides_where_the_tile_is_drawn(
    jetty: int, hex_: tuple[int, int], rotation: int
) -> None:
    state = position(3, tiles=[(ABOVE, "hawaii", 0)], boats={(ABOVE, 0): "BRG"}, to_move=0)
    state = state.apply(Depart(ABOVE, 0, jetty))
    assert state.is_chance_node
    assert state.group is not None
    assert state.group.position == hex_ == beyond(ABOVE, jetty)
    state = state.apply(Draw("tubuai"))
    placed = state.tile_at(hex_)
    assert placed is not None
    assert (placed.tile.id, placed.rotation) == ("tubuai", rotation)
    assert state.pending.kind is DecisionKind.BERTH
    assert state.pending.island == hex_


# --- DEPART-4: nothing beyond the jetty -> draw, red marker against the jetty ------------


@pytest.mark.clause("DEPART-4", "COMP-5")
@pytest.mark.parametrize("beach", range(6))
def test_a_tile_drawn_beyond_a_tonga_jetty_has_its_red_marker_against_the_jetty(
    beach: int,
) -> None:
    state = position(3, boats={(TONGA, beach): "BRG"}, to_move=0)
    pile = state.pile.size
    target = beyond(TONGA, beach)
    assert state.is_chance_node
    state = state.apply(Draw("nauru"))
    placed = state.tile_at(target)
    assert placed is not None
    assert placed.tile.id == "nauru"
    assert placed.rotation == marker_rotation(beach) == (beach + 3) % 6
    assert state.pile.size == pile - 1
    # a new island: the group lands on it at once
    assert state.pending.kind is DecisionKind.BERTH
    assert state.pending.island == target


# --- DEPART-5 / AMB-05: a tile is already there -> no draw -----------------------------


@pytest.mark.clause("DEPART-5", "AMB-05", "VOYAGE-1")
def test_a_jetty_facing_an_existing_ocean_tile_sends_the_group_along_it_without_a_draw() -> None:
    # ocean-l above Tonga, rotation 0: route 0-5 has no number
    state = position(3, tiles=[(ABOVE, "ocean-l", 0)], boats={(TONGA, 3): "BRG"}, to_move=0)
    pile = state.pile.tiles
    # the group enters at edge 0, leaves by edge 5 and faces the empty hex (1, -1)
    assert state.is_chance_node
    assert state.pile.tiles == pile
    assert state.group is not None
    assert state.group.position == (1, -1)
    assert state.group.entry == 2
    state = state.apply(Draw("hawaii"))
    placed = state.tile_at((1, -1))
    assert placed is not None
    assert (placed.tile.id, placed.rotation) == ("hawaii", marker_rotation(5))


@pytest.mark.clause("DEPART-5", "DEPART-6", "AMB-05", "AMB-06", "AMB-35")
def test_a_jetty_facing_an_existing_island_lands_one_colour_there_without_a_draw() -> None:
    # Hawaii's side facing Tonga's beach 3 is its edge 0, which has no jetty.
    state = position(2, tiles=[(ABOVE, "hawaii", 0)], boats={(TONGA, 3): "BBB"}, to_move=0)
    pile = state.pile.tiles
    # one colour, three boats, three empty beaches: the landing is forced
    assert all_boats(state, ABOVE) == ["B", "B", "B"]
    assert boats(state, TONGA, 3) == ""
    assert state.pile.tiles == pile
    assert state.pending.kind is DecisionKind.TURN
    assert state.turn_colour is R


@pytest.mark.clause("DEPART-3", "DEPART-5", "AMB-05")
def test_a_jetty_facing_a_tile_and_a_jetty_facing_open_sea_are_both_allowed() -> None:
    # Hawaii beach 0 has jetties towards (-1, 0) and (-1, -1). An unnumbered ocean-p lies at
    # (-1, 0), rotation 4: entering by board edge 4 = local 0, route 0-5, out by local 5 =
    # board edge 3, i.e. towards (-1, -1), entering there by its edge 0.
    state = position(
        3,
        tiles=[(ABOVE, "hawaii", 0), ((-1, 0), "ocean-p", 4)],
        boats={(ABOVE, 0): "BRG"},
        to_move=0,
    )
    assert set(legal(state, Depart)) == {Depart(ABOVE, 0, 1), Depart(ABOVE, 0, 2)}
    via_tile = state.apply(Depart(ABOVE, 0, 1))
    direct = state.apply(Depart(ABOVE, 0, 2))
    for after in (via_tile, direct):
        assert after.is_chance_node
        assert after.group is not None
        assert after.group.position == (-1, -1)
    assert via_tile.group is not None and direct.group is not None
    assert (via_tile.group.entry, direct.group.entry) == (0, 5)
    placed_via = via_tile.apply(Draw("tubuai")).tile_at((-1, -1))
    placed_direct = direct.apply(Draw("tubuai")).tile_at((-1, -1))
    assert placed_via is not None and placed_direct is not None
    assert (placed_via.rotation, placed_direct.rotation) == (0, 5)


# --- DEPART-6 / AMB-35: a drawn island is reached straight away -----------------------


@pytest.mark.clause("DEPART-6", "AMB-35", "AMB-06")
def test_a_drawn_island_is_reached_by_a_single_colour_without_any_colour_check() -> None:
    state = position(2, boats={(TONGA, 3): "BBB"}, to_move=0)
    pile = state.pile.size
    state = state.apply(Draw("samoa"))
    # no further tile is drawn; one blue boat on each of Samoa's three beaches
    assert state.pile.size == pile - 1
    assert all_boats(state, ABOVE) == ["B", "B", "B"]
    assert state.reserve(B) == 12
    assert state.turn_colour is R


@pytest.mark.clause("DEPART-4", "SETUP-2")
def test_the_tile_beyond_the_jetty_is_the_top_of_the_pile_and_nothing_else() -> None:
    state = position(
        3,
        tiles=[(ABOVE, "hawaii", 0)],
        boats={(ABOVE, 0): "BRG"},
        pile=["nauru", "ocean-p", "samoa"],
        to_move=0,
    )
    state = state.apply(Depart(ABOVE, 0, 1))
    assert sorted((d.tile, p) for d, p in state.chance_outcomes()) == [
        ("nauru", pytest.approx(1 / 3)),
        ("ocean-p", pytest.approx(1 / 3)),
        ("samoa", pytest.approx(1 / 3)),
    ]
    assert_illegal(state, Draw("hawaii"), "SETUP-2")  # on the table already
    assert_illegal(state, Draw("tubuai"), "SETUP-2")  # not in this pile


@pytest.mark.clause("DEPART-3")
def test_no_tile_may_be_drawn_before_the_jetty_is_chosen() -> None:
    # a single full beach with two jetties: the only open question is the jetty
    state = position(3, tiles=[(ABOVE, "hawaii", 0)], boats={(ABOVE, 0): "BRG"}, to_move=0)
    assert_illegal(state, Draw("tubuai"), "DEPART-3")


@pytest.mark.clause("DEPART-3")
def test_the_announced_jetty_cannot_be_changed_once_the_draw_is_due() -> None:
    state = position(3, tiles=[(ABOVE, "hawaii", 0)], boats={(ABOVE, 0): "BRG"}, to_move=0)
    state = state.apply(Depart(ABOVE, 0, 1))
    assert state.is_chance_node
    assert_illegal(state, Depart(ABOVE, 0, 2), "DEPART-3")


@pytest.mark.clause("DEPART-5", "DEPART-6", "AMB-35", "LAND-2", "AMB-16")
def test_a_jetty_facing_tonga_takes_a_single_colour_group_straight_to_tonga() -> None:
    # Nauru above Tonga turned half round (rotation 3): its beach 1 (3 slots, jetty on
    # local edge 3) now points down, at Tonga.
    state = position(2, tiles=[(ABOVE, "nauru", 3)], boats={(ABOVE, 1): "BBB"}, to_move=0)
    assert state.pending.kind is DecisionKind.BERTH
    assert state.pending.island == TONGA
    # three blue boats, six empty beaches: three different beaches of blue's choice
    assert set(legal(state, Berth)) == {Berth(B, b) for b in range(6)}
    state = play(state, Berth(B, 4), Berth(B, 0))
    assert set(legal(state, Berth)) == {Berth(B, b) for b in (1, 2, 3, 5)}
    state = state.apply(Berth(B, 5))
    assert all_boats(state, TONGA) == ["B", "", "", "", "B", "B"]
    assert state.turn_colour is R
