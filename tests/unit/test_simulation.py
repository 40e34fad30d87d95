"""Tournaments between bots: line-ups, seeds, per-game counts and the summary."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tongiaki_rules import (
    DecisionKind,
    Draw,
    FoundRoyal,
    GameRecord,
    Recolonize,
    Rules,
    SettingsError,
    SetupPlace,
    replay,
    replay_states,
)
from tongiaki_rules.errors import RecordError
from tongiaki_rules.simulation import (
    ENDINGS,
    GameStats,
    Sprt,
    Summary,
    _recorded_game,
    game_seeds,
    game_stats,
    lineup,
    play_game,
    simulate,
    sprt_match,
)
from tongiaki_rules.simulation._results import counted_stats


def stats(seats: tuple[str, ...], scores: tuple[int, ...], winners: tuple[int, ...]) -> GameStats:
    return GameStats(
        seats=seats,
        scores=scores,
        winners=winners,
        turns=10,
        actions=30,
        draws=20,
        ending="island",
        royal_islands=0,
        recolonizations=0,
        closed_routes=0,
    )


# ------------------------------------------------------------ line-ups and seeds
@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_over_a_rotation_every_entry_of_the_line_up_sits_in_every_seat(players: int) -> None:
    base = lineup(["a", "b", "c"], players, 1)
    for seat in range(players):
        seen = sorted(lineup(["a", "b", "c"], players, n)[seat] for n in range(1, players + 1))
        assert seen == sorted(base)


def test_bot_specs_are_repeated_in_order_to_fill_the_seats() -> None:
    assert lineup(["random", "greedy"], 5, 1) == ("random", "greedy", "random", "greedy", "random")
    assert lineup(["a", "b", "c", "d"], 2, 1) == ("a", "b")


def test_fixed_seats_keep_the_same_line_up_in_every_game() -> None:
    assert {lineup(["a", "b"], 4, n, rotate=False) for n in range(1, 9)} == {("a", "b", "a", "b")}


def test_each_game_and_seat_gets_its_own_seed_from_the_tournament_seed() -> None:
    draws, bots = game_seeds(1, 5, 4)
    assert len({draws, *bots}) == 5
    assert game_seeds(1, 5, 4) == (draws, bots)
    assert game_seeds(2, 5, 4)[0] != draws
    assert game_seeds(1, 6, 4)[0] != draws
    assert game_seeds(1, 5, 3) == (draws, bots[:3])


def test_a_game_of_a_tournament_can_be_played_again_on_its_own() -> None:
    summary = simulate(["random"], games=3, players=3, seed=9)
    again = game_stats(play_game(["random"], 3, players=3, seed=9))
    assert summary.results[2] == again


def test_records_name_the_bots_and_seeds_of_the_game() -> None:
    record = play_game(["random", "greedy"], 2, players=3, seed=4)
    draws, bots = game_seeds(4, 2, 3)
    meta = record.metadata
    assert (meta["game"], meta["simulation_seed"], meta["seed"]) == (2, 4, draws)
    assert [meta[f"seat{s}"] for s in range(3)] == ["greedy", "random", "random"]
    assert [meta[f"seat{s}_seed"] for s in range(3)] == list(bots)


# ------------------------------------------------------------ reproducibility
def test_the_same_seed_gives_the_same_summary() -> None:
    first = simulate(["random"], games=6, players=4, seed=3)
    second = simulate(["random"], games=6, players=4, seed=3)
    assert first == second
    assert first.to_text() == second.to_text()
    assert first.to_dict() == second.to_dict()
    assert simulate(["random"], games=6, players=4, seed=4) != first


def test_the_number_of_worker_processes_does_not_change_the_summary() -> None:
    one = simulate(["random"], games=10, players=3, seed=2, jobs=1)
    two = simulate(["random"], games=10, players=3, seed=2, jobs=2)
    assert two == one


def test_progress_is_reported_after_every_game_in_order() -> None:
    calls: list[tuple[int, int]] = []
    simulate(
        ["random"], games=4, players=2, progress=lambda done, total: calls.append((done, total))
    )
    assert calls == [(1, 4), (2, 4), (3, 4), (4, 4)]


# ------------------------------------------------------------ per-game counts
GAMES = [(n, players) for n in range(1, 31) for players in (2, 3)]


@pytest.fixture(scope="module")
def records() -> list[GameRecord]:
    return [play_game(["random"], n, players=p, seed=11) for n, p in GAMES]


def test_game_counts_agree_with_what_the_record_holds(records: list[GameRecord]) -> None:
    for record in records:
        counted = game_stats(record)
        states = list(replay_states(record))
        final = states[-1]
        decisions = [
            (before, action)
            for before, action in zip(states, record.actions, strict=False)
            if not isinstance(action, Draw)
        ]
        outcome = final.outcome()
        assert outcome is not None
        assert counted.scores == final.scores() == outcome.scores
        assert counted.winners == outcome.winners
        assert counted.actions == len(decisions)
        assert counted.draws == len(record.actions) - len(decisions)
        assert counted.turns == sum(1 for s, _a in decisions if s.pending.kind is DecisionKind.TURN)
        assert counted.recolonizations == sum(isinstance(a, Recolonize) for a in record.actions)
        assert counted.royal_islands == sum(isinstance(a, FoundRoyal) for a in record.actions)
        assert counted.royal_islands == sum(final.royal_islands_founded(c) for c in final.colours)
        assert counted.closed_routes == len(final.removed_tiles)


def test_closed_routes_are_counted() -> None:
    for number in range(1, 500):  # about one random game in fifty closes a route
        record = play_game(["random"], number, players=3, seed=11)
        removed = replay(record).removed_tiles
        if removed:
            assert game_stats(record).closed_routes == len(removed)
            return
    pytest.fail("no closed route in 500 random games")


def test_a_tournament_counts_a_game_as_a_replay_of_its_record_does() -> None:
    """``simulate`` counts each game from the positions it played, without a replay: the same.

    The games have royal islands, both endings, other rules and a closed route.
    """
    other = Rules(end_trigger="sixteen_on_table", variant_rody=True)
    closing = next(  # about one random game in fifty closes a route
        n
        for n in range(1, 500)
        if replay(play_game(["random"], n, players=3, seed=11)).removed_tiles
    )
    plays = [(["random", "greedy"], n, 2 + n % 5, 4, Rules()) for n in range(1, 25)]
    plays += [(["random"], n, 3, 4, other) for n in range(1, 9)]
    plays.append((["random"], closing, 3, 11, Rules()))
    seen: set[str] = set()
    for bots, number, players, seed, rules in plays:
        recorder = _recorded_game(bots, number, players=players, seed=seed, rules=rules)
        counted = counted_stats(recorder)
        assert counted == game_stats(recorder.record)
        seen.add(counted.ending)
        seen.update(
            name
            for name, count in (("closed", counted.closed_routes), ("royal", counted.royal_islands))
            if count
        )
    assert seen >= {"island", "ocean", "closed", "royal"}


def test_the_ending_names_the_tile_type_that_ran_out(records: list[GameRecord]) -> None:
    endings = set()
    for record in records:
        counted = game_stats(record)
        pile = replay(record).pile
        endings.add(counted.ending)
        if counted.ending == "island":
            assert pile.islands == 0
        else:
            assert counted.ending == "ocean"
            assert pile.oceans == 0
    assert endings == {"island", "ocean"}


def test_an_unfinished_game_has_no_stats() -> None:
    with pytest.raises(RecordError, match="not over"):
        game_stats(GameRecord(2, actions=[SetupPlace(0)]))


# ------------------------------------------------------------ the summary
def test_a_shared_victory_gives_each_winner_an_equal_share_of_the_win() -> None:
    results = (
        stats(("a", "b", "c"), (9, 9, 9), (0, 1, 2)),
        stats(("a", "b", "c"), (9, 9, 5), (0, 1)),
    )
    summary = Summary(("a", "b", "c"), 3, 1, Rules(), True, results)
    wins = [r.wins for r in summary.seat_results()]
    assert wins == pytest.approx([1 / 3 + 1 / 2, 1 / 3 + 1 / 2, 1 / 3])
    assert sum(wins) == pytest.approx(2)
    assert [r.win_rate for r in summary.bot_results()] == pytest.approx(
        [(1 / 3 + 1 / 2) / 2, (1 / 3 + 1 / 2) / 2, 1 / 6]
    )


def test_a_bot_in_two_seats_is_counted_per_seat() -> None:
    results = (
        stats(("a", "b", "a"), (10, 4, 6), (0,)),
        stats(("b", "a", "a"), (3, 8, 8), (1, 2)),
    )
    summary = Summary(("a", "b"), 3, 1, Rules(), True, results)
    a, b = summary.bot_results()
    assert (a.bot, a.seats, a.games, a.wins) == ("a", 4, 2, 2.0)
    assert a.win_rate == 0.5
    assert a.mean_score == 8.0
    assert (b.bot, b.seats, b.games, b.wins, b.mean_score) == ("b", 2, 2, 0.0, 3.5)


def test_the_summary_counts_endings_lengths_and_events() -> None:
    summary = simulate(["random"], games=8, players=2, seed=5)
    results = summary.results
    assert sum(summary.endings().values()) == 8
    assert list(summary.endings()) == list(ENDINGS)
    turns = summary.length()["turns"]
    assert turns.minimum == min(g.turns for g in results)
    assert turns.mean == pytest.approx(sum(g.turns for g in results) / 8)
    recolonized = summary.event_rates()["recolonizations"]
    assert recolonized.total == sum(g.recolonizations for g in results)
    assert recolonized.share == sum(1 for g in results if g.recolonizations) / 8
    mean_scores = [r.mean_score for r in summary.seat_results()]
    assert mean_scores == pytest.approx([sum(g.scores[s] for g in results) / 8 for s in (0, 1)])


def test_the_json_summary_has_stable_documented_keys() -> None:
    doc = simulate(
        ["random", "greedy"], games=2, players=3, rules=Rules(variant_rody=True)
    ).to_dict()
    assert json.loads(json.dumps(doc)) == doc
    assert list(doc) == [
        "schema",
        "version",
        "settings",
        "seats",
        "bots",
        "length",
        "endings",
        "events",
    ]
    assert (doc["schema"], doc["version"]) == ("tongiaki-simulation", 1)
    assert list(doc["settings"]) == [
        "games",
        "players",
        "bots",
        "seed",
        "rotate",
        "paired",
        "rules",
    ]
    assert doc["settings"]["rules"] == {"variant_rody": True}
    assert list(doc["seats"][0]) == [
        "seat",
        "colours",
        "games",
        "wins",
        "win_rate",
        "interval",
        "mean_score",
    ]
    assert list(doc["bots"][0]) == [
        "bot",
        "seats",
        "games",
        "wins",
        "win_rate",
        "interval",
        "mean_score",
    ]
    assert list(doc["length"]) == ["turns", "actions", "draws"]
    assert list(doc["length"]["turns"]) == ["mean", "median", "min", "max"]
    assert list(doc["endings"]) == ["island", "ocean", "other"]
    assert list(doc["events"]) == ["royal_islands", "recolonizations", "closed_routes"]
    assert list(doc["events"]["royal_islands"]) == ["total", "mean", "share"]


def test_the_two_colour_variant_shows_both_colours_of_a_seat() -> None:
    summary = simulate(
        ["random"], games=1, players=2, rules=Rules(variant_two_player_double_colour=True)
    )
    assert [r.colours for r in summary.seat_results()] == [("blue", "green"), ("red", "yellow")]


# ------------------------------------------------------------ records and bad settings
def test_records_are_saved_one_file_per_game(tmp_path: Path) -> None:
    folder = tmp_path / "new" / "records"
    summary = simulate(["random"], games=3, players=2, seed=8, records_dir=folder)
    names = sorted(p.name for p in folder.iterdir())
    assert names == ["game-00001.json", "game-00002.json", "game-00003.json"]
    for name, result in zip(names, summary.results, strict=True):
        record = GameRecord.from_json((folder / name).read_text(encoding="utf-8"))
        assert game_stats(record) == result


@pytest.mark.parametrize(
    ("settings", "message"),
    [
        ({"bots": []}, "at least one bot"),
        ({"bots": ["genius"]}, "unknown bot 'genius'"),
        ({"bots": ["mcts:200"]}, "not key=value"),
        ({"games": 0}, "games"),
        ({"jobs": -1}, "jobs"),
        ({"players": 7}, "2 to 6 players"),
    ],
)
def test_unplayable_settings_are_refused(settings: dict[str, object], message: str) -> None:
    arguments: dict[str, object] = {"bots": ["random"], "games": 2, "players": 2, **settings}
    with pytest.raises(SettingsError, match=message):
        simulate(**arguments)  # type: ignore[arg-type]


def test_an_sprt_match_stops_at_its_verdict_whatever_the_jobs() -> None:
    """Issue 40: the games played ahead in processes and dropped change nothing."""
    # bounds of ±0.004: any deal decides, one way or the other
    test = Sprt(elo0=-400, elo1=-300, alpha=0.499, beta=0.499, min_samples=1)
    one = sprt_match("random", "random", test=test, max_games=20, jobs=1)
    two = sprt_match("random", "random", test=test, max_games=20, jobs=2)
    assert one == two
    assert one.verdict in ("H1", "H0") and one.games == 2
    assert one.to_dict()["verdict"] == one.verdict
