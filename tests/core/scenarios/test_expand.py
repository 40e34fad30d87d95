"""Scenarios for expansion (Vermehren / Espansione).

Clauses EXPAND-1..7 with AMB-01 (cap by beaches with a free slot), AMB-02 (must the whole
entitlement be placed? flag ``expand_allow_fewer``) and AMB-03 (entitlement counted at
turn start).
"""

from __future__ import annotations

from itertools import combinations

import pytest
from scenario_helpers import TONGA, all_boats, assert_illegal, boats, legal, reserves

from tongiaki_rules import (
    Colour,
    DecisionKind,
    Depart,
    Draw,
    Expand,
    ExpandFromBoard,
    Rules,
    position,
)

ABOVE = (0, -1)  # the hex beyond Tonga's beach 3 (a tile drawn there has rotation 0)
BELOW = (0, 1)  # the hex beyond Tonga's beach 0 (a tile drawn there has rotation 3)


# --- EXPAND-1: an island with at least one own boat, Tonga included ---------------------


@pytest.mark.clause("EXPAND-1")
def test_expansion_is_offered_only_on_islands_that_hold_an_own_boat() -> None:
    state = position(
        3,
        tiles=[(ABOVE, "hawaii", 0), (BELOW, "ocean-p", 3)],
        boats={(TONGA, 0): "R", (TONGA, 1): "B", (ABOVE, 0): "R"},
        to_move=0,
    )
    expansions = legal(state, Expand)
    assert expansions
    assert {a.island for a in expansions} == {TONGA}
    assert_illegal(state, Expand(ABOVE, (1,)), "EXPAND-1")  # red's island only
    assert_illegal(state, Expand(BELOW, (0,)), "EXPAND-1")  # an ocean tile
    assert_illegal(state, Expand((5, 5), (0,)), "EXPAND-1")  # an empty hex


@pytest.mark.clause("EXPAND-1")
def test_tonga_may_be_expanded_like_any_other_island() -> None:
    state = position(2, boats={(TONGA, 2): "B", (TONGA, 4): "R"}, to_move=0)
    state = state.apply(Expand(TONGA, (4,)))
    assert boats(state, TONGA, 4) == "BR"
    assert boats(state, TONGA, 2) == "B"


# --- EXPAND-2 / AMB-03: as many new boats as own boats there at turn start ---------------


@pytest.mark.clause("EXPAND-2", "EXPAND-4")
def test_expansion_places_as_many_boats_as_the_player_already_has_there() -> None:
    state = position(2, boats={(TONGA, 0): "BB", (TONGA, 1): "B", (TONGA, 2): "R"}, to_move=0)
    expansions = legal(state, Expand)
    assert len(expansions) == 20  # 3 of the 6 beaches
    assert all(len(a.beaches) == 3 for a in expansions)
    state = state.apply(Expand(TONGA, (3, 4, 5)))
    assert all_boats(state, TONGA) == ["BB", "B", "R", "B", "B", "B"]
    assert reserves(state) == {"B": 9, "R": 14}


@pytest.mark.clause("EXPAND-2")
def test_only_the_players_own_boats_count_toward_the_entitlement() -> None:
    state = position(3, boats={(TONGA, 0): "BR", (TONGA, 1): "RR", (TONGA, 2): "GG"}, to_move=0)
    assert all(len(a.beaches) == 1 for a in legal(state, Expand))
    assert_illegal(state, Expand(TONGA, (3, 4)), "EXPAND-2")


@pytest.mark.clause("EXPAND-2", "AMB-03")
def test_boats_added_by_the_expansion_do_not_raise_the_entitlement() -> None:
    state = position(2, boats={(TONGA, 0): "B", (TONGA, 1): "B"}, to_move=0)
    state = state.apply(Expand(TONGA, (2, 3)))
    # 2 boats there at turn start, so exactly 2 new ones: 4 on Tonga, not 8
    assert state.boats_on_board(Colour.BLUE) == 4
    assert state.reserve(Colour.BLUE) == 11
    assert state.turn_colour is Colour.RED


@pytest.mark.clause("AMB-03", "EMPTYRESERVE-1", "EMPTYRESERVE-2")
def test_with_an_empty_reserve_the_single_boat_on_the_target_island_may_change_beach() -> None:
    # Blue has all 15 boats on the board, only one of them on Hawaii (beach 0).
    # Counted at turn start, Hawaii holds a blue boat, so it may be expanded even when
    # the one boat moved is that very boat.
    state = position(
        2,
        tiles=[(ABOVE, "hawaii", 0), (BELOW, "tubuai", 3)],
        boats={
            **{(TONGA, b): "BB" for b in range(6)},
            (ABOVE, 0): "B",
            (BELOW, 0): "BB",
        },
        to_move=0,
    )
    assert state.reserve(Colour.BLUE) == 0
    assert not legal(state, Expand)
    options = legal(state, ExpandFromBoard)
    assert ExpandFromBoard(ABOVE, 1, ABOVE, 0) in options
    state = state.apply(ExpandFromBoard(ABOVE, 1, ABOVE, 0))
    assert all_boats(state, ABOVE) == ["", "B", ""]
    assert state.boats_on_board(Colour.BLUE) == 15
    assert state.turn_colour is Colour.RED


# --- EXPAND-3 / AMB-01: capped by the beaches (with a free slot) -----------------------


@pytest.mark.clause("EXPAND-3", "EXPAND-5")
def test_entitlement_beyond_the_number_of_beaches_lapses() -> None:
    # Samoa: beaches of 3, 4 and 5 slots. Blue has 4 boats there, but only 3 beaches.
    state = position(2, tiles=[(ABOVE, "samoa", 0)], boats={(ABOVE, 1): "BB", (ABOVE, 2): "BB"})
    assert [a for a in legal(state, Expand) if a.island == ABOVE] == [Expand(ABOVE, (0, 1, 2))]
    state = state.apply(Expand(ABOVE, (0, 1, 2)))
    assert all_boats(state, ABOVE) == ["B", "BBB", "BBB"]
    assert state.reserve(Colour.BLUE) == 15 - 4 - 3


@pytest.mark.clause("AMB-01", "EXPAND-3", "EXPAND-4", "AMB-08", "AMB-37")
@pytest.mark.flag("failure_ends_turn", True)
def test_a_beach_left_full_by_a_failed_turn_takes_no_expansion_boat() -> None:
    # Only reachable with the IT reading of AMB-08: red's turn ends at the failure, and
    # Hawaii's full beach 1 is still waiting when blue starts the next turn.
    state = position(
        2,
        tiles=[(ABOVE, "hawaii", 0)],
        boats={(TONGA, 0): "RRR", (ABOVE, 0): "B", (ABOVE, 1): "BRRRR", (ABOVE, 2): "B"},
        to_move=1,
        rules=Rules(failure_ends_turn=True),
    )
    state = state.apply(Depart(TONGA, 0, 0))
    # ocean-k below Tonga (rotation 3): red enters local edge 0, route 0-1 needs 2 colours
    state = state.apply(Draw("ocean-k"))
    assert state.pending.kind is DecisionKind.TURN
    assert state.turn_colour is Colour.BLUE
    assert state.beach(ABOVE, 1).is_full
    # blue has 3 boats on Hawaii but only beaches 0 and 2 have room: 2 new boats
    assert [a for a in legal(state, Expand) if a.island == ABOVE] == [Expand(ABOVE, (0, 2))]
    assert_illegal(state, Expand(ABOVE, (0, 1, 2)), "EXPAND-4")
    state = state.apply(Expand(ABOVE, (0, 2)))
    # now beach 2 (2 slots) is full as well; both full beaches wait for blue's choice
    assert state.pending.kind is DecisionKind.DEPARTURE
    assert state.current_player == 0
    assert set(legal(state, Depart)) == {
        Depart(ABOVE, 1, 3),
        Depart(ABOVE, 2, 4),
        Depart(ABOVE, 2, 5),
    }


# --- EXPAND-4: one boat per beach, the player chooses ------------------------------------


@pytest.mark.clause("EXPAND-4")
def test_with_fewer_new_boats_than_beaches_the_player_chooses_the_beaches() -> None:
    state = position(2, boats={(TONGA, 0): "B", (TONGA, 1): "BR"}, to_move=0)
    assert set(legal(state, Expand)) == {Expand(TONGA, pair) for pair in combinations(range(6), 2)}


@pytest.mark.clause("EXPAND-4")
def test_an_expansion_puts_at_most_one_new_boat_on_a_beach() -> None:
    state = position(2, boats={(TONGA, 0): "B", (TONGA, 1): "B"}, to_move=0)
    assert_illegal(state, Expand(TONGA, (2, 2)), "EXPAND-4")
    assert_illegal(state, Expand(TONGA, (9,)), "EXPAND-4")


# --- EXPAND-5: from the own reserve ----------------------------------------------------


@pytest.mark.clause("EXPAND-5")
def test_new_boats_come_from_the_players_own_reserve_only() -> None:
    state = position(3, boats={(TONGA, 0): "BR", (TONGA, 1): "BG"}, to_move=0)
    before = reserves(state)
    state = state.apply(Expand(TONGA, (2, 3)))
    assert reserves(state) == {"B": before["B"] - 2, "R": before["R"], "G": before["G"]}
    assert all_boats(state, TONGA) == ["BR", "BG", "B", "B", "", ""]


# --- EXPAND-6: never a royal island ----------------------------------------------------


@pytest.mark.clause("EXPAND-6")
def test_a_royal_island_can_never_be_expanded() -> None:
    state = position(
        2, tiles=[(ABOVE, "hawaii", 0)], boats={(TONGA, 0): "B"}, kings={ABOVE: "B"}, to_move=0
    )
    assert {a.island for a in legal(state, Expand)} == {TONGA}
    assert_illegal(state, Expand(ABOVE, (0,)), "EXPAND-6")


# --- EXPAND-7: what happens after placing ----------------------------------------------


@pytest.mark.clause("EXPAND-7", "TURN-3")
def test_an_expansion_that_fills_no_beach_ends_the_turn() -> None:
    state = position(2, boats={(TONGA, 3): "B", (TONGA, 0): "R"}, to_move=0)
    state = state.apply(Expand(TONGA, (3,)))
    assert boats(state, TONGA, 3) == "BB"
    assert state.pending.kind is DecisionKind.TURN
    assert state.turn_colour is Colour.RED


@pytest.mark.clause("EXPAND-7", "DEPART-1")
def test_an_expansion_that_fills_a_beach_sends_all_its_boats_out() -> None:
    state = position(2, boats={(TONGA, 3): "BR"}, to_move=0)
    state = state.apply(Expand(TONGA, (3,)))
    # Tonga's beach 3 has a single jetty, so it sails at once and a tile is drawn above it
    assert state.is_chance_node
    assert boats(state, TONGA, 3) == ""
    assert state.group is not None
    assert state.group.colours == (Colour.BLUE, Colour.BLUE, Colour.RED)
    assert state.group.position == ABOVE
    assert state.turn_colour is Colour.BLUE


@pytest.mark.clause("EXPAND-7", "DEPART-2")
def test_an_expansion_that_fills_two_beaches_lets_the_player_pick_which_sails_first() -> None:
    state = position(3, boats={(TONGA, 0): "BR", (TONGA, 3): "BG"}, to_move=0)
    state = state.apply(Expand(TONGA, (0, 3)))
    assert state.pending.kind is DecisionKind.DEPARTURE
    assert state.current_player == 0
    assert set(legal(state, Depart)) == {Depart(TONGA, 0, 0), Depart(TONGA, 3, 3)}


# --- AMB-02: must the whole entitlement be placed? -------------------------------------


@pytest.mark.clause("AMB-02", "EXPAND-2")
@pytest.mark.parametrize(
    "allow_fewer",
    [
        pytest.param(False, marks=pytest.mark.flag("expand_allow_fewer", False)),
        pytest.param(True, marks=pytest.mark.flag("expand_allow_fewer", True)),
    ],
)
def test_placing_fewer_boats_than_entitled_depends_on_expand_allow_fewer(
    allow_fewer: bool,
) -> None:
    state = position(
        2,
        boats={(TONGA, 0): "B", (TONGA, 1): "B", (TONGA, 2): "B"},
        to_move=0,
        rules=Rules(expand_allow_fewer=allow_fewer),
    )
    sizes = sorted({len(a.beaches) for a in legal(state, Expand)})
    if allow_fewer:
        assert sizes == [1, 2, 3]
        assert len(legal(state, Expand)) == 6 + 15 + 20
        after = state.apply(Expand(TONGA, (3,)))
        assert after.reserve(Colour.BLUE) == 11
        assert after.turn_colour is Colour.RED
    else:
        assert sizes == [3]
        assert_illegal(state, Expand(TONGA, (3,)), "AMB-02")
    # never more than the entitlement
    assert_illegal(state, Expand(TONGA, (0, 1, 2, 3)), "EXPAND-2")


@pytest.mark.clause("AMB-02", "TURN-1")
@pytest.mark.parametrize(
    "allow_fewer",
    [
        pytest.param(False, marks=pytest.mark.flag("expand_allow_fewer", False)),
        pytest.param(True, marks=pytest.mark.flag("expand_allow_fewer", True)),
    ],
)
def test_an_expansion_without_any_boat_is_not_a_way_to_pass(allow_fewer: bool) -> None:
    state = position(
        2,
        boats={(TONGA, 0): "B", (TONGA, 1): "B", (TONGA, 2): "B"},
        to_move=0,
        rules=Rules(expand_allow_fewer=allow_fewer),
    )
    expected = ("TURN-1", "AMB-02") if not allow_fewer else ("TURN-1",)
    assert_illegal(state, Expand(TONGA, ()), *expected)
