"""The ``tongiaki`` command as a whole: version, commands, and bad input everywhere."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

import tongiaki_rules
from tongiaki_rules import GameRecord, SetupPlace

from .cli_helpers import assert_one_line_error, run

Capsys = pytest.CaptureFixture[str]
Patch = pytest.MonkeyPatch
SCRIPT = Path(sys.executable).parent / "tongiaki"


def test_version_prints_the_package_version(capsys: Capsys, monkeypatch: Patch) -> None:
    status, out, err = run(capsys, monkeypatch, "--version")
    assert (status, out, err) == (0, f"tongiaki {tongiaki_rules.__version__}\n", "")


def test_no_command_is_one_line_naming_the_commands(capsys: Capsys, monkeypatch: Patch) -> None:
    status, out, err = run(capsys, monkeypatch)
    assert_one_line_error(status, err)
    commands = "play, simulate, render, replay, serve, toncc"
    assert err == f"tongiaki: error: choose a command: {commands} (try --help)\n"
    assert out == ""


def test_an_unknown_command_is_one_line(capsys: Capsys, monkeypatch: Patch) -> None:
    status, _out, err = run(capsys, monkeypatch, "dance")
    assert_one_line_error(status, err)
    assert "'dance'" in err  # named; the words around it are argparse's


@pytest.mark.parametrize(
    "argv", [["play"], ["simulate"], ["render", "game.json"], ["replay", "game.json"]]
)
def test_an_unknown_option_is_reported_by_the_command_it_was_given_to(
    capsys: Capsys, monkeypatch: Patch, argv: list[str]
) -> None:
    command = argv[0]
    status, _out, err = run(capsys, monkeypatch, *argv, "--bogus")
    assert_one_line_error(status, err)
    # the words between are argparse's, which may change with Python's version: not pinned
    assert err.startswith(f"tongiaki {command}: error: ") and "--bogus" in err
    assert err.endswith(" (try --help)\n")


def test_an_unknown_option_before_any_command_is_one_line(
    capsys: Capsys, monkeypatch: Patch
) -> None:
    status, _out, err = run(capsys, monkeypatch, "--bogus")
    assert_one_line_error(status, err)
    assert err.startswith("tongiaki: error: ") and "--bogus" in err
    assert err.endswith(" (try --help)\n")


@pytest.mark.parametrize("command", ["play", "simulate", "render", "replay", "serve"])
def test_every_command_has_help(capsys: Capsys, monkeypatch: Patch, command: str) -> None:
    status, out, err = run(capsys, monkeypatch, command, "--help")
    assert status == 0 and err == ""
    assert out.startswith(f"usage: tongiaki {command} ")


@pytest.mark.parametrize("argv", [["--version"], ["render"], ["replay", "/no/such/file.json"]])
def test_python_dash_m_is_the_same_program_as_tongiaki(argv: list[str]) -> None:
    if not SCRIPT.exists():
        pytest.skip("the tongiaki script is not installed next to this Python")
    by_module = subprocess.run(
        [sys.executable, "-m", "tongiaki_rules", *argv], capture_output=True, text=True, check=False
    )
    by_script = subprocess.run([str(SCRIPT), *argv], capture_output=True, text=True, check=False)
    assert by_module.returncode == by_script.returncode
    assert by_module.stdout == by_script.stdout
    assert by_module.stderr == by_script.stderr


@pytest.fixture(scope="module")
def files(tmp_path_factory: pytest.TempPathFactory) -> dict[str, str]:
    folder = tmp_path_factory.mktemp("bad")
    contents = {
        "corrupt": '{"schema": "tongiaki-record", "version": 1, ',
        "empty": "",
        "schema": '{"schema": "chess-game", "version": 1}',
        "field": GameRecord(2, actions=[SetupPlace(3)])
        .to_json()
        .replace('"beach":3', '"beach":"x"'),
        "illegal": GameRecord(2, actions=[SetupPlace(0), SetupPlace(9)]).to_json(),
        "good": GameRecord(2, actions=[SetupPlace(0), SetupPlace(1)]).to_json(),
        "binary": "\udcff",
    }
    paths = {}
    for name, text in contents.items():
        path = folder / f"{name}.json"
        if name == "binary":
            path.write_bytes(b"\xff\xfe\x00garbage")
        else:
            path.write_text(text, encoding="utf-8")
        paths[name] = str(path)
    paths["missing"] = str(folder / "missing.json")
    paths["folder"] = str(folder)
    return paths


BAD = [
    # play
    ["play", "--frob"],
    ["play", "--players", "7"],
    ["play", "--players", "1"],
    ["play", "--players", "four"],
    ["play", "--human", "9"],
    ["play", "--human", "me"],
    ["play", "--bots", "genius"],
    ["play", "--bots", "mcts:200"],
    ["play", "--bots", "mcts:depth=3"],
    ["play", "--bots", "random,"],
    ["play", "--two-colour", "--players", "3"],
    ["play", "--rule", "nonsense=1"],
    ["play", "--rule", "failure_ends_turn=maybe"],
    ["play", "--rule", "end_trigger=never"],
    ["play", "--rule", "failure_ends_turn"],
    ["play", "--seed", "x"],
    ["play", "--start-player", "5"],
    ["play", "--record", "{folder}/no/such/folder/game.json"],
    # render
    ["render"],
    ["render", "{missing}"],
    ["render", "{folder}"],
    ["render", "{corrupt}"],
    ["render", "{empty}"],
    ["render", "{schema}"],
    ["render", "{field}"],
    ["render", "{binary}"],
    ["render", "{illegal}"],
    ["render", "{good}", "--move", "3"],
    ["render", "{good}", "--move", "two"],
    ["render", "{good}", "--format", "png"],
    ["render", "{good}", "-o", "{folder}/no/such/folder/out.svg"],
    ["render", "{good}", "--frob"],
    # replay
    ["replay"],
    ["replay", "{missing}"],
    ["replay", "{corrupt}"],
    ["replay", "{field}"],
    ["replay", "{illegal}"],
    ["replay", "{good}", "--from", "3"],
    ["replay", "{good}", "--to", "-1"],
    ["replay", "{good}", "--frob"],
    # simulate
    ["simulate", "--games", "x"],
    ["simulate", "--players", "7"],
    ["simulate", "--bots", "genius"],
    ["simulate", "--two-colour", "--players", "3"],
]


@pytest.mark.parametrize("argv", BAD, ids=[" ".join(a) for a in BAD])
def test_bad_input_is_one_line_on_stderr_and_exit_status_2(
    capsys: Capsys, monkeypatch: Patch, files: dict[str, str], argv: list[str]
) -> None:
    status, out, err = run(capsys, monkeypatch, *(arg.format(**files) for arg in argv))
    assert_one_line_error(status, err)
    assert err.startswith(("tongiaki: error: ", f"tongiaki {argv[0]}: error: "))
    assert out == ""
