"""Two more short playthroughs worked out by hand from the rules, clause by clause.

As in test_worked_playthroughs.py, each step was predicted from shared/rules/clauses.md
and shared/tiles.md before the engine was asked; the comments name the clause that
decides the step, and the rule texts' sections where a reading is contested.

1. A New Colonisation: a turn whose full beach sails into an empty hex and sinks, then the
   cut-off player starts again elsewhere (IT *Azioni speciali*, FR-R *Nouvelle colonisation*).
2. The end of the game and the scores: the same last turn ends on the last island tile or
   on the last ocean tile, and each final table is scored by hand with its tie-breaks
   (IT *Fine del gioco e condizioni di vittoria*, FR-R *Fin de la partie*).
"""

from __future__ import annotations

import pytest
from scenario_helpers import TONGA, all_boats, boats, legal, play, reserves

from tongiaki_rules import (
    Berth,
    Colour,
    DecisionKind,
    Draw,
    Expand,
    FoundRoyal,
    GameState,
    IllegalActionError,
    PlaceTile,
    Recolonize,
    Rules,
    SetupPlace,
    TieBreak,
    new_game,
    position,
)

B, R, G = Colour.BLUE, Colour.RED, Colour.GREEN
BELOW = (0, 1)  # beyond Tonga's beach 0, whose jetty points down (board direction 0)
ABOVE = (0, -1)  # beyond Tonga's beach 3
SAMOA = (1, -1)  # beside Tonga, up and to the right


def refused(state: GameState, action: Recolonize) -> bool:
    """``action`` is not offered and applying it raises, leaving ``state`` as it was."""
    before = state
    with pytest.raises(IllegalActionError):
        state.apply(action)
    return action not in state.legal_actions() and state == before


# ------------------------------------------------------------- 1. a New Colonisation


@pytest.mark.clause(
    "SETUP-4",
    "TURN-1",
    "TURN-3",
    "EXPAND-1",
    "EXPAND-2",
    "ROYAL-2",
    "DEPART-4",
    "VOYAGE-2",
    "VOYAGE-3",
    "RECOLONIZE-1",
    "RECOLONIZE-2",
    "RECOLONIZE-3",
    "RECOLONIZE-4",
    "RECOLONIZE-5",
    "AMB-07",
    "AMB-22",
)
@pytest.mark.flag("recolonize_requires_adjacency", True)
@pytest.mark.flag("recolonize_removed_to_reserve", True)
def test_a_player_whose_boats_sank_recolonises_a_new_island_beside_the_table() -> None:
    state = new_game(2)
    # SETUP-4: setup is boat placement only; New Colonisation replaces a turn (TURN-1)
    assert all(isinstance(a, SetupPlace) for a in state.legal_actions())
    assert refused(state, Recolonize())
    # blue on Tonga's beaches 0 and 1, red on beaches 0 and 2
    state = play(state, SetupPlace(0), SetupPlace(0), SetupPlace(1), SetupPlace(2))
    # TURN-1, RECOLONIZE-1: at the start of the turn New Colonisation stands beside the
    # 15 expansions on Tonga
    assert Recolonize() in state.legal_actions()
    assert len(legal(state, Expand)) == 15

    # blue expands on beaches 0 and 1: beach 0 fills (B, R, B) and sails down (its only
    # jetty) towards the free hex below Tonga, where a tile is drawn (DEPART-4)
    state = state.apply(Expand(TONGA, (0, 1)))
    assert state.is_chance_node and state.group is not None
    assert state.group.position == BELOW
    # TURN-1: the turn is under way, New Colonisation is no longer an option
    assert state.legal_actions() == ()
    assert refused(state, Recolonize())
    # ocean-f turned with its red marker up (rotation 3): the group follows the route
    # from printed edge 0, the straight 0-3 numbered 3 (tiles.md); VOYAGE-2: the group
    # has two colours, not three; VOYAGE-3: it sinks and the boats go home
    state = state.apply(Draw("ocean-f"))
    placed = state.tile_at(BELOW)
    assert placed is not None and (placed.tile.id, placed.rotation) == ("ocean-f", 3)
    assert [boats(state, TONGA, b) for b in range(3)] == ["", "BB", "R"]
    assert reserves(state) == {"B": 13, "R": 14}
    # TURN-3: nothing full, nobody at sea: red's turn
    assert state.pending.kind is DecisionKind.TURN and state.current_player == 1

    # red holds one boat, on Tonga's beach 2: one boat on any Tonga beach (EXPAND-1,
    # EXPAND-2), no royal island (ROYAL-2), or New Colonisation (RECOLONIZE-1)
    expected = {Expand(TONGA, (b,)) for b in range(6)} | {Recolonize()}
    assert set(state.legal_actions()) == expected

    # RECOLONIZE-2, AMB-22: red's boat leaves Tonga for red's reserve; blue's stay
    state = state.apply(Recolonize())
    assert [boats(state, TONGA, b) for b in range(3)] == ["", "BB", ""]
    assert reserves(state) == {"B": 13, "R": 15}
    # RECOLONIZE-3: red draws at once, from the 30 tiles left
    assert state.is_chance_node and len(state.chance_outcomes()) == 30
    state = state.apply(Draw("ocean-p"))
    # RECOLONIZE-3, AMB-07: red (the active player) places it on any empty hex touching
    # the table, in any orientation: the 5 free hexes around Tonga and the 3 more around
    # ocean-f, times 6 rotations
    assert state.pending.kind is DecisionKind.PLACE_TILE and state.current_player == 1
    free = [(-1, 1), (-1, 0), (0, -1), (1, -1), (1, 0), (0, 2), (-1, 2), (1, 1)]
    assert set(legal(state, PlaceTile)) == {PlaceTile(h, r) for h in free for r in range(6)}
    # AMB-07: not on a tile, and not apart from the table
    assert PlaceTile(BELOW, 0) not in state.legal_actions()
    assert PlaceTile((0, -2), 0) not in state.legal_actions()
    state = state.apply(PlaceTile((0, 2), 0))
    # RECOLONIZE-4: an ocean tile, so red draws again
    assert state.is_chance_node and len(state.chance_outcomes()) == 29
    state = play(state, Draw("samoa"), PlaceTile((0, 3), 2))
    # RECOLONIZE-3: the red marker does not bind, Samoa lies as red turned it
    samoa = state.island_at((0, 3))
    assert samoa is not None and samoa.rotation == 2
    # RECOLONIZE-5: exactly one red boat, on a beach of red's choice
    assert state.pending.kind is DecisionKind.BERTH and state.pending.group == (R,)
    assert set(state.legal_actions()) == {Berth(R, b) for b in range(3)}
    assert refused(state, Recolonize())  # mid-turn again
    state = state.apply(Berth(R, 2))
    assert all_boats(state, (0, 3)) == ["", "", "R"]
    assert reserves(state) == {"B": 13, "R": 14}
    assert len(state.pile.tiles) == 28
    # RECOLONIZE-5: the colonisation was red's whole turn; blue is to move
    assert state.pending.kind is DecisionKind.TURN and state.current_player == 0
    # EXPAND-1: blue has no boat on Samoa, so expands on Tonga only; RECOLONIZE-1:
    # New Colonisation is offered again, as often as a player likes
    assert {e.island for e in legal(state, Expand)} == {TONGA}
    assert Recolonize() in state.legal_actions()
    # SCORE-1: Samoa (5) already counts for red; Tonga counts nothing for blue (SCORE-2)
    assert state.scores() == (0, 5)


# ------------------------------------------------ 2. the end of the game and the scores


def last_turn(rules: Rules) -> GameState:
    """Blue, red and green late in a game; one island and one ocean tile are left.

    Blue is king of Hawaii (above Tonga) and has boats on Tonga's beaches 0 and 2; red
    shares Tonga's beach 0 and has two boats on Samoa; green has one boat on Samoa and
    one on Tonga's beach 5. Blue expands on Tonga's beaches 0 and 2: beach 0 fills
    (B, B, R) and sails down to the empty hex below Tonga.
    """
    state = position(
        3,
        tiles=[(ABOVE, "hawaii", 0), (SAMOA, "samoa", 1)],
        kings={ABOVE: "B"},
        boats={
            (TONGA, 0): "BR",
            (TONGA, 2): "B",
            (TONGA, 5): "G",
            (SAMOA, 1): "RR",
            (SAMOA, 2): "G",
        },
        pile=["tahiti", "ocean-p"],
        rules=rules,
    )
    # EXPAND-2, EXPAND-3: two blue boats on Tonga, so two new ones on two of its six
    # beaches; ROYAL-2: Tonga is never royal, Hawaii already is
    assert len(legal(state, Expand)) == 15 and legal(state, FoundRoyal) == []
    assert reserves(state) == {"B": 12, "R": 12, "G": 13}
    state = state.apply(Expand(TONGA, (0, 2)))
    # DEPART-1, DEPART-3, DEPART-4: the full beach sails by its only jetty; the tile
    # drawn is one of the last two
    assert state.group is not None and state.group.colours == (B, B, R)
    assert [d.tile for d, _p in state.chance_outcomes()] == ["tahiti", "ocean-p"]
    assert not state.end_triggered
    return state


@pytest.mark.clause(
    "END-1",
    "END-2",
    "END-3",
    "EXPAND-2",
    "DEPART-1",
    "LAND-2",
    "SCORE-1",
    "SCORE-2",
    "SCORE-3",
    "SCORE-4",
    "SCORE-5",
    "SCORE-6",
    "ROYAL-8",
    "AMB-11",
    "AMB-32",
)
@pytest.mark.flag("end_trigger", "type_exhausted")
@pytest.mark.flag("tiebreak_islands_include_tonga", True, False)
@pytest.mark.parametrize(
    ("include_tonga", "islands", "winner", "tiebreak"),
    [(True, (3, 2, 2), 0, TieBreak.ISLANDS), (False, (2, 2, 1), 1, TieBreak.BOATS)],
)
def test_the_last_island_tile_is_landed_on_then_the_game_ends_and_a_tie_is_broken(
    include_tonga: bool, islands: tuple[int, ...], winner: int, tiebreak: TieBreak
) -> None:
    state = last_turn(Rules(tiebreak_islands_include_tonga=include_tonga))
    # END-1, AMB-11 (type_exhausted): Tahiti is the last island tile in the pile, so
    # drawing it triggers the end; its red marker faces Tonga (rotation 3)
    state = state.apply(Draw("tahiti"))
    assert state.end_triggered and not state.is_terminal
    placed = state.tile_at(BELOW)
    assert placed is not None and (placed.tile.id, placed.rotation) == ("tahiti", 3)
    # END-2, END-3: blue still finishes the turn, so the group lands; LAND-2: one boat
    # on each of Tahiti's three beaches (2, 3 and 4 slots)
    assert state.pending.kind is DecisionKind.BERTH and state.current_player == 0
    state = state.apply(Berth(R, 2))  # blue's two boats then go to beaches 0 and 1
    assert all_boats(state, BELOW) == ["B", "B", "R"]
    # END-2: nothing is full and nobody is at sea, so the game is over
    assert state.is_terminal and state.pending.kind is DecisionKind.GAME_OVER
    assert state.legal_actions() == ()
    # SCORE-1, SCORE-3, ROYAL-8, SCORE-2 by hand:
    #   blue:  Hawaii 5 (its king) + Tahiti 4 + Tonga 0 = 9
    #   red:   Samoa 5 + Tahiti 4                     = 9
    #   green: Samoa 5 + Tonga 0                      = 5
    outcome = state.outcome()
    assert outcome is not None and outcome.scores == (9, 9, 5)
    # SCORE-4: blue and red tie on 9. SCORE-5 counts the islands each is on; AMB-32
    # (silent texts: IT "maggior numero di isole", FR-R "plus grand nombre d'îles")
    # decides whether Tonga counts: blue is on Hawaii, Tahiti and Tonga, red on Samoa
    # and Tahiti (its Tonga boat sailed)
    assert outcome.islands == islands
    # SCORE-6 (only when Tonga is left out and blue and red still tie on 2 islands):
    # the fewest boats on the table, a king counting as one (ROYAL-8): blue 1 + 2 on
    # Tahiti + 2 on Tonga = 5, red 2 on Samoa + 1 on Tahiti = 3, green 2
    assert outcome.boats == (5, 3, 2)
    assert outcome.winners == (winner,) and outcome.tiebreak is tiebreak
    assert outcome.ranking == ((winner,), (1 - winner,), (2,))


@pytest.mark.clause(
    "END-1",
    "END-2",
    "END-4",
    "SCORE-1",
    "SCORE-4",
    "SCORE-5",
    "SCORE-6",
    "ROYAL-8",
    "AMB-12",
    "AMB-15",
    "AMB-32",
    "AMB-33",
)
@pytest.mark.flag("last_ocean_group_fate", "lost")
@pytest.mark.flag("tiebreak_islands_include_tonga", True)
def test_the_last_ocean_tile_swallows_the_group_and_a_three_way_tie_is_broken() -> None:
    state = last_turn(Rules())
    # END-1: ocean-p is the last ocean tile; END-4, AMB-12 (lost): the group at sea can
    # reach no island any more (IT *Fine del gioco*: "vengono rimosse"), although the
    # tile's routes are all unnumbered; AMB-15: its boats go back to the reserves
    state = state.apply(Draw("ocean-p"))
    assert state.end_triggered
    placed = state.tile_at(BELOW)
    assert placed is not None and (placed.tile.id, placed.rotation) == ("ocean-p", 3)
    assert state.group is None
    assert reserves(state) == {"B": 12, "R": 13, "G": 13}
    # END-2: the rest of blue's turn has nothing left to do: the game is over
    assert state.is_terminal and state.legal_actions() == ()
    assert [boats(state, TONGA, b) for b in range(6)] == ["", "", "BB", "", "", "G"]
    # SCORE-1, ROYAL-8 by hand: blue Hawaii 5, red Samoa 5, green Samoa 5
    outcome = state.outcome()
    assert outcome is not None and outcome.scores == (5, 5, 5)
    # SCORE-4: a three-way tie. SCORE-5, AMB-32 (Tonga counts): blue on Hawaii and
    # Tonga (2), red on Samoa only (1), green on Samoa and Tonga (2): red drops out
    assert outcome.islands == (2, 1, 2)
    # SCORE-6, AMB-33: blue has its king (one boat) and two on Tonga = 3 boats, green 2:
    # green wins (were the king not counted, blue and green would share the win)
    assert outcome.boats == (3, 2, 2)
    assert outcome.winners == (2,) and outcome.tiebreak is TieBreak.BOATS
    assert outcome.ranking == ((2,), (0,), (1,))
