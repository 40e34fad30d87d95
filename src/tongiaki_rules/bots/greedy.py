"""A one-turn heuristic bot (first version: picks the first best action).

>>> from tongiaki_rules import new_game
>>> GreedyBot(seed=0).choose(new_game(2)) in new_game(2).legal_actions()
True
"""

from __future__ import annotations

import random

from ..actions import Action
from ..state import GameState

__all__ = ["GreedyBot"]


class GreedyBot:
    """Chooses the action whose resulting position scores best for its seat."""

    def __init__(self, seed: int | None = None) -> None:
        self._rng = random.Random(seed)

    @property
    def name(self) -> str:
        """Always ``"greedy"``."""
        return "greedy"

    def choose(self, state: GameState) -> Action:
        """The legal action with the best immediate score; ties broken at random."""
        seat = state.current_player
        assert seat is not None
        best: list[Action] = []
        best_value = float("-inf")
        for action in state.legal_actions():
            after = state.apply(action)
            value = float(after.scores()[seat])
            if value > best_value:
                best, best_value = [action], value
            elif value == best_value:
                best.append(action)
        return self._rng.choice(best)
