"""Bots and chance in the background: one stored move at a time, at a watchable pace.

A game whose next decision is a bot's or chance's, with no human request
waiting for it (a game of bots only, a game a bot opens, a game left so by a
server killed mid-game), is *driven* by a :class:`BotDriver`: every
``delay`` seconds it calls :meth:`~.service.GameService.step` in one of a
few worker threads, which plays and stores one move under the game's lock,
and then tells ``notify`` (the WebSocket hub), until a human is to move or
the game is over. One clock thread keeps the games' next times; a slow bot
holds one worker thread, never the others' games. A move a search (MCTS)
is to make is handed from the ``workers`` threads to a pool of its own, of
as many threads as the policy has search slots
(:attr:`~.moves.BotPolicy.thinking`), where it waits its game's turn
(:class:`~.moves.SearchSlots`): a quick bot's move (random, greedy) never
waits for a thread behind other games' searches. At most ``bot_games``
games of bots only are played at once; the others wait their turn, in the
order they came to their first move (games with a human seat never wait).

A human's move is answered once it is stored (``tongiaki serve`` calls
:meth:`~.service.GameService.act` with ``replies=False``); the bots' replies
are then played here: :meth:`BotDriver.reply` drives the game at once, its
moves ``reply_delay`` seconds apart (none by default: the player waits for
them, and the browser animates them itself), each stored and told to
``notify`` as it comes; the moves of chance and of quick bots (``greedy``,
``random``) that follow one another are played and stored together (one
write, one push), a search's move alone.

Several server processes on one database never drive one game twice: a
process drives a game only while it holds the game's *lease* in the
database (:meth:`~.storage.Storage.claim_lease`, renewed as it plays, given
up when it stops). Where a human's move hands the game to the bots, the
lease is taken in the transaction that stores the move (:meth:`claim`), and
the quick replies renew it, or give it up when the game waits for a human
again, in the transaction that stores them
(:meth:`~.storage.Storage.append_moves` with ``lease``): two writes a human
move, where the move, a claim, the replies and a release took four; the
driver stops there, without a step more. A process refused the lease looks
again once the lease would have run out, so a game whose driver died is
taken over; a game a human's move woke looks again within
:data:`REPLY_RETRY` seconds (the process holding it may be about to give it
up, having played to the human's turn).

With ``turn_timeout`` (``tongiaki serve --turn-timeout``), or in a game
created with a clock (the lesser of the two where both apply), a claimed seat
that has not moved that many seconds after this process saw its turn begin
(:meth:`~.service.GameService.time_left`; a seat taken starts it again) is
moved for by :data:`~.service.IDLE_BOT`
(:meth:`~.service.GameService.play_idle`), and the game driven on.

>>> import tempfile, pathlib
>>> from tongiaki_rules.server import GameService, SqliteStorage
>>> service = GameService(SqliteStorage(pathlib.Path(tempfile.mkdtemp()) / "g.sqlite3"))
>>> game = service.create_game(2, seats={0: "random", 1: "random"}, seed=3)
>>> driver = BotDriver(service, delay=0.0)
>>> driver.wake(game["id"])
>>> driver.wait_idle(timeout=60)
True
>>> service.view(game["id"], svg=False)["outcome"] is not None
True
>>> driver.close()
"""

from __future__ import annotations

import heapq
import itertools
import logging
import os
import secrets
import socket
import threading
import time
from collections import deque
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor

from ._service import GameService, LeaseClaim
from .storage import LeaseHeld

__all__ = ["DEFAULT_BOT_DELAY", "LEASE_SECONDS", "REPLY_RETRY", "BotDriver"]

DEFAULT_BOT_DELAY = 0.3
"""Seconds between two background moves of one game, so spectators can follow them."""

LEASE_SECONDS = 10.0
"""How long a bot-driving lease runs at least (renewed halfway; longer for slow paces)."""

REPLY_RETRY = 0.25
"""Seconds before a game woken by a human's move asks again for a lease another process holds."""

_log = logging.getLogger(__name__)


def _ignore(game_id: str, moves: int) -> None:
    """The default ``notify``: nobody is told."""


class BotDriver:
    """Plays the bot and chance moves no request waits for, game by game, in worker threads.

    ``notify(game_id, moves)`` is called (from a worker thread) after each
    stored move; ``workers`` threads play moves at once; ``lease`` is the
    time a game's lease runs (by default :data:`LEASE_SECONDS`, or longer for
    a slow ``delay``). A game woken by :meth:`reply` moves ``reply_delay``
    seconds apart instead of ``delay``.
    """

    def __init__(
        self,
        service: GameService,
        *,
        delay: float = DEFAULT_BOT_DELAY,
        notify: Callable[[str, int], None] = _ignore,
        workers: int = 4,
        bot_games: int = 4,
        lease: float | None = None,
        turn_timeout: float | None = None,
        reply_delay: float = 0.0,
    ) -> None:
        self.service = service
        self.reply_delay = reply_delay
        """Seconds between two moves of a game :meth:`reply` drives."""
        self._pace: dict[str, float] = {}
        self._tickets: dict[str, int] = {}
        self._rewoken: set[str] = set()
        self.turn_timeout = turn_timeout
        """Seconds a claimed seat may take to move (``None``: no limit)."""
        self._idle: dict[str, int] = {}
        self.delay = delay
        self._notify = notify
        self._workers = workers
        self._due: list[tuple[float, int, str, int | None]] = []
        self._order = itertools.count()
        self._driven: set[str] = set()
        self._bot_games = max(1, bot_games)
        self._checked: set[str] = set()
        self._playing_bots: set[str] = set()
        self._waiting: deque[str] = deque()
        self._changed = threading.Condition()
        self._pool: ThreadPoolExecutor | None = None
        self._search_pool: ThreadPoolExecutor | None = None
        self._closed = False
        self.holder = f"{socket.gethostname()}:{os.getpid()}:{secrets.token_hex(4)}"
        """This driver's name in the leases it holds."""
        self.lease = lease if lease is not None else max(LEASE_SECONDS, 4 * delay + 5)
        """Seconds a lease runs (renewed halfway); another process takes a game over after it."""
        self._leased: dict[str, float] = {}

    def wake(self, game_id: str) -> None:
        """Drive ``game_id`` (its first move after ``delay``), unless it is driven already.

        A game where a human is to move, or that is over, stops being driven
        at once; so waking a game costs little whatever its position.
        """
        with self._changed:
            if self._closed:
                return
            if game_id in self._driven:
                if game_id not in self._tickets:  # its move is being played: look once more
                    self._rewoken.add(game_id)
                return
            self._driven.add(game_id)
            self._schedule(game_id)
            self._start()

    def claim(self) -> LeaseClaim:
        """A claim of a game's lease for this driver, to be taken in the transaction that
        stores a human's move (:meth:`~.service.GameService.act`); then :meth:`reply` with
        ``leased`` set to whether it was taken."""
        return LeaseClaim(self.holder, self.lease)

    def reply(self, game_id: str, *, leased: bool = False) -> None:
        """Drive ``game_id`` now, after a human's move: its moves ``reply_delay`` seconds
        apart, until a human is to move again or the game is over.

        ``leased``: this driver's lease of the game was taken as the move was stored (see
        :meth:`claim`), so no write claims it again before the replies.

        A game driven already is driven at this pace from now on (at once if it waits
        for its next move, or for a lease another process holds); one whose move is
        being played looks again after that move, so the human's move is never missed.

        >>> import tempfile, pathlib
        >>> from tongiaki_rules.server import GameService, SqliteStorage
        >>> service = GameService(SqliteStorage(pathlib.Path(tempfile.mkdtemp()) / "g.sqlite3"))
        >>> game = service.create_game(2, seats={1: "greedy"}, seed=42, seat=0)
        >>> service.act(game["id"], game["token"], "setup 0", 0, replies=False)["moves"]
        1
        >>> driver = BotDriver(service)
        >>> driver.reply(game["id"])
        >>> driver.wait_idle(timeout=60), service.view(game["id"])["moves"]
        (True, 2)
        >>> driver.close()
        """
        with self._changed:
            if self._closed:
                return
            if leased:
                self._leased[game_id] = time.monotonic()
            self._pace[game_id] = self.reply_delay
            if game_id not in self._driven:
                self._driven.add(game_id)
            elif game_id not in self._tickets:  # its move is being played: look once more
                self._rewoken.add(game_id)
                return
            self._schedule(game_id, now=True)
            self._start()

    def idle_check(self, game_id: str, moves: int) -> None:
        """A human is to move in ``game_id`` after ``moves`` moves: with a ``turn_timeout``
        or the game's clock, move for the seat once its time has run out, unless the game
        moved on (a second call for the same turn changes nothing)."""
        with self._changed:
            if self._closed or self._idle.get(game_id) == moves:
                return
        try:
            timed = self.turn_timeout is not None or self.service.clock_of(game_id) is not None
            left = self.service.time_left(game_id, moves, self.turn_timeout) if timed else None
        except Exception:  # an unreadable game: nothing to time
            return
        if left is None:
            return
        with self._changed:
            if self._closed or self._idle.get(game_id) == moves:
                return
            self._idle[game_id] = moves
            when = time.monotonic() + left
            heapq.heappush(self._due, (when, next(self._order), game_id, moves))
            self._start()
            self._changed.notify_all()

    def _start(self) -> None:
        """Start the worker threads and the clock thread, once (holding ``_changed``)."""
        if self._pool is None:
            self._pool = ThreadPoolExecutor(self._workers, thread_name_prefix="tongiaki-bot")
            self._search_pool = ThreadPoolExecutor(
                max(1, self.service.bots.thinking), thread_name_prefix="tongiaki-search"
            )
            threading.Thread(target=self._clock, name="tongiaki-bot-clock", daemon=True).start()

    def _play_idle(self, game_id: str, moves: int) -> None:
        """The turn of ``game_id`` after ``moves`` moves ran out: move for its idle seats."""
        with self._changed:
            if self._idle.get(game_id) == moves:
                del self._idle[game_id]
        try:
            left = self.service.time_left(game_id, moves, self.turn_timeout)
            if left is not None and left > 0.05:  # a seat was taken since: its time is new
                self.idle_check(game_id, moves)
                return
            played = None if left is None else self.service.play_idle(game_id, moves)
        except Exception:  # an unreadable game, a database error: the next view looks again
            _log.exception("game %s: could not move for a seat whose time ran out", game_id)
            return
        if played is not None:
            self._notify(game_id, played)
            self.wake(game_id)  # chance and bots may follow; the next human's turn is timed

    def waiting(self) -> int:
        """How many games of bots only wait for their turn."""
        with self._changed:
            return len(self._waiting)

    def driven(self) -> int:
        """How many games are being driven now."""
        with self._changed:
            return len(self._driven)

    def wait_idle(self, timeout: float) -> bool:
        """Wait until no game is driven (``True``), or ``timeout`` seconds (``False``)."""
        with self._changed:
            return self._changed.wait_for(lambda: not self._driven, timeout)

    def close(self) -> None:
        """Stop driving; a move being played is still stored, no new one is started.

        The leases held are given up, so another process may drive those games at once.
        """
        with self._changed:
            self._closed = True
            self._due.clear()
            self._idle.clear()
            self._driven.clear()
            self._waiting.clear()
            self._tickets.clear()
            self._pace.clear()
            self._rewoken.clear()
            self._changed.notify_all()
            pools = [p for p in (self._pool, self._search_pool) if p is not None]
            held = list(self._leased)
            self._leased.clear()
        for pool in pools:
            pool.shutdown(wait=False, cancel_futures=True)
        for game_id in held:
            self._release(game_id)

    def _leased_now(self, game_id: str) -> bool:
        """Hold (or renew, past half its time) the game's lease; ``False`` if another holds it."""
        now = time.monotonic()
        since = self._leased.get(game_id)
        if since is not None and now - since < self.lease / 2:
            return True
        try:
            held = self.service.storage.claim_lease(game_id, self.holder, self.lease)
        except Exception as exc:  # the database is away: try again later, as if refused
            _log.warning("game %s: the bot-driving lease cannot be claimed: %s", game_id, exc)
            held = False
        if held:
            self._leased[game_id] = now
        else:
            self._leased.pop(game_id, None)
        return held

    def _release(self, game_id: str) -> None:
        try:
            self.service.storage.release_lease(game_id, self.holder)
        except Exception as exc:  # it runs out by itself
            _log.warning("game %s: the bot-driving lease cannot be given up: %s", game_id, exc)

    def _schedule(self, game_id: str, *, now: bool = False, after: float | None = None) -> None:
        """Play the game's next move after its pace (``now``: at once; ``after``: that many
        seconds), instead of any time set before (holding ``_changed``)."""
        if after is None:
            after = 0.0 if now else self._pace.get(game_id, self.delay)
        ticket = next(self._order)
        self._tickets[game_id] = ticket
        heapq.heappush(self._due, (time.monotonic() + after, ticket, game_id, None))
        self._changed.notify_all()

    def _clock(self) -> None:
        """Hand every game to a worker when its time comes."""
        with self._changed:
            while not self._closed:
                if not self._due:
                    self._changed.wait()
                    continue
                when, _, game_id, idle = self._due[0]
                pause = when - time.monotonic()
                if pause > 0:
                    self._changed.wait(pause)
                    continue
                _, ticket, _, _ = heapq.heappop(self._due)
                assert self._pool is not None
                if idle is None:
                    if self._tickets.get(game_id) != ticket:
                        continue  # set again since: a later entry plays it
                    del self._tickets[game_id]
                    self._pool.submit(self._step, game_id)
                else:
                    self._pool.submit(self._play_idle, game_id, idle)

    def _step(self, game_id: str, searching: bool = False) -> None:
        """Play one move of the game; schedule the next or stop driving it.

        A move a search is to make is first handed to the search pool (``searching``).
        """
        if not searching and self.service.next_is_search(game_id):
            with self._changed:
                if self._closed or self._search_pool is None:
                    return
                self._search_pool.submit(self._step, game_id, True)
            return
        moves: int | None = None
        if game_id not in self._checked and not self._admit(game_id):
            return
        if not self._leased_now(game_id):  # another process drives it: look again later
            self._refused(game_id)
            return
        with self._changed:
            quick = game_id in self._pace  # a human waits: quick moves go in one step
        try:
            if quick:  # the lease renewed, or given up, in the write that stores the moves
                lease = (self.holder, self.lease)
                moves = self.service.step(game_id, quick=True, lease=lease)
            else:
                moves = self.service.step(game_id)
        except LeaseHeld:  # it ran out meanwhile and another process took it
            self._leased.pop(game_id, None)
            self._refused(game_id)
            return
        except Exception:  # an unreadable game, a database error: the next viewer wakes it again
            _log.exception("stopped driving game %s", game_id)
        done = moves is None  # nothing was left to play: stop driving the game
        if moves is not None:
            self._notify(game_id, moves)
            done = self._waits_for_human(game_id)  # stop now rather than after a step more
            if quick and not done:
                self._leased[game_id] = time.monotonic()  # renewed as the moves were stored
        if done:
            self._leased.pop(game_id, None)
            if moves is None or not quick:  # else given up as the moves were stored
                self._release(game_id)
        with self._changed:
            if self._closed:
                return
            if done and game_id in self._rewoken:  # woken while it played: look again
                self._rewoken.discard(game_id)
                self._schedule(game_id, now=True)
                return
            self._rewoken.discard(game_id)
            if done:
                self._driven.discard(game_id)
                self._pace.pop(game_id, None)
                self._checked.discard(game_id)
                if game_id in self._playing_bots:
                    self._playing_bots.discard(game_id)
                    if self._waiting:
                        admitted = self._waiting.popleft()
                        self._playing_bots.add(admitted)
                        self._schedule(admitted)
                self._changed.notify_all()
            else:
                self._schedule(game_id)
        if done:  # no longer driven: a bot may wake it again once the idle seat moved
            self.time_turn(game_id)

    def _refused(self, game_id: str) -> None:
        """Another process holds the game's lease: look again later (soon if a human waits,
        as the holder may be done)."""
        with self._changed:
            if not self._closed and game_id in self._driven:
                self._rewoken.discard(game_id)
                soon = game_id in self._pace
                self._schedule(game_id, after=REPLY_RETRY if soon else self.lease)

    def _waits_for_human(self, game_id: str) -> bool:
        """Whether the game just played waits for a human (or is over): nothing left to drive."""
        try:
            return self.service.waits_for_human(game_id)
        except Exception:  # an unreadable game: the next step finds out and says so
            return False

    def time_turn(self, game_id: str) -> None:
        """If a human is to move in the game, time the turn (when a limit applies): the game
        stopped at a human's turn, or a seat was taken."""
        try:
            if self.turn_timeout is None and self.service.clock_of(game_id) is None:
                return  # no limit: nothing to time
            moves = self.service.human_turn(game_id)
        except Exception:  # an unreadable game: nothing to time
            return
        if moves is not None:
            self.idle_check(game_id, moves)

    def _admit(self, game_id: str) -> bool:
        """At a game's first step: a game of bots only plays if a place is free, else waits."""
        try:
            bots_only = self.service.bots_only(game_id)
        except Exception:  # an unreadable game: the step says so
            bots_only = False
        with self._changed:
            self._checked.add(game_id)
            if not bots_only:
                return True
            if len(self._playing_bots) < self._bot_games:
                self._playing_bots.add(game_id)
                return True
            self._waiting.append(game_id)
            return False
