"""Running ``tongiaki`` for the contract tests: in-process, and as a real subprocess."""

from __future__ import annotations

import io
import os
import subprocess
import sys
from collections.abc import Sequence
from pathlib import Path

import pytest

from tongiaki_rules.cli import main

SRC = Path(__file__).resolve().parents[3] / "src"


def run_in_process(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, *argv: str, stdin: str = ""
) -> tuple[int, str, str]:
    """Exit status, stdout and stderr of ``main(argv)``."""
    monkeypatch.setattr(sys, "stdin", io.StringIO(stdin))
    try:
        status = main(list(argv))
    except SystemExit as exc:
        status = int(exc.code or 0)
    out, err = capsys.readouterr()
    return status, out, err


def command(*argv: str) -> list[str]:
    """The command line that runs ``tongiaki *argv`` from this source tree."""
    return [sys.executable, "-m", "tongiaki_rules", *argv]


def environment() -> dict[str, str]:
    """The environment of a subprocess: this worktree's source first, no warnings."""
    return {**os.environ, "PYTHONPATH": str(SRC), "PYTHONWARNINGS": "ignore"}


def run_process(
    argv: Sequence[str], *, stdin: bytes = b"", cwd: Path | None = None, timeout: float = 120
) -> subprocess.CompletedProcess[bytes]:
    """Run ``tongiaki *argv`` in a subprocess, with ``stdin`` as its input."""
    return subprocess.run(
        command(*argv),
        input=stdin,
        capture_output=True,
        env=environment(),
        cwd=cwd,
        timeout=timeout,
        check=False,
    )


def assert_one_line(err: str | bytes, *, status: int, expected_status: int = 2) -> str:
    """Exactly one line on stderr, no traceback, and the exit status expected."""
    text = err.decode("utf-8", "backslashreplace") if isinstance(err, bytes) else err
    assert status == expected_status, text
    assert "Traceback" not in text, text
    assert text.count("\n") == 1 and text.endswith("\n"), text
    return text
