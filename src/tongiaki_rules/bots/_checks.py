"""Checks of the options bots are built with: one :class:`SettingsError` per bad value.

Every bot of this package checks its options when it is built, whether from
a spec (:func:`~tongiaki_rules.bots.make_bot`) or by calling its class, so
that a bad option is refused at once, with the bot and the option named,
instead of misbehaving (or searching for ever) later.

>>> whole_option("mcts", "iterations", 50, low=1, high=MAX_ITERATIONS)
50
>>> whole_option("mcts", "iterations", True, low=1, high=MAX_ITERATIONS)
Traceback (most recent call last):
...
tongiaki_rules.errors.SettingsError: mcts: iterations must be a whole number from 1 to 100000, \
not True
"""

from __future__ import annotations

import math

from ..errors import SettingsError
from ._heuristic import Weights

__all__ = [
    "MAX_ITERATIONS",
    "MAX_PATIENCE",
    "MAX_SAMPLE",
    "MAX_SEED",
    "MAX_TIME_LIMIT",
    "real_option",
    "seed_option",
    "shown",
    "weights_option",
    "whole_option",
]

MAX_ITERATIONS = 100_000
"""The most playouts per decision :class:`~tongiaki_rules.bots.MCTSBot` accepts.

At roughly a millisecond a playout this is already minutes per decision; a
larger count (``mcts:iterations=1e9``) would make a game never end.
"""

MAX_TIME_LIMIT = 3600.0
"""The longest ``time_limit`` (seconds per decision) a bot accepts."""

MAX_SAMPLE = 10_000
"""The most options a bot rates per decision (``sample``)."""

MAX_PATIENCE = 1000
"""The most turns without a draw a bot waits before it starts to favour drawing (``patience``)."""

MAX_SEED = 2**64
"""Seeds of bots and matches are whole numbers with an absolute value below this."""


def whole_option(bot: str, name: str, value: object, *, low: int, high: int) -> int:
    """``value`` if it is an ``int`` (not a bool) from ``low`` to ``high``.

    >>> whole_option("greedy", "sample", 0, low=1, high=10)
    Traceback (most recent call last):
    ...
    tongiaki_rules.errors.SettingsError: greedy: sample must be a whole number from 1 to 10, not 0
    """
    if type(value) is not int or not low <= value <= high:
        raise SettingsError(
            f"{bot}: {name} must be a whole number from {low} to {high}, not {shown(value)}"
        )
    return value


def real_option(
    bot: str, name: str, value: object, *, low: float, high: float, above_low: bool = False
) -> float:
    """``value`` as a float if it is a finite number (not a bool) from ``low`` to ``high``.

    With ``above_low``, ``low`` itself is refused.

    >>> real_option("mcts", "exploration", 2, low=0.0, high=100.0)
    2.0
    >>> real_option("mcts", "exploration", float("nan"), low=0.0, high=100.0)
    Traceback (most recent call last):
    ...
    tongiaki_rules.errors.SettingsError: mcts: exploration must be a number from 0 to 100, not nan
    """
    ok = type(value) in (int, float) and math.isfinite(value)  # type: ignore[arg-type]
    number = float(value) if ok else math.nan  # type: ignore[arg-type]
    if not ok or not low <= number <= high or (above_low and number == low):
        span = f"above {low:g} and at most {high:g}" if above_low else f"from {low:g} to {high:g}"
        raise SettingsError(f"{bot}: {name} must be a number {span}, not {shown(value)}")
    return number


def seed_option(bot: str, value: object) -> int | None:
    """``value`` if it is ``None`` or a whole number (not a bool) of size below :data:`MAX_SEED`.

    >>> seed_option("random", 7), seed_option("random", None)
    (7, None)
    >>> seed_option("random", "7")
    Traceback (most recent call last):
    ...
    tongiaki_rules.errors.SettingsError: random: seed must be None or a whole number \
below 2**64 in size, not '7'
    """
    if value is None:
        return None
    if type(value) is not int or not -MAX_SEED < value < MAX_SEED:
        raise SettingsError(
            f"{bot}: seed must be None or a whole number below 2**64 in size, not {shown(value)}"
        )
    return value


def weights_option(bot: str, value: object) -> Weights:
    """``value`` if it is a :class:`~tongiaki_rules.bots._heuristic.Weights`.

    >>> weights_option("greedy", {"boat": 1})
    Traceback (most recent call last):
    ...
    tongiaki_rules.errors.SettingsError: greedy: weights must be a Weights, not dict
    """
    if not isinstance(value, Weights):
        raise SettingsError(f"{bot}: weights must be a Weights, not {type(value).__name__}")
    return value


def shown(value: object) -> str:
    """``value`` for a message: its repr, shortened when long (a huge int, a long string).

    >>> shown("x" * 100)
    "'xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx..."
    """
    try:
        text = repr(value)
    except ValueError:  # an int too long to write in decimal
        return f"a {type(value).__name__} too large to write"
    return text if len(text) <= 40 else text[:37] + "..."
