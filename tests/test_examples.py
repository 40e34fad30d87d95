"""The example scripts in examples/ run and print what they promise."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
EXAMPLES = ROOT / "examples"


def run(*args: str) -> subprocess.CompletedProcess[str]:
    """Run ``python *args`` from the repository root and capture its output."""
    return subprocess.run(
        [sys.executable, *args],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=600,  # a guard against a hang, not a measure of speed
        check=False,
    )


@pytest.mark.parametrize(
    "script", ["random_game.py", "build_position.py", "replay_record.py", "custom_bot.py"]
)
def test_examples_run(script: str) -> None:
    result = run(str(EXAMPLES / script))
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip()


def test_random_game_example_prints_scores_and_winner() -> None:
    out = run(str(EXAMPLES / "random_game.py")).stdout
    assert "seat 0 (Blue): " in out and " points" in out
    assert "winner: seat " in out


def test_build_position_example_walks_through_a_departure() -> None:
    out = run(str(EXAMPLES / "build_position.py")).stdout
    assert "turn decision for seat 0:" in out
    assert "refused: " in out and "[EXPAND-1]" in out
    assert "Depart(island=(0, -1), beach=2, jetty=4)" in out
    assert "chance node: 30 tiles in the pile" in out


def test_replay_record_example_reloads_narrates_and_shows_the_board() -> None:
    out = run(str(EXAMPLES / "replay_record.py")).stdout
    assert out.startswith("Ann, Bob: ")
    assert "  1. setup " in out
    assert "  Turn 1, seat 0 Blue: " in out and "  Turn 3" not in out
    assert "Tongiaki, 2 players;" in out


def test_custom_bot_example_beats_the_random_bot() -> None:
    out = run(str(EXAMPLES / "custom_bot.py")).stdout
    wins = dict(line.split(": ") for line in out.splitlines())
    royalist = float(wins["royalist"].split()[0])
    assert royalist > 10, out  # of 20 games
