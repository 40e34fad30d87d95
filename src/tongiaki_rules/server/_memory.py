"""Memory as the server counts it: the bytes a value adds, and caches bounded in bytes.

The server keeps games and drawn boards in memory to answer fast, each in a
:class:`SizedCache`: a least-recently-used cache whose entries carry a
measured size, that drops its oldest entries once their sizes add up to
more than its budget. :class:`MemoryBudget` holds the two budgets of a
server (``tongiaki serve --games-mib`` and ``--boards-mib``).

A size is measured, not guessed: :func:`added_bytes` walks a value's
tuples, lists, dicts and slotted objects with :func:`sys.getsizeof` and
counts only what is not shared with an older value (a new game position
shares most of its parent's tuples).

>>> cache = SizedCache(budget=100)
>>> cache.put("a", "first", 60)
'first'
>>> cache.put("b", "second", 60)  # over the budget: the least recently used goes
'second'
>>> "a" in cache, cache.get("b"), cache.total
(False, 'second', 60)
>>> added_bytes((1, 2, 3)) == sys.getsizeof((1, 2, 3))  # small ints are shared by Python
True
"""

from __future__ import annotations

import enum
import sys
import threading
from collections import OrderedDict
from collections.abc import Hashable, Iterator
from itertools import repeat
from typing import Generic, TypeVar

import attrs

__all__ = ["MIB", "MemoryBudget", "SizedCache", "added_bytes", "json_bytes"]

MIB = 1 << 20
"""A mebibyte."""

_K = TypeVar("_K", bound=Hashable)
_V = TypeVar("_V")

_NESTED = (dict, list, tuple)
"""What :func:`json_bytes` looks into."""
_FLAT = 8
"""A list longer than this is first checked for values alone (:func:`json_bytes`)."""

_SHARED_NAMES = frozenset({"config", "rules", "toncc_map", "__weakref__"})
"""Slots holding a game's settings: shared by every position of a game (and often by games)."""


@attrs.frozen(slots=True)
class MemoryBudget:
    """What one server process keeps in memory at most, in bytes, as the server measures it.

    ``games``: the games held to answer at once (their positions, narration
    and lately built views); the least recently used are dropped and read
    back from the database when asked for again. ``boards``: the SVG
    pictures drawn lately, by game, position, language and highlight.

    >>> MemoryBudget().games // MIB, MemoryBudget().boards // MIB
    (256, 32)
    >>> MemoryBudget(games=0)
    Traceback (most recent call last):
    ...
    ValueError: games: a memory budget is a positive number of bytes, not 0
    """

    games: int = attrs.field(default=256 * MIB)
    boards: int = attrs.field(default=32 * MIB)

    @games.validator
    @boards.validator
    def _positive(self, attribute: attrs.Attribute[int], value: int) -> None:
        if isinstance(value, bool) or not isinstance(value, int) or value <= 0:
            raise ValueError(
                f"{attribute.name}: a memory budget is a positive number of bytes, not {value!r}"
            )


def added_bytes(new: object, old: object = None, shared: tuple[type, ...] = ()) -> int:
    """The bytes of ``new`` that ``old`` does not already hold, by :func:`sys.getsizeof`.

    Walks tuples, lists, dicts and the slots of slotted objects. An object
    that is ``old`` itself, or one of the items ``old`` holds at the same
    place, is shared and not counted; nor are ``None``, booleans, enum
    members and small ints (Python keeps one of each), nor the settings
    slots of a position (``config``, ``rules``, ``toncc_map``), which every
    position of a game shares, nor the instances of the ``shared`` types
    (values the library keeps one of, such as a game's actions): a tuple
    or list whose first item is one of those is taken to hold only such
    items (a list of legal actions), and counted alone. Each object is
    counted once.

    >>> first = ((0, 0), (1, -1))
    >>> second = first + ((2, -1),)  # one tuple more, the first two shared
    >>> added_bytes(second, first) == sys.getsizeof(second) + sys.getsizeof((2, -1))
    True
    >>> added_bytes(first, first)
    0
    """
    return _walk(new, old, set(), (bool, enum.Enum, *shared), shared)


def _walk(
    new: object, old: object, seen: set[int], shared: tuple[type, ...], lists: tuple[type, ...]
) -> int:
    if new is old or new is None or isinstance(new, shared):
        return 0
    if id(new) in seen:
        return 0
    if isinstance(new, int) and -5 <= new <= 256:
        return 0
    seen.add(id(new))
    size = sys.getsizeof(new)
    if isinstance(new, (int, float, str, bytes)):
        return size
    if isinstance(new, (tuple, list)):
        if new and isinstance(new[0], lists):
            return size
        olds = old if isinstance(old, (tuple, list)) else ()
        kept = {id(item) for item in olds}
        for k, item in enumerate(new):
            if id(item) not in kept:
                size += _walk(item, olds[k] if k < len(olds) else None, seen, shared, lists)
    elif isinstance(new, dict):
        before = old if isinstance(old, dict) else {}
        kept = {id(key) for key in before} | {id(value) for value in before.values()}
        for key, value in new.items():
            if id(key) not in kept:
                size += _walk(key, None, seen, shared, lists)
            if id(value) not in kept:
                size += _walk(value, before.get(key), seen, shared, lists)
    elif isinstance(new, (set, frozenset)):
        size += sum(_walk(item, None, seen, shared, lists) for item in new)
    else:
        same = type(old) is type(new)
        for klass in type(new).__mro__:
            for name in getattr(klass, "__slots__", ()):
                if name in _SHARED_NAMES:
                    continue
                value = getattr(new, name, None)
                size += _walk(
                    value, getattr(old, name, None) if same else None, seen, shared, lists
                )
    return size


def json_bytes(value: object) -> int:
    """The bytes of a JSON value (dicts, lists, text, numbers) by :func:`sys.getsizeof`, fast.

    Every list, dict and value it holds is counted, each time it is held
    (shared ones too, small ints too), but not the dicts' keys: the names
    of a view's fields, which Python keeps once. About five times as fast
    as :func:`added_bytes`, for the views the server builds and keeps.

    >>> json_bytes({"a": [1, 2]}) == sys.getsizeof({"a": [1, 2]}) + sys.getsizeof([1, 2]) + 56
    True
    """
    size, stack, sized = 0, [value], sys.getsizeof
    while stack:
        item = stack.pop()
        size += sized(item)
        if isinstance(item, dict):
            stack.extend(item.values())
        elif isinstance(item, (list, tuple)):
            # a long list of text or numbers alone (a narration) is summed without the loop
            if len(item) > _FLAT and not any(map(isinstance, item, repeat(_NESTED))):
                size += sum(map(sized, item))
            else:
                stack.extend(item)
    return size


class SizedCache(Generic[_K, _V]):
    """A least-recently-used cache bounded by the measured sizes of its entries; thread-safe.

    Each :meth:`put` says the entry's size in bytes; once the sizes add up
    to more than ``budget``, the least recently used entries are dropped
    (but never the newest, however big). A caller holding a dropped value
    keeps it: dropping only forgets it here.

    >>> cache: SizedCache[str, int] = SizedCache(budget=10)
    >>> cache.put("a", 1, 4), cache.put("b", 2, 4)
    (1, 2)
    >>> cache.get("a")  # now the most recently used
    1
    >>> cache.resize("a", 1, 8)  # it grew: "b" goes
    >>> list(cache), cache.total
    (['a'], 8)
    """

    def __init__(self, budget: int) -> None:
        self.budget = budget
        self._entries: OrderedDict[_K, tuple[_V, int]] = OrderedDict()
        self._total = 0
        self._lock = threading.Lock()

    @property
    def total(self) -> int:
        """The sizes of the entries kept, added up."""
        return self._total

    def __len__(self) -> int:
        return len(self._entries)

    def __contains__(self, key: object) -> bool:
        return key in self._entries

    def __iter__(self) -> Iterator[_K]:
        """The keys, least recently used first (a copy: the cache may change meanwhile)."""
        with self._lock:
            return iter(list(self._entries))

    def get(self, key: _K) -> _V | None:
        """The value of ``key`` (now the most recently used), or ``None``."""
        with self._lock:
            entry = self._entries.get(key)
            if entry is None:
                return None
            self._entries.move_to_end(key)
            return entry[0]

    def put(self, key: _K, value: _V, size: int) -> _V:
        """Keep ``value`` under ``key`` unless a value is kept there already; the value kept.

        Either way the entry becomes the most recently used.
        """
        with self._lock:
            entry = self._entries.get(key)
            if entry is None:
                entry = self._entries[key] = (value, size)
                self._total += size
            self._entries.move_to_end(key)
            self._shrink()
            return entry[0]

    def resize(self, key: _K, value: _V, size: int) -> None:
        """Say that ``value``, kept under ``key``, now measures ``size`` (nothing if another
        value or none is kept there), and drop old entries to stay within the budget."""
        with self._lock:
            entry = self._entries.get(key)
            if entry is None or entry[0] is not value:
                return
            self._total += size - entry[1]
            self._entries[key] = (value, size)
            self._shrink()

    def pop(self, key: _K) -> None:
        """Forget ``key``."""
        with self._lock:
            entry = self._entries.pop(key, None)
            if entry is not None:
                self._total -= entry[1]

    def _shrink(self) -> None:
        while self._total > self.budget and len(self._entries) > 1:
            _, (_, size) = self._entries.popitem(last=False)
            self._total -= size
