"""Special situations: no boats in play, few boats, empty reserve.

Clauses NOBOATS-1..3, FEWBOATS-1, EMPTYRESERVE-1..2 and the readings AMB-04,
AMB-18, AMB-19, AMB-37 and AMB-42.
"""

from __future__ import annotations

import pytest
from tests.core.scenarios.helpers_special import ABOVE, BELOW, clause_of

from tongiaki_rules import (
    ORIGIN,
    Colour,
    DecisionKind,
    Depart,
    EmptyReserveSource,
    Expand,
    ExpandFromBoard,
    FoundRoyal,
    GameState,
    PlaceNewBoats,
    Recolonize,
    Rules,
    position,
)

B, R = Colour.BLUE, Colour.RED
HAWAII = ABOVE  # "3:12 5:3 2:45"
SAMOA = (1, -1)


# --------------------------------------------------------------- no boats


def without_boats(rules: Rules | None = None) -> GameState:
    """Blue has no boat on the table; red is on Tonga, on Hawaii and king of Samoa."""
    return position(
        2,
        tiles=[(HAWAII, "hawaii", 0), (SAMOA, "samoa", 0)],
        kings={SAMOA: "R"},
        boats={(ORIGIN, 3): "RR", (HAWAII, 1): "R"},
        pile=["tahiti", "rarotonga", "ocean-a", "ocean-b"],
        rules=rules if rules is not None else Rules(),
    )


@pytest.mark.clause("NOBOATS-1", "AMB-19")
def test_player_without_boats_places_two_on_tonga_or_one_elsewhere() -> None:
    state = without_boats()
    actions = state.legal_actions()
    assert not any(isinstance(a, Expand) for a in actions)
    assert PlaceNewBoats(ORIGIN, (1, 4)) in actions
    assert PlaceNewBoats(ORIGIN, (0, 3)) in actions
    for beach in range(3):
        assert PlaceNewBoats(HAWAII, (beach,)) in actions
    assert clause_of(state, Expand(ORIGIN, (0,))) == "NOBOATS-1"


@pytest.mark.clause("NOBOATS-1")
def test_new_boats_go_on_the_chosen_beaches_and_the_turn_ends() -> None:
    state = without_boats().apply(PlaceNewBoats(ORIGIN, (1, 4)))
    assert state.beach(ORIGIN, 1).boats == (B,)
    assert state.beach(ORIGIN, 4).boats == (B,)
    assert state.reserve(B) == 13
    assert state.pending.kind is DecisionKind.TURN
    assert state.turn_colour is R


@pytest.mark.clause("NOBOATS-1")
def test_new_boats_never_go_on_a_royal_island() -> None:
    state = without_boats()
    assert not any(
        isinstance(a, PlaceNewBoats) and a.island == SAMOA for a in state.legal_actions()
    )
    assert clause_of(state, PlaceNewBoats(SAMOA, (0,))) == "NOBOATS-1"


@pytest.mark.clause("NOBOATS-1")
def test_two_boats_only_on_tonga_and_one_only_elsewhere() -> None:
    state = without_boats()
    assert clause_of(state, PlaceNewBoats(HAWAII, (0, 2))) == "NOBOATS-1"
    assert clause_of(state, PlaceNewBoats(ORIGIN, (0, 1, 2))) == "NOBOATS-1"
    # Tonga's beach 3 has one free slot only
    assert clause_of(state, PlaceNewBoats(ORIGIN, (3, 3))) == "NOBOATS-1"


@pytest.mark.clause("NOBOATS-1", "AMB-19")
@pytest.mark.flag("noboats_single_excludes_tonga", False)
def test_single_new_boat_may_go_on_tonga_by_default() -> None:
    state = without_boats()
    assert PlaceNewBoats(ORIGIN, (2,)) in state.legal_actions()


@pytest.mark.clause("NOBOATS-1", "AMB-19")
@pytest.mark.flag("noboats_single_excludes_tonga", True)
def test_single_new_boat_must_go_elsewhere_with_noboats_single_excludes_tonga() -> None:
    state = without_boats(Rules(noboats_single_excludes_tonga=True))
    actions = state.legal_actions()
    assert PlaceNewBoats(ORIGIN, (2,)) not in actions
    assert PlaceNewBoats(HAWAII, (2,)) in actions
    assert PlaceNewBoats(ORIGIN, (1, 2)) in actions
    assert clause_of(state, PlaceNewBoats(ORIGIN, (2,))) == "NOBOATS-1"


@pytest.mark.clause("NOBOATS-1", "AMB-19")
@pytest.mark.flag("noboats_tonga_one_per_beach", False)
def test_both_tonga_boats_may_share_a_beach_by_default() -> None:
    state = without_boats()
    assert PlaceNewBoats(ORIGIN, (2, 2)) in state.legal_actions()
    after = state.apply(PlaceNewBoats(ORIGIN, (2, 2)))
    assert after.beach(ORIGIN, 2).boats == (B, B)


@pytest.mark.clause("NOBOATS-1", "AMB-19")
@pytest.mark.flag("noboats_tonga_one_per_beach", True)
def test_tonga_boats_go_on_different_beaches_with_noboats_tonga_one_per_beach() -> None:
    state = without_boats(Rules(noboats_tonga_one_per_beach=True))
    actions = state.legal_actions()
    assert PlaceNewBoats(ORIGIN, (2, 2)) not in actions
    assert PlaceNewBoats(ORIGIN, (1, 2)) in actions
    assert clause_of(state, PlaceNewBoats(ORIGIN, (2, 2))) == "NOBOATS-1"


@pytest.mark.clause("NOBOATS-2")
def test_new_boats_that_fill_a_beach_set_sail() -> None:
    # beach 3 holds two red boats: a third boat fills it and it sails to Hawaii
    state = without_boats().apply(PlaceNewBoats(ORIGIN, (0, 3)))
    assert state.pending.kind is DecisionKind.BERTH
    assert state.pending.island == HAWAII
    assert state.pending.group == (B, R, R)
    assert state.beach(ORIGIN, 3).boats == ()
    assert state.turn_colour is B


@pytest.mark.clause("NOBOATS-3")
def test_player_without_boats_may_recolonise_with_nothing_to_remove() -> None:
    state = without_boats()
    assert Recolonize() in state.legal_actions()
    after = state.apply(Recolonize())
    assert after.is_chance_node
    assert after.reserve(B) == 15
    assert after.boats_on_board(R) == 4  # red's boats and king are untouched


def only_a_king(rules: Rules | None = None) -> GameState:
    """Blue's only boat on the table is the king of Hawaii."""
    return position(
        2,
        tiles=[(HAWAII, "hawaii", 0)],
        kings={HAWAII: "B"},
        boats={(ORIGIN, 0): "RR"},
        pile=["tahiti", "rarotonga", "ocean-a"],
        rules=rules if rules is not None else Rules(),
    )


@pytest.mark.clause("NOBOATS-1", "AMB-18", "AMB-42")
@pytest.mark.flag("noboats_ignores_royal", True)
def test_a_king_alone_does_not_count_as_boats_in_play_by_default() -> None:
    state = only_a_king()
    actions = state.legal_actions()
    assert PlaceNewBoats(ORIGIN, (1, 2)) in actions
    assert Recolonize() in actions
    assert clause_of(state, PlaceNewBoats(HAWAII, (0,))) == "NOBOATS-1"


@pytest.mark.clause("NOBOATS-1", "AMB-18", "AMB-42")
@pytest.mark.flag("noboats_ignores_royal", False)
def test_a_king_counts_as_a_boat_in_play_with_noboats_ignores_royal_false() -> None:
    state = only_a_king(Rules(noboats_ignores_royal=False))
    # no expansion possible and no new boats: New Colonisation is the way out
    assert state.legal_actions() == (Recolonize(),)
    assert clause_of(state, PlaceNewBoats(ORIGIN, (1, 2))) == "NOBOATS-1"


# --------------------------------------------------------------- few boats


@pytest.mark.clause("FEWBOATS-1", "EXPAND-2")
def test_expansion_is_limited_by_the_boats_left_in_the_reserve() -> None:
    # three blue boats on Hawaii would allow three new ones; only one is left
    state = position(
        2,
        tiles=[(HAWAII, "hawaii", 0)],
        boats={(HAWAII, 0): "BB", (HAWAII, 1): "B", (ORIGIN, 0): "R"},
        reserves={"B": 1},
    )
    expansions = [a for a in state.legal_actions() if isinstance(a, Expand)]
    assert set(expansions) == {Expand(HAWAII, (0,)), Expand(HAWAII, (1,)), Expand(HAWAII, (2,))}
    assert clause_of(state, Expand(HAWAII, (0, 1))) == "FEWBOATS-1"
    after = state.apply(Expand(HAWAII, (2,)))
    assert after.reserve(B) == 0
    assert after.beach(HAWAII, 2).boats == (B,)
    assert after.turn_colour is R


@pytest.mark.clause("FEWBOATS-1")
def test_two_boats_left_give_two_new_boats() -> None:
    state = position(
        2,
        tiles=[(HAWAII, "hawaii", 0)],
        boats={(HAWAII, 0): "BB", (HAWAII, 1): "B", (ORIGIN, 0): "R"},
        reserves={"B": 2},
    )
    expansions = {a for a in state.legal_actions() if isinstance(a, Expand)}
    assert expansions == {
        Expand(HAWAII, (0, 1)),
        Expand(HAWAII, (0, 2)),
        Expand(HAWAII, (1, 2)),
    }


# ----------------------------------------------------------- empty reserve


def all_at_sea(rules: Rules | None = None) -> GameState:
    """All 15 blue boats are on the table: 11 on Tonga, 3 on Hawaii, the king of Samoa."""
    return position(
        2,
        tiles=[(HAWAII, "hawaii", 0), (SAMOA, "samoa", 0)],
        kings={SAMOA: "B"},
        boats={
            (ORIGIN, 0): "BR",
            (ORIGIN, 1): "BB",
            (ORIGIN, 2): "BB",
            (ORIGIN, 3): "BB",
            (ORIGIN, 4): "BB",
            (ORIGIN, 5): "BB",
            (HAWAII, 0): "BB",
            (HAWAII, 1): "B",
        },
        rules=rules if rules is not None else Rules(),
    )


@pytest.mark.clause("EMPTYRESERVE-1", "EMPTYRESERVE-2")
def test_empty_reserve_moves_exactly_one_boat_from_the_board() -> None:
    state = all_at_sea()
    assert state.reserve(B) == 0
    actions = state.legal_actions()
    assert all(isinstance(a, ExpandFromBoard | FoundRoyal | Recolonize) for a in actions)
    assert ExpandFromBoard(HAWAII, 2, ORIGIN, 1) in actions
    assert clause_of(state, Expand(HAWAII, (2,))) == "EMPTYRESERVE-1"
    # three blue boats on Hawaii, yet only one boat comes
    after = state.apply(ExpandFromBoard(HAWAII, 2, ORIGIN, 1))
    assert after.beach(ORIGIN, 1).boats == (B,)
    hawaii = after.island_at(HAWAII)
    assert hawaii is not None
    assert [b.boats for b in hawaii.beaches] == [(B, B), (B,), (B,)]
    assert after.reserve(B) == 0
    assert after.boats_on_board(B) == 15
    assert after.turn_colour is R


@pytest.mark.clause("EMPTYRESERVE-1", "ROYAL-8")
def test_empty_reserve_never_takes_the_king() -> None:
    state = all_at_sea()
    assert not any(
        isinstance(a, ExpandFromBoard) and a.source == SAMOA for a in state.legal_actions()
    )
    assert clause_of(state, ExpandFromBoard(HAWAII, 2, SAMOA, 0)) == "EMPTYRESERVE-1"


@pytest.mark.clause("EMPTYRESERVE-1", "AMB-04")
@pytest.mark.flag("empty_reserve_source", "any_non_royal")
def test_empty_reserve_boat_may_come_from_the_target_island_by_default() -> None:
    state = all_at_sea()
    assert ExpandFromBoard(HAWAII, 2, HAWAII, 0) in state.legal_actions()
    after = state.apply(ExpandFromBoard(HAWAII, 2, HAWAII, 0))
    hawaii = after.island_at(HAWAII)
    assert hawaii is not None
    assert [b.boats for b in hawaii.beaches] == [(B,), (B,), (B,)]


@pytest.mark.clause("EMPTYRESERVE-1", "AMB-04")
@pytest.mark.flag("empty_reserve_source", "other_island_only")
def test_empty_reserve_boat_comes_from_another_island_with_other_island_only() -> None:
    state = all_at_sea(Rules(empty_reserve_source=EmptyReserveSource.OTHER_ISLAND_ONLY))
    actions = state.legal_actions()
    assert ExpandFromBoard(HAWAII, 2, HAWAII, 0) not in actions
    assert ExpandFromBoard(HAWAII, 2, ORIGIN, 1) in actions
    assert clause_of(state, ExpandFromBoard(HAWAII, 2, HAWAII, 0)) == "AMB-04"


@pytest.mark.clause("EMPTYRESERVE-1", "EXPAND-7")
def test_empty_reserve_boat_that_fills_a_beach_sets_sail() -> None:
    state = all_at_sea().apply(ExpandFromBoard(ORIGIN, 0, ORIGIN, 1))
    # Tonga's beach 0 (B B R) is full and sails below Tonga
    assert state.is_chance_node
    assert state.group is not None
    assert state.group.colours == (B, B, R)
    assert state.group.position == BELOW


# ------------------------------------------- a beach already full at turn start


@pytest.mark.clause("AMB-37", "AMB-08", "AMB-01")
@pytest.mark.flag("failure_ends_turn", True)
def test_beach_left_full_by_a_failed_voyage_departs_after_the_next_expansion() -> None:
    # Two full beaches on Tonga. Beach 0 sails below Tonga onto ocean-a (turned
    # so that the route it enters is the "4"): two colours fail. With
    # failure_ends_turn the whole turn ends and beach 3 stays full.
    state = position(
        2,
        tiles=[(BELOW, "ocean-a", 3)],
        boats={(ORIGIN, 3): "BBR", (ORIGIN, 0): "BRR", (ORIGIN, 5): "R"},
        pile=["tahiti", "rarotonga", "ocean-b", "ocean-c"],
        rules=Rules(failure_ends_turn=True),
    )
    state = state.apply(Depart(ORIGIN, 0, 0))
    assert state.turn_colour is R
    assert state.pending.kind is DecisionKind.TURN
    assert state.beach(ORIGIN, 3).is_full
    # red's expansion skips the full beach ...
    assert clause_of(state, Expand(ORIGIN, (3, 5))) == "EXPAND-4"
    state = state.apply(Expand(ORIGIN, (1, 5)))
    # ... and then the full beach departs, in red's turn
    assert state.is_chance_node
    assert state.group is not None
    assert state.group.colours == (B, B, R)
    assert state.group.position == ABOVE
    assert state.turn_colour is R


@pytest.mark.clause("AMB-37", "AMB-08", "AMB-15")
@pytest.mark.flag("failure_ends_turn", False)
def test_failed_voyage_does_not_stop_the_other_full_beach_by_default() -> None:
    state = position(
        2,
        tiles=[(BELOW, "ocean-a", 3)],
        boats={(ORIGIN, 3): "BBR", (ORIGIN, 0): "BRR", (ORIGIN, 5): "R"},
        pile=["tahiti", "rarotonga", "ocean-b", "ocean-c"],
    )
    state = state.apply(Depart(ORIGIN, 0, 0))
    assert state.reserve(B) == 13  # the failed blue boat came home; two are at sea
    assert state.is_chance_node
    assert state.group is not None and state.group.position == ABOVE
    assert state.turn_colour is B
