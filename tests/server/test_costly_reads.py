"""The limit on costly reads per client address (issue 38, point 3): views of games not in
memory, boards not drawn yet and steps of many moves, counted in the database so that
``--workers 2`` does not double it; the reads memory answers are not counted."""

from __future__ import annotations

import time
from pathlib import Path

import pytest

pytest.importorskip("fastapi", reason="the server needs the 'server' extra (fastapi)")
httpx = pytest.importorskip("httpx", reason="the test talks HTTP with httpx")
pytest.importorskip("uvicorn", reason="the test runs the real server")

from fastapi.testclient import TestClient  # noqa: E402

from tongiaki_rules.server import GameService, ServeLimits  # noqa: E402
from tongiaki_rules.server.app import create_app  # noqa: E402
from tongiaki_rules.server.storage import open_storage  # noqa: E402

from .live import http_client, live_server, worker_pids  # noqa: E402


def test_two_workers_share_one_limit_on_costly_reads(db: str) -> None:
    """Views of stored games no worker holds, each on a new connection (so both workers take
    some): 4 a minute in all, then 429 with Retry-After."""
    storage = open_storage(db)
    try:
        service = GameService(storage)
        ids = [service.create_game(2)["id"] for _ in range(10)]
    finally:
        storage.close()
    options = ("--workers", "2", "--costly-reads-per-minute", "4")
    with live_server(db, *options) as (process, base):
        deadline = time.monotonic() + 30
        while len(worker_pids(process.pid)) < 2 and time.monotonic() < deadline:
            time.sleep(0.1)
        answers = [http_client().get(f"{base}/api/games/{gid}", timeout=30) for gid in ids]
        assert [a.status_code for a in answers] == [200] * 4 + [429] * 6
        refused = answers[-1]
        assert 0 < int(refused.headers["Retry-After"]) <= 15
        assert "too many requests" in refused.json()["detail"]
        boards = [
            http_client().get(f"{base}/api/games/{gid}/board.svg", params={"at": 0}, timeout=30)
            for gid in ids[:3]
        ]
        assert [b.status_code for b in boards] == [429] * 3  # the same bucket


def test_reads_answered_from_memory_are_not_counted(tmp_path: Path) -> None:
    app = create_app(tmp_path / "g.sqlite3", limits=ServeLimits(costly_reads_per_minute=3))
    client = TestClient(app)
    game = client.post("/api/games", json={"players": 2, "seats": {"1": "random"}}).json()
    gid = game["id"]
    for _ in range(10):  # the game is in memory: a view costs little
        assert client.get(f"/api/games/{gid}").status_code == 200
    assert client.get(f"/api/games/{gid}/steps", params={"from": 0}).status_code == 200
    board = client.get(f"/api/games/{gid}/board.svg", params={"at": 0})  # drawn: costly
    assert board.status_code == 200
    for _ in range(5):  # drawn already, or answered 304 from its tag
        assert client.get(f"/api/games/{gid}/board.svg", params={"at": 0}).status_code == 200
        again = client.get(
            f"/api/games/{gid}/board.svg",
            params={"at": 0},
            headers={"If-None-Match": board.headers["etag"]},
        )
        assert again.status_code == 304
    for language in ("de", "fr"):  # two boards more to draw: the last of the three allowed
        drawn = client.get(f"/api/games/{gid}/board.svg", params={"at": 0, "lang": language})
        assert drawn.status_code == 200
    refused = client.get(f"/api/games/{gid}/board.svg", params={"at": 0, "lang": "it"})
    assert refused.status_code == 429 and int(refused.headers["Retry-After"]) > 0
    assert client.get("/api/games/g-nowhere").status_code == 429  # not in memory: costly
    assert client.get(f"/api/games/{gid}").status_code == 200
