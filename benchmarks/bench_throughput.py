"""Benchmark: steps per CPU-second of the plain API and of every learning adapter (issue 40).

One table, from one interleaved run, 2 players and compact actions
throughout, every decision chosen uniformly at random among the legal ones
(the cost of a policy left out):

- ``plain``: ``GameState.legal_actions()``, ``rng.choice`` and ``apply``;
  draws with ``sample_chance``. A step is a decision (the list is read at
  each, as every adapter must to build its mask).
- ``gym-random`` and ``gym-greedy``: ``TongiakiGymEnv`` with the learner in
  a random seat against the random or the greedy bot. A step is a learner
  step (it includes the bot's decisions and the draws up to the learner's
  next decision).
- ``pettingzoo``: ``env(actions="compact")`` with its wrappers, ``last()``
  then ``step``; a step is a decision.
- ``openspiel``: the adapter's own loop, ``legal_actions()`` and
  ``apply_action`` on a ``python_tongiaki`` state, chance drawn from
  ``chance_outcomes()``; a step is a decision.
- ``rl_environment``: OpenSpiel's ``rl_environment.Environment`` over the
  same game (the loop its DQN, NFSP and PPO use: the observation tensor and
  the legal actions of every player after every step, chance sampled by
  the environment); a step is a decision.

Each runner keeps its game going from round to round. A round runs every
runner in turn, for ``--budget`` CPU-seconds each, in an order rotated from
round to round, so that the load of the shared machine falls on all of them
alike; the figures are total steps over total CPU time
(``time.process_time``), one core.

``--baseline REV`` runs the same runners on the ``src`` of commit ``REV``
(unpacked with ``git archive``) in a second worker process, the two
workers taking turns within every round, and prints both tables and their
ratios: before and after from one run.

    python benchmarks/bench_throughput.py [--rounds 6] [--budget 0.5] [--baseline REV]
"""

from __future__ import annotations

import argparse
import importlib.util
import json
import os
import random
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve()
REPO = HERE.parent.parent
PLAYERS = 2
RUNNERS = ("plain", "gym-random", "gym-greedy", "pettingzoo", "openspiel", "rl_environment")
NEEDS = {
    "gym-random": "gymnasium",
    "gym-greedy": "gymnasium",
    "pettingzoo": "pettingzoo",
    "openspiel": "pyspiel",
    "rl_environment": "pyspiel",
}

Step = Callable[[], None]


# ---------------------------------------------------------------- the runners (one step each)
def plain() -> Step:
    from tongiaki_rules import new_game

    rng = random.Random(1)
    start = new_game(PLAYERS)
    box = [start]

    def step() -> None:
        state = box[0]
        while state.is_chance_node:
            state = state.apply(state.sample_chance(rng))
        if state.is_terminal:
            state = start
        state = state.apply(rng.choice(state.legal_actions()))
        box[0] = state

    return step


def gym(opponent: str) -> Callable[[], Step]:
    def make() -> Step:
        import numpy as np

        from tongiaki_rules.adapters.gymnasium import TongiakiGymEnv

        env = TongiakiGymEnv(PLAYERS, opponents=opponent, actions="compact", seat="random")
        rng = np.random.default_rng(1)
        box = [env.reset(seed=1)[0]]

        def step() -> None:
            legal = np.flatnonzero(box[0]["action_mask"])
            observation, _, terminated, truncated, _ = env.step(
                int(legal[rng.integers(len(legal))])
            )
            if terminated or truncated:
                observation, _ = env.reset()
            box[0] = observation

        return step

    return make


def pettingzoo() -> Step:
    import numpy as np

    from tongiaki_rules.adapters.pettingzoo import env

    game = env(PLAYERS, actions="compact")
    rng = random.Random(1)
    game.reset(seed=1)

    def step() -> None:
        while True:
            if not game.agents:
                game.reset(seed=rng.randrange(2**32))
                continue
            observation, _reward, terminated, truncated, _info = game.last()
            if terminated or truncated:
                game.step(None)
                continue
            allowed = np.flatnonzero(observation["action_mask"].view(np.bool_))
            game.step(int(allowed[rng.randrange(len(allowed))]))
            return

    return step


def _spiel_game() -> Any:
    import pyspiel

    import tongiaki_rules.adapters.openspiel  # noqa: F401  (registers the game)

    return pyspiel.load_game("python_tongiaki", {"players": PLAYERS, "actions": "compact"})


def openspiel() -> Step:
    game = _spiel_game()
    rng = random.Random(1)
    box = [game.new_initial_state()]

    def step() -> None:
        state = box[0]
        while state.is_chance_node():
            outcomes = state.chance_outcomes()
            state.apply_action(rng.choices([a for a, _ in outcomes], [p for _, p in outcomes])[0])
        if state.is_terminal():
            state = box[0] = game.new_initial_state()
            return step()
        state.apply_action(rng.choice(state.legal_actions()))
        return None

    return step


def rl_environment() -> Step:
    from open_spiel.python import rl_environment as rl

    environment = rl.Environment(_spiel_game(), chance_event_sampler=rl.ChanceEventSampler(1))
    rng = random.Random(1)
    box = [environment.reset()]

    def step() -> None:
        time_step = box[0]
        if time_step.last():
            time_step = environment.reset()
        player = time_step.observations["current_player"]
        legal = time_step.observations["legal_actions"][player]
        box[0] = environment.step([rng.choice(legal)])

    return step


MAKERS: dict[str, Callable[[], Step]] = {
    "plain": plain,
    "gym-random": gym("random"),
    "gym-greedy": gym("greedy"),
    "pettingzoo": pettingzoo,
    "openspiel": openspiel,
    "rl_environment": rl_environment,
}


def available(names: list[str]) -> list[str]:
    return [n for n in names if n not in NEEDS or importlib.util.find_spec(NEEDS[n]) is not None]


# ---------------------------------------------------------------- the worker
def worker(names: list[str]) -> None:
    """Make the runners, then run one round per line read: ``shift budget``."""
    steps = {name: MAKERS[name]() for name in names}
    for name in names:  # warm the caches and the imports
        steps[name]()
    print("ready", flush=True)
    for line in sys.stdin:
        shift_text, budget_text = line.split()
        shift, budget = int(shift_text), float(budget_text)
        order = names[shift % len(names) :] + names[: shift % len(names)]
        result: dict[str, tuple[int, float]] = {}
        for name in order:
            run = steps[name]
            done = 0
            started = time.process_time()
            while (spent := time.process_time() - started) < budget:
                run()
                done += 1
            result[name] = (done, spent)
        print(json.dumps(result), flush=True)


# ---------------------------------------------------------------- the conductor
def unpack(revision: str, folder: Path) -> Path:
    folder.mkdir(parents=True)
    archive = subprocess.run(
        ["git", "-C", str(REPO), "archive", revision, "src"], check=True, capture_output=True
    ).stdout
    subprocess.run(["tar", "-x", "-C", str(folder)], input=archive, check=True)
    return folder / "src"


def start(source: Path, names: list[str]) -> subprocess.Popen[str]:
    environment = dict(os.environ, PYTHONPATH=str(source))
    process = subprocess.Popen(
        [sys.executable, str(HERE), "--worker", *names],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
        env=environment,
    )
    assert process.stdout is not None
    if process.stdout.readline().strip() != "ready":
        raise SystemExit("a worker failed to start")
    return process


def table(totals: dict[str, list[float]]) -> dict[str, float]:
    return {name: done / spent for name, (done, spent) in totals.items()}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=6)
    parser.add_argument("--budget", type=float, default=0.5, help="CPU-seconds a runner a round")
    parser.add_argument("--baseline", help="a commit to measure against, in the same run")
    parser.add_argument("--only", choices=RUNNERS, action="append")
    parser.add_argument("--worker", nargs="*", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.worker is not None:
        worker(args.worker)
        return
    names = available(list(args.only or RUNNERS))
    with tempfile.TemporaryDirectory() as tmp:
        trees = {"current": REPO / "src"}
        if args.baseline:
            trees = {"baseline": unpack(args.baseline, Path(tmp) / "baseline"), **trees}
        workers = {tree: start(source, names) for tree, source in trees.items()}
        totals = {tree: {name: [0.0, 0.0] for name in names} for tree in trees}
        for round_ in range(args.rounds):
            order = list(workers)
            if round_ % 2:
                order.reverse()
            for tree in order:
                process = workers[tree]
                assert process.stdin is not None and process.stdout is not None
                process.stdin.write(f"{round_} {args.budget}\n")
                process.stdin.flush()
                for name, (done, spent) in json.loads(process.stdout.readline()).items():
                    totals[tree][name][0] += done
                    totals[tree][name][1] += spent
        for process in workers.values():
            assert process.stdin is not None
            process.stdin.close()
            process.wait()
    rates = {tree: table(totals[tree]) for tree in trees}
    print(
        f"{PLAYERS} players, compact actions, random decisions; {args.rounds} rounds of "
        f"{args.budget} CPU-s per runner, interleaved; steps per CPU-second"
    )
    header = f"{'runner':<16}" + "".join(f"{tree:>10}" for tree in trees)
    print(header + ("   current/baseline" if args.baseline else ""))
    for name in names:
        line = f"{name:<16}" + "".join(f"{rates[tree][name]:10,.0f}" for tree in trees)
        if args.baseline:
            line += f"   {rates['current'][name] / rates['baseline'][name]:6.2f}x"
        print(line)
    for tree in trees:
        r = rates[tree]
        notes = []
        if "pettingzoo" in r:
            notes.append(f"plain/pettingzoo {r['plain'] / r['pettingzoo']:.2f}")
        if "openspiel" in r and "rl_environment" in r:
            notes.append(f"openspiel/rl_environment {r['openspiel'] / r['rl_environment']:.2f}")
        if "gym-greedy" in r and "gym-random" in r:
            notes.append(f"gym-random/gym-greedy {r['gym-random'] / r['gym-greedy']:.2f}")
        print(f"{tree}: " + ", ".join(notes))


if __name__ == "__main__":
    main()
