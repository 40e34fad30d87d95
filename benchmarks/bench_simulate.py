"""Benchmark: ``simulate`` throughput for a few line-ups, in one and two processes.

Each line-up plays the same seeded tournament ``--repeats`` times with
``jobs=1`` and ``jobs=2``; the table gives the median wall time, games/s
and games/s per worker process (counting every game: playing it, replaying
its record for the statistics). The default line-up ``random,greedy`` with
200 games is what ``tongiaki simulate`` plays when given no options.

    python benchmarks/bench_simulate.py [--players P] [--repeats R] [--games-random N]
                                        [--games-greedy N]
"""

from __future__ import annotations

import argparse
import statistics
import time

from tongiaki_rules.simulation import simulate


def median_seconds(bots: list[str], games: int, players: int, jobs: int, repeats: int) -> float:
    times = []
    for _ in range(repeats):
        t0 = time.perf_counter()
        simulate(bots, games=games, players=players, seed=1, jobs=jobs)
        times.append(time.perf_counter() - t0)
    return statistics.median(times)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--repeats", type=int, default=3)
    parser.add_argument("--games-random", type=int, default=400)
    parser.add_argument("--games-greedy", type=int, default=200)
    args = parser.parse_args()
    lineups = [
        ("random", args.games_random),
        ("random,greedy", args.games_greedy),
        ("greedy", args.games_greedy),
    ]
    simulate(["random"], games=20, players=args.players)  # warm-up
    print(f"{args.players}-player games, median of {args.repeats} runs")
    print(f"{'line-up':<15}{'games':>6}{'jobs':>5}{'seconds':>9}{'games/s':>9}{'per proc':>9}")
    for spec, games in lineups:
        for jobs in (1, 2):
            seconds = median_seconds(spec.split(","), games, args.players, jobs, args.repeats)
            rate = games / seconds
            print(f"{spec:<15}{games:>6}{jobs:>5}{seconds:>9.2f}{rate:>9.1f}{rate / jobs:>9.1f}")


if __name__ == "__main__":
    main()
