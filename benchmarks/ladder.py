"""Benchmark: the ladder of the built-in bots, with intervals, in one command.

Plays, with :mod:`tongiaki_rules.simulation` (the engine of ``tongiaki
simulate``), paired deals (the same tiles played once in every rotation of
the seats, ``simulate(paired=True)``):

- every two-player pairing of the pool, ``--games`` games each: the first
  bot's score with its 95 % Wilson interval, then the pool's Bradley–Terry
  Elo ratings (``random`` at 0) with 95 % bootstrap intervals;
- with ``--table-games`` above 0, the whole pool at one table (as many
  players as bots, up to 6), rated by openskill's Plackett–Luce model (the
  ``ratings`` extra), with each bot's win rate and interval.

It prints Markdown: the tables of docs/how-to/evaluate.md ("The ladder of
the built-in bots"), with the date, the machine and the wall time. The
defaults, 20 games a pairing, take about 575 s of CPU (5 minutes on two
free cores).

    python benchmarks/ladder.py [--games N] [--table-games N] [--seed S] [--jobs J]
                                [--pool random,greedy,mcts:iterations=5,mcts:iterations=20]

Any bot spec joins the pool: ``--pool random,greedy,learned,mcts`` puts the learned bot
and MCTS at its default budget on the ladder (``benchmarks/eval_learned.py`` measures one
pairing with many more games).
"""

from __future__ import annotations

import argparse
import datetime
import os
import platform
import resource
import sys
import time
from itertools import combinations

from tongiaki_rules.simulation import (
    GameStats,
    bradley_terry,
    plackett_luce,
    simulate,
)

POOL = "random,greedy,mcts:iterations=5,mcts:iterations=20"


def _cpu_seconds() -> float:
    """CPU time of this process and its finished children (the worker processes)."""
    own = resource.getrusage(resource.RUSAGE_SELF)
    children = resource.getrusage(resource.RUSAGE_CHILDREN)
    return own.ru_utime + own.ru_stime + children.ru_utime + children.ru_stime


def _percent(low: float, high: float) -> str:
    return f"{100 * low:.1f} – {100 * high:.1f} %"


def _machine() -> str:
    model = platform.processor() or platform.machine()
    try:
        with open("/proc/cpuinfo", encoding="utf-8") as info:
            for line in info:
                if line.startswith("model name"):
                    model = line.split(":", 1)[1].strip()
                    break
    except OSError:
        pass
    return f"{model}, {os.cpu_count()} cores, Python {platform.python_version()}"


def pairings(
    pool: list[str], games: int, seed: int, jobs: int
) -> tuple[list[str], list[GameStats]]:
    """One line per pairing, and every game played (for the ratings)."""
    lines = [
        "| pairing | games | wins | score of the first | 95 % interval | CPU per game |",
        "|---|---|---|---|---|---|",
    ]
    played: list[GameStats] = []
    for first, second in combinations(pool, 2):
        before = _cpu_seconds()
        summary = simulate(
            [first, second], games=games, players=2, seed=seed, jobs=jobs, paired=True
        )
        cpu = (_cpu_seconds() - before) / games
        played.extend(summary.results)
        a, b = summary.bot_results()
        lines.append(
            f"| `{a.bot}` vs `{b.bot}` | {games} | {a.wins:g} – {b.wins:g} | "
            f"{100 * a.win_rate:.1f} % | {_percent(*a.interval)} | {cpu:.2f} s |"
        )
        print(lines[-1], file=sys.stderr, flush=True)
    return lines, played


def elo_table(played: list[GameStats], seed: int) -> list[str]:
    """The Bradley–Terry ratings of the pool, ``random`` (or the first bot) at 0."""
    bots = {bot for stats in played for bot in stats.seats}
    anchor = "random" if "random" in bots else None
    lines = ["| bot | Elo | 95 % interval (bootstrap) | games |", "|---|---|---|---|"]
    for rating in bradley_terry(played, anchor=anchor, resamples=400, seed=seed):
        lines.append(
            f"| `{rating.bot}` | {rating.rating:+.0f} | {rating.low:+.0f} – {rating.high:+.0f} "
            f"| {rating.games} |"
        )
    return lines


def table(pool: list[str], games: int, seed: int, jobs: int) -> list[str]:
    """The pool at one table: win rates with intervals and Plackett–Luce ratings."""
    before = _cpu_seconds()
    summary = simulate(pool, games=games, players=len(pool), seed=seed, jobs=jobs, paired=True)
    cpu = (_cpu_seconds() - before) / games
    rates = {r.bot: r for r in summary.bot_results()}
    lines = [
        "| bot | wins | win rate | 95 % interval | openskill mu | mu ± 1.96 sigma |",
        "|---|---|---|---|---|---|",
    ]
    for rating in plackett_luce(summary.results):
        r = rates[rating.bot]
        lines.append(
            f"| `{r.bot}` | {r.wins:g} | {100 * r.win_rate:.1f} % | {_percent(*r.interval)} | "
            f"{rating.rating:.1f} | {rating.low:.1f} – {rating.high:.1f} |"
        )
    lines.append(f"\n({games} games of {len(pool)} players, {cpu:.2f} s of CPU per game)")
    return lines


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=20, help="games per pairing (even)")
    parser.add_argument("--table-games", type=int, default=0, help="games at one table")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--jobs", type=int, default=2, help="worker processes (0: one per core)")
    parser.add_argument("--pool", default=POOL, help=f"comma-separated bot specs ({POOL})")
    args = parser.parse_args(argv)
    pool = [spec.strip() for spec in args.pool.split(",")]
    started = time.perf_counter()
    today = datetime.datetime.now(datetime.UTC).strftime("%Y-%m-%d")
    print(f"## Two players: {args.games} games per pairing ({args.games // 2} paired deals)\n")
    lines, played = pairings(pool, args.games, args.seed, args.jobs)
    print("\n".join(lines))
    print("\n## Elo ratings (Bradley–Terry over every two-player game)\n")
    print("\n".join(elo_table(played, args.seed)))
    if args.table_games > 0:
        print(f"\n## All at one table: {args.table_games} games\n")
        print("\n".join(table(pool, args.table_games, args.seed, args.jobs)))
    wall = time.perf_counter() - started
    print(
        f"\n{today}, seed {args.seed}, --jobs {args.jobs}, {wall:.0f} s of wall time; "
        f"{_machine()}; load average {os.getloadavg()[0]:.1f} at the end"
    )


if __name__ == "__main__":
    main()
