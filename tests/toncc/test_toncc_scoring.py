"""Scoring: Kingdoms, challenge scores, tóncc points, the game's winner (TC-SCORE, TC-GAME)."""

from __future__ import annotations

import random

import pytest

from tongiaki_rules.toncc import (
    MOVES,
    STANDARD_MAP,
    FinalThreeWayTie,
    King,
    TonccRules,
    TopTie,
    new_game,
    ranking,
    toncc_points,
)
from tongiaki_rules.toncc._scoring import game_winners, returns_of, score_challenge

R, Y, B = King.RED, King.YELLOW, King.BLUE
LAYOUT = tuple(range(18))


def _owners(**runs: tuple[int, ...]) -> tuple[int, ...]:
    owned = [-1] * 18
    for name, regions in runs.items():
        for region in regions:
            owned[region] = King[name].value
    return tuple(owned)


@pytest.mark.clause("TC-SCORE-1", "TC-SCORE-2", "TC-SCORE-3")
def test_three_in_a_row_is_a_kingdom_four_are_two_and_loose_seals_score_nothing() -> None:
    owners = _owners(RED=(0, 1, 2, 3, 9, 16), YELLOW=(6, 7, 8), BLUE=(10, 11, 13))
    result = score_challenge(LAYOUT, owners, (3, 2, 1), False, STANDARD_MAP, TonccRules())
    assert result.kingdoms[R.value] == (0, 1)  # A0-A1-A2 and A1-A2-A3
    assert result.kingdom_points[R.value] == (2 + 2 + 2) + (2 + 2 + 1)  # blue = Red's hair
    assert result.kingdoms[Y.value] == (5,) and result.kingdom_points[Y.value] == 3
    assert result.kingdoms[B.value] == () and result.kingdom_points[B.value] == 0
    assert result.scores == (11 + 3, 3 + 2, 0 + 1)
    assert result.toncc_points == (2, 1, 0)


@pytest.mark.clause("TC-SCORE-1", "TC-MAP-2")
def test_a_run_counts_on_one_side_and_may_use_a_corner_but_not_turn_it() -> None:
    around_corner = _owners(BLUE=(4, 5, 6, 7, 8))  # A4 A5 | B0 corner | B1 B2
    result = score_challenge(LAYOUT, around_corner, (0, 0, 0), False, STANDARD_MAP, TonccRules())
    windows = [STANDARD_MAP.kingdoms[i] for i in result.kingdoms[B.value]]
    assert windows == [(4, 5, 6), (6, 7, 8)]  # A5-B0-B1 turns the corner: no Kingdom


@pytest.mark.clause("TC-SCORE-4", "TC-SCORE-5")
def test_the_sheets_example_red_12_blue_10_yellow_10_gives_red_2_blue_1_yellow_0() -> None:
    assert toncc_points((12, 10, 10), TonccRules()) == (2, 0, 1)
    assert ranking((12, 10, 10)) == (R, B, Y)


@pytest.mark.clause("TC-SCORE-4")
def test_distinct_scores_give_2_1_0_and_a_three_way_tie_1_each() -> None:
    assert toncc_points((5, 9, 7), TonccRules()) == (0, 2, 1)
    assert toncc_points((8, 8, 8), TonccRules()) == (1, 1, 1)
    assert toncc_points((8, 8, 8), TonccRules(top_tie=TopTie.WINNER_TAKES_BOTH)) == (1, 1, 1)


@pytest.mark.clause("TC-SCORE-5", "TC-SCORE-6")
@pytest.mark.parametrize(
    ("flag", "expected"), [(TopTie.RANKED, (1, 0, 2)), (TopTie.WINNER_TAKES_BOTH, (0, 0, 3))]
)
def test_two_kings_tied_for_the_best_score(flag: TopTie, expected: tuple[int, int, int]) -> None:
    # Red and Blue tie on 10: Red beats Blue (weaker in blue and yellow)
    swapped = (expected[2], expected[1], expected[0])
    assert toncc_points((10, 4, 10), TonccRules(top_tie=flag)) == swapped


@pytest.mark.clause("TC-SCORE-4", "TC-SCORE-6")
def test_winner_takes_both_changes_nothing_without_a_tie_for_first() -> None:
    rules = TonccRules(top_tie="winner_takes_both")
    assert toncc_points((12, 10, 8), rules) == (2, 1, 0)
    assert toncc_points((3, 9, 9), rules) == (0, 0, 3)  # Blue beats Yellow on 9: he takes both
    assert toncc_points((9, 4, 4), rules) == (2, 0, 1)  # a tie for second: 2 and 1 as ranked


@pytest.mark.clause("TC-GAME-2")
def test_the_most_tonc_points_win_and_two_tied_go_to_the_weaker_king() -> None:
    assert game_winners((5, 2, 2), (0, 0, 0), TonccRules()) == (R,)
    assert game_winners((4, 1, 4), (0, 0, 0), TonccRules()) == (R,)  # Red beats Blue
    assert game_winners((1, 4, 4), (0, 0, 0), TonccRules()) == (B,)  # Blue beats Yellow
    assert returns_of((R,)) == (1.0, -0.5, -0.5)


@pytest.mark.clause("TC-GAME-3")
@pytest.mark.parametrize(
    ("flag", "totals", "winners"),
    [
        (FinalThreeWayTie.SHARED, (30, 20, 20), (R, Y, B)),
        (FinalThreeWayTie.SCORE_TOTAL, (30, 20, 20), (R,)),
        (FinalThreeWayTie.SCORE_TOTAL, (20, 30, 30), (B,)),
        (FinalThreeWayTie.SCORE_TOTAL, (20, 20, 20), (R, Y, B)),
    ],
)
def test_a_game_ending_3_3_3(
    flag: FinalThreeWayTie, totals: tuple[int, int, int], winners: tuple[King, ...]
) -> None:
    assert game_winners((3, 3, 3), totals, TonccRules(final_three_way_tie=flag)) == winners
    assert sum(returns_of(winners)) == pytest.approx(0)


@pytest.mark.clause("TC-GAME-1", "TC-SETUP-2")
def test_a_game_is_three_challenges_each_shuffled_anew_with_nine_tonc_points() -> None:
    rng = random.Random(5)
    state = new_game()
    layouts = []
    while not state.is_terminal:
        state = state.resolve_chance(rng)
        layouts.append(state.layout)
        challenge = state.challenge
        while state.challenge == challenge and not state.is_terminal:
            state = state.apply_joint({k: rng.choice(MOVES) for k in state.active_kings})
    assert len(layouts) == 3 and len(set(layouts)) == 3
    assert [r.layout for r in state.results] == layouts
    assert sum(state.toncc_totals) == 9 and state.winners()
    assert sum(state.returns()) == pytest.approx(0)
    assert state.legal_actions(R) == () and state.chance_outcomes() == ()
