"""The SQLite storage: a database of the earlier schema is carried over to one token per seat."""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path

from tongiaki_rules import GameRecord
from tongiaki_rules.server import GameService, SqliteStorage

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
