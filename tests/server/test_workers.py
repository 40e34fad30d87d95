"""Several server processes on one database (SQLite and PostgreSQL): pushes cross them.

A move made through one process reaches a WebSocket held by another within a
second (PostgreSQL's ``LISTEN``/``NOTIFY``, SQLite's poll); ``--workers N``
runs N processes on one port; two processes racing for one move accept it
once; and the limits of one client address are counted once for all of them.
"""

from __future__ import annotations

import json
import threading
import time
from contextlib import ExitStack
from typing import Any

import pytest

pytest.importorskip("fastapi", reason="the server needs the 'server' extra (fastapi)")
httpx = pytest.importorskip("httpx", reason="the test talks HTTP with httpx")
pytest.importorskip("uvicorn", reason="the test runs the real server")
websockets = pytest.importorskip("websockets.sync.client", reason="the WebSocket client")

from websockets.exceptions import ConnectionClosed  # noqa: E402

from .live import http_client, live_server, worker_pids  # noqa: E402


def _first_move(client: Any, base: str, game: dict[str, Any]) -> tuple[int, dict[str, Any]]:
    headers = {"Authorization": f"Bearer {game['token']}"}
    view = client.get(f"{base}/api/games/{game['id']}", headers=headers).json()
    return view["moves"], {"action": 0, "expect_move": view["moves"]}


def _watch_then_move(via_socket: str, via_move: str, game: dict[str, Any]) -> tuple[float, int]:
    """Open a spectator's socket on one server, move on the other: seconds until the push."""
    gid = game["id"]
    with (
        httpx.Client(timeout=30) as client,
        websockets.connect(f"{via_socket.replace('http', 'ws')}/api/games/{gid}/ws") as socket,
    ):
        socket.send(json.dumps({"type": "hello", "token": None}))
        seen = json.loads(socket.recv(timeout=10))["view"]["moves"]
        before, move = _first_move(client, via_move, game)
        assert before == seen
        start = time.monotonic()
        answer = client.post(
            f"{via_move}/api/games/{gid}/actions",
            json=move,
            headers={"Authorization": f"Bearer {game['token']}"},
        )
        assert answer.status_code == 200, answer.text
        while True:
            pushed = json.loads(socket.recv(timeout=5))
            if pushed["type"] == "view" and pushed["view"]["moves"] > seen:
                return time.monotonic() - start, pushed["view"]["moves"]


def test_a_move_through_one_process_reaches_a_socket_on_another_within_a_second(db: str) -> None:
    with live_server(db) as (_a, first), live_server(db) as (_b, second):
        body = {"players": 2, "seats": {"1": "greedy"}, "seat": 0, "seed": 3}
        for k in range(3):  # a few moves: not a lucky one
            game = http_client().post(f"{first}/api/games", json={**body, "seed": k}).json()
            seconds, moves = _watch_then_move(first, second, game)
            assert seconds < 1.0, f"the push took {seconds:.2f} s"
            # the move pushed; the bot's reply, played after the answer, may follow it
            assert http_client().get(f"{first}/api/games/{game['id']}").json()["moves"] >= moves


def test_two_processes_racing_for_one_move_accept_it_once(db: str) -> None:
    many = ("--games-per-minute", "1000")
    with live_server(db, *many) as (_a, first), live_server(db, *many) as (_b, second):
        body = {"players": 2, "seats": {"1": "greedy"}, "seat": 0}
        statuses: list[int] = []
        for k in range(20):
            game = http_client().post(f"{first}/api/games", json={**body, "seed": k}).json()
            with httpx.Client(timeout=30) as client:
                _, move = _first_move(client, first, game)
            headers = {"Authorization": f"Bearer {game['token']}"}
            answers: list[int] = []

            def send(
                base: str,
                url: str,
                move: dict[str, Any],
                headers: dict[str, str],
                answers: list[int] = answers,
            ) -> None:
                answers.append(
                    http_client().post(base + url, json=move, headers=headers).status_code
                )

            url = f"/api/games/{game['id']}/actions"
            threads = [
                threading.Thread(target=send, args=(b, url, move, headers)) for b in (first, second)
            ]
            for thread in threads:
                thread.start()
            for thread in threads:
                thread.join()
            assert sorted(answers) == [200, 409], answers
            statuses += answers
            # the bot replies after the answer: both processes then see the same game
            for _ in range(500):
                views = [
                    http_client().get(f"{b}/api/games/{game['id']}").json() for b in (first, second)
                ]
                if all(v["to_move"] == 0 for v in views):
                    break
                time.sleep(0.02)
            stored = http_client().get(f"{second}/api/games/{game['id']}/record").json()["actions"]
            assert views[0]["code"] == views[1]["code"] and len(stored) >= 2
        assert statuses.count(200) == 20


def test_serve_with_two_workers_shares_one_port_and_pushes_across_them(db: str) -> None:
    with (
        live_server(db, "--workers", "2") as (process, base),
        httpx.Client(base_url=base, timeout=30) as client,
    ):
        deadline = time.monotonic() + 30
        while len(worker_pids(process.pid)) < 2 and time.monotonic() < deadline:
            time.sleep(0.1)
        assert len(worker_pids(process.pid)) >= 2
        # sockets land on either worker, moves too: every push arrives all the same
        body = {"players": 2, "seats": {"1": "greedy"}, "seat": 0}
        for k in range(4):
            game = client.post("/api/games", json={**body, "seed": k}).json()
            seconds, _ = _watch_then_move(base, base, game)
            assert seconds < 1.0
        assert client.get("/api/health").json()["storage"]["writable"] is True


def test_a_seat_left_through_one_process_closes_its_socket_on_another(postgres_url: str) -> None:
    """PostgreSQL tells the other processes of a seat left too (SQLite's poll counts moves
    only: there the socket learns of it at its next push)."""
    with live_server(postgres_url) as (_a, first), live_server(postgres_url) as (_b, second):
        game = http_client().post(f"{first}/api/games", json={"players": 2, "seat": 0}).json()
        gid, token = game["id"], game["token"]
        url = f"{first.replace('http', 'ws')}/api/games/{gid}/ws"
        with websockets.connect(url) as socket:
            socket.send(json.dumps({"type": "hello", "token": token}))
            assert json.loads(socket.recv(timeout=10))["view"]["you"] == 0
            left = httpx.request(
                "DELETE",
                f"{second}/api/games/{gid}/seats/0",
                headers={"Authorization": f"Bearer {token}"},
                json={},
            )
            assert left.status_code == 200
            start = time.monotonic()
            with pytest.raises(ConnectionClosed) as closed:
                socket.recv(timeout=5)
            assert closed.value.rcvd is not None and closed.value.rcvd.code == 4401
            assert time.monotonic() - start < 1.0


def test_two_workers_share_the_limits_of_one_address(db: str) -> None:
    """With ``--workers 2`` one address gets 3 games a minute and 2 sockets in all, not that
    many on each worker (each request and socket on a new connection, so both workers
    take some)."""
    options = ("--workers", "2", "--games-per-minute", "3", "--sockets-per-address", "2")
    with live_server(db, *options) as (process, base):
        deadline = time.monotonic() + 30
        while len(worker_pids(process.pid)) < 2 and time.monotonic() < deadline:
            time.sleep(0.1)
        made = [http_client().post(f"{base}/api/games", json={"players": 2}) for _ in range(8)]
        assert [a.status_code for a in made] == [201] * 3 + [429] * 5
        gid = made[0].json()["id"]
        url = f"{base.replace('http', 'ws')}/api/games/{gid}/ws"
        hello = json.dumps({"type": "hello", "token": None})
        closed = []
        with ExitStack() as held:
            for _ in range(6):
                socket = held.enter_context(websockets.connect(url))
                try:
                    socket.send(hello)
                    assert json.loads(socket.recv(timeout=10))["type"] == "view"
                except ConnectionClosed as refused:
                    closed.append(refused.rcvd.code if refused.rcvd else None)
        assert closed == [4429] * 4
