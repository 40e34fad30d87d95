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

import json
import logging
import threading
from collections.abc import Callable, Collection, Iterator, Sequence
from contextlib import contextmanager, suppress
from typing import Any, TypeVar

import psycopg
from psycopg import errors as pg_errors
from psycopg_pool import ConnectionPool, PoolTimeout

from .base import (
    CorruptGame,
    GameSummary,
    StorageError,
    StorageUnavailable,
    StoredGame,
    StoredSeat,
    dump_json,
)

__all__ = ["CHANNEL", "SCHEMA_VERSION", "PostgresStorage"]

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
)
"""The schema's steps, in order: ``(version, statements)``; each runs once, in one transaction."""

SCHEMA_VERSION = _MIGRATIONS[-1][0]
"""The schema version this module writes (table ``tongiaki_schema``)."""

T = TypeVar("T")

_MIGRATION_LOCK = 0x70_6E_67_69  # the advisory lock the migrating process holds
_RECONNECT_PAUSE = 0.5
_log = logging.getLogger(__name__)


class PostgresStorage:
    """:class:`~.base.Storage` in a PostgreSQL database, shared by any number of processes.

    ``url`` is a libpq connection string (``postgresql://user@host/db``);
    ``pool_size`` bounds this process's pooled connections (one more, opened
    by :meth:`watch_moves`, listens for the moves of the others). Start-up waits at most
    ``connect_timeout`` seconds for the database.

    >>> PostgresStorage("postgresql://nobody@127.0.0.1:1/none", connect_timeout=0.5)
    ... # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    tongiaki_rules.server.storage.base.StorageUnavailable: the database ... cannot be reached: ...
    """

    def __init__(self, url: str, *, pool_size: int = 8, connect_timeout: float = 10.0) -> None:
        self.url = url
        self._shown = _without_password(url)
        self._watchers: list[threading.Event] = []
        self._pool = ConnectionPool(
            url,
            min_size=1,
            max_size=max(1, pool_size),
            kwargs={"autocommit": True},
            timeout=30.0,
            open=False,
            name="tongiaki",
        )
        try:
            self._pool.open(wait=True, timeout=connect_timeout)
        except PoolTimeout as exc:
            self._pool.close()
            raise StorageUnavailable(
                f"the database {self._shown} cannot be reached: {exc}"
            ) from None
        try:
            self._migrate()
        except BaseException:
            self._pool.close()
            raise

    def __repr__(self) -> str:
        return f"PostgresStorage({self._shown!r})"

    # ----------------------------------------------------------------- plumbing
    def _read(self, work: Callable[[psycopg.Connection[Any]], T]) -> T:
        """``work(db)`` on a pooled connection (autocommit), faults as 503.

        A connection the database dropped while it sat in the pool (a restart)
        fails at once; the pool discards it and the read is tried again once,
        on a fresh connection.
        """
        for attempt in (0, 1):
            try:
                with self._pool.connection() as db:
                    return work(db)
            except psycopg.OperationalError as exc:
                if attempt:
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
                with self._pool.connection() as db:
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
        return StorageUnavailable(f"the database {self._shown}: {_problem(exc)}")

    def _migrate(self) -> None:
        with self._write() as db:
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
        for stop in self._watchers:
            stop.set()
        self._pool.close()

    # ----------------------------------------------------------------- the Storage protocol
    def check_writable(self) -> None:
        """Make a small durable write; raise :class:`StorageUnavailable` if it cannot be made."""
        with self._write() as db:
            db.execute(
                "INSERT INTO health (id, checked) VALUES (1, extract(epoch FROM now())) "
                "ON CONFLICT (id) DO UPDATE SET checked = excluded.checked"
            )

    def add_game(
        self,
        game: StoredGame,
        tokens: Sequence[tuple[int, str]],
        moves: Sequence[dict[str, Any]],
        *,
        over: bool,
    ) -> None:
        """Store a new game, the token hashes of its claimed seats and its first moves."""
        held = dict(tokens)
        seats = [
            {"seat": s.seat, "kind": s.kind, "bot": s.bot, "claimed": s.claimed, "invite": s.invite}
            for s in game.seats
        ]
        with self._write() as db:
            db.execute(
                "INSERT INTO games (id, created, settings, seats, seed, over, unlisted) "
                "VALUES (%s, %s, %s, %s, %s, %s, %s)",
                (
                    game.id,
                    game.created,
                    dump_json(game.settings),
                    dump_json(seats),
                    game.seed,
                    over,
                    game.unlisted,
                ),
            )
            with db.cursor() as cursor:
                cursor.executemany(
                    "INSERT INTO seats (game_id, seat, kind, bot, token_hash, claimed, "
                    "invite_hash) VALUES (%s, %s, %s, %s, %s, %s, %s)",
                    [
                        (game.id, s.seat, s.kind, s.bot, held.get(s.seat), s.seat in held, s.invite)
                        for s in game.seats
                    ],
                )
            _insert_moves(db, game.id, 0, moves)

    def game(self, game_id: str) -> StoredGame | None:
        """The stored game, or ``None``."""

        def read(db: psycopg.Connection[Any]) -> StoredGame | None:
            row = db.execute(
                "SELECT id, created, settings, seed, unlisted FROM games WHERE id = %s", (game_id,)
            ).fetchone()
            return None if row is None else self._game(db, row)

        return self._read(read)

    def _game(self, db: psycopg.Connection[Any], row: Sequence[Any]) -> StoredGame:
        seats = db.execute(
            "SELECT seat, kind, bot, token_hash IS NOT NULL, invite_hash FROM seats "
            "WHERE game_id = %s ORDER BY seat",
            (row[0],),
        ).fetchall()
        try:
            settings = json.loads(row[2])
            if not isinstance(settings, dict):
                raise ValueError("the settings are not a JSON object")
            if [s[0] for s in seats] != list(range(len(seats))) or not seats:
                raise ValueError("the seats are not numbered 0, 1, ...")
            return StoredGame(
                id=row[0],
                created=float(row[1]),
                settings=settings,
                seats=tuple(StoredSeat(s[0], s[1], s[2], bool(s[3]), s[4]) for s in seats),
                seed=int(row[3]),
                unlisted=bool(row[4]),
            )
        except (ValueError, TypeError) as exc:
            raise CorruptGame(str(row[0]), str(exc)) from None

    def games(self, limit: int, before: str | None = None) -> list[GameSummary]:
        """Up to ``limit`` listed games, newest first; older than game ``before`` if given.

        A game whose row cannot be read is left out (and logged).
        """
        return self._read(lambda db: self._games(db, limit, before))

    def _games(
        self, db: psycopg.Connection[Any], limit: int, before: str | None
    ) -> list[GameSummary]:
        where = "NOT unlisted"
        arguments: list[Any] = []
        if before is not None:
            mark = db.execute("SELECT created FROM games WHERE id = %s", (before,)).fetchone()
            if mark is None:
                return []
            where += " AND (created < %s OR (created = %s AND id > %s))"
            arguments += [mark[0], mark[0], before]
        rows = db.execute(
            "SELECT id, created, settings, seed, unlisted, over, "
            "(SELECT COUNT(*) FROM moves WHERE moves.game_id = games.id) "
            f"FROM games WHERE {where} ORDER BY created DESC, id LIMIT %s",
            (*arguments, limit),
        ).fetchall()
        found = []
        for row in rows:
            try:
                found.append(GameSummary(self._game(db, row[:5]), int(row[6]), bool(row[5])))
            except CorruptGame as exc:
                _log.error("%s; the lobby leaves it out", exc)
        return found

    def is_over(self, game_id: str) -> bool:
        """Whether the game is stored as over."""
        row = self._read(
            lambda db: db.execute("SELECT over FROM games WHERE id = %s", (game_id,)).fetchone()
        )
        return row is not None and bool(row[0])

    def token_hashes(self, game_id: str) -> list[tuple[int, str]]:
        """The ``(seat, token hash)`` of every seat that holds a token."""
        rows = self._read(
            lambda db: db.execute(
                "SELECT seat, token_hash FROM seats WHERE game_id = %s AND token_hash IS NOT NULL "
                "ORDER BY seat",
                (game_id,),
            ).fetchall()
        )
        return [(seat, digest) for seat, digest in rows]

    def claim_seat(self, game_id: str, seat: int, token_hash: str) -> bool:
        """Give a free human seat the token hash; ``False`` if it holds one already."""
        with self._write() as db:
            changed = db.execute(
                "UPDATE seats SET token_hash = %s, claimed = TRUE WHERE game_id = %s AND seat = %s "
                "AND kind = 'human' AND token_hash IS NULL",
                (token_hash, game_id, seat),
            ).rowcount
        return changed == 1

    def leave_seat(self, game_id: str, seat: int, token_hash: str) -> bool:
        """Free the seat if it holds exactly this token hash; ``False`` otherwise.

        The other processes hear of it (``moves`` -1), so their sockets of that seat close.
        """
        with self._write() as db:
            changed = db.execute(
                "UPDATE seats SET token_hash = NULL, claimed = FALSE WHERE game_id = %s "
                "AND seat = %s AND token_hash = %s",
                (game_id, seat, token_hash),
            ).rowcount
            if changed == 1:
                db.execute("SELECT pg_notify(%s, %s)", (CHANNEL, f"{game_id} -1"))
        return changed == 1

    def moves(self, game_id: str, first: int = 0) -> list[dict[str, Any]]:
        """The stored moves from number ``first`` on, in order."""
        rows = self._read(
            lambda db: db.execute(
                "SELECT action FROM moves WHERE game_id = %s AND n >= %s ORDER BY n",
                (game_id, first),
            ).fetchall()
        )
        try:
            return [json.loads(text) for (text,) in rows]
        except (ValueError, TypeError) as exc:
            raise CorruptGame(game_id, f"a move is not JSON ({exc})") from None

    def unfinished_bot_games(self, limit: int) -> list[str]:
        """The ids of the newest ``limit`` games not over that have a bot seat, newest first."""
        rows = self._read(
            lambda db: db.execute(
                "SELECT id FROM games WHERE NOT over AND EXISTS "
                "(SELECT 1 FROM seats WHERE seats.game_id = games.id AND seats.kind = 'bot') "
                "ORDER BY created DESC, id LIMIT %s",
                (limit,),
            ).fetchall()
        )
        return [game_id for (game_id,) in rows]

    def append_moves(
        self, game_id: str, first: int, moves: Sequence[dict[str, Any]], *, over: bool
    ) -> bool:
        """Store moves ``first, ...`` in one transaction; ``False`` if move ``first`` exists.

        The table's trigger sends the notice of each move to every listening
        process, in the same transaction (delivered at the commit).
        """
        try:
            with self._write() as db:
                _insert_moves(db, game_id, first, moves)
                if over:
                    db.execute("UPDATE games SET over = TRUE WHERE id = %s", (game_id,))
        except pg_errors.UniqueViolation:
            return False
        return True

    def claim_lease(self, game_id: str, holder: str, seconds: float) -> bool:
        """Hold the game's bot-driving lease for ``seconds`` more, if it is free, expired or
        ``holder``'s already; ``False`` while another holder's lease runs.

        The database's clock decides, so the processes' clocks need not agree.
        """
        with self._write() as db:
            changed = db.execute(
                "INSERT INTO leases (game_id, holder, until) "
                "VALUES (%s, %s, extract(epoch FROM clock_timestamp()) + %s) "
                "ON CONFLICT (game_id) DO UPDATE SET holder = excluded.holder, "
                "until = excluded.until WHERE leases.holder = excluded.holder "
                "OR leases.until < extract(epoch FROM clock_timestamp())",
                (game_id, holder, seconds),
            ).rowcount
        return changed == 1

    def release_lease(self, game_id: str, holder: str) -> None:
        """Give the lease up if ``holder`` holds it (another holder's lease is kept)."""
        with self._write() as db:
            db.execute("DELETE FROM leases WHERE game_id = %s AND holder = %s", (game_id, holder))

    def watch_moves(
        self, notify: Callable[[str, int], None], watched: Callable[[], Collection[str]]
    ) -> Callable[[], None]:
        """``LISTEN`` for stored moves and call ``notify(game_id, moves)`` for watched games.

        One connection of its own, in a background thread. When it is lost
        (the database restarted), it connects again, and every watched game
        is notified with ``moves`` -1: a notice may have been missed.
        """
        stop = threading.Event()
        thread = threading.Thread(
            target=self._listen,
            args=(notify, watched, stop),
            name="tongiaki-postgres-listen",
            daemon=True,
        )
        thread.start()
        self._watchers.append(stop)
        return stop.set

    def _listen(
        self,
        notify: Callable[[str, int], None],
        watched: Callable[[], Collection[str]],
        stop: threading.Event,
    ) -> None:
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


def _insert_moves(
    db: psycopg.Connection[Any], game_id: str, first: int, moves: Sequence[dict[str, Any]]
) -> None:
    with db.cursor() as cursor:
        cursor.executemany(
            "INSERT INTO moves (game_id, n, action) VALUES (%s, %s, %s)",
            [(game_id, first + k, dump_json(move)) for k, move in enumerate(moves)],
        )


def _problem(exc: BaseException) -> str:
    return str(exc).strip().splitlines()[0] if str(exc).strip() else type(exc).__name__


def _without_password(url: str) -> str:
    """The URL as logs and messages may show it: no password.

    >>> _without_password("postgresql://ann:secret@db/games")
    'postgresql://ann:***@db/games'
    """
    scheme, sep, rest = url.partition("://")
    if not sep or "@" not in rest:
        return url
    who, _, where = rest.rpartition("@")
    if ":" in who:
        who = who.split(":", 1)[0] + ":***"
    return f"{scheme}://{who}@{where}"
