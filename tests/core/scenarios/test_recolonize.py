"""New Colonisation (RECOLONIZE-1..5) and the readings AMB-07, AMB-21 and AMB-22."""

from __future__ import annotations

import pytest
from tests.core.scenarios.helpers_special import ABOVE, clause_of, play

from tongiaki_rules import (
    ORIGIN,
    Berth,
    Colour,
    DecisionKind,
    Draw,
    Expand,
    GameState,
    IllegalActionError,
    PlaceTile,
    Recolonize,
    Rules,
    position,
)

B, R, G = Colour.BLUE, Colour.RED, Colour.GREEN
HAWAII = ABOVE
SAMOA = (1, -1)
BELOW_TONGA = (0, 1)


def colonists(rules: Rules | None = None) -> GameState:
    """Blue: two boats on Tonga, one on Hawaii beside a red boat, and the king of Samoa."""
    return position(
        3,
        tiles=[(HAWAII, "hawaii", 0), (SAMOA, "samoa", 0)],
        kings={SAMOA: "B"},
        boats={(ORIGIN, 0): "BR", (ORIGIN, 4): "BG", (HAWAII, 1): "BR"},
        pile=["tahiti", "rarotonga", "ocean-a", "ocean-b", "ocean-c"],
        rules=rules if rules is not None else Rules(),
    )


@pytest.mark.clause("RECOLONIZE-1", "TURN-1")
def test_recolonising_is_offered_beside_a_normal_expansion() -> None:
    state = colonists()
    actions = state.legal_actions()
    assert Recolonize() in actions
    assert any(isinstance(a, Expand) for a in actions)


@pytest.mark.clause("RECOLONIZE-1")
def test_a_player_may_recolonise_again_and_again() -> None:
    state = position(
        2,
        boats={(ORIGIN, 0): "BR"},
        pile=["tahiti", "rarotonga", "oahu", "ocean-a"],
    )
    state = play(state, Recolonize(), Draw("tahiti"), PlaceTile(ABOVE, 0), Berth(B, 0))
    state = play(state, Recolonize(), Draw("rarotonga"), PlaceTile(BELOW_TONGA, 0), Berth(R, 0))
    assert state.turn_colour is B
    assert Recolonize() in state.legal_actions()


@pytest.mark.clause("RECOLONIZE-2", "ROYAL-8", "AMB-21", "AMB-22")
@pytest.mark.flag("recolonize_keeps_royal", True)
@pytest.mark.flag("recolonize_removed_to_reserve", True)
def test_recolonising_takes_all_own_boats_home_except_the_king() -> None:
    state = colonists()
    assert state.reserve(B) == 11
    after = state.apply(Recolonize())
    assert after.is_chance_node  # the first tile is drawn at once
    assert after.boats_on_board(B) == 1  # only the king of Samoa
    assert after.reserve(B) == 14
    assert after.boats_out_of_game(B) == 0
    samoa = after.island_at(SAMOA)
    assert samoa is not None and samoa.king == B
    # the other colours stay where they were
    assert after.beach(ORIGIN, 0).boats == (R,)
    assert after.beach(ORIGIN, 4).boats == (G,)
    assert after.beach(HAWAII, 1).boats == (R,)


@pytest.mark.clause("RECOLONIZE-2", "AMB-21")
@pytest.mark.flag("recolonize_keeps_royal", False)
def test_recolonising_also_removes_the_king_with_recolonize_keeps_royal_false() -> None:
    after = colonists(Rules(recolonize_keeps_royal=False)).apply(Recolonize())
    assert after.boats_on_board(B) == 0
    assert after.reserve(B) == 15
    samoa = after.island_at(SAMOA)
    assert samoa is not None and samoa.king is None
    assert after.scores()[0] == 0  # Samoa no longer scores for blue


@pytest.mark.clause("RECOLONIZE-2", "AMB-22")
@pytest.mark.flag("recolonize_removed_to_reserve", False)
def test_recolonised_boats_leave_the_game_with_recolonize_removed_to_reserve_false() -> None:
    after = colonists(Rules(recolonize_removed_to_reserve=False)).apply(Recolonize())
    assert after.boats_on_board(B) == 1
    assert after.boats_out_of_game(B) == 3
    assert after.reserve(B) == 11
    # the new colonist still comes from the reserve
    after = play(after, Draw("tahiti"), PlaceTile((0, 1), 0), Berth(B, 0))
    assert after.reserve(B) == 10
    assert after.beach((0, 1), 0).boats == (B,)


@pytest.mark.clause("RECOLONIZE-3", "AMB-07")
def test_drawn_tile_goes_anywhere_next_to_the_table_in_any_orientation() -> None:
    state = play(colonists(), Recolonize(), Draw("ocean-a"))
    assert state.pending.kind is DecisionKind.PLACE_TILE
    assert state.pending.tile == "ocean-a"
    assert state.pending.player == 0
    actions = state.legal_actions()
    # below Tonga, left of Hawaii, above Samoa: every rotation
    for hex_ in [(0, 1), (-1, -1), (1, -2)]:
        for rotation in range(6):
            assert PlaceTile(hex_, rotation) in actions
    state = state.apply(PlaceTile((0, 1), 4))
    tile = state.tile_at((0, 1))
    assert tile is not None and tile.tile.id == "ocean-a" and tile.rotation == 4


@pytest.mark.clause("RECOLONIZE-3", "AMB-07")
@pytest.mark.flag("recolonize_requires_adjacency", True)
def test_drawn_tile_must_touch_the_table_by_default() -> None:
    state = play(colonists(), Recolonize(), Draw("ocean-a"))
    assert PlaceTile((0, 2), 0) not in state.legal_actions()
    assert clause_of(state, PlaceTile((0, 2), 0)) == "AMB-07"


@pytest.mark.clause("RECOLONIZE-3", "AMB-07")
def test_drawn_tile_cannot_go_on_a_tile_already_there() -> None:
    state = play(colonists(), Recolonize(), Draw("ocean-a"))
    assert clause_of(state, PlaceTile(ORIGIN, 0)) == "AMB-07"
    assert clause_of(state, PlaceTile(HAWAII, 3)) == "AMB-07"


@pytest.mark.clause("RECOLONIZE-3", "AMB-07")
@pytest.mark.flag("recolonize_requires_adjacency", False)
def test_drawn_tile_may_stand_apart_with_recolonize_requires_adjacency_false() -> None:
    state = play(
        colonists(Rules(recolonize_requires_adjacency=False)), Recolonize(), Draw("tahiti")
    )
    assert PlaceTile((0, 2), 0) in state.legal_actions()
    state = play(state, PlaceTile((0, 2), 5), Berth(B, 2))
    assert state.beach((0, 2), 2).boats == (B,)


@pytest.mark.clause("RECOLONIZE-3", "AMB-07")
@pytest.mark.flag("recolonize_requires_adjacency", False)
def test_without_adjacency_a_tile_may_leave_at_most_one_empty_hex_to_the_table() -> None:
    # "anywhere" must be a finite choice for legal_actions(): the engine's documented
    # bound is a gap of one empty hex between the new tile and the table
    state = play(
        colonists(Rules(recolonize_requires_adjacency=False)), Recolonize(), Draw("tahiti")
    )
    assert PlaceTile((0, 2), 0) in state.legal_actions()  # one empty hex below Tonga
    with pytest.raises(IllegalActionError) as info:
        state.apply(PlaceTile((0, 3), 0))  # two empty hexes away
    assert info.value.clause == "AMB-07"
    assert "one empty hex" in str(info.value)


@pytest.mark.clause("RECOLONIZE-4", "RECOLONIZE-5")
def test_ocean_tiles_are_placed_freely_until_an_island_turns_up() -> None:
    state = play(colonists(), Recolonize(), Draw("ocean-a"), PlaceTile((0, 1), 4))
    assert state.is_chance_node  # an ocean tile: draw again
    state = play(state, Draw("ocean-b"), PlaceTile((-1, 1), 2))
    assert state.is_chance_node
    state = state.apply(Draw("tahiti"))
    assert state.pending.kind is DecisionKind.PLACE_TILE
    state = state.apply(PlaceTile((0, 2), 1))
    # exactly one blue boat, on a beach of the player's choice
    assert state.pending.kind is DecisionKind.BERTH
    assert state.pending.island == (0, 2)
    assert state.pending.group == (B,)
    assert set(state.legal_actions()) == {Berth(B, 0), Berth(B, 1), Berth(B, 2)}
    state = state.apply(Berth(B, 1))
    tahiti = state.island_at((0, 2))
    assert tahiti is not None and tahiti.rotation == 1
    assert [b.boats for b in tahiti.beaches] == [(), (B,), ()]
    assert state.reserve(B) == 13
    assert state.pile.tiles == ("rarotonga", "ocean-c")
    # and the turn is over
    assert state.pending.kind is DecisionKind.TURN
    assert state.turn_colour is R


@pytest.mark.clause("RECOLONIZE-5")
def test_island_drawn_first_ends_the_drawing_at_once() -> None:
    state = play(colonists(), Recolonize(), Draw("rarotonga"))
    assert state.pending.tile == "rarotonga"
    state = play(state, PlaceTile((-1, 0), 3), Berth(B, 0))
    assert state.beach((-1, 0), 0).boats == (B,)
    assert state.pile.tiles == ("tahiti", "ocean-a", "ocean-b", "ocean-c")
    assert state.turn_colour is R


# ------------------------------------- owner's boats on their own royal island (AMB-34)


def owner_boats_on_royal(rules: Rules, tonga: str = "BR") -> GameState:
    """Blue is king of Samoa and has two boats on its beaches (``royal_owner_may_land``)."""
    return position(
        3,
        tiles=[(HAWAII, "hawaii", 0), (SAMOA, "samoa", 0)],
        kings={SAMOA: "B"},
        royal_founded={"B": 1},
        boats={(ORIGIN, 0): tonga, (HAWAII, 1): "R", (SAMOA, 0): "B", (SAMOA, 2): "B"},
        pile=["tahiti", "rarotonga", "ocean-a", "ocean-b", "ocean-c"],
        rules=rules,
    )


@pytest.mark.clause("RECOLONIZE-2", "AMB-21", "AMB-34")
@pytest.mark.flag("royal_owner_may_land", True)
@pytest.mark.flag("recolonize_keeps_royal", True)
def test_recolonising_lifts_the_owners_boats_from_the_beaches_of_their_royal_island() -> None:
    state = owner_boats_on_royal(Rules(royal_owner_may_land=True))
    reserve = state.reserve(B)
    state = play(state, Recolonize(), Draw("tahiti"), PlaceTile(BELOW_TONGA, 0), Berth(B, 0))
    samoa = state.island_at(SAMOA)
    assert samoa is not None
    assert all(not beach.boats for beach in samoa.beaches)
    assert samoa.king == B  # only the king stays
    assert state.beach(ORIGIN, 0).boats == (R,)
    # the three boats came home, and one of them colonised Tahiti
    assert state.reserve(B) == reserve + 3 - 1
    tahiti = state.island_at(BELOW_TONGA)
    assert tahiti is not None and [c for b in tahiti.beaches for c in b.boats] == [B]


@pytest.mark.clause("RECOLONIZE-2", "AMB-21", "AMB-34")
@pytest.mark.flag("royal_owner_may_land", True)
@pytest.mark.flag("recolonize_keeps_royal", False)
def test_a_royal_island_left_vacant_keeps_none_of_the_owners_boats() -> None:
    state = owner_boats_on_royal(Rules(royal_owner_may_land=True, recolonize_keeps_royal=False))
    reserve = state.reserve(B)
    state = play(state, Recolonize(), Draw("tahiti"), PlaceTile(BELOW_TONGA, 0))
    samoa = state.island_at(SAMOA)
    assert samoa is not None and samoa.king is None
    assert all(not beach.boats for beach in samoa.beaches)
    assert state.reserve(B) == reserve + 4 - 1  # the king and three boats, one placed again


@pytest.mark.clause("NOBOATS-1", "AMB-18", "AMB-34")
@pytest.mark.flag("royal_owner_may_land", True)
def test_boats_on_the_beaches_of_ones_royal_island_are_boats_in_play() -> None:
    state = owner_boats_on_royal(Rules(royal_owner_may_land=True), tonga="RG")
    assert state.boats_on_board(B) == 3  # two on Samoa's beaches and the king
    # blue cannot expand onto a royal island (EXPAND-6), and is not without boats in play
    # (NOBOATS-1): the only turn action left is New Colonisation
    assert list(state.legal_actions()) == [Recolonize()]
