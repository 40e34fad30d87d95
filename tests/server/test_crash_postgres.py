"""Durability on PostgreSQL: kill -9 of a worker under load, and a restart of the database.

Every acknowledged move is stored, and the server goes on: uvicorn starts a
killed worker again, and the pool connects again after the database comes
back (requests meanwhile are refused with 503, never acknowledged and lost).
Two processes racing for one move are in ``test_workers.py``.
"""

from __future__ import annotations

import os
import signal
import threading
import time
from typing import Any

import pytest

pytest.importorskip("fastapi", reason="the server needs the 'server' extra (fastapi)")
httpx = pytest.importorskip("httpx", reason="the crash test talks HTTP with httpx")
pytest.importorskip("uvicorn", reason="the crash test runs the real server")

from .live import http_client, live_server, worker_pids  # noqa: E402
from .pg import PostgresServer  # noqa: E402

Acknowledged = list[tuple[int, str]]


def _hammer(base: str, game: dict[str, Any], acknowledged: Acknowledged, stop: Any) -> None:
    """Play moves until ``stop`` is set, through faults; note each acknowledged move."""
    headers = {"Authorization": f"Bearer {game['token']}"}
    url = f"{base}/api/games/{game['id']}"
    with httpx.Client(timeout=30) as client:
        view: dict[str, Any] | None = None
        while not stop.is_set():
            try:
                if view is None:
                    answer = client.get(url, headers=headers, params={"svg": "false"})
                    if answer.status_code != 200:
                        time.sleep(0.05)
                        continue
                    view = answer.json()
                if "legal" not in view:
                    if view["outcome"] is not None:
                        return  # over
                    view = None  # the bot replies after the answer: look again
                    time.sleep(0.02)
                    continue
                answer = client.post(
                    f"{url}/actions",
                    json={"action": 0, "expect_move": view["moves"]},
                    headers=headers,
                    params={"svg": "false"},
                )
            except httpx.TransportError:  # the worker serving it was killed: ask again
                view = None
                continue
            if answer.status_code == 200:
                view = answer.json()
                acknowledged.append((view["moves"], view["code"]))
            else:
                assert answer.status_code in (409, 503), answer.text
                view = None
                time.sleep(0.05)


def _under_load(base: str, games: list[dict[str, Any]], fault: Any) -> dict[str, Acknowledged]:
    """Hammer every game, cause ``fault()`` a second in, hammer two seconds more."""
    acknowledged: dict[str, Acknowledged] = {g["id"]: [] for g in games}
    stop = threading.Event()
    threads = [
        threading.Thread(target=_hammer, args=(base, g, acknowledged[g["id"]], stop)) for g in games
    ]
    for thread in threads:
        thread.start()
    time.sleep(1.0)
    fault()
    time.sleep(3.0)
    stop.set()
    for thread in threads:
        thread.join()
    return acknowledged


def _check(base: str, acknowledged: dict[str, Acknowledged]) -> None:
    with httpx.Client(base_url=base, timeout=30) as client:
        for gid, moves in acknowledged.items():
            now = client.get(f"/api/games/{gid}", params={"svg": "false"}).json()
            assert now["moves"] >= (moves[-1][0] if moves else 0)
            for count, code in moves:
                past = client.get(f"/api/games/{gid}", params={"at": count, "svg": "false"})
                assert past.json()["code"] == code


def _games(base: str, count: int) -> list[dict[str, Any]]:
    body = {"players": 2, "seats": {"1": "random"}, "seat": 0}
    return [
        http_client().post(f"{base}/api/games", json={**body, "seed": k}, timeout=30).json()
        for k in range(count)
    ]


def test_kill_9_of_a_worker_under_load_loses_no_acknowledged_move(postgres_url: str) -> None:
    with live_server(postgres_url, "--workers", "2") as (process, base):
        deadline = time.monotonic() + 30
        while len(worker_pids(process.pid)) < 2 and time.monotonic() < deadline:
            time.sleep(0.1)
        victims = worker_pids(process.pid)
        games = _games(base, 4)

        def kill_one() -> None:
            os.kill(victims[0], signal.SIGKILL)

        acknowledged = _under_load(base, games, kill_one)
        assert sum(len(moves) for moves in acknowledged.values()) >= 20
        _check(base, acknowledged)
        deadline = time.monotonic() + 30  # uvicorn starts the killed worker again
        while len(worker_pids(process.pid)) < 2 and time.monotonic() < deadline:
            time.sleep(0.1)
        assert victims[0] not in worker_pids(process.pid) and len(worker_pids(process.pid)) == 2
        assert http_client().get(f"{base}/api/health", timeout=30).json()["storage"]["writable"]


def test_a_restart_of_the_database_loses_no_acknowledged_move_and_play_goes_on(
    postgres_server: PostgresServer, postgres_url: str
) -> None:
    with live_server(postgres_url) as (_process, base):
        games = _games(base, 3)

        def restart() -> None:
            postgres_server.stop("immediate")  # as a crash of the database would
            time.sleep(0.5)
            postgres_server.start()

        acknowledged = _under_load(base, games, restart)
        _check(base, acknowledged)
        # the moves after the restart were acknowledged too: the server connected again
        after = _under_load(base, games, lambda: None)
        assert any(after.values())
        _check(base, after)


def test_a_stopped_database_is_a_503_within_seconds_and_play_resumes_when_it_is_back(
    postgres_server: PostgresServer, postgres_url: str
) -> None:
    """No request hangs on a database that is away (the pool's wait, libpq's connect timeout),
    its answers name no socket nor URL, and the next move after the restart is played."""
    from fastapi.testclient import TestClient

    from tongiaki_rules.server.app import create_app

    from .test_fault_answers import assert_names_no_place

    app = create_app(postgres_url)
    try:
        with TestClient(app, raise_server_exceptions=False) as client:
            game = client.post("/api/games", json={"players": 2, "seat": 0}).json()
            gid = game["id"]
            tokens = {0: game["token"]}
            tokens[1] = client.post(f"/api/games/{gid}/seats/1", json={}).json()["token"]
            view = client.get(f"/api/games/{gid}", params={"svg": "false"}).json()

            def move() -> Any:
                return client.post(
                    f"/api/games/{gid}/actions",
                    params={"svg": "false"},
                    json={"action": 0, "expect_move": view["moves"]},
                    headers={"Authorization": f"Bearer {tokens[view['to_move']]}"},
                )

            postgres_server.stop("fast")
            try:
                for request in (
                    move,
                    lambda: client.post("/api/games", json={"players": 2}),
                    lambda: client.get("/api/health"),
                ):
                    started = time.monotonic()
                    answer = request()
                    took = time.monotonic() - started
                    assert answer.status_code == 503 and took < 5.0, (answer.text, took)
                    assert_names_no_place(answer, str(postgres_server.folder), "postgres")
            finally:
                postgres_server.start()
            deadline = time.monotonic() + 15  # the pool connects again, backing off 1, 2, 4 s
            while (answer := move()).status_code == 503 and time.monotonic() < deadline:
                time.sleep(0.2)
            assert answer.status_code == 200, answer.text
            assert answer.json()["moves"] > view["moves"]
    finally:
        app.state.service.storage.close()
