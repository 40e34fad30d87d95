"""A small cache of one value per game settings (players, rules, tiles).

The action encoding and the observation layout are built once per game
settings and then looked up for every state; :class:`PerGame` keeps them,
with a fast path for the game of the last state asked about.

>>> built = []
>>> cache = PerGame(lambda n, rules, tiles: built.append(n) or n * 10)
>>> from tongiaki_rules import Rules, STANDARD_TILES
>>> cache.get(3, Rules(), STANDARD_TILES), cache.get(3, Rules(), STANDARD_TILES), built
(30, 30, [3])
"""

from __future__ import annotations

import operator
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, Generic, TypeVar

from ._state import check_settings
from .errors import shown
from .rules import Rules
from .tiles import TileSet

if TYPE_CHECKING:
    from ._state import GameConfig

__all__ = ["PerGame", "as_index", "check_settings", "index_problem"]

T = TypeVar("T")


class PerGame(Generic[T]):
    """Builds a value once per (num_players, rules, tiles) and keeps up to ``limit`` of them."""

    def __init__(self, build: Callable[[int, Rules, TileSet], T], limit: int = 64) -> None:
        self._build = build
        self._limit = limit
        self._found: dict[tuple[int, Rules, TileSet], T] = {}
        self._last: tuple[Any, Any] = (None, None)

    def get(self, num_players: int, rules: Rules, tiles: TileSet) -> T:
        """The value for these settings, built on first use (oldest dropped past the limit).

        Raises :class:`~tongiaki_rules.errors.SettingsError` naming the
        argument for settings that are not a game (see :func:`check_settings`).
        """
        check_settings(num_players, rules, tiles)
        key = (num_players, rules, tiles)
        found = self._found.get(key)
        if found is None:
            found = self._build(num_players, rules, tiles)
            if len(self._found) >= self._limit:
                self._found.pop(next(iter(self._found)))
            self._found[key] = found
        return found

    def for_config(self, config: GameConfig) -> T:
        """The value for the game ``config`` describes; the last config asked is remembered."""
        seen, known = self._last
        if seen is config:
            found: T = known
            return found
        found = self.get(config.num_players, config.rules, config.tiles)
        self._last = (config, found)  # one store, so threads never mix the pair
        return found


def index_problem(what: str, index: object, size: int) -> str:
    """Why ``index`` is not in ``range(size)``: the message of an error naming it.

    >>> index_problem("action index", True, 10)
    'action index True is not an int (a bool is not one): valid indices are 0..9'
    >>> index_problem("chance index", 12, 10)
    'chance index 12 is outside 0..9'

    An integer of another type (numpy's ``int64``) is told by its value:

    >>> class Wide(int): ...
    >>> index_problem("action index", Wide(15), 10)
    'action index 15 is outside 0..9'
    """
    value = as_index(index)
    if value is not None:
        return f"{what} {shown(value)} is outside 0..{size - 1}"
    kind = " (a bool is not one)" if isinstance(index, bool) else ""
    return f"{what} {shown(index)} is not an int{kind}: valid indices are 0..{size - 1}"


def as_index(value: object) -> int | None:
    """``value`` as an int if it is an integer (a numpy one too) but not a bool, else ``None``.

    >>> as_index(3), as_index(True), as_index(3.0), as_index("3")
    (3, None, None, None)
    """
    if isinstance(value, bool):
        return None
    try:
        return operator.index(value)  # type: ignore[arg-type]
    except TypeError:  # a float, a string, numpy's bool, anything else
        return None
