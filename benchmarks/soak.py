"""Soak the engine: play many random games across sampled flags, player counts and tile sets.

Every game comes from :func:`tongiaki_rules.fuzzing.run_seed`: its settings
from :func:`~tongiaki_rules.fuzzing.settings_for_seed` (every ``Rules`` flag
sampled, 2–6 players, the two-colour variant, custom tile sets), uniformly
random decisions and draws, the invariants checked after every action, a
decision cap and a wall-clock alarm per game. Prints the counts and exits
with status 1 if any game failed, printing the report of the first ones.

    python benchmarks/soak.py --games 10000 --jobs 2

A failing seed is replayed alone with ``--first SEED --games 1``.
"""

from __future__ import annotations

import argparse
import multiprocessing
import sys
import time
from collections.abc import Iterable, Sequence

from tongiaki_rules.fuzzing import DEFAULT_MAX_DECISIONS, DEFAULT_TIME_LIMIT, GameRun, run_seed

REPORTS_SHOWN = 3
"""How many failure reports are printed in full (the rest only by seed)."""


def _arguments(argv: Sequence[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=10_000, help="games to play (10000)")
    parser.add_argument("--first", type=int, default=0, help="seed of the first game (0)")
    parser.add_argument("--jobs", type=int, default=1, help="worker processes (1)")
    parser.add_argument(
        "--max-decisions",
        type=int,
        default=DEFAULT_MAX_DECISIONS,
        help=f"decisions after which a game counts as endless ({DEFAULT_MAX_DECISIONS})",
    )
    parser.add_argument(
        "--time-limit",
        type=float,
        default=DEFAULT_TIME_LIMIT,
        help=f"seconds after which a game counts as hung ({DEFAULT_TIME_LIMIT:g})",
    )
    args = parser.parse_args(argv)
    if args.games < 1 or args.jobs < 1 or args.max_decisions < 1 or not args.time_limit > 0:
        parser.error("--games, --jobs, --max-decisions and --time-limit must be positive")
    return args


_LIMITS: dict[str, float] = {}


def _init(max_decisions: int, time_limit: float) -> None:
    _LIMITS.update(max_decisions=max_decisions, time_limit=time_limit)


def _play(seed: int) -> GameRun:
    return run_seed(
        seed, max_decisions=int(_LIMITS["max_decisions"]), time_limit=_LIMITS["time_limit"]
    )


def main(argv: Sequence[str] | None = None) -> int:
    """Play the games and print the figures; 1 if any game failed, else 0."""
    args = _arguments(argv)
    seeds = range(args.first, args.first + args.games)
    began = time.perf_counter()
    decisions = longest = longest_seed = 0
    failures: list[GameRun] = []
    limits = (args.max_decisions, args.time_limit)
    runs: Iterable[GameRun]
    if args.jobs == 1:
        _init(*limits)
        runs = map(_play, seeds)
        pool = None
    else:
        pool = multiprocessing.Pool(args.jobs, initializer=_init, initargs=limits)
        runs = pool.imap_unordered(_play, seeds, chunksize=16)
    try:
        for run in runs:
            decisions += run.decisions
            if run.decisions > longest:
                longest, longest_seed = run.decisions, run.seed
            if run.failure is not None:
                failures.append(run)
                print(f"FAIL seed {run.seed}: {run.failure}", file=sys.stderr, flush=True)
    finally:
        if pool is not None:
            pool.close()
            pool.join()
    seconds = time.perf_counter() - began
    print(f"games:     {args.games} (seeds {seeds.start}..{seeds.stop - 1}, {args.jobs} jobs)")
    print(f"decisions: {decisions} ({decisions / args.games:.1f} a game)")
    print(f"longest:   {longest} decisions (seed {longest_seed})")
    print(f"failures:  {len(failures)}")
    print(f"time:      {seconds:.1f} s ({args.games / seconds:.0f} games/s)")
    for run in sorted(failures, key=lambda r: r.seed)[:REPORTS_SHOWN]:
        print("\n" + run.report())
    if len(failures) > REPORTS_SHOWN:
        print(
            "failed seeds:", " ".join(str(r.seed) for r in sorted(failures, key=lambda r: r.seed))
        )
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
