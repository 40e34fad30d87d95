"""Benchmark: the core against commit 26a0cc5, interleaved in one run (issue 17).

Random 4-player games through the public API, with the legal list read at
every decision (as ``bench_random_game.py`` plays them). The baseline commit
is unpacked into a temporary folder with ``git archive``; every round runs
the same seeded games once on each tree, each in its own fresh subprocess,
alternating which tree goes first. The script prints the median game time
of each tree and their ratio, the time per ``apply`` and per
``legal_actions()`` call, and the memory per state: the bytes of the objects
a state holds that its parent does not (the settings, shared by the whole
game, and the interned action objects are left out), with the legal list
read, as in the games.

``--python PY`` adds the package installed for the interpreter PY (for
example the compiled build in ``.venv-mypyc/bin/python``), run without any
source folder on the path; the line shows whether that build is compiled.
``--sample`` times the games of a random player that draws with
``GameState.sample_action`` where a tree has it (the random bot and MCTS's
rollouts do), which reads no list; a tree without it reads the list as before.

    python benchmarks/bench_core.py [--rounds R] [--games N] [--baseline REV] [--players P]
                                    [--also REV] [--python PY] [--sample]
"""

from __future__ import annotations

import argparse
import json
import os
import random
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

BASELINE = "26a0cc5"
HERE = Path(__file__).resolve()
REPO = HERE.parent.parent


# ---------------------------------------------------------------- the worker (one tree)
def _play(players: int, rng: random.Random) -> list[Any]:
    from tongiaki_rules import new_game

    state = new_game(players)
    states = [state]
    while not state.is_terminal:
        if state.is_chance_node:
            outcomes = state.chance_outcomes()
            draws = [a for a, _p in outcomes]
            weights = [p for _a, p in outcomes]
            state = state.apply(rng.choices(draws, weights)[0])
        else:
            state = state.apply(rng.choice(state.legal_actions()))
        states.append(state)
    return states


def _timed_game(players: int, rng: random.Random, sample: bool = False) -> float:
    """One game's time; with ``sample``, the player draws with ``sample_action`` where the tree
    has it (the same moves and random numbers as ``rng.choice(legal_actions())`` whenever the
    look-ahead refuses nothing, so both trees play the same games)."""
    from tongiaki_rules import new_game

    t0 = time.perf_counter()
    state = new_game(players)
    sampled = sample and hasattr(state, "sample_action")
    while not state.is_terminal:
        if state.is_chance_node:
            outcomes = state.chance_outcomes()
            draws = [a for a, _p in outcomes]
            weights = [p for _a, p in outcomes]
            state = state.apply(rng.choices(draws, weights)[0])
        elif sampled:
            state = state.apply(state.sample_action(rng))
        else:
            state = state.apply(rng.choice(state.legal_actions()))
    return time.perf_counter() - t0


def _call_times(players: int, rng: random.Random) -> tuple[float, int, float, int]:
    """Total time and count of ``apply`` calls and of ``legal_actions()`` calls in one game."""
    from tongiaki_rules import new_game

    clock = time.perf_counter
    state = new_game(players)
    t_apply = t_legal = 0.0
    n_apply = n_legal = 0
    while not state.is_terminal:
        if state.is_chance_node:
            outcomes = state.chance_outcomes()
            action = rng.choices([a for a, _p in outcomes], [p for _a, p in outcomes])[0]
        else:
            t0 = clock()
            legal = state.legal_actions()
            t_legal += clock() - t0
            n_legal += 1
            action = rng.choice(legal)
        t0 = clock()
        state = state.apply(action)
        t_apply += clock() - t0
        n_apply += 1
    return t_apply, n_apply, t_legal, n_legal


_ATOMS = (type(None), bool, int, float, str)


def _reach(state: Any, skip: tuple[type, ...]) -> dict[int, int]:
    """The objects a state holds (id -> size), the settings and interned actions left out."""
    import sys as _sys

    seen: dict[int, int] = {}
    stack = [state]
    while stack:
        obj = stack.pop()
        if isinstance(obj, (_ATOMS, skip)) or id(obj) in seen:
            continue
        seen[id(obj)] = _sys.getsizeof(obj)
        if isinstance(obj, tuple | list | set | frozenset):
            stack.extend(obj)
        elif isinstance(obj, dict):
            stack.extend(obj.keys())
            stack.extend(obj.values())
        else:
            for klass in type(obj).__mro__:
                for name in getattr(klass, "__slots__", ()):
                    if name == "config" or name == "__weakref__":
                        continue
                    value = getattr(obj, name, None)
                    if value is not None:
                        stack.append(value)
    return seen


def _memory(players: int, games: int, seed: int) -> dict[str, float]:
    from tongiaki_rules import actions, new_game

    GameConfig = type(new_game(players).config)  # its module moved in issue 37: any tree works
    skip = (GameConfig, *actions.ACTION_TYPES)
    rng = random.Random(seed)
    per_state: list[int] = []
    dropped: list[int] = []
    base = sys.getsizeof(new_game(players))
    for _ in range(games):
        states = _play(players, rng)
        for s in states:  # read as the games read them
            s.legal_actions()
        previous = _reach(states[0], skip)
        for s in states[1:]:
            current = _reach(s, skip)
            per_state.append(sum(size for k, size in current.items() if k not in previous))
            previous = current
        if hasattr(states[0], "drop_caches"):
            for s in states:
                s.drop_caches()
            previous = _reach(states[0], skip)
            for s in states[1:]:
                current = _reach(s, skip)
                dropped.append(sum(size for k, size in current.items() if k not in previous))
                previous = current
    return {
        "bytes_mean": statistics.fmean(per_state),
        "bytes_median": statistics.median(per_state),
        "state_object": base,
        "bytes_dropped": statistics.fmean(dropped) if dropped else float("nan"),
    }


def worker(args: argparse.Namespace) -> None:
    import tongiaki_rules

    rng = random.Random(args.seed + 1000)
    for _ in range(args.warmup):
        _timed_game(args.players, rng, args.sample)
    rng = random.Random(args.seed)
    times = [_timed_game(args.players, rng, args.sample) for _ in range(args.games)]
    rng = random.Random(args.seed)
    ta = tl = 0.0
    na = nl = 0
    for _ in range(args.games):
        a, b, c, d = _call_times(args.players, rng)
        ta, na, tl, nl = ta + a, na + b, tl + c, nl + d
    result: dict[str, Any] = {
        "source": str(Path(tongiaki_rules.__file__).parent),
        "compiled": bool(getattr(tongiaki_rules, "COMPILED", False)),
        "median_game": statistics.median(times),
        "apply_us": ta / na * 1e6,
        "legal_us": tl / nl * 1e6,
    }
    if args.memory:
        result.update(_memory(args.players, args.memory, args.seed))
    print(json.dumps(result))


# ---------------------------------------------------------------- the driver
def _run(tree: tuple[str, Path | None], args: argparse.Namespace, memory: int) -> dict[str, Any]:
    """One worker: ``tree`` is an interpreter and the source folder to put first on its path.

    Without a folder, the worker imports the package installed for that interpreter.
    """
    python, src = tree
    env = dict(os.environ)
    env.pop("PYTHONPATH", None)
    if src is not None:
        env["PYTHONPATH"] = str(src)
    command = [
        python,
        str(HERE),
        "--worker",
        f"--games={args.games}",
        f"--players={args.players}",
        f"--seed={args.seed}",
        f"--warmup={args.warmup}",
        f"--memory={memory}",
        *(["--sample"] if args.sample else []),
    ]
    out = subprocess.run(command, env=env, check=True, capture_output=True, text=True).stdout
    result: dict[str, Any] = json.loads(out.strip().splitlines()[-1])
    if src is not None and Path(result["source"]).resolve() != (src / "tongiaki_rules").resolve():
        raise SystemExit(f"the worker imported {result['source']}, not the tree under {src}")
    return result


def _unpack(revision: str, folder: Path) -> Path:
    """The ``src`` folder of ``revision``, unpacked into ``folder``."""
    folder.mkdir()
    archive = subprocess.run(
        ["git", "-C", str(REPO), "archive", revision, "src"], check=True, capture_output=True
    ).stdout
    subprocess.run(["tar", "-x", "-C", str(folder)], input=archive, check=True)
    return folder / "src"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=7)
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--warmup", type=int, default=30)
    parser.add_argument("--baseline", default=BASELINE)
    parser.add_argument("--memory-games", type=int, default=30)
    parser.add_argument(
        "--also", action="append", default=[], help="another revision to compare (repeatable)"
    )
    parser.add_argument(
        "--python",
        action="append",
        default=[],
        help="an interpreter whose installed tongiaki_rules to compare, e.g. the compiled build's",
    )
    parser.add_argument(
        "--sample",
        action="store_true",
        help="the random player draws with GameState.sample_action where a tree has it "
        "(reads no list), instead of rng.choice(legal_actions())",
    )
    parser.add_argument("--worker", action="store_true", help=argparse.SUPPRESS)
    parser.add_argument("--memory", type=int, default=0, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.worker:
        worker(args)
        return
    with tempfile.TemporaryDirectory() as tmp:
        here = sys.executable
        trees: dict[str, tuple[str, Path | None]] = {
            "baseline": (here, _unpack(args.baseline, Path(tmp) / "baseline"))
        }
        for revision in args.also:
            trees[revision] = (here, _unpack(revision, Path(tmp) / revision))
        trees["current"] = (here, REPO / "src")
        for k, python in enumerate(args.python, 1):
            trees[f"python{k}"] = (python, None)
        runs: dict[str, list[dict[str, Any]]] = {name: [] for name in trees}
        for r in range(args.rounds):
            order = list(trees) if r % 2 == 0 else list(reversed(trees))
            for name in order:
                memory = args.memory_games if r == 0 else 0
                runs[name].append(_run(trees[name], args, memory))
    print(
        f"{args.rounds} rounds x {args.games} random {args.players}-player games "
        f"(seed {args.seed}), baseline {args.baseline}; current is the working tree"
    )
    medians = {}
    for k, python in enumerate(args.python, 1):
        first = runs[f"python{k}"][0]
        build = "compiled" if first["compiled"] else "pure"
        print(f"python{k}  : {python}, installed package ({build}) at {first['source']}")
    for name, results in runs.items():
        medians[name] = statistics.median(x["median_game"] for x in results)
        apply_us = statistics.median(x["apply_us"] for x in results)
        legal_us = statistics.median(x["legal_us"] for x in results)
        first = results[0]
        print(
            f"{name:9s}: median game {medians[name] * 1000:.3f} ms, apply {apply_us:.2f} µs, "
            f"legal_actions() {legal_us:.2f} µs, per state {first['bytes_mean']:.0f} bytes "
            f"(median {first['bytes_median']:.0f}; the state object {first['state_object']}; "
            f"caches dropped {first['bytes_dropped']:.0f})"
        )
    for name, results in runs.items():
        if name == "baseline":
            continue
        ratios = [
            c["median_game"] / b["median_game"]
            for b, c in zip(runs["baseline"], results, strict=True)
        ]
        print(
            f"ratio {name}/baseline: {medians[name] / medians['baseline']:.3f} "
            f"(per round {min(ratios):.3f}..{max(ratios):.3f})"
        )


if __name__ == "__main__":
    main()
