"""Scenarios for setting up a game: reserves, Tonga and the pile, the two setup rounds.

Clauses SETUP-1..6 with AMB-20 (plain clockwise rounds) and AMB-29 (may a player put
both setup boats on one beach?).
"""

from __future__ import annotations

import pytest
from scenario_helpers import TONGA, assert_illegal, boats, legal, play

from tongiaki_rules import (
    STANDARD_TILES,
    Colour,
    DecisionKind,
    Depart,
    Expand,
    GameState,
    Rules,
    SetupPlace,
    new_game,
)


def _setup(state: GameState, beaches: list[int]) -> tuple[GameState, list[int | None]]:
    """Place setup boats on the given beaches in turn; return the state and the seats."""
    seats: list[int | None] = []
    for b in beaches:
        seats.append(state.current_player)
        state = state.apply(SetupPlace(b))
    return state, seats


@pytest.mark.clause("SETUP-1", "COMP-1")
@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_each_player_starts_with_all_fifteen_boats_of_one_colour_in_reserve(players: int) -> None:
    state = new_game(players)
    for seat in range(players):
        colour = Colour(seat)
        assert state.reserve(colour) == 15
        assert state.boats_on_board(colour) == 0


@pytest.mark.clause("SETUP-2", "COMP-2")
def test_tonga_lies_alone_in_the_middle_and_the_other_31_tiles_form_one_pile() -> None:
    state = new_game(3)
    [tonga] = state.placed_tiles
    assert tonga.position == TONGA
    assert tonga.tile.id == "tonga"
    assert state.pile.islands == 15
    assert state.pile.oceans == 16
    expected = sorted(tile.id for tile in STANDARD_TILES.pile)
    assert sorted(state.pile.tiles) == expected
    assert "tonga" not in state.pile.tiles


@pytest.mark.clause("SETUP-2")
def test_the_first_draw_of_the_game_can_be_any_of_the_31_tiles_with_equal_chance() -> None:
    # Blue B and red R each put both boats on beaches 0 and 1 ("BR" twice).
    state, _ = _setup(new_game(2), [0, 0, 1, 1])
    # Blue owns 2 boats on Tonga: expanding on beaches 0 and 1 fills both.
    state = state.apply(Expand(TONGA, (0, 1)))
    state = state.apply(Depart(TONGA, 0, 0))
    assert state.is_chance_node
    outcomes = state.chance_outcomes()
    assert len(outcomes) == 31
    assert {draw.tile for draw, _p in outcomes} == {t.id for t in STANDARD_TILES.pile}
    assert all(p == pytest.approx(1 / 31) for _d, p in outcomes)


@pytest.mark.clause("SETUP-3")
@pytest.mark.parametrize("youngest", [0, 2, 3])
def test_the_youngest_player_named_as_start_player_places_the_first_boat(youngest: int) -> None:
    state = new_game(4, start_player=youngest)
    assert state.pending.kind is DecisionKind.SETUP
    assert state.current_player == youngest


@pytest.mark.clause("SETUP-4", "AMB-20")
def test_setup_is_two_plain_clockwise_rounds_not_a_snake() -> None:
    state, seats = _setup(new_game(3, start_player=1), [0, 1, 2, 3, 4, 5])
    assert seats == [1, 2, 0, 1, 2, 0]
    for seat in range(3):
        assert state.boats_on_board(Colour(seat)) == 2
        assert state.reserve(Colour(seat)) == 13


@pytest.mark.clause("SETUP-4")
def test_each_setup_boat_goes_on_a_free_slot_of_tonga_chosen_by_the_player() -> None:
    state = new_game(2)
    assert legal(state, SetupPlace) == [SetupPlace(b) for b in range(6)]
    state = state.apply(SetupPlace(4))
    assert boats(state, TONGA, 4) == "B"
    assert state.reserve(Colour.BLUE) == 14
    assert state.current_player == 1
    assert_illegal(state, SetupPlace(6), "SETUP-4")  # Tonga has beaches 0..5


@pytest.mark.clause("SETUP-5")
def test_a_setup_boat_may_not_fill_a_tonga_beach() -> None:
    state = play(new_game(2), SetupPlace(0), SetupPlace(0))
    assert boats(state, TONGA, 0) == "BR"
    assert legal(state, SetupPlace) == [SetupPlace(b) for b in range(1, 6)]
    assert_illegal(state, SetupPlace(0), "SETUP-5")


@pytest.mark.clause("SETUP-5")
def test_after_a_six_player_setup_every_tonga_beach_still_has_a_free_slot() -> None:
    state = new_game(6)
    for _ in range(12):
        # always take the first beach still allowed: this piles boats up as much as possible
        state = state.apply(state.legal_actions()[0])
    tonga = state.island_at(TONGA)
    assert tonga is not None
    assert [beach.free for beach in tonga.beaches] == [1, 1, 1, 1, 1, 1]
    # nothing departed: play starts with an ordinary turn action
    assert state.pending.kind is DecisionKind.TURN


@pytest.mark.clause("SETUP-6", "TURN-3")
def test_play_begins_with_the_start_player_and_passes_clockwise() -> None:
    # start player is seat 2 (green); order of setup: G B R G B R
    state, seats = _setup(new_game(3, start_player=2), [0, 1, 2, 3, 4, 5])
    assert seats == [2, 0, 1, 2, 0, 1]
    assert state.pending.kind is DecisionKind.TURN
    assert state.current_player == 2
    # green has one boat on beaches 0 and 3: it doubles them, nothing fills
    state = state.apply(Expand(TONGA, (0, 3)))
    assert state.current_player == 0
    # blue (beaches 1 and 4), then red
    state = state.apply(Expand(TONGA, (1, 4)))
    assert state.current_player == 1
    state = state.apply(Expand(TONGA, (2, 5)))
    assert state.current_player == 2


@pytest.mark.clause("AMB-29", "SETUP-4")
@pytest.mark.parametrize(
    "distinct",
    [
        pytest.param(False, marks=pytest.mark.flag("setup_distinct_beaches", False)),
        pytest.param(True, marks=pytest.mark.flag("setup_distinct_beaches", True)),
    ],
)
def test_both_setup_boats_on_one_beach_depends_on_setup_distinct_beaches(distinct: bool) -> None:
    state = new_game(2, Rules(setup_distinct_beaches=distinct))
    state = play(state, SetupPlace(0), SetupPlace(1))
    # blue's second boat
    if distinct:
        assert SetupPlace(0) not in state.legal_actions()
        assert_illegal(state, SetupPlace(0), "AMB-29")
        # another beach, even one holding another colour, is fine
        state = state.apply(SetupPlace(1))
        assert boats(state, TONGA, 1) == "BR"
    else:
        state = state.apply(SetupPlace(0))
        assert boats(state, TONGA, 0) == "BB"


@pytest.mark.clause("AMB-29", "SETUP-5")
@pytest.mark.flag("setup_distinct_beaches", True)
def test_with_distinct_beaches_a_placement_that_would_strand_a_later_player_is_refused() -> None:
    # Six players: 12 boats for 12 free places (two per beach). With distinct beaches a
    # placement that leaves a later player only their own first beach would make the
    # setup impossible to finish, so it is not offered.
    state = new_game(6, Rules(setup_distinct_beaches=True))
    first_round = [0, 0, 1, 1, 2, 3]  # seats 0..5
    second_round = [2, 4, 4, 5]  # seats 0..3
    state = play(state, *(SetupPlace(b) for b in first_round + second_round))
    # room left: one place on beach 3 (seat 5's first beach) and one on beach 5
    assert state.current_player == 4  # first boat on beach 2
    assert legal(state, SetupPlace) == [SetupPlace(3)]
    assert_illegal(state, SetupPlace(5), "AMB-29")
    state = play(state, SetupPlace(3), SetupPlace(5))
    assert state.pending.kind is DecisionKind.TURN
