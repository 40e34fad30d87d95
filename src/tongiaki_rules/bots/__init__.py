"""Bots that play Tongiaki through the public API, and matches between them.

* :class:`RandomBot`: a uniformly random legal action.
* :class:`GreedyBot`: a one-turn heuristic.
* :class:`MCTSBot`: Monte-Carlo tree search with chance nodes.

Build them by name with :func:`make_bot` (``"random"``, ``"greedy"``,
``"mcts:iterations=400"``, or your own bot as ``"module:attribute"``, see
:mod:`.specs`) and play a whole game with :func:`play_match`.

>>> from tongiaki_rules.bots import make_bot, play_match
>>> record = play_match([make_bot("random", seed=1), make_bot("random", seed=2)], seed=3)
>>> record.metadata["seat0"], record.metadata["seed"]
('random', 3)
"""

from __future__ import annotations

from .base import BOT_NAMES, Bot, BotFactory, RandomBot, make_bot, parse_bot_spec
from .greedy import GreedyBot
from .match import DEFAULT_MAX_DECISIONS, BotFailedError, MatchTooLongError, play_match
from .mcts import MCTSBot
from .specs import BotSpec, FunctionBot, allowed_modules, build_bot, spec_name

__all__ = [
    "BOT_NAMES",
    "DEFAULT_MAX_DECISIONS",
    "Bot",
    "BotFactory",
    "BotFailedError",
    "BotSpec",
    "FunctionBot",
    "GreedyBot",
    "MCTSBot",
    "MatchTooLongError",
    "RandomBot",
    "allowed_modules",
    "build_bot",
    "make_bot",
    "parse_bot_spec",
    "play_match",
    "spec_name",
]
