"""Golden playthroughs: seeded random games, described step by step, must not change.

Each file in ``tests/core/golden`` is :func:`tongiaki_rules.testing.playthrough` of one
seeded game. Any change of engine behaviour (a legal action more or less, another
draw probability, another score) shows up as a diff against these files. After an
intended change, review the diff, then rewrite the files with
``.venv/bin/python -m pytest tests/core/test_golden.py --update-golden`` and commit them.
"""

from __future__ import annotations

import difflib
from pathlib import Path

import pytest

from tongiaki_rules import Rules
from tongiaki_rules.testing import playthrough

GOLDEN = Path(__file__).resolve().parent / "golden"
DIFF_LINES = 40
UPDATE_HINT = (
    "If the change of behaviour is intended, rewrite the golden files with\n"
    "    .venv/bin/python -m pytest tests/core/test_golden.py --update-golden\n"
    "review the whole change with `git diff tests/core/golden`\n"
    "(undo: `git checkout tests/core/golden`)\n"
    "and commit the files together with the change."
)

# file stem -> (players, seed, rules)
GAMES: dict[str, tuple[int, int, Rules]] = {
    "p2-seed1": (2, 1, Rules()),
    "p4-seed2": (4, 2, Rules()),
    "p6-seed3": (6, 3, Rules()),
    "p3-seed4-rody": (3, 4, Rules(variant_rody=True)),
    "p2-seed5-double-colour": (2, 5, Rules(variant_two_player_double_colour=True)),
    # seed 385: failure_ends_turn and royal_bounce_target both change this game, and an
    # island is removed on a closed route (end_trigger only matters in rarer games)
    "p3-seed385-contested": (
        3,
        385,
        Rules(
            failure_ends_turn=True,
            end_trigger="sixteen_on_table",
            royal_bounce_target="turn_origin",
        ),
    ),
}


def _short_diff(expected: str, actual: str, name: str) -> str:
    diff = list(
        difflib.unified_diff(
            expected.splitlines(),
            actual.splitlines(),
            f"tests/core/golden/{name}",
            "regenerated",
            lineterm="",
        )
    )
    shown = "\n".join(diff[:DIFF_LINES])
    if len(diff) > DIFF_LINES:
        shown += f"\n... ({len(diff) - DIFF_LINES} more diff lines)"
    return shown


@pytest.mark.topic("regression")
@pytest.mark.parametrize("stem", list(GAMES))
def test_playthrough_matches_its_golden_file(stem: str, request: pytest.FixtureRequest) -> None:
    players, seed, rules = GAMES[stem]
    actual = playthrough(players, seed, rules)
    path = GOLDEN / f"{stem}.txt"
    if request.config.getoption("--update-golden"):
        if not path.exists() or path.read_text(encoding="utf-8") != actual:
            GOLDEN.mkdir(exist_ok=True)
            path.write_text(actual, encoding="utf-8", newline="\n")
        return
    if not path.exists():
        pytest.fail(
            f"tests/core/golden/{path.name} is missing; write it with\n"
            "    .venv/bin/python -m pytest tests/core/test_golden.py --update-golden",
            pytrace=False,
        )
    expected = path.read_text(encoding="utf-8")
    if actual != expected:
        pytest.fail(
            f"the playthrough differs from tests/core/golden/{path.name}:\n"
            f"{_short_diff(expected, actual, path.name)}\n{UPDATE_HINT}",
            pytrace=False,
        )


def test_every_golden_file_belongs_to_a_game() -> None:
    stale = sorted(p.name for p in GOLDEN.glob("*.txt") if p.stem not in GAMES)
    assert not stale, f"golden files with no game in GAMES (delete them): {stale}"
