"""Benchmark: random 4-player games through the public API.

At every decision ``legal_actions()`` is computed and one action is chosen
uniformly; at every chance node an outcome is sampled from
``chance_outcomes()`` by its probability. Reports the median time per game,
games/s and actions/s over many games. With ``--sample`` the player draws
with ``GameState.sample_action`` instead (the random bot's way: the same
moves, without working out every list).

    python benchmarks/bench_random_game.py [--games N] [--players P] [--sample]
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

from tongiaki_rules import new_game


def play(players: int, rng: random.Random, sample: bool = False) -> int:
    state = new_game(players)
    steps = 0
    while not state.is_terminal:
        if state.is_chance_node:
            outcomes = state.chance_outcomes()
            draws = [a for a, _p in outcomes]
            weights = [p for _a, p in outcomes]
            state = state.apply(rng.choices(draws, weights)[0])
        elif sample:
            state = state.apply(state.sample_action(rng))
        else:
            state = state.apply(rng.choice(state.legal_actions()))
        steps += 1
    return steps


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=2000)
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument(
        "--sample", action="store_true", help="draw each move with GameState.sample_action"
    )
    args = parser.parse_args()
    rng = random.Random(args.seed)
    for _ in range(50):  # warm-up
        play(args.players, rng, args.sample)
    times = []
    steps = []
    for _ in range(args.games):
        t0 = time.perf_counter()
        steps.append(play(args.players, rng, args.sample))
        times.append(time.perf_counter() - t0)
    median = statistics.median(times)
    total = sum(times)
    how = " (moves drawn with sample_action)" if args.sample else ""
    print(f"{args.games} random {args.players}-player games{how}")
    print(f"median game: {median * 1000:.2f} ms  ({1 / median:.0f} games/s)")
    print(f"mean game:   {total / args.games * 1000:.2f} ms")
    print(
        f"actions/s:   {sum(steps) / total:,.0f}  (median {statistics.median(steps):.0f} "
        f"actions per game, chance draws included)"
    )


if __name__ == "__main__":
    main()
