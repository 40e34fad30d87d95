"""The storage protocol on top of SQL, once for SQLite and PostgreSQL: :class:`SqlStorage`.

Every query and every transaction of the :class:`~.base.Storage` protocol
lives here, in terms of a few steps each database takes its own way: a
read (:meth:`SqlStorage._read`), a write transaction
(:meth:`SqlStorage._write`), a statement run for many rows, the error of a
duplicate move, and the thread that hears of other processes' moves. The
statements come from :class:`~.statements.Statements` in the storage's
dialect; what a row means, from :mod:`.rows`.
"""

from __future__ import annotations

import hmac
import json
import threading
from collections.abc import Callable, Collection, Mapping, Sequence
from contextlib import AbstractContextManager
from typing import Any, ClassVar, Generic, Protocol, TypeVar

from ._base import (
    BucketUpdate,
    GameSummary,
    LeaseHeld,
    SeatLost,
    SocketCheck,
    StoredGame,
    dump_json,
)
from ._rows import (
    choice_rows,
    decoded_choices,
    decoded_moves,
    move_rows,
    seat_rows,
    seats_json,
    stored_game,
    summaries,
)
from ._statements import Statements

__all__ = ["Connection", "Cursor", "Notify", "SqlStorage", "Watched"]

T = TypeVar("T")

Notify = Callable[[str, int], None]
"""What hears of other processes' moves: ``notify(game_id, moves)``."""

Watched = Callable[[], Collection[str]]
"""What names the games whose moves are wanted now."""


class Cursor(Protocol):
    """What the shared queries read of an executed statement."""

    @property
    def rowcount(self) -> int:
        """The rows the statement changed."""

    def fetchone(self) -> Any:
        """The next row, or ``None``."""

    def fetchall(self) -> list[Any]:
        """The rows left."""


class Connection(Protocol):
    """A database connection as the shared queries use it (``sqlite3``'s and psycopg's)."""

    def execute(self, query: str, params: Sequence[Any] = ..., /) -> Cursor:
        """Run one statement with its parameters."""


C = TypeVar("C", bound=Connection)


class SqlStorage(Generic[C]):
    """The :class:`~.base.Storage` protocol in SQL, over connections of type ``C``.

    A storage class sets :attr:`_sql`, :attr:`_duplicate` and
    :attr:`_watch_thread`, and gives the steps that raise
    :class:`NotImplementedError` here.
    """

    _sql: ClassVar[Statements]
    """The statements in the database's dialect."""
    _duplicate: ClassVar[type[Exception]]
    """What a write transaction raises when move ``n`` of a game is stored already."""
    _watch_thread: ClassVar[str]
    """The name of the thread that hears of other processes' moves."""

    def __init__(self) -> None:
        self._watchers: list[threading.Event] = []

    # ------------------------------------------------------------ each database's steps
    def _read(self, work: Callable[[C], T]) -> T:
        """``work(db)`` on a connection, outside any write transaction."""
        raise NotImplementedError

    def _write(self) -> AbstractContextManager[C]:
        """A write transaction, committed durably when the block ends, else rolled back."""
        raise NotImplementedError

    def _run_many(self, db: C, statement: str, rows: Sequence[Sequence[Any]]) -> None:
        """``statement`` once for each of ``rows``, inside the transaction of ``db``."""
        raise NotImplementedError

    def _watch(self, notify: Notify, watched: Watched, stop: threading.Event) -> None:
        """Tell ``notify`` of other processes' moves in ``watched()`` games until ``stop``."""
        raise NotImplementedError

    def _lock_table(self, db: C, table: str) -> None:
        """Hold ``table`` against every other writer of it until the transaction ends (by
        default nothing: SQLite's write transactions take the whole file)."""

    def _seat_freed(self, db: C, game_id: str) -> None:
        """What else a write does when a seat of ``game_id`` was left (by default nothing)."""

    def _choice_stored(self, db: C, game_id: str) -> None:
        """What else a write does when a secret choice of ``game_id`` was stored (by default
        nothing): other processes' sockets may show who has chosen (never what)."""

    # ------------------------------------------------------------ the Storage protocol
    def add_game(
        self,
        game: StoredGame,
        tokens: Sequence[tuple[int, str]],
        moves: Sequence[dict[str, Any]],
        *,
        over: bool,
    ) -> None:
        """Store the game, the seats' rows with the creator's token hashes, and its first moves;
        one transaction."""
        with self._write() as db:
            db.execute(
                self._sql.insert_game,
                (
                    game.id,
                    game.created,
                    dump_json(game.settings),
                    seats_json(game),
                    game.seed,
                    over,
                    game.unlisted,
                    game.game,
                ),
            )
            self._run_many(db, self._sql.insert_seat, seat_rows(game, tokens))
            self._run_many(db, self._sql.insert_move, move_rows(game.id, 0, moves))

    def game(self, game_id: str) -> StoredGame | None:
        """The stored game, or ``None``."""

        def read(db: C) -> StoredGame | None:
            row = db.execute(self._sql.game, (game_id,)).fetchone()
            return None if row is None else self._game(db, row)

        return self._read(read)

    def _game(self, db: C, row: Sequence[Any]) -> StoredGame:
        return stored_game(row, db.execute(self._sql.seats, (row[0],)).fetchall())

    def games(self, limit: int, before: str | None = None) -> list[GameSummary]:
        """Up to ``limit`` listed games, newest first; older than game ``before`` if given.

        A game whose row cannot be read is left out (and logged).
        """
        return self._read(lambda db: self._games(db, limit, before))

    def _games(self, db: C, limit: int, before: str | None) -> list[GameSummary]:
        if before is None:
            rows = db.execute(self._sql.listed, (limit,)).fetchall()
        else:
            mark = db.execute(self._sql.created, (before,)).fetchone()
            if mark is None:
                return []
            rows = db.execute(self._sql.listed_before, (mark[0], mark[0], before, limit)).fetchall()
        return summaries(rows, lambda row: self._game(db, row))

    def is_over(self, game_id: str) -> bool:
        """Whether the game is stored as over."""
        row = self._read(lambda db: db.execute(self._sql.is_over, (game_id,)).fetchone())
        return row is not None and bool(row[0])

    def token_hashes(self, game_id: str) -> list[tuple[int, str]]:
        """The ``(seat, token hash)`` of every seat that holds a token."""
        rows = self._read(lambda db: db.execute(self._sql.token_hashes, (game_id,)).fetchall())
        return [(seat, digest) for seat, digest in rows]

    def claim_seat(self, game_id: str, seat: int, token_hash: str, name: str | None = None) -> bool:
        """Give a free human seat the token hash (and its holder's name); ``False`` if it
        holds one already."""
        with self._write() as db:
            changed = db.execute(self._sql.claim_seat, (token_hash, name, game_id, seat)).rowcount
        return changed == 1

    def leave_seat(self, game_id: str, seat: int, token_hash: str) -> bool:
        """Free the seat if it holds exactly this token hash; ``False`` otherwise."""
        with self._write() as db:
            changed = db.execute(self._sql.leave_seat, (game_id, seat, token_hash)).rowcount
            if changed == 1:  # a secret choice left behind would tell the seat's next holder
                db.execute(self._sql.drop_choices, (game_id, seat))
                self._seat_freed(db, game_id)
        return changed == 1

    def moves(self, game_id: str, first: int = 0) -> list[dict[str, Any]]:
        """The stored moves from number ``first`` on, in order."""
        rows = self._read(lambda db: db.execute(self._sql.moves, (game_id, first)).fetchall())
        return decoded_moves(game_id, rows)

    def add_snapshot(self, game_id: str, n: int, snapshot: Mapping[str, Any]) -> None:
        """Keep ``snapshot``, the game after ``n`` moves, instead of the game's older ones
        (a second snapshot after ``n`` moves is ignored)."""
        with self._write() as db:
            db.execute(self._sql.insert_snapshot, (game_id, n, dump_json(snapshot)))
            db.execute(self._sql.drop_old_snapshots, (game_id, n))

    def snapshot(self, game_id: str) -> tuple[int, Any] | None:
        """The game's latest snapshot and its number of moves; ``None`` if it has none, or if
        that one is not JSON (a snapshot only saves work: the moves are the truth)."""
        row = self._read(lambda db: db.execute(self._sql.snapshot, (game_id,)).fetchone())
        if row is None:
            return None
        try:
            return int(row[0]), json.loads(row[1])
        except (ValueError, TypeError):
            return None

    def unfinished_bot_games(self, limit: int) -> list[str]:
        """The ids of the newest ``limit`` games not over that have a bot seat, newest first."""
        rows = self._read(
            lambda db: db.execute(self._sql.unfinished_bot_games, (limit,)).fetchall()
        )
        return [game_id for (game_id,) in rows]

    def _check_holder(self, db: C, game_id: str, seat: int, token_hash: str) -> None:
        """Raise :class:`SeatLost` unless ``seat`` holds ``token_hash`` now, inside the write
        transaction of ``db``; the seat's row then stays as read until it ends.

        SQLite's write transaction holds the whole file (``BEGIN IMMEDIATE``); PostgreSQL's
        ``SELECT ... FOR UPDATE`` waits for a leave or claim of the seat under way and holds
        off the next. Either way a leave that returned before the move is stored always
        refuses it, and a leave after it frees the seat only once the move is stored.
        """
        row = db.execute(self._sql.seat_holder, (game_id, seat)).fetchone()
        held = None if row is None else row[0]
        if not isinstance(held, str) or not hmac.compare_digest(held, token_hash):
            raise SeatLost(game_id, seat)

    def append_moves(
        self,
        game_id: str,
        first: int,
        moves: Sequence[dict[str, Any]],
        *,
        over: bool,
        holder: tuple[int, str] | None = None,
        lease: tuple[str, float | None] | None = None,
    ) -> bool:
        """Store moves ``first, ...`` in one transaction; ``False`` if move ``first`` exists.

        ``holder`` (a seat and a token hash): stored only if that seat holds that token hash
        in the same transaction; else :class:`~.base.SeatLost`, nothing stored. ``lease``
        (a driver and seconds, ``None`` to give it up): stored only while the game's lease
        is free, expired or that driver's; else :class:`~.base.LeaseHeld`, nothing stored.
        """
        rows = move_rows(game_id, first, moves)  # written as JSON before the transaction
        try:
            with self._write() as db:
                if holder is not None:
                    self._check_holder(db, game_id, *holder)
                if lease is not None:
                    driver, seconds = lease
                    if not self._take_lease(db, game_id, driver, seconds or 0.0):
                        raise LeaseHeld(game_id)
                    if seconds is None:
                        db.execute(self._sql.release_lease, (game_id, driver))
                self._run_many(db, self._sql.insert_move, rows)
                if over:
                    db.execute(self._sql.set_over, (game_id,))
        except self._duplicate:
            return False
        return True

    def add_choice(
        self,
        game_id: str,
        n: int,
        seat: int,
        choice: dict[str, Any],
        *,
        token_hash: str | None = None,
    ) -> bool:
        """Store ``seat``'s secret choice for the decision at move ``n``; ``False`` (storing
        nothing) if that seat has chosen there already. With ``token_hash``, only if the
        seat holds it in the same transaction (else :class:`~.base.SeatLost`)."""
        try:
            with self._write() as db:
                if token_hash is not None:
                    self._check_holder(db, game_id, seat, token_hash)
                db.execute(self._sql.insert_choice, choice_rows(game_id, n, seat, choice))
                self._choice_stored(db, game_id)
        except self._duplicate:
            return False
        return True

    def choices(self, game_id: str, n: int) -> dict[int, dict[str, Any]]:
        """The secret choices stored for the decision at move ``n``, by seat."""
        rows = self._read(lambda db: db.execute(self._sql.choices, (game_id, n)).fetchall())
        return decoded_choices(game_id, rows)

    def _take_lease(self, db: C, game_id: str, holder: str, seconds: float) -> bool:
        """Hold the game's lease for ``seconds`` more inside the write transaction of ``db``,
        if it is free, expired or ``holder``'s; ``False`` (nothing changed) while another
        holder's runs. Each database says whose clock decides."""
        raise NotImplementedError

    def claim_lease(self, game_id: str, holder: str, seconds: float) -> bool:
        """Hold the game's bot-driving lease for ``seconds`` more, if it is free, expired or
        ``holder``'s already; ``False`` while another holder's lease runs."""
        with self._write() as db:
            return self._take_lease(db, game_id, holder, seconds)

    def release_lease(self, game_id: str, holder: str) -> None:
        """Give the lease up if ``holder`` holds it (another holder's lease is kept)."""
        with self._write() as db:
            db.execute(self._sql.release_lease, (game_id, holder))

    def check_unchanged(self) -> None:
        """Nothing known lost, by default: a database server is only known lost by asking it."""

    def update_bucket(self, key: str, now: float, update: BucketUpdate) -> None:
        """Run ``update`` on the stored ``(tokens, stamp)`` of bucket ``key`` (``None`` if
        none or expired) and keep its ``(tokens, stamp, expires)``; one transaction, the
        table held against other processes' updates. An exception of ``update`` stores
        nothing."""
        with self._write() as db:
            self._lock_table(db, "rate_buckets")
            db.execute(self._sql.drop_expired_buckets, (now,))
            row = db.execute(self._sql.bucket, (key,)).fetchone()
            tokens, stamp, expires = update(None if row is None else (row[0], row[1]))
            db.execute(self._sql.put_bucket, (key, tokens, stamp, expires))

    def count_sockets(
        self,
        holder: str,
        address: str,
        held: int,
        now: float,
        lease: float,
        check: SocketCheck | None = None,
    ) -> None:
        """Record ``holder``'s ``held`` sockets of ``address`` until ``now + lease``, after
        ``check(of_address, in_all)`` of the other holders' live sockets (which may raise);
        rows expired at ``now`` are dropped first. One transaction, the table held."""
        until = now + lease
        with self._write() as db:
            self._lock_table(db, "socket_counts")
            if check is not None:
                db.execute(self._sql.drop_expired_sockets, (now,))
                of_address, in_all = db.execute(
                    self._sql.sockets_of_others, (address, holder)
                ).fetchone()
                check(int(of_address), int(in_all))
            if held > 0:
                db.execute(self._sql.put_sockets, (holder, address, held, until))
            else:
                db.execute(self._sql.drop_sockets, (holder, address))

    def renew_sockets(self, holder: str, held: Mapping[str, int], until: float) -> None:
        """Replace ``holder``'s rows by ``held`` (sockets by address), running until
        ``until``; ``{}`` gives them all up."""
        with self._write() as db:
            self._lock_table(db, "socket_counts")
            db.execute(self._sql.drop_holder, (holder,))
            rows = [(holder, address, n, until) for address, n in held.items() if n > 0]
            if rows:
                self._run_many(db, self._sql.put_sockets, rows)

    def watch_moves(self, notify: Notify, watched: Watched) -> Callable[[], None]:
        """Call ``notify(game_id, moves)`` for moves other processes store in the ``watched()``
        games, from a background thread of its own; the answer stops it."""
        stop = threading.Event()
        thread = threading.Thread(
            target=self._watch, args=(notify, watched, stop), name=self._watch_thread, daemon=True
        )
        thread.start()
        self._watchers.append(stop)
        return stop.set

    def close(self) -> None:
        """Stop watching for other processes' moves."""
        for stop in self._watchers:
            stop.set()
