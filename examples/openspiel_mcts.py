"""One game of Tongiaki in OpenSpiel: an MCTS bot in seat 0 against random players.

Needs the openspiel extra (``pip install 'tongiaki_rules[openspiel]'``). Run it
with ``python examples/openspiel_mcts.py [--players 3] [--simulations 25]
[--seed 1]``. The bot is OpenSpiel's own ``MCTSBot`` with random rollouts;
with the default ``returns="win"`` it searches for the win, not for points.
"""

from __future__ import annotations

import argparse

import numpy as np
import pyspiel
from open_spiel.python.algorithms import mcts
from open_spiel.python.bots import uniform_random

from tongiaki_rules import Colour
from tongiaki_rules.adapters import openspiel  # importing it registers python_tongiaki


def main(argv: list[str] | None = None) -> None:
    """Play one seeded game and print each seat's points and return."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, default=3)
    parser.add_argument("--simulations", type=int, default=25)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)

    game = pyspiel.load_game(openspiel.GAME_NAME, {"players": args.players})
    rng = np.random.RandomState(args.seed)
    searcher = mcts.MCTSBot(
        game,
        uct_c=2.0,
        max_simulations=args.simulations,
        evaluator=mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=rng),
        random_state=rng,
        solve=False,
    )
    bots = [searcher] + [uniform_random.UniformRandomBot(s, rng) for s in range(1, args.players)]

    state = game.new_initial_state()
    while not state.is_terminal():
        if state.is_chance_node():  # a tile comes off the pile
            actions, probabilities = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(int(rng.choice(actions, p=probabilities)))
        else:
            state.apply_action(bots[state.current_player()].step(state))

    outcome = state.game_state.outcome()
    assert outcome is not None  # the game is over
    print(f"{game}: {state.decisions} decisions, {len(state.history())} actions with the draws")
    for seat, (score, value) in enumerate(zip(outcome.scores, state.returns(), strict=True)):
        who = f"MCTS, {args.simulations} simulations" if seat == 0 else "random"
        colour = Colour(seat).name.capitalize()
        print(f"seat {seat} ({colour}, {who}): {score} points, return {value:g}")
    winners = ", ".join(f"seat {seat}" for seat in outcome.winners)
    print(f"winner: {winners} (tie-break: {outcome.tiebreak.value})")


if __name__ == "__main__":
    main()
