"""Scenarios for voyages over ocean tiles (Seefahrt / Viaggio).

Clauses VOYAGE-1..7 with AMB-06 (arriving on an island side without a jetty), AMB-08
(does a failure end the whole turn? flag ``failure_ends_turn``) and AMB-38 (later tiles of
a voyage are placed by the red marker, without a choice).
"""

from __future__ import annotations

import pytest
from scenario_helpers import TONGA, all_boats, beyond, boats, marker_rotation, reserves

from tongiaki_rules import Colour, DecisionKind, Depart, Draw, GameState, Rules, position

ABOVE = (0, -1)  # beyond Tonga's beach 3: a drawn tile gets rotation 0 there
B, R, G, Y = Colour.BLUE, Colour.RED, Colour.GREEN, Colour.YELLOW

# Route tables copied from shared/tiles.md: for a group entering at local edge 0, the
# local edge it leaves by and the number of colours the route needs (0 = no number).
FROM_EDGE_0 = {
    "ocean-a": (3, 4),
    "ocean-b": (4, 4),
    "ocean-c": (3, 4),
    "ocean-d": (4, 3),
    "ocean-e": (1, 3),
    "ocean-f": (3, 3),
    "ocean-g": (3, 3),
    "ocean-h": (1, 3),
    "ocean-i": (4, 2),
    "ocean-j": (5, 2),
    "ocean-k": (1, 2),
    "ocean-l": (5, 0),
    "ocean-m": (4, 0),
    "ocean-n": (5, 0),
    "ocean-o": (1, 0),
    "ocean-p": (5, 0),
}


def _placed(state: GameState, hex_: tuple[int, int]) -> tuple[str, int]:
    tile = state.tile_at(hex_)
    assert tile is not None, f"no tile at {hex_}"
    return (tile.tile.id, tile.rotation)


# --- VOYAGE-1: follow the route from the entry side --------------------------------------


@pytest.mark.clause("VOYAGE-1", "VOYAGE-4")
def test_the_group_follows_the_route_that_starts_at_its_entry_side() -> None:
    state = position(2, boats={(TONGA, 3): "BBB"}, to_move=0)
    # ocean-o above Tonga (rotation 0): the group enters by local edge 0, route 0-1 has
    # no number, and leaves by board edge 1 towards (-1, 0), which it enters by edge 4
    state = state.apply(Draw("ocean-o"))
    assert state.is_chance_node
    assert state.group is not None
    assert (state.group.position, state.group.entry) == ((-1, 0), 4)
    state = state.apply(Draw("tubuai"))
    assert _placed(state, (-1, 0)) == ("tubuai", 4)


@pytest.mark.clause("VOYAGE-1", "VOYAGE-2")
@pytest.mark.parametrize(
    ("rotation", "group", "passes"),
    [
        (3, "BBB", True),  # entry is local edge 0: route 0-1, no number
        (1, "BBB", False),  # entry is local edge 2: route 2-3 needs 2 colours
        (1, "BBR", True),
    ],
)
def test_which_route_is_taken_depends_on_the_tiles_rotation(
    rotation: int, group: str, passes: bool
) -> None:
    # ocean-o already lies below Tonga; Tonga's beach 0 sails into it by board edge 3.
    state = position(2, tiles=[((0, 1), "ocean-o", rotation)], boats={(TONGA, 0): group})
    assert state.pile.size == 30  # nothing was drawn for the tile already there (AMB-05)
    if passes:
        # both routes leave by board edge 4: rotation 3 -> local 1, rotation 1 -> local 3
        assert state.is_chance_node
        assert state.group is not None
        assert (state.group.position, state.group.entry) == ((1, 0), 1)
    else:
        assert state.group is None
        assert reserves(state) == {"B": 15, "R": 15}
        assert state.turn_colour is R


# --- VOYAGE-2: distinct colours against the route number ---------------------------------


@pytest.mark.clause("VOYAGE-2", "VOYAGE-3")
@pytest.mark.parametrize(
    ("tile", "group", "passes", "next_hex"),
    [
        ("ocean-p", "BBBBB", True, (1, -2)),  # no number: even a single colour passes
        ("ocean-k", "BBBBB", False, None),  # 2 needed, five boats of one colour
        ("ocean-k", "BBBBR", True, (-1, -1)),
        ("ocean-d", "BBBBR", False, None),  # 3 needed: boats are not colours
        ("ocean-d", "BBBRG", True, (1, -3)),
        ("ocean-a", "BBBRG", False, None),  # 4 needed
        ("ocean-a", "BBRGY", True, (0, -3)),
    ],
)
def test_a_numbered_route_needs_that_many_distinct_colours(
    tile: str, group: str, passes: bool, next_hex: tuple[int, int] | None
) -> None:
    # Hawaii above Tonga (rotation 0): beach 1 has 5 slots and one jetty on board edge 3,
    # so the group meets the drawn tile at (0, -2) by its local edge 0.
    state = position(4, tiles=[(ABOVE, "hawaii", 0)], boats={(ABOVE, 1): group}, to_move=0)
    assert state.is_chance_node
    state = state.apply(Draw(tile))
    assert _placed(state, (0, -2)) == (tile, 0)
    if passes:
        assert state.is_chance_node
        assert state.group is not None
        assert state.group.position == next_hex
        assert len(state.group.colours) == 5
    else:
        assert state.group is None
        assert reserves(state) == {"B": 15, "R": 15, "G": 15, "Y": 15}
        assert state.pending.kind is DecisionKind.TURN
        assert state.turn_colour is R


# --- VOYAGE-3 / AMB-08: failure -------------------------------------------------------


@pytest.mark.clause("VOYAGE-3")
def test_a_failed_voyage_sends_every_boat_home_and_the_drawn_tile_stays() -> None:
    state = position(3, boats={(TONGA, 3): "BBR", (TONGA, 0): "RG"}, to_move=0)
    assert reserves(state) == {"B": 13, "R": 13, "G": 14}
    state = state.apply(Draw("ocean-d"))  # route 0-4 needs 3 colours, the group has 2
    assert reserves(state) == {"B": 15, "R": 14, "G": 14}
    assert state.boats_at_sea(B) == state.boats_at_sea(R) == 0
    assert _placed(state, ABOVE) == ("ocean-d", 0)
    assert boats(state, TONGA, 0) == "RG"
    assert state.turn_colour is R


@pytest.mark.clause("VOYAGE-3", "AMB-08", "TURN-3")
@pytest.mark.parametrize(
    "failure_ends_turn",
    [
        pytest.param(False, marks=pytest.mark.flag("failure_ends_turn", False)),
        pytest.param(True, marks=pytest.mark.flag("failure_ends_turn", True)),
    ],
)
def test_after_a_failure_the_other_full_beaches_still_sail_unless_failure_ends_turn(
    failure_ends_turn: bool,
) -> None:
    state = position(
        3,
        boats={(TONGA, 0): "RRG", (TONGA, 3): "BBB"},
        to_move=0,
        rules=Rules(failure_ends_turn=failure_ends_turn),
    )
    state = state.apply(Depart(TONGA, 3, 3))
    state = state.apply(Draw("ocean-k"))  # route 0-1 needs 2 colours: blue alone fails
    assert state.reserve(B) == 15
    if failure_ends_turn:
        # IT reading: the whole turn ends; the full beach waits for a later turn
        assert state.pending.kind is DecisionKind.TURN
        assert state.turn_colour is R
        assert boats(state, TONGA, 0) == "RRG"
    else:
        # default: only that expedition ends; beach 0 sails, still in blue's turn
        assert state.is_chance_node
        assert state.turn_colour is B
        assert state.group is not None
        assert state.group.colours == (R, R, G)
        assert boats(state, TONGA, 0) == ""


# --- VOYAGE-4: what lies beyond the route end ----------------------------------------


@pytest.mark.clause("VOYAGE-4", "LAND-5")
def test_a_route_ending_at_an_existing_island_lands_the_group_there() -> None:
    # ocean-l above Tonga: route 0-5, no number, out towards (1, -1) where Tubuai lies
    state = position(
        3,
        tiles=[(ABOVE, "ocean-l", 0), ((1, -1), "tubuai", 0)],
        boats={(TONGA, 3): "BRG"},
        to_move=0,
    )
    pile = state.pile.tiles
    assert state.pending.kind is DecisionKind.BERTH
    assert state.pending.island == (1, -1)
    assert state.pile.tiles == pile


@pytest.mark.clause("VOYAGE-4", "VOYAGE-2", "VOYAGE-3")
@pytest.mark.parametrize(("group", "passes"), [("BBR", False), ("BRG", True)])
def test_a_route_ending_at_an_existing_ocean_tile_continues_with_a_new_colour_check(
    group: str, passes: bool
) -> None:
    # ocean-l (route 0-5, no number) leads to ocean-b at (1, -1), rotation 0, entered by
    # edge 2: route 2-5 needs 3 colours and leads on towards (2, -1).
    state = position(
        3,
        tiles=[(ABOVE, "ocean-l", 0), ((1, -1), "ocean-b", 0)],
        boats={(TONGA, 3): group},
        to_move=0,
    )
    pile = state.pile.tiles
    if passes:
        assert state.is_chance_node
        assert state.group is not None
        assert (state.group.position, state.group.entry) == ((2, -1), 2)
        state = state.apply(Draw("nauru"))
        assert _placed(state, (2, -1)) == ("nauru", 2)
    else:
        assert state.group is None
        assert reserves(state) == {"B": 15, "R": 15, "G": 15}
        assert state.turn_colour is R
        assert state.pile.tiles == pile


@pytest.mark.clause("VOYAGE-4", "AMB-38", "COMP-5")
def test_a_route_ending_at_open_sea_draws_a_tile_placed_by_its_red_marker() -> None:
    state = position(2, boats={(TONGA, 3): "BBB"}, to_move=0)
    # ocean-m: route 0-4, no number; it points up-right, towards (1, -2)
    state = state.apply(Draw("ocean-m"))
    assert state.is_chance_node  # no placement decision: the marker rule places it
    assert state.group is not None
    assert state.group.position == beyond(ABOVE, 4) == (1, -2)
    state = state.apply(Draw("rapa-nui"))
    assert _placed(state, (1, -2)) == ("rapa-nui", marker_rotation(4))
    assert state.pending.kind is DecisionKind.BERTH  # 3 boats on 2 beaches: a choice
    assert state.pending.island == (1, -2)


# --- VOYAGE-5: on until landing or failure -------------------------------------------


@pytest.mark.clause("VOYAGE-5", "VOYAGE-4", "AMB-38")
def test_the_voyage_goes_on_tile_after_tile_until_it_reaches_an_island() -> None:
    state = position(2, boats={(TONGA, 3): "BBB"}, to_move=0)
    kinds = []
    # ocean-p above Tonga: route 0-5 -> towards (1, -1), entered by edge 2
    state = state.apply(Draw("ocean-p"))
    kinds.append(state.pending.kind)
    # ocean-o at (1, -1), rotation 2: local 0 -> local 1 = board 3 -> towards (1, -2)
    state = state.apply(Draw("ocean-o"))
    kinds.append(state.pending.kind)
    # ocean-m at (1, -2), rotation 0: local 0 -> local 4 = board 4 -> towards (2, -3)
    state = state.apply(Draw("ocean-m"))
    kinds.append(state.pending.kind)
    state = state.apply(Draw("samoa"))
    assert kinds == [DecisionKind.DRAW] * 3
    assert _placed(state, ABOVE) == ("ocean-p", 0)
    assert _placed(state, (1, -1)) == ("ocean-o", 2)
    assert _placed(state, (1, -2)) == ("ocean-m", 0)
    assert _placed(state, (2, -3)) == ("samoa", 1)
    # three blue boats on Samoa's three beaches; the turn is over
    assert all_boats(state, (2, -3)) == ["B", "B", "B"]
    assert state.turn_colour is R


@pytest.mark.clause("VOYAGE-5", "VOYAGE-3")
def test_a_voyage_can_fail_on_a_later_tile() -> None:
    state = position(2, boats={(TONGA, 3): "BBB"}, to_move=0)
    state = state.apply(Draw("ocean-p"))  # no number: passes
    state = state.apply(Draw("ocean-k"))  # at (1, -1), entered at local 0: needs 2
    assert state.group is None
    assert state.reserve(B) == 15
    assert _placed(state, ABOVE) == ("ocean-p", 0)
    assert _placed(state, (1, -1)) == ("ocean-k", 2)
    assert state.turn_colour is R


# --- VOYAGE-6 / AMB-06: any side of an island will do -----------------------------------


@pytest.mark.clause("VOYAGE-6", "AMB-06")
def test_a_route_ending_at_an_island_side_without_a_jetty_still_lands() -> None:
    # Muroroa at (1, -1) with rotation 5: the group arrives across board edge 2, which is
    # Muroroa's local edge 3, one of the two edges without a jetty.
    state = position(
        2,
        tiles=[(ABOVE, "ocean-l", 0), ((1, -1), "muroroa", 5)],
        boats={(TONGA, 3): "BBB"},
        to_move=0,
    )
    muroroa = state.island_at((1, -1))
    assert muroroa is not None
    assert all(2 not in beach.jetties for beach in muroroa.beaches)
    # one colour, three boats, three beaches: forced landing, one boat each
    assert all_boats(state, (1, -1)) == ["B", "B", "B"]
    assert state.turn_colour is R


# --- VOYAGE-7: following routes always ends somewhere ------------------------------------


@pytest.mark.clause("VOYAGE-7", "VOYAGE-1", "VOYAGE-2")
@pytest.mark.parametrize("tile", sorted(FROM_EDGE_0))
def test_every_ocean_tile_drawn_beyond_a_jetty_leads_on_or_sinks_the_group(tile: str) -> None:
    state = position(3, boats={(TONGA, 3): "BRG"}, to_move=0)
    state = state.apply(Draw(tile))
    exit_edge, need = FROM_EDGE_0[tile]
    if need <= 3:
        assert state.is_chance_node
        assert state.group is not None
        assert state.group.position == beyond(ABOVE, exit_edge)
        assert state.group.entry == (exit_edge + 3) % 6
    else:
        assert state.group is None
        assert reserves(state) == {"B": 15, "R": 15, "G": 15}


@pytest.mark.clause("VOYAGE-7", "LAND-5")
def test_a_sea_path_over_existing_tiles_that_returns_to_the_departure_island_ends_there() -> None:
    # ocean-l above Tonga (route 0-5) and ocean-p at (1, -1) (route 1-2, entered by 2,
    # left by board edge 1) bring the group straight back to Tonga's edge 4.
    state = position(
        3,
        tiles=[(ABOVE, "ocean-l", 0), ((1, -1), "ocean-p", 0)],
        boats={(TONGA, 3): "BRG"},
        to_move=0,
    )
    pile = state.pile.tiles
    assert state.pending.kind is DecisionKind.BERTH
    assert state.pending.island == TONGA
    assert state.pile.tiles == pile
