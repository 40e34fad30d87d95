"""A one-turn heuristic bot: the action whose result looks best right now.

:class:`GreedyBot` applies each legal action and rates the position it
leads to with :mod:`.heuristic`: points on the table, how secure they are,
boats ready to expand, what a group under way promises. A position at a tile
draw is rated as it stands, from the group's colours against the ocean
routes and the islands left in the pile, so a decision costs one ``apply``
and one (mostly incremental) evaluation per legal action.

>>> from tongiaki_rules import new_game
>>> state = new_game(2)
>>> GreedyBot(seed=0).choose(state) in state.legal_actions()
True
"""

from __future__ import annotations

import random

from ..actions import Action
from ..state import GameState
from .heuristic import DEFAULT_WEIGHTS, Evaluation, Weights, advantage
from .pacing import Pacing

__all__ = ["GreedyBot"]

_REPEAT = 1000.0
"""Penalty for an action that leads back to a position already met this turn (a circle)."""
_URGE = 0.5
"""Bonus, in points per turn of impatience, for an action that draws a tile."""


class GreedyBot:
    """Chooses the legal action whose result the heuristic rates best for its seat.

    * ``seed``: seeds the bot's own ``random.Random``, which breaks ties and
      picks the options rated when there are too many.
    * ``sample``: turn actions that fill no beach are rated without being
      applied; of the other options (free tile placements can number
      well over a hundred) at most ``sample``, drawn at random, are rated.
    * ``patience``: after this many turns of its own in which no tile came
      off the pile, the bot starts to favour actions that draw a tile, a
      little more each turn, so that two cautious bots cannot stall a game
      (a bot that is ahead waits three times as long).

    Within a turn the bot avoids any action that leads back to a position it
    has already decided in, so it never sends a chain round in a circle.

    >>> from tongiaki_rules import new_game
    >>> state = new_game(3)
    >>> GreedyBot(seed=5).choose(state) == GreedyBot(seed=5).choose(state)
    True
    """

    def __init__(
        self,
        seed: int | None = None,
        sample: int = 24,
        patience: int = 4,
        weights: Weights = DEFAULT_WEIGHTS,
    ) -> None:
        self._rng = random.Random(seed)
        self.sample = int(sample)
        self.weights = weights
        self._pacing = Pacing(int(patience))

    @property
    def name(self) -> str:
        """Always ``"greedy"``."""
        return "greedy"

    def choose(self, state: GameState) -> Action:
        """The best-rated legal action; ties broken at random."""
        pacing = self._pacing
        pacing.start(state)
        actions = state.legal_actions()
        if len(actions) == 1:
            return actions[0]
        seat = state.current_player
        assert seat is not None
        evaluation = Evaluation(state, self.weights)
        rated: list[tuple[Action, tuple[float, ...]]] = []
        others: list[Action] = []
        for action in actions:
            values = evaluation.predict(action)
            if values is None:
                others.append(action)
            else:
                rated.append((action, values))
        if len(others) > self.sample:
            others = self._rng.sample(others, self.sample)
        urge = 0.0
        if pacing.impatience(ahead=True) or (
            pacing.impatience() and advantage(evaluation.values(), seat, self.weights) <= 0
        ):
            urge = _URGE * pacing.impatience()
        for action in others:
            result = state.apply(action)
            values = evaluation.after(action, result)
            bonus = urge if urge and pacing.draws(state, result) else 0.0
            if pacing.repeats(result):
                bonus -= _REPEAT
            if bonus:
                values = tuple(v + bonus if k == seat else v for k, v in enumerate(values))
            rated.append((action, values))
        best: list[Action] = []
        best_value = float("-inf")
        for action, values in rated:
            value = advantage(values, seat, self.weights)
            if value > best_value + 1e-9:
                best, best_value = [action], value
            elif value >= best_value - 1e-9:
                best.append(action)
        return best[0] if len(best) == 1 else self._rng.choice(best)
