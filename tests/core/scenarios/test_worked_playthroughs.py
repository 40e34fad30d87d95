"""Short playthroughs worked out by hand from the rules, clause by clause.

Unlike the golden files (recorded random games, kept as regression snapshots), each
step here was predicted from shared/rules/clauses.md and shared/tiles.md before the
engine was asked; the comments name the clause that decides the step.

The game: two players, blue (seat 0, the youngest, so the start player) and red.
"""

from __future__ import annotations

import pytest
from scenario_helpers import TONGA, all_boats, assert_illegal, boats, legal, play, reserves

from tongiaki_rules import (
    Berth,
    Colour,
    DecisionKind,
    Draw,
    Expand,
    FoundRoyal,
    GameState,
    Recolonize,
    SetupPlace,
    new_game,
    position,
)

B, R = Colour.BLUE, Colour.RED
BELOW = (0, 1)  # beyond Tonga's beach 0, whose jetty points down (board direction 0)
ABOVE = (0, -1)


def after_setup() -> GameState:
    """Blue on beaches 0 and 1, red on beaches 0 and 2 (the setup of the first test)."""
    return play(new_game(2), SetupPlace(0), SetupPlace(0), SetupPlace(1), SetupPlace(2))


@pytest.mark.clause("SETUP-1", "SETUP-3", "SETUP-4", "SETUP-5", "SETUP-6", "EXPAND-2", "EXPAND-4")
def test_setup_two_clockwise_rounds_then_the_start_player_expands_on_tonga() -> None:
    state = new_game(2)
    # SETUP-1: fifteen boats each in reserve; SETUP-3: the youngest (blue) places first
    assert reserves(state) == {"B": 15, "R": 15}
    assert state.pending.kind is DecisionKind.SETUP and state.current_player == 0
    # SETUP-4: one boat each, clockwise, blue then red
    state = play(state, SetupPlace(0))
    assert state.current_player == 1
    state = play(state, SetupPlace(0))
    assert boats(state, TONGA, 0) == "BR"
    # second round, again blue first (no snake order)
    assert state.current_player == 0
    state = play(state, SetupPlace(1))
    assert state.current_player == 1
    # SETUP-5: a third boat on beach 0 would fill it (3 slots): refused
    assert_illegal(state, SetupPlace(0), "SETUP-5")
    state = play(state, SetupPlace(2))
    assert [boats(state, TONGA, b) for b in range(6)] == ["BR", "B", "R", "", "", ""]
    assert reserves(state) == {"B": 13, "R": 13}
    # SETUP-6: play starts with the start player
    assert state.pending.kind is DecisionKind.TURN and state.current_player == 0
    # EXPAND-2: blue holds 2 boats on Tonga, so may add 2; EXPAND-4: at most one per beach,
    # so every pair of Tonga's 6 beaches (none is full) is a choice: 15 expansions
    expansions = legal(state, Expand)
    assert len(expansions) == 15
    assert all(e.island == TONGA and len(e.beaches) == 2 for e in expansions)
    assert after_setup() == state


@pytest.mark.clause(
    "EXPAND-1",
    "EXPAND-2",
    "DEPART-1",
    "DEPART-3",
    "DEPART-4",
    "LAND-1",
    "LAND-2",
    "TURN-3",
    "ROYAL-1",
    "RECOLONIZE-1",
    "SCORE-1",
)
def test_a_filled_beach_sails_to_a_newly_drawn_island_and_lands_one_boat_per_beach() -> None:
    # EXPAND-2: blue adds boats on beaches 0 and 1; beach 0 (3 slots) fills with B, R, B
    state = after_setup().apply(Expand(TONGA, (0, 1)))
    assert reserves(state) == {"B": 11, "R": 13}
    # DEPART-1: the full beach sails as one group, red's boat with blue's; DEPART-3:
    # beach 0 has a single jetty, pointing down, so there is nothing to choose and the
    # group is already under way towards the hex below Tonga, entering by its top edge
    assert [boats(state, TONGA, b) for b in range(3)] == ["", "BB", "R"]
    assert state.group is not None
    assert (state.group.colours, state.group.position, state.group.entry) == ((B, B, R), BELOW, 3)
    # DEPART-4: the hex below Tonga is empty: a tile is drawn, any of the 31 in the pile
    assert state.is_chance_node and len(state.chance_outcomes()) == 31
    state = state.apply(Draw("hawaii"))
    # the red marker faces back to Tonga: rotation 3 (tiles.md)
    placed = state.tile_at(BELOW)
    assert placed is not None and (placed.tile.id, placed.rotation) == ("hawaii", 3)
    # LAND-1: blue, the active player, berths the whole group B, B, R
    assert state.pending.kind is DecisionKind.BERTH and state.current_player == 0
    # LAND-2: Hawaii's beaches (3, 5 and 2 slots) are all open: one boat on each first
    assert set(legal(state, Berth)) == {Berth(c, b) for c in (B, R) for b in range(3)}
    state = state.apply(Berth(R, 1))
    # LAND-2 again: blue's two boats must go on the two beaches still empty, one each;
    # with nothing left to choose the landing completes at once
    assert all_boats(state, BELOW) == ["B", "R", "B"]
    # TURN-3: no beach is full and no group is at sea: red's turn
    assert state.pending.kind is DecisionKind.TURN and state.current_player == 1
    # SCORE-1: Hawaii (5) counts once for each colour on it, however many boats
    assert state.scores() == (5, 5)
    # EXPAND-1, EXPAND-2: red holds one boat on Tonga and one on Hawaii, so expands by one
    # boat on either island; ROYAL-1: Hawaii holds blue boats, so no royal island;
    # RECOLONIZE-1: New Colonisation is always an option
    expansions = legal(state, Expand)
    assert {(e.island, len(e.beaches)) for e in expansions} == {(TONGA, 1), (BELOW, 1)}
    assert len(expansions) == 6 + 3
    assert legal(state, FoundRoyal) == [] and Recolonize() in state.legal_actions()


@pytest.mark.clause(
    "ROYAL-1", "ROYAL-2", "ROYAL-4", "ROYAL-5", "ROYAL-6", "EXPAND-6", "SCORE-1", "SCORE-2"
)
def test_a_royal_island_takes_the_turn_sends_boats_home_and_still_scores() -> None:
    # blue alone on Hawaii above Tonga (3 boats), red alone on Tonga
    state = position(
        2,
        tiles=[(ABOVE, "hawaii", 0)],
        boats={(ABOVE, 0): "BB", (ABOVE, 1): "B", (TONGA, 0): "RR"},
    )
    # ROYAL-1: Hawaii holds only blue boats; ROYAL-2: Tonga is never royal
    assert legal(state, FoundRoyal) == [FoundRoyal(ABOVE)]
    assert reserves(state) == {"B": 12, "R": 13}
    state = state.apply(FoundRoyal(ABOVE))
    # ROYAL-4: one boat on the statue, the other two back to the reserve, beaches empty
    hawaii = state.island_at(ABOVE)
    assert hawaii is not None and hawaii.is_royal and hawaii.king == B
    assert all_boats(state, ABOVE) == ["", "", ""]
    assert reserves(state) == {"B": 14, "R": 13}
    # ROYAL-5: founding was blue's whole turn
    assert state.pending.kind is DecisionKind.TURN and state.current_player == 1
    # red cannot found on Tonga (ROYAL-2) and expands there only
    assert legal(state, FoundRoyal) == []
    assert {e.island for e in legal(state, Expand)} == {TONGA}
    # SCORE-1: the royal island still scores for its king; Tonga scores 0 (SCORE-2)
    assert state.scores() == (5, 0)
    # ROYAL-6, EXPAND-6: once blue is to move again with a boat on Tonga, the royal
    # island is frozen: blue expands on Tonga only, and cannot found Hawaii twice
    later = position(2, tiles=[(ABOVE, "hawaii", 0)], kings={ABOVE: "B"}, boats={(TONGA, 0): "BR"})
    assert {e.island for e in legal(later, Expand)} == {TONGA}
    assert legal(later, FoundRoyal) == []
