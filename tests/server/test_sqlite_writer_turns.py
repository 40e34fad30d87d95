"""Writers of one SQLite file take turns, and share commits (issue 38, the tail).

Each :class:`~tongiaki_rules.server.SqliteStorage` (one per server process)
holds an exclusive ``flock`` of ``<file>-writer`` for the whole of a write
transaction, so a second process waits for it in the kernel, woken when it
is given up, instead of polling SQLite's write lock with sleeps. Within a
process, writers that come together share one commit (each in a savepoint
of its own): each returns only once its rows are committed, a writer that
fails rolls back its own rows alone, and a commit that fails fails them all.
"""

from __future__ import annotations

import fcntl
import os
import sqlite3
import threading
import time
from pathlib import Path
from typing import Any

import pytest

from tongiaki_rules.server import SqliteStorage
from tongiaki_rules.server.storage import StorageUnavailable, StoredGame, StoredSeat


def _taken(lock_file: Path) -> bool:
    """Whether another open file holds the lock now (tried without waiting)."""
    fd = os.open(lock_file, os.O_RDWR)
    try:
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except BlockingIOError:
        return True
    finally:
        os.close(fd)  # gives up the lock if it was taken here
    return False


def _game(storage: SqliteStorage, game_id: str) -> None:
    seats = (StoredSeat(0, "human", None, False),)
    storage.add_game(StoredGame(game_id, 1.0, {"num_players": 2}, seats, 7), [], [], over=False)


def test_a_write_transaction_holds_the_lock_file(tmp_path: Path) -> None:
    storage = SqliteStorage(tmp_path / "g.sqlite3")
    lock_file = tmp_path / "g.sqlite3-writer"
    assert lock_file.exists()
    assert not _taken(lock_file)
    with storage._write():
        assert _taken(lock_file)
    assert not _taken(lock_file)


def test_a_second_process_writer_waits_on_the_lock_file_then_writes(tmp_path: Path) -> None:
    first = SqliteStorage(tmp_path / "g.sqlite3")
    second = SqliteStorage(tmp_path / "g.sqlite3")  # another process's storage on the file
    _game(first, "g-1")
    started, done = threading.Event(), threading.Event()
    stored: list[bool] = []

    def write() -> None:
        started.set()
        stored.append(second.append_moves("g-1", 0, [{"type": "SetupPlace"}], over=False))
        done.set()

    with first._write():
        thread = threading.Thread(target=write)
        thread.start()
        assert started.wait(timeout=30)
        assert not done.wait(timeout=0.2)  # it waits while the first holds the turn
    assert done.wait(timeout=30)
    thread.join()
    assert stored == [True]
    assert len(first.moves("g-1")) == 1


def test_a_folder_without_room_for_the_lock_file_still_writes(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from tongiaki_rules.server.storage import _sqlite

    monkeypatch.setattr(_sqlite, "_lock_file", lambda path: None)
    storage = SqliteStorage(tmp_path / "g.sqlite3")
    _game(storage, "g-1")
    assert storage.append_moves("g-1", 0, [{"type": "SetupPlace"}], over=False)
    assert not (tmp_path / "g.sqlite3-writer").exists()


class _Traced:
    """The writer connection, its statements recorded; a ``COMMIT`` fails if told to."""

    def __init__(self, db: sqlite3.Connection, said: list[str], fail_commit: bool) -> None:
        self._db, self._said, self._fail = db, said, fail_commit

    def execute(self, statement: str, *args: Any) -> Any:
        self._said.append(statement.split()[0])
        if self._fail and statement == "COMMIT":
            raise sqlite3.OperationalError("disk I/O error")
        return self._db.execute(statement, *args)

    def __getattr__(self, name: str) -> Any:
        return getattr(self._db, name)


def _traced(
    monkeypatch: pytest.MonkeyPatch, storage: SqliteStorage, fail_commit: bool = False
) -> list[str]:
    said: list[str] = []
    writer = storage._writer

    def traced() -> Any:
        return _Traced(writer(), said, fail_commit)

    monkeypatch.setattr(storage, "_writer", traced)
    return said


def _two_writers_together(
    storage: SqliteStorage, first_fails: bool = False
) -> tuple[list[BaseException | bool], list[BaseException | bool]]:
    """Writer 1 stores a move of g-1 and holds the lock until writer 2 waits for it; writer
    2 stores a move of g-2. Their results (or exceptions)."""
    inside, go = threading.Event(), threading.Event()
    results: tuple[list[BaseException | bool], list[BaseException | bool]] = ([], [])

    def first() -> None:
        try:
            with storage._write() as db:
                db.execute("INSERT INTO moves (game_id, n, action) VALUES ('g-1', 0, '{}')")
                inside.set()
                assert go.wait(timeout=30)
                if first_fails:
                    raise ValueError("this writer's own fault")
            results[0].append(True)
        except BaseException as exc:
            results[0].append(exc)

    def second() -> None:
        try:
            results[1].append(storage.append_moves("g-2", 0, [{"type": "X"}], over=False))
        except BaseException as exc:
            results[1].append(exc)

    one, two = threading.Thread(target=first), threading.Thread(target=second)
    one.start()
    assert inside.wait(timeout=30)
    two.start()
    deadline = time.monotonic() + 30
    while storage._wanting == 0 and time.monotonic() < deadline:  # writer 2 waits for the lock
        time.sleep(0.001)
    assert storage._wanting == 1
    go.set()
    one.join(timeout=30)
    two.join(timeout=30)
    return results


def test_writers_that_come_together_share_one_commit(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    storage = SqliteStorage(tmp_path / "g.sqlite3")
    _game(storage, "g-1")
    _game(storage, "g-2")
    said = _traced(monkeypatch, storage)
    first, second = _two_writers_together(storage)
    assert first == [True] and second == [True]
    assert said.count("COMMIT") == 1  # the second writer committed both
    assert said.count("BEGIN") == 1 and said.count("SAVEPOINT") == 2
    assert len(storage.moves("g-1")) == 1 and len(storage.moves("g-2")) == 1


def test_a_writer_that_fails_rolls_back_its_own_rows_alone(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    storage = SqliteStorage(tmp_path / "g.sqlite3")
    _game(storage, "g-1")
    _game(storage, "g-2")
    said = _traced(monkeypatch, storage)
    first, second = _two_writers_together(storage, first_fails=True)
    assert isinstance(first[0], ValueError) and second == [True]
    assert said.count("ROLLBACK") == 1  # "ROLLBACK TO one": its savepoint only
    assert storage.moves("g-1") == [] and len(storage.moves("g-2")) == 1


def test_a_failed_commit_fails_every_writer_it_carried(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    storage = SqliteStorage(tmp_path / "g.sqlite3")
    _game(storage, "g-1")
    _game(storage, "g-2")
    _traced(monkeypatch, storage, fail_commit=True)
    first, second = _two_writers_together(storage)
    assert isinstance(first[0], StorageUnavailable)  # none acknowledged
    assert isinstance(second[0], StorageUnavailable)
    monkeypatch.undo()
    assert storage.moves("g-1") == [] and storage.moves("g-2") == []
    assert storage.append_moves("g-2", 0, [{"type": "X"}], over=False)  # and it goes on
