"""Every figure the README and the docs print, and the command that measures it again.

A timing, a win rate or a learning curve printed in the docs is true of one
machine on one day. Each figure therefore names, where it is printed, the
command that produced it, the machine and the date (a *stamp*), and this
script knows every one of them by a short name, so any figure can be measured
again and its stamp rewritten::

    python tools/figures.py --list                   # the names, pages and commands
    python tools/figures.py --only readme-tournament # one figure (repeatable)
    python tools/figures.py                          # all of them: hours, see --list
    python tools/figures.py --stamp --only NAME      # the stamp alone, for a page

For each figure it runs the figure's commands from the repository's root with
this Python, prints what they print, their wall-clock and CPU time, and a
stamp to paste under the figure::

    *Measured on 2026-11-28, Intel Xeon (2 cores, load average 1.0), Python 3.11.7,
    pure build: `python tools/figures.py --only readme-tournament`.*

``tests/test_figures.py`` checks that every figure named here is stamped on its
pages and that every stamp on a page names a figure of this list. The timing
figures depend on the machine and on its load: measure with the machine to
itself where you can, and say the load average when you cannot.
"""

from __future__ import annotations

import argparse
import datetime
import os
import platform
import resource
import subprocess
import sys
import time
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PY = "python"
"""How the commands below name the Python that runs them (this script's own)."""


@dataclass(frozen=True)
class Figure:
    """A figure printed on some pages, and the commands that measure it."""

    name: str
    pages: tuple[str, ...]
    what: str
    commands: tuple[str, ...]
    """Shell words, ``python`` meaning this Python; run from the repository's root."""


FIGURES: tuple[Figure, ...] = (
    Figure(
        "readme-tournament",
        ("README.md",),
        "the README's first command: 200 four-player games, random against greedy, its time",
        ("python -m tongiaki_rules simulate",),
    ),
    Figure(
        "readme-tests",
        ("README.md",),
        "the README's second command: the test suite (without the slow tests), its time",
        ("python -m pytest -q -p no:cacheprovider",),
    ),
    Figure(
        "lookahead-lazy-lists",
        ("docs/explanation/performance.md",),
        "issue 36's second step: simulate, MCTS, a random game and the Gymnasium env, timed",
        (
            "python -m tongiaki_rules simulate --games 40 --quiet",
            "python -m tongiaki_rules simulate --quiet",
            "python benchmarks/bench_mcts.py --base 26a0cc5 --rounds 2",
            "python benchmarks/bench_core.py --rounds 5 --games 30 --baseline 0c457e2"
            " --also 15c4402",
            "python benchmarks/bench_gym.py --seconds 5 --opponents random greedy",
        ),
    ),
    Figure(
        "lookahead-sampled-moves",
        ("docs/explanation/performance.md",),
        "issue 36's third step: a random game drawn with sample_action and one reading every"
        " list, simulate, the Gymnasium env and MCTS, timed",
        (
            "python benchmarks/bench_core.py --rounds 3 --games 30 --baseline 0c457e2 --sample",
            "python benchmarks/bench_core.py --rounds 3 --games 30 --baseline 0c457e2",
            "python -m tongiaki_rules simulate --quiet",
            "python benchmarks/bench_gym.py --seconds 5 --opponents random greedy",
            "python benchmarks/bench_mcts.py --base 26a0cc5 --rounds 2",
            "python benchmarks/worst_decisions.py --only-issue --cap 1000000",
        ),
    ),
    Figure(
        "readme-slow-tests",
        ("README.md",),
        "the tests marked slow, their time",
        ("python -m pytest -q -p no:cacheprovider -m slow",),
    ),
    Figure(
        "readme-simulate-sample",
        ("README.md",),
        "the sample of `tongiaki simulate --games 40` (seeded: the same on every machine)",
        ("python -m tongiaki_rules simulate --games 40 --quiet",),
    ),
    Figure(
        "readme-speed",
        ("README.md", "docs/explanation/performance.md"),
        "random games a second by player count",
        (
            "python benchmarks/bench_random_game.py --games 2000 --players 2",
            "python benchmarks/bench_random_game.py --games 2000 --players 4",
            "python benchmarks/bench_random_game.py --games 2000 --players 6",
            "python benchmarks/bench_random_game.py --games 2000 --players 2 --sample",
            "python benchmarks/bench_random_game.py --games 2000 --players 4 --sample",
            "python benchmarks/bench_random_game.py --games 2000 --players 6 --sample",
        ),
    ),
    Figure(
        "readme-ci-legs",
        ("README.md",),
        "the times of CI's Python 3.12 and 3.13 legs (CI prints them; needs root)",
        ("bash .ci/run",),
    ),
    Figure(
        "bots-strength",
        ("docs/how-to/bots.md",),
        "the bots' pairings and their four-player tournament",
        ("python benchmarks/bench_strength.py --games 300 --seed 1 --jobs 2",),
    ),
    Figure(
        "gym-learning-curve",
        ("docs/how-to/gymnasium.md",),
        "MaskablePPO's win share against random and greedy as it trains (about an hour)",
        (
            "python examples/train_maskable_ppo.py --random-steps 40000 --greedy-steps 20000 "
            "--every 10000 --games 300 --seed 1 --plot learning_curve.png",
            "python examples/train_maskable_ppo.py --random-steps 0 --greedy-steps 0 "
            "--games 300 --seed 1",
        ),
    ),
    Figure(
        "gym-speed",
        ("docs/how-to/gymnasium.md",),
        "the Gymnasium environment's learner steps a second",
        ("taskset -c 0 python benchmarks/bench_gym.py --seconds 5",),
    ),
    Figure(
        "learning-throughput",
        ("docs/how-to/gymnasium.md",),
        "steps per CPU-second of the plain API and every learning adapter, before and after "
        "issue 40's point 4",
        ("python benchmarks/bench_throughput.py --baseline cae62d7 --rounds 8 --budget 1",),
    ),
    Figure(
        "openspiel-mcts",
        ("docs/how-to/openspiel.md",),
        "a game of OpenSpiel's MCTS against random players: its time",
        ("python examples/openspiel_mcts.py --players 3 --simulations 25 --seed 1",),
    ),
    Figure(
        "openspiel-mcts-wins",
        ("docs/how-to/openspiel.md",),
        "OpenSpiel's MCTS against random players: its share of the wins in 40 games",
        tuple(
            f"python examples/openspiel_mcts.py --players 3 --simulations 25 --seed {seed}"
            for seed in range(1, 41)
        ),
    ),
    Figure(
        "openspiel-alpha-zero",
        ("docs/how-to/openspiel.md",),
        "OpenSpiel's own AlphaZero trained for 20 minutes on the 2-player game, then against"
        " random and greedy (about 50 minutes; run it with the Python of the page's side venv,"
        " which has JAX)",
        ("python examples/openspiel_alpha_zero.py --seconds 1200 --eval-games 40 --seed 1",),
    ),
    Figure(
        "openspiel-overhead",
        ("docs/how-to/openspiel.md",),
        "a random game through the OpenSpiel adapter against the plain API",
        ("python benchmarks/bench_adapters.py --games 300 --players 4",),
    ),
    Figure(
        "pettingzoo-overhead",
        ("docs/how-to/pettingzoo.md",),
        "a random game through the PettingZoo environments against the plain API",
        (
            "python benchmarks/bench_adapters.py --games 100 --players 4 --only pettingzoo "
            "--only pettingzoo-compact --only pettingzoo-raw",
        ),
    ),
    Figure(
        "pettingzoo-self-play",
        ("docs/how-to/pettingzoo.md",),
        "one shared policy trained in every seat for 300 CPU s, against random and greedy "
        "before and after (about 10 minutes)",
        ("python examples/pettingzoo_self_play.py --seconds 300 --eval-games 200 --seed 1",),
    ),
    Figure(
        "serve-memory",
        ("docs/how-to/serve.md",),
        "the game server's memory with 20,000 open WebSockets",
        ("python benchmarks/ws_memory.py",),
    ),
    Figure(
        "serve-boards-memory",
        ("docs/how-to/serve.md",),
        "the game server's memory while board.svg is asked at 16 positions of many games",
        (
            "python benchmarks/server_memory.py --games 250",
            "python benchmarks/server_memory.py --games 500",
        ),
    ),
    Figure(
        "serve-cold-views",
        ("docs/how-to/serve.md",),
        "the CPU of a view of a game the server does not hold, over 1,000 stored games",
        ("python benchmarks/cold_views.py",),
    ),
    Figure(
        "serve-live-memory",
        ("docs/how-to/serve.md",),
        "a real server process's memory after board.svg at 16 positions of 1,000 games",
        ("python benchmarks/server_memory.py --live --games 1000",),
    ),
    Figure(
        "serve-load",
        ("docs/how-to/serve.md",),
        "the game server under 50 games of load: moves a second, latency, CPU per move",
        (
            "python benchmarks/server_load.py --no-svg --think 0.2 --workers 2 --db sqlite",
            "python benchmarks/server_load.py --no-svg --think 0.2 --workers 2 --db postgresql",
            "python benchmarks/server_load.py --no-svg --think 0 --workers 1 --db sqlite",
        ),
    ),
    Figure(
        "serve-answer-at-once",
        ("docs/how-to/serve.md",),
        "a human's move answered before the bots' replies: p50/p90/p99 of the move requests "
        "and of the wait for the pushed replies, 1 and 2 workers on SQLite and PostgreSQL (the "
        "'before' rows: PYTHONPATH naming the src of a tree before issue 38, point 2)",
        (
            "python benchmarks/server_load.py --no-svg --think 0.2 --workers 1 --db sqlite",
            "python benchmarks/server_load.py --no-svg --think 0.2 --workers 2 --db sqlite",
            "python benchmarks/server_load.py --no-svg --think 0.2 --workers 1 --db postgresql",
            "python benchmarks/server_load.py --no-svg --think 0.2 --workers 2 --db postgresql",
        ),
    ),
    Figure(
        "serve-cpu-per-move",
        ("docs/how-to/serve.md",),
        "the game service's CPU per human move in one process, as the server plays it (the "
        "move, its answer and push, the bots' replies and theirs); the 'before' rows with "
        "PYTHONPATH naming the src of the tree before issue 38's CPU cuts, interleaved",
        ("python benchmarks/server_cpu.py",),
    ),
    Figure(
        "serve-load-cpu-cut",
        ("docs/how-to/serve.md",),
        "50 games at 0.2 s of thinking after issue 38's CPU cuts: human moves a second, "
        "p50/p90/p99 of the move requests and of the pushed replies, the server's CPU per "
        "human move, 1 and 2 workers on SQLite and PostgreSQL",
        (
            "python benchmarks/server_load.py --no-svg --think 0.2 --workers 2 --db sqlite",
            "python benchmarks/server_load.py --no-svg --think 0.2 --workers 1 --db sqlite",
            "python benchmarks/server_load.py --no-svg --think 0.2 --workers 2 --db postgresql",
            "python benchmarks/server_load.py --no-svg --think 0.2 --workers 1 --db postgresql",
        ),
    ),
    Figure(
        "serve-tail",
        ("docs/how-to/serve.md",),
        "the tail of a move request at 50 games and 0.2 s of thinking after issue 38's paced "
        "collector and SQLite's shared commits: human moves a second, p50/p90/p99 of the move "
        "requests and of the pushed replies, CPU per human move, 1 and 2 workers on SQLite and "
        "PostgreSQL, 30 s each (the 'before' rows: PYTHONPATH naming the src of main at "
        "4d41490, interleaved)",
        (
            "python benchmarks/server_load.py --no-svg --think 0.2 --workers 2 --db sqlite "
            "--seconds 30",
            "python benchmarks/server_load.py --no-svg --think 0.2 --workers 2 --db postgresql "
            "--seconds 30",
            "python benchmarks/server_load.py --no-svg --think 0.2 --workers 1 --db sqlite "
            "--seconds 30",
            "python benchmarks/server_load.py --no-svg --think 0.2 --workers 1 --db postgresql "
            "--seconds 30",
        ),
    ),
    Figure(
        "serve-bot-starvation",
        ("docs/how-to/serve.md",),
        "greedy players' move latency beside one client's MCTS games (the 'before' row: run it "
        "with PYTHONPATH naming the src of a tree before issue 38's fair bot thinking)",
        ("python benchmarks/bot_starvation.py --seconds 20",),
    ),
    Figure(
        "serve-board-cost",
        ("docs/how-to/serve.md",),
        "the server's CPU per move with and without the board's SVG",
        ("python benchmarks/server_load.py --games 30 --seconds 60 --rounds 3",),
    ),
    Figure(
        "simulate-speed",
        ("docs/how-to/simulate.md",),
        "tongiaki simulate's time and games a second by line-up and --jobs",
        (
            "python -m tongiaki_rules simulate --quiet",
            "python benchmarks/bench_simulate.py --repeats 1",
        ),
    ),
    Figure(
        "soak",
        ("docs/how-to/soak.md",),
        "the soak test of 10,000 games: its time and what it found",
        ("python benchmarks/soak.py --games 10000 --jobs 1",),
    ),
    Figure(
        "encoding-check",
        ("docs/explanation/encoding.md",),
        "every legal action of 10,000 games encoded and decoded, and its time",
        ("python benchmarks/compact_actions.py",),
    ),
    Figure(
        "position-code-sizes",
        ("docs/reference/position-code.md",),
        "the lengths of position codes over 2,000 games (seeded)",
        ("python benchmarks/position_code_sizes.py --games 2000",),
    ),
    Figure(
        "ladder",
        ("docs/how-to/evaluate.md",),
        "the ladder of the built-in bots: every two-player pairing, 20 paired games each, and Elo",
        (
            "python benchmarks/ladder.py --games 20 --jobs 1 "
            "--pool random,greedy,learned,mcts:iterations=5,mcts:iterations=20,mcts",
        ),
    ),
    Figure(
        "learned-training",
        ("docs/how-to/evaluate.md",),
        "the learned bot's training run: self-play, MCTS's choices, the fit, their CPU times",
        ("python benchmarks/train_learned.py --seed 1 --out /tmp/learned_weights.json",),
    ),
    Figure(
        "learned-strength",
        ("docs/how-to/evaluate.md",),
        "the learned bot against greedy (1,000 paired games) and MCTS at its default budget",
        (
            "python benchmarks/eval_learned.py --opponent greedy --games 1000 --seed 1",
            "python benchmarks/eval_learned.py --opponent mcts --games 1000 --chunk 20 --seed 1",
        ),
    ),
)
"""Every figure, in the order of the pages."""


def by_name(name: str) -> Figure:
    for figure in FIGURES:
        if figure.name == name:
            return figure
    names = ", ".join(f.name for f in FIGURES)
    raise SystemExit(f"figures.py: no figure {name!r}; the figures are: {names}")


def machine() -> str:
    """The processor, its cores, the load, Python and which build of the package runs."""
    model = platform.processor() or platform.machine()
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                model = line.split(":", 1)[1].strip()
                break
    except OSError:
        pass
    load = os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")
    try:
        import tongiaki_rules

        build = "compiled build" if tongiaki_rules.COMPILED else "pure build"
    except ImportError:
        build = "build unknown"
    return (
        f"{model} ({os.cpu_count()} cores, load average {load:.1f}), "
        f"Python {platform.python_version()}, {build}"
    )


def stamp(figure: Figure, when: datetime.date | None = None, where: str | None = None) -> str:
    """The line a page prints under the figure: when, on what, and how to measure it again."""
    when = when or datetime.datetime.now(datetime.UTC).date()
    where = where or machine()
    again = f"`python tools/figures.py --only {figure.name}`"
    return f"*Measured on {when.isoformat()}, {where}: {again}.*"


def run(figure: Figure) -> int:
    """Run the figure's commands, printing their output, their times and the stamp."""
    print(f"== {figure.name}: {figure.what}")
    print(f"   printed in: {', '.join(figure.pages)}")
    where = machine()  # before the work, so the load average is the machine's own
    status = 0
    for command in figure.commands:
        words = [sys.executable if w == PY else w for w in command.split()]
        print(f"$ {command}", flush=True)
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        started = time.perf_counter()
        result = subprocess.run(words, cwd=ROOT, check=False)
        wall = time.perf_counter() - started
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
        print(f"   exit status {result.returncode}; {wall:.1f} s wall, {cpu:.1f} s CPU", flush=True)
        status = status or result.returncode
    print(stamp(figure, where=where))
    print()
    return status


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--list", action="store_true", help="list the figures and their pages")
    parser.add_argument("--only", action="append", metavar="NAME", help="this figure (repeatable)")
    parser.add_argument("--stamp", action="store_true", help="print the stamps only, run nothing")
    args = parser.parse_args(argv)
    chosen = [by_name(n) for n in args.only] if args.only else list(FIGURES)
    if args.list:
        for figure in chosen:
            print(f"{figure.name}: {figure.what}")
            print(f"    pages: {', '.join(figure.pages)}")
            for command in figure.commands:
                print(f"    $ {command}")
        return 0
    if args.stamp:
        for figure in chosen:
            print(stamp(figure))
        return 0
    status = 0
    for figure in chosen:
        status = run(figure) or status
    return status


if __name__ == "__main__":
    sys.exit(main())
