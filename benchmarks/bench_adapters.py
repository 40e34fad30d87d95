"""Benchmark: random games through the OpenSpiel and PettingZoo adapters against the plain API.

Every runner plays uniformly random decisions and draws chance outcomes by
their probabilities, from ``new_game`` to the end:

- ``plain``: ``GameState.legal_actions()`` / ``apply`` / ``chance_outcomes()``;
- ``openspiel``: a ``python_tongiaki`` state, ``legal_actions()`` (action
  indices), ``chance_outcomes()`` and ``apply_action``;
- ``pettingzoo``: ``env()`` with its wrappers, ``last()`` (the observation
  vector and the action mask) and ``step`` with an index the mask allows; the
  environment draws the tiles itself;
- ``pettingzoo-raw``: the same on ``raw_env()``;
- ``pettingzoo-compact``: ``env(actions="compact")``, the same with the
  compact action space (a mask of 3,706 instead of 20,452);
- ``pettingzoo-int8``: ``env()`` again, but finding the allowed indices with
  ``np.flatnonzero(mask)`` on the int8 mask itself, which numpy 2 does about
  fifteen times slower than on its bool view (30 against 2 µs for the
  20,452 indices): the other runners take the view.

The runners are interleaved: each round plays one game seed on every runner,
in an order rotated from round to round, so that the load of a shared
machine falls on all of them alike. Reports per runner the median time per
game, games/s from it, the mean, and the ratio of its median to the plain
one, all from the same run. A runner whose extra is not installed is skipped.

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


def pettingzoo(
    players: int, *, wrapped: bool = True, bool_view: bool = True, actions: str = "full"
) -> Runner:
    import numpy as np

    from tongiaki_rules.adapters.pettingzoo import env, raw_env

    game = env(players, actions=actions) if wrapped else raw_env(players, actions=actions)

    def play(rng: random.Random) -> None:
        game.reset(seed=rng.randrange(2**32))
        for _agent in game.agent_iter():
            observation, _reward, terminated, truncated, _info = game.last()
            if terminated or truncated:
                game.step(None)
            else:
                mask = observation["action_mask"]
                # numpy 2 finds the ones of a bool array far faster than of an int8 one
                allowed = np.flatnonzero(mask.view(np.bool_) if bool_view else mask)
                game.step(rng.choice(allowed.tolist()))

    return play


RUNNERS: dict[str, tuple[str | None, Callable[[int], Runner]]] = {
    "plain": (None, plain),
    "openspiel": ("pyspiel", openspiel),
    "pettingzoo": ("pettingzoo", pettingzoo),
    "pettingzoo-raw": ("pettingzoo", lambda players: pettingzoo(players, wrapped=False)),
    "pettingzoo-int8": ("pettingzoo", lambda players: pettingzoo(players, bool_view=False)),
    "pettingzoo-compact": ("pettingzoo", lambda players: pettingzoo(players, actions="compact")),
}


def measure(
    runners: dict[str, Runner], games: int, seed: int, warmup: int
) -> dict[str, list[float]]:
    """Time every runner on each game seed in turn: one round per seed, order rotated.

    Interleaving spreads the machine's changing load over all runners
    alike, so the ratios of one run are dependable even when the absolute
    times are not.
    """
    seeds = random.Random(seed)
    names = list(runners)
    times: dict[str, list[float]] = {name: [] for name in names}
    for round_ in range(warmup + games):
        game_seed = seeds.randrange(2**32)
        shift = round_ % len(names)
        for name in names[shift:] + names[:shift]:
            play = runners[name]
            rng = random.Random(game_seed)
            t0 = time.perf_counter()
            play(rng)
            elapsed = time.perf_counter() - t0
            if round_ >= warmup:
                times[name].append(elapsed)
    return times


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=300)
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--only", choices=list(RUNNERS), action="append")
    args = parser.parse_args()
    runners: dict[str, Runner] = {}
    skipped = []
    for name in ["plain", *(n for n in args.only or RUNNERS if n != "plain")]:
        needs, make = RUNNERS[name]
        if needs is not None and importlib.util.find_spec(needs) is None:
            skipped.append(f"{name}: {needs} is not installed")
            continue
        runners[name] = make(args.players)
    times = measure(runners, args.games, args.seed, max(5, args.games // 20))
    print(f"{args.games} random {args.players}-player games per runner, interleaved")
    print(f"{'runner':<15} {'median':>9} {'games/s':>8} {'mean':>9} {'ratio':>6}")
    base = statistics.median(times["plain"])
    for name, measured in times.items():
        median = statistics.median(measured)
        mean = statistics.fmean(measured)
        print(
            f"{name:<15} {median * 1000:7.2f}ms {1 / median:8.0f} {mean * 1000:7.2f}ms "
            f"{median / base:5.2f}x"
        )
    for line in skipped:
        print(f"skipped {line}")


if __name__ == "__main__":
    main()
