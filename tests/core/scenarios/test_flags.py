"""Rules flag values that no other scenario test shows on its own (AMB-39, AMB-40).

Most flag values are exercised beside the rule they change (test_closed,
test_end, test_royal, test_variants, ...). The positions here cover the
remaining ones: a two-player game without the two-colour variant, and the Rody
variant when a later tile is put somewhere else than in front of the group.
"""

from __future__ import annotations

import pytest
from tests.core.scenarios.helpers_special import ABOVE, play

from tongiaki_rules import (
    ORIGIN,
    Colour,
    DecisionKind,
    Draw,
    Expand,
    InvalidPositionError,
    PlaceTile,
    RodyFreeScope,
    Rules,
    SetupPlace,
    new_game,
    position,
)

B, R, G = Colour.BLUE, Colour.RED, Colour.GREEN


# ------------------------------------------------- two players, one colour each


@pytest.mark.clause("VARIANT-2P-1", "AMB-40", "SETUP-4", "SETUP-6")
@pytest.mark.flag("variant_two_player_double_colour", False)
def test_two_players_run_one_colour_each_without_the_two_colour_variant() -> None:
    state = new_game(2)
    # setup: two plain rounds, one boat of the seat's single colour each time
    for k, (colour, seat) in enumerate([(B, 0), (R, 1)] * 2):
        assert state.pending.kind is DecisionKind.SETUP
        assert state.pending.colour is colour
        assert state.current_player == seat
        state = state.apply(SetupPlace(k))
    assert state.pending.kind is DecisionKind.TURN
    assert (state.reserve(B), state.reserve(R)) == (13, 13)
    assert [state.beach(ORIGIN, b).boats for b in range(4)] == [(B,), (R,), (B,), (R,)]
    # the turn goes back and forth between the two colours, one per seat
    assert state.turn_colour is B and state.current_player == 0
    state = state.apply(Expand(ORIGIN, (0, 2)))
    assert state.turn_colour is R and state.current_player == 1
    state = state.apply(Expand(ORIGIN, (1, 3)))
    assert state.turn_colour is B and state.current_player == 0
    # green is not in play in a two-player game; it is with the variant
    with pytest.raises(InvalidPositionError, match="not in play"):
        position(2, boats={(ORIGIN, 0): "BG"})
    variant = position(
        2, boats={(ORIGIN, 0): "BG"}, rules=Rules(variant_two_player_double_colour=True)
    )
    assert variant.beach(ORIGIN, 0).boats == (B, G)


# ------------------------------------------------------------------- Rody


@pytest.mark.clause("VARIANT-RODY-1", "AMB-39")
@pytest.mark.flag("variant_rody", True)
@pytest.mark.flag("rody_free_scope", "position_and_rotation")
def test_rody_tile_placed_elsewhere_leaves_the_group_facing_the_same_empty_hex() -> None:
    rules = Rules(variant_rody=True, rody_free_scope=RodyFreeScope.POSITION_AND_ROTATION)
    state = position(
        2,
        boats={(ORIGIN, 3): "BR", (ORIGIN, 0): "R"},
        pile=["hawaii", "samoa", "ocean-p", "ocean-a"],
        rules=rules,
    )
    # the first tile of the exploration follows the red marker: ocean-p above Tonga,
    # whose route 0-5 carries the group on towards the empty hex (1, -1)
    state = play(state, Expand(ORIGIN, (3,)), Draw("ocean-p"))
    tile = state.tile_at(ABOVE)
    assert tile is not None and tile.rotation == 0
    assert state.group is not None and state.group.position == (1, -1)
    # a later tile may go elsewhere: Hawaii goes to (1, 0), turned 4 steps
    state = state.apply(Draw("hawaii"))
    assert state.pending.kind is DecisionKind.PLACE_TILE
    assert state.pending.player == 0
    state = state.apply(PlaceTile((1, 0), 4))
    hawaii = state.island_at((1, 0))
    assert hawaii is not None and hawaii.rotation == 4
    assert all(not beach.boats for beach in hawaii.beaches)
    # the group still faces the empty hex: the next tile is drawn for it
    assert state.is_chance_node
    assert state.group is not None
    assert state.group.position == (1, -1)
    assert state.group.colours == (B, B, R)
    assert [d.tile for d, _p in state.chance_outcomes()] == ["samoa", "ocean-a"]
    state = play(state, Draw("samoa"), PlaceTile((1, -1), 0))
    assert state.pending.kind is DecisionKind.BERTH
    assert state.pending.island == (1, -1)
    assert state.pending.group == (B, B, R)
