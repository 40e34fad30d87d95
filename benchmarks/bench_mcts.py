"""Benchmark: MCTS simulated actions per second, this source against an older commit, in one run.

A "simulated action" is one ``GameState.apply`` made by the search (the
root's options, the nodes' options, tree steps and chance draws). The
positions are taken from seeded greedy games (2 and 4 players, every
``--every``-th decision that has a choice); on each, a fresh
``MCTSBot(seed=k)`` at its default settings chooses.

Two worker processes load the two sources (this checkout's ``src`` and
``git archive --base`` unpacked into a temporary folder) and time every
position in turn; the rounds alternate between the workers, so the shared
machine's load falls on both alike. The script prints, per source, the
actions applied (counted in an untimed pass), the median round and the
simulated actions per second, then the ratio of the times the two sources
take for the same decisions, and checks that both sources made the same
choice on every position.

``--python PY`` adds a third worker running the package installed for the
interpreter PY (for example the compiled build in ``.venv-mypyc/bin/python``),
with no source folder on its path; its ratio is printed against this source.

    python benchmarks/bench_mcts.py [--base COMMIT] [--rounds N] [--every K] [--python PY]
"""

from __future__ import annotations

import argparse
import json
import pathlib
import random
import statistics
import subprocess
import sys
import tarfile
import tempfile
import time
from typing import Any

HERE = pathlib.Path(__file__).resolve().parent
DEFAULT_BASE = "e850bc7"
"""The commit of main at which the issue-17 MCTS work started."""


# ---------------------------------------------------------------- the worker
def _positions(players: int, seed: int, every: int) -> list[Any]:
    from tongiaki_rules import new_game
    from tongiaki_rules.bots import GreedyBot

    bots = [GreedyBot(seed=seed + k) for k in range(players)]
    rng = random.Random(seed)
    state = new_game(players)
    found = []
    decisions = 0
    while not state.is_terminal:
        if state.is_chance_node:
            state = state.apply(state.sample_chance(rng))
            continue
        if len(state.legal_actions()) > 1:
            decisions += 1
            if decisions % every == 0:
                found.append(state)
        seat = state.current_player
        assert seat is not None
        state = state.apply(bots[seat].choose(state))
    return found


def worker(src: str, every: int) -> None:
    """Serve timing requests on stdin: one JSON line in, one out."""
    if src != "installed":
        sys.path.insert(0, src)
    from tongiaki_rules import new_game
    from tongiaki_rules.bots import MCTSBot

    GameState = type(new_game(2))  # its module moved in issue 37: any tree works

    positions = _positions(2, 1, every) + _positions(4, 2, every)
    applied = 0
    plain = GameState.apply

    def counting(self: GameState, action: Any) -> GameState:
        nonlocal applied
        applied += 1
        return plain(self, action)

    GameState.apply = counting  # type: ignore[method-assign]
    choices = [repr(MCTSBot(seed=k).choose(s)) for k, s in enumerate(positions)]
    GameState.apply = plain  # type: ignore[method-assign]
    print(json.dumps({"positions": len(positions), "applied": applied, "choices": choices}))
    sys.stdout.flush()
    for _line in sys.stdin:
        start = time.perf_counter()
        for k, state in enumerate(positions):
            MCTSBot(seed=k).choose(state)
        print(json.dumps({"seconds": time.perf_counter() - start}))
        sys.stdout.flush()


# ---------------------------------------------------------------- the driver
def _unpack(commit: str, into: str) -> str:
    archive = subprocess.run(
        ["git", "-C", str(HERE.parent), "archive", commit, "src"],
        check=True,
        capture_output=True,
    ).stdout
    path = pathlib.Path(into) / "archive.tar"
    path.write_bytes(archive)
    with tarfile.open(path) as tar:
        tar.extractall(into, filter="data")
    return str(pathlib.Path(into) / "src")


def _start(python: str, src: str, every: int) -> subprocess.Popen[str]:
    return subprocess.Popen(
        [python, __file__, "--worker", src, "--every", str(every)],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
    )


def _ask(proc: subprocess.Popen[str]) -> dict[str, Any]:
    assert proc.stdin is not None and proc.stdout is not None
    proc.stdin.write("go\n")
    proc.stdin.flush()
    answer: dict[str, Any] = json.loads(proc.stdout.readline())
    return answer


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--base", default=DEFAULT_BASE, help="the commit to compare with")
    parser.add_argument("--rounds", type=int, default=7)
    parser.add_argument("--every", type=int, default=7)
    parser.add_argument("--python", help="an interpreter whose installed build to add")
    parser.add_argument("--worker", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.worker:
        worker(args.worker, args.every)
        return
    with tempfile.TemporaryDirectory() as folder:
        sources = {
            f"before ({args.base})": (sys.executable, _unpack(args.base, folder)),
            "after (this source)": (sys.executable, str(HERE.parent / "src")),
        }
        if args.python:
            sources["installed (--python)"] = (args.python, "installed")
        procs = {name: _start(py, src, args.every) for name, (py, src) in sources.items()}
        first: dict[str, dict[str, Any]] = {}
        for name, proc in procs.items():
            assert proc.stdout is not None
            first[name] = json.loads(proc.stdout.readline())
        times: dict[str, list[float]] = {name: [] for name in procs}
        order = list(procs)
        for r in range(args.rounds):
            for name in order if r % 2 == 0 else order[::-1]:
                times[name].append(_ask(procs[name])["seconds"])
        for proc in procs.values():
            assert proc.stdin is not None
            proc.stdin.close()
            proc.wait()
    rates = {}
    print(f"{first[order[0]]['positions']} positions, median of {args.rounds} interleaved rounds")
    print(f"{'source':<24}{'applied':>9}{'round s':>9}{'actions/s':>11}")
    for name in order:
        median = statistics.median(times[name])
        rates[name] = first[name]["applied"] / median
        print(f"{name:<24}{first[name]['applied']:>9}{median:>9.3f}{rates[name]:>11,.0f}")
    # the time of the same decisions is the measure: since the search rates its options by
    # previews (issue 36), it applies fewer actions for the same choices, so actions/s no
    # longer compares two sources
    medians = {name: statistics.median(times[name]) for name in order}
    before, after = medians[order[0]], medians[order[1]]
    print(f"decision time after/before: {after / before:.2f}x")
    if args.python:
        print(f"decision time installed/after: {medians[order[2]] / after:.2f}x")
    same = all(first[name]["choices"] == first[order[0]]["choices"] for name in order)
    print("choices: identical" if same else "choices: DIFFERENT")


if __name__ == "__main__":
    main()
