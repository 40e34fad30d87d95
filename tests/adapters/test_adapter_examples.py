"""The adapter examples and the code on the adapter how-to pages run.

The how-to pages fence their code as ``python title="..."`` (the title says
which extra it needs); tests/test_docs.py runs only plain ``python`` blocks,
so these run here, and are skipped when the extra is missing.
"""

from __future__ import annotations

import contextlib
import importlib.util
import io
import itertools
import re
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
HOW_TO = ROOT / "docs" / "how-to"
EXTRAS = {
    "openspiel": ("pyspiel", "numpy"),
    "pettingzoo": ("pettingzoo", "gymnasium", "numpy", "resvg_py", "PIL"),
    "gymnasium": ("gymnasium", "numpy"),
}


def needs(extra: str) -> None:
    """Skip unless every package of ``extra`` is installed."""
    missing = [m for m in EXTRAS[extra] if importlib.util.find_spec(m) is None]
    if missing:
        pytest.skip(f"needs the {extra} extra (pip install -e '.[{extra}]'): no {missing[0]}")


def run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, *args],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=600,  # a guard against a hang, not a measure of speed
        check=False,
    )


def titled_blocks(page: str) -> list[str]:
    text = (HOW_TO / page).read_text(encoding="utf-8")
    return re.findall(r'^```python title="[^"\n]*"\n(.*?)^```', text, re.S | re.M)


def test_openspiel_mcts_example_plays_a_game_and_names_the_winner() -> None:
    needs("openspiel")
    result = run("examples/openspiel_mcts.py", "--players", "3", "--simulations", "3")
    assert result.returncode == 0, result.stderr
    assert result.stdout.startswith("python_tongiaki(players=3): ")
    assert "seat 0 (Blue, MCTS, 3 simulations): " in result.stdout
    assert "seat 2 (Green, random): " in result.stdout
    assert "winner: seat " in result.stdout


def test_pettingzoo_random_example_plays_a_game_and_prints_the_rewards() -> None:
    needs("pettingzoo")
    result = run("examples/pettingzoo_random.py", "--players", "3", "--seed", "2")
    assert result.returncode == 0, result.stderr
    assert "Game over. Winner: seat " in result.stdout
    assert "player_2: reward " in result.stdout


@pytest.mark.parametrize(
    ("page", "extra"),
    [("openspiel.md", "openspiel"), ("pettingzoo.md", "pettingzoo"), ("gymnasium.md", "gymnasium")],
)
def test_the_code_on_the_adapter_how_to_pages_runs(
    page: str, extra: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    blocks = titled_blocks(page)
    assert blocks, f"no titled python blocks on {page}"
    needs(extra)
    monkeypatch.chdir(tmp_path)
    for code in blocks:  # each block stands alone, as in tests/test_docs.py
        out = io.StringIO()
        with contextlib.redirect_stdout(out):
            exec(compile(code, f"docs/how-to/{page}", "exec"), {"__name__": "docs_example"})
        printed = out.getvalue().splitlines()
        for before, line in itertools.pairwise(code.splitlines()):
            # "print(...)" followed by "# <text>" states what it prints
            if before.lstrip().startswith("print(") and line.lstrip().startswith("# "):
                assert line.strip()[2:] in printed, (line, printed)
