"""What a client is told of a storage fault: the kind of fault, never a file's path nor a URL.

The server's log may name the file; the answers (every byte of their bodies
and headers) may not. ``GET /api/health`` sees a file deleted, replaced or
made read-only at once, even within the second its last write is trusted for.
"""

from __future__ import annotations

import os
import shutil
from collections.abc import Callable
from pathlib import Path

import pytest

pytest.importorskip("fastapi", reason="the server needs the 'server' extra (fastapi)")
pytest.importorskip("httpx", reason="the test client needs httpx")

from fastapi.testclient import TestClient

from tongiaki_rules.server.app import create_app


def _delete(db: Path) -> None:
    for path in db.parent.glob(db.name + "*"):
        path.unlink()


def _replace(db: Path) -> None:
    shutil.copy(db, db.with_name("copy"))
    os.replace(db.with_name("copy"), db)


def _read_only(db: Path) -> None:
    db.chmod(0o444)


def assert_names_no_place(answer: object, *places: str) -> None:
    """Neither the body nor a header of ``answer`` names any of ``places`` (nor the body any
    path at all: no ``/``)."""
    body: bytes = answer.content  # type: ignore[attr-defined]
    headers: list[tuple[bytes, bytes]] = answer.headers.raw  # type: ignore[attr-defined]
    assert b"/" not in body, body
    every_byte = body + b"".join(name + b"\0" + value for name, value in headers)
    for place in places:
        assert place.encode() not in every_byte, (place, every_byte)


@pytest.mark.parametrize(
    ("fault", "said"),
    [(_delete, "deleted"), (_replace, "replaced"), (_read_only, "read-only")],
    ids=["deleted", "replaced", "read-only"],
)
def test_a_lost_database_file_is_told_without_its_path_and_health_sees_it_at_once(
    tmp_path: Path, fault: Callable[[Path], None], said: str
) -> None:
    db = tmp_path / "games-file.sqlite3"
    client = TestClient(create_app(db), raise_server_exceptions=False)
    game = client.post("/api/games", json={"players": 2, "seats": {"1": "random"}, "seat": 0})
    gid, token = game.json()["id"], game.json()["token"]
    moves = client.get(f"/api/games/{gid}", params={"svg": "false"}).json()["moves"]
    assert client.get("/api/health").json() == {"storage": {"writable": True}}
    fault(db)
    health = client.get("/api/health")  # within the second of the write above: no write now
    assert health.status_code == 503
    assert health.json()["storage"]["writable"] is False
    assert said in health.json()["storage"]["problem"]
    move = client.post(
        f"/api/games/{gid}/actions",
        json={"action": 0, "expect_move": moves},
        headers={"Authorization": f"Bearer {token}"},
    )
    created = client.post("/api/games", json={"players": 2})
    for answer in (health, move, created):
        assert answer.status_code == 503
        assert_names_no_place(answer, str(tmp_path), tmp_path.name, db.name, "sqlite")
    assert said in move.json()["detail"] and said in created.json()["detail"]
