"""What a bot is, the random bot, and building bots by name.

A bot is any object with a ``name`` and a ``choose(state)`` method that
returns one of ``state.legal_actions()``. Bots are only ever asked at a
decision (never at a chance node or at the end). Every bot of this package
draws its randomness from its own ``random.Random(seed)``, so a bot built
with the same seed makes the same choices in the same positions.

>>> from tongiaki_rules import new_game
>>> bot = make_bot("random", seed=1)
>>> bot.name
'random'
>>> bot.choose(new_game(2)) in new_game(2).legal_actions()
True
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping
from typing import Protocol, runtime_checkable

from ..actions import Action
from ..errors import SettingsError
from ..state import GameState

__all__ = ["BOT_NAMES", "Bot", "BotFactory", "RandomBot", "make_bot", "parse_bot_spec"]


@runtime_checkable
class Bot(Protocol):
    """Anything that picks an action for the seat that must decide.

    >>> isinstance(RandomBot(seed=0), Bot)
    True
    """

    @property
    def name(self) -> str:
        """A short name for tables and records (``"random"``, ``"greedy"``, ...)."""
        ...

    def choose(self, state: GameState) -> Action:
        """One of ``state.legal_actions()``; ``state`` is a decision, not a chance node."""
        ...


class RandomBot:
    """Picks uniformly among the legal actions.

    >>> from tongiaki_rules import new_game
    >>> state = new_game(3)
    >>> RandomBot(seed=4).choose(state) == RandomBot(seed=4).choose(state)
    True
    """

    def __init__(self, seed: int | None = None) -> None:
        self._rng = random.Random(seed)

    @property
    def name(self) -> str:
        """Always ``"random"``."""
        return "random"

    def choose(self, state: GameState) -> Action:
        """A uniformly random legal action."""
        return self._rng.choice(state.legal_actions())


BotFactory = Callable[..., Bot]
"""Builds a bot from ``seed=`` and the bot's own keyword options."""


def _factories() -> Mapping[str, BotFactory]:
    from .greedy import GreedyBot
    from .mcts import MCTSBot

    return {"random": RandomBot, "greedy": GreedyBot, "mcts": MCTSBot}


BOT_NAMES: tuple[str, ...] = ("random", "greedy", "mcts")
"""The bots :func:`make_bot` knows, weakest first."""


def _option_value(text: str) -> int | float | str:
    for kind in (int, float):
        try:
            return kind(text)
        except ValueError:
            pass
    return text


def parse_bot_spec(spec: str) -> tuple[str, dict[str, int | float | str]]:
    """Split ``"name:key=value:key=value"`` into the name and its options.

    >>> parse_bot_spec("mcts:iterations=200:exploration=1.2")
    ('mcts', {'iterations': 200, 'exploration': 1.2})
    >>> parse_bot_spec("mcts:200")
    Traceback (most recent call last):
    ...
    tongiaki_rules.errors.SettingsError: bot option '200' of 'mcts:200' is not key=value
    """
    name, *parts = spec.strip().split(":")
    options: dict[str, int | float | str] = {}
    for part in parts:
        key, sep, value = part.partition("=")
        if not sep or not key.strip():
            raise SettingsError(f"bot option {part!r} of {spec!r} is not key=value")
        options[key.strip()] = _option_value(value.strip())
    return name.strip().lower(), options


def make_bot(spec: str, seed: int | None = None) -> Bot:
    """Build a bot from its name and options: ``"random"``, ``"greedy"``, ``"mcts:iterations=400"``.

    Unknown names and options raise :class:`~tongiaki_rules.errors.SettingsError`.

    >>> make_bot("greedy", seed=0).name
    'greedy'
    >>> make_bot("genius")
    Traceback (most recent call last):
    ...
    tongiaki_rules.errors.SettingsError: unknown bot 'genius'; choose from random, greedy, mcts
    """
    name, options = parse_bot_spec(spec)
    factories = _factories()
    if name not in factories:
        raise SettingsError(f"unknown bot {name!r}; choose from {', '.join(BOT_NAMES)}")
    if "seed" in options:
        raise SettingsError(
            f"{spec!r}: a bot's seed is not an option of its spec; it comes from the caller"
        )
    try:
        return factories[name](seed=seed, **options)
    except TypeError as exc:
        raise SettingsError(f"bad options for bot {name!r} in {spec!r}: {exc}") from None
