"""Ctrl-C ends ``tongiaki`` with one short line and exit status 130, at any moment."""

from __future__ import annotations

import signal
import subprocess
from pathlib import Path

import pytest
from cli_contract_helpers import assert_one_line, command, environment, run_in_process

from tongiaki_rules import GameRecord

Capsys = pytest.CaptureFixture[str]
Patch = pytest.MonkeyPatch


HANG = 600
"""Seconds after which a program that has not ended counts as hung (never reached when it works:
the tests wait for what the program writes, not for a time)."""


def _interrupted(argv: list[str], *, wait_for: bytes) -> tuple[int, str]:
    """Start ``tongiaki *argv``, send SIGINT once it has written ``wait_for``; status and stderr.

    ``wait_for`` is the program's own sign that it is ready (``play``'s prompt). Its standard
    input stays open until it has ended: closed earlier, the end of the input could reach
    ``play`` before the signal does, and it would end as at the input's end (status 1).
    """
    process = subprocess.Popen(
        command(*argv),
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        env=environment(),
    )
    assert process.stdin is not None and process.stdout is not None
    assert process.stderr is not None
    seen = b""
    while wait_for not in seen:
        chunk = process.stdout.read1(4096)  # type: ignore[attr-defined]
        assert chunk, (seen[-500:], process.stderr.read())  # ended before it was ready
        seen += chunk
    process.send_signal(signal.SIGINT)
    try:
        status = process.wait(timeout=HANG)  # little is written after the signal: no pipe fills
    finally:
        process.kill()
        process.stdin.close()
    err = process.stderr.read()
    process.stdout.close()
    process.stderr.close()
    return status, err.decode("utf-8", "backslashreplace")


def test_ctrl_c_while_play_waits_for_an_answer(tmp_path: Path) -> None:
    record = tmp_path / "game.json"
    status, err = _interrupted(
        ["play", "--players", "2", "--seed", "1", "--record", str(record)], wait_for=b"> "
    )
    assert (
        assert_one_line(err, status=status, expected_status=130) == "tongiaki play: interrupted\n"
    )
    assert GameRecord.from_json(record.read_text("utf-8")).num_players == 2  # the game so far


def test_ctrl_c_while_a_toncc_game_waits_for_an_answer(tmp_path: Path) -> None:
    from tongiaki_rules.toncc._record import TonccRecord

    record = tmp_path / "game.json"
    argv = ["play", "--game", "toncc", "--seed", "1", "--record", str(record)]
    status, err = _interrupted(argv, wait_for=b"> ")
    assert (
        assert_one_line(err, status=status, expected_status=130) == "tongiaki play: interrupted\n"
    )
    assert TonccRecord.from_json(record.read_text("utf-8")).turn_count == 0  # the game so far


def test_ctrl_c_during_a_long_simulation() -> None:
    argv = ["simulate", "--games", "100000", "--players", "2", "--bots", "random", "--progress"]
    process = subprocess.Popen(
        command(*argv), stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=environment()
    )
    assert process.stderr is not None
    seen = b""
    while b" games " not in seen:  # the progress bar: games are being played
        chunk = process.stderr.read1(4096)  # type: ignore[attr-defined]
        assert chunk, seen
        seen += chunk
    process.send_signal(signal.SIGINT)
    out, err = process.communicate(timeout=HANG)
    assert process.returncode == 130
    assert out == b""
    told = (seen + err).decode()
    assert "Traceback" not in told
    assert told.endswith(" s\ntongiaki simulate: interrupted\n"), told[-200:]  # bar line ended


@pytest.mark.parametrize("where", ["_parser", "_dispatch"])
def test_ctrl_c_during_start_up(capsys: Capsys, monkeypatch: Patch, where: str) -> None:
    def interrupt(*args: object) -> None:
        raise KeyboardInterrupt

    monkeypatch.setattr(f"tongiaki_rules.cli.{where}", interrupt)
    status, out, err = run_in_process(capsys, monkeypatch, "simulate")
    assert assert_one_line(err, status=status, expected_status=130) == "tongiaki: interrupted\n"
    assert out == ""


def test_ctrl_c_while_the_command_runs(capsys: Capsys, monkeypatch: Patch) -> None:
    def interrupt(*args: object, **kwargs: object) -> None:
        raise KeyboardInterrupt

    monkeypatch.setattr("tongiaki_rules.cli._simulate.simulate", interrupt)
    status, _out, err = run_in_process(capsys, monkeypatch, "simulate", "--games", "3")
    assert (
        assert_one_line(err, status=status, expected_status=130)
        == "tongiaki simulate: interrupted\n"
    )


def test_ctrl_c_while_the_installed_command_loads_the_library(
    capsys: Capsys, monkeypatch: Patch
) -> None:
    import builtins

    import _tongiaki_cli

    real_import = builtins.__import__

    def interrupted_import(name: str, *args: object, **kwargs: object) -> object:
        if name == "tongiaki_rules.cli":
            raise KeyboardInterrupt  # Ctrl-C while the library is being imported
        return real_import(name, *args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(builtins, "__import__", interrupted_import)
    status = _tongiaki_cli.main()
    monkeypatch.undo()
    captured = capsys.readouterr()
    assert assert_one_line(captured.err, status=status, expected_status=130) == (
        "tongiaki: interrupted\n"
    )
    assert captured.out == ""


def test_the_installed_command_runs_the_library_once_loaded(
    capsys: Capsys, monkeypatch: Patch
) -> None:
    import _tongiaki_cli

    monkeypatch.setattr("sys.argv", ["tongiaki", "render", "no-such-file.json"])
    assert _tongiaki_cli.main() == 2
    assert "no-such-file.json" in capsys.readouterr().err
