"""Benchmark: a bot against another in two-player paired deals, with a running 95 % interval.

Plays ``--games`` games of ``--bot`` (default ``learned``) against
``--opponent`` with :func:`tongiaki_rules.simulation.simulate`, in paired
deals (each deal played twice, the seats swapped), in chunks of ``--chunk``
games: chunk ``k`` (from 0) is ``simulate(..., seed=S * 1000 + k,
paired=True)``. After each chunk it prints the games so far, the bot's wins
(a shared win a half), its win share and the share's 95 % Wilson interval,
so a run cut short still says what it measured; the last line is a row of
the table of docs/how-to/evaluate.md ("The learned bot").

    python benchmarks/eval_learned.py [--bot learned] [--opponent greedy]
                                      [--games 1000] [--chunk 50] [--seed 1]
                                      [--first-chunk 0]

The chunks are independent, so a run cut short after ``n`` chunks goes on
with ``--first-chunk n`` (and the same ``--games``, ``--chunk`` and
``--seed``): it plays the chunks left and counts only those; add its wins
to the first run's.
"""

from __future__ import annotations

import argparse
import datetime
import resource
import time

from tongiaki_rules.simulation import simulate, wilson_interval


def _cpu_seconds() -> float:
    own = resource.getrusage(resource.RUSAGE_SELF)
    return own.ru_utime + own.ru_stime


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--bot", default="learned")
    parser.add_argument("--opponent", default="greedy")
    parser.add_argument("--games", type=int, default=1000, help="games in all (even)")
    parser.add_argument("--chunk", type=int, default=50, help="games per chunk (even)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument(
        "--first-chunk", type=int, default=0, help="go on from this chunk (a run cut short)"
    )
    args = parser.parse_args(argv)
    if args.bot == args.opponent:
        parser.error("--bot and --opponent must differ (one spec's games are counted together)")
    started = time.perf_counter()
    cpu_start = _cpu_seconds()
    games = 0
    wins = 0.0
    score = [0.0, 0.0]
    if args.first_chunk < 0 or args.first_chunk * args.chunk >= args.games:
        parser.error("--first-chunk must name one of the run's chunks")
    total = args.games - args.first_chunk * args.chunk
    for k in range(args.first_chunk, -(-args.games // args.chunk)):
        count = min(args.chunk, total - games)
        summary = simulate(
            [args.bot, args.opponent],
            games=count,
            players=2,
            seed=args.seed * 1000 + k,
            paired=True,
        )
        mine, theirs = summary.bot_results()
        games += count
        wins += mine.wins
        score[0] += mine.mean_score * count
        score[1] += theirs.mean_score * count
        low, high = wilson_interval(wins, games)
        cpu = (_cpu_seconds() - cpu_start) / games
        print(
            f"{games} games: {args.bot} {wins:g} - {games - wins:g} {args.opponent}, "
            f"share {wins / games:.3f} (95 % interval {low:.3f} - {high:.3f}), "
            f"{cpu:.2f} s of CPU per game",
            flush=True,
        )
    low, high = wilson_interval(wins, games)
    print(
        f"| `{args.bot}` vs `{args.opponent}` | {games} | {wins:g} – {games - wins:g} | "
        f"{100 * wins / games:.1f} % | {100 * low:.1f} – {100 * high:.1f} % | "
        f"{score[0] / games:.1f} – {score[1] / games:.1f} | "
        f"{(_cpu_seconds() - cpu_start) / games:.2f} s |"
    )
    today = datetime.datetime.now(datetime.UTC).strftime("%Y-%m-%d")
    print(f"({today}, seed {args.seed}, {time.perf_counter() - started:.0f} s of wall time)")


if __name__ == "__main__":
    main()
