"""The storages: versioned migrations (an older SQLite file opens), leases on both storages."""

from __future__ import annotations

import json
import sqlite3
import time
from pathlib import Path

import attrs
import pytest

from tongiaki_rules import GameRecord
from tongiaki_rules.server import GameService, SqliteStorage, StorageError, open_storage
from tongiaki_rules.server.storage import LeaseHeld, StoredGame, StoredSeat

_SCHEMA_1 = """
CREATE TABLE games (id TEXT PRIMARY KEY, created REAL NOT NULL, settings TEXT NOT NULL,
    seats TEXT NOT NULL, seed INTEGER NOT NULL, over INTEGER NOT NULL DEFAULT 0);
CREATE TABLE seats (game_id TEXT NOT NULL, seat INTEGER NOT NULL, kind TEXT NOT NULL,
    bot TEXT, token_hash TEXT, claimed INTEGER NOT NULL DEFAULT 0, PRIMARY KEY (game_id, seat));
CREATE TABLE tokens (game_id TEXT NOT NULL, seat INTEGER NOT NULL, token_hash TEXT NOT NULL,
    PRIMARY KEY (game_id, token_hash));
CREATE TABLE moves (game_id TEXT NOT NULL, n INTEGER NOT NULL, action TEXT NOT NULL,
    PRIMARY KEY (game_id, n));
"""


def test_an_old_database_keeps_only_the_last_claimers_token_and_frees_unclaimed_seats(
    db_path: Path,
) -> None:
    settings = json.dumps(GameRecord(2, metadata={"seed": 5}).to_dict())
    with sqlite3.connect(db_path) as raw:
        raw.executescript(_SCHEMA_1)
        raw.execute("INSERT INTO games VALUES ('g-old', 1.0, ?, '[]', 5, 0)", (settings,))
        raw.execute("INSERT INTO seats VALUES ('g-old', 0, 'human', NULL, 'creation0', 1)")
        raw.execute("INSERT INTO seats VALUES ('g-old', 1, 'human', NULL, 'creation1', 0)")
        raw.executemany(
            "INSERT INTO tokens VALUES ('g-old', ?, ?)",
            [(0, "creation0"), (1, "creation1"), (0, "claimer0")],
        )
    storage = SqliteStorage(db_path)
    assert storage.token_hashes("g-old") == [(0, "claimer0")]
    game = storage.game("g-old")
    assert game is not None and [s.claimed for s in game.seats] == [True, False]
    service = GameService(storage)
    assert "seed" not in service.record("g-old")["metadata"]  # the old settings carried it
    assert [g["id"] for g in service.list_games()] == ["g-old"]
    SqliteStorage(db_path)  # opening it again changes nothing
    assert storage.token_hashes("g-old") == [(0, "claimer0")]


# The schema of the server before issue 28 (version 2, as `tongiaki serve` wrote it then).
_SCHEMA_2 = """
CREATE TABLE games (id TEXT PRIMARY KEY, created REAL NOT NULL, settings TEXT NOT NULL,
    seats TEXT NOT NULL, seed INTEGER NOT NULL, over INTEGER NOT NULL DEFAULT 0,
    unlisted INTEGER NOT NULL DEFAULT 0);
CREATE TABLE seats (game_id TEXT NOT NULL, seat INTEGER NOT NULL,
    kind TEXT NOT NULL CHECK (kind IN ('human', 'bot')), bot TEXT, token_hash TEXT,
    claimed INTEGER NOT NULL DEFAULT 0, invite_hash TEXT, PRIMARY KEY (game_id, seat));
CREATE TABLE moves (game_id TEXT NOT NULL, n INTEGER NOT NULL, action TEXT NOT NULL,
    PRIMARY KEY (game_id, n));
CREATE TABLE health (id INTEGER PRIMARY KEY, checked REAL NOT NULL);
CREATE INDEX games_by_created ON games (created DESC);
PRAGMA user_version = 2;
"""


def test_a_database_of_the_previous_version_opens_with_its_games_and_gains_the_leases(
    db_path: Path,
) -> None:
    from tongiaki_rules.server.storage._sqlite import SCHEMA_VERSION

    with sqlite3.connect(db_path) as raw:
        raw.executescript(_SCHEMA_2)
    before = GameService(_Version2(db_path))
    game = before.create_game(2, seats={1: "greedy"}, seed=4, seat=0)
    view = before.act(game["id"], game["token"], 0, expect_move=0)
    with sqlite3.connect(db_path) as raw:
        assert raw.execute("PRAGMA user_version").fetchone()[0] == 2
        assert "leases" not in {r[0] for r in raw.execute("SELECT name FROM sqlite_master")}
    storage = SqliteStorage(db_path)  # migrated at start-up
    after = GameService(storage)
    assert after.view(game["id"], token=game["token"])["code"] == view["code"]
    assert after.act(game["id"], game["token"], 0, expect_move=view["moves"])["moves"] > 2
    assert storage.claim_lease(game["id"], "me", 5.0) and not storage.claim_lease(
        game["id"], "another", 5.0
    )
    storage.update_bucket("games:a", 1.0, lambda held: (9.0, 1.0, 7.0))  # the limits' tables
    storage.count_sockets("me", "a", 1, 1.0, 60.0, lambda of_address, in_all: None)
    with sqlite3.connect(db_path) as raw:
        assert raw.execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION == 7


class _Version2(SqliteStorage):
    """The storage as version 2 used it: no migration beyond the file as it is, and a game's
    row without the column of which game it is (version 4's; the name is only checked), and
    seats without the names their players gave (version 6's; none is given here)."""

    _sql = attrs.evolve(
        SqliteStorage._sql,
        insert_game="INSERT INTO games (id, created, settings, seats, seed, over, unlisted) "
        "SELECT ?, ?, ?, ?, ?, ?, ? WHERE ? = 'tongiaki'",
        insert_seat="INSERT INTO seats (game_id, seat, kind, bot, token_hash, claimed, "
        "invite_hash) SELECT ?, ?, ?, ?, ?, ?, ? WHERE ? IS NULL",
        seats="SELECT seat, kind, bot, token_hash IS NOT NULL, invite_hash, NULL FROM seats "
        "WHERE game_id = ? ORDER BY seat",
        game="SELECT id, created, settings, seed, unlisted, 'tongiaki' FROM games WHERE id = ?",
    )

    def _migrate(self, db: sqlite3.Connection) -> None:
        pass


def test_a_database_of_a_newer_version_is_refused_untouched(db_path: Path) -> None:
    with sqlite3.connect(db_path) as raw:
        raw.executescript(_SCHEMA_2.replace("user_version = 2", "user_version = 99"))
    with pytest.raises(StorageError, match="schema version 99, newer than this server's 7"):
        SqliteStorage(db_path)
    with sqlite3.connect(db_path) as raw:
        assert raw.execute("PRAGMA user_version").fetchone()[0] == 99


def test_migrations_run_once_however_often_the_database_is_opened(db: str) -> None:
    first = open_storage(db)
    try:
        first.add_game(
            StoredGame(
                "g-1",
                1.0,
                GameRecord(2).to_dict(),
                (StoredSeat(0, "human", None, False), StoredSeat(1, "human", None, False)),
                3,
            ),
            [],
            [],
            over=False,
        )
        opened = [open_storage(db) for _ in range(3)]  # as workers starting at once
        for storage in opened:
            assert storage.game("g-1") is not None
            storage.close()
    finally:
        first.close()


def test_a_lease_is_one_holders_until_it_runs_out_or_is_given_up(db: str) -> None:
    storage = open_storage(db)
    try:
        assert storage.claim_lease("g-1", "a", 0.4)
        assert storage.claim_lease("g-1", "a", 0.4)  # renewed by its holder
        assert not storage.claim_lease("g-1", "b", 5.0)
        time.sleep(0.6)
        assert storage.claim_lease("g-1", "b", 5.0)  # a's ran out
        storage.release_lease("g-1", "a")  # not a's to give up: kept
        assert not storage.claim_lease("g-1", "a", 5.0)
        storage.release_lease("g-1", "b")
        assert storage.claim_lease("g-1", "a", 5.0)
    finally:
        storage.close()


def test_a_postgresql_database_of_a_newer_version_is_refused_untouched(postgres_url: str) -> None:
    import psycopg

    with psycopg.connect(postgres_url, autocommit=True) as raw:
        raw.execute("CREATE TABLE tongiaki_schema (version INTEGER NOT NULL)")
        raw.execute("INSERT INTO tongiaki_schema VALUES (99)")
    with pytest.raises(StorageError, match="schema version 99, newer than this server's 5"):
        open_storage(postgres_url)
    with psycopg.connect(postgres_url, autocommit=True) as raw:
        tables = {row[0] for row in raw.execute("SELECT tablename FROM pg_tables")}
    assert "games" not in tables  # nothing was made


def test_an_unreachable_postgresql_is_refused_in_one_line() -> None:
    pytest.importorskip("psycopg_pool", reason="the 'postgres' extra")
    from tongiaki_rules.server.storage import PostgresStorage, StorageUnavailable

    with pytest.raises(StorageUnavailable, match=r"^the database postgresql://ann:\*\*\*@") as err:
        PostgresStorage("postgresql://ann:secret@127.0.0.1:1/games", connect_timeout=0.5)
    assert "secret" not in str(err.value)


def test_seats_not_numbered_from_zero_are_a_corrupt_game(db: str) -> None:
    from tongiaki_rules.server.storage import CorruptGame

    storage = open_storage(db)
    try:
        seats = (StoredSeat(1, "human", None, False), StoredSeat(2, "human", None, False))
        storage.add_game(
            StoredGame("g-1", 1.0, GameRecord(2).to_dict(), seats, 3), [], [], over=False
        )
        with pytest.raises(CorruptGame, match="the seats are not numbered 0, 1"):
            storage.game("g-1")
    finally:
        storage.close()


def test_moves_stored_with_a_lease_take_it_and_give_it_up_in_the_same_write(db: str) -> None:
    """Issue 38: a human's bots' replies are stored in one write that takes the game's lease
    (refused while another driver holds it) and gives it up where the game waits again."""
    storage = open_storage(db)
    try:
        game_id = GameService(storage).create_game(2, seats={1: "random"}, seed=3, seat=0)["id"]
        n = len(storage.moves(game_id, 0))
        move = {"type": "SetupPlace", "beach": 0}
        assert storage.claim_lease(game_id, "other", 5.0)
        with pytest.raises(LeaseHeld):
            storage.append_moves(game_id, n, [move], over=False, lease=("me", 5.0))
        assert len(storage.moves(game_id, 0)) == n  # nothing stored
        storage.release_lease(game_id, "other")
        assert storage.append_moves(game_id, n, [move], over=False, lease=("me", 5.0))
        assert not storage.claim_lease(game_id, "other", 5.0)  # mine now, for 5 s
        assert storage.append_moves(game_id, n + 1, [move], over=False, lease=("me", None))
        assert storage.claim_lease(game_id, "other", 5.0)  # given up in that write
        # a move stored already: nothing changes, the lease's release with it
        assert not storage.append_moves(game_id, n + 1, [move], over=False, lease=("other", None))
        assert not storage.claim_lease(game_id, "me", 5.0)
        assert len(storage.moves(game_id, 0)) == n + 2
    finally:
        storage.close()
