"""The tutorial's last step as a reader takes it: ``mybots.py`` in a folder, ``tongiaki`` run there.

The installed console script is run in a fresh temporary folder, with nothing on
``PYTHONPATH``: the bot spec ``mybots:GreedyBot`` must find the module in the
folder the command runs in, as ``python -m tongiaki_rules`` does.
"""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
TUTORIAL = ROOT / "docs" / "tutorial" / "index.md"
SCRIPT = Path(sys.executable).parent / "tongiaki"


def saved_file(name: str) -> str:
    """The block the tutorial asks the reader to save as ``name``."""
    text = TUTORIAL.read_text(encoding="utf-8")
    found = re.search(rf'^```python title="{re.escape(name)}"\n(.*?)^```', text, re.S | re.M)
    assert found is not None, f"the tutorial no longer has a block to save as {name}"
    return found.group(1)


def tutorial_commands() -> list[list[str]]:
    """The ``tongiaki`` command lines of the tutorial that name ``mybots``."""
    text = TUTORIAL.read_text(encoding="utf-8")
    lines = re.findall(r"^\.venv/bin/tongiaki (.*mybots.*)$", text, re.M)
    assert lines, "the tutorial no longer runs mybots from the command line"
    return [line.split() for line in lines]


def run_in(folder: Path, *argv: str) -> subprocess.CompletedProcess[str]:
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "PYTHONSAFEPATH")}
    env["COLUMNS"] = "80"
    return subprocess.run(
        [str(SCRIPT), *argv],
        cwd=folder,
        env=env,
        stdin=subprocess.DEVNULL,
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )


@pytest.fixture
def folder(tmp_path: Path) -> Path:
    if not SCRIPT.exists():
        pytest.skip("the tongiaki script is not installed next to this Python")
    (tmp_path / "mybots.py").write_text(saved_file("mybots.py"), encoding="utf-8")
    return tmp_path


def test_simulate_finds_the_tutorials_bot_in_the_current_folder(folder: Path) -> None:
    simulate = next(argv for argv in tutorial_commands() if argv[0] == "simulate")
    result = run_in(folder, *simulate, "--games", "4", "--quiet")
    assert result.returncode == 0, result.stderr
    assert "mybots:GreedyBot" in result.stdout  # a row of the results table


def test_play_finds_the_tutorials_bot_in_the_current_folder(folder: Path) -> None:
    play = next(argv for argv in tutorial_commands() if argv[0] == "play")
    # the tutorial's reader plays seat 0; here the bots play every seat, with a fixed seed
    result = run_in(folder, *play, "--human", "none", "--players", "2", "--seed", "3")
    assert result.returncode == 0, result.stderr
    assert "seat 1 Red (my-greedy)" in result.stdout  # the bot's name, at the table
    assert "Final scores:" in result.stdout


def test_a_module_that_is_in_no_folder_on_the_path_is_still_one_line(folder: Path) -> None:
    result = run_in(folder, "simulate", "--bots", "notmybots:GreedyBot,random", "--games", "1")
    assert result.returncode == 2
    assert result.stderr.count("\n") == 1
    assert "cannot import notmybots (ModuleNotFoundError" in result.stderr
