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
from ..state import DecisionKind, GameState
from .heuristic import DEFAULT_WEIGHTS, Evaluation, Weights, advantage

__all__ = ["GreedyBot"]

_REPEAT = 1000.0
"""Penalty for an action that leads back to a position already met this turn (a loop)."""


class GreedyBot:
    """Chooses the legal action whose result the heuristic rates best for its seat.

    * ``seed``: seeds the bot's own ``random.Random``, which breaks ties and
      picks the options rated when there are too many.
    * ``sample``: a decision with more options than this (free tile
      placements) has only a random ``sample`` of them rated.
    * ``patience``: after this many turns of its own in which no tile came
      off the pile, the bot starts to favour actions that draw a tile, a
      little more each turn, so that two cautious bots cannot stall a game.

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
        self.patience = int(patience)
        self.weights = weights
        self._pile_seen = -1
        self._idle_turns = 0
        self._this_turn: set[GameState] = set()

    @property
    def name(self) -> str:
        """Always ``"greedy"``."""
        return "greedy"

    def choose(self, state: GameState) -> Action:
        """The best-rated legal action; ties broken at random."""
        actions = state.legal_actions()
        if len(actions) == 1:
            return actions[0]
        seat = state.current_player
        assert seat is not None
        urge = self._urge_to_draw(state)
        if state.pending.kind is DecisionKind.TURN:
            self._this_turn.clear()
        self._this_turn.add(state)
        if len(actions) > self.sample:
            actions = self._rng.sample(actions, self.sample)
        evaluation = Evaluation(state, self.weights)
        pile = len(state.pile.tiles) if urge else 0
        best: list[Action] = []
        best_value = float("-inf")
        for action in actions:
            values = evaluation.predict(action)
            if values is None:
                result = state.apply(action)
                values = evaluation.after(action, result)
                if urge and (result.is_chance_node or len(result.pile.tiles) < pile):
                    values = tuple(v + urge if k == seat else v for k, v in enumerate(values))
                if result in self._this_turn:
                    values = tuple(v - _REPEAT if k == seat else v for k, v in enumerate(values))
            value = advantage(values, seat, self.weights)
            if value > best_value + 1e-9:
                best, best_value = [action], value
            elif value >= best_value - 1e-9:
                best.append(action)
        return best[0] if len(best) == 1 else self._rng.choice(best)

    def _urge_to_draw(self, state: GameState) -> float:
        """Bonus for drawing, once the pile has stood still for too many of the bot's turns."""
        if state.pending.kind is not DecisionKind.TURN:
            return 0.0
        size = len(state.pile.tiles)
        if size != self._pile_seen:
            self._pile_seen, self._idle_turns = size, 0
            return 0.0
        self._idle_turns += 1
        return max(0, self._idle_turns - self.patience) * 0.5
