"""Durability: every acknowledged move survives ``kill -9`` of the server."""

from __future__ import annotations

import signal
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("fastapi", reason="the server needs the 'server' extra (fastapi)")
httpx = pytest.importorskip("httpx", reason="the crash test talks HTTP with httpx")
pytest.importorskip("uvicorn", reason="the crash test runs the real server")

from .live import live_server  # noqa: E402


def _play(client: Any, base: str, games: list[dict[str, Any]], rounds: int) -> dict[str, Any]:
    """Play ``rounds`` moves in each game; the acknowledged (moves, code) pairs by game id."""
    acknowledged: dict[str, list[tuple[int, str]]] = {g["id"]: [] for g in games}
    for _ in range(rounds):
        for game in games:
            gid, token = game["id"], game["token"]
            headers = {"Authorization": f"Bearer {token}"}
            view = client.get(f"{base}/api/games/{gid}", headers=headers).json()
            if "legal" not in view:
                continue
            answer = client.post(
                f"{base}/api/games/{gid}/actions",
                json={"action": len(view["legal"]) - 1, "expect_move": view["moves"]},
                headers=headers,
            )
            assert answer.status_code == 200, answer.text
            acknowledged[gid].append((answer.json()["moves"], answer.json()["code"]))
    return acknowledged


def test_every_acknowledged_move_is_there_after_kill_9(tmp_path: Path) -> None:
    db = tmp_path / "games.sqlite3"
    with live_server(db) as (process, base), httpx.Client(timeout=30) as client:
        games = [
            client.post(
                f"{base}/api/games",
                json={"players": 2, "seats": {"1": "greedy"}, "seed": k, "seat": 0},
            ).json()
            for k in range(3)
        ]
        acknowledged = _play(client, base, games, rounds=8)
        process.send_signal(signal.SIGKILL)
        process.wait()
    assert sum(len(moves) for moves in acknowledged.values()) >= 20
    with live_server(db) as (_process, base), httpx.Client(timeout=30) as client:
        for gid, moves in acknowledged.items():
            now = client.get(f"{base}/api/games/{gid}").json()
            assert now["moves"] == moves[-1][0]
            for count, code in moves:
                assert (
                    client.get(f"{base}/api/games/{gid}", params={"at": count}).json()["code"]
                    == code
                )
        more = _play(client, base, games, rounds=1)  # and the games go on
        assert any(more.values())


def _hammer(base: str, game: dict[str, Any], acknowledged: list[tuple[int, str]]) -> None:
    """Play moves in ``game`` until the server dies; note each acknowledged one."""
    token = game["token"]
    headers = {"Authorization": f"Bearer {token}"}
    with httpx.Client(timeout=30) as client:
        try:
            view = client.get(f"{base}/api/games/{game['id']}", headers=headers).json()
            while "legal" in view:
                answer = client.post(
                    f"{base}/api/games/{game['id']}/actions",
                    json={"action": 0, "expect_move": view["moves"]},
                    headers=headers,
                )
                view = answer.json()
                acknowledged.append((view["moves"], view["code"]))
        except httpx.TransportError:
            return  # the server was killed mid-request: that move was not acknowledged


def test_moves_in_flight_at_kill_9_lose_nothing_acknowledged(tmp_path: Path) -> None:
    import threading
    import time

    db = tmp_path / "games.sqlite3"
    with live_server(db) as (process, base), httpx.Client(timeout=30) as client:
        body = {"players": 2, "seats": {"1": "random"}, "seat": 0}
        games = [
            client.post(f"{base}/api/games", json={**body, "seed": k}).json() for k in range(4)
        ]
        acknowledged: dict[str, list[tuple[int, str]]] = {g["id"]: [] for g in games}
        threads = [
            threading.Thread(target=_hammer, args=(base, g, acknowledged[g["id"]])) for g in games
        ]
        for thread in threads:
            thread.start()
        time.sleep(1.5)
        process.send_signal(signal.SIGKILL)
        process.wait()
        for thread in threads:
            thread.join()
    assert any(acknowledged.values())
    with live_server(db) as (_process, base), httpx.Client(timeout=30) as client:
        for gid, moves in acknowledged.items():
            now = client.get(f"{base}/api/games/{gid}").json()
            assert now["moves"] >= (moves[-1][0] if moves else 0)
            for count, code in moves:
                assert (
                    client.get(f"{base}/api/games/{gid}", params={"at": count}).json()["code"]
                    == code
                )


def _wait_for(client: Any, url: str, done: Any, seconds: float = 120) -> dict[str, Any]:
    """Poll the view at ``url`` until ``done(view)``; the last view."""
    import time

    deadline = time.monotonic() + seconds
    while True:
        view: dict[str, Any] = client.get(url, params={"svg": "false"}).json()
        if done(view) or time.monotonic() > deadline:
            return view
        time.sleep(0.05)


def test_a_game_of_bots_killed_mid_game_goes_on_after_the_restart(tmp_path: Path) -> None:
    db = tmp_path / "games.sqlite3"
    body = {"players": 3, "seats": {"0": "random", "1": "greedy", "2": "random"}, "seed": 8}
    with (
        live_server(db, "--bot-delay", "0.05") as (process, base),
        httpx.Client(timeout=30) as client,
    ):
        gid = client.post(f"{base}/api/games", json=body).json()["id"]
        url = f"{base}/api/games/{gid}"
        seen = _wait_for(client, url, lambda view: view["moves"] >= 10)
        assert seen["moves"] >= 10 and seen["outcome"] is None  # moving in the background
        process.send_signal(signal.SIGKILL)
        process.wait()
    with (
        live_server(db, "--bot-delay", "0") as (_process, base),
        httpx.Client(timeout=30) as client,
    ):
        url = f"{base}/api/games/{gid}"
        over = _wait_for(client, url, lambda view: view["outcome"] is not None)
        assert over["outcome"] is not None  # resumed at startup, played to the end
        past = client.get(url, params={"at": seen["moves"], "svg": "false"}).json()
        assert past["code"] == seen["code"]  # nothing seen before the kill was lost
