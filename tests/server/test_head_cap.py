"""A request's head is capped: 16 KiB in all, 100 header lines; over either, 431.

Over a real socket against a real ``tongiaki serve`` (uvicorn with its
httptools protocol, which refuses a head while it is still arriving), and
through the ASGI application (the guard, for any other server).
"""

from __future__ import annotations

import json
import socket
import time
from pathlib import Path

import pytest

pytest.importorskip("fastapi", reason="the server needs the 'server' extra (fastapi)")
pytest.importorskip("httpx", reason="the tests talk HTTP with httpx")
pytest.importorskip("uvicorn", reason="the test runs the real server")

from fastapi.testclient import TestClient

from tongiaki_rules.server._guard import MAX_HEAD, MAX_HEADER_LINES
from tongiaki_rules.server.app import create_app

from .live import live_server


def _ask(port: int, pieces: list[bytes]) -> tuple[int, dict[str, object]]:
    """Send ``pieces`` a moment apart on a fresh connection; the status and JSON body of the
    answer read until the server closes."""
    with socket.create_connection(("127.0.0.1", port), timeout=8) as sock:
        for piece in pieces:
            sock.sendall(piece)
            time.sleep(0.02)
        answer = b""
        while chunk := sock.recv(65536):
            answer += chunk
    head, _, body = answer.partition(b"\r\n\r\n")
    return int(head.split(b" ", 2)[1]), json.loads(body)


def _request(*lines: str) -> bytes:
    head = ["GET /api/games HTTP/1.1", "Host: 127.0.0.1", "Connection: close", *lines]
    return ("\r\n".join(head) + "\r\n\r\n").encode("ascii")


def test_a_real_server_refuses_a_head_over_16_kib_or_100_lines_with_431(tmp_path: Path) -> None:
    with live_server(tmp_path / "games.sqlite3") as (_process, base):
        port = int(base.rsplit(":", 1)[1])
        fine = [f"X-Filler-{k}: {'a' * 140}" for k in range(MAX_HEADER_LINES - 3)]
        assert len(_request(*fine)) < MAX_HEAD
        assert _ask(port, [_request(*fine)])[0] == 200

        wide = [f"X-Filler-{k}: {'a' * 1000}" for k in range(20)]
        many = [f"X-N{k}: 1" for k in range(MAX_HEADER_LINES + 1)]
        for head in (_request(*wide), _request(*many)):
            status, body = _ask(port, [head])
            assert status == 431 and "header lines" in str(body["detail"])

        # one header of 20 KiB, a piece at a time, never finished: refused while it arrives
        start = b"GET /api/games HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Big: "
        status, body = _ask(port, [start] + [b"a" * 2048] * 10)
        assert status == 431

        assert _ask(port, [_request()])[0] == 200  # and the server goes on


def test_the_application_refuses_a_head_over_the_cap_with_431(db_path: Path) -> None:
    client = TestClient(create_app(db_path), raise_server_exceptions=False)
    wide = {f"x-filler-{k}": "a" * 1000 for k in range(20)}
    many = {f"x-n{k}": "1" for k in range(MAX_HEADER_LINES + 1)}
    for headers in (wide, many):
        answer = client.get("/api/games", headers=headers)
        assert answer.status_code == 431 and "header lines" in answer.json()["detail"]
    assert client.get("/api/games", headers={"x-a": "a" * 1000}).status_code == 200
