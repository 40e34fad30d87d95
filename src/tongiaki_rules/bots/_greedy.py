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

from .._state import GameState
from ..actions import Action
from ._checks import MAX_PATIENCE, MAX_SAMPLE, seed_option, weights_option, whole_option
from ._heuristic import DEFAULT_WEIGHTS, Evaluation, Weights
from ._options import best_options, rate_options
from ._pacing import Pacing

__all__ = ["GreedyBot"]


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

    Bad options (a bool, a float, a string, ``sample`` outside 1 to
    :data:`~tongiaki_rules.bots._checks.MAX_SAMPLE`, ``patience`` outside 0 to
    :data:`~tongiaki_rules.bots._checks.MAX_PATIENCE`) raise
    :class:`~tongiaki_rules.errors.SettingsError`.

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
        self._rng = random.Random(seed_option("greedy", seed))
        self.sample = whole_option("greedy", "sample", sample, low=1, high=MAX_SAMPLE)
        self.weights = weights_option("greedy", weights)
        self._pacing = Pacing(
            whole_option("greedy", "patience", patience, low=0, high=MAX_PATIENCE)
        )

    @property
    def name(self) -> str:
        """Always ``"greedy"``."""
        return "greedy"

    def choose(self, state: GameState) -> Action:
        """The best-rated legal action; ties broken at random."""
        self._pacing.start(state)
        actions = state.legal_actions()
        if len(actions) == 1:
            return actions[0]
        seat = state.current_player
        assert seat is not None
        evaluation = Evaluation(state, self.weights)
        options = rate_options(state, evaluation, self._pacing, self._rng, self.sample)
        best = best_options(options, seat, evaluation)
        return best[0][0] if len(best) == 1 else self._rng.choice(best)[0]
