"""Benchmark: instructions a random game costs, counted exactly (issue 36).

Wall-clock ratios scatter on a shared machine (from 0.7 to 1.2 between
rounds of the same code under a load of ten). The number of machine
instructions the interpreter executes for a seeded game does not: valgrind's
cachegrind counts them, and the count is the same from run to run, so a
change of 1 % can be judged on a busy machine.

Each tree plays ``--games`` seeded random games (seed 1) through the public
API, reading the legal list at every decision, or drawing each move with
``GameState.sample_action`` (``--sample``). The interpreter's start-up and
imports are measured apart (the same script with no game) and taken off, so
the figure is per game. ``--baseline REV`` unpacks a commit with
``git archive`` and counts it too, and the script prints the ratio.
``--off`` also counts the current tree with the look-ahead of AMB-25
switched off (every raw choice kept): what the rule costs.

    python benchmarks/instruction_count.py [--games N] [--players P] [--sample]
                                           [--baseline REV] [--off]

It needs valgrind (Debian's package). Under valgrind a game runs about fifty
times slower: six games take a minute or two.
"""

from __future__ import annotations

import argparse
import os
import re
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve()
REPO = HERE.parent.parent

_PLAY = """
import os, random, sys
from tongiaki_rules import new_game
if os.environ.get("TONGIAKI_LOOKAHEAD_OFF"):
    from tongiaki_rules._engine import finite
    finite.FiniteChoices.finite_choices = lambda self, acts, looked=(0, ()): acts
    finite.FiniteChoices.forced_choice = (
        lambda self, acts: acts if len(acts) < 2 else (2, (acts[0], acts[1]))
    )
    finite.FiniteChoices.offers = lambda self, action, acts: True
games, players, sample = int(sys.argv[1]), int(sys.argv[2]), sys.argv[3] == "1"
rng = random.Random(1)
for _ in range(games):
    state = new_game(players)
    while not state.is_terminal:
        if state.is_chance_node:
            outcomes = state.chance_outcomes()
            draw = rng.choices([a for a, _p in outcomes], [p for _a, p in outcomes])[0]
            state = state.apply(draw)
        elif sample:
            state = state.apply(state.sample_action(rng))
        else:
            state = state.apply(rng.choice(state.legal_actions()))
"""


def count(src: Path, games: int, players: int, sample: bool, off: bool = False) -> int:
    """Instructions (``I refs``) of one interpreter running ``games`` games on tree ``src``."""
    env = {**os.environ, "PYTHONPATH": str(src), "PYTHONHASHSEED": "0"}
    env.pop("TONGIAKI_LOOKAHEAD_OFF", None)
    if off:
        env["TONGIAKI_LOOKAHEAD_OFF"] = "1"
    command = [
        "valgrind",
        "--tool=cachegrind",
        "--cache-sim=no",
        "--cachegrind-out-file=/dev/null",
        sys.executable,
        "-c",
        _PLAY,
        str(games),
        str(players),
        "1" if sample else "0",
    ]
    done = subprocess.run(command, env=env, capture_output=True, text=True, check=True)
    found = re.search(r"I\s+refs:\s+([\d,]+)", done.stderr)
    if found is None:
        raise SystemExit(f"no instruction count in valgrind's output:\n{done.stderr}")
    return int(found.group(1).replace(",", ""))


def per_game(src: Path, args: argparse.Namespace, off: bool = False) -> float:
    """Millions of instructions a game on tree ``src``, start-up taken off."""
    start = count(src, 0, args.players, args.sample, off)
    total = count(src, args.games, args.players, args.sample, off)
    games: int = args.games
    return (total - start) / games / 1e6


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=6)
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--sample", action="store_true", help="draw moves with sample_action")
    parser.add_argument("--baseline", help="a commit to count as well (git archive)")
    parser.add_argument("--off", action="store_true", help="also count with the look-ahead off")
    args = parser.parse_args()
    if shutil.which("valgrind") is None:
        raise SystemExit("valgrind is needed (apt-get install valgrind)")
    how = "sample_action" if args.sample else "every list read"
    print(f"{args.games} random {args.players}-player games (seed 1, {how}):")
    print("| tree | M instructions a game | ratio |")
    print("|---|---|---|")
    here = per_game(REPO / "src", args)
    rows = [("this tree", here)]
    if args.off:
        rows.append(("this tree, look-ahead off", per_game(REPO / "src", args, off=True)))
    if args.baseline:
        with tempfile.TemporaryDirectory() as tmp:
            archive = subprocess.run(
                ["git", "-C", str(REPO), "archive", args.baseline, "src"],
                capture_output=True,
                check=True,
            )
            subprocess.run(["tar", "-x", "-C", tmp], input=archive.stdout, check=True)
            rows.append((args.baseline, per_game(Path(tmp) / "src", args)))
    for name, value in rows:
        print(f"| {name} | {value:.1f} | {value / here:.2f} |")


if __name__ == "__main__":
    main()
