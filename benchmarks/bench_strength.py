"""Benchmark: how strong the bots are, from a seeded tournament per pairing.

The test suite only checks a few seeded games (tests/unit/test_bots.py);
the real measure of strength is this tournament, whose figures are in
docs/how-to/bots.md ("How they rank"). It plays, with
:func:`tongiaki_rules.simulation.simulate` (the engine of ``tongiaki
simulate``, seats swapped game by game):

- each pairing of ``mcts``, ``greedy`` and ``random`` in two-player games,
- the three bots at one three-player table, the line-up rotated,

and prints a Markdown table per part: wins (a shared win counts a half for
each winner), the first bot's win rate, the mean scores and the CPU time per
game of all the processes involved.

    python benchmarks/bench_strength.py [--games N] [--seed S] [--jobs J] [--mcts SPEC]

The defaults (300 games, seed 1, 2 processes, MCTS at its default 50
iterations) are the figures of the docs; they take about 35 minutes of CPU
(4 s per game of ``mcts`` against ``greedy``, 2 s against ``random``), so
about 20 minutes on two cores. ``--games 20`` is a quick look.
"""

from __future__ import annotations

import argparse
import os
import resource
import sys
import time

from tongiaki_rules.simulation import Summary, simulate


def _cpu_seconds() -> float:
    """CPU time of this process and its finished children (the worker processes)."""
    own = resource.getrusage(resource.RUSAGE_SELF)
    children = resource.getrusage(resource.RUSAGE_CHILDREN)
    return own.ru_utime + own.ru_stime + children.ru_utime + children.ru_stime


def _tournament(bots: list[str], games: int, seed: int, jobs: int) -> tuple[Summary, float]:
    """The summary of one tournament and its CPU seconds per game."""
    before = _cpu_seconds()
    summary = simulate(bots, games=games, players=len(bots), seed=seed, jobs=jobs)
    return summary, (_cpu_seconds() - before) / games


def _wins(value: float) -> str:
    return f"{value:g}"


def pairings_table(mcts: str, games: int, seed: int, jobs: int) -> list[str]:
    """One line per two-player pairing, the stronger bot first."""
    lines = [
        "| pairing | wins | win rate of the first | mean score | CPU per game |",
        "|---|---|---|---|---|",
    ]
    for first, second in ((mcts, "greedy"), (mcts, "random"), ("greedy", "random")):
        summary, cpu = _tournament([first, second], games, seed, jobs)
        a, b = summary.bot_results()
        lines.append(
            f"| `{a.bot}` vs `{b.bot}` | {_wins(a.wins)} – {_wins(b.wins)} | "
            f"{100 * a.win_rate:.1f} % | {a.mean_score:.1f} – {b.mean_score:.1f} | {cpu:.2f} s |"
        )
        print(lines[-1], file=sys.stderr, flush=True)
    return lines


def table_of_three(mcts: str, games: int, seed: int, jobs: int) -> list[str]:
    """The three bots at one table, the line-up rotated through the seats."""
    summary, cpu = _tournament(["random", "greedy", mcts], games, seed, jobs)
    lines = ["| bot | wins | win rate | mean score |", "|---|---|---|---|"]
    for result in sorted(summary.bot_results(), key=lambda r: -r.wins):
        lines.append(
            f"| `{result.bot}` | {_wins(result.wins)} | {100 * result.win_rate:.1f} % | "
            f"{result.mean_score:.1f} |"
        )
    lines.append(f"\n({games} games, {cpu:.2f} s of CPU per game)")
    return lines


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=300, help="games per tournament")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--jobs", type=int, default=2, help="worker processes (0: one per core)")
    parser.add_argument("--mcts", default="mcts", help="the MCTS bot's spec (default: mcts)")
    args = parser.parse_args(argv)
    started = time.perf_counter()
    print(f"## Two players, {args.games} games per pairing, seed {args.seed}\n")
    print("\n".join(pairings_table(args.mcts, args.games, args.seed, args.jobs)))
    print(f"\n## Three players, {args.games} games, seed {args.seed}\n")
    print("\n".join(table_of_three(args.mcts, args.games, args.seed, args.jobs)))
    wall = time.perf_counter() - started
    print(f"\n{wall:.0f} s of wall time on {os.cpu_count()} cores, --jobs {args.jobs}")


if __name__ == "__main__":
    main()
