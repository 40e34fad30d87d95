"""Closed routes / endless chain (CLOSED-1..5) and AMB-10, AMB-25..28.

The closed island is Tubuai on top of Tonga, ringed by four ocean tiles whose
routes link its jetties pairwise (see ``CLOSED_TUBUAI`` in helpers_special):
jetties 1 and 2 (beach 0) through (-1, 0) and (-1, -1), jetties 4 and 5
(beach 1) through (1, -2) and (1, -1). Its printed edges 0 and 3 have no jetty.
"""

from __future__ import annotations

import pytest
from tests.core.scenarios.helpers_special import (
    BELOW,
    CLOSED_MUROROA,
    CLOSED_TUBUAI,
    LEFT_PAIR,
    MUROROA,
    TUBUAI,
    clause_of,
    play,
    tubuai_among_royal_islands,
)

from tongiaki_rules import (
    ORIGIN,
    Berth,
    ClosedRouteMode,
    Colour,
    DecisionKind,
    Depart,
    Draw,
    Expand,
    GameState,
    IllegalActionError,
    PlaceNewBoats,
    PlaceTile,
    Rules,
    position,
)

B, R, G = Colour.BLUE, Colour.RED, Colour.GREEN
PILE = ["hawaii", "samoa", "ocean-c", "ocean-d"]


def tubuai_with(
    tiles: list[tuple[tuple[int, int], str, int]],
    boats: dict[tuple[tuple[int, int], int], str],
    num_players: int = 2,
    rules: Rules | None = None,
) -> GameState:
    return position(
        num_players,
        tiles=tiles,
        boats=boats,
        pile=PILE,
        rules=rules if rules is not None else Rules(),
    )


@pytest.mark.clause("CLOSED-1", "AMB-25", "AMB-26", "SCORE-2")
def test_island_whose_every_route_leads_back_is_removed_with_all_its_boats() -> None:
    state = tubuai_with(
        CLOSED_TUBUAI,
        {(TUBUAI, 0): "BR", (TUBUAI, 1): "RG", (ORIGIN, 5): "B", (ORIGIN, 1): "G"},
        num_players=3,
    )
    assert state.scores() == (2, 2, 2)
    assert (state.reserve(B), state.reserve(R), state.reserve(G)) == (13, 13, 13)
    # blue's one boat on Tubuai gives one new boat: beach 0 (3 slots) is full
    state = state.apply(Expand(TUBUAI, (0,)))
    assert state.island_at(TUBUAI) is None
    assert state.tile_at(TUBUAI) is None
    assert state.removed_tiles == ("tubuai",)
    # every boat that was on Tubuai is back with its owner
    assert (state.reserve(B), state.reserve(R), state.reserve(G)) == (14, 15, 14)
    assert state.scores() == (0, 0, 0)
    # the ocean tiles stay; blue keeps a boat on Tonga, so the turn simply ends
    tile = state.tile_at((-1, 0))
    assert tile is not None and tile.tile.id == "ocean-p"
    assert state.pending.kind is DecisionKind.TURN
    assert state.turn_colour is R


@pytest.mark.clause("CLOSED-1", "CLOSED-2", "AMB-25")
def test_one_open_exit_means_the_island_is_not_closed() -> None:
    # Without the tile at (1, -2), Tubuai's jetty 4 faces an empty hex.
    open_tiles = [t for t in CLOSED_TUBUAI if t[0] != (1, -2)]
    state = tubuai_with(open_tiles, {(TUBUAI, 0): "BR", (ORIGIN, 5): "B"})
    state = state.apply(Expand(TUBUAI, (0,)))
    # beach 0's two jetties both lead round and back; either may be used
    assert state.pending.kind is DecisionKind.DEPARTURE
    assert set(state.legal_actions()) == {Depart(TUBUAI, 0, 1), Depart(TUBUAI, 0, 2)}
    state = state.apply(Depart(TUBUAI, 0, 1))
    assert state.removed_tiles == ()
    assert state.pending.kind is DecisionKind.BERTH
    assert state.pending.island == TUBUAI
    assert state.pending.group == (B, B, R)


# Beach 1's jetty 4 leads back (through (1, -2) ocean-o turned once, route
# 1-2 on the board, and (0, -2) ocean-n, route 5-0, into Tubuai's top edge);
# its jetty 5 faces the empty hex (1, -1).
HALF_OPEN = [
    (TUBUAI, "tubuai", 0),
    *LEFT_PAIR,
    ((1, -2), "ocean-o", 1),
    ((0, -2), "ocean-n", 0),
]


def half_open(rules: Rules) -> GameState:
    """Tubuai's beach 1 and Tonga's beach 0 are both full: blue chooses a departure."""
    return position(
        3,
        tiles=HALF_OPEN,
        boats={(TUBUAI, 1): "BRG", (ORIGIN, 0): "GRR", (ORIGIN, 2): "B"},
        pile=PILE,
        rules=rules,
    )


@pytest.mark.clause("CLOSED-2", "AMB-25")
@pytest.mark.flag("closed_route_force_other_exit", True)
def test_departure_must_use_an_exit_that_leads_elsewhere() -> None:
    state = half_open(Rules())
    assert state.pending.kind is DecisionKind.DEPARTURE
    assert set(state.legal_actions()) == {Depart(ORIGIN, 0, 0), Depart(TUBUAI, 1, 5)}
    assert clause_of(state, Depart(TUBUAI, 1, 4)) == "CLOSED-2"
    state = state.apply(Depart(TUBUAI, 1, 5))
    assert state.is_chance_node
    assert state.group is not None and state.group.position == (1, -1)


@pytest.mark.clause("CLOSED-2", "AMB-25")
@pytest.mark.flag("closed_route_force_other_exit", False)
def test_exit_straight_back_may_be_used_with_closed_route_force_other_exit_false() -> None:
    state = half_open(Rules(closed_route_force_other_exit=False))
    assert Depart(TUBUAI, 1, 4) in state.legal_actions()
    state = state.apply(Depart(TUBUAI, 1, 4))
    assert state.pending.kind is DecisionKind.BERTH
    assert state.pending.island == TUBUAI
    assert state.removed_tiles == ()


@pytest.mark.clause("CLOSED-3")
def test_circuit_through_another_island_is_not_closed() -> None:
    # Muroroa replaces the ocean tile at (1, -1): jetty 5 of Tubuai reaches it
    # directly, jetty 4 through (1, -2); Muroroa's beach 1 jetty points straight
    # back at Tubuai.
    tiles = [t for t in CLOSED_TUBUAI if t[0] != (1, -1)] + [((1, -1), "muroroa", 0)]
    state = tubuai_with(tiles, {(TUBUAI, 1): "BR", (ORIGIN, 5): "B"})
    muroroa = state.island_at((1, -1))
    assert muroroa is not None and muroroa.beaches[1].jetties == (2,)
    state = state.apply(Expand(TUBUAI, (1,)))
    assert state.pending.kind is DecisionKind.DEPARTURE
    assert set(state.legal_actions()) == {Depart(TUBUAI, 1, 4), Depart(TUBUAI, 1, 5)}
    state = state.apply(Depart(TUBUAI, 1, 4))
    assert state.removed_tiles == ()
    assert state.pending.kind is DecisionKind.BERTH
    assert state.pending.island == (1, -1)


# ------------------------------------------------------ royal islands (AMB-10)

ROYAL_RING = [t for t in CLOSED_TUBUAI if t[0] != (1, -1)] + [((1, -1), "rarotonga", 0)]
"""Beach 1's jetties both reach the royal Rarotonga at (1, -1)."""


@pytest.mark.clause("CLOSED-1", "ROYAL-7", "AMB-10")
@pytest.mark.flag("bounce_counts_as_closed_route", True)
def test_exits_to_a_royal_island_count_as_leading_back_by_default() -> None:
    state = position(
        2,
        tiles=ROYAL_RING,
        kings={(1, -1): "R"},
        boats={(TUBUAI, 1): "BR", (ORIGIN, 5): "B"},
        pile=PILE,
    )
    state = state.apply(Expand(TUBUAI, (1,)))
    assert state.removed_tiles == ("tubuai",)
    assert state.turn_colour is R


@pytest.mark.clause("CLOSED-1", "ROYAL-7", "AMB-10")
@pytest.mark.flag("bounce_counts_as_closed_route", False)
def test_exits_to_a_royal_island_are_open_with_bounce_counts_as_closed_route_false() -> None:
    state = position(
        2,
        tiles=ROYAL_RING,
        kings={(1, -1): "R"},
        boats={(TUBUAI, 1): "BR", (ORIGIN, 5): "B"},
        pile=PILE,
        rules=Rules(bounce_counts_as_closed_route=False),
    )
    state = state.apply(Expand(TUBUAI, (1,)))
    assert state.pending.kind is DecisionKind.DEPARTURE
    state = state.apply(Depart(TUBUAI, 1, 5))
    # the group bounces off the royal island and lands back on Tubuai
    assert state.removed_tiles == ()
    assert state.pending.kind is DecisionKind.BERTH
    assert state.pending.island == TUBUAI


def royal_and_open(rules: Rules) -> GameState:
    """Tubuai's beach 1: jetty 5 faces a royal island, jetty 4 an empty hex."""
    return position(
        2,
        tiles=[(TUBUAI, "tubuai", 0), ((1, -1), "rarotonga", 0)],
        kings={(1, -1): "R"},
        boats={(TUBUAI, 1): "BR", (ORIGIN, 5): "B"},
        pile=PILE,
        rules=rules,
    )


@pytest.mark.clause("CLOSED-2", "AMB-10", "AMB-25")
@pytest.mark.flag("bounce_counts_as_closed_route", True)
def test_exit_to_a_royal_island_is_avoided_when_another_exit_is_open() -> None:
    state = royal_and_open(Rules()).apply(Expand(TUBUAI, (1,)))
    # the only choice left is the open jetty 4; it is taken at once
    assert state.is_chance_node
    assert state.group is not None and state.group.position == (1, -2)


@pytest.mark.clause("CLOSED-2", "AMB-10", "AMB-25")
@pytest.mark.flag("bounce_counts_as_closed_route", False)
def test_exit_to_a_royal_island_may_be_chosen_with_bounce_counts_as_closed_route_false() -> None:
    state = royal_and_open(Rules(bounce_counts_as_closed_route=False))
    state = state.apply(Expand(TUBUAI, (1,)))
    assert state.pending.kind is DecisionKind.DEPARTURE
    assert set(state.legal_actions()) == {Depart(TUBUAI, 1, 4), Depart(TUBUAI, 1, 5)}


# ------------------------------------------------ detection mode (AMB-25)

NUMBERED_RING = [
    (TUBUAI, "tubuai", 0),
    *LEFT_PAIR,
    ((1, -2), "ocean-h", 0),  # route 0-1 is a "3"
    ((1, -1), "ocean-k", 0),  # route 2-3 unnumbered
]
"""Every route leads back, but beach 1's way round needs three colours."""


@pytest.mark.clause("CLOSED-1", "AMB-25")
@pytest.mark.flag("closed_route_mode", "geometric")
def test_route_numbers_are_ignored_when_detecting_a_closed_island_by_default() -> None:
    state = tubuai_with(NUMBERED_RING, {(TUBUAI, 1): "BR", (ORIGIN, 5): "B"})
    state = state.apply(Expand(TUBUAI, (1,)))
    assert state.removed_tiles == ("tubuai",)


@pytest.mark.clause("CLOSED-1", "AMB-25")
@pytest.mark.flag("closed_route_mode", "infinite_only")
def test_loop_the_group_cannot_complete_is_not_closed_with_infinite_only() -> None:
    rules = Rules(closed_route_mode=ClosedRouteMode.INFINITE_ONLY)
    state = tubuai_with(NUMBERED_RING, {(TUBUAI, 1): "BR", (ORIGIN, 5): "B"}, rules=rules)
    state = state.apply(Expand(TUBUAI, (1,)))
    assert state.pending.kind is DecisionKind.DEPARTURE
    # two colours cannot pass the "3": the voyage fails, Tubuai stays
    state = state.apply(Depart(TUBUAI, 1, 5))
    assert state.removed_tiles == ()
    assert state.island_at(TUBUAI) is not None
    assert state.reserve(B) == 14 and state.reserve(R) == 15
    assert state.turn_colour is R


@pytest.mark.clause("CLOSED-1", "CLOSED-3", "AMB-25")
@pytest.mark.flag("closed_route_mode", "infinite_only")
def test_with_infinite_only_a_closed_island_stays_while_the_group_can_land_and_stop() -> None:
    # BSW: a chain is endless only if no finite combination resolves it. Every route
    # leads back to Tubuai, but the three boats come back and spread over both
    # beaches without filling one, and the turn ends
    rules = Rules(closed_route_mode=ClosedRouteMode.INFINITE_ONLY)
    state = tubuai_with(CLOSED_TUBUAI, {(TUBUAI, 1): "BR", (ORIGIN, 5): "B"}, rules=rules)
    state = state.apply(Expand(TUBUAI, (1,)))
    while state.pending.kind in (DecisionKind.DEPARTURE, DecisionKind.BERTH):
        state = state.apply(state.legal_actions()[0])
    assert state.removed_tiles == ()
    assert state.turn_colour is R


@pytest.mark.clause("CLOSED-1", "AMB-25")
@pytest.mark.flag("closed_route_mode", "infinite_only")
def test_with_infinite_only_an_expansion_into_an_endless_chain_is_refused() -> None:
    # beach 0 is one short of full: the group that comes back must fill it, and the two
    # beaches then fill each other for ever. Another choice ends the turn, so the
    # expansion that starts the endless chain is not offered
    rules = Rules(closed_route_mode=ClosedRouteMode.INFINITE_ONLY)
    boats = {(TUBUAI, 1): "BR", (TUBUAI, 0): "RR", (ORIGIN, 5): "B"}
    state = tubuai_with(CLOSED_TUBUAI, boats, rules=rules)
    assert Expand(TUBUAI, (1,)) not in state.legal_actions()
    with pytest.raises(IllegalActionError, match="AMB-25"):
        state.apply(Expand(TUBUAI, (1,)))
    assert Expand(TUBUAI, (0,)) not in state.legal_actions()
    assert state.legal_actions()  # the turn goes on by another choice


# -------------------------------------------------- several closed islands


@pytest.mark.clause("CLOSED-1", "CLOSED-5", "AMB-28")
def test_each_closed_island_is_removed_only_when_a_group_must_leave_it() -> None:
    state = position(
        2,
        tiles=CLOSED_TUBUAI + CLOSED_MUROROA,
        boats={(TUBUAI, 0): "BR", (MUROROA, 2): "RB", (ORIGIN, 4): "BR"},
        pile=PILE,
    )
    state = state.apply(Expand(TUBUAI, (0,)))
    assert state.removed_tiles == ("tubuai",)
    assert state.island_at(MUROROA) is not None
    assert state.beach(MUROROA, 2).boats == (B, R)
    # red's turn: Muroroa's beach 2 fills and Muroroa goes too
    state = state.apply(Expand(MUROROA, (2,)))
    assert set(state.removed_tiles) == {"tubuai", "muroroa"}
    assert state.reserve(R) == 14 and state.reserve(B) == 14


# ------------------------------------------------ forced colonisation


def blue_only_on_tubuai(rules: Rules | None = None) -> GameState:
    return position(
        2,
        tiles=CLOSED_TUBUAI,
        boats={(TUBUAI, 0): "BR", (ORIGIN, 0): "RR"},
        pile=PILE,
        rules=rules if rules is not None else Rules(),
    )


@pytest.mark.clause("CLOSED-4", "CLOSED-5", "AMB-27", "RECOLONIZE-3", "RECOLONIZE-5")
@pytest.mark.flag("closed_forced_colonize_places_boat", True)
def test_player_left_without_boats_colonises_at_once() -> None:
    state = blue_only_on_tubuai().apply(Expand(TUBUAI, (0,)))
    assert state.removed_tiles == ("tubuai",)
    assert state.reserve(B) == 15
    assert state.is_chance_node  # New Colonisation, drawing at once
    state = state.apply(Draw("ocean-c"))
    assert state.pending.kind is DecisionKind.PLACE_TILE
    # placed freely: any hex next to the table (even where Tubuai was), any rotation
    for hex_ in [TUBUAI, BELOW, (-2, 0)]:
        assert PlaceTile(hex_, 5) in state.legal_actions()
    state = play(state, PlaceTile(BELOW, 5), Draw("hawaii"), PlaceTile((0, 2), 2))
    assert state.pending.kind is DecisionKind.BERTH
    assert state.pending.group == (B,)
    state = state.apply(Berth(B, 1))
    assert state.beach((0, 2), 1).boats == (B,)
    assert state.reserve(B) == 14
    assert state.pending.kind is DecisionKind.TURN
    assert state.turn_colour is R


@pytest.mark.clause("CLOSED-4", "AMB-27")
@pytest.mark.flag("closed_forced_colonize_places_boat", False)
def test_forced_colonisation_places_no_boat_with_closed_forced_colonize_places_boat_false() -> None:
    state = blue_only_on_tubuai(Rules(closed_forced_colonize_places_boat=False))
    state = play(state, Expand(TUBUAI, (0,)), Draw("hawaii"), PlaceTile(TUBUAI, 0))
    hawaii = state.island_at(TUBUAI)
    assert hawaii is not None and hawaii.tile.id == "hawaii"
    assert all(not beach.boats for beach in hawaii.beaches)
    assert state.reserve(B) == 15
    assert state.turn_colour is R


@pytest.mark.clause("CLOSED-4", "AMB-18", "AMB-27")
@pytest.mark.flag("noboats_ignores_royal", True)
def test_king_does_not_spare_the_forced_colonisation_by_default() -> None:
    state = position(
        2,
        tiles=[*CLOSED_TUBUAI, ((-1, 1), "fidschi", 0)],
        kings={(-1, 1): "B"},
        boats={(TUBUAI, 0): "BR", (ORIGIN, 0): "RR"},
        pile=PILE,
    )
    state = state.apply(Expand(TUBUAI, (0,)))
    assert state.removed_tiles == ("tubuai",)
    assert state.is_chance_node
    assert state.turn_colour is B


@pytest.mark.clause("CLOSED-4", "AMB-18", "AMB-27")
@pytest.mark.flag("noboats_ignores_royal", False)
def test_king_counts_as_a_boat_in_play_with_noboats_ignores_royal_false() -> None:
    state = position(
        2,
        tiles=[*CLOSED_TUBUAI, ((-1, 1), "fidschi", 0)],
        kings={(-1, 1): "B"},
        boats={(TUBUAI, 0): "BR", (ORIGIN, 0): "RR"},
        pile=PILE,
        rules=Rules(noboats_ignores_royal=False),
    )
    state = state.apply(Expand(TUBUAI, (0,)))
    assert state.removed_tiles == ("tubuai",)
    assert state.pending.kind is DecisionKind.TURN
    assert state.turn_colour is R


@pytest.mark.clause("CLOSED-4", "AMB-19")
def test_removing_the_last_island_forces_a_colonisation() -> None:
    # Tonga itself was removed earlier; Tubuai is the last island in play.
    state = position(
        2,
        tiles=CLOSED_TUBUAI,
        removed=["tonga"],
        boats={(TUBUAI, 0): "BR", (TUBUAI, 1): "R"},
        pile=PILE,
    )
    state = play(state, Expand(TUBUAI, (0,)), Draw("samoa"), PlaceTile(ORIGIN, 0))
    assert state.removed_tiles == ("tonga", "tubuai")
    assert [view.tile.id for view in state.islands] == ["samoa"]
    state = state.apply(Berth(B, 2))
    # red has no boats either; without Tonga only the single boat remains
    assert state.turn_colour is R
    placements = {a for a in state.legal_actions() if isinstance(a, PlaceNewBoats)}
    assert placements == {PlaceNewBoats(ORIGIN, (b,)) for b in range(3)}


def two_full_beaches(rules: Rules) -> GameState:
    """Blue's only boats are on Tubuai's full beach 0; Tonga's beach 0 (red) is full too."""
    return position(
        2,
        tiles=CLOSED_TUBUAI,
        boats={(TUBUAI, 0): "BBR", (ORIGIN, 0): "RRR"},
        pile=PILE,
        rules=rules,
    )


@pytest.mark.clause("CLOSED-4", "CLOSED-5", "AMB-27", "CHAIN-3")
@pytest.mark.flag("closed_forced_colonize_ends_turn_immediately", False)
def test_other_full_beaches_still_sail_after_the_forced_colonisation_by_default() -> None:
    state = two_full_beaches(Rules())
    assert state.pending.kind is DecisionKind.DEPARTURE
    state = play(state, Depart(TUBUAI, 0, 1), Draw("hawaii"), PlaceTile((-1, 1), 0), Berth(B, 0))
    assert state.removed_tiles == ("tubuai",)
    # Tonga's full beach 0 sails next, still in blue's turn
    assert state.is_chance_node
    assert state.group is not None
    assert state.group.colours == (R, R, R)
    assert state.group.position == BELOW
    assert state.turn_colour is B


@pytest.mark.clause("CLOSED-5", "AMB-27")
@pytest.mark.flag("closed_forced_colonize_ends_turn_immediately", True)
def test_turn_passes_right_after_forced_colonisation_with_ends_turn_immediately() -> None:
    state = two_full_beaches(Rules(closed_forced_colonize_ends_turn_immediately=True))
    state = play(state, Depart(TUBUAI, 0, 1), Draw("hawaii"), PlaceTile((-1, 1), 0), Berth(B, 0))
    assert state.beach((-1, 1), 0).boats == (B,)
    assert not state.is_chance_node
    assert state.turn_colour is R
    assert state.beach(ORIGIN, 0).boats == (R, R, R)


@pytest.mark.clause("CLOSED-1", "DEPART-4", "AMB-07")
def test_hex_left_by_a_removed_island_is_filled_by_the_next_draw() -> None:
    state = tubuai_with(CLOSED_TUBUAI, {(TUBUAI, 0): "BR", (ORIGIN, 3): "BR", (ORIGIN, 0): "R"})
    state = state.apply(Expand(TUBUAI, (0,)))
    assert state.tile_at(TUBUAI) is None
    # red's turn: Tonga's beach 3 fills and sails up into the empty hex
    state = state.apply(Expand(ORIGIN, (0, 3)))
    assert state.is_chance_node
    assert state.group is not None and state.group.position == TUBUAI
    state = state.apply(Draw("samoa"))
    samoa = state.island_at(TUBUAI)
    assert samoa is not None and samoa.rotation == 0
    assert state.pending.kind is DecisionKind.BERTH


def last_ocean_in_forced_colonisation(rules: Rules) -> GameState:
    state = position(
        2,
        tiles=CLOSED_TUBUAI,
        boats={(TUBUAI, 0): "BR", (ORIGIN, 0): "RR"},
        pile=["hawaii", "samoa", "ocean-c"],
        rules=rules,
    )
    return play(state, Expand(TUBUAI, (0,)), Draw("ocean-c"), PlaceTile(BELOW, 0))


@pytest.mark.clause("CLOSED-4", "END-1", "AMB-14")
@pytest.mark.flag("end_recolonize_completes", True)
def test_forced_colonisation_that_draws_the_last_ocean_tile_still_completes_by_default() -> None:
    state = last_ocean_in_forced_colonisation(Rules())
    assert state.end_triggered
    assert state.is_chance_node
    state = play(state, Draw("hawaii"), PlaceTile((0, 2), 0), Berth(B, 0))
    assert state.is_terminal
    assert state.scores() == (5, 0)


@pytest.mark.clause("CLOSED-4", "END-1", "AMB-14")
@pytest.mark.flag("end_recolonize_completes", False)
def test_forced_colonisation_stops_at_the_last_ocean_with_end_recolonize_completes_false() -> None:
    state = last_ocean_in_forced_colonisation(Rules(end_recolonize_completes=False))
    assert state.end_triggered
    assert state.is_terminal
    assert state.boats_on_board(B) == 0


@pytest.mark.clause("AMB-10", "CLOSED-1")
@pytest.mark.flag("bounce_counts_as_closed_route", False)
def test_an_endless_bounce_chain_ends_with_the_island_removed_when_bounces_do_not_count() -> None:
    # Tubuai's four jetties all face royal islands. With bounces not counted as leading
    # back, every departure bounces home and refills the other beach, for ever: the
    # engine treats the second departure from the same position as an endless chain.
    state = tubuai_among_royal_islands(Rules(bounce_counts_as_closed_route=False))
    seen = 0
    while not state.removed_tiles:
        assert state.pending.kind in (DecisionKind.DEPARTURE, DecisionKind.BERTH)
        state = state.apply(state.legal_actions()[0])
        seen += 1
        assert seen < 40
    assert state.removed_tiles == ("tubuai",)
    assert state.reserve(Colour.GREEN) == 15
