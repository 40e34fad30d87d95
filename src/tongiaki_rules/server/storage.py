"""Where ``tongiaki serve`` keeps its games: the :class:`Storage` interface and SQLite.

A game is its settings (the ``tongiaki-record`` document of the game with
no actions yet), its seats, its seed and its moves, numbered from 0. Moves
are only ever appended, and appending move ``n`` fails when another writer
already stored a move ``n``: two server processes sharing one database can
never both accept a move for the same position.

:class:`SqliteStorage` is the embedded default (standard library
``sqlite3`` in WAL mode, one connection per thread, ``BEGIN IMMEDIATE`` for
writes). Another database fits behind the same :class:`Storage` protocol.

>>> import tempfile, pathlib
>>> folder = tempfile.mkdtemp()
>>> storage = SqliteStorage(pathlib.Path(folder) / "games.sqlite3")
>>> game = StoredGame("g-1", 1.0, {"num_players": 2}, (StoredSeat(0, "human", None, False),), 7)
>>> storage.add_game(game, [(0, "ab12")], [{"type": "SetupPlace", "beach": 0}], over=False)
>>> storage.append_moves("g-1", 1, [{"type": "SetupPlace", "beach": 1}], over=False)
True
>>> storage.append_moves("g-1", 1, [{"type": "SetupPlace", "beach": 2}], over=False)
False
>>> len(storage.moves("g-1"))
2
"""

from __future__ import annotations

import json
import os
import sqlite3
import threading
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import Any, Protocol

import attrs

__all__ = ["GameSummary", "SqliteStorage", "Storage", "StoredGame", "StoredSeat", "default_db_path"]

_SCHEMA = """
CREATE TABLE IF NOT EXISTS games (
    id TEXT PRIMARY KEY,
    created REAL NOT NULL,
    settings TEXT NOT NULL,
    seats TEXT NOT NULL,
    seed INTEGER NOT NULL,
    over INTEGER NOT NULL DEFAULT 0
);
CREATE TABLE IF NOT EXISTS seats (
    game_id TEXT NOT NULL,
    seat INTEGER NOT NULL,
    kind TEXT NOT NULL CHECK (kind IN ('human', 'bot')),
    bot TEXT,
    token_hash TEXT,
    claimed INTEGER NOT NULL DEFAULT 0,
    PRIMARY KEY (game_id, seat)
);
CREATE TABLE IF NOT EXISTS tokens (
    game_id TEXT NOT NULL,
    seat INTEGER NOT NULL,
    token_hash TEXT NOT NULL,
    PRIMARY KEY (game_id, token_hash)
);
CREATE TABLE IF NOT EXISTS moves (
    game_id TEXT NOT NULL,
    n INTEGER NOT NULL,
    action TEXT NOT NULL,
    PRIMARY KEY (game_id, n)
);
CREATE INDEX IF NOT EXISTS games_by_created ON games (created DESC);
"""


def default_db_path() -> Path:
    """``$XDG_DATA_HOME/tongiaki/games.sqlite3``, or ``~/.local/share/tongiaki/games.sqlite3``.

    >>> default_db_path().name
    'games.sqlite3'
    """
    base = os.environ.get("XDG_DATA_HOME") or str(Path.home() / ".local" / "share")
    return Path(base) / "tongiaki" / "games.sqlite3"


@attrs.frozen
class StoredSeat:
    """One seat of a stored game: ``kind`` is ``"human"`` or ``"bot"`` (``bot``: its spec)."""

    seat: int
    kind: str
    bot: str | None
    claimed: bool


@attrs.frozen
class StoredGame:
    """A stored game without its moves: settings document, seats and seed."""

    id: str
    created: float
    settings: dict[str, Any]
    seats: tuple[StoredSeat, ...]
    seed: int


@attrs.frozen
class GameSummary:
    """A game as the lobby lists it: the stored game, its number of moves, whether it is over."""

    game: StoredGame
    moves: int
    over: bool


class Storage(Protocol):
    """What the game service needs from a database. Every method is safe to call from any thread.

    ``append_moves`` is the one guard of durability and of races: it stores
    moves ``first, first + 1, ...`` in one transaction, and returns ``False``
    (storing nothing) when move ``first`` already exists.
    """

    def add_game(
        self,
        game: StoredGame,
        tokens: Sequence[tuple[int, str]],
        moves: Sequence[dict[str, Any]],
        *,
        over: bool,
    ) -> None:
        """Store a new game, the token hashes of its seats and its first moves."""

    def game(self, game_id: str) -> StoredGame | None:
        """The stored game, or ``None``."""

    def games(self, limit: int) -> list[GameSummary]:
        """The newest ``limit`` games, newest first."""

    def token_hashes(self, game_id: str) -> list[tuple[int, str]]:
        """Every ``(seat, token hash)`` issued for the game."""

    def claim_seat(self, game_id: str, seat: int, token_hash: str) -> bool:
        """Mark a free human seat claimed and add a token hash; ``False`` if it was not free."""

    def moves(self, game_id: str, first: int = 0) -> list[dict[str, Any]]:
        """The stored moves from number ``first`` on, in order."""

    def unfinished_bot_games(self, limit: int) -> list[str]:
        """The ids of the newest ``limit`` games not over that have a bot seat, newest first."""

    def append_moves(
        self, game_id: str, first: int, moves: Sequence[dict[str, Any]], *, over: bool
    ) -> bool:
        """Store moves ``first, ...`` in one transaction; ``False`` if move ``first`` exists."""


class SqliteStorage:
    """:class:`Storage` in one SQLite file (WAL mode), created with its folder when missing.

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
        self._connection().executescript(_SCHEMA)

    def _connection(self) -> sqlite3.Connection:
        db: sqlite3.Connection | None = getattr(self._local, "db", None)
        if db is None:
            db = sqlite3.connect(self.path, timeout=30.0, isolation_level=None)
            db.execute("PRAGMA journal_mode=WAL")
            db.execute("PRAGMA synchronous=FULL")
            db.execute("PRAGMA busy_timeout=30000")
            self._local.db = db
        return db

    @contextmanager
    def _write(self) -> Iterator[sqlite3.Connection]:
        """A write transaction; this process's writers take turns on a lock.

        Without the lock, threads waiting for SQLite's write lock would poll
        it with sleeps of up to 100 ms and could lose to newcomers again and
        again; other processes still wait for it with the busy timeout.
        """
        db = self._connection()
        with self._writing:
            db.execute("BEGIN IMMEDIATE")
            try:
                yield db
            except BaseException:
                db.execute("ROLLBACK")
                raise
            db.execute("COMMIT")

    def add_game(
        self,
        game: StoredGame,
        tokens: Sequence[tuple[int, str]],
        moves: Sequence[dict[str, Any]],
        *,
        over: bool,
    ) -> None:
        """Store a new game, the token hashes of its seats and its first moves."""
        seats = [attrs.asdict(seat) for seat in game.seats]
        first_hash = dict(reversed(tokens))
        with self._write() as db:
            db.execute(
                "INSERT INTO games (id, created, settings, seats, seed, over) "
                "VALUES (?, ?, ?, ?, ?, ?)",
                (game.id, game.created, _dump(game.settings), _dump(seats), game.seed, int(over)),
            )
            db.executemany(
                "INSERT INTO seats (game_id, seat, kind, bot, token_hash, claimed) "
                "VALUES (?, ?, ?, ?, ?, ?)",
                [
                    (game.id, s.seat, s.kind, s.bot, first_hash.get(s.seat), int(s.claimed))
                    for s in game.seats
                ],
            )
            db.executemany(
                "INSERT INTO tokens (game_id, seat, token_hash) VALUES (?, ?, ?)",
                [(game.id, seat, digest) for seat, digest in tokens],
            )
            _insert_moves(db, game.id, 0, moves)

    def game(self, game_id: str) -> StoredGame | None:
        """The stored game, or ``None``."""
        db = self._connection()
        row = db.execute(
            "SELECT id, created, settings, seed FROM games WHERE id = ?", (game_id,)
        ).fetchone()
        if row is None:
            return None
        return self._game(db, row)

    def _game(self, db: sqlite3.Connection, row: tuple[Any, ...]) -> StoredGame:
        seats = db.execute(
            "SELECT seat, kind, bot, claimed FROM seats WHERE game_id = ? ORDER BY seat", (row[0],)
        ).fetchall()
        return StoredGame(
            id=row[0],
            created=row[1],
            settings=json.loads(row[2]),
            seats=tuple(StoredSeat(s[0], s[1], s[2], bool(s[3])) for s in seats),
            seed=row[3],
        )

    def games(self, limit: int) -> list[GameSummary]:
        """The newest ``limit`` games, newest first."""
        db = self._connection()
        rows = db.execute(
            "SELECT id, created, settings, seed, over, "
            "(SELECT COUNT(*) FROM moves WHERE moves.game_id = games.id) "
            "FROM games ORDER BY created DESC, id LIMIT ?",
            (limit,),
        ).fetchall()
        return [GameSummary(self._game(db, row[:4]), row[5], bool(row[4])) for row in rows]

    def token_hashes(self, game_id: str) -> list[tuple[int, str]]:
        """Every ``(seat, token hash)`` issued for the game."""
        rows = self._connection().execute(
            "SELECT seat, token_hash FROM tokens WHERE game_id = ?", (game_id,)
        )
        return [(seat, digest) for seat, digest in rows]

    def claim_seat(self, game_id: str, seat: int, token_hash: str) -> bool:
        """Mark a free human seat claimed and add a token hash; ``False`` if it was not free."""
        with self._write() as db:
            changed = db.execute(
                "UPDATE seats SET claimed = 1 WHERE game_id = ? AND seat = ? "
                "AND kind = 'human' AND claimed = 0",
                (game_id, seat),
            ).rowcount
            if changed != 1:
                return False
            db.execute(
                "INSERT INTO tokens (game_id, seat, token_hash) VALUES (?, ?, ?)",
                (game_id, seat, token_hash),
            )
        return True

    def moves(self, game_id: str, first: int = 0) -> list[dict[str, Any]]:
        """The stored moves from number ``first`` on, in order."""
        rows = self._connection().execute(
            "SELECT action FROM moves WHERE game_id = ? AND n >= ? ORDER BY n", (game_id, first)
        )
        return [json.loads(text) for (text,) in rows]

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


def _insert_moves(
    db: sqlite3.Connection, game_id: str, first: int, moves: Sequence[dict[str, Any]]
) -> None:
    db.executemany(
        "INSERT INTO moves (game_id, n, action) VALUES (?, ?, ?)",
        [(game_id, first + k, _dump(move)) for k, move in enumerate(moves)],
    )


def _dump(value: object) -> str:
    return json.dumps(value, separators=(",", ":"), ensure_ascii=True)
