"""The limits of one ``tongiaki serve``: its settings, and rates per client address.

:class:`ServeLimits` holds every knob (``tongiaki serve`` sets them from
its options); :class:`RateLimit` counts what each client address did in a
minute, as a token bucket, and :class:`SocketCount` the WebSockets open per
address and in all. Given the server's storage, both keep their counts in
its database, shared by every server process on it. A limit reached raises
:class:`~.errors.TooMany` (429 with ``Retry-After``).

>>> rate = RateLimit(per_minute=2, clock=lambda: 0.0)
>>> rate.take("10.0.0.1"); rate.take("10.0.0.1")
>>> rate.take("10.0.0.1")
Traceback (most recent call last):
...
tongiaki_rules.server._errors.TooMany: too many requests from this address (2 a minute); ...
"""

from __future__ import annotations

import logging
import math
import os
import secrets
import socket
import threading
import time
from collections.abc import Callable

import attrs

from ._errors import TooMany
from ._moves import MAX_MCTS_ITERATIONS, MAX_THINK_SECONDS
from ._service import SEARCH_POSITIONS
from .storage import Storage, StorageError

__all__ = ["SOCKET_LEASE", "RateLimit", "ServeLimits", "SocketCount"]

SOCKET_LEASE = 60.0
"""Seconds a process's count of open WebSockets stays in a shared database unless renewed."""

_TRACKED = 10_000
_log = logging.getLogger(__name__)


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
    costly_reads_per_minute: int = 240
    """Costly reads one client address may make a minute: views of games not in memory,
    boards not drawn yet, steps of many moves (:meth:`~.service.GameService.costly`)."""
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
    """Searching bots (MCTS) thinking at once, one per game at most (at most the cores)."""
    max_mcts_iterations: int = MAX_MCTS_ITERATIONS
    """MCTS iterations a move, at most, for any bot seat."""
    max_think_seconds: float = MAX_THINK_SECONDS
    """Seconds an MCTS seat thinks a move, at most (its search stops there)."""
    bot_games: int = 4
    """Games of bots only played at once in the background; the others wait their turn."""
    turn_timeout: float | None = None
    """Seconds a claimed seat may take to move before the server's greedy bot moves for it
    (``None``: no limit)."""
    min_clock: int = 10
    """The shortest clock a game may be created with: seconds a move (issue 39)."""
    max_clock: int = 86400
    """The longest clock a game may be created with: seconds a move (and at most
    :attr:`turn_timeout` when the server has one)."""
    games_mib: int = 256
    """MiB of games kept in memory, as measured (the least recently used go; see
    :class:`~.memory.MemoryBudget`)."""
    boards_mib: int = 32
    """MiB of drawn boards kept in memory, as measured, for every game together."""
    search_positions: int = SEARCH_POSITIONS
    """Positions the rules' look-ahead may expand for one decision; a decision that needs more
    is answered with 503 (:data:`~.service.SEARCH_POSITIONS`, issue 36)."""

    def __attrs_post_init__(self) -> None:
        if self.bot_workers > _cores():
            object.__setattr__(self, "bot_workers", _cores())


class RateLimit:
    """At most ``per_minute`` events per key in any minute, refilled smoothly (a token bucket).

    With ``shared`` (a storage), the buckets are rows of its database
    (:meth:`~.storage.Storage.update_bucket`): every server process on that
    database counts into the same bucket, so ``--workers N`` does not
    multiply the limit. ``name`` keeps one limit's buckets apart from
    another's. Its ``clock`` is then wall time (seconds since the epoch, by
    default :func:`time.time`), which the processes share; alone, by default
    :func:`time.monotonic`.
    """

    def __init__(
        self,
        per_minute: int,
        *,
        clock: Callable[[], float] | None = None,
        shared: Storage | None = None,
        name: str = "rate",
    ) -> None:
        self.per_minute = per_minute
        self._rate = per_minute / 60.0
        self._clock = (
            clock if clock is not None else time.monotonic if shared is None else time.time
        )
        self._shared = shared
        self._name = name
        self._buckets: dict[str, tuple[float, float]] = {}
        self._lock = threading.Lock()

    def take(self, key: str) -> None:
        """Count one event of ``key``; :class:`~.errors.TooMany` if its bucket is empty."""
        now = self._clock()
        if self._shared is not None:
            self._shared.update_bucket(
                f"{self._name}:{key}", now, lambda held: self._after(held, now)
            )
            return
        with self._lock:
            tokens, when, _ = self._after(self._buckets.get(key), now)
            self._buckets[key] = (tokens, when)
            if len(self._buckets) > _TRACKED:
                self._forget_full(now)

    def _after(self, held: tuple[float, float] | None, now: float) -> tuple[float, float, float]:
        """The bucket ``held`` (``(tokens, stamp)``; ``None``: full) after one event at
        ``now``: ``(tokens, now, when it is full again)``; :class:`~.errors.TooMany` if it
        holds less than one token. A bucket never holds more than ``per_minute``, however
        long it was left alone.

        >>> RateLimit(per_minute=2)._after((0.5, 0.0), 30.0)
        (0.5, 30.0, 75.0)
        """
        tokens, when = held if held is not None else (float(self.per_minute), now)
        tokens = min(float(self.per_minute), tokens + max(0.0, now - when) * self._rate)
        if tokens < 1.0:
            wait = math.ceil((1.0 - tokens) / self._rate) if self._rate > 0 else 60
            raise TooMany(
                f"too many requests from this address ({self.per_minute} a minute); "
                f"retry in {wait} s",
                wait,
            )
        tokens -= 1.0
        return tokens, now, now + (self.per_minute - tokens) / self._rate

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

    With ``shared`` (a storage), each process's counts are rows of its
    database (:meth:`~.storage.Storage.count_sockets`), stamped with this
    process's ``holder`` id and running ``lease`` seconds: an opening socket
    is counted against every process's sockets, and the rows of a process
    that died stop counting when their lease runs out. :meth:`renew` (every
    third of the lease, ``tongiaki serve`` calls it) keeps this process's
    rows alive and puts right a close that could not be written.

    >>> count = SocketCount(per_address=1, total=5)
    >>> count.open("a")
    >>> count.open("a")
    Traceback (most recent call last):
    ...
    tongiaki_rules.server._errors.TooMany: this address holds 1 WebSockets already (the limit)
    >>> count.close("a"); count.open("a"); count.total()
    1
    """

    def __init__(
        self,
        per_address: int,
        total: int,
        *,
        shared: Storage | None = None,
        holder: str | None = None,
        clock: Callable[[], float] = time.time,
        lease: float = SOCKET_LEASE,
    ) -> None:
        self.per_address = per_address
        self.limit = total
        self.holder = holder or f"{socket.gethostname()}:{os.getpid()}:{secrets.token_hex(6)}"
        self.lease = lease
        self._shared = shared
        self._clock = clock
        self._open: dict[str, int] = {}
        self._total = 0
        self._lock = threading.Lock()

    def open(self, key: str) -> None:
        """Count a socket of ``key`` opening; :class:`~.errors.TooMany` over a limit (counting
        the other processes' sockets too, when shared)."""
        with self._lock:
            held = self._open.get(key, 0)
            self._check(held, 0, 0)
            if self._shared is not None:
                self._shared.count_sockets(
                    self.holder,
                    key,
                    held + 1,
                    self._clock(),
                    self.lease,
                    lambda of_address, in_all: self._check(held, of_address, in_all),
                )
            self._open[key] = held + 1
            self._total += 1

    def _check(self, held: int, of_address: int, in_all: int) -> None:
        """Refuse one more socket of an address this process holds ``held`` of, the others
        ``of_address`` (and ``in_all`` sockets of any address)."""
        if self._total + in_all >= self.limit:
            raise TooMany(f"the server holds {self.limit} WebSockets already (the limit)", 10)
        if held + of_address >= self.per_address:
            shown = held + of_address
            raise TooMany(f"this address holds {shown} WebSockets already (the limit)", 10)

    def close(self, key: str) -> None:
        """Count a socket of ``key`` closing (a count the database refuses now is logged, and
        put right by the next :meth:`renew`)."""
        with self._lock:
            held = self._open.get(key, 0)
            if held <= 1:
                self._open.pop(key, None)
            else:
                self._open[key] = held - 1
            self._total -= 1 if held else 0
            if self._shared is not None and held:
                try:
                    self._shared.count_sockets(
                        self.holder, key, held - 1, self._clock(), self.lease
                    )
                except StorageError as exc:
                    _log.warning("a closed WebSocket could not be counted yet: %s", exc)

    def renew(self) -> None:
        """Write this process's counts again, running one more lease (when shared)."""
        if self._shared is not None:
            with self._lock:
                self._shared.renew_sockets(self.holder, self._open, self._clock() + self.lease)

    def release(self) -> None:
        """Give up this process's rows (at shutdown; when shared)."""
        if self._shared is not None:
            with self._lock:
                self._shared.renew_sockets(self.holder, {}, self._clock())

    def total(self) -> int:
        """How many sockets this process holds open now."""
        with self._lock:
            return self._total
