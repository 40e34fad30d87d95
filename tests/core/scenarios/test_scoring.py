"""Scoring and the winner (SCORE-1..6), with ROYAL-8 and AMB-32/AMB-33.

``game_over`` (helpers_special) gives the finished game for a position: the
last group of the last turn is lost at sea, leaving exactly the boats listed.
"""

from __future__ import annotations

import pytest
from tests.core.scenarios.helpers_special import ABOVE, game_over

from tongiaki_rules import ORIGIN, Rules, TieBreak, position

HAWAII = ABOVE
SAMOA = (1, -1)
TUBUAI = (-1, 0)
RAROTONGA = (-1, 1)

VALUES = {
    "muroroa": 2,
    "nauru": 2,
    "tubuai": 2,
    "rapa-nui": 3,
    "rarotonga": 3,
    "tokelau": 3,
    "tuamotu": 3,
    "hiva-oa": 4,
    "mangareva": 4,
    "oahu": 4,
    "tahiti": 4,
    "tuvalu": 4,
    "fidschi": 5,
    "hawaii": 5,
    "samoa": 5,
}
"""SCORE-3, from the Italian score table."""


@pytest.mark.clause("SCORE-1", "SCORE-3")
@pytest.mark.parametrize(("island", "value"), sorted(VALUES.items()))
def test_each_island_scores_its_printed_value(island: str, value: int) -> None:
    state = position(2, tiles=[(ABOVE, island, 0)], boats={(ABOVE, 0): "B", (ORIGIN, 0): "R"})
    assert state.scores() == (value, 0)


@pytest.mark.clause("SCORE-1", "SCORE-2")
def test_presence_scores_and_extra_boats_add_nothing() -> None:
    final = game_over(
        3,
        tiles=[(HAWAII, "hawaii", 0), (SAMOA, "samoa", 0)],
        boats={
            (HAWAII, 0): "G",
            (HAWAII, 1): "RRRR",
            (SAMOA, 2): "RGR",
            (ORIGIN, 1): "RR",
            (ORIGIN, 2): "G",
        },
    )
    outcome = final.outcome()
    assert outcome is not None
    # red: 4 boats on Hawaii count no more than green's 1; Tonga scores nothing
    assert outcome.scores == (0, 10, 10)


@pytest.mark.clause("SCORE-1", "ROYAL-8")
def test_royal_island_scores_for_its_king_only() -> None:
    final = game_over(
        2,
        tiles=[(HAWAII, "hawaii", 0), (SAMOA, "samoa", 0)],
        kings={SAMOA: "B"},
        boats={(HAWAII, 1): "RB", (ORIGIN, 1): "R"},
    )
    assert final.scores() == (10, 5)


@pytest.mark.clause("SCORE-4")
def test_highest_total_wins() -> None:
    final = game_over(
        3,
        tiles=[(HAWAII, "hawaii", 0), (SAMOA, "samoa", 0), (TUBUAI, "tubuai", 0)],
        boats={(HAWAII, 0): "BR", (SAMOA, 1): "R", (TUBUAI, 0): "RG"},
    )
    outcome = final.outcome()
    assert outcome is not None
    assert outcome.scores == (5, 12, 2)
    assert outcome.winners == (1,)
    assert outcome.tiebreak is TieBreak.NONE
    assert outcome.ranking == ((1,), (0,), (2,))


@pytest.mark.clause("SCORE-5")
def test_tie_goes_to_the_player_on_more_islands() -> None:
    final = game_over(
        2,
        tiles=[(HAWAII, "hawaii", 0), (TUBUAI, "tubuai", 0), (RAROTONGA, "rarotonga", 0)],
        boats={(HAWAII, 1): "B", (TUBUAI, 0): "R", (RAROTONGA, 0): "R"},
    )
    outcome = final.outcome()
    assert outcome is not None
    assert outcome.scores == (5, 5)
    assert outcome.islands == (1, 2)
    assert outcome.winners == (1,)
    assert outcome.tiebreak is TieBreak.ISLANDS
    assert outcome.ranking == ((1,), (0,))


def tonga_decides(rules: Rules) -> tuple[tuple[int, ...], tuple[int, ...], TieBreak]:
    """5 points each. Blue: Hawaii and Tonga, 2 boats. Red: Tubuai and Rarotonga, 3 boats."""
    final = game_over(
        2,
        tiles=[(HAWAII, "hawaii", 0), (TUBUAI, "tubuai", 0), (RAROTONGA, "rarotonga", 0)],
        boats={(HAWAII, 1): "B", (ORIGIN, 2): "B", (TUBUAI, 0): "RR", (RAROTONGA, 0): "R"},
        rules=rules,
    )
    outcome = final.outcome()
    assert outcome is not None
    assert outcome.scores == (5, 5)
    return outcome.islands, outcome.winners, outcome.tiebreak


@pytest.mark.clause("SCORE-5", "SCORE-6", "AMB-32")
@pytest.mark.flag("tiebreak_islands_include_tonga", True)
def test_tonga_counts_as_an_island_in_the_first_tie_break_by_default() -> None:
    islands, winners, tiebreak = tonga_decides(Rules())
    assert islands == (2, 2)
    # still tied: blue has fewer boats on the table (2 against 3)
    assert winners == (0,)
    assert tiebreak is TieBreak.BOATS


@pytest.mark.clause("SCORE-5", "AMB-32")
@pytest.mark.flag("tiebreak_islands_include_tonga", False)
def test_tonga_is_left_out_of_the_first_tie_break_with_tiebreak_islands_include_tonga_false() -> (
    None
):
    islands, winners, tiebreak = tonga_decides(Rules(tiebreak_islands_include_tonga=False))
    assert islands == (1, 2)
    assert winners == (1,)
    assert tiebreak is TieBreak.ISLANDS


@pytest.mark.clause("SCORE-6", "ROYAL-8", "AMB-33")
def test_second_tie_break_fewest_boats_a_king_counting_as_one() -> None:
    final = game_over(
        2,
        tiles=[(HAWAII, "hawaii", 0), (SAMOA, "samoa", 0)],
        kings={HAWAII: "B"},
        boats={(SAMOA, 0): "R", (SAMOA, 1): "R", (SAMOA, 2): "R"},
    )
    outcome = final.outcome()
    assert outcome is not None
    assert outcome.scores == (5, 5)
    assert outcome.islands == (1, 1)
    assert outcome.boats == (1, 3)
    assert outcome.winners == (0,)
    assert outcome.tiebreak is TieBreak.BOATS


@pytest.mark.clause("SCORE-6", "AMB-32")
def test_players_tied_after_both_tie_breaks_share_the_victory() -> None:
    final = game_over(
        3,
        tiles=[(HAWAII, "hawaii", 0), (SAMOA, "samoa", 0), (TUBUAI, "tubuai", 0)],
        boats={(HAWAII, 0): "BB", (SAMOA, 2): "RR", (TUBUAI, 1): "G"},
    )
    outcome = final.outcome()
    assert outcome is not None
    assert outcome.scores == (5, 5, 2)
    assert outcome.winners == (0, 1)
    assert outcome.tiebreak is TieBreak.SHARED
    assert outcome.ranking == ((0, 1), (2,))


@pytest.mark.clause("SCORE-4")
def test_outcome_is_only_given_once_the_game_is_over() -> None:
    state = position(2, tiles=[(HAWAII, "hawaii", 0)], boats={(HAWAII, 0): "BR"})
    assert not state.is_terminal
    assert state.outcome() is None
    assert state.scores() == (5, 5)
