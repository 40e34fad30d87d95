"""More scenarios: the final tile with a chain still pending, few boats, and readings
AMB-23 (royal condition at turn start), AMB-24 (no crossing a royal island) and AMB-41
(BrettspielWelt mistranslations: tests follow the Italian and French meaning)."""

from __future__ import annotations

import pytest

from tongiaki_rules import (
    ORIGIN,
    Berth,
    Colour,
    DecisionKind,
    Depart,
    Draw,
    Expand,
    FoundRoyal,
    GameState,
    IllegalActionError,
    position,
)

B, R, G = Colour.BLUE, Colour.RED, Colour.GREEN
BELOW, ABOVE = (0, 1), (0, -1)


def two_full_tonga_beaches(pile: list[str]) -> GameState:
    """Tonga's bottom and top beaches are full of blue, red and green boats."""
    return position(3, boats={(ORIGIN, 0): "BRG", (ORIGIN, 3): "BRG"}, pile=pile)


def land_one_each(state: GameState) -> GameState:
    """Berth blue, red and green on beaches 0, 1, 2; the last boat is forced, so automatic."""
    state = state.apply(Berth(B, 0)).apply(Berth(R, 1))
    assert state.pending.kind is not DecisionKind.BERTH  # green had only beach 2 left
    return state


@pytest.mark.clause("END-1", "END-2", "END-3", "CHAIN-3")
def test_the_last_island_is_landed_on_and_the_pending_beach_still_sails_before_the_end() -> None:
    state = position(3, boats={(ORIGIN, 0): "BRG", (ORIGIN, 3): "BRG"}, pile=["samoa", "ocean-p"])
    state = state.apply(Depart(ORIGIN, 0, 0))
    state = state.apply(Draw("samoa"))  # the last island tile: the end is triggered
    assert state.end_triggered and not state.is_terminal
    assert state.pending.kind is DecisionKind.BERTH  # END-3: the group still lands
    state = land_one_each(state)
    # END-2: the turn goes on: Tonga's top beach sails (its only jetty) and draws
    assert state.is_chance_node
    state = state.apply(Draw("ocean-p"))  # route 0-5 without number, towards the upper right
    assert state.is_terminal
    assert state.island_at((0, 1)) is not None
    assert {c for b in state.island_at((0, 1)).beaches for c in b.boats} == {B, R, G}


@pytest.mark.clause("END-1", "END-4", "AMB-12")
def test_the_last_ocean_tile_swallows_the_group_and_the_turn_then_finishes() -> None:
    state = position(
        3, boats={(ORIGIN, 0): "BRG", (ORIGIN, 3): "BRG"}, pile=["samoa", "hawaii", "ocean-p"]
    )
    state = state.apply(Depart(ORIGIN, 3, 3))  # the top beach first
    state = state.apply(Draw("ocean-p"))  # the last ocean tile: the group is lost
    assert state.end_triggered
    assert state.tile_at(ABOVE) is not None
    # the lost boats are back in the reserves; the bottom beach still sails (END-2,
    # AMB-13): its only jetty makes that automatic, and it now faces an empty hex
    assert state.reserve(B) == 14
    assert state.is_chance_node
    assert state.group is not None and state.group.position == BELOW
    state = state.apply(Draw("hawaii"))
    assert state.pending.kind is DecisionKind.BERTH
    state = land_one_each(state)
    assert state.is_terminal
    assert state.scores() == (5, 5, 5)


@pytest.mark.clause("FEWBOATS-1", "EXPAND-2")
@pytest.mark.parametrize(("reserve", "placed"), [(1, 1), (2, 2), (3, 3)])
def test_an_expansion_places_only_the_boats_left_in_the_reserve(reserve: int, placed: int) -> None:
    # blue has 3 boats on Hawaii (3 beaches), so is entitled to 3 new ones
    state = position(
        3,
        tiles=[(ABOVE, "hawaii", 0)],
        boats={(ABOVE, 1): "BBB"},
        reserves={"B": reserve},
    )
    sizes = {len(a.beaches) for a in state.legal_actions() if isinstance(a, Expand)}
    assert sizes == {placed}


@pytest.mark.clause("AMB-23", "ROYAL-1")
def test_the_royal_condition_is_read_from_the_position_at_the_start_of_the_turn() -> None:
    alone = position(3, tiles=[(ABOVE, "hawaii", 0)], boats={(ABOVE, 1): "BB", (ORIGIN, 0): "R"})
    assert FoundRoyal(ABOVE) in alone.legal_actions()
    shared = position(3, tiles=[(ABOVE, "hawaii", 0)], boats={(ABOVE, 1): "BR"})
    assert FoundRoyal(ABOVE) not in shared.legal_actions()
    with pytest.raises(IllegalActionError) as info:
        shared.apply(FoundRoyal(ABOVE))
    assert info.value.clause == "ROYAL-1"


@pytest.mark.clause("AMB-24", "ROYAL-6", "ROYAL-7")
def test_a_group_cannot_cross_a_royal_island_it_turns_back_home() -> None:
    # Hawaii above Tonga is royal; Samoa lies beyond it. Tonga's top beach sails into
    # Hawaii and comes straight back to Tonga instead of passing through.
    state = position(
        3,
        tiles=[(ABOVE, "hawaii", 0), ((0, -2), "samoa", 0)],
        kings={ABOVE: "G"},
        boats={(ORIGIN, 3): "BRB"},
    )
    assert state.pending.kind is DecisionKind.BERTH
    assert state.pending.island == ORIGIN
    assert state.island_at((0, -2)) is not None
    assert all(not b.boats for b in state.island_at((0, -2)).beaches)


@pytest.mark.clause("AMB-41", "EXPAND-4")
def test_an_expansion_puts_at_most_one_boat_on_each_beach() -> None:
    # BSW-EN1's "it is allowed to put a ship on every beach" reads as "at most one"
    state = position(3, tiles=[(ABOVE, "hawaii", 0)], boats={(ABOVE, 1): "BB"})
    for action in state.legal_actions():
        if isinstance(action, Expand):
            assert len(set(action.beaches)) == len(action.beaches)
    with pytest.raises(IllegalActionError) as info:
        state.apply(Expand(ABOVE, (0, 0)))
    assert info.value.clause == "EXPAND-4"


@pytest.mark.clause("AMB-41", "CHAIN-1", "TURN-2")
def test_the_same_player_carries_on_with_the_chain_reaction() -> None:
    # BSW-EN1's "the player stays on the train" means the active player continues
    state = two_full_tonga_beaches(["samoa", "hawaii", "ocean-a"])
    assert state.pending.kind is DecisionKind.DEPARTURE
    assert state.current_player == 0
    state = state.apply(Depart(ORIGIN, 0, 0)).apply(Draw("samoa"))
    assert state.current_player == 0  # red and green boats are berthed by blue
    state = land_one_each(state)
    assert state.is_chance_node  # the other full beach sails, still in blue's turn
    assert state.turn_colour is B
