"""The storage for several server processes: PostgreSQL through psycopg 3 and its pool.

:class:`PostgresStorage` keeps the schema ideas of SQLite (one row per move
on ``PRIMARY KEY (game_id, n)``, committed before the answer) in a
database any number of ``tongiaki serve`` processes share. Each stored
move sends ``NOTIFY tongiaki_moves, '<game id> <moves>'`` in its own
transaction (PostgreSQL delivers it at the commit, never for a rolled back
move), and :meth:`PostgresStorage.watch_moves` listens on one connection
of its own, so a socket on any process hears of a move made through any
other. The schema is versioned (table ``tongiaki_schema``) and brought up
to date at start-up under an advisory lock, so that workers starting at
once migrate it once. A database that cannot be reached, or refuses a
write, raises :class:`~.base.StorageUnavailable`.

Needs the ``postgres`` extra: ``pip install 'tongiaki_rules[postgres]'``.
"""

from __future__ import annotations

import logging
import threading
import time
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager, suppress
from typing import Any, TypeVar

import psycopg
from psycopg import errors as pg_errors
from psycopg.conninfo import conninfo_to_dict
from psycopg_pool import ConnectionPool, PoolTimeout

from ._base import StorageError, StorageUnavailable
from ._masking import masked_db
from ._sql import Notify, SqlStorage, Watched
from ._statements import Statements

__all__ = [
    "BUSY_WAIT",
    "CHANNEL",
    "CONNECT_TIMEOUT",
    "RECONNECT_TIMEOUT",
    "SCHEMA_VERSION",
    "STATEMENT_TIMEOUT",
    "WAIT",
    "PostgresStorage",
]

CHANNEL = "tongiaki_moves"
"""The ``LISTEN``/``NOTIFY`` channel of stored moves: payload ``'<game id> <moves>'``."""

_MIGRATIONS: tuple[tuple[int, str], ...] = (
    (
        1,
        """
CREATE TABLE games (
    id TEXT PRIMARY KEY,
    created DOUBLE PRECISION NOT NULL,
    settings TEXT NOT NULL,
    seats TEXT NOT NULL,
    seed BIGINT NOT NULL,
    over BOOLEAN NOT NULL DEFAULT FALSE,
    unlisted BOOLEAN NOT NULL DEFAULT FALSE
);
CREATE TABLE seats (
    game_id TEXT NOT NULL,
    seat INTEGER NOT NULL,
    kind TEXT NOT NULL CHECK (kind IN ('human', 'bot')),
    bot TEXT,
    token_hash TEXT,
    claimed BOOLEAN NOT NULL DEFAULT FALSE,
    invite_hash TEXT,
    PRIMARY KEY (game_id, seat)
);
CREATE TABLE moves (
    game_id TEXT NOT NULL,
    n INTEGER NOT NULL,
    action TEXT NOT NULL,
    PRIMARY KEY (game_id, n)
);
CREATE TABLE health (id INTEGER PRIMARY KEY, checked DOUBLE PRECISION NOT NULL);
CREATE TABLE leases (game_id TEXT PRIMARY KEY, holder TEXT NOT NULL,
    until DOUBLE PRECISION NOT NULL);
CREATE INDEX games_by_created ON games (created DESC);
CREATE FUNCTION tongiaki_notify_move() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    PERFORM pg_notify('tongiaki_moves', NEW.game_id || ' ' || (NEW.n + 1));
    RETURN NULL;
END $$;
CREATE TRIGGER moves_notify AFTER INSERT ON moves
    FOR EACH ROW EXECUTE FUNCTION tongiaki_notify_move();
""",
    ),
    (
        2,
        """
ALTER TABLE games ADD COLUMN game TEXT NOT NULL DEFAULT 'tongiaki';
CREATE TABLE choices (
    game_id TEXT NOT NULL,
    n INTEGER NOT NULL,
    seat INTEGER NOT NULL,
    action TEXT NOT NULL,
    PRIMARY KEY (game_id, n, seat)
);
""",
    ),
    (
        3,
        """
CREATE TABLE rate_buckets (key TEXT PRIMARY KEY, tokens DOUBLE PRECISION NOT NULL,
    stamp DOUBLE PRECISION NOT NULL, expires DOUBLE PRECISION NOT NULL);
CREATE INDEX rate_buckets_by_expiry ON rate_buckets (expires);
CREATE TABLE socket_counts (holder TEXT NOT NULL, address TEXT NOT NULL,
    open INTEGER NOT NULL, until DOUBLE PRECISION NOT NULL, PRIMARY KEY (holder, address));
CREATE INDEX socket_counts_by_address ON socket_counts (address);
""",
    ),
    # the name a player gave the seat when taking it (issue 39), cleared when it is left
    (4, "ALTER TABLE seats ADD COLUMN name TEXT;"),
    # snapshots of games (a position code and the narration's tail every so many moves), so
    # that a view of a game not in memory replays only the moves after the last one
    (
        5,
        "CREATE TABLE snapshots (game_id TEXT NOT NULL, n INTEGER NOT NULL, "
        "snapshot TEXT NOT NULL, PRIMARY KEY (game_id, n));",
    ),
)
"""The schema's steps, in order: ``(version, statements)``; each runs once, in one transaction."""

SCHEMA_VERSION = _MIGRATIONS[-1][0]
"""The schema version this module writes (table ``tongiaki_schema``)."""

T = TypeVar("T")

WAIT = 2.0
"""Seconds a request waits for a pooled connection while this process holds none: the pool
cannot connect, the database is away, and the answer is a 503 within them."""

BUSY_WAIT = 30.0
"""Seconds a request waits for a pooled connection while others of this process hold them all
(a busy pool, not a database away)."""

STATEMENT_TIMEOUT = 2.5
"""Seconds a statement may run (PostgreSQL's ``statement_timeout``), a lock's wait included:
a database that hangs is a 503 too. The schema's migration at start-up has no limit."""

CONNECT_TIMEOUT = 2
"""libpq's ``connect_timeout`` (whole seconds, 2 the least it honours), unless the URL sets it."""

RECONNECT_TIMEOUT = 10.0
"""Seconds the pool tries to connect again (backing off: 1, 2, 4 s apart) before the next
request starts it over: a database back after a long outage is found at once."""

_MIGRATION_LOCK = 0x70_6E_67_69  # the advisory lock the migrating process holds
_RECONNECT_PAUSE = 0.5
_log = logging.getLogger(__name__)


class PostgresStorage(SqlStorage[psycopg.Connection[Any]]):
    """:class:`~.base.Storage` in a PostgreSQL database, shared by any number of processes.

    ``url`` is a libpq connection string (``postgresql://user@host/db``);
    ``pool_size`` bounds this process's pooled connections (one more, opened
    by :meth:`watch_moves`, listens for the moves of the others). Start-up waits at most
    ``connect_timeout`` seconds for the database.

    >>> PostgresStorage("postgresql://nobody@127.0.0.1:1/none", connect_timeout=0.5)
    ... # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    tongiaki_rules.server.storage._base.StorageUnavailable: the database ... cannot be reached: ...
    """

    _sql = Statements.in_dialect("%s", "TRUE", "FALSE", " FOR UPDATE")
    _duplicate = pg_errors.UniqueViolation
    _watch_thread = "tongiaki-postgres-listen"

    def __init__(self, url: str, *, pool_size: int = 8, connect_timeout: float = 10.0) -> None:
        super().__init__()
        self.url = url
        self._held = 0  # pooled connections this process's threads hold now
        self._holding = threading.Lock()
        self._shown = masked_db(url)
        try:  # libpq's own complaint would quote the piece it stumbled on: a password's maybe
            conninfo_to_dict(url)
        except psycopg.ProgrammingError:
            raise StorageError(
                f"the database {self._shown} is not a libpq connection string"
            ) from None
        options: dict[str, Any] = {"autocommit": True}
        if "connect_timeout" not in conninfo_to_dict(url):
            options["connect_timeout"] = CONNECT_TIMEOUT
        self._pool = ConnectionPool(
            url,
            min_size=1,
            max_size=max(1, pool_size),
            kwargs=options,
            configure=_configure,
            timeout=BUSY_WAIT,
            reconnect_timeout=RECONNECT_TIMEOUT,
            open=False,
            name="tongiaki",
        )
        try:
            self._pool.open(wait=True, timeout=connect_timeout)
        except PoolTimeout as exc:
            self._pool.close()
            raise StorageUnavailable(
                f"the database {self._shown} cannot be reached: {exc}",
                "the database cannot be reached",
            ) from None
        try:
            self._migrate()
        except BaseException:
            self._pool.close()
            raise

    def __repr__(self) -> str:
        return f"PostgresStorage({self._shown!r})"

    # ----------------------------------------------------------------- plumbing
    @contextmanager
    def _connection(self) -> Iterator[psycopg.Connection[Any]]:
        """A pooled connection, given back when the block ends.

        While other threads hold connections, the pool is busy: wait for one up
        to :data:`BUSY_WAIT` seconds. While none is held and none is free, the
        pool cannot connect: :class:`PoolTimeout` after :data:`WAIT` seconds.
        """
        deadline = time.monotonic() + BUSY_WAIT
        while True:
            try:
                db = self._pool.getconn(timeout=WAIT)
                break
            except PoolTimeout:
                with self._holding:
                    busy = self._held > 0
                if not busy or time.monotonic() >= deadline:
                    raise
        with self._holding:
            self._held += 1
        try:
            with db:
                yield db
        finally:
            with self._holding:
                self._held -= 1
            self._pool.putconn(db)

    def _read(self, work: Callable[[psycopg.Connection[Any]], T]) -> T:
        """``work(db)`` on a pooled connection (autocommit), faults as 503.

        A connection the database dropped while it sat in the pool (a restart)
        fails at once; the pool discards it and the read is tried again once,
        on a fresh connection (waited for as :meth:`_connection` says: at most
        :data:`WAIT` seconds while none can be made). A statement cancelled by
        :data:`STATEMENT_TIMEOUT` is not tried again.
        """
        for attempt in (0, 1):
            try:
                with self._connection() as db:
                    return work(db)
            except psycopg.OperationalError as exc:
                if attempt or isinstance(exc, pg_errors.QueryCanceled):
                    raise self._unavailable(exc) from None
            except (PoolTimeout, psycopg.Error) as exc:
                raise self._unavailable(exc) from None
        raise AssertionError("unreachable")  # pragma: no cover

    @contextmanager
    def _write(self) -> Iterator[psycopg.Connection[Any]]:
        """A write transaction on a pooled connection, committed when the block ends.

        A connection found dropped at ``BEGIN`` (nothing sent yet) is replaced
        once; a fault after it is a 503, the transaction rolled back or lost.
        """
        try:
            for attempt in (0, 1):
                with self._connection() as db:
                    try:
                        db.execute("BEGIN")
                    except psycopg.OperationalError:
                        if attempt:
                            raise
                        continue
                    try:
                        yield db
                    except BaseException:
                        with suppress(psycopg.Error):
                            db.execute("ROLLBACK")
                        raise
                    db.execute("COMMIT")
                    return
        except pg_errors.UniqueViolation:
            raise
        except (PoolTimeout, psycopg.Error) as exc:
            raise self._unavailable(exc) from None

    def _unavailable(self, exc: BaseException) -> StorageUnavailable:
        """The fault as a 503: the log's message names the (masked) URL and libpq's words, which
        may name a host or a socket's path; the answer's says only which kind of fault."""
        reached = not isinstance(exc, (PoolTimeout, psycopg.OperationalError))
        return StorageUnavailable(
            f"the database {self._shown}: {_problem(exc)}",
            "the database refused the request" if reached else "the database cannot be reached",
        )

    def _migrate(self) -> None:
        with self._write() as db:
            db.execute("SET LOCAL statement_timeout = 0")  # another process may be migrating
            db.execute("SELECT pg_advisory_xact_lock(%s)", (_MIGRATION_LOCK,))
            db.execute("CREATE TABLE IF NOT EXISTS tongiaki_schema (version INTEGER NOT NULL)")
            row = db.execute("SELECT MAX(version) FROM tongiaki_schema").fetchone()
            version = row[0] if row is not None and row[0] is not None else 0
            if version > SCHEMA_VERSION:
                raise StorageError(
                    f"the database {self._shown} has schema version {version}, newer than this "
                    f"server's {SCHEMA_VERSION}: use a newer tongiaki_rules"
                )
            for step, script in _MIGRATIONS:
                if step > version:
                    db.execute(script.encode())  # several statements: no parameters
                    db.execute("INSERT INTO tongiaki_schema (version) VALUES (%s)", (step,))

    def close(self) -> None:
        """Stop listening and close the pool's connections."""
        super().close()
        self._pool.close()

    def _run_many(
        self, db: psycopg.Connection[Any], statement: str, rows: Sequence[Sequence[Any]]
    ) -> None:
        with db.cursor() as cursor:
            cursor.executemany(statement, rows)

    def _lock_table(self, db: psycopg.Connection[Any], table: str) -> None:
        """``LOCK TABLE``: the writers of ``table`` (the limits' counts) take turns, across
        every process; readers are not held up."""
        db.execute(f"LOCK TABLE {table} IN SHARE ROW EXCLUSIVE MODE")

    def _choice_stored(self, db: psycopg.Connection[Any], game_id: str) -> None:
        """Tell the other processes (``moves`` -1: look again), so that their sockets show who
        has chosen; the payload names the game only."""
        db.execute("SELECT pg_notify(%s, %s)", (CHANNEL, f"{game_id} -1"))

    def _seat_freed(self, db: psycopg.Connection[Any], game_id: str) -> None:
        """Tell the other processes (``moves`` -1), so that their sockets of that seat close."""
        db.execute("SELECT pg_notify(%s, %s)", (CHANNEL, f"{game_id} -1"))

    # ----------------------------------------------------------------- the Storage protocol
    def check_writable(self) -> None:
        """Make a small durable write; raise :class:`StorageUnavailable` if it cannot be made."""
        with self._write() as db:
            db.execute(
                "INSERT INTO health (id, checked) VALUES (1, extract(epoch FROM now())) "
                "ON CONFLICT (id) DO UPDATE SET checked = excluded.checked"
            )

    def _take_lease(
        self, db: psycopg.Connection[Any], game_id: str, holder: str, seconds: float
    ) -> bool:
        """Hold the game's lease for ``seconds`` more in ``db``'s write transaction, if it is
        free, expired or ``holder``'s. The database's clock decides, so the processes'
        clocks need not agree."""
        changed = db.execute(
            "INSERT INTO leases (game_id, holder, until) "
            "VALUES (%s, %s, extract(epoch FROM clock_timestamp()) + %s) "
            "ON CONFLICT (game_id) DO UPDATE SET holder = excluded.holder, "
            "until = excluded.until WHERE leases.holder = excluded.holder "
            "OR leases.until < extract(epoch FROM clock_timestamp())",
            (game_id, holder, seconds),
        ).rowcount
        return changed == 1

    def _watch(self, notify: Notify, watched: Watched, stop: threading.Event) -> None:
        """``LISTEN`` for stored moves and call ``notify(game_id, moves)`` for watched games.

        One connection of its own. When it is lost (the database restarted), it
        connects again, and every watched game is notified with ``moves`` -1: a
        notice may have been missed. The table's trigger sends the notice of
        each stored move in the move's transaction (delivered at the commit).
        """
        lost = False
        while not stop.is_set():
            try:
                with psycopg.connect(self.url, autocommit=True, connect_timeout=5) as db:
                    db.execute(f"LISTEN {CHANNEL}")
                    if lost:  # notices sent while we were away are gone: look again
                        for game_id in list(watched()):
                            notify(game_id, -1)
                    lost = False
                    while not stop.is_set():
                        for notice in db.notifies(timeout=1.0):
                            game_id, _, moves = notice.payload.rpartition(" ")
                            if game_id in watched():
                                with suppress(ValueError):
                                    notify(game_id, int(moves))
            except psycopg.Error as exc:
                if not stop.is_set():
                    _log.warning("listening for moves: %s; connecting again", _problem(exc))
                lost = True
                stop.wait(_RECONNECT_PAUSE)


def _configure(db: psycopg.Connection[Any]) -> None:
    """Set up a new pooled connection: its statements time out (:data:`STATEMENT_TIMEOUT`)."""
    db.execute(f"SET statement_timeout = {round(STATEMENT_TIMEOUT * 1000)}")


def _problem(exc: BaseException) -> str:
    return str(exc).strip().splitlines()[0] if str(exc).strip() else type(exc).__name__
