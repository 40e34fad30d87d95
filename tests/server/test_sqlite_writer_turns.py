"""Server processes on one SQLite file take turns to write on a lock file (issue 38, the tail).

Each :class:`~tongiaki_rules.server.SqliteStorage` (one per server process)
holds an exclusive ``flock`` of ``<file>-writer`` for the whole of a write
transaction, so a second process waits for it in the kernel, woken when it
is given up, instead of polling SQLite's write lock with sleeps.
"""

from __future__ import annotations

import fcntl
import os
import threading
from pathlib import Path

import pytest

from tongiaki_rules.server import SqliteStorage
from tongiaki_rules.server.storage import StoredGame, StoredSeat


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
