"""Royal islands (ROYAL-1..8) and the readings AMB-09 and AMB-34.

Hawaii ("3:12 5:3 2:45") lies on top of Tonga with rotation 0 in most
positions here: the jetty of Tonga's beach 3 (top) faces it.
"""

from __future__ import annotations

import pytest
from tests.core.scenarios.helpers_special import ABOVE, clause_of, play

from tongiaki_rules import (
    ORIGIN,
    Berth,
    BounceTarget,
    Colour,
    DecisionKind,
    Depart,
    Expand,
    FoundRoyal,
    GameState,
    Rules,
    position,
)

B, R = Colour.BLUE, Colour.RED
HAWAII = ABOVE


@pytest.mark.clause("ROYAL-1")
def test_island_with_only_own_boats_may_become_royal() -> None:
    state = position(
        2,
        tiles=[(HAWAII, "hawaii", 0)],
        boats={(ORIGIN, 0): "BR", (HAWAII, 0): "BB", (HAWAII, 1): "B"},
    )
    assert FoundRoyal(HAWAII) in state.legal_actions()


@pytest.mark.clause("ROYAL-1")
def test_island_shared_with_another_colour_cannot_become_royal() -> None:
    state = position(
        2,
        tiles=[(HAWAII, "hawaii", 0)],
        boats={(ORIGIN, 0): "BR", (HAWAII, 0): "BB", (HAWAII, 1): "R"},
    )
    assert FoundRoyal(HAWAII) not in state.legal_actions()
    assert clause_of(state, FoundRoyal(HAWAII)) == "ROYAL-1"


@pytest.mark.clause("ROYAL-1")
def test_island_without_own_boat_cannot_become_royal() -> None:
    state = position(
        2,
        tiles=[(HAWAII, "hawaii", 0)],
        boats={(ORIGIN, 0): "BR", (HAWAII, 1): "RR"},
    )
    assert clause_of(state, FoundRoyal(HAWAII)) == "ROYAL-1"


@pytest.mark.clause("ROYAL-2")
def test_tonga_never_becomes_royal_even_when_held_alone() -> None:
    state = position(
        2,
        tiles=[(HAWAII, "hawaii", 0)],
        boats={(ORIGIN, 0): "BB", (ORIGIN, 4): "B", (HAWAII, 1): "R"},
    )
    assert FoundRoyal(ORIGIN) not in state.legal_actions()
    assert clause_of(state, FoundRoyal(ORIGIN)) == "ROYAL-2"


@pytest.mark.clause("ROYAL-3")
def test_a_third_royal_island_is_not_allowed() -> None:
    state = position(
        3,
        tiles=[(HAWAII, "hawaii", 0), ((1, -1), "samoa", 0), ((-1, 0), "fidschi", 0)],
        kings={(1, -1): "B", (-1, 0): "B"},
        boats={(ORIGIN, 0): "RG", (HAWAII, 2): "B"},
    )
    assert state.royal_islands_founded(B) == 2
    assert FoundRoyal(HAWAII) not in state.legal_actions()
    assert clause_of(state, FoundRoyal(HAWAII)) == "ROYAL-3"


@pytest.mark.clause("ROYAL-3")
def test_second_royal_island_is_allowed() -> None:
    state = position(
        3,
        tiles=[(HAWAII, "hawaii", 0), ((1, -1), "samoa", 0)],
        kings={(1, -1): "B"},
        boats={(ORIGIN, 0): "RG", (HAWAII, 2): "B"},
    )
    after = state.apply(FoundRoyal(HAWAII))
    assert after.royal_islands_founded(B) == 2
    assert {v.position for v in after.royal_islands} == {HAWAII, (1, -1)}


@pytest.mark.clause("ROYAL-3")
def test_royal_limit_counts_islands_founded_not_islands_held() -> None:
    # Blue founded two royal islands earlier (one of them was lost since,
    # e.g. by recolonising under the IT reading): the limit is per game.
    state = position(
        2,
        tiles=[(HAWAII, "hawaii", 0), ((1, -1), "samoa", 0)],
        kings={(1, -1): "B"},
        royal_founded={"B": 2},
        boats={(ORIGIN, 0): "R", (HAWAII, 2): "B"},
    )
    assert clause_of(state, FoundRoyal(HAWAII)) == "ROYAL-3"


@pytest.mark.clause("ROYAL-4", "ROYAL-5")
def test_founding_puts_one_boat_on_the_statue_and_sends_the_rest_home() -> None:
    state = position(
        2,
        tiles=[(HAWAII, "hawaii", 0)],
        boats={(ORIGIN, 0): "R", (ORIGIN, 1): "B", (HAWAII, 0): "BB", (HAWAII, 1): "B"},
    )
    assert state.reserve(B) == 11
    after = state.apply(FoundRoyal(HAWAII))
    hawaii = after.island_at(HAWAII)
    assert hawaii is not None
    assert hawaii.is_royal and hawaii.king == B
    assert all(beach.boats == () for beach in hawaii.beaches)
    assert after.reserve(B) == 13  # two of the three boats went home
    assert after.boats_on_board(B) == 2  # the king and the boat on Tonga


@pytest.mark.clause("ROYAL-5")
def test_founding_is_the_whole_turn() -> None:
    state = position(
        2,
        tiles=[(HAWAII, "hawaii", 0)],
        boats={(ORIGIN, 0): "R", (ORIGIN, 1): "BB", (HAWAII, 0): "B"},
    )
    after = state.apply(FoundRoyal(HAWAII))
    # no expansion on Tonga, nothing departs: red is to move
    assert after.pending.kind is DecisionKind.TURN
    assert after.current_player == 1
    assert after.beach(ORIGIN, 1).boats == (B, B)
    assert after.reserve(B) == 12


@pytest.mark.clause("ROYAL-6", "EXPAND-6")
def test_royal_island_cannot_be_expanded() -> None:
    state = position(
        2,
        tiles=[(HAWAII, "hawaii", 0)],
        kings={HAWAII: "B"},
        boats={(ORIGIN, 0): "BR"},
    )
    assert all(not isinstance(a, Expand) or a.island != HAWAII for a in state.legal_actions())
    assert clause_of(state, Expand(HAWAII, (0,))) == "EXPAND-6"
    assert clause_of(state, FoundRoyal(HAWAII)) == "ROYAL-6"


@pytest.mark.clause("ROYAL-6", "ROYAL-7", "LAND-2")
def test_group_reaching_a_royal_island_lands_back_on_its_departure_island() -> None:
    state = position(
        2,
        tiles=[(HAWAII, "hawaii", 0)],
        kings={HAWAII: "R"},
        boats={(ORIGIN, 3): "BR"},
    )
    # Blue's one boat on Tonga entitles it to one new boat: beach 3 fills and
    # sails to Hawaii, which is royal; the group turns back to Tonga.
    state = state.apply(Expand(ORIGIN, (3,)))
    assert state.pending.kind is DecisionKind.BERTH
    assert state.pending.island == ORIGIN
    assert state.pending.group == (B, B, R)
    hawaii = state.island_at(HAWAII)
    assert hawaii is not None and all(not beach.boats for beach in hawaii.beaches)
    # landing rules apply on Tonga: one boat per beach first
    state = state.apply(Berth(B, 3))
    assert clause_of(state, Berth(R, 3)) == "LAND-2"
    state = play(state, Berth(R, 0), Berth(B, 5))
    assert state.beach(ORIGIN, 3).boats == (B,)
    assert state.beach(ORIGIN, 0).boats == (R,)
    assert state.beach(ORIGIN, 5).boats == (B,)
    assert state.current_player == 1


def _chain_to_royal(rules: Rules) -> GameState:
    """Blue's expansion on Tonga sails to Muroroa; a beach filled there sails on to a royal island.

    Muroroa ("2:1 2:2 3:45") lies on top of Tonga with rotation 0: its beach 1
    (2 slots) has one jetty pointing upper-left, at the royal Rarotonga.
    """
    state = position(
        2,
        tiles=[(ABOVE, "muroroa", 0), ((-1, -1), "rarotonga", 0)],
        kings={(-1, -1): "R"},
        boats={(ORIGIN, 3): "BR", (ABOVE, 1): "R"},
        rules=rules,
    )
    state = state.apply(Expand(ORIGIN, (3,)))  # Tonga's beach 3 sails to Muroroa
    assert state.pending.island == ABOVE
    # B on beach 1 fills it; R on beach 2; the last B must go to beach 0
    state = play(state, Berth(B, 1), Berth(R, 2))
    return state


@pytest.mark.clause("ROYAL-7", "AMB-09", "CHAIN-1")
@pytest.mark.flag("royal_bounce_target", "expedition_origin")
def test_bounce_lands_on_the_island_the_expedition_left_by_default() -> None:
    state = _chain_to_royal(Rules())
    # Muroroa's beach 1 (B, R) sailed to the royal island and came back to Muroroa
    assert state.pending.kind is DecisionKind.BERTH
    assert state.pending.island == ABOVE
    assert state.pending.group == (B, R)
    state = play(state, Berth(B, 1), Berth(R, 2))
    muroroa = state.island_at(ABOVE)
    assert muroroa is not None
    assert [b.boats for b in muroroa.beaches] == [(B,), (B,), (R, R)]
    assert state.beach(ORIGIN, 3).boats == ()
    assert state.current_player == 1


@pytest.mark.clause("ROYAL-7", "AMB-09", "CHAIN-1")
def test_bounce_landing_can_fill_a_beach_and_start_a_chain_reaction() -> None:
    state = _chain_to_royal(Rules())
    # the returning blue boat fills Muroroa's beach 0 (2 slots): it sails next
    state = play(state, Berth(B, 0), Berth(R, 1))
    assert state.is_chance_node
    assert state.group is not None
    assert state.group.colours == (B, B)
    assert state.group.origin == ABOVE
    assert state.group.position == (-1, 0)  # beyond beach 0's lower-left jetty
    assert state.turn_colour is B


@pytest.mark.clause("ROYAL-7", "AMB-09")
@pytest.mark.flag("royal_bounce_target", "turn_origin")
def test_bounce_lands_on_the_island_the_turn_began_on_with_turn_origin() -> None:
    state = _chain_to_royal(Rules(royal_bounce_target=BounceTarget.TURN_ORIGIN))
    assert state.pending.kind is DecisionKind.BERTH
    assert state.pending.island == ORIGIN
    assert state.pending.group == (B, R)
    state = play(state, Berth(B, 3), Berth(R, 0))
    assert state.beach(ORIGIN, 3).boats == (B,)
    assert state.beach(ORIGIN, 0).boats == (R,)
    muroroa = state.island_at(ABOVE)
    assert muroroa is not None
    assert [b.boats for b in muroroa.beaches] == [(B,), (), (R,)]
    assert state.current_player == 1


def _own_group_to_own_royal_island(rules: Rules, beach3: str = "BB") -> GameState:
    state = position(
        2,
        tiles=[(HAWAII, "hawaii", 0)],
        kings={HAWAII: "B"},
        boats={(ORIGIN, 3): beach3, (ORIGIN, 0): "R"},
        rules=rules,
    )
    own = beach3.count("B")
    beaches = (1, 3) if own == 2 else (3,)
    return state.apply(Expand(ORIGIN, beaches))  # Tonga's beach 3 fills and sails up


@pytest.mark.clause("ROYAL-6", "AMB-34")
@pytest.mark.flag("royal_owner_may_land", False)
def test_owner_boats_bounce_off_their_own_royal_island_by_default() -> None:
    state = _own_group_to_own_royal_island(Rules())
    assert state.pending.kind is DecisionKind.BERTH
    assert state.pending.island == ORIGIN
    assert state.pending.group == (B, B, B)
    hawaii = state.island_at(HAWAII)
    assert hawaii is not None and all(not beach.boats for beach in hawaii.beaches)


@pytest.mark.clause("ROYAL-6", "AMB-34")
@pytest.mark.flag("royal_owner_may_land", True)
def test_owner_boats_land_on_their_royal_island_with_royal_owner_may_land() -> None:
    state = _own_group_to_own_royal_island(Rules(royal_owner_may_land=True))
    hawaii = state.island_at(HAWAII)
    assert hawaii is not None
    # three blue boats, three beaches: one on each (forced), the king stays
    assert [b.boats for b in hawaii.beaches] == [(B,), (B,), (B,)]
    assert hawaii.king == B
    assert state.current_player == 1


@pytest.mark.clause("ROYAL-6", "AMB-34")
@pytest.mark.flag("royal_owner_may_land", True)
def test_mixed_group_bounces_even_when_the_owner_may_land() -> None:
    state = _own_group_to_own_royal_island(Rules(royal_owner_may_land=True), beach3="BR")
    assert state.pending.kind is DecisionKind.BERTH
    assert state.pending.island == ORIGIN
    assert state.pending.group == (B, B, R)


@pytest.mark.clause("ROYAL-7", "AMB-09", "AMB-31")
def test_bounce_crosses_a_numbered_route_back_without_a_new_check() -> None:
    # ocean-e turned 4 steps above Tonga: its printed route 2-3 (a "2") joins
    # the bottom edge to the lower-left edge, which faces the royal Rarotonga.
    state = position(
        2,
        tiles=[(ABOVE, "ocean-e", 4), ((-1, 0), "rarotonga", 0)],
        kings={(-1, 0): "R"},
        boats={(ORIGIN, 3): "BR", (ORIGIN, 0): "R"},
    )
    state = state.apply(Expand(ORIGIN, (3,)))
    assert state.pending.kind is DecisionKind.BERTH
    assert state.pending.island == ORIGIN
    assert state.pending.group == (B, B, R)


# ocean-e above Tonga, unturned: its route 0-1 is a "3" joining Tonga's top
# jetty to the upper-right jetty of Rarotonga's beach 1 ("4:345") at (-1, 0).
ROUTE_3 = [(ABOVE, "ocean-e", 0), ((-1, 0), "rarotonga", 0)]


@pytest.mark.clause("VOYAGE-2", "AMB-31")
@pytest.mark.parametrize(("group", "lands"), [("BRG", True), ("BRR", False)])
def test_route_number_applies_from_tonga_end(group: str, lands: bool) -> None:
    state = position(3, tiles=ROUTE_3, boats={(ORIGIN, 3): group})
    # the only jetty of the full beach is used at once
    if lands:
        assert state.pending.kind is DecisionKind.BERTH
        assert state.pending.island == (-1, 0)
    else:
        assert state.pending.kind is DecisionKind.TURN
        assert state.reserve(B) == 15
        assert state.reserve(R) == 15


@pytest.mark.clause("VOYAGE-2", "AMB-31")
@pytest.mark.parametrize(("group", "lands"), [("BRGG", True), ("BRRR", False)])
def test_route_number_applies_from_the_other_end(group: str, lands: bool) -> None:
    state = position(3, tiles=ROUTE_3, boats={((-1, 0), 1): group})
    assert state.pending.kind is DecisionKind.DEPARTURE
    state = state.apply(Depart((-1, 0), 1, 4))
    if lands:
        assert state.pending.kind is DecisionKind.BERTH
        assert state.pending.island == ORIGIN
    else:
        assert state.pending.kind is DecisionKind.TURN
        assert state.reserve(B) == 15
        assert state.reserve(R) == 15
