"""Limits on a real server: rates per address, WebSockets, idle and slow clients, bot work."""

from __future__ import annotations

import json
import socket
import time
from contextlib import ExitStack, suppress
from pathlib import Path

import pytest

pytest.importorskip("fastapi", reason="the server needs the 'server' extra (fastapi)")
httpx = pytest.importorskip("httpx", reason="the test talks HTTP with httpx")
pytest.importorskip("uvicorn", reason="the test runs the real server")
ws_client = pytest.importorskip("websockets.sync.client", reason="the WebSocket client")

from websockets.exceptions import ConnectionClosed  # noqa: E402

from .live import http_client, live_server  # noqa: E402

HELLO = json.dumps({"type": "hello", "token": None})


def _hello(stack: ExitStack, base: str, gid: str) -> ws_client.ClientConnection:
    url = f"{base.replace('http', 'ws')}/api/games/{gid}/ws"
    connection: ws_client.ClientConnection = stack.enter_context(ws_client.connect(url))
    with suppress(ConnectionClosed):  # refused at once: the test reads why
        connection.send(HELLO)
    return connection


def _closed_with(connection: ws_client.ClientConnection, seconds: float = 10) -> int | None:
    try:
        while True:
            connection.recv(timeout=seconds)
    except ConnectionClosed as closed:
        return closed.rcvd.code if closed.rcvd else None
    except TimeoutError:
        return None


def test_creating_and_claiming_too_fast_gets_429_with_retry_after(tmp_path: Path) -> None:
    options = ("--games-per-minute", "3", "--claims-per-minute", "2")
    with (
        live_server(tmp_path / "g.sqlite3", *options) as (_p, base),
        httpx.Client(base_url=base, timeout=30) as client,
    ):
        made = [client.post("/api/games", json={"players": 3}) for _ in range(4)]
        assert [a.status_code for a in made] == [201, 201, 201, 429]
        assert 1 <= int(made[3].headers["Retry-After"]) <= 60
        assert "a minute" in made[3].json()["detail"]
        gid = made[0].json()["id"]
        claims = [client.post(f"/api/games/{gid}/seats/{k}", json={}) for k in range(3)]
        assert [a.status_code for a in claims] == [200, 200, 429]
        assert int(claims[2].headers["Retry-After"]) >= 1
        listed = client.get("/api/games").json()["games"]
        assert len(listed) == 3  # reading is not limited, and nothing refused was stored


def test_websockets_are_limited_per_address_and_closed_when_idle(tmp_path: Path) -> None:
    options = ("--sockets-per-address", "2", "--socket-idle", "1.5")
    with live_server(tmp_path / "g.sqlite3", *options) as (_p, base), ExitStack() as stack:
        gid = http_client().post(f"{base}/api/games", json={"players": 2}).json()["id"]
        first, second = _hello(stack, base, gid), _hello(stack, base, gid)
        assert '"view"' in str(first.recv(timeout=10)) and second.recv(timeout=10)
        third = _hello(stack, base, gid)
        assert _closed_with(third) == 4429
        first.send('{"type": "ping"}')  # a ping keeps a socket alive
        assert json.loads(first.recv(timeout=10)) == {"type": "pong"}
        assert _closed_with(second, seconds=10) == 4408  # silent for 1.5 s
        assert _closed_with(first, seconds=10) == 4408
        fourth = _hello(stack, base, gid)  # the closed ones no longer count
        assert '"view"' in str(fourth.recv(timeout=10))


def test_a_request_sent_too_slowly_is_dropped(tmp_path: Path) -> None:
    options = ("--header-timeout", "1", "--body-timeout", "1")
    with live_server(tmp_path / "g.sqlite3", *options) as (_p, base):
        port = int(base.rsplit(":", 1)[1])
        half = socket.create_connection(("127.0.0.1", port))
        half.sendall(b"GET /api/games HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: ")
        half.settimeout(10)
        started = time.monotonic()
        assert half.recv(1000) == b""  # closed, with no answer
        assert time.monotonic() - started < 8
        slow = socket.create_connection(("127.0.0.1", port))
        slow.sendall(
            b"POST /api/games HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
            b'Content-Length: 40\r\n\r\n{"players"'
        )
        slow.settimeout(10)
        assert slow.recv(1000).startswith(b"HTTP/1.1 408")
        half.close()
        slow.close()


def test_bot_work_is_capped(tmp_path: Path) -> None:
    with live_server(tmp_path / "g.sqlite3", "--max-mcts-iterations", "100") as (_p, base):
        body = {"players": 2, "seats": {"1": "mcts:iterations=200"}}
        answer = http_client().post(f"{base}/api/games", json=body)
        assert answer.status_code == 422 and "capped at 100" in answer.json()["detail"]
        body = {"players": 2, "seats": {"1": "mcts:iterations=100"}}
        assert http_client().post(f"{base}/api/games", json=body).status_code == 201
