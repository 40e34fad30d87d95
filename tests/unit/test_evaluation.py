"""The evaluation harness: Wilson intervals, the SPRT, paired deals and the ratings (issue 40)."""

from __future__ import annotations

import math

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tongiaki_rules import SettingsError
from tongiaki_rules.simulation import (
    GameStats,
    Sprt,
    bradley_terry,
    deal_of,
    elo_score,
    game_seeds,
    plackett_luce,
    simulate,
    sprt_match,
    wilson_interval,
)

games_and_wins = st.integers(1, 10_000).flatmap(
    lambda n: st.tuples(st.just(n), st.integers(0, 2 * n).map(lambda k: k / 2))
)


@settings(deadline=None)
@given(games_and_wins, st.sampled_from([0.8, 0.9, 0.95, 0.99]))
def test_the_wilson_interval_holds_the_win_rate_inside_zero_to_one(
    case: tuple[int, float], confidence: float
) -> None:
    games, wins = case
    low, high = wilson_interval(wins, games, confidence)
    assert 0.0 <= low <= wins / games <= high <= 1.0
    assert low < high


@settings(deadline=None)
@given(games_and_wins)
def test_the_wilson_interval_shrinks_with_more_games_and_widens_with_confidence(
    case: tuple[int, float],
) -> None:
    games, wins = case
    low, high = wilson_interval(wins, games)
    more_low, more_high = wilson_interval(4 * wins, 4 * games)
    assert more_high - more_low < high - low
    wide_low, wide_high = wilson_interval(wins, games, 0.99)
    assert wide_low <= low and high <= wide_high


def test_the_wilson_interval_matches_the_textbook_figures() -> None:
    # Newcombe (1998), table I: 81 of 263 gives 0.2553 to 0.3662
    low, high = wilson_interval(81, 263)
    assert (round(low, 4), round(high, 4)) == (0.2553, 0.3662)


@pytest.mark.parametrize(
    ("args", "message"),
    [
        ((5, 4), "wins must be from 0 to games"),
        ((-1, 4), "wins must be from 0 to games"),
        ((1, -4), "games must be"),
        ((True, 4), "wins must be a number"),
        ((1, 4, 1.5), "confidence"),
        ((1, 4, 1), "confidence"),
    ],
)
def test_bad_interval_arguments_are_refused(args: tuple[object, ...], message: str) -> None:
    with pytest.raises(SettingsError, match=message):
        wilson_interval(*args)  # type: ignore[arg-type]


@settings(deadline=None)
@given(st.floats(0.001, 0.499), st.floats(0.001, 0.499))
def test_the_sprt_bounds_lie_either_side_of_zero(alpha: float, beta: float) -> None:
    low, high = Sprt(alpha=alpha, beta=beta).bounds()
    assert low < 0 < high


@settings(deadline=None)
@given(st.lists(st.sampled_from([0.0, 0.25, 0.5, 0.75, 1.0]), min_size=2, max_size=200))
def test_the_llr_is_positive_exactly_when_the_score_beats_the_midpoint(scores: list[float]) -> None:
    test = Sprt(elo0=0.0, elo1=50.0)
    middle = (elo_score(0.0) + elo_score(50.0)) / 2
    mean = sum(scores) / len(scores)
    llr = test.llr(scores)
    assert (llr > 0) == (mean > middle) or math.isclose(mean, middle)


def test_the_sprt_waits_for_its_minimum_and_then_decides_either_way() -> None:
    test = Sprt(min_samples=5)
    assert test.verdict([1.0] * 4) == "continue"
    assert test.verdict([1.0] * 5) == "H1"
    assert test.verdict([0.0] * 5) == "H0"
    assert test.verdict([0.5, 0.75] * 3) == "continue"


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"elo0": 50.0, "elo1": 0.0}, "elo0 .* must be below elo1"),
        ({"alpha": 0.5}, "alpha must be"),
        ({"beta": 0}, "beta must be"),
        ({"elo1": "50"}, "elo1 must be"),
        ({"min_samples": 0}, "min_samples"),
    ],
)
def test_bad_sprt_settings_are_refused(kwargs: dict[str, object], message: str) -> None:
    with pytest.raises(SettingsError, match=message):
        Sprt(**kwargs)  # type: ignore[arg-type]


def test_a_paired_deal_draws_the_same_tiles_in_each_rotation() -> None:
    assert [deal_of(n, 3) for n in range(1, 8)] == [1, 1, 1, 2, 2, 2, 3]
    deal = {game_seeds(5, n, 3, paired=True)[0] for n in (1, 2, 3)}
    assert len(deal) == 1 and game_seeds(5, 4, 3, paired=True)[0] not in deal
    assert game_seeds(5, 2, 3)[0] != game_seeds(5, 1, 3)[0]  # unpaired: a deal per game


def test_paired_needs_the_rotation_and_shows_in_the_summary() -> None:
    with pytest.raises(SettingsError, match="leave rotate on"):
        simulate(["random"], games=2, players=2, paired=True, rotate=False)
    summary = simulate(["random"], games=2, players=2, paired=True)
    assert summary.paired and summary.to_dict()["settings"]["paired"] is True
    assert "each deal played in every rotation" in summary.to_text().splitlines()[0]


def test_the_summary_gives_each_win_rate_its_interval() -> None:
    summary = simulate(["random"], games=4, players=2, seed=3)
    for result in (*summary.bot_results(), *summary.seat_results()):
        low, high = result.interval
        assert low <= result.win_rate <= high
    bots = summary.to_dict()["bots"]
    keys = list(bots[0])
    assert keys[keys.index("win_rate") + 1] == "interval"


def test_an_sprt_match_plays_whole_deals_and_stops_when_the_games_run_out() -> None:
    short = sprt_match("random", "random", test=Sprt(), max_games=5)
    assert (short.verdict, short.games) == ("continue", 4)  # whole deals, then out of games
    assert short.to_dict()["verdict"] == "continue"


def _two(first: str, second: str, first_won: bool) -> GameStats:
    return GameStats(
        (first, second), (1, 0), (0,) if first_won else (1,), 1, 1, 1, "other", 0, 0, 0
    )


def test_bradley_terry_gives_the_elo_of_the_win_odds_with_one_virtual_draw() -> None:
    games = [_two("a", "b", True)] * 3 + [_two("b", "a", True)]
    a, b = bradley_terry(games, anchor="b", resamples=50)
    assert (a.bot, b.bot, a.games) == ("a", "b", 4)
    assert a.rating == pytest.approx(400 * math.log10(3.5 / 1.5))  # 3 + 1/2 to 1 + 1/2
    assert b.rating == 0.0 and a.low <= a.rating <= a.high


def test_bradley_terry_refuses_what_it_cannot_rate() -> None:
    with pytest.raises(SettingsError, match="never met"):
        bradley_terry([_two("a", "b", True), _two("c", "d", True)])
    three = GameStats(("a", "b", "c"), (1, 0, 0), (0,), 1, 1, 1, "other", 0, 0, 0)
    with pytest.raises(SettingsError, match="plackett_luce"):
        bradley_terry([three])
    with pytest.raises(SettingsError, match="anchor"):
        bradley_terry([_two("a", "b", True)], anchor="z")


def test_plackett_luce_ranks_the_bot_that_always_finishes_first_highest() -> None:
    pytest.importorskip("openskill", reason="the ratings extra")
    games = [GameStats(("a", "b", "c"), (9, 5, 1), (0,), 1, 1, 1, "other", 0, 0, 0)] * 10
    ranked = plackett_luce(games)
    assert [r.bot for r in ranked] == ["a", "b", "c"]
    assert all(r.low < r.rating < r.high and r.games == 10 for r in ranked)
    twice = GameStats(("a", "a", "c"), (9, 5, 1), (0,), 1, 1, 1, "other", 0, 0, 0)
    with pytest.raises(SettingsError, match="two seats"):
        plackett_luce([twice])
