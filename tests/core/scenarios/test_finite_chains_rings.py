"""Tight rings: the choices offered where a chain can come straight back (AMB-25).

Two ocean tiles west of Tonga (``ocean-p`` at (-1, 0), ``ocean-l`` at
(-1, -1), both unturned) lead edges 1 and 2 of the hex (0, -1) into each
other: a group that leaves an island there by one of those edges sails round
and comes back to the same island. Three custom islands use exactly those
edges: *Duo* (two one-slot beaches), *Twin* (two two-slot beaches) and *Solo*
(a one-slot beach on edges 1 and 2, a two-slot beach on edges 4 and 5).

Under ``closed_route_mode="infinite_only"`` such an island is never removed
as closed (CLOSED-1 does not apply), so its boats can circle for ever. A
choice is offered only if the turn can still end after it without departing
again from a position the chain has already departed from; when no choice
can, every choice stays offered.

Each position here is one that a one-character change to the engine's
shortcuts (the certificates of issue 36) got wrong while the rest of the
suite passed; each asserts the exact legal list. They were found by the plain
reference of ``tests/termination/reference_chain.py`` on the generators of
``tests/termination/chain_generators.py``.
"""

from __future__ import annotations

import pytest

from tongiaki_rules import (
    ORIGIN,
    STANDARD_TILES,
    Berth,
    Colour,
    Depart,
    Draw,
    ExpandFromBoard,
    GameState,
    PlaceTile,
    Recolonize,
    Rules,
    TileSet,
    position,
)
from tongiaki_rules._standard_tiles import island

SOLO = island("solo", "Solo", 2, "1:12 2:45")
TWIN = island("twin", "Twin", 2, "2:1 2:2")
DUO = island("duo", "Duo", 1, "1:1 1:2")
RING_TILES = TileSet.of(
    STANDARD_TILES.start,
    [SOLO, TWIN, DUO, *(t for t in STANDARD_TILES.pile if t.id not in ("tubuai", "rarotonga"))],
)
RING = [((-1, 0), "ocean-p", 0), ((-1, -1), "ocean-l", 0)]
"""Edges 1 and 2 of the hex (0, -1) lead into each other through these two tiles."""
RINGED = (0, -1)
INFINITE_ONLY = Rules(closed_route_mode="infinite_only")


def twin_with_an_empty_reserve() -> GameState:
    """Blue's reserve is empty; Twin holds one blue boat on beach 0 and one red on beach 1."""
    return position(
        2,
        tiles=[(RINGED, "twin", 0), *RING],
        boats={(RINGED, 0): "B", (RINGED, 1): "R", (ORIGIN, 3): "B"},
        reserves={"B": 0},
        rules=INFINITE_ONLY,
        tile_set=RING_TILES,
    )


@pytest.mark.clause("AMB-25", "EMPTYRESERVE-1", "EMPTYRESERVE-2", "LAND-2")
def test_a_boat_moved_from_the_board_may_not_fill_a_beach_of_a_ring_that_never_ends() -> None:
    # Moving the blue boat from Tonga onto either beach of Twin fills it; the pair sails round,
    # and a landing of two boats on Twin must put one on each beach (LAND-2), so a beach is full
    # again after every voyage, the three boats circling for ever. Every other move fills
    # nothing and ends the turn, so those two are refused.
    state = twin_with_an_empty_reserve()
    moves = [
        ExpandFromBoard(ORIGIN, b, source, source_beach)
        for b in (0, 1, 2, 3, 4, 5)
        for source, source_beach in ((ORIGIN, 3), (RINGED, 0))
        if (b, source) != (3, ORIGIN)
    ]
    assert state.legal_actions() == (
        *moves,
        ExpandFromBoard(RINGED, 1, RINGED, 0),  # beach 1 full with blue and red: they circle
        Recolonize(),
    )
    # with the boats leaving Twin the circle has only two boats: it ends
    assert ExpandFromBoard(RINGED, 1, RINGED, 0) in state.legal_actions()
    assert ExpandFromBoard(RINGED, 0, ORIGIN, 3) not in state.legal_actions()
    assert ExpandFromBoard(RINGED, 1, ORIGIN, 3) not in state.legal_actions()


@pytest.mark.clause("AMB-25", "LAND-2", "CHAIN-1")
def test_a_lone_boat_back_from_the_ring_must_take_the_other_beach_while_a_full_beach_can_draw() -> (
    None
):
    # Red's lone boat on Duo's beach 0 and Red's full beach 4 on Tonga (its jetty faces open sea)
    # are both full. The lone boat sails round and lands on Duo again: berthing it on beach 0
    # rebuilds the position it left, from which every departure is a return; on beach 1 it
    # makes a new position, from which Tonga's beach sails to open sea and draws. So the
    # berth is forced, and so is Tonga's departure after it (Duo's beach 1 only sails round).
    start = position(
        2,
        tiles=[(RINGED, "duo", 0), *RING],
        boats={(RINGED, 0): "R", (ORIGIN, 4): "RRB"},
        to_move=1,
        rules=INFINITE_ONLY,
        tile_set=RING_TILES,
    )
    assert start.legal_actions() == (Depart(RINGED, 0, 1), Depart(ORIGIN, 4, 4))
    state = start.apply(Depart(RINGED, 0, 1))
    assert state.is_chance_node  # a tile is drawn for Tonga's group
    duo = state.island_at(RINGED)
    assert duo is not None
    assert [beach.boats for beach in duo.beaches] == [(), (Colour.RED,)]


@pytest.mark.clause("AMB-25", "LAND-4", "VOYAGE-3")
def test_when_no_full_beach_can_end_the_chain_every_departure_stays_offered() -> None:
    # A blue boat lands on Duo (its beach 1 already holds a blue boat) and fills beach 0; Solo's
    # one-slot beach (turned 5) is full too. Solo's boat either sails straight to Duo, which has
    # no free slot (the boat goes home, LAND-4), or founders on a route that needs two colours
    # (VOYAGE-3); either way Duo's two boats are left to circle the ring for ever. No departure
    # can end the chain, so none is refused (``endless_chain`` settles the return).
    state = position(
        2,
        tiles=[*RING, (RINGED, "duo", 0), ((0, -2), "solo", 5)],
        boats={(RINGED, 1): "B", ((0, -2), 0): "B"},
        group="B",
        group_at=RINGED,
        rules=INFINITE_ONLY,
        tile_set=RING_TILES,
    )
    assert state.legal_actions() == (
        Depart((0, -2), 0, 0),
        Depart((0, -2), 0, 1),
        Depart(RINGED, 0, 1),
        Depart(RINGED, 1, 2),
    )


@pytest.mark.clause("AMB-25", "RECOLONIZE-3", "RECOLONIZE-5")
def test_a_one_slot_island_drawn_by_a_new_colonisation_may_not_close_the_ring() -> None:
    # Blue colonises and draws Duo. Placed unturned on (0, -1) its two one-slot beaches face the
    # ring: the colonising boat fills one, sails round, and every landing fills one again, for
    # ever. Every other placement lets the turn end, so only that one is refused.
    start = position(
        2,
        tiles=RING,
        boats={(ORIGIN, 3): "B", (ORIGIN, 1): "R"},
        pile=["duo", "ocean-a"],
        rules=INFINITE_ONLY,
        tile_set=RING_TILES,
    )
    state = start.apply(Recolonize()).apply(Draw("duo"))
    hexes = [
        (-2, -1),
        (-2, 0),
        (-2, 1),
        (-1, -2),
        (-1, 1),
        (0, -2),
        RINGED,
        (0, 1),
        (1, -1),
        (1, 0),
    ]
    expected = [
        PlaceTile(cell, rotation)
        for cell in hexes
        for rotation in range(6)
        if (cell, rotation) != (RINGED, 0)
    ]
    assert state.legal_actions() == tuple(expected)


def closed_twin_round_a_returned_position() -> GameState:
    """Green's chain comes back to the position it departed from, with Twin closed and full.

    Rapa Nui's five-boat beach sails to the royal island of Tokelau, bounces back
    (ROYAL-7) and, after three blue berths, refills itself with the last two boats, so
    the table is again the one its departure left. Twin's two beaches both lead round
    the ring: Twin is closed, and a departure from it removes it (CLOSED-1) instead of
    sailing. The state returned is the one after the third blue berth.
    """
    start = position(
        3,
        tiles=[*RING, (RINGED, "twin", 0), ((1, 0), "rapa-nui", 5), ((1, 1), "tokelau", 3)],
        boats={(RINGED, 1): "GB", ((1, 0), 0): "GBBGB", ((1, 0), 1): "GGB"},
        kings={(1, 1): "R"},
        to_move=2,
        rules=Rules(closed_route_force_other_exit=False),
        tile_set=RING_TILES,
    )
    state = start.apply(Depart((1, 0), 0, 0))
    for _ in range(3):
        state = state.apply(Berth(Colour.BLUE, 0))
    return state


@pytest.mark.clause("AMB-25", "CLOSED-1")
def test_at_a_position_reached_again_only_the_removal_of_the_closed_island_is_offered() -> None:
    # Back at the position Rapa Nui departed from, every departure from Rapa Nui would be a
    # return. Twin's departure is no departure but the removal of a closed island, after which
    # Rapa Nui's beaches sail from new positions. So it is the only choice, and it is made at
    # once: Twin is gone, with its boats, and Rapa Nui's full beaches are to sail.
    state = closed_twin_round_a_returned_position()
    assert state.tile_at(RINGED) is None
    assert state.legal_actions() == (
        Depart((1, 0), 0, 1),
        Depart((1, 0), 1, 2),
        Depart((1, 0), 1, 3),
        Depart((1, 0), 1, 4),
    )
