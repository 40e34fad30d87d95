"""One token per seat: claiming, leaving, invitations, the lobby's pages, and a hijack attempt."""

from __future__ import annotations

import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("fastapi", reason="the server needs the 'server' extra (fastapi)")
httpx = pytest.importorskip("httpx", reason="the test client needs httpx")

from fastapi.testclient import TestClient  # noqa: E402

from tongiaki_rules.server import ServeLimits  # noqa: E402
from tongiaki_rules.server.app import create_app  # noqa: E402

from .live import live_server  # noqa: E402

MOVE = {"action": 0, "expect_move": 0}


def _bearer(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


@pytest.fixture
def client(db: str) -> Iterator[TestClient]:
    """The API on each storage (SQLite, PostgreSQL)."""
    many = ServeLimits(games_per_minute=1000, claims_per_minute=1000)
    app = create_app(db, limits=many)
    yield TestClient(app, raise_server_exceptions=False)
    app.state.driver.close()
    app.state.service.storage.close()


def _free(client: Any, gid: str) -> list[bool]:
    games = client.get("/api/games").json()["games"]
    return [seat["free"] for seat in next(g for g in games if g["id"] == gid)["seats"]]


def test_a_hijack_attempt_on_a_real_server_fails_at_every_step(tmp_path: Path) -> None:
    """The creator tries to play its friend's seat, a stranger to take a played seat."""
    with (
        live_server(tmp_path / "games.sqlite3") as (_process, base),
        httpx.Client(base_url=base, timeout=30) as client,
    ):
        created = client.post("/api/games", json={"players": 2, "seat": 0}).json()
        gid, creator = created["id"], created["token"]
        assert "invites" not in created and [s.get("token") for s in created["seats"]] == [
            None,
            None,
        ]
        assert _free(client, gid) == [False, True]  # the creator's seat holds its token
        friend = client.post(f"/api/games/{gid}/seats/1", json={}).json()["token"]
        assert _free(client, gid) == [False, False]
        # the stranger: both seats are taken
        assert client.post(f"/api/games/{gid}/seats/0", json={}).status_code == 409
        assert client.post(f"/api/games/{gid}/seats/1", json={}).status_code == 409
        # the creator plays its own move, then tries the friend's with its own token
        played = client.post(f"/api/games/{gid}/actions", json=MOVE, headers=_bearer(creator))
        assert played.status_code == 200
        again = {"action": 0, "expect_move": 1}
        assert (
            client.post(f"/api/games/{gid}/actions", json=again, headers=_bearer(creator))
        ).status_code == 403
        # nor can it leave the friend's seat to take it over
        leave = client.delete(
            f"/api/games/{gid}/seats/1",
            headers={**_bearer(creator), "Content-Type": "application/json"},
        )
        assert leave.status_code == 403 and _free(client, gid) == [False, False]
        # the friend leaves: its token is dead, the seat free, a newcomer takes it
        left = client.delete(
            f"/api/games/{gid}/seats/1",
            headers={**_bearer(friend), "Content-Type": "application/json"},
        )
        assert left.status_code == 200 and _free(client, gid) == [False, True]
        assert client.get(f"/api/games/{gid}", headers=_bearer(friend)).status_code == 401
        assert (
            client.post(f"/api/games/{gid}/actions", json=again, headers=_bearer(friend))
        ).status_code == 401
        newcomer = client.post(f"/api/games/{gid}/seats/1", json={}).json()["token"]
        assert client.get(f"/api/games/{gid}", headers=_bearer(newcomer)).json()["you"] == 1
        assert client.get(f"/api/games/{gid}", headers=_bearer(friend)).status_code == 401


def test_leaving_needs_the_seats_own_token(client: TestClient) -> None:
    game = client.post("/api/games", json={"players": 2, "seat": 0}).json()
    url = f"/api/games/{game['id']}/seats/0"
    json_header = {"Content-Type": "application/json"}
    assert client.delete(url, headers=json_header).status_code == 401
    assert client.delete(url, headers={**json_header, **_bearer("x")}).status_code == 401
    assert client.delete(url, headers=_bearer(game["token"])).status_code == 415
    assert client.delete(url, headers={**json_header, **_bearer(game["token"])}).json() == {
        "seat": 0,
        "free": True,
    }
    # leaving twice: the token is gone
    assert client.delete(url, headers={**json_header, **_bearer(game["token"])}).status_code == 401
    assert client.delete(f"/api/games/{game['id']}/seats/9", headers=json_header).status_code == 404


def test_many_claims_of_one_seat_at_once_give_one_token(client: TestClient) -> None:
    gid = client.post("/api/games", json={"players": 2}).json()["id"]
    answers: list[int] = []

    def claim() -> None:
        answers.append(client.post(f"/api/games/{gid}/seats/1", json={}).status_code)

    threads = [threading.Thread(target=claim) for _ in range(12)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert sorted(answers) == [200] + [409] * 11


def test_an_unlisted_game_is_out_of_the_lobby_and_its_seats_need_their_codes(
    client: TestClient,
) -> None:
    listed = client.post("/api/games", json={"players": 2}).json()["id"]
    game = client.post(
        "/api/games", json={"players": 3, "seat": 0, "unlisted": True, "seats": {"2": "random"}}
    ).json()
    gid = game["id"]
    assert game["unlisted"] is True and set(game["invites"]) == {"1"}
    assert [g["id"] for g in client.get("/api/games").json()["games"]] == [listed]
    url = f"/api/games/{gid}/seats/1"
    assert client.post(url, json={}).status_code == 403
    assert client.post(url, json={"invite": "guess"}).status_code == 403
    assert client.post(url, json={"invite": 5}).status_code == 422
    wrong_seat = client.post(f"/api/games/{gid}/seats/0", json={"invite": game["invites"]["1"]})
    assert wrong_seat.status_code == 409  # seat 0 is the creator's
    claimed = client.post(url, json={"invite": game["invites"]["1"]})
    assert claimed.status_code == 200 and claimed.json()["seat"] == 1
    assert client.post(url, json={"invite": game["invites"]["1"]}).status_code == 409
    assert client.get(f"/api/games/{gid}").status_code == 200  # its id is its link


def test_the_lobby_pages_through_every_game(db_path: Path) -> None:
    times = iter(range(1000, 2000))
    from tongiaki_rules.server import GameService, SqliteStorage

    service = GameService(SqliteStorage(db_path), clock=lambda: float(next(times)))
    made = [service.create_game(2)["id"] for _ in range(7)]
    client = TestClient(create_app(SqliteStorage(db_path)))
    seen: list[str] = []
    before: str | None = None
    while True:
        params: dict[str, Any] = {"limit": 3} | ({"before": before} if before else {})
        page = client.get("/api/games", params=params).json()
        seen += [g["id"] for g in page["games"]]
        before = page["next"]
        if before is None:
            break
    assert seen == made[::-1]
    assert client.get("/api/games", params={"limit": 0}).status_code == 422
    assert client.get("/api/games", params={"limit": 101}).status_code == 422
    assert client.get("/api/games", params={"before": "g-none"}).json()["games"] == []
