"""``tongiaki simulate``: tournaments from the command line."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tongiaki_rules import GameRecord, replay
from tongiaki_rules.cli import main

SMALL = ["simulate", "--games", "6", "--players", "3", "--bots", "random"]


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    """Exit status, stdout and stderr of ``tongiaki *argv``."""
    try:
        status = main(list(argv))
    except SystemExit as exc:  # argument errors leave through argparse
        status = int(exc.code or 0)
    out, err = capsys.readouterr()
    return status, out, err


def test_the_same_seed_prints_the_same_tables_twice(capsys: pytest.CaptureFixture[str]) -> None:
    first = run(capsys, *SMALL, "--seed", "4")
    second = run(capsys, *SMALL, "--seed", "4")
    assert first == second
    status, out, err = first
    assert status == 0 and err == ""
    assert out.startswith("6 games, 3 players, bots: random (rotated through the seats), seed 4")
    for heading in ("Bot", "Seat", "Per game", "Game ended by", "Event"):
        assert any(line.startswith(heading + " ") for line in out.splitlines()), heading


def test_the_same_seed_prints_the_same_json_twice(capsys: pytest.CaptureFixture[str]) -> None:
    first = run(capsys, *SMALL, "--json")
    second = run(capsys, *SMALL, "--json")
    assert first == second
    doc = json.loads(first[1])
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
    assert doc["settings"] == {
        "games": 6,
        "players": 3,
        "bots": ["random"],
        "seed": 1,
        "rotate": True,
        "paired": False,
        "rules": {},
    }


def test_two_jobs_give_the_same_totals_as_one(capsys: pytest.CaptureFixture[str]) -> None:
    one = run(capsys, *SMALL, "--games", "12", "--json", "--jobs", "1")
    two = run(capsys, *SMALL, "--games", "12", "--json", "--jobs", "2")
    assert one == two


def test_saved_records_replay_to_the_scores_of_the_summary(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    folder = tmp_path / "games"
    status, out, _err = run(capsys, *SMALL, "--json", "--records", str(folder), "--jobs", "2")
    assert status == 0
    paths = sorted(folder.iterdir())
    assert [p.name for p in paths] == [f"game-0000{n}.json" for n in range(1, 7)]
    finals = [replay(GameRecord.from_json(p.read_text(encoding="utf-8"))) for p in paths]
    assert all(state.is_terminal for state in finals)
    doc = json.loads(out)
    for seat in doc["seats"]:
        scores = [state.scores()[seat["seat"]] for state in finals]
        assert seat["mean_score"] == pytest.approx(sum(scores) / len(scores))


def test_rules_options_reach_the_games(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _err = run(capsys, *SMALL, "--rody", "--rule", "failure_ends_turn=yes", "--json")
    assert status == 0
    assert json.loads(out)["settings"]["rules"] == {
        "failure_ends_turn": True,
        "variant_rody": True,
    }


def test_fixed_seats_are_recorded_in_the_settings(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _err = run(capsys, *SMALL, "--fixed-seats")
    assert status == 0
    assert "(fixed seats)" in out.splitlines()[0]


def test_the_progress_bar_goes_to_stderr_when_asked(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, err = run(capsys, *SMALL, "--progress")
    assert status == 0
    assert err.startswith("\r[") and "] 6/6 games" in err and err.endswith(" s\n")
    assert "[" not in out.splitlines()[0]


def test_no_progress_bar_when_stderr_is_not_a_terminal(capsys: pytest.CaptureFixture[str]) -> None:
    assert run(capsys, *SMALL)[2] == ""


@pytest.mark.parametrize(
    "bad",
    [
        ["--games", "0"],
        ["--games", "x"],
        ["--players", "7"],
        ["--players", "two"],
        ["--bots", "random,genius"],
        ["--bots", "mcts:200"],
        ["--bots", ","],
        ["--jobs", "-1"],
        ["--seed", "one"],
        ["--two-colour"],
        ["--rule", "nonsense=1"],
        ["--progress", "--quiet"],
        ["--sprt", "0,50"],  # one bot in --bots
        ["--sprt", "50,0"],
        ["--sprt", "fifty"],
        ["--sprt", "0,50", "--bots", "random,random"],  # --players 3
        ["--alpha", "0.7"],
        ["--paired", "--fixed-seats"],
    ],
)
def test_bad_input_is_one_line_and_exit_status_2(
    capsys: pytest.CaptureFixture[str], bad: list[str]
) -> None:
    status, out, err = run(capsys, *SMALL, *bad)
    assert status == 2
    assert out == ""
    assert err.startswith("tongiaki simulate: error: ")
    assert err.count("\n") == 1


def test_a_records_folder_that_cannot_be_made_is_one_line_and_exit_status_2(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("not a folder", encoding="utf-8")
    status, out, err = run(capsys, *SMALL, "--records", str(blocker / "games"))
    assert status == 2
    assert out == ""
    assert err.startswith("tongiaki simulate: error: --records: cannot write ")
    assert err.count("\n") == 1


def test_the_tables_in_the_how_to_guide_are_what_the_command_prints(
    capsys: pytest.CaptureFixture[str],
) -> None:
    guide = Path(__file__).resolve().parents[2] / "docs" / "how-to" / "simulate.md"
    text = guide.read_text(encoding="utf-8")
    shown = text.split("```text\n100 games", 1)[1].split("```", 1)[0]
    status, out, _err = run(capsys, "simulate", "--bots", "random", "--games", "100")
    assert status == 0
    assert out == "100 games" + shown


def test_sprt_plays_paired_deals_and_says_when_it_has_no_verdict(
    capsys: pytest.CaptureFixture[str],
) -> None:
    argv = ["simulate", "--sprt", "0,50", "--bots", "random,random", "--games", "5"]
    status, out, err = run(capsys, *argv)
    assert status == 0 and err == ""
    assert out.startswith("SPRT random vs random (elo0 0, elo1 50, alpha 0.05, beta 0.05): 4 games")
    assert out.splitlines()[1].endswith("no verdict yet: the games ran out first")
    status, out, _err = run(capsys, *argv, "--json")
    assert json.loads(out)["verdict"] == "continue" and json.loads(out)["games"] == 4


def test_paired_deals_show_in_the_heading_and_the_json(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _err = run(capsys, *SMALL, "--paired")
    assert status == 0 and "each deal played in every rotation" in out.splitlines()[0]
    status, out, _err = run(capsys, *SMALL, "--paired", "--json")
    assert json.loads(out)["settings"]["paired"] is True


# ------------------------------------------------------------ --dask
def test_a_tournament_on_a_dask_cluster_prints_the_same_summary(
    capsys: pytest.CaptureFixture[str],
) -> None:
    distributed = pytest.importorskip(
        "dask.distributed", reason="dask.distributed is not installed (the [dask] extra)"
    )
    here = run(capsys, *SMALL, "--json")
    with distributed.LocalCluster(
        n_workers=2, threads_per_worker=1, processes=False, dashboard_address=":0"
    ) as cluster:
        there = run(capsys, *SMALL, "--json", "--dask", cluster.scheduler_address)
    assert there == here and here[0] == 0


def test_dask_without_the_extra_says_how_to_install_it(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    import sys

    monkeypatch.setitem(sys.modules, "dask.distributed", None)  # import fails as if missing
    status, out, err = run(capsys, *SMALL, "--dask", "tcp://scheduler:8786")
    assert status == 2 and out == ""
    assert "--dask needs dask.distributed: pip install 'tongiaki_rules[dask]'" in err


@pytest.mark.parametrize(
    ("extra", "message"),
    [
        (["--jobs", "2"], "--dask plays on the cluster's workers: leave out --jobs"),
        ([], "--dask: cannot reach a scheduler at nowhere://x"),
    ],
)
def test_dask_with_jobs_or_a_bad_address_is_refused_in_one_line(
    capsys: pytest.CaptureFixture[str], extra: list[str], message: str
) -> None:
    pytest.importorskip("dask.distributed", reason="dask.distributed is not installed")
    status, out, err = run(capsys, *SMALL, "--dask", "nowhere://x", *extra)
    assert status == 2 and out == ""
    assert message in err and len(err.strip().splitlines()) == 1


def test_simulate_plays_toncc_games_to_their_end_and_reports_the_winners(
    capsys: pytest.CaptureFixture[str],
) -> None:
    status, out, err = run(capsys, "simulate", "--game", "toncc", "--games", "4", "--json")
    assert (status, err) == (0, "")
    doc = json.loads(out)
    assert doc["schema"] == "toncc-simulation" and doc["games"] == 4
    assert doc["bots"] == ["random", "greedy"]
    # every game ended with a winner: wins plus shared wins count each game at least once
    by_king = doc["by_king"].values()
    assert sum(row["games"] for row in by_king) == 3 * 4
    assert sum(row["wins"] for row in by_king) + doc["shared_wins"] >= 4
    assert sum(row["wins"] for row in by_king) == 4 - doc["shared_wins"]
    assert doc["turns_per_game"] > 0
    # the same games as tongiaki toncc simulate with the same settings
    assert run(capsys, "toncc", "simulate", "--games", "4", "--json")[1] == out
    status, text, _ = run(capsys, "simulate", "--game", "toncc", "--games", "2", "--seed", "5")
    assert status == 0 and text.startswith("Tóncc: 2 games, bots random,greedy, seed 5\n")
    assert "wins" in text.splitlines()[1]


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (("--players", "4"), "--players: players: toncc is played by 3, not 4"),
        (("--bots", "mcts"), "--bots: 'mcts' is not a bot (random, greedy)"),
        (("--rule", "compass=north"), "--rule: "),
        (("--rody",), "--rody: a Tongiaki option"),
        (("--records", "{tmp}/games"), "--records: a Tongiaki option"),
        (("--fixed-seats",), "--fixed-seats: a Tongiaki option"),
    ],
)
def test_simulate_toncc_refuses_what_toncc_does_not_take(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, argv: tuple[str, ...], message: str
) -> None:
    given = [arg.format(tmp=tmp_path) for arg in argv]
    status, out, err = run(capsys, "simulate", "--game", "toncc", "--games", "1", *given)
    assert status == 2 and out == ""
    assert message in err
    assert not (tmp_path / "games").exists()


def test_simulate_names_the_games_it_knows(capsys: pytest.CaptureFixture[str]) -> None:
    status, _, err = run(capsys, "simulate", "--game", "chess")
    assert status == 2 and "invalid choice: 'chess'" in err
