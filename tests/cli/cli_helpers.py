"""Running ``tongiaki`` in-process for the command-line tests: status, stdout, stderr."""

from __future__ import annotations

import io
import re
import sys
from pathlib import Path

import pytest

from tongiaki_rules.cli import main


def run(
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
    *argv: str,
    stdin: str = "",
) -> tuple[int, str, str]:
    """Exit status, stdout and stderr of ``tongiaki *argv`` with ``stdin`` as its input."""
    monkeypatch.setattr(sys, "stdin", io.StringIO(stdin))
    try:
        status = main(list(argv))
    except SystemExit as exc:  # argument errors leave through argparse
        status = int(exc.code or 0)
    out, err = capsys.readouterr()
    return status, out, err


def assert_one_line_error(status: int, err: str) -> None:
    """Bad input: exit status 2 and exactly one line on stderr, no traceback."""
    assert status == 2, err
    assert err.count("\n") == 1 and err.endswith("\n"), err
    assert ": error: " in err
    assert "Traceback" not in err


DOC = Path(__file__).resolve().parents[2] / "docs" / "how-to" / "command-line.md"


def doc_session(command: str) -> str:
    """The output shown in docs/how-to/command-line.md right after ``$ <command>``."""
    blocks = re.findall(r"^```console\n(.*?)^```", DOC.read_text(encoding="utf-8"), re.S | re.M)
    for block in blocks:
        _head, sep, shown = block.partition(f"$ {command}\n")
        if sep:
            return shown
    raise AssertionError(f"no session of {command!r} in {DOC.name}")
