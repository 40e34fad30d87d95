"""Benchmark: random games through the OpenSpiel and PettingZoo adapters against the plain API.

Every runner plays uniformly random decisions and draws chance outcomes by
their probabilities, from ``new_game`` to the end:

- ``plain``: ``GameState.legal_actions()`` / ``apply`` / ``chance_outcomes()``;
- ``openspiel``: a ``python_tongiaki`` state, ``legal_actions()`` (action
  indices), ``chance_outcomes()`` and ``apply_action``;
- ``pettingzoo``: ``env()`` with its wrappers, ``last()`` (the observation
  vector and the action mask) and ``step`` with an index the mask allows; the
  environment draws the tiles itself;
- ``pettingzoo-raw``: the same on ``raw_env()``.

Reports per runner the median time per game, games/s from it, the mean, and
the ratio of its median to the plain one. A runner whose extra is not
installed is skipped.

    python benchmarks/bench_adapters.py [--games N] [--players P] [--seed S]
"""

from __future__ import annotations

import argparse
import importlib.util
import random
import statistics
import time
from collections.abc import Callable

from tongiaki_rules import new_game

Runner = Callable[[random.Random], None]


def plain(players: int) -> Runner:
    def play(rng: random.Random) -> None:
        state = new_game(players)
        while not state.is_terminal:
            if state.is_chance_node:
                outcomes = state.chance_outcomes()
                draws = [a for a, _p in outcomes]
                state = state.apply(rng.choices(draws, [p for _a, p in outcomes])[0])
            else:
                state = state.apply(rng.choice(state.legal_actions()))

    return play


def openspiel(players: int) -> Runner:
    from tongiaki_rules.adapters.openspiel import load_game

    game = load_game(players)

    def play(rng: random.Random) -> None:
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes = state.chance_outcomes()
                draws = [a for a, _p in outcomes]
                state.apply_action(rng.choices(draws, [p for _a, p in outcomes])[0])
            else:
                state.apply_action(rng.choice(state.legal_actions()))

    return play


def pettingzoo(players: int, *, wrapped: bool = True) -> Runner:
    import numpy as np

    from tongiaki_rules.adapters.pettingzoo import env, raw_env

    game = env(players) if wrapped else raw_env(players)

    def play(rng: random.Random) -> None:
        game.reset(seed=rng.randrange(2**32))
        for _agent in game.agent_iter():
            observation, _reward, terminated, truncated, _info = game.last()
            if terminated or truncated:
                game.step(None)
            else:
                game.step(rng.choice(np.flatnonzero(observation["action_mask"]).tolist()))

    return play


RUNNERS: dict[str, tuple[str | None, Callable[[int], Runner]]] = {
    "plain": (None, plain),
    "openspiel": ("pyspiel", openspiel),
    "pettingzoo": ("pettingzoo", pettingzoo),
    "pettingzoo-raw": ("pettingzoo", lambda players: pettingzoo(players, wrapped=False)),
}


def measure(play: Runner, games: int, seed: int) -> list[float]:
    rng = random.Random(seed)
    for _ in range(max(5, games // 20)):  # warm-up
        play(rng)
    times = []
    for _ in range(games):
        t0 = time.perf_counter()
        play(rng)
        times.append(time.perf_counter() - t0)
    return times


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=300)
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--only", choices=list(RUNNERS), action="append")
    args = parser.parse_args()
    print(f"{args.games} random {args.players}-player games per runner")
    print(f"{'runner':<15} {'median':>9} {'games/s':>8} {'mean':>9} {'ratio':>6}")
    base = None
    for name in args.only or RUNNERS:
        needs, make = RUNNERS[name]
        if needs is not None and importlib.util.find_spec(needs) is None:
            print(f"{name:<15} skipped: {needs} is not installed")
            continue
        times = measure(make(args.players), args.games, args.seed)
        median = statistics.median(times)
        if base is None:
            base = median
        mean = statistics.fmean(times)
        print(
            f"{name:<15} {median * 1000:7.2f}ms {1 / median:8.0f} {mean * 1000:7.2f}ms "
            f"{median / base:5.1f}x"
        )


if __name__ == "__main__":
    main()
