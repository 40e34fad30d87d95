"""Benchmark: ``simulate`` throughput for a few line-ups, in one and two processes.

Each line-up plays the same seeded tournament ``--repeats`` times with
``jobs=1`` and ``jobs=2`` (every game counted whole: playing it, then
replaying its record for the statistics). The table gives, as medians over
the repeats, the wall time, games/s of wall time, and games per CPU second
of the processes involved (parent and workers): the rate of one process,
which other programs sharing the machine do not lower. The default
line-up ``random,greedy`` with 200 games is what ``tongiaki simulate``
plays when given no options.

With ``--executors`` it compares instead, in one run, the ways of sharing
one tournament among two workers: ``jobs=2`` (our own process pool, the
default), a ``ProcessPoolExecutor``, a ``ThreadPoolExecutor`` and, with the
``[dask]`` extra, dask.distributed on a ``LocalCluster`` of 2 worker
processes. The variants take turns within each repeat (the machine is
shared and noisy) and the table gives median wall times and their ratio to
``jobs=2``; the executors are started once, before timing.

    python benchmarks/bench_simulate.py [--players P] [--repeats R] [--games-random N]
                                        [--games-greedy N] [--lineup random,greedy ...]
    python benchmarks/bench_simulate.py --executors [--lineup random] [--repeats R]
"""

from __future__ import annotations

import argparse
import contextlib
import importlib.util
import os
import statistics
import time
from collections.abc import Callable
from concurrent.futures import Executor, ProcessPoolExecutor, ThreadPoolExecutor

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


def compare_executors(bots: list[str], games: int, players: int, repeats: int) -> None:
    """Median wall time of the tournament on each way of using two workers, and the ratios."""
    with contextlib.ExitStack() as stack:
        pools: dict[str, Executor | int] = {
            "jobs=1": 1,
            "jobs=2": 2,
            "ProcessPoolExecutor(2)": stack.enter_context(ProcessPoolExecutor(2)),
            "ThreadPoolExecutor(2)": stack.enter_context(ThreadPoolExecutor(2)),
        }
        if importlib.util.find_spec("distributed") is not None:
            from dask.distributed import Client, LocalCluster

            cluster = stack.enter_context(
                LocalCluster(n_workers=2, threads_per_worker=1, dashboard_address=":0")
            )
            pools["dask LocalCluster(2)"] = stack.enter_context(Client(cluster)).get_executor()
        runs: dict[str, Callable[[], object]] = {
            name: (
                lambda pool=pool: simulate(
                    bots,
                    games=games,
                    players=players,
                    seed=1,
                    jobs=pool if isinstance(pool, int) else 1,
                    executor=None if isinstance(pool, int) else pool,
                )
            )
            for name, pool in pools.items()
        }
        for run in runs.values():  # warm-up: workers started, modules imported
            simulate(bots, games=4, players=players, seed=2)
            run()
        walls: dict[str, list[float]] = {name: [] for name in runs}
        for _ in range(repeats):
            for name, run in runs.items():
                start = time.perf_counter()
                run()
                walls[name].append(time.perf_counter() - start)
    base = statistics.median(walls["jobs=2"])
    print(
        f"{games} {players}-player games of {','.join(bots)}, median of {repeats} interleaved runs"
    )
    print(f"{'executor':<24}{'wall s':>8}{'games/s':>9}{'x jobs=2':>10}")
    for name, times in walls.items():
        wall = statistics.median(times)
        print(f"{name:<24}{wall:>8.2f}{games / wall:>9.1f}{wall / base:>10.2f}")


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
    parser.add_argument(
        "--executors", action="store_true", help="compare jobs=2 with executors of 2 workers"
    )
    args = parser.parse_args()
    if args.executors:
        spec = (args.lineup or ["random"])[0]
        games = args.games_random if spec == "random" else args.games_greedy
        compare_executors(spec.split(","), games, args.players, args.repeats)
        return
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
