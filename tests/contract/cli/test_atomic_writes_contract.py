"""Every file ``tongiaki`` writes is replaced whole or not at all."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import time
from collections.abc import Callable
from pathlib import Path

import pytest
from cli_contract_helpers import assert_one_line, command, environment, run_in_process

from tongiaki_rules import GameRecord, SetupPlace
from tongiaki_rules import _atomic as atomic
from tongiaki_rules._atomic import TEMP_PREFIX, write_text_atomic

Capsys = pytest.CaptureFixture[str]
Patch = pytest.MonkeyPatch
OLD = b"the previous file, which must survive\n" * 50


def _failing_write(fault: BaseException) -> Callable[[int, object], int]:
    """An ``os.write`` that writes a few bytes, then fails with ``fault``."""
    real_write = os.write
    calls = []

    def write(fd: int, data: object) -> int:
        calls.append(fd)
        if len(calls) == 1:
            return real_write(fd, bytes(data)[:10])  # type: ignore[call-overload]
        raise fault

    return write


def _leftovers(folder: Path) -> list[str]:
    return sorted(p.name for p in folder.iterdir() if p.name.startswith(TEMP_PREFIX))


@pytest.mark.parametrize("fault", [OSError(28, "No space left on device"), KeyboardInterrupt()])
def test_a_write_that_fails_midway_leaves_the_old_file_and_no_temporary(
    monkeypatch: Patch, tmp_path: Path, fault: BaseException
) -> None:
    target = tmp_path / "game.json"
    target.write_bytes(OLD)
    monkeypatch.setattr(atomic.os, "write", _failing_write(fault))
    with pytest.raises(type(fault)):
        write_text_atomic(target, "{}" * 5000)
    assert target.read_bytes() == OLD
    assert _leftovers(tmp_path) == []


def test_a_write_that_succeeds_replaces_the_file_and_keeps_its_permissions(tmp_path: Path) -> None:
    target = tmp_path / "game.json"
    target.write_bytes(OLD)
    target.chmod(0o640)
    write_text_atomic(target, "new\n")
    assert target.read_text("utf-8") == "new\n"
    assert target.stat().st_mode & 0o777 == 0o640
    assert _leftovers(tmp_path) == []


def test_text_that_cannot_be_encoded_changes_nothing(tmp_path: Path) -> None:
    target = tmp_path / "game.json"
    target.write_bytes(OLD)
    with pytest.raises(UnicodeEncodeError):
        write_text_atomic(target, "lone \ud800")
    assert target.read_bytes() == OLD
    assert _leftovers(tmp_path) == []


def _record_file(folder: Path) -> Path:
    path = folder / "game.json"
    path.write_text(GameRecord(2, actions=[SetupPlace(3)]).to_json(), "utf-8")
    return path


@pytest.mark.parametrize("fault", [OSError(28, "No space left on device"), KeyboardInterrupt()])
def test_render_output_survives_a_failed_write(
    capsys: Capsys, monkeypatch: Patch, tmp_path: Path, fault: BaseException
) -> None:
    source = _record_file(tmp_path)
    picture = tmp_path / "board.svg"
    picture.write_bytes(OLD)
    monkeypatch.setattr(atomic.os, "write", _failing_write(fault))
    status, _out, err = run_in_process(
        capsys, monkeypatch, "render", str(source), "-o", str(picture)
    )
    expected = 130 if isinstance(fault, KeyboardInterrupt) else 2
    assert_one_line(err, status=status, expected_status=expected)
    assert picture.read_bytes() == OLD
    assert _leftovers(tmp_path) == []


def test_play_record_survives_a_failed_write(
    capsys: Capsys, monkeypatch: Patch, tmp_path: Path
) -> None:
    record = tmp_path / "game.json"
    record.write_bytes(OLD)
    monkeypatch.setattr(atomic.os, "write", _failing_write(OSError(5, "Input/output error")))
    argv = ["play", "--players", "2", "--human", "none", "--seed", "1", "--record", str(record)]
    status, _out, err = run_in_process(capsys, monkeypatch, *argv)
    assert "Input/output error" in assert_one_line(err, status=status)
    assert record.read_bytes() == OLD
    assert _leftovers(tmp_path) == []


def test_play_save_command_survives_a_failed_write(
    capsys: Capsys, monkeypatch: Patch, tmp_path: Path
) -> None:
    saved = tmp_path / "saved.json"
    saved.write_bytes(OLD)
    monkeypatch.setattr(atomic.os, "write", _failing_write(OSError(28, "No space left on device")))
    argv = ["play", "--players", "2", "--seed", "1"]
    status, out, _err = run_in_process(capsys, monkeypatch, *argv, stdin=f"save {saved}\nquit\n")
    assert status == 0
    assert f"cannot write {saved}: No space left on device" in out
    assert saved.read_bytes() == OLD
    assert _leftovers(tmp_path) == []


def test_simulate_records_survive_a_failed_write(
    capsys: Capsys, monkeypatch: Patch, tmp_path: Path
) -> None:
    folder = tmp_path / "records"
    folder.mkdir()
    (folder / "game-00001.json").write_bytes(OLD)
    monkeypatch.setattr(atomic.os, "write", _failing_write(OSError(28, "No space left on device")))
    argv = [
        "simulate",
        "--games",
        "2",
        "--players",
        "2",
        "--bots",
        "random",
        "--records",
        str(folder),
    ]
    status, _out, err = run_in_process(capsys, monkeypatch, *argv)
    assert "No space left on device" in assert_one_line(err, status=status)
    assert (folder / "game-00001.json").read_bytes() == OLD
    assert _leftovers(folder) == []


def test_a_simulation_killed_midway_leaves_each_record_old_or_whole(tmp_path: Path) -> None:
    folder = tmp_path / "records"
    folder.mkdir()
    games = 2000
    for number in range(1, games + 1):
        (folder / f"game-{number:05d}.json").write_bytes(OLD)
    argv = ["simulate", "--games", str(games), "--players", "2", "--bots", "random"]
    process = subprocess.Popen(
        command(*argv, "--records", str(folder), "--progress"),
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
        env=environment(),
    )
    assert process.stderr is not None
    seen = b""
    while b"/2000 games" not in seen:  # the first game is written
        chunk = process.stderr.read1(4096)  # type: ignore[attr-defined]
        if not chunk:
            break
        seen += chunk
    time.sleep(0.5)  # a few more, one of them likely being written right now
    process.send_signal(signal.SIGKILL)
    process.wait(timeout=60)
    assert process.returncode == -signal.SIGKILL, "the simulation ended before it was killed"
    fresh = 0
    for number in range(1, games + 1):
        data = (folder / f"game-{number:05d}.json").read_bytes()
        if data != OLD:
            record = GameRecord.from_json(data.decode("utf-8"))
            assert record.metadata["game"] == number
            json.loads(data)
            fresh += 1
    assert 0 < fresh < games
