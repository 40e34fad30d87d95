"""One game of Tongiaki in PettingZoo, between agents that pick random legal actions.

Needs the pettingzoo extra (``pip install 'tongiaki_rules[pettingzoo]'``). Run
it with ``python examples/pettingzoo_random.py [--players 4] [--seed 1]``. Each
agent reads the ``action_mask`` of its observation and picks one of the legal
action indices; the environment draws the tiles itself.
"""

from __future__ import annotations

import argparse

import numpy as np

from tongiaki_rules.adapters.pettingzoo import env


def main(argv: list[str] | None = None) -> None:
    """Play one seeded game and print the final board and the rewards."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)

    game = env(args.players, seed=args.seed, render_mode="ansi")
    game.reset()
    rng = np.random.default_rng(args.seed)
    rewards = dict.fromkeys(game.possible_agents, 0.0)
    decisions = 0
    for agent in game.agent_iter():
        observation, reward, terminated, truncated, _info = game.last()
        rewards[agent] += reward
        if terminated or truncated:
            action = None  # the game is over for this agent
        else:
            legal = np.flatnonzero(observation["action_mask"])
            action = int(rng.choice(legal))
            decisions += 1
        if agent == game.possible_agents[0] and (terminated or truncated):
            print(game.render())  # the final board, once
        game.step(action)

    print(f"{decisions} decisions")
    for agent, total in rewards.items():
        print(f"{agent}: reward {total:g}")


if __name__ == "__main__":
    main()
