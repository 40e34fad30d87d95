"""Benchmark: ``simulate`` throughput for a few line-ups, in one and two processes.

Each line-up plays the same seeded tournament ``--repeats`` times with
``jobs=1`` and ``jobs=2`` (every game counted whole: playing it, then
replaying its record for the statistics). The table gives, as medians over
the repeats, the wall time, games/s of wall time, and games per CPU second
of the processes involved (parent and workers): the rate of one process,
which other programs sharing the machine do not lower. The default
line-up ``random,greedy`` with 200 games is what ``tongiaki simulate``
plays when given no options.

    python benchmarks/bench_simulate.py [--players P] [--repeats R] [--games-random N]
                                        [--games-greedy N] [--lineup random,greedy ...]
"""

from __future__ import annotations

import argparse
import os
import statistics
import time

from tongiaki_rules.simulation import simulate


def cpu_seconds() -> float:
    """CPU time of this process and of its finished children (the pool's workers)."""
    t = os.times()
    return t.user + t.system + t.children_user + t.children_system


def measure(
    bots: list[str], games: int, players: int, jobs: int, repeats: int
) -> tuple[float, float]:
    """Median wall seconds and median CPU seconds of one tournament."""
    walls, cpus = [], []
    for _ in range(repeats):
        wall, cpu = time.perf_counter(), cpu_seconds()
        simulate(bots, games=games, players=players, seed=1, jobs=jobs)
        walls.append(time.perf_counter() - wall)
        cpus.append(cpu_seconds() - cpu)
    return statistics.median(walls), statistics.median(cpus)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--repeats", type=int, default=3)
    parser.add_argument("--games-random", type=int, default=400)
    parser.add_argument("--games-greedy", type=int, default=200)
    parser.add_argument(
        "--lineup",
        action="append",
        help="bot specs, comma-separated; repeatable (default: random, random,greedy, greedy)",
    )
    args = parser.parse_args()
    specs = args.lineup or ["random", "random,greedy", "greedy"]
    simulate(["random"], games=20, players=args.players)  # warm-up
    print(f"{args.players}-player games, median of {args.repeats} runs")
    print(f"{'line-up':<15}{'games':>6}{'jobs':>5}{'wall s':>8}{'games/s':>9}{'per CPU s':>11}")
    for spec in specs:
        games = args.games_random if spec == "random" else args.games_greedy
        for jobs in (1, 2):
            wall, cpu = measure(spec.split(","), games, args.players, jobs, args.repeats)
            print(
                f"{spec:<15}{games:>6}{jobs:>5}{wall:>8.2f}{games / wall:>9.1f}{games / cpu:>11.1f}"
            )


if __name__ == "__main__":
    main()
