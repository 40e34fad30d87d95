"""``--bots`` takes your own bot as ``module:attribute``, in ``play`` and ``simulate``."""

from __future__ import annotations

from pathlib import Path

import pytest

from tongiaki_rules import GameRecord, SetupPlace

from .cli_helpers import assert_one_line_error, run

Capsys = pytest.CaptureFixture[str]
Patch = pytest.MonkeyPatch

BOTS = """
def first(state, rng):
    return state.legal_actions()[0]


class Broken:
    name = "broken"

    def __init__(self, seed=None):
        pass

    def choose(self, state):
        raise RuntimeError("my bug")
"""


@pytest.fixture
def module(tmp_path: Path, monkeypatch: Patch) -> str:
    (tmp_path / "cli_user_bots.py").write_text(BOTS)
    monkeypatch.syspath_prepend(str(tmp_path))
    return "cli_user_bots"


def test_play_seats_a_choose_function_by_spec(
    capsys: Capsys, monkeypatch: Patch, module: str
) -> None:
    argv = ["play", "--players", "2", "--human", "none", "--bots", f"{module}:first,random"]
    status, out, err = run(capsys, monkeypatch, *argv, "--seed", "3", "--board", "never")
    assert status == 0, err
    assert f"seat 0 Blue ({module}:first)" in out


def test_play_stops_with_the_seat_and_move_of_a_failing_bot(
    capsys: Capsys, monkeypatch: Patch, module: str, tmp_path: Path
) -> None:
    argv = ["play", "--players", "2", "--human", "0", "--bots", f"{module}:Broken"]
    record = tmp_path / "game.json"
    status, _out, err = run(
        capsys, monkeypatch, *argv, "--seed", "3", "--record", str(record), stdin="setup 0\n"
    )
    assert status == 1
    assert "stopped: the bot of seat 1 (broken) raised RuntimeError at move 2: my bug" in err
    kept = GameRecord.from_json(record.read_text())
    assert kept.actions == (SetupPlace(0),)  # the game up to the failed move is kept


def test_simulate_skips_the_games_a_bot_fails_in_when_asked(
    capsys: Capsys, monkeypatch: Patch, module: str
) -> None:
    argv = ["simulate", "--games", "2", "--players", "2", "--bots", f"{module}:Broken,random"]
    status, _out, err = run(capsys, monkeypatch, *argv)
    assert status == 1 and "stopped: game 1: the bot of seat 0 (broken)" in err
    status, _out, err = run(capsys, monkeypatch, *argv, "--on-bot-error", "skip", "--json")
    assert status == 0
    assert err.count("tongiaki simulate: skipped game") == 2


def test_an_unknown_module_is_one_line(capsys: Capsys, monkeypatch: Patch) -> None:
    argv = ["play", "--players", "2", "--bots", "no_such_module_xyz:Bot"]
    status, _out, err = run(capsys, monkeypatch, *argv)
    assert_one_line_error(status, err)
    assert "cannot import no_such_module_xyz" in err
