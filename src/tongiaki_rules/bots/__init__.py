"""Bots that play Tongiaki through the public API, and matches between them.

* :class:`RandomBot`: a uniformly random legal action.
* :class:`GreedyBot`: a one-turn heuristic.
* :class:`LearnedBot`: the greedy bot's one-ply search under weights fitted
  to MCTS's choices in self-play positions (shipped as a JSON data file).
* :class:`MCTSBot`: Monte-Carlo tree search with chance nodes.

Build them by name with :func:`make_bot` (``"random"``, ``"greedy"``, ``"learned"``,
``"mcts:iterations=400"``, or your own bot as ``"module:attribute"``, see
:func:`build_bot`) and play a whole game with :func:`play_match`.

For authors of stronger bots, the parts the greedy bot is made of are here
too: the evaluation (:class:`Weights`, :class:`Evaluation`,
:func:`win_chances`), the one-ply rating of a decision's options
(:func:`rate_options`), the pacing that keeps bot games moving
(:class:`Pacing`), the checks of bot options, and playing on an executor.

>>> from tongiaki_rules.bots import make_bot, play_match
>>> record = play_match([make_bot("random", seed=1), make_bot("random", seed=2)], seed=3)
>>> record.metadata["seat0"], record.metadata["seed"]
('random', 3)
"""

from __future__ import annotations

from ._base import BOT_NAMES, Bot, BotFactory, RandomBot, make_bot, parse_bot_spec
from ._checks import (
    MAX_ITERATIONS,
    MAX_PATIENCE,
    MAX_SAMPLE,
    MAX_SEED,
    MAX_TIME_LIMIT,
    real_option,
    seed_option,
    weights_option,
    whole_option,
)
from ._executors import check_executor, submit_to
from ._greedy import GreedyBot
from ._heuristic import (
    DEFAULT_WEIGHTS,
    Evaluation,
    Weights,
    advantage,
    island_terms,
    seat_values,
    win_chances,
)
from ._learned import LearnedBot, learned_weights, load_weights, read_weights
from ._match import DEFAULT_MAX_DECISIONS, BotFailedError, MatchTooLongError, play_match
from ._mcts import MCTSBot
from ._options import URGE, Option, best_options, rate_options, urge_to_draw
from ._pacing import Pacing
from ._specs import BotSpec, FunctionBot, allowed_modules, build_bot, first_choice, spec_name

__all__ = [
    "BOT_NAMES",
    "DEFAULT_MAX_DECISIONS",
    "DEFAULT_WEIGHTS",
    "MAX_ITERATIONS",
    "MAX_PATIENCE",
    "MAX_SAMPLE",
    "MAX_SEED",
    "MAX_TIME_LIMIT",
    "URGE",
    "Bot",
    "BotFactory",
    "BotFailedError",
    "BotSpec",
    "Evaluation",
    "FunctionBot",
    "GreedyBot",
    "LearnedBot",
    "MCTSBot",
    "MatchTooLongError",
    "Option",
    "Pacing",
    "RandomBot",
    "Weights",
    "advantage",
    "allowed_modules",
    "best_options",
    "build_bot",
    "check_executor",
    "first_choice",
    "island_terms",
    "learned_weights",
    "load_weights",
    "make_bot",
    "parse_bot_spec",
    "play_match",
    "rate_options",
    "read_weights",
    "real_option",
    "seat_values",
    "seed_option",
    "spec_name",
    "submit_to",
    "urge_to_draw",
    "weights_option",
    "whole_option",
    "win_chances",
]
