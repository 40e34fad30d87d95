"""Faults are loud: an unreadable game, a deleted, replaced or read-only file, a full disk.

Each runs a real ``tongiaki serve`` on a real SQLite file and reads its log.
The read-only file and the full disk need a small tmpfs (``mount``, as root);
where it cannot be mounted those tests skip, saying why.
"""

from __future__ import annotations

import os
import shutil
import sqlite3
import subprocess
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("fastapi", reason="the server needs the 'server' extra (fastapi)")
httpx = pytest.importorskip("httpx", reason="the test talks HTTP with httpx")
pytest.importorskip("uvicorn", reason="the test runs the real server")

from tongiaki_rules.server import GameService, SqliteStorage  # noqa: E402

from .live import live_server  # noqa: E402


def _log(process: Any) -> str:
    process.kill()
    process.wait()
    return str(process.stderr.read().decode("utf-8", "replace"))


def _new_game(client: Any) -> tuple[str, dict[str, str]]:
    game = client.post("/api/games", json={"players": 2, "seats": {"1": "random"}, "seat": 0})
    assert game.status_code == 201, game.text
    return game.json()["id"], {"Authorization": f"Bearer {game.json()['token']}"}


def _move(client: Any, gid: str, headers: dict[str, str], expect: int) -> Any:
    """Seat 0 plays its first legal action at move ``expect`` (a bot answers)."""
    return client.post(
        f"/api/games/{gid}/actions",
        params={"svg": "false"},
        json={"action": 0, "expect_move": expect},
        headers=headers,
    )


def _turn(client: Any, gid: str, headers: dict[str, str], timeout: float = 10.0) -> dict[str, Any]:
    """Seat 0's view once the bot, which replies after a move's answer, has moved (or, after
    ``timeout`` seconds, as it is: a bot whose move cannot be stored waits)."""
    deadline = time.monotonic() + timeout
    while True:
        view: dict[str, Any] = client.get(
            f"/api/games/{gid}", params={"svg": "false"}, headers=headers
        ).json()
        if "legal" in view or view["outcome"] is not None or time.monotonic() > deadline:
            return view
        time.sleep(0.02)


def test_an_unreadable_game_is_a_500_for_it_alone_and_the_lobby_lists_the_others(
    tmp_path: Path,
) -> None:
    db = tmp_path / "games.sqlite3"
    service = GameService(SqliteStorage(db))
    good, bad, bad_move = (service.create_game(2, seats={1: "random"}, seat=0) for _ in range(3))
    service.act(bad_move["id"], bad_move["token"], 0, expect_move=0)
    with sqlite3.connect(db) as raw:
        raw.execute("UPDATE games SET settings = '{not json' WHERE id = ?", (bad["id"],))
        raw.execute("UPDATE moves SET action = '[' WHERE game_id = ? AND n = 1", (bad_move["id"],))
    with live_server(db) as (process, base), httpx.Client(base_url=base, timeout=30) as client:
        listed = {g["id"] for g in client.get("/api/games").json()["games"]}
        assert listed == {good["id"], bad_move["id"]}
        for gid in (bad["id"], bad_move["id"]):
            answer = client.get(f"/api/games/{gid}")
            assert answer.status_code == 500 and gid in answer.json()["detail"]
        assert client.get(f"/api/games/{good['id']}").status_code == 200
        assert client.get(f"/api/games/{bad['id']}/record").status_code == 500
        log = _log(process)
    assert f"game {bad['id']} cannot be read" in log
    assert f"game {bad_move['id']} cannot be read" in log


def test_a_deleted_database_file_refuses_moves_with_503(tmp_path: Path) -> None:
    db = tmp_path / "games.sqlite3"
    with live_server(db) as (process, base), httpx.Client(base_url=base, timeout=30) as client:
        gid, headers = _new_game(client)
        assert _move(client, gid, headers, 0).status_code == 200
        moves = _turn(client, gid, headers)["moves"]
        for path in tmp_path.glob("games.sqlite3*"):
            path.unlink()
        refused = _move(client, gid, headers, moves)
        assert refused.status_code == 503 and "deleted" in refused.json()["detail"]
        assert client.post("/api/games", json={"players": 2}).status_code == 503
        health = client.get("/api/health")
        assert health.status_code == 503 and health.json()["storage"]["writable"] is False
        log = _log(process)
    assert "storage unavailable" in log and "was deleted" in log


def test_a_replaced_database_file_refuses_moves_with_503(tmp_path: Path) -> None:
    db = tmp_path / "games.sqlite3"
    with live_server(db) as (process, base), httpx.Client(base_url=base, timeout=30) as client:
        gid, headers = _new_game(client)
        assert client.get("/api/health").json() == {"storage": {"writable": True}}
        assert _move(client, gid, headers, 0).status_code == 200
        moves = _turn(client, gid, headers)["moves"]
        shutil.copy(db, tmp_path / "copy.sqlite3")
        os.replace(tmp_path / "copy.sqlite3", db)
        refused = _move(client, gid, headers, moves)
        assert refused.status_code == 503 and "replaced" in refused.json()["detail"]
        assert "replaced" in _log(process)


def test_a_database_made_read_only_refuses_moves_with_503_and_recovers(tmp_path: Path) -> None:
    """Write permission taken away while the server runs (as root, too: root could still write)."""
    db = tmp_path / "games.sqlite3"
    with live_server(db) as (process, base), httpx.Client(base_url=base, timeout=30) as client:
        gid, headers = _new_game(client)
        assert _move(client, gid, headers, 0).status_code == 200
        moves = _turn(client, gid, headers)["moves"]
        db.chmod(0o444)
        refused = _move(client, gid, headers, moves)
        assert refused.status_code == 503 and "read-only" in refused.json()["detail"]
        time.sleep(1.1)  # the health check is cached for a second
        assert client.get("/api/health").json()["storage"]["writable"] is False
        db.chmod(0o644)
        assert _move(client, gid, headers, moves).status_code == 200
        assert "read-only" in _log(process)


@contextmanager
def _tmpfs(where: Path, size: str) -> Iterator[Path]:
    where.mkdir()
    mounted = subprocess.run(
        ["mount", "-t", "tmpfs", "-o", f"size={size}", "tmpfs", str(where)],
        capture_output=True,
        text=True,
    )
    if mounted.returncode != 0:
        pytest.skip(f"cannot mount a tmpfs here: {mounted.stderr.strip() or mounted.returncode}")
    try:
        yield where
    finally:
        subprocess.run(["umount", "-l", str(where)], check=False)


def test_a_full_disk_refuses_moves_with_503_and_recovers_when_space_returns(
    tmp_path: Path,
) -> None:
    with _tmpfs(tmp_path / "disk", "2m") as disk:
        db = disk / "games.sqlite3"
        acknowledged: list[tuple[int, str]] = []
        with live_server(db) as (process, base), httpx.Client(base_url=base, timeout=30) as client:
            gid, headers = _new_game(client)
            assert _move(client, gid, headers, 0).status_code == 200
            turn = _turn(client, gid, headers)
            moves = turn["moves"]
            acknowledged.append((moves, turn["code"]))
            filler = disk / "filler"
            with filler.open("wb") as out:
                try:
                    while True:
                        out.write(b"\0" * 65536)
                        out.flush()
                except OSError:
                    pass  # the disk is full
            statuses = []
            for _ in range(6):
                answer = _move(client, gid, headers, moves)
                statuses.append(answer.status_code)
                if answer.status_code == 200:
                    acknowledged.append((answer.json()["moves"], answer.json()["code"]))
                    moves = _turn(client, gid, headers, timeout=2.0)["moves"]
                elif answer.json().get("reason") == "not_your_move":  # the bot's move waits
                    moves = _turn(client, gid, headers, timeout=2.0)["moves"]
                else:
                    assert answer.status_code == 503 and "full" in answer.json()["detail"]
            assert 503 in statuses
            assert client.get("/api/health").status_code == 503
            filler.unlink()
            moves = _turn(client, gid, headers)["moves"]  # a bot refused meanwhile moves now
            answer = _move(client, gid, headers, moves)
            assert answer.status_code == 200, answer.text
            acknowledged.append((answer.json()["moves"], answer.json()["code"]))
            time.sleep(1.1)  # the health check is cached for a second
            assert client.get("/api/health").status_code == 200
            log = _log(process)
        assert "full" in log
        with live_server(db) as (_p, base), httpx.Client(base_url=base, timeout=30) as client:
            for count, code in acknowledged:  # every acknowledged move is there after a restart
                past = client.get(f"/api/games/{gid}", params={"at": count, "svg": "false"})
                assert past.json()["code"] == code
