"""End of the game (END-1..4) and the readings AMB-11..15.

In these positions Tonga's beach 3 sails up (its jetty is on the top edge)
into the hex above Tonga, where the drawn tile is placed with its red marker
against the jetty (rotation 0).
"""

from __future__ import annotations

import pytest
from tests.core.scenarios.helpers_special import ABOVE, BELOW, play, spread

from tongiaki_rules import (
    ORIGIN,
    Berth,
    Colour,
    DecisionKind,
    Depart,
    Draw,
    EndTrigger,
    Expand,
    GameState,
    LastOceanFate,
    PlaceTile,
    Recolonize,
    Rules,
    position,
)

B, R = Colour.BLUE, Colour.RED
RAROTONGA = (1, -1)  # "3:12 4:345"


def last_island_in_pile(rules: Rules | None = None) -> GameState:
    return position(
        2,
        boats={(ORIGIN, 3): "BR", (ORIGIN, 0): "R"},
        pile=["hawaii", "ocean-a", "ocean-b"],
        rules=rules if rules is not None else Rules(),
    )


@pytest.mark.clause("END-1", "END-2", "END-3", "AMB-11")
def test_last_island_drawn_ends_the_game_after_the_group_lands_on_it() -> None:
    state = last_island_in_pile().apply(Expand(ORIGIN, (3,)))
    assert state.is_chance_node
    assert not state.end_triggered
    state = state.apply(Draw("hawaii"))
    assert state.end_triggered
    # the group lands on the new island as usual, and the turn is finished
    assert not state.is_terminal
    assert state.pending.kind is DecisionKind.BERTH
    assert state.pending.island == ABOVE
    hawaii = state.island_at(ABOVE)
    assert hawaii is not None and hawaii.rotation == 0
    state = play(state, Berth(B, 0), Berth(R, 1))  # the last blue boat goes to beach 2
    assert state.is_terminal
    assert state.pending.kind is DecisionKind.GAME_OVER
    assert state.current_player is None
    assert state.legal_actions() == ()
    assert state.scores() == (5, 5)


@pytest.mark.clause("END-1", "AMB-11")
def test_tiles_of_both_types_left_means_no_end() -> None:
    state = position(
        2,
        boats={(ORIGIN, 3): "BR", (ORIGIN, 0): "R"},
        pile=["hawaii", "samoa", "ocean-a", "ocean-b"],
    )
    state = play(state, Expand(ORIGIN, (3,)), Draw("hawaii"))
    assert not state.end_triggered
    state = play(state, Berth(B, 0), Berth(R, 1))
    assert not state.is_terminal
    assert state.turn_colour is R


ALL_OTHER_ISLANDS = [
    "muroroa",
    "nauru",
    "rarotonga",
    "rapa-nui",
    "tokelau",
    "tuamotu",
    "hiva-oa",
    "mangareva",
    "oahu",
    "tahiti",
    "tuvalu",
    "fidschi",
    "samoa",
]
"""Every island except Tonga, Tubuai and Hawaii."""


def late_game(rules: Rules, *, tubuai_removed: bool) -> GameState:
    """Hawaii is the last island in the pile; Tubuai is on the table or was removed."""
    tubuai = [] if tubuai_removed else ["tubuai"]
    return position(
        2,
        tiles=spread(ALL_OTHER_ISLANDS + tubuai),
        removed=["tubuai"] if tubuai_removed else [],
        boats={(ORIGIN, 3): "BR", (ORIGIN, 0): "R"},
        pile=["hawaii", "ocean-a", "ocean-b"],
        rules=rules,
    )


@pytest.mark.clause("END-1", "AMB-11")
@pytest.mark.parametrize("tubuai_removed", [False, True])
@pytest.mark.flag("end_trigger", "type_exhausted")
def test_last_island_drawn_ends_the_game_even_after_a_removal_by_default(
    tubuai_removed: bool,
) -> None:
    state = late_game(Rules(), tubuai_removed=tubuai_removed)
    state = play(state, Expand(ORIGIN, (3,)), Draw("hawaii"))
    assert state.end_triggered


@pytest.mark.clause("END-1", "AMB-11")
@pytest.mark.parametrize(("tubuai_removed", "ends"), [(False, True), (True, False)])
@pytest.mark.flag("end_trigger", "sixteen_on_table")
def test_sixteen_islands_must_be_on_the_table_with_sixteen_on_table(
    tubuai_removed: bool, ends: bool
) -> None:
    rules = Rules(end_trigger=EndTrigger.SIXTEEN_ON_TABLE)
    state = late_game(rules, tubuai_removed=tubuai_removed)
    state = play(state, Expand(ORIGIN, (3,)), Draw("hawaii"))
    islands_on_table = len(state.islands)
    assert islands_on_table == (15 if tubuai_removed else 16)
    assert state.end_triggered is ends


def last_ocean_in_pile(rules: Rules | None = None) -> GameState:
    """ocean-p, drawn above Tonga, leads (route 0-5) to Rarotonga at (1, -1)."""
    return position(
        2,
        tiles=[(RAROTONGA, "rarotonga", 0)],
        boats={(ORIGIN, 3): "BR", (ORIGIN, 0): "R"},
        pile=["hawaii", "samoa", "ocean-p"],
        rules=rules if rules is not None else Rules(),
    )


@pytest.mark.clause("END-1", "END-4", "AMB-12", "AMB-15")
@pytest.mark.flag("last_ocean_group_fate", "lost")
def test_group_at_sea_is_lost_when_the_last_ocean_tile_is_drawn() -> None:
    state = play(last_ocean_in_pile(), Expand(ORIGIN, (3,)), Draw("ocean-p"))
    assert state.end_triggered
    tile = state.tile_at(ABOVE)
    assert tile is not None and tile.tile.id == "ocean-p" and tile.rotation == 0
    # the group (B, B, R) never reaches Rarotonga although its route leads there
    rarotonga = state.island_at(RAROTONGA)
    assert rarotonga is not None and all(not beach.boats for beach in rarotonga.beaches)
    assert state.is_terminal
    assert state.boats_on_board(B) == 0
    assert state.reserve(B) == 15 and state.reserve(R) == 14  # lost boats are off the board
    assert state.scores() == (0, 0)


@pytest.mark.clause("END-4", "AMB-12")
@pytest.mark.flag("last_ocean_group_fate", "may_reach_existing_island")
def test_group_reaches_an_island_on_the_table_with_may_reach_existing_island() -> None:
    rules = Rules(last_ocean_group_fate=LastOceanFate.MAY_REACH_EXISTING_ISLAND)
    state = play(last_ocean_in_pile(rules), Expand(ORIGIN, (3,)), Draw("ocean-p"))
    assert state.end_triggered
    assert state.pending.kind is DecisionKind.BERTH
    assert state.pending.island == RAROTONGA
    state = play(state, Berth(B, 0), Berth(B, 1), Berth(R, 0))
    assert state.is_terminal
    assert state.scores() == (3, 3)


def two_beaches_to_sail(rules: Rules) -> GameState:
    """Tonga's beaches 3 and 0 are both full; Hawaii is the last island in the pile."""
    return position(
        2,
        boats={(ORIGIN, 3): "BBR", (ORIGIN, 0): "BRR"},
        pile=["hawaii", "ocean-a", "ocean-b"],
        rules=rules,
    )


@pytest.mark.clause("END-2", "AMB-13", "CHAIN-3")
@pytest.mark.flag("end_turn_continue_chain", True)
def test_final_turn_goes_on_with_the_other_full_beaches_by_default() -> None:
    state = play(
        two_beaches_to_sail(Rules()),
        Depart(ORIGIN, 3, 3),
        Draw("hawaii"),
        Berth(B, 0),
        Berth(R, 1),
    )
    assert state.end_triggered
    # beach 0 still sails; the draw comes from the oceans left in the pile
    assert not state.is_terminal
    assert state.is_chance_node
    assert state.group is not None and state.group.position == BELOW
    assert [d.tile for d, _p in state.chance_outcomes()] == ["ocean-a", "ocean-b"]
    # ocean-a below Tonga: its route 0-3 needs four colours, the group fails
    state = state.apply(Draw("ocean-a"))
    assert state.is_terminal
    assert state.beach(ORIGIN, 0).boats == ()


@pytest.mark.clause("END-2", "AMB-13")
@pytest.mark.flag("end_turn_continue_chain", False)
def test_final_turn_stops_after_the_expedition_with_end_turn_continue_chain_false() -> None:
    state = play(
        two_beaches_to_sail(Rules(end_turn_continue_chain=False)),
        Depart(ORIGIN, 3, 3),
        Draw("hawaii"),
        Berth(B, 0),
        Berth(R, 1),
    )
    assert state.is_terminal
    assert state.beach(ORIGIN, 0).boats == (B, R, R)


@pytest.mark.clause("END-2", "AMB-13")
def test_group_needing_a_draw_from_the_empty_pile_is_lost() -> None:
    state = position(
        2,
        boats={(ORIGIN, 3): "BBR", (ORIGIN, 0): "BRR"},
        pile=[],
        end_triggered=True,
    )
    assert state.pending.kind is DecisionKind.DEPARTURE
    state = state.apply(Depart(ORIGIN, 3, 3))
    # both groups sail into empty hexes with nothing left to draw
    assert state.is_terminal
    assert state.placed_tiles[0].tile.id == "tonga" and len(state.placed_tiles) == 1
    assert state.reserve(B) == 15 and state.reserve(R) == 15


def recolonising_with_last_ocean(rules: Rules) -> GameState:
    state = position(
        2,
        boats={(ORIGIN, 1): "BR", (ORIGIN, 2): "R"},
        pile=["hawaii", "samoa", "ocean-p"],
        rules=rules,
    )
    return play(state, Recolonize(), Draw("ocean-p"), PlaceTile(BELOW, 0))


@pytest.mark.clause("END-1", "RECOLONIZE-4", "AMB-14")
@pytest.mark.flag("end_recolonize_completes", True)
def test_recolonisation_that_draws_the_last_ocean_tile_still_completes_by_default() -> None:
    state = recolonising_with_last_ocean(Rules())
    assert state.end_triggered
    assert state.is_chance_node
    state = play(state, Draw("hawaii"), PlaceTile((0, 2), 0), Berth(B, 0))
    assert state.is_terminal
    assert state.beach((0, 2), 0).boats == (B,)
    assert state.scores() == (5, 0)


@pytest.mark.clause("END-1", "AMB-14")
@pytest.mark.flag("end_recolonize_completes", False)
def test_recolonisation_stops_at_the_last_ocean_tile_with_end_recolonize_completes_false() -> None:
    state = recolonising_with_last_ocean(Rules(end_recolonize_completes=False))
    assert state.end_triggered
    assert state.is_terminal
    assert state.boats_on_board(B) == 0
    assert state.pile.tiles == ("hawaii", "samoa")
    assert state.scores() == (0, 0)
