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

import json
import logging
import os
import sqlite3
import threading
import time
from collections.abc import Callable, Collection, Iterator, Sequence
from contextlib import contextmanager, suppress
from pathlib import Path
from typing import Any

import attrs

from .base import (
    CorruptGame,
    GameSummary,
    StorageError,
    StorageUnavailable,
    StoredGame,
    StoredSeat,
    dump_json,
)

__all__ = ["POLL_INTERVAL", "SCHEMA_VERSION", "SqliteStorage"]

POLL_INTERVAL = 0.2
"""Seconds between two looks for moves other processes stored (only while sockets watch)."""

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

_MIGRATIONS: tuple[tuple[int, str], ...] = (
    # 3: the bot-driving lease of a game, so that several processes never drive it twice
    (
        3,
        "CREATE TABLE IF NOT EXISTS leases (game_id TEXT PRIMARY KEY, holder TEXT NOT NULL, "
        "until REAL NOT NULL)",
    ),
)
"""The steps after version 2, in order: ``(version, statements)``; each runs once."""

SCHEMA_VERSION = _MIGRATIONS[-1][0]
"""The schema version this module writes (``PRAGMA user_version``)."""


class SqliteStorage:
    """:class:`Storage` in one SQLite file (WAL mode), created with its folder when missing.

    The file opened is remembered (device and inode): if it is deleted or
    replaced while the server runs, every later call raises
    :class:`StorageUnavailable` instead of writing into a file nobody will read.

    >>> import tempfile, pathlib
    >>> storage = SqliteStorage(pathlib.Path(tempfile.mkdtemp()) / "sub" / "g.sqlite3")
    >>> storage.game("g-none") is None
    True
    """

    def __init__(self, path: str | os.PathLike[str]) -> None:
        self.path = Path(path)
        self.path.parent.mkdir(parents=True, exist_ok=True)
        self._local = threading.local()
        self._writing = threading.Lock()
        self._identity: tuple[int, int] | None = None
        self._watchers: list[threading.Event] = []
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
            raise StorageUnavailable(f"the database file {self.path} was deleted") from None
        except OSError as exc:
            raise StorageUnavailable(f"the database file {self.path}: {exc}") from None
        return status.st_dev, status.st_ino

    def _check_file(self) -> None:
        """Refuse to go on if the file at our path is not the one opened."""
        if self._identity is not None and self._file_identity() != self._identity:
            raise StorageUnavailable(f"the database file {self.path} was replaced")

    def _check_writable(self) -> None:
        """Refuse to write a file whose write permissions were all taken away (even as root)."""
        try:
            mode = os.stat(self.path).st_mode
        except OSError:
            return  # _check_file says why
        if not mode & 0o222:
            raise StorageUnavailable(f"the database file {self.path} is read-only")

    def _connection(self) -> sqlite3.Connection:
        self._check_file()
        db: sqlite3.Connection | None = getattr(self._local, "db", None)
        if db is None:
            db = sqlite3.connect(self.path, timeout=30.0, isolation_level=None)
            db.execute("PRAGMA journal_mode=WAL")
            db.execute("PRAGMA synchronous=FULL")
            db.execute("PRAGMA busy_timeout=30000")
            self._local.db = db
        return db

    def _drop_connection(self) -> None:
        db: sqlite3.Connection | None = getattr(self._local, "db", None)
        self._local.db = None
        if db is not None:
            with suppress(sqlite3.Error):
                db.close()

    @contextmanager
    def _write(self) -> Iterator[sqlite3.Connection]:
        """A write transaction; this process's writers take turns on a lock.

        Without the lock, threads waiting for SQLite's write lock would poll
        it with sleeps of up to 100 ms and could lose to newcomers again and
        again; other processes still wait for it with the busy timeout. A
        write SQLite refuses (read-only, full, I/O error), or one that went to
        a file since deleted or replaced, raises :class:`StorageUnavailable`.
        """
        with self._writing:
            db = self._connection()
            self._check_writable()
            try:
                db.execute("BEGIN IMMEDIATE")
            except sqlite3.DatabaseError as exc:
                self._drop_connection()
                raise self._unavailable(exc) from None
            try:
                yield db
                db.execute("COMMIT")
            except BaseException as exc:
                try:
                    db.execute("ROLLBACK")
                except sqlite3.Error:
                    self._drop_connection()
                if isinstance(exc, sqlite3.DatabaseError) and not isinstance(
                    exc, sqlite3.IntegrityError
                ):
                    raise self._unavailable(exc) from None
                raise
            # a commit into a file unlinked or replaced meanwhile is lost: never acknowledge it
            self._check_file()

    def _unavailable(self, exc: sqlite3.Error) -> StorageUnavailable:
        problem = str(exc)
        if "readonly" in problem or "read-only" in problem:
            return StorageUnavailable(f"the database file {self.path} is read-only ({problem})")
        if "full" in problem:
            return StorageUnavailable(f"the disk of {self.path} is full ({problem})")
        return StorageUnavailable(f"the database {self.path} cannot be written: {problem}")

    def check_writable(self) -> None:
        """Make a small durable write; raise :class:`StorageUnavailable` if it cannot be made."""
        with self._write() as db:
            db.execute("INSERT OR REPLACE INTO health (id, checked) VALUES (1, ?)", (time.time(),))

    def add_game(
        self,
        game: StoredGame,
        tokens: Sequence[tuple[int, str]],
        moves: Sequence[dict[str, Any]],
        *,
        over: bool,
    ) -> None:
        """Store a new game, the token hashes of its claimed seats and its first moves."""
        seats = [attrs.asdict(seat) for seat in game.seats]
        held = dict(tokens)
        with self._write() as db:
            db.execute(
                "INSERT INTO games (id, created, settings, seats, seed, over, unlisted) "
                "VALUES (?, ?, ?, ?, ?, ?, ?)",
                (
                    game.id,
                    game.created,
                    dump_json(game.settings),
                    dump_json(seats),
                    game.seed,
                    int(over),
                    int(game.unlisted),
                ),
            )
            db.executemany(
                "INSERT INTO seats (game_id, seat, kind, bot, token_hash, claimed, invite_hash) "
                "VALUES (?, ?, ?, ?, ?, ?, ?)",
                [
                    (
                        game.id,
                        s.seat,
                        s.kind,
                        s.bot,
                        held.get(s.seat),
                        int(s.seat in held),
                        s.invite,
                    )
                    for s in game.seats
                ],
            )
            _insert_moves(db, game.id, 0, moves)

    def game(self, game_id: str) -> StoredGame | None:
        """The stored game, or ``None``."""
        db = self._connection()
        row = db.execute(
            "SELECT id, created, settings, seed, unlisted FROM games WHERE id = ?", (game_id,)
        ).fetchone()
        if row is None:
            return None
        return self._game(db, row)

    def _game(self, db: sqlite3.Connection, row: tuple[Any, ...]) -> StoredGame:
        seats = db.execute(
            "SELECT seat, kind, bot, token_hash IS NOT NULL, invite_hash FROM seats "
            "WHERE game_id = ? ORDER BY seat",
            (row[0],),
        ).fetchall()
        try:
            settings = json.loads(row[2])
            if not isinstance(settings, dict):
                raise ValueError("the settings are not a JSON object")
            if not isinstance(row[3], int) or not isinstance(row[1], (int, float)):
                raise ValueError("the seed or creation time is not a number")
            if [s[0] for s in seats] != list(range(len(seats))) or not seats:
                raise ValueError("the seats are not numbered 0, 1, ...")
            return StoredGame(
                id=row[0],
                created=float(row[1]),
                settings=settings,
                seats=tuple(StoredSeat(s[0], s[1], s[2], bool(s[3]), s[4]) for s in seats),
                seed=row[3],
                unlisted=bool(row[4]),
            )
        except (ValueError, TypeError) as exc:
            raise CorruptGame(str(row[0]), str(exc)) from None

    def games(self, limit: int, before: str | None = None) -> list[GameSummary]:
        """Up to ``limit`` listed games, newest first; older than game ``before`` if given.

        A game whose row cannot be read is left out (and logged).
        """
        db = self._connection()
        where = "unlisted = 0"
        arguments: list[Any] = []
        if before is not None:
            mark = db.execute("SELECT created FROM games WHERE id = ?", (before,)).fetchone()
            if mark is None:
                return []
            where += " AND (created < ? OR (created = ? AND id > ?))"
            arguments += [mark[0], mark[0], before]
        rows = db.execute(
            "SELECT id, created, settings, seed, unlisted, over, "
            "(SELECT COUNT(*) FROM moves WHERE moves.game_id = games.id) "
            f"FROM games WHERE {where} ORDER BY created DESC, id LIMIT ?",
            (*arguments, limit),
        ).fetchall()
        found = []
        for row in rows:
            try:
                found.append(GameSummary(self._game(db, row[:5]), row[6], bool(row[5])))
            except CorruptGame as exc:
                _log.error("%s; the lobby leaves it out", exc)  # and lists the others
        return found

    def is_over(self, game_id: str) -> bool:
        """Whether the game is stored as over."""
        row = (
            self._connection().execute("SELECT over FROM games WHERE id = ?", (game_id,)).fetchone()
        )
        return row is not None and bool(row[0])

    def token_hashes(self, game_id: str) -> list[tuple[int, str]]:
        """The ``(seat, token hash)`` of every seat that holds a token."""
        rows = self._connection().execute(
            "SELECT seat, token_hash FROM seats WHERE game_id = ? AND token_hash IS NOT NULL",
            (game_id,),
        )
        return [(seat, digest) for seat, digest in rows]

    def claim_seat(self, game_id: str, seat: int, token_hash: str) -> bool:
        """Give a free human seat the token hash; ``False`` if it holds one already."""
        with self._write() as db:
            changed = db.execute(
                "UPDATE seats SET token_hash = ?, claimed = 1 WHERE game_id = ? AND seat = ? "
                "AND kind = 'human' AND token_hash IS NULL",
                (token_hash, game_id, seat),
            ).rowcount
        return changed == 1

    def leave_seat(self, game_id: str, seat: int, token_hash: str) -> bool:
        """Free the seat if it holds exactly this token hash; ``False`` otherwise."""
        with self._write() as db:
            changed = db.execute(
                "UPDATE seats SET token_hash = NULL, claimed = 0 WHERE game_id = ? AND seat = ? "
                "AND token_hash = ?",
                (game_id, seat, token_hash),
            ).rowcount
        return changed == 1

    def moves(self, game_id: str, first: int = 0) -> list[dict[str, Any]]:
        """The stored moves from number ``first`` on, in order."""
        rows = self._connection().execute(
            "SELECT action FROM moves WHERE game_id = ? AND n >= ? ORDER BY n", (game_id, first)
        )
        try:
            return [json.loads(text) for (text,) in rows]
        except (ValueError, TypeError) as exc:
            raise CorruptGame(game_id, f"a move is not JSON ({exc})") from None

    def unfinished_bot_games(self, limit: int) -> list[str]:
        """The ids of the newest ``limit`` games not over that have a bot seat, newest first."""
        rows = self._connection().execute(
            "SELECT id FROM games WHERE over = 0 AND EXISTS "
            "(SELECT 1 FROM seats WHERE seats.game_id = games.id AND seats.kind = 'bot') "
            "ORDER BY created DESC, id LIMIT ?",
            (limit,),
        )
        return [game_id for (game_id,) in rows]

    def append_moves(
        self, game_id: str, first: int, moves: Sequence[dict[str, Any]], *, over: bool
    ) -> bool:
        """Store moves ``first, ...`` in one transaction; ``False`` if move ``first`` exists."""
        try:
            with self._write() as db:
                _insert_moves(db, game_id, first, moves)
                if over:
                    db.execute("UPDATE games SET over = 1 WHERE id = ?", (game_id,))
        except sqlite3.IntegrityError:
            return False
        return True

    # ------------------------------------------------------------ several processes
    def claim_lease(self, game_id: str, holder: str, seconds: float) -> bool:
        """Hold the game's bot-driving lease for ``seconds`` more, if it is free, expired or
        ``holder``'s already; ``False`` while another holder's lease runs."""
        now = time.time()
        with self._write() as db:
            changed = db.execute(
                "INSERT INTO leases (game_id, holder, until) VALUES (?, ?, ?) "
                "ON CONFLICT (game_id) DO UPDATE SET holder = excluded.holder, "
                "until = excluded.until WHERE leases.holder = excluded.holder OR leases.until < ?",
                (game_id, holder, now + seconds, now),
            ).rowcount
        return changed == 1

    def release_lease(self, game_id: str, holder: str) -> None:
        """Give the lease up if ``holder`` holds it (another holder's lease is kept)."""
        with self._write() as db:
            db.execute("DELETE FROM leases WHERE game_id = ? AND holder = ?", (game_id, holder))

    def watch_moves(
        self, notify: Callable[[str, int], None], watched: Callable[[], Collection[str]]
    ) -> Callable[[], None]:
        """Poll for moves other processes store in the ``watched()`` games; the answer stops it.

        Every :data:`POLL_INTERVAL` seconds, and only while ``watched()`` names
        a game, one ``PRAGMA data_version`` tells whether any other connection
        committed; if one did, the number of moves of each watched game is
        read, and ``notify(game_id, moves)`` called for each that changed.
        """
        stop = threading.Event()
        thread = threading.Thread(
            target=self._poll,
            args=(notify, watched, stop),
            name="tongiaki-sqlite-poll",
            daemon=True,
        )
        thread.start()
        self._watchers.append(stop)
        return stop.set

    def _poll(
        self,
        notify: Callable[[str, int], None],
        watched: Callable[[], Collection[str]],
        stop: threading.Event,
    ) -> None:
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

    def close(self) -> None:
        """Stop the polls (the connections of the threads close with them)."""
        for stop in self._watchers:
            stop.set()


def _run_script(db: sqlite3.Connection, script: str) -> None:
    for statement in script.split(";"):
        if statement.strip():
            db.execute(statement)


def _insert_moves(
    db: sqlite3.Connection, game_id: str, first: int, moves: Sequence[dict[str, Any]]
) -> None:
    db.executemany(
        "INSERT INTO moves (game_id, n, action) VALUES (?, ?, ?)",
        [(game_id, first + k, dump_json(move)) for k, move in enumerate(moves)],
    )
