"""The embedded default storage: one SQLite file (standard library ``sqlite3``, WAL mode).

:class:`SqliteStorage` keeps one connection per thread and takes
``BEGIN IMMEDIATE`` for writes. Faults are loud: a game whose rows cannot be
read raises :class:`~.base.CorruptGame` (for that game alone), and a
database that cannot take a write (its file deleted, replaced or
read-only, the disk full) raises :class:`~.base.StorageUnavailable` --
never a silent success. Its schema is versioned (``PRAGMA user_version``)
and brought up to date when the file is opened. Several processes may
share the file: each notices the moves the others store by a light poll of
``PRAGMA data_version``, only while it has sockets to tell.

>>> import tempfile, pathlib
>>> from tongiaki_rules.server.storage import StoredGame, StoredSeat
>>> folder = tempfile.mkdtemp()
>>> storage = SqliteStorage(pathlib.Path(folder) / "games.sqlite3")
>>> game = StoredGame("g-1", 1.0, {"num_players": 2}, (StoredSeat(0, "human", None, False),), 7)
>>> storage.add_game(game, [(0, "ab12")], [{"type": "SetupPlace", "beach": 0}], over=False)
>>> storage.append_moves("g-1", 1, [{"type": "SetupPlace", "beach": 1}], over=False)
True
>>> storage.append_moves("g-1", 1, [{"type": "SetupPlace", "beach": 2}], over=False)
False
>>> len(storage.moves("g-1")), storage.token_hashes("g-1")
(2, [(0, 'ab12')])
"""

from __future__ import annotations

import fcntl
import logging
import os
import sqlite3
import threading
import time
import weakref
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager, suppress
from pathlib import Path
from typing import Any, TypeVar

from ._base import StorageError, StorageUnavailable
from ._sql import Notify, SqlStorage, Watched
from ._statements import Statements

__all__ = ["GROUP_MOST", "POLL_INTERVAL", "SCHEMA_VERSION", "SqliteStorage"]

POLL_INTERVAL = 0.05
"""Seconds between two looks for moves other processes stored (only while sockets watch).

A socket on one worker hears of the bots' replies another worker stored this
late at most. At 0.2 s, two workers at 50 games and 0.2 s of thinking made
players wait for their replies p90 166 to 176 ms and p99 242 to 243 ms; at
0.05 s, p90 80 ms and p99 127 ms, for no more CPU than the runs' own spread
(``benchmarks/server_load.py --no-svg --think 0.2 --workers 2``). A look is one
``PRAGMA data_version``, and where another connection wrote, one read of the
watched games' counts of moves.
"""

T = TypeVar("T")

_log = logging.getLogger(__name__)

_SCHEMA = """
CREATE TABLE IF NOT EXISTS games (
    id TEXT PRIMARY KEY,
    created REAL NOT NULL,
    settings TEXT NOT NULL,
    seats TEXT NOT NULL,
    seed INTEGER NOT NULL,
    over INTEGER NOT NULL DEFAULT 0,
    unlisted INTEGER NOT NULL DEFAULT 0
);
CREATE TABLE IF NOT EXISTS seats (
    game_id TEXT NOT NULL,
    seat INTEGER NOT NULL,
    kind TEXT NOT NULL CHECK (kind IN ('human', 'bot')),
    bot TEXT,
    token_hash TEXT,
    claimed INTEGER NOT NULL DEFAULT 0,
    invite_hash TEXT,
    PRIMARY KEY (game_id, seat)
);
CREATE TABLE IF NOT EXISTS moves (
    game_id TEXT NOT NULL,
    n INTEGER NOT NULL,
    action TEXT NOT NULL,
    PRIMARY KEY (game_id, n)
);
CREATE TABLE IF NOT EXISTS health (id INTEGER PRIMARY KEY, checked REAL NOT NULL);
CREATE INDEX IF NOT EXISTS games_by_created ON games (created DESC);
"""
"""Schema version 2, the first this module creates (a new file starts from it)."""

# Version 1 kept every token ever issued in a table ``tokens`` (a seat's creation token
# and each claimer's): version 2 keeps one token per seat, the last claimer's.
_MIGRATE_FROM_1 = """
ALTER TABLE games ADD COLUMN unlisted INTEGER NOT NULL DEFAULT 0;
ALTER TABLE seats ADD COLUMN invite_hash TEXT;
UPDATE seats SET token_hash = NULL WHERE claimed = 0;
UPDATE seats SET token_hash = (
    SELECT t.token_hash FROM tokens t WHERE t.game_id = seats.game_id AND t.seat = seats.seat
    ORDER BY t.rowid DESC LIMIT 1)
WHERE claimed = 1;
DROP TABLE tokens;
"""

_LIMIT_TABLES = """
CREATE TABLE IF NOT EXISTS rate_buckets (key TEXT PRIMARY KEY, tokens REAL NOT NULL,
    stamp REAL NOT NULL, expires REAL NOT NULL);
CREATE INDEX IF NOT EXISTS rate_buckets_by_expiry ON rate_buckets (expires);
CREATE TABLE IF NOT EXISTS socket_counts (holder TEXT NOT NULL, address TEXT NOT NULL,
    open INTEGER NOT NULL, until REAL NOT NULL, PRIMARY KEY (holder, address));
CREATE INDEX IF NOT EXISTS socket_counts_by_address ON socket_counts (address);
"""

_MIGRATIONS: tuple[tuple[int, str], ...] = (
    # 3: the bot-driving lease of a game, so that several processes never drive it twice
    (
        3,
        "CREATE TABLE IF NOT EXISTS leases (game_id TEXT PRIMARY KEY, holder TEXT NOT NULL, "
        "until REAL NOT NULL)",
    ),
    # 4: which game a row is (older rows are Tongiaki's), and the secret choices of players
    # who choose at once (Tóncc), one row per seat and decision, never sent to another seat
    (
        4,
        "ALTER TABLE games ADD COLUMN game TEXT NOT NULL DEFAULT 'tongiaki';"
        "CREATE TABLE IF NOT EXISTS choices (game_id TEXT NOT NULL, n INTEGER NOT NULL, "
        "seat INTEGER NOT NULL, action TEXT NOT NULL, PRIMARY KEY (game_id, n, seat))",
    ),
    # 5: the limits every worker process shares: each address's rate buckets, and the
    # WebSockets each worker holds per address (rows of a worker that died expire)
    (5, _LIMIT_TABLES),
    # 6: the name a player gave the seat when taking it (issue 39), cleared when it is left
    (6, "ALTER TABLE seats ADD COLUMN name TEXT"),
    # 7: snapshots of games (a position code and the narration's tail every so many moves),
    # so that a view of a game not in memory replays only the moves after the last one
    (
        7,
        "CREATE TABLE IF NOT EXISTS snapshots (game_id TEXT NOT NULL, n INTEGER NOT NULL, "
        "snapshot TEXT NOT NULL, PRIMARY KEY (game_id, n))",
    ),
)
"""The steps after version 2, in order: ``(version, statements)``; each runs once."""

SCHEMA_VERSION = _MIGRATIONS[-1][0]
"""The schema version this module writes (``PRAGMA user_version``)."""


GROUP_MOST = 16
"""The most write transactions of one process that one commit carries."""


class _Group:
    """Write transactions of one process sharing one commit, and its outcome."""

    __slots__ = ("committed", "error", "members")

    def __init__(self) -> None:
        self.committed = threading.Event()
        self.error: sqlite3.Error | None = None
        self.members = 0


class SqliteStorage(SqlStorage[sqlite3.Connection]):
    """:class:`Storage` in one SQLite file (WAL mode), created with its folder when missing.

    The file opened is remembered (device and inode): if it is deleted or
    replaced while the server runs, every later call raises
    :class:`StorageUnavailable` instead of writing into a file nobody will read.

    >>> import tempfile, pathlib
    >>> storage = SqliteStorage(pathlib.Path(tempfile.mkdtemp()) / "sub" / "g.sqlite3")
    >>> storage.game("g-none") is None
    True
    """

    _sql = Statements.in_dialect("?", "1", "0")
    _duplicate = sqlite3.IntegrityError
    _watch_thread = "tongiaki-sqlite-poll"

    def __init__(self, path: str | os.PathLike[str]) -> None:
        super().__init__()
        self.path = Path(path)
        self.path.parent.mkdir(parents=True, exist_ok=True)
        self._local = threading.local()
        self._writing = threading.Lock()
        self._identity: tuple[int, int] | None = None
        self._writer_db: sqlite3.Connection | None = None
        self._group: _Group | None = None
        self._wanting = 0
        """Writers waiting for ``_writing`` now."""
        self._counting = threading.Lock()
        self._turns = _lock_file(self.path)
        if self._turns is not None:
            weakref.finalize(self, os.close, self._turns)
        db = self._connection()
        self._identity = self._file_identity()
        self._migrate(db)

    def _migrate(self, db: sqlite3.Connection) -> None:
        """Bring the file up to :data:`SCHEMA_VERSION`, one versioned step at a time.

        One transaction: a step that fails leaves the file as it was. A file
        of a newer version (written by a newer server) is refused.
        """
        with self._writing:
            db.execute("BEGIN IMMEDIATE")
            try:
                version = db.execute("PRAGMA user_version").fetchone()[0]
                if version > SCHEMA_VERSION:
                    raise StorageError(
                        f"the database {self.path} has schema version {version}, newer than "
                        f"this server's {SCHEMA_VERSION}: use a newer tongiaki_rules"
                    )
                tables = {row[0] for row in db.execute("SELECT name FROM sqlite_master")}
                if version < 2 and "tokens" in tables:
                    _run_script(db, _MIGRATE_FROM_1)
                if version < 2:
                    _run_script(db, _SCHEMA)
                    version = 2
                for step, script in _MIGRATIONS:
                    if step > version:
                        _run_script(db, script)
                        version = step
                db.execute(f"PRAGMA user_version = {version}")
            except BaseException:
                db.execute("ROLLBACK")
                raise
            db.execute("COMMIT")

    def _file_identity(self) -> tuple[int, int]:
        try:
            status = os.stat(self.path)
        except FileNotFoundError:
            raise StorageUnavailable(
                f"the database file {self.path} was deleted", "the database file was deleted"
            ) from None
        except OSError as exc:
            raise StorageUnavailable(
                f"the database file {self.path}: {exc}", "the database file cannot be reached"
            ) from None
        return status.st_dev, status.st_ino

    def _check_file(self) -> None:
        """Refuse to go on if the file at our path is not the one opened."""
        if self._identity is not None and self._file_identity() != self._identity:
            raise StorageUnavailable(
                f"the database file {self.path} was replaced", "the database file was replaced"
            )

    def _check_writable(self) -> None:
        """Refuse to write a file whose write permissions were all taken away (even as root)."""
        try:
            mode = os.stat(self.path).st_mode
        except OSError:
            return  # _check_file says why
        if not mode & 0o222:
            raise StorageUnavailable(
                f"the database file {self.path} is read-only", "the database file is read-only"
            )

    def _connection(self) -> sqlite3.Connection:
        self._check_file()
        db: sqlite3.Connection | None = getattr(self._local, "db", None)
        if db is None:
            db = self._local.db = self._open()
        return db

    def _open(self, shared: bool = False) -> sqlite3.Connection:
        """A new connection to the file, in WAL mode, every commit durable (``synchronous=FULL``);
        ``shared``: usable from any thread (the writers' connection, used under ``_writing``)."""
        db = sqlite3.connect(
            self.path, timeout=30.0, isolation_level=None, check_same_thread=not shared
        )
        db.execute("PRAGMA journal_mode=WAL")
        db.execute("PRAGMA synchronous=FULL")
        db.execute("PRAGMA busy_timeout=30000")
        return db

    def _drop_connection(self) -> None:
        db: sqlite3.Connection | None = getattr(self._local, "db", None)
        self._local.db = None
        if db is not None:
            with suppress(sqlite3.Error):
                db.close()

    def _writer(self) -> sqlite3.Connection:
        """The connection this process writes on (holding ``_writing``): one for every thread,
        so that the transactions of several threads can share one commit."""
        if self._writer_db is None:
            self._writer_db = self._open(shared=True)
        return self._writer_db

    def _drop_writer(self) -> None:
        db, self._writer_db = self._writer_db, None
        if db is not None:
            with suppress(sqlite3.Error):
                db.close()

    @contextmanager
    def _write(self) -> Iterator[sqlite3.Connection]:
        """A write transaction, stored durably when the block ends; this process's writers
        take turns on a lock, and share a commit where they come together.

        Without the lock, threads waiting for SQLite's write lock would poll
        it with sleeps of up to 100 ms and could lose to newcomers again and
        again; other processes wait for their turn on the lock file
        (:meth:`_take_turn`). A write SQLite refuses (read-only, full, I/O error),
        or one that went to a file since deleted or replaced, raises
        :class:`StorageUnavailable`.

        *Group commit*: each writer's block runs inside a savepoint of the
        process's open transaction (begun by the first of them). A writer
        whose block ended while others wait for the lock leaves the commit to
        them and waits for it; the last one (or the :data:`GROUP_MOST`-th)
        commits for all. Every writer still returns only once its own rows
        are committed (``synchronous=FULL``), and a block that raises rolls
        back its own rows alone; a commit that fails fails every writer it
        carried, none acknowledged. Under load a commit (its ``fsync``) and
        the lock file's turn then serve several moves instead of one each,
        and the writers queued behind them wait that much less.

        The file's checks (``stat`` calls) are made before the lock is taken
        and after it is given up, never while it is held: each call lets other
        threads run Python, and the writer must then wait its turn for the
        interpreter again, with every other writer of the process queued
        behind it.
        """
        self._check_file()
        self._check_writable()
        with self._counting:
            self._wanting += 1
        self._writing.acquire()
        with self._counting:
            self._wanting -= 1
        try:
            group, db = self._join_group()
        except BaseException:
            self._writing.release()
            raise
        failure: BaseException | None = None
        broken: sqlite3.Error | None = None
        try:
            db.execute("SAVEPOINT one")
        except sqlite3.Error as exc:
            broken = exc
        if broken is None:
            try:
                yield db
            except BaseException as exc:
                failure = exc
            try:
                if failure is None:
                    db.execute("RELEASE one")
                    group.members += 1
                else:
                    db.execute("ROLLBACK TO one")
                    db.execute("RELEASE one")
            except sqlite3.Error as exc:  # the transaction itself is lost: end it
                broken = exc
        with self._counting:
            others = self._wanting
        if broken is None and others and group.members < GROUP_MOST:
            self._writing.release()  # a writer waiting for the lock will commit this too
            if failure is None:
                group.committed.wait()
                if group.error is not None:
                    raise self._unavailable(group.error) from None
        else:
            try:
                self._end_group(group, db, broken)
            finally:
                self._writing.release()
            if failure is None and group.error is not None:
                raise self._unavailable(group.error) from None
        if failure is not None:
            if isinstance(failure, sqlite3.DatabaseError) and not isinstance(
                failure, sqlite3.IntegrityError
            ):
                raise self._unavailable(failure) from None
            raise failure
        # a commit into a file unlinked or replaced meanwhile is lost: never acknowledge it
        self._check_file()

    def _join_group(self) -> tuple[_Group, sqlite3.Connection]:
        """The open group of writes (holding ``_writing``), begun if there is none."""
        db = self._writer()
        if self._group is not None:
            return self._group, db
        self._take_turn()
        try:
            db.execute("BEGIN IMMEDIATE")
        except sqlite3.DatabaseError as exc:
            self._give_turn()
            self._drop_writer()
            raise self._unavailable(exc) from None
        except BaseException:
            self._give_turn()
            raise
        self._group = _Group()
        return self._group, db

    def _end_group(
        self, group: _Group, db: sqlite3.Connection, broken: sqlite3.Error | None
    ) -> None:
        """Commit the group's writes (holding ``_writing``), or roll them back where the
        transaction broke; tell its writers either way."""
        self._group = None
        try:
            if broken is not None:
                raise broken
            db.execute("COMMIT")
        except sqlite3.Error as exc:
            group.error = exc
            try:
                db.execute("ROLLBACK")
            except sqlite3.Error:
                self._drop_writer()
        finally:
            try:
                self._give_turn()
            finally:
                group.committed.set()  # its writers learn the outcome, whatever happens

    def _take_turn(self) -> None:
        """This process's turn among the processes writing the file (holding ``_writing``),
        until :meth:`_give_turn`.

        The processes of one server take turns on an exclusive ``flock`` of
        the file's lock file (:func:`_lock_file`), which the kernel hands to a
        waiting process as soon as it is given up. SQLite's own wait for its
        write lock (the busy timeout) polls it with sleeps of up to 100 ms: under
        load a worker slept through many write transactions of the other, with
        every writer of its own process queued behind it. Without a lock file
        (a folder that cannot take one) the busy timeout alone decides, as before.
        """
        if self._turns is not None:
            fcntl.flock(self._turns, fcntl.LOCK_EX)

    def _give_turn(self) -> None:
        if self._turns is not None:
            fcntl.flock(self._turns, fcntl.LOCK_UN)

    def _unavailable(self, exc: sqlite3.Error) -> StorageUnavailable:
        problem = str(exc)
        if "readonly" in problem or "read-only" in problem:
            return StorageUnavailable(
                f"the database file {self.path} is read-only ({problem})",
                "the database file is read-only",
            )
        if "full" in problem:
            return StorageUnavailable(
                f"the disk of {self.path} is full ({problem})", "the disk is full"
            )
        return StorageUnavailable(
            f"the database {self.path} cannot be written: {problem}",
            "the database cannot be written",
        )

    def _read(self, work: Callable[[sqlite3.Connection], T]) -> T:
        return work(self._connection())

    def _run_many(
        self, db: sqlite3.Connection, statement: str, rows: Sequence[Sequence[Any]]
    ) -> None:
        db.executemany(statement, rows)

    def check_writable(self) -> None:
        """Make a small durable write; raise :class:`StorageUnavailable` if it cannot be made."""
        with self._write() as db:
            db.execute("INSERT OR REPLACE INTO health (id, checked) VALUES (1, ?)", (time.time(),))

    def check_unchanged(self) -> None:
        """Raise :class:`StorageUnavailable` if the file at the path is not the one opened (deleted
        or replaced) or has lost its write permissions: two ``stat`` calls, no write."""
        self._check_file()
        self._check_writable()

    # ------------------------------------------------------------ several processes
    def _take_lease(
        self, db: sqlite3.Connection, game_id: str, holder: str, seconds: float
    ) -> bool:
        """Hold the game's lease for ``seconds`` more in ``db``'s write transaction, if it is
        free, expired or ``holder``'s (this machine's clock decides: one file, one machine)."""
        now = time.time()
        changed = db.execute(
            "INSERT INTO leases (game_id, holder, until) VALUES (?, ?, ?) "
            "ON CONFLICT (game_id) DO UPDATE SET holder = excluded.holder, "
            "until = excluded.until WHERE leases.holder = excluded.holder OR leases.until < ?",
            (game_id, holder, now + seconds, now),
        ).rowcount
        return bool(changed == 1)

    def _watch(self, notify: Notify, watched: Watched, stop: threading.Event) -> None:
        """Poll for moves other processes store in the ``watched()`` games until ``stop``.

        Every :data:`POLL_INTERVAL` seconds, and only while ``watched()`` names
        a game, one ``PRAGMA data_version`` tells whether any other connection
        committed; if one did, the number of moves of each watched game is
        read, and ``notify(game_id, moves)`` called for each that changed.
        """
        db: sqlite3.Connection | None = None
        seen_version: int | None = None
        counts: dict[str, int] = {}
        while not stop.wait(POLL_INTERVAL):
            games = list(watched())
            if not games:
                counts.clear()
                continue
            try:
                if db is None:
                    db = sqlite3.connect(self.path, timeout=5.0, isolation_level=None)
                version = db.execute("PRAGMA data_version").fetchone()[0]
                if version == seen_version and all(g in counts for g in games):
                    continue
                seen_version = version
                marks = ",".join("?" * len(games))
                rows = db.execute(
                    f"SELECT game_id, MAX(n) + 1 FROM moves WHERE game_id IN ({marks}) "
                    "GROUP BY game_id",
                    games,
                ).fetchall()
            except sqlite3.Error as exc:  # the file is gone or locked: try again later
                _log.warning("the poll for moves of other processes failed: %s", exc)
                if db is not None:
                    with suppress(sqlite3.Error):
                        db.close()
                db = None
                continue
            now = {game_id: moves for game_id, moves in rows}
            for game_id in games:
                moves = now.get(game_id, 0)
                if counts.get(game_id) != moves:
                    counts[game_id] = moves
                    notify(game_id, moves)
            for game_id in set(counts) - set(games):
                del counts[game_id]
        if db is not None:
            db.close()


def _lock_file(path: Path) -> int | None:
    """The open lock file ``<database>-writer`` whose ``flock`` the processes writing the
    database take turns on (see :meth:`SqliteStorage._take_turn`); ``None`` where it cannot be
    opened (a read-only folder: the busy timeout alone then decides)."""
    try:
        return os.open(path.with_name(path.name + "-writer"), os.O_RDWR | os.O_CREAT, 0o600)
    except OSError as exc:
        _log.warning("no lock file for the writers of %s (%s): SQLite's busy wait only", path, exc)
        return None


def _run_script(db: sqlite3.Connection, script: str) -> None:
    for statement in script.split(";"):
        if statement.strip():
            db.execute(statement)
