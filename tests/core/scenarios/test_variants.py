"""Variants: two colours per player (VARIANT-2P-1, AMB-40) and Rody (VARIANT-RODY-1, AMB-39)."""

from __future__ import annotations

import pytest
from tests.core.scenarios.helpers_special import ABOVE, clause_of, game_over, play

from tongiaki_rules import (
    ORIGIN,
    Colour,
    DecisionKind,
    Draw,
    Expand,
    FoundRoyal,
    GameState,
    PlaceNewBoats,
    PlaceTile,
    RodyFreeScope,
    Rules,
    SetupPlace,
    TwoPlayerRoyalLimit,
    TwoPlayerTurnOrder,
    new_game,
    position,
)

B, R, G, Y = Colour.BLUE, Colour.RED, Colour.GREEN, Colour.YELLOW
TWO_COLOURS = Rules(variant_two_player_double_colour=True)

# ------------------------------------------------------- two colours each


def four_colours(rules: Rules = TWO_COLOURS) -> GameState:
    """One boat of each colour on Tonga: B on beach 0, R on 1, G on 2, Y on 4."""
    return position(
        2,
        boats={(ORIGIN, 0): "B", (ORIGIN, 1): "R", (ORIGIN, 2): "G", (ORIGIN, 4): "Y"},
        rules=rules,
    )


OWN_BEACH = {B: 0, R: 1, G: 2, Y: 4}


@pytest.mark.clause("VARIANT-2P-1", "AMB-40")
@pytest.mark.flag("variant_two_player_double_colour", True)
@pytest.mark.flag("two_player_turn_order", "alternate_seats")
def test_each_player_runs_two_colours_in_alternation() -> None:
    state = four_colours()
    # player 1's first colour, player 2's first, player 1's second, player 2's second
    for colour, seat in [(B, 0), (R, 1), (G, 0), (Y, 1)]:
        assert state.turn_colour is colour
        assert state.current_player == seat
        state = state.apply(Expand(ORIGIN, (OWN_BEACH[colour],)))
    assert state.turn_colour is B and state.current_player == 0  # round complete


@pytest.mark.clause("VARIANT-2P-1", "AMB-40")
@pytest.mark.flag("variant_two_player_double_colour", True)
@pytest.mark.flag("two_player_turn_order", "seat_then_colour")
def test_seat_then_colour_turn_order() -> None:
    state = four_colours(
        Rules(
            variant_two_player_double_colour=True,
            two_player_turn_order=TwoPlayerTurnOrder.SEAT_THEN_COLOUR,
        )
    )
    for colour, seat in [(B, 0), (G, 0), (R, 1), (Y, 1)]:
        assert state.turn_colour is colour
        assert state.current_player == seat
        state = state.apply(Expand(ORIGIN, (OWN_BEACH[colour],)))
    assert state.turn_colour is B and state.current_player == 0  # round complete


@pytest.mark.clause("VARIANT-2P-1", "AMB-40", "SETUP-4")
@pytest.mark.flag("variant_two_player_double_colour", True)
def test_setup_places_two_boats_of_each_of_the_four_colours() -> None:
    state = new_game(2, TWO_COLOURS)
    for k, (colour, seat) in enumerate([(B, 0), (R, 1), (G, 0), (Y, 1)] * 2):
        assert state.pending.kind is DecisionKind.SETUP
        assert state.pending.colour is colour
        assert state.current_player == seat
        state = state.apply(SetupPlace(k % 6))
    assert state.pending.kind is DecisionKind.TURN
    assert state.turn_colour is B
    assert [state.reserve(c) for c in (B, R, G, Y)] == [13, 13, 13, 13]


@pytest.mark.clause("VARIANT-2P-1")
@pytest.mark.flag("variant_two_player_double_colour", True)
def test_two_colour_variant_is_for_two_players_only() -> None:
    with pytest.raises(ValueError, match="VARIANT-2P-1"):
        new_game(3, TWO_COLOURS)


@pytest.mark.clause("VARIANT-2P-1", "AMB-40", "VOYAGE-2")
@pytest.mark.flag("variant_two_player_double_colour", True)
def test_one_players_two_colours_count_as_two_colours_on_a_route() -> None:
    # ocean-j above Tonga: the route from its bottom edge (0-5) is a "2"
    state = position(
        2,
        tiles=[(ABOVE, "ocean-j", 0)],
        boats={(ORIGIN, 3): "BG", (ORIGIN, 0): "R", (ORIGIN, 1): "Y"},
        rules=TWO_COLOURS,
    )
    state = state.apply(Expand(ORIGIN, (3,)))
    assert state.is_chance_node
    assert state.group is not None
    assert state.group.colours == (B, B, G)
    assert state.group.position == (1, -1)  # passed, beyond the route's far end


@pytest.mark.clause("VARIANT-2P-1", "AMB-40", "VOYAGE-3")
@pytest.mark.flag("variant_two_player_double_colour", True)
def test_a_single_colour_still_fails_a_two_route_in_the_variant() -> None:
    state = position(
        2,
        tiles=[(ABOVE, "ocean-j", 0)],
        boats={(ORIGIN, 3): "BB", (ORIGIN, 0): "R", (ORIGIN, 1): "Y", (ORIGIN, 2): "G"},
        rules=TWO_COLOURS,
    )
    state = state.apply(Expand(ORIGIN, (0, 3)))
    assert not state.is_chance_node
    assert state.beach(ORIGIN, 3).boats == ()
    assert state.reserve(B) == 14
    assert state.turn_colour is R


def green_may_found(rules: Rules) -> GameState:
    """Blue has founded two royal islands; green (same player) is alone on Hawaii."""
    return position(
        2,
        tiles=[(ABOVE, "hawaii", 0), ((1, -1), "samoa", 0), ((-1, 0), "fidschi", 0)],
        kings={(1, -1): "B", (-1, 0): "B"},
        boats={(ABOVE, 1): "G", (ORIGIN, 0): "RY", (ORIGIN, 1): "B"},
        rules=rules,
        to_move=2,
    )


@pytest.mark.clause("ROYAL-3", "AMB-40")
@pytest.mark.flag("variant_two_player_double_colour", True)
@pytest.mark.flag("two_player_royal_limit_per", "colour")
def test_royal_limit_counts_per_colour_by_default() -> None:
    state = green_may_found(TWO_COLOURS)
    assert state.current_player == 0 and state.turn_colour is G
    assert FoundRoyal(ABOVE) in state.legal_actions()


@pytest.mark.clause("ROYAL-3", "AMB-40")
@pytest.mark.flag("variant_two_player_double_colour", True)
@pytest.mark.flag("two_player_royal_limit_per", "seat")
def test_royal_limit_counts_per_player_with_two_player_royal_limit_per_seat() -> None:
    rules = Rules(
        variant_two_player_double_colour=True,
        two_player_royal_limit_per=TwoPlayerRoyalLimit.SEAT,
    )
    state = green_may_found(rules)
    assert FoundRoyal(ABOVE) not in state.legal_actions()
    assert clause_of(state, FoundRoyal(ABOVE)) == "ROYAL-3"


@pytest.mark.clause("NOBOATS-1", "AMB-40")
@pytest.mark.flag("variant_two_player_double_colour", True)
def test_colour_without_boats_places_new_boats_though_its_partner_colour_has_some() -> None:
    state = position(2, boats={(ORIGIN, 0): "BR", (ORIGIN, 1): "Y"}, rules=TWO_COLOURS, to_move=2)
    actions = state.legal_actions()
    assert state.turn_colour is G
    assert PlaceNewBoats(ORIGIN, (2, 3)) in actions
    assert not any(isinstance(a, Expand) for a in actions)


@pytest.mark.clause("SCORE-1", "SCORE-5", "AMB-40")
@pytest.mark.flag("variant_two_player_double_colour", True)
def test_a_players_score_and_tie_break_counts_are_the_sums_of_both_colours() -> None:
    final = game_over(
        2,
        tiles=[(ABOVE, "hawaii", 0), ((1, -1), "samoa", 0), ((-1, 0), "tubuai", 0)],
        boats={(ABOVE, 0): "BG", ((1, -1), 0): "G", ((-1, 0), 0): "RY", ((-1, 0), 1): "Y"},
        rules=TWO_COLOURS,
    )
    assert final.scores() == (15, 4)
    outcome = final.outcome()
    assert outcome is not None
    assert outcome.scores == (15, 4)
    assert outcome.islands == (3, 2)
    assert outcome.boats == (3, 3)
    assert outcome.winners == (0,)


# ------------------------------------------------------------------- Rody

RODY = Rules(variant_rody=True)


def exploring(rules: Rules) -> GameState:
    """Tonga's beach 3 sails up; ocean-p drawn above Tonga leads on to (1, -1)."""
    state = position(
        2,
        boats={(ORIGIN, 3): "BR", (ORIGIN, 0): "R"},
        pile=["hawaii", "samoa", "ocean-p", "ocean-a"],
        rules=rules,
    )
    state = play(state, Expand(ORIGIN, (3,)), Draw("ocean-p"))
    tile = state.tile_at(ABOVE)
    assert tile is not None and tile.rotation == 0  # the first tile: red marker rule
    assert state.is_chance_node
    assert state.group is not None and state.group.position == (1, -1)
    return state.apply(Draw("hawaii"))


@pytest.mark.clause("VARIANT-RODY-1", "COMP-5")
@pytest.mark.flag("variant_rody", False)
def test_later_tiles_follow_the_red_marker_in_the_base_game() -> None:
    state = exploring(Rules())
    hawaii = state.island_at((1, -1))
    assert hawaii is not None and hawaii.rotation == 2  # marker facing the route end
    assert state.pending.kind is DecisionKind.BERTH


@pytest.mark.clause("VARIANT-RODY-1", "AMB-39")
@pytest.mark.flag("variant_rody", True)
@pytest.mark.flag("rody_free_scope", "rotation")
def test_rody_player_turns_a_later_tile_freely() -> None:
    state = exploring(RODY)
    assert state.pending.kind is DecisionKind.PLACE_TILE
    assert state.pending.tile == "hawaii"
    assert state.pending.player == 0
    assert set(state.legal_actions()) == {PlaceTile((1, -1), r) for r in range(6)}
    state = state.apply(PlaceTile((1, -1), 4))
    hawaii = state.island_at((1, -1))
    assert hawaii is not None and hawaii.rotation == 4
    assert state.pending.kind is DecisionKind.BERTH
    assert state.pending.island == (1, -1)


@pytest.mark.clause("VARIANT-RODY-1", "AMB-39")
@pytest.mark.flag("variant_rody", True)
@pytest.mark.flag("rody_free_scope", "rotation")
def test_rody_later_tile_stays_in_the_hex_the_group_faces_by_default() -> None:
    state = exploring(RODY)
    assert clause_of(state, PlaceTile((1, 0), 4)) == "AMB-39"


@pytest.mark.clause("VARIANT-RODY-1", "AMB-39")
@pytest.mark.flag("variant_rody", True)
@pytest.mark.flag("rody_free_scope", "position_and_rotation")
def test_rody_later_tile_may_go_elsewhere_with_position_and_rotation() -> None:
    rules = Rules(variant_rody=True, rody_free_scope=RodyFreeScope.POSITION_AND_ROTATION)
    state = exploring(rules)
    actions = state.legal_actions()
    assert PlaceTile((1, -1), 4) in actions
    assert PlaceTile((1, 0), 4) in actions


@pytest.mark.clause("VARIANT-RODY-1", "AMB-39")
@pytest.mark.flag("variant_rody", True)
def test_rody_first_drawn_tile_is_forced_even_after_tiles_on_the_table() -> None:
    # ocean-p is already above Tonga: the first tile drawn lies beyond it
    state = position(
        2,
        tiles=[(ABOVE, "ocean-p", 0)],
        boats={(ORIGIN, 3): "BR", (ORIGIN, 0): "R"},
        pile=["hawaii", "samoa", "ocean-a"],
        rules=RODY,
    )
    state = play(state, Expand(ORIGIN, (3,)), Draw("hawaii"))
    hawaii = state.island_at((1, -1))
    assert hawaii is not None and hawaii.rotation == 2
    assert state.pending.kind is DecisionKind.BERTH
