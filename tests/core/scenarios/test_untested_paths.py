"""Engine paths no other test reached: each scenario here fails if its one line of the engine goes.

* ``infinite_only`` closed routes: a route whose number equals the group's
  colour count can be passed, so the loop through it leads back (AMB-25);
* New Colonisation needs an island in the pile (RECOLONIZE-3), which with
  ``end_trigger="sixteen_on_table"`` can run out while the game goes on (AMB-11);
* the royal bounce to the turn's origin also follows an expansion from an
  empty reserve (EMPTYRESERVE-1, AMB-09).
"""

from __future__ import annotations

import pytest
from tests.core.scenarios.helpers_special import ABOVE, BELOW, LEFT_PAIR, TUBUAI, play

from tongiaki_rules import (
    ORIGIN,
    Berth,
    BounceTarget,
    ClosedRouteMode,
    Colour,
    DecisionKind,
    Depart,
    EndTrigger,
    Expand,
    ExpandFromBoard,
    GameState,
    Recolonize,
    Rules,
    position,
)

B, R = Colour.BLUE, Colour.RED

# ------------------------------------------------ closed routes, infinite_only

RING_OF_TWOS = [
    (TUBUAI, "tubuai", 0),
    *LEFT_PAIR,
    ((1, -2), "ocean-k", 0),  # route 0-1 is a "2"
    ((1, -1), "ocean-h", 0),  # route 2-3 unnumbered
]
"""Tubuai ringed so that every way out leads back; beach 1's way round passes a "2"."""


@pytest.mark.clause("CLOSED-2", "AMB-25", "VOYAGE-2")
@pytest.mark.flag("closed_route_mode", "infinite_only")
def test_a_loop_through_a_route_numbered_with_the_groups_colour_count_leads_back() -> None:
    rules = Rules(closed_route_mode=ClosedRouteMode.INFINITE_ONLY)
    state = position(
        2,
        tiles=RING_OF_TWOS,
        boats={(TUBUAI, 1): "BR", (ORIGIN, 5): "B"},
        pile=["hawaii", "samoa", "ocean-c", "ocean-d"],
        rules=rules,
    )
    # beach 1 fills with two colours: the "2" lets them pass, so both of its exits lead
    # back (neither is an exit elsewhere that CLOSED-2 would make them take), and with
    # BSW's reading the island stays: the group comes back and lands (AMB-25)
    state = state.apply(Expand(TUBUAI, (1,)))
    assert set(state.legal_actions()) == {Depart(TUBUAI, 1, 4), Depart(TUBUAI, 1, 5)}
    state = state.apply(Depart(TUBUAI, 1, 4))
    while state.pending.kind is DecisionKind.BERTH:
        state = state.apply(state.legal_actions()[0])
    assert state.removed_tiles == ()
    assert state.reserve(B) == 12 and state.reserve(R) == 14  # all three are back on Tubuai


# ------------------------------------------------ New Colonisation, empty pile of islands


def _islands_gone(pile: list[str]) -> GameState:
    return position(
        2,
        tiles=[(BELOW, "hawaii", 3)],
        boats={(ORIGIN, 0): "BR", (BELOW, 0): "R"},
        removed=["muroroa"],
        pile=pile,
        rules=Rules(end_trigger=EndTrigger.SIXTEEN_ON_TABLE),
    )


@pytest.mark.clause("RECOLONIZE-1", "RECOLONIZE-3", "AMB-11", "END-1")
@pytest.mark.flag("end_trigger", "sixteen_on_table")
def test_new_colonisation_is_not_offered_when_the_pile_holds_no_island() -> None:
    state = _islands_gone(["ocean-a", "ocean-b"])
    assert state.pending.kind is DecisionKind.TURN
    assert not state.end_triggered
    actions = state.legal_actions()
    assert Recolonize() not in actions
    assert Expand(ORIGIN, (0,)) in actions


@pytest.mark.clause("RECOLONIZE-1", "AMB-11")
@pytest.mark.flag("end_trigger", "sixteen_on_table")
def test_new_colonisation_is_offered_while_an_island_is_left_in_the_pile() -> None:
    state = _islands_gone(["ocean-a", "samoa"])
    assert Recolonize() in state.legal_actions()


# ------------------------------------------------ royal bounce after an empty-reserve expansion


@pytest.mark.clause("EMPTYRESERVE-1", "EMPTYRESERVE-2", "ROYAL-7", "AMB-09", "CHAIN-1")
@pytest.mark.flag("royal_bounce_target", "turn_origin")
def test_a_bounce_returns_to_the_island_an_empty_reserve_expansion_started_the_turn_on() -> None:
    """Blue, with an empty reserve, moves a boat from Hawaii to Tonga's beach 3.

    Tonga's beach 3 fills and sails to Muroroa (on top of Tonga); Muroroa's
    beach 1 fills there and sails on to the royal Rarotonga, which bounces it
    back to where the turn began: Tonga, not Muroroa.
    """
    state = position(
        2,
        tiles=[(ABOVE, "muroroa", 0), ((-1, -1), "rarotonga", 0), (BELOW, "hawaii", 3)],
        kings={(-1, -1): "R"},
        boats={(ORIGIN, 3): "BR", (ABOVE, 1): "R", (BELOW, 0): "B"},
        reserves={"B": 0},
        rules=Rules(royal_bounce_target=BounceTarget.TURN_ORIGIN),
    )
    move = ExpandFromBoard(ORIGIN, 3, BELOW, 0)
    assert move in state.legal_actions()
    state = state.apply(move)
    assert state.pending.island == ABOVE
    state = play(state, Berth(B, 1), Berth(R, 2))
    assert state.pending.kind is DecisionKind.BERTH
    assert state.pending.island == ORIGIN
    assert state.pending.group == (B, R)
    assert state.reserve(B) == 0
