"""Players' names: given when a seat is taken, stored, shown in every view and the lobby, and
refused when they could hurt or fool another player; refusals carry a reason the client words."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

pytest.importorskip("fastapi", reason="the server needs the 'server' extra (fastapi)")
pytest.importorskip("httpx", reason="the test client needs httpx")

from fastapi.testclient import TestClient

from tongiaki_rules.server import ServeLimits
from tongiaki_rules.server.app import create_app


@pytest.fixture
def client(db: str) -> Iterator[TestClient]:
    """The API on each storage (SQLite, PostgreSQL)."""
    app = create_app(db, limits=ServeLimits(games_per_minute=1000, claims_per_minute=1000))
    yield TestClient(app, raise_server_exceptions=False)
    app.state.driver.close()
    app.state.service.storage.close()


def _names(client: TestClient, gid: str, token: str | None = None) -> list[Any]:
    headers = {"Authorization": f"Bearer {token}"} if token else {}
    return [s.get("name") for s in client.get(f"/api/games/{gid}", headers=headers).json()["seats"]]


def _listed(client: TestClient, gid: str) -> list[Any]:
    game = next(g for g in client.get("/api/games").json()["games"] if g["id"] == gid)
    return [s.get("name") for s in game["seats"]]


def test_a_name_is_given_with_the_seat_shown_everywhere_and_cleared_when_it_is_left(
    client: TestClient,
) -> None:
    made = client.post(
        "/api/games", json={"players": 3, "seats": {"2": "random"}, "seat": 0, "name": " Ana  "}
    ).json()
    gid = made["id"]
    taken = client.post(f"/api/games/{gid}/seats/1", json={"name": "Bo"}).json()
    assert _names(client, gid) == ["Ana", "Bo", None]  # tidied; a bot has no name
    assert _names(client, gid, made["token"]) == ["Ana", "Bo", None]
    assert _listed(client, gid) == ["Ana", "Bo", None]
    left = client.delete(
        f"/api/games/{gid}/seats/1",
        headers={"Authorization": f"Bearer {taken['token']}", "Content-Type": "application/json"},
    )
    assert left.status_code == 200
    assert _names(client, gid) == ["Ana", None, None]
    # the next holder gives a name of their own; no name at all is allowed too
    assert client.post(f"/api/games/{gid}/seats/1", json={}).status_code == 200
    assert _names(client, gid) == ["Ana", None, None]


HOSTILE = [
    ("x" * 10_000, "at most 24 characters"),
    ("x" * 25, "at most 24 characters"),
    ("Ana\u202egnay", "invisible"),  # a right-to-left override turns the text around
    ("Ana\u200b", "invisible"),  # a zero-width space: "Ana" twice, told apart by nobody
    ("Ana\nseat 1", "control"),
    ("\x00", "control"),
    ("ANA", "another seat is already called"),
    ("\uff21\uff4e\uff41", "another seat is already called"),  # full-width: it reads "Ana"
    ("Seat 1", "reads like a seat's label"),
    ("platz 0", "reads like a seat's label"),
    ("...", "needs a letter or a digit"),
]


def test_a_name_that_could_hurt_or_fool_another_player_is_refused(client: TestClient) -> None:
    gid = client.post("/api/games", json={"players": 2, "seat": 0, "name": "Ana"}).json()["id"]
    for name, why in HOSTILE:
        refused = client.post(f"/api/games/{gid}/seats/1", json={"name": name})
        assert refused.status_code == 422, name
        assert why in refused.json()["detail"], name
        assert len(refused.text) < 400  # a 10 KB name is not echoed back
    assert _names(client, gid) == ["Ana", None]  # and the seat stays free
    assert client.post(f"/api/games/{gid}/seats/1", json={"name": "Bo"}).status_code == 200


def test_markup_in_a_name_is_kept_as_text_for_the_client_to_show_as_text(
    client: TestClient,
) -> None:
    name = "<script>x</script>"
    gid = client.post("/api/games", json={"players": 2, "seat": 0, "name": name}).json()["id"]
    assert _names(client, gid)[0] == name  # JSON text: the client writes it with textContent


def test_refusals_a_player_can_meet_carry_a_reason_for_the_client_to_word(
    client: TestClient,
) -> None:
    made = client.post("/api/games", json={"players": 2, "seat": 0, "unlisted": True}).json()
    gid, code = made["id"], made["invites"]["1"]
    needed = client.post(f"/api/games/{gid}/seats/1", json={})
    assert (needed.status_code, needed.json()["reason"]) == (403, "invite_needed")
    assert "{" not in needed.json()["detail"]  # no JSON inside the message
    wrong = client.post(f"/api/games/{gid}/seats/1", json={"invite": "nope"})
    assert wrong.json()["reason"] == "invite_wrong"
    assert client.post(f"/api/games/{gid}/seats/1", json={"invite": code}).status_code == 200
    taken = client.post(f"/api/games/{gid}/seats/1", json={"invite": code})
    assert (taken.status_code, taken.json()["reason"]) == (409, "seat_taken")
    auth = {"Authorization": f"Bearer {made['token']}"}
    stale = client.post(
        f"/api/games/{gid}/actions", json={"action": 0, "expect_move": 5}, headers=auth
    )
    assert (stale.status_code, stale.json()["reason"]) == (409, "stale_move")
