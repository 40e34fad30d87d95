"""Every failure of ``tongiaki`` is one line on stderr and exit status 2, never a traceback."""

from __future__ import annotations

import json
import shlex
import subprocess
from pathlib import Path

import pytest
from cli_contract_helpers import (
    assert_one_line,
    command,
    environment,
    run_in_process,
    run_process,
)
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from tongiaki_rules import GameRecord, Rules, SetupPlace
from tongiaki_rules.bots import RandomBot
from tongiaki_rules.bots._match import recorded_match

Capsys = pytest.CaptureFixture[str]
Patch = pytest.MonkeyPatch


def _record(folder: Path, name: str = "game.json", **metadata: str | int) -> Path:
    path = folder / name
    path.write_text(GameRecord(2, actions=[SetupPlace(3)], metadata=metadata).to_json(), "utf-8")
    return path


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["play", "--human", "none", "--bots", "mcts:iterations=abc"], "iterations"),
        (["play", "--human", "none", "--bots", "mcts:exploration=nan"], "exploration"),
        (["play", "--human", "none", "--bots", "mcts:iterations=1e9"], "iterations"),
        (["play", "--human", "none", "--bots", "greedy:sample=0"], "sample"),
        (["play", "--human", "none", "--bots", "mcts:iterations=0"], "iterations"),
        (["play", "--human", "none", "--bots", "deep-blue"], "unknown bot"),
        (["play", "--human", "none", "--seed", str(2**64)], "--seed"),
        (["simulate", "--bots", "mcts:iterations=1e9"], "iterations"),
        (["simulate", "--bots", "mcts:iterations=2:iterations=3"], "given twice"),
        (["simulate", "--bots", "random:x=1"], "unknown option"),
        (["simulate", "--seed", str(2**70)], "seed"),
        (["simulate", "--games", "-3"], "--games"),
        (["simulate", "--jobs", "abc"], "--jobs"),
        (["render", "-"], "standard input holds nothing"),
    ],
)
def test_bad_arguments_are_one_line_and_status_2(
    capsys: Capsys, monkeypatch: Patch, argv: list[str], message: str
) -> None:
    status, _out, err = run_in_process(capsys, monkeypatch, *argv)
    assert message in assert_one_line(err, status=status)


def test_a_file_that_cannot_be_read_is_one_line(
    capsys: Capsys, monkeypatch: Patch, tmp_path: Path
) -> None:
    (tmp_path / "latin1.json").write_bytes(b'{"schema": "tongiaki-record", "note": "\xe9"}')
    (tmp_path / "bad.json").write_text("{bad", "utf-8")
    (tmp_path / "other.json").write_text(json.dumps({"schema": "tongiaki-record", "version": 99}))
    cases = {
        str(tmp_path): "Is a directory",
        str(tmp_path / "missing.json"): "No such file or directory",
        str(tmp_path / "latin1.json"): "not UTF-8 text",
        str(tmp_path / "bad.json"): "not valid JSON",
        str(tmp_path / "other.json"): "version 99",
    }
    for path, message in cases.items():
        for subcommand in ("render", "replay"):
            expected = message
            status, _out, err = run_in_process(capsys, monkeypatch, subcommand, path)
            assert expected in assert_one_line(err, status=status), (subcommand, path)


def test_a_file_that_may_not_be_read_is_one_line(
    capsys: Capsys, monkeypatch: Patch, tmp_path: Path
) -> None:
    path = _record(tmp_path)

    def refuse(self: Path, *args: object, **kwargs: object) -> object:
        raise PermissionError(13, "Permission denied", str(self))

    monkeypatch.setattr(Path, "open", refuse)
    status, _out, err = run_in_process(capsys, monkeypatch, "replay", str(path))
    assert f"cannot read {path}: Permission denied" in assert_one_line(err, status=status)


def test_writing_to_a_full_disk_is_one_line(
    capsys: Capsys, monkeypatch: Patch, tmp_path: Path
) -> None:
    path = _record(tmp_path)
    status, _out, err = run_in_process(capsys, monkeypatch, "render", str(path), "-o", "/dev/full")
    assert "cannot write /dev/full: No space left on device" in assert_one_line(err, status=status)


def test_writing_into_a_folder_or_a_missing_folder_is_one_line(
    capsys: Capsys, monkeypatch: Patch, tmp_path: Path
) -> None:
    path = _record(tmp_path)
    for target, message in (
        (tmp_path, "Is a directory"),
        (tmp_path / "no" / "x.svg", "No such file"),
    ):
        status, _out, err = run_in_process(
            capsys, monkeypatch, "render", str(path), "-o", str(target)
        )
        assert message in assert_one_line(err, status=status)


def test_a_records_folder_that_is_a_file_is_one_line(
    capsys: Capsys, monkeypatch: Patch, tmp_path: Path
) -> None:
    blocker = tmp_path / "records"
    blocker.write_text("not a folder", "utf-8")
    argv = [
        "simulate",
        "--games",
        "1",
        "--players",
        "2",
        "--bots",
        "random",
        "--records",
        str(blocker),
    ]
    status, _out, err = run_in_process(capsys, monkeypatch, *argv)
    assert "--records: cannot write" in assert_one_line(err, status=status)
    assert blocker.read_text("utf-8") == "not a folder"


def test_an_unexpected_failure_is_still_one_line(
    capsys: Capsys, monkeypatch: Patch, tmp_path: Path
) -> None:
    path = _record(tmp_path)

    def broken(*args: object, **kwargs: object) -> str:
        raise RuntimeError("something the program did not foresee")

    monkeypatch.setattr("tongiaki_rules.cli._render.render_svg", broken)
    status, _out, err = run_in_process(capsys, monkeypatch, "render", str(path))
    text = assert_one_line(err, status=status)
    assert "unexpected RuntimeError: something the program did not foresee" in text


def test_a_record_with_a_lone_surrogate_in_its_metadata_is_refused_in_one_line(
    tmp_path: Path,
) -> None:
    path = _record(tmp_path, player="x")
    path.write_text(path.read_text("utf-8").replace('"x"', '"\\ud800"'), "utf-8")
    done = run_process(["replay", str(path)])
    assert done.returncode == 2
    assert b"Traceback" not in done.stderr
    assert done.stderr.count(b"\n") == 1
    assert b"metadata.player" in done.stderr and b"lone surrogate" in done.stderr


@pytest.mark.parametrize("answer", [b"setup \xff\xfe\n", b'"\\ud800"\n', b"\xed\xa0\x80\n"])
def test_answering_the_prompt_with_undecodable_text_is_refused_in_words(answer: bytes) -> None:
    done = run_process(["play", "--players", "2", "--seed", "1"], stdin=answer + b"quit\n")
    assert done.returncode == 0, done.stderr
    assert b"Traceback" not in done.stderr
    assert b"type help for the commands" in done.stdout
    assert b"Game stopped after 0 moves." in done.stdout


def test_a_reader_that_stops_early_ends_the_command_quietly(tmp_path: Path) -> None:
    game = tmp_path / "game.json"
    played = run_process(
        ["play", "--players", "4", "--human", "none", "--seed", "3", "--record", str(game)]
    )
    assert played.returncode == 0, played.stderr
    argv = command("replay", str(game), "--board")  # far more than a pipe holds
    script = " ".join(shlex.quote(part) for part in argv) + " | head -1"
    done = subprocess.run(
        ["bash", "-o", "pipefail", "-c", script],
        capture_output=True,
        env=environment(),
        timeout=120,
        check=False,
    )
    assert done.stdout.count(b"\n") == 1
    assert done.stderr == b"", done.stderr
    assert done.returncode == 0


QUICK_GAME = recorded_match(
    [RandomBot(seed=1), RandomBot(seed=2)], seed=1, rules=Rules(), metadata={}, move_time_limit=None
)
"""A finished game (its recorder), played instead of the bots' own so that the tests stay fast."""


@given(st.lists(st.text(st.characters(exclude_characters="\x00"), max_size=12), max_size=4))
@example(["GREEDY"])  # accepted: bot names are not case-sensitive
@example(["greedy", "mcts:iterations=abc"])
@settings(
    max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
def test_garbage_bot_specs_on_the_command_line_are_one_line_or_accepted(
    capsys: Capsys, monkeypatch: Patch, parts: list[str]
) -> None:
    monkeypatch.setattr("tongiaki_rules.simulation.recorded_match", lambda *a, **k: QUICK_GAME)
    spec = ",".join(parts)
    argv = ["simulate", "--games", "1", "--players", "2", "--bots", spec, "--json"]
    status, out, err = run_in_process(capsys, monkeypatch, *argv)
    if status == 0:
        assert json.loads(out)["settings"]["games"] == 1
    else:
        assert_one_line(err, status=status)


def test_an_endless_file_is_refused_instead_of_read_for_ever(
    capsys: Capsys, monkeypatch: Patch
) -> None:
    monkeypatch.setattr("tongiaki_rules.cli._common.MAX_INPUT_BYTES", 4096)
    status, _out, err = run_in_process(capsys, monkeypatch, "render", "/dev/zero")
    assert "larger than 4,096 bytes" in assert_one_line(err, status=status)


def test_standard_input_that_is_not_utf8_is_one_line(capsys: Capsys, monkeypatch: Patch) -> None:
    status, _out, err = run_in_process(capsys, monkeypatch, "replay", "-", stdin='{"a": "\ud800"}')
    assert "not UTF-8 text" in assert_one_line(err, status=status)


def test_a_folder_as_the_play_record_is_refused_before_the_game(
    capsys: Capsys, monkeypatch: Patch, tmp_path: Path
) -> None:
    argv = ["play", "--players", "2", "--human", "none", "--record", str(tmp_path)]
    status, out, err = run_in_process(capsys, monkeypatch, *argv)
    assert "that is a folder" in assert_one_line(err, status=status)
    assert out == ""
