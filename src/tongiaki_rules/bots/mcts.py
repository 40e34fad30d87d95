"""Monte-Carlo tree search (first version: delegates to random play).

>>> from tongiaki_rules import new_game
>>> MCTSBot(seed=0, iterations=10).choose(new_game(2)) in new_game(2).legal_actions()
True
"""

from __future__ import annotations

import random

from ..actions import Action
from ..state import GameState

__all__ = ["MCTSBot"]


class MCTSBot:
    """UCT search with chance nodes (placeholder while the search is written)."""

    def __init__(
        self,
        seed: int | None = None,
        iterations: int = 200,
        time_limit: float | None = None,
        exploration: float = 1.0,
    ) -> None:
        self._rng = random.Random(seed)
        self.iterations = iterations
        self.time_limit = time_limit
        self.exploration = exploration

    @property
    def name(self) -> str:
        """Always ``"mcts"``."""
        return "mcts"

    def choose(self, state: GameState) -> Action:
        """A legal action (random until the search lands)."""
        return self._rng.choice(state.legal_actions())
