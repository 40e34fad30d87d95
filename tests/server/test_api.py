"""The HTTP API through the ASGI test client: every route and every status of the contract."""

from __future__ import annotations

import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("fastapi", reason="the server needs the 'server' extra (fastapi)")
pytest.importorskip("httpx", reason="the test client needs httpx")

from fastapi.testclient import TestClient

from tongiaki_rules import GameRecord, replay, state_from_json
from tongiaki_rules.server.app import MAX_BODY, create_app


@pytest.fixture
def static_dir(tmp_path: Path) -> Path:
    folder = tmp_path / "static"
    folder.mkdir()
    (folder / "index.html").write_text("<h1>lobby</h1>")
    (folder / "game.html").write_text("<h1>game</h1>")
    (folder / "app.css").write_text("body { margin: 0 }")
    return folder


@pytest.fixture
def client(db: str, static_dir: Path) -> Iterator[TestClient]:
    """The API on each storage (SQLite, PostgreSQL)."""
    app = create_app(db, static_dir=static_dir, bot_delay=0.0)
    yield TestClient(app, raise_server_exceptions=False)
    app.state.driver.close()
    app.state.service.storage.close()


def _new_game(client: TestClient, **body: Any) -> dict[str, Any]:
    answer = client.post("/api/games", json={"players": 2, "seat": 0, **body})
    assert answer.status_code == 201, answer.text
    game: dict[str, Any] = answer.json()
    return game


def _after_the_bots(client: TestClient, gid: str, token: str) -> dict[str, Any]:
    """The player's view once the bots' replies (played after a move's answer) are in."""
    for _ in range(500):
        view: dict[str, Any] = client.get(f"/api/games/{gid}", headers=_bearer(token)).json()
        if "legal" in view or view["outcome"] is not None:
            return view
        time.sleep(0.02)
    raise AssertionError("the bots did not reply within 10 s")


def _bearer(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


def test_create_list_claim_view_and_record(client: TestClient) -> None:
    game = _new_game(client, seats={"1": "greedy"}, seat=None)
    gid = game["id"]
    assert "token" not in game
    assert game["seats"][1] == {"seat": 1, "kind": "bot", "bot": "greedy", "free": False}
    listed = client.get("/api/games").json()["games"]
    assert [g["id"] for g in listed] == [gid] and listed[0]["seats"][0]["free"] is True
    claimed = client.post(f"/api/games/{gid}/seats/0", json={})
    assert claimed.status_code == 200 and claimed.json()["seat"] == 0
    assert client.post(f"/api/games/{gid}/seats/0", json={}).status_code == 409
    assert client.post(f"/api/games/{gid}/seats/1", json={}).status_code == 409
    assert client.post(f"/api/games/{gid}/seats/5", json={}).status_code == 404
    assert client.post(f"/api/games/{gid}/seats/x", json={}).status_code == 422
    assert client.get("/api/games").json()["games"][0]["seats"][0]["free"] is False
    view = client.get(f"/api/games/{gid}", headers=_bearer(claimed.json()["token"])).json()
    assert view["you"] == 0 and view["legal"] and view["code"]
    assert "legal" not in client.get(f"/api/games/{gid}").json()
    record = client.get(f"/api/games/{gid}/record").json()
    assert record["schema"] == "tongiaki-record" and record["metadata"]["seat1"] == "greedy"


def test_moves_answer_with_the_status_of_their_fault(client: TestClient) -> None:
    game = _new_game(client)
    gid, blue = game["id"], game["token"]
    red = client.post(f"/api/games/{gid}/seats/1", json={}).json()["token"]
    url = f"/api/games/{gid}/actions"
    move = {"action": "setup 0", "expect_move": 0}
    assert client.post(url, json=move).status_code == 401
    assert client.post(url, json=move, headers=_bearer("nope")).status_code == 401
    assert client.post(url, json=move, headers={"Authorization": "Basic abc"}).status_code == 401
    assert client.post(url, json=move, headers=_bearer(red)).status_code == 403
    stale = client.post(url, json={**move, "expect_move": 3}, headers=_bearer(blue))
    assert stale.status_code == 409 and "move 0" in stale.json()["detail"]
    illegal = client.post(url, json={**move, "action": "setup 9"}, headers=_bearer(blue))
    assert illegal.status_code == 422
    assert illegal.json()["clause"] == "SETUP-4" and "beach 9" in illegal.json()["detail"]
    assert (
        client.post("/api/games/g-none/actions", json=move, headers=_bearer(blue)).status_code
        == 404
    )
    played = client.post(url, json={"action": 1, "expect_move": 0}, headers=_bearer(blue))
    assert played.status_code == 200
    assert played.json()["moves"] == 1 and played.json()["to_move"] == 1
    assert client.post(url, json=move, headers=_bearer(blue)).status_code == 409


def test_time_travel_and_its_bounds(client: TestClient) -> None:
    game = _new_game(client, seats={"1": "random"})
    gid, token = game["id"], game["token"]
    client.post(
        f"/api/games/{gid}/actions", json={"action": 0, "expect_move": 0}, headers=_bearer(token)
    )
    now = client.get(f"/api/games/{gid}").json()
    first = client.get(f"/api/games/{gid}?at=0").json()
    assert first["at"] == 0 and first["moves"] == now["moves"] >= 2
    assert client.get(f"/api/games/{gid}?at={now['moves'] + 1}").status_code == 422
    assert client.get(f"/api/games/{gid}?at=-1").status_code == 422
    assert client.get(f"/api/games/{gid}?at=x").status_code == 422
    assert client.get("/api/games/g-none").status_code == 404
    record = GameRecord.from_dict(client.get(f"/api/games/{gid}/record").json())
    import json

    assert replay(record) == state_from_json(json.dumps(now["state"]))


@pytest.mark.parametrize(
    ("body", "status"),
    [
        (b"{not json", 400),
        (b"", 422),
        (b"[]", 422),
        (b'{"players": 2, "extra": 1}', 422),
        (b'{"players": true}', 422),
        (b'{"players": 2.0}', 422),
        (b'{"players": NaN}', 422),
        (b'{"players": 99999999999999999999999999}', 422),
        (b'{"players": "2"}', 422),
        (b'{"players": 2, "seats": {"x": "greedy"}}', 422),
        (b'{"players": 2, "seats": {"1": "\\ud800"}}', 422),
        (b'{"players": 2, "seats": {"\\ud800": "greedy"}}', 422),
        (b'{"players": 2, "rules": {"\\ud800": 1}}', 422),
        (b'{"players": 2, "seed": 1e3}', 422),
        (b'{"players": 2, "seed": 1}', 422),
        (b'{"players": 2, "seat": 2}', 422),
        (b'{"players": 2, "seat": 1, "seats": {"1": "greedy"}}', 422),
        (b'{"players": 2, "unlisted": 1}', 422),
    ],
)
def test_bad_bodies_get_a_message_never_a_traceback(
    client: TestClient, body: bytes, status: int
) -> None:
    answer = client.post("/api/games", content=body, headers={"Content-Type": "application/json"})
    assert answer.status_code == status, answer.text
    assert isinstance(answer.json()["detail"], str) and "Traceback" not in answer.text


def test_a_body_over_the_limit_gets_413(client: TestClient) -> None:
    body = b'{"players": 2, "rules": {"x": "' + b"a" * MAX_BODY + b'"}}'
    answer = client.post("/api/games", content=body, headers={"Content-Type": "application/json"})
    assert answer.status_code == 413 and "bytes" in answer.json()["detail"]


def test_openapi_describes_every_route(client: TestClient) -> None:
    paths = client.get("/api/openapi.json").json()["paths"]
    assert {
        "/api/games",
        "/api/games/{game_id}",
        "/api/games/{game_id}/seats/{seat}",
        "/api/games/{game_id}/record",
        "/api/games/{game_id}/actions",
        "/api/health",
    } <= set(paths)
    assert "delete" in paths["/api/games/{game_id}/seats/{seat}"]
    assert client.get("/api/docs").status_code == 404  # swagger-ui would load from a CDN


def test_the_client_pages_and_files_are_served(client: TestClient) -> None:
    assert client.get("/").text == "<h1>lobby</h1>"
    gid = _new_game(client)["id"]
    assert client.get(f"/games/{gid}").text == "<h1>game</h1>"
    assert client.get("/static/app.css").text.startswith("body")
    assert client.get("/static/missing.js").status_code == 404


def test_missing_client_files_are_a_404_not_a_crash(db_path: Path, tmp_path: Path) -> None:
    client = TestClient(create_app(db_path, static_dir=tmp_path / "none"))
    assert client.get("/").status_code == 404
    assert client.get("/static/app.css").status_code == 404


def test_the_websocket_pushes_every_move_to_players_and_spectators(client: TestClient) -> None:
    game = _new_game(client, seats={"1": "greedy"})
    gid, token = game["id"], game["token"]
    with (
        client.websocket_connect(f"/api/games/{gid}/ws") as spectator,
        client.websocket_connect(f"/api/games/{gid}/ws") as player,
    ):
        spectator.send_json({"type": "hello", "token": None})
        player.send_json({"type": "hello", "token": token})
        assert spectator.receive_json()["view"]["moves"] == 0
        first = player.receive_json()
        assert first["type"] == "view" and first["view"]["you"] == 0 and "legal" in first["view"]
        expect = 0
        for _ in range(2):
            answer = client.post(
                f"/api/games/{gid}/actions",
                json={"action": 0, "expect_move": expect},
                headers=_bearer(token),
            )
            moves = answer.json()["moves"]
            assert moves > expect
            # the move, then the bot's reply, played after the answer: pushed as they come
            seen = spectator.receive_json()
            assert seen == {"type": "view", "view": seen["view"]}
            assert seen["view"]["moves"] >= moves and "legal" not in seen["view"]
            while seen["view"]["to_move"] != 0:
                later = spectator.receive_json()["view"]
                assert later["moves"] > seen["view"]["moves"] and "legal" not in later
                seen = {"type": "view", "view": later}
            mine = player.receive_json()["view"]
            while "legal" not in mine:
                mine = player.receive_json()["view"]
            assert mine["moves"] == seen["view"]["moves"] > moves
            expect = mine["moves"]


def test_a_page_for_an_unknown_game_is_a_404_linking_to_the_lobby(client: TestClient) -> None:
    for game_id in ("g-none", "g-%3Cscript%3E", "%ED%A0%80"):
        answer = client.get(f"/games/{game_id}")
        assert answer.status_code == 404, game_id
        assert answer.headers["content-type"].startswith("text/html")
        assert 'href="/"' in answer.text and "No such game" in answer.text
        assert "<script>" not in answer.text


@pytest.mark.parametrize(
    ("where", "hello", "code", "reason"),
    [
        ("g-no/ws", {"type": "hello", "token": None}, 4404, "no game g-no"),
        ("{gid}/ws", {"type": "hello", "token": "bad"}, 4401, "unknown token"),
        (
            "{gid}/ws",
            {"type": "hi"},
            4400,
            'the first message must be {"type": "hello", "token": ...}',
        ),
        ("{gid}/ws", {"type": "hello", "token": 5}, 4400, "hello.token must be text or null"),
        ("{gid}/ws?token=x", None, 4400, "send the token in the first message, not the URL"),
    ],
)
def test_a_websocket_for_an_unknown_game_or_token_is_accepted_then_closed_with_its_status(
    client: TestClient, where: str, hello: Any, code: int, reason: str
) -> None:
    """Accepted first: a browser sees the 4000 + status code, not 1006."""
    from starlette.websockets import WebSocketDisconnect

    gid = _new_game(client)["id"]
    with (
        client.websocket_connect("/api/games/" + where.format(gid=gid)) as socket,
        pytest.raises(WebSocketDisconnect) as closed,
    ):
        if hello is not None:
            socket.send_json(hello)
        socket.receive_json()
    assert (closed.value.code, closed.value.reason) == (code, reason)


@pytest.mark.parametrize("seat", [-1, 2, 7, 10**30])
def test_claiming_a_seat_the_game_lacks_is_404_naming_the_seats(
    client: TestClient, seat: int
) -> None:
    gid = _new_game(client)["id"]
    answer = client.post(f"/api/games/{gid}/seats/{seat}", json={})
    assert answer.status_code == 404
    assert answer.json()["detail"].endswith("in a game of 2 players (seats 0 to 1)")
    assert "9223372036854775807" not in answer.text


def test_an_unknown_token_on_a_view_is_401(client: TestClient) -> None:
    gid = _new_game(client)["id"]
    assert client.get(f"/api/games/{gid}", headers=_bearer("stolen?")).status_code == 401
    assert client.get(f"/api/games/{gid}", headers={"Authorization": "Bearer"}).status_code == 401


def test_a_failing_database_is_a_500_message_not_a_traceback(db_path: Path) -> None:
    from tongiaki_rules.server import SqliteStorage

    class Broken(SqliteStorage):
        def games(self, limit: int, before: str | None = None) -> Any:
            raise RuntimeError("disk on fire")

    client = TestClient(create_app(Broken(db_path)), raise_server_exceptions=False)
    answer = client.get("/api/games")
    assert answer.status_code == 500
    assert answer.json() == {"detail": "internal server error"}


def test_views_and_move_answers_carry_no_svg_unless_asked_for_the_old_form(
    client: TestClient,
) -> None:
    game = _new_game(client, seats={"1": "greedy"})
    gid, token = game["id"], game["token"]
    assert client.get(f"/api/games/{gid}").json()["svg"] is None
    assert client.get(f"/api/games/{gid}?svg=false").json()["svg"] is None
    old = client.get(f"/api/games/{gid}?svg=true").json()["svg"]
    assert old.startswith("<?xml") and 'class="panel"' in old  # the old form: with its panel
    answer = client.post(
        f"/api/games/{gid}/actions", json={"action": 0, "expect_move": 0}, headers=_bearer(token)
    )
    assert answer.status_code == 200 and answer.json()["svg"] is None
    moves = _after_the_bots(client, gid, token)["moves"]
    answer = client.post(
        f"/api/games/{gid}/actions?svg=true",
        json={"action": 0, "expect_move": moves},
        headers=_bearer(token),
    )
    assert answer.status_code == 200 and answer.json()["svg"].startswith("<?xml")


def test_an_action_index_one_past_the_legal_list_is_422_not_500(client: TestClient) -> None:
    game = _new_game(client)
    url = f"/api/games/{game['id']}/actions"
    legal = client.get(f"/api/games/{game['id']}", headers=_bearer(game["token"])).json()["legal"]
    past = client.post(
        url, json={"action": len(legal), "expect_move": 0}, headers=_bearer(game["token"])
    )
    assert past.status_code == 422, past.text
    assert past.json()["detail"] == f"action index must be from 0 to {len(legal) - 1}"
    last = client.post(
        url, json={"action": len(legal) - 1, "expect_move": 0}, headers=_bearer(game["token"])
    )
    assert last.status_code == 200
