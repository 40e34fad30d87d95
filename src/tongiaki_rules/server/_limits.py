"""The limits of one ``tongiaki serve``: its settings, and rates per client address.

:class:`ServeLimits` holds every knob (``tongiaki serve`` sets them from
its options); :class:`RateLimit` counts what each client address did in a
minute, as a token bucket, and :class:`SocketCount` the WebSockets open per
address and in all. A limit reached raises :class:`~.errors.TooMany`
(429 with ``Retry-After``).

>>> rate = RateLimit(per_minute=2, clock=lambda: 0.0)
>>> rate.take("10.0.0.1"); rate.take("10.0.0.1")
>>> rate.take("10.0.0.1")
Traceback (most recent call last):
...
tongiaki_rules.server._errors.TooMany: too many requests from this address (2 a minute); ...
"""

from __future__ import annotations

import math
import os
import threading
import time
from collections.abc import Callable

import attrs

from ._errors import TooMany
from ._moves import MAX_MCTS_ITERATIONS

__all__ = ["RateLimit", "ServeLimits", "SocketCount"]

_TRACKED = 10_000


def _cores() -> int:
    return max(1, len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else 1)


@attrs.frozen
class ServeLimits:
    """Every limit of a server, with safe defaults (``tongiaki serve --help`` names each).

    >>> ServeLimits().games_per_minute
    10
    """

    games_per_minute: int = 10
    """Games one client address may create a minute."""
    claims_per_minute: int = 30
    """Seats one client address may claim a minute."""
    sockets_per_address: int = 16
    """WebSockets one client address may hold open."""
    sockets_total: int = 2000
    """WebSockets the server holds open in all."""
    socket_idle: float = 300.0
    """Seconds a WebSocket may stay silent (the client pings) before it is closed."""
    body_timeout: float = 10.0
    """Seconds a request body may take to arrive."""
    header_timeout: float = 10.0
    """Seconds a request's headers may take to arrive (``tongiaki serve``'s HTTP protocol)."""
    bot_workers: int = attrs.field(factory=lambda: min(2, _cores()))
    """Bots thinking at once, in requests and in the background (at most the cores)."""
    max_mcts_iterations: int = MAX_MCTS_ITERATIONS
    """MCTS iterations a move, at most, for any bot seat."""
    bot_games: int = 4
    """Games of bots only played at once in the background; the others wait their turn."""
    games_mib: int = 256
    """MiB of games kept in memory, as measured (the least recently used go; see
    :class:`~.memory.MemoryBudget`)."""
    boards_mib: int = 32
    """MiB of drawn boards kept in memory, as measured, for every game together."""

    def __attrs_post_init__(self) -> None:
        if self.bot_workers > _cores():
            object.__setattr__(self, "bot_workers", _cores())


class RateLimit:
    """At most ``per_minute`` events per key in any minute, refilled smoothly (a token bucket)."""

    def __init__(self, per_minute: int, *, clock: Callable[[], float] = time.monotonic) -> None:
        self.per_minute = per_minute
        self._rate = per_minute / 60.0
        self._clock = clock
        self._buckets: dict[str, tuple[float, float]] = {}
        self._lock = threading.Lock()

    def take(self, key: str) -> None:
        """Count one event of ``key``; :class:`~.errors.TooMany` if its bucket is empty."""
        now = self._clock()
        with self._lock:
            tokens, when = self._buckets.get(key, (float(self.per_minute), now))
            tokens = min(float(self.per_minute), tokens + (now - when) * self._rate)
            if tokens < 1.0:
                wait = math.ceil((1.0 - tokens) / self._rate) if self._rate > 0 else 60
                self._buckets[key] = (tokens, now)
                raise TooMany(
                    f"too many requests from this address ({self.per_minute} a minute); "
                    f"retry in {wait} s",
                    wait,
                )
            self._buckets[key] = (tokens - 1.0, now)
            if len(self._buckets) > _TRACKED:
                self._forget_full(now)

    def _forget_full(self, now: float) -> None:
        """Drop the keys whose buckets have filled up again (they would start full anyway)."""
        full = [
            key
            for key, (tokens, when) in self._buckets.items()
            if tokens + (now - when) * self._rate >= self.per_minute
        ]
        for key in full:
            del self._buckets[key]


class SocketCount:
    """The WebSockets open per client address and in all, within their limits.

    >>> count = SocketCount(per_address=1, total=5)
    >>> count.open("a")
    >>> count.open("a")
    Traceback (most recent call last):
    ...
    tongiaki_rules.server._errors.TooMany: this address holds 1 WebSockets already (the limit)
    >>> count.close("a"); count.open("a"); count.total()
    1
    """

    def __init__(self, per_address: int, total: int) -> None:
        self.per_address = per_address
        self.limit = total
        self._open: dict[str, int] = {}
        self._total = 0
        self._lock = threading.Lock()

    def open(self, key: str) -> None:
        """Count a socket of ``key`` opening; :class:`~.errors.TooMany` over a limit."""
        with self._lock:
            if self._total >= self.limit:
                raise TooMany(f"the server holds {self.limit} WebSockets already (the limit)", 10)
            held = self._open.get(key, 0)
            if held >= self.per_address:
                raise TooMany(f"this address holds {held} WebSockets already (the limit)", 10)
            self._open[key] = held + 1
            self._total += 1

    def close(self, key: str) -> None:
        """Count a socket of ``key`` closing."""
        with self._lock:
            held = self._open.get(key, 0)
            if held <= 1:
                self._open.pop(key, None)
            else:
                self._open[key] = held - 1
            self._total -= 1 if held else 0

    def total(self) -> int:
        """How many sockets are open now."""
        with self._lock:
            return self._total
