"""What ``tongiaki play`` prints: the map only when it changed, in the width asked for, with
coordinates; the bots' setup boats; ``quit`` asking first and telling only what happened."""

from __future__ import annotations

import io
import random
import sys

import pytest

from tongiaki_rules import GameState, new_game
from tongiaki_rules._scenario import position
from tongiaki_rules.testing import random_playout
from tongiaki_rules.textmap import map_lines

from .cli_helpers import assert_one_line_error, run

Capsys = pytest.CaptureFixture[str]
Patch = pytest.MonkeyPatch

LANDING = position(
    2, tiles=[((0, -1), "hawaii", 0)], group="BR", group_at=(0, -1), entry=0, origin=(0, 0)
).to_position_code()
"""Blue's boats B and R landing on Hawaii: Blue must berth them."""


def maps(out: str) -> int:
    """How many maps ``out`` holds (each map has Tonga's name once)."""
    return out.count("        Tonga        ")


def test_the_map_is_printed_again_only_when_the_table_changed(
    capsys: Capsys, monkeypatch: Patch
) -> None:
    # setup 3, then 'board' twice: the first decision prints the map, a repeated board
    # command prints it too, an invalid answer does not
    answers = "setup 3\nhelp\nquit\n"
    argv = ["play", "--players", "2", "--seed", "8", "--human", "all"]
    status, out, _err = run(capsys, monkeypatch, *argv, stdin=answers)
    assert status == 0
    assert maps(out) == 2  # before each decision, as the table changed between them
    status, out_always, _ = run(capsys, monkeypatch, *argv, "--board", "always", stdin=answers)
    assert maps(out_always) == 2
    status, out_never, _ = run(capsys, monkeypatch, *argv, "--board", "never", stdin=answers)
    assert maps(out_never) == 0
    assert "Table: 1 tile, 31 in the pile; scores: seat 0 Blue 0, seat 1 Red 0." in out_never


def test_the_board_command_prints_the_map_whatever_the_board_option(
    capsys: Capsys, monkeypatch: Patch
) -> None:
    argv = ["play", "--from", LANDING, "--human", "all", "--seed", "1"]
    status, out, _err = run(capsys, monkeypatch, *argv, stdin="board\nbadword\nquit\n")
    assert status == 0
    assert maps(out) == 2  # the first showing and the board command
    status, out, _err = run(capsys, monkeypatch, *argv, "--board", "never", stdin="board\nquit\n")
    assert maps(out) == 1


def test_play_writes_coordinates_by_default_and_no_coords_leaves_them_out(
    capsys: Capsys, monkeypatch: Patch
) -> None:
    argv = ["play", "--players", "2", "--seed", "8"]
    _status, out, _err = run(capsys, monkeypatch, *argv, stdin="quit\n")
    assert "__0,0___3______" in out
    _status, out, _err = run(capsys, monkeypatch, *argv, "--no-coords", stdin="quit\n")
    assert "0,0___" not in out


def test_the_bots_setup_boats_are_told_one_by_one(capsys: Capsys, monkeypatch: Patch) -> None:
    argv = ["play", "--players", "3", "--seed", "8"]
    _status, out, _err = run(capsys, monkeypatch, *argv, stdin="setup 3\nquit\n")
    lines = [line for line in out.splitlines() if "puts a setup boat on Tonga beach" in line]
    assert [line.split(" puts")[0] for line in lines] == ["seat 1 Red", "seat 2 Green"]


def test_quit_mid_landing_tells_the_landing_as_unfinished(
    capsys: Capsys, monkeypatch: Patch
) -> None:
    argv = ["play", "--from", LANDING, "--human", "all", "--seed", "1"]
    status, out, _err = run(capsys, monkeypatch, *argv, stdin="quit\n")
    assert status == 0
    assert "no boat berths" not in out
    assert "lands on" not in out


def tty_stdin(monkeypatch: Patch, text: str) -> None:
    stream = io.StringIO(text)
    stream.isatty = lambda: True  # type: ignore[method-assign]
    monkeypatch.setattr(sys, "stdin", stream)


def test_quit_at_a_terminal_asks_first_when_the_game_is_not_saved(
    capsys: Capsys, monkeypatch: Patch
) -> None:
    from tongiaki_rules.cli import main

    tty_stdin(monkeypatch, "setup 3\nquit\nn\nquit\ny\n")
    assert main(["play", "--players", "2", "--seed", "8", "--width", "0"]) == 0
    out = capsys.readouterr().out
    assert out.count("Quit anyway? [y/N]") == 2
    assert "Playing on." in out
    assert "Game stopped after" in out


def test_quit_asks_nothing_when_saved_or_piped(
    capsys: Capsys, monkeypatch: Patch, tmp_path: object
) -> None:
    from tongiaki_rules.cli import main

    tty_stdin(monkeypatch, f"setup 3\nsave {tmp_path}/g.json\nquit\n")
    assert main(["play", "--players", "2", "--seed", "8", "--width", "0"]) == 0
    assert "Quit anyway" not in capsys.readouterr().out
    _status, out, _err = run(capsys, monkeypatch, "play", "--players", "2", stdin="setup 3\nquit\n")
    assert "Quit anyway" not in out


def late_six_player_game() -> str:
    """A 6-player game near its end, as a position code."""
    states = random_playout(new_game(6), random.Random(15))
    return states[229].to_position_code()


def test_a_late_six_player_game_fits_80_columns_and_says_what_is_hidden(
    capsys: Capsys, monkeypatch: Patch
) -> None:
    code = late_six_player_game()
    assert max(len(line) for line in map_lines(GameState.from_position_code(code))) > 80
    status, out, err = run(capsys, monkeypatch, "render", code, "--map", "--width", "80")
    assert status == 0, err
    assert max(len(line) for line in out.splitlines()) <= 80
    assert "(not shown, to fit 80 columns:" in out
    argv = ["play", "--from", code, "--human", "all", "--width", "80", "--seed", "2"]
    status, out, err = run(capsys, monkeypatch, *argv, stdin="1\n1\n1\nquit\n")
    assert status == 0, err
    told = ("Players:", "At the table:", "Starting from", "Game not finished")
    drawn = [line for line in out.splitlines() if not line.startswith(told)]
    assert max(len(line) for line in drawn) <= 80
    assert out.count("(not shown, to fit 80 columns:") >= 1


def test_a_width_too_small_for_one_hex_is_refused(capsys: Capsys, monkeypatch: Patch) -> None:
    status, _out, err = run(
        capsys, monkeypatch, "render", "T1_20_sB_to000", "--map", "--width", "10"
    )
    assert_one_line_error(status, err)
    assert "--width" in err


def test_board_changes_prints_one_line_when_the_table_is_as_last_shown(capsys: Capsys) -> None:
    from tongiaki_rules.cli import _parser
    from tongiaki_rules.cli._console import MapOptions
    from tongiaki_rules.cli._table import set_table
    from tongiaki_rules.cli._tongiaki_play import TongiakiFront

    parser, _ = _parser()
    args = parser.parse_args(["play", "--players", "2", "--human", "all", "--seed", "1"])
    session = TongiakiFront(set_table(args), None, MapOptions(coords=True), "changes")
    session.show()
    first = capsys.readouterr().out
    session.show()
    again = capsys.readouterr().out
    assert maps(first) == 1 and maps(again) == 0
    assert "(The table is as shown above; type board to see it again.) Table: 1 tile" in again
    session.show(asked=True)
    assert maps(capsys.readouterr().out) == 1
