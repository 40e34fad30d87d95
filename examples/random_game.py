"""Play one game of Tongiaki between random players and print the scores.

Only the public API is used: ``new_game``, ``legal_actions``, ``apply`` and
the chance-node methods. Run it with ``python examples/random_game.py``.
"""

from __future__ import annotations

import random

from tongiaki_rules import Colour, new_game


def main(seed: int = 2024) -> None:
    """Play a three-player game with uniformly random decisions and draws."""
    rng = random.Random(seed)
    state = new_game(3)
    while not state.is_terminal:
        if state.is_chance_node:  # a tile is drawn from the pile
            state = state.apply(state.sample_chance(rng))
        else:  # the deciding seat picks any legal action
            state = state.apply(rng.choice(state.legal_actions()))

    outcome = state.outcome()
    assert outcome is not None  # the game is over
    for seat, score in enumerate(outcome.scores):
        colour = Colour(seat).name.capitalize()
        print(f"seat {seat} ({colour}): {score} points on {outcome.islands[seat]} islands")
    winners = ", ".join(f"seat {seat}" for seat in outcome.winners)
    print(f"winner: {winners} (tie-break: {outcome.tiebreak.value})")


if __name__ == "__main__":
    main()
