"""Train sb3-contrib's MaskablePPO on tongiaki/Tongiaki-v0, against random and then greedy.

Needs the gymnasium extra, PyTorch and sb3-contrib, plus matplotlib for the
plot: ``pip install 'tongiaki_rules[gymnasium]'``, then torch (on Linux its
CPU build, ``pip install torch --index-url https://download.pytorch.org/whl/cpu``;
PyPI's Linux wheel is the CUDA build) and ``pip install sb3-contrib matplotlib``
(docs/how-to/gymnasium.md). Two players, the compact action space, the agent's seat drawn
at every episode, ``reward="win"``; in training, the last reward also gets
``--margin`` times the agent's lead in points over the other seat / 20.

The policy trains ``--random-steps`` learner steps against the random bot,
then ``--greedy-steps`` against the greedy bot. Before training and after
every ``--every`` steps it plays ``--games`` evaluation games (its most likely
legal action, fresh seeds) against the current opponent, and reports the win
share with a 95 % Wilson interval; a draw counts as half a win. The curve goes
to ``--plot`` (a PNG) and the figures to standard output.

    python examples/train_maskable_ppo.py [--random-steps 40000] [--greedy-steps 30000]
        [--every 10000] [--games 200] [--seed 1] [--plot learning_curve.png] [--n-steps 1024]

This is a benchmark, not a test: it takes minutes on one CPU core.
"""

from __future__ import annotations

import argparse
import math
import time
from typing import Any

import gymnasium
import numpy as np
import torch
from sb3_contrib import MaskablePPO
from stable_baselines3.common.logger import Logger

from tongiaki_rules.adapters.gymnasium import ENV_ID


class VectorOnly(gymnasium.ObservationWrapper):  # type: ignore[type-arg]
    """Hands the policy the observation vector alone; the mask goes by ``action_masks()``.

    With ``margin`` > 0 (training only), the reward of the last step also gets
    ``margin`` times the agent's lead in points over the best other seat,
    divided by 20: a denser signal than the win alone.
    """

    def __init__(self, env: gymnasium.Env, margin: float = 0.0) -> None:  # type: ignore[type-arg]
        super().__init__(env)
        self.observation_space = env.observation_space["observation"]  # type: ignore[index]
        self.margin = margin

    def observation(self, observation: Any) -> Any:
        return observation["observation"]

    def step(self, action: Any) -> Any:
        observation, reward, terminated, truncated, info = super().step(action)
        if self.margin and "scores" in info:
            scores = info["scores"]
            mine = scores[info["seat"]]
            best_other = max(s for k, s in enumerate(scores) if k != info["seat"])
            reward += self.margin * (mine - best_other) / 20
        return observation, reward, terminated, truncated, info

    def action_masks(self) -> Any:
        return self.env.unwrapped.action_masks()  # type: ignore[attr-defined]


def make_env(opponent: str, margin: float = 0.0) -> gymnasium.Env:  # type: ignore[type-arg]
    env = gymnasium.make(
        ENV_ID, num_players=2, opponents=opponent, actions="compact", seat="random"
    )
    return VectorOnly(env, margin)


def wilson(wins: float, games: int) -> tuple[float, float]:
    """The 95 % Wilson score interval of a win share."""
    z = 1.96
    p = wins / games
    centre = (p + z * z / (2 * games)) / (1 + z * z / games)
    half = z * math.sqrt(p * (1 - p) / games + z * z / (4 * games * games)) / (1 + z * z / games)
    return centre - half, centre + half


def evaluate(model: MaskablePPO, opponent: str, games: int, seed: int) -> float:
    """The policy's win share (draws count half) over ``games`` games."""
    env = make_env(opponent)
    won = 0.0
    for game in range(games):
        observation, _ = env.reset(seed=seed + game)
        while True:
            action, _ = model.predict(
                observation, action_masks=env.action_masks(), deterministic=True
            )
            observation, reward, terminated, truncated, _ = env.step(int(action))
            if terminated or truncated:
                won += float(reward)
                break
    return won / games


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--random-steps", type=int, default=40_000)
    parser.add_argument("--greedy-steps", type=int, default=30_000)
    parser.add_argument("--every", type=int, default=10_000)
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--plot", default="")
    parser.add_argument("--n-steps", type=int, default=1024, help="steps per PPO rollout")
    parser.add_argument(
        "--margin", type=float, default=0.5, help="weight of the points lead in training rewards"
    )
    args = parser.parse_args(argv)
    torch.set_num_threads(1)
    model = MaskablePPO(
        "MlpPolicy",
        make_env("random", args.margin),
        seed=args.seed,
        n_steps=args.n_steps,
        batch_size=min(256, args.n_steps),
        learning_rate=3e-4,
        ent_coef=0.01,
        verbose=0,
    )
    # no log files: SB3's own logger would make an empty folder in the temporary directory at
    # every learn() (this example prints its curve itself)
    model.set_logger(Logger(folder=None, output_formats=[]))
    parameters = sum(p.numel() for p in model.policy.parameters())
    print(f"policy: {parameters:,} parameters; evaluation: {args.games} games per point")
    curve: list[tuple[str, int, float, float, float]] = []
    done = 0
    started = time.perf_counter()
    for opponent, steps in (("random", args.random_steps), ("greedy", args.greedy_steps)):
        if opponent != "random":
            model.set_env(make_env(opponent, args.margin))
        phase_end = done + steps
        while True:
            share = evaluate(model, opponent, args.games, seed=10_000 * args.seed + done)
            low, high = wilson(share * args.games, args.games)
            curve.append((opponent, done, share, low, high))
            print(
                f"{done:>7} steps, against {opponent}: win share {share:.3f} "
                f"[{low:.3f}, {high:.3f}]  ({time.perf_counter() - started:.0f} s)",
                flush=True,
            )
            if done >= phase_end:
                break
            chunk = min(args.every, phase_end - done)
            model.learn(chunk, reset_num_timesteps=False)
            done = model.num_timesteps  # whole rollouts: may pass the chunk by a little
    if args.plot:
        plot(curve, args.plot, args.games, args.seed)


def plot(
    curve: list[tuple[str, int, float, float, float]], path: str, games: int, seed: int
) -> None:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    figure, axes = plt.subplots(figsize=(7, 4))
    for opponent, colour in (("random", "tab:blue"), ("greedy", "tab:red")):
        points = [c for c in curve if c[0] == opponent]
        steps = np.array([c[1] for c in points])
        axes.plot(steps, [c[2] for c in points], "o-", color=colour, label=f"against {opponent}")
        axes.fill_between(
            steps, [c[3] for c in points], [c[4] for c in points], color=colour, alpha=0.2
        )
    axes.axhline(0.5, color="grey", linewidth=0.8, linestyle=":")
    axes.set_xlabel("learner steps")
    axes.set_ylabel(f"win share ({games} games, 95 % CI)")
    axes.set_title(f"MaskablePPO on tongiaki/Tongiaki-v0, 2 players, seed {seed}")
    axes.set_ylim(0, 1)
    axes.legend(loc="lower left")
    figure.tight_layout()
    figure.savefig(path, dpi=110)


if __name__ == "__main__":
    main()
