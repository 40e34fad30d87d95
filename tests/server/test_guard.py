"""Browser safety: JSON-only changes, the Host and Origin checks, security headers, no CDN."""

from __future__ import annotations

from pathlib import Path

import pytest

pytest.importorskip("fastapi", reason="the server needs the 'server' extra (fastapi)")
httpx = pytest.importorskip("httpx", reason="the test client needs httpx")

from fastapi.testclient import TestClient  # noqa: E402
from starlette.websockets import WebSocketDisconnect  # noqa: E402

from tongiaki_rules.cli._serve import allowed_hosts  # noqa: E402
from tongiaki_rules.server.app import STATIC_DIR, create_app  # noqa: E402

from .live import http_client, live_server  # noqa: E402


@pytest.fixture
def client(db_path: Path) -> TestClient:
    app = create_app(
        db_path,
        allowed_hosts=["testserver", "localhost"],
        allowed_origins=["https://friends.example"],
    )
    return TestClient(app, raise_server_exceptions=False)


@pytest.mark.parametrize("content_type", [None, "text/plain", "application/x-www-form-urlencoded"])
def test_a_change_not_declared_json_is_415_as_a_no_cors_request_would_be(
    client: TestClient, content_type: str | None
) -> None:
    game = client.post("/api/games", json={"players": 2, "seat": 0}).json()
    headers = {"Content-Type": content_type} if content_type else {}
    auth = {"Authorization": f"Bearer {game['token']}", **headers}
    for method, url, body in [
        ("POST", "/api/games", b'{"players": 2}'),
        ("POST", f"/api/games/{game['id']}/seats/1", b"{}"),
        ("POST", f"/api/games/{game['id']}/seats/1", b""),
        ("POST", f"/api/games/{game['id']}/actions", b'{"action": 0, "expect_move": 0}'),
        ("DELETE", f"/api/games/{game['id']}/seats/0", b""),
    ]:
        answer = client.request(method, url, content=body, headers=auth)
        assert answer.status_code == 415, (method, url)
        assert "application/json" in answer.json()["detail"]
    games = client.get("/api/games").json()["games"]
    assert len(games) == 1 and games[0]["seats"][1]["free"] and games[0]["moves"] == 0


def test_claiming_needs_a_json_body(client: TestClient) -> None:
    gid = client.post("/api/games", json={"players": 2}).json()["id"]
    answer = client.post(
        f"/api/games/{gid}/seats/1", content=b"", headers={"Content-Type": "application/json"}
    )
    assert answer.status_code == 422
    assert client.post(f"/api/games/{gid}/seats/1", json={"seat": 1}).status_code == 422


def test_every_answer_carries_the_security_headers(client: TestClient) -> None:
    gid = client.post("/api/games", json={"players": 2}).json()["id"]
    for url in [
        "/",
        f"/games/{gid}",
        "/games/g-none",
        "/static/app.css",
        "/static/no.js",
        "/api/games",
        f"/api/games/{gid}",
        "/api/games/g-none",
        "/api/openapi.json",
    ]:
        headers = client.get(url).headers
        policy = headers["content-security-policy"]
        assert "default-src 'self'" in policy and "frame-ancestors 'none'" in policy, url
        assert "unsafe-inline" not in policy and "http" not in policy, url
        assert headers["x-content-type-options"] == "nosniff", url
        assert headers["referrer-policy"] == "no-referrer", url
    refused = client.post("/api/games", content=b"x", headers={"Content-Type": "text/plain"})
    assert refused.headers["x-content-type-options"] == "nosniff"


def test_the_api_docs_load_nothing_from_elsewhere(client: TestClient) -> None:
    assert client.get("/api/docs").status_code == 404  # not served: swagger-ui is a CDN script
    assert client.get("/api/openapi.json").status_code == 200
    for page in STATIC_DIR.glob("*.html"):
        text = page.read_text()
        assert "http://" not in text and "https://" not in text and "<script>" not in text, page


def test_a_host_not_allowed_is_refused_against_dns_rebinding(db_path: Path) -> None:
    client = TestClient(create_app(db_path, allowed_hosts=["127.0.0.1"]))
    answer = client.get("/api/games", headers={"Host": "evil.example"})
    assert answer.status_code == 421 and "Host" in answer.json()["detail"]
    assert client.get("/api/games", headers={"Host": "127.0.0.1:8000"}).status_code == 200
    with (
        pytest.raises(WebSocketDisconnect),
        client.websocket_connect("/api/games/g-x/ws", headers={"Host": "evil.example"}),
    ):
        pass


def test_the_websocket_refuses_a_page_of_another_origin(client: TestClient) -> None:
    gid = client.post("/api/games", json={"players": 2}).json()["id"]
    url = f"/api/games/{gid}/ws"
    with (
        pytest.raises(WebSocketDisconnect) as refused,
        client.websocket_connect(url, headers={"Origin": "https://evil.example"}),
    ):
        pass
    assert refused.value.code == 1008
    for origin in ("http://testserver", "https://friends.example", None):
        headers = {"Origin": origin} if origin else {}
        with client.websocket_connect(url, headers=headers) as socket:
            socket.send_json({"type": "hello", "token": None})
            assert socket.receive_json()["type"] == "view"


def test_the_default_hosts_follow_the_bound_address() -> None:
    assert allowed_hosts("127.0.0.1", []) == ["127.0.0.1", "localhost", "::1"]
    assert allowed_hosts("192.0.2.1", []) == ["192.0.2.1"]
    assert allowed_hosts("0.0.0.0", ["*"]) is None
    from tongiaki_rules.cli._common import CliError

    with pytest.raises(CliError, match="--allow-host"):
        allowed_hosts("0.0.0.0", [])


def test_a_real_server_checks_host_and_origin(tmp_path: Path) -> None:
    websockets = pytest.importorskip("websockets.sync.client", reason="the WebSocket client")
    from websockets.exceptions import InvalidStatus

    with live_server(tmp_path / "g.sqlite3", "--allow-origin", "http://friends.example") as (
        _process,
        base,
    ):
        assert (
            http_client().get(f"{base}/api/games", headers={"Host": "rebound.example"}).status_code
            == 421
        )
        assert (
            http_client().get(f"{base}/api/games", headers={"Host": "localhost"}).status_code == 200
        )
        gid = http_client().post(f"{base}/api/games", json={"players": 2}).json()["id"]
        ws = f"{base.replace('http', 'ws')}/api/games/{gid}/ws"
        with pytest.raises(InvalidStatus):
            websockets.connect(ws, origin="http://evil.example").close()  # type: ignore[arg-type]
        with websockets.connect(ws, origin="http://friends.example") as socket:  # type: ignore[arg-type]
            socket.send('{"type": "hello", "token": null}')
            assert '"view"' in str(socket.recv(timeout=10))


def _through_guard(chunks: list[bytes], headers: list[tuple[bytes, bytes]]) -> tuple[int, bool]:
    """POST ``chunks`` straight to a :class:`Guard` in front of an app that notes being called;
    the answer's status (0: none) and whether the request reached the app."""
    import anyio
    from starlette.types import Message, Receive, Scope, Send

    from tongiaki_rules.server._guard import Guard

    reached: list[bool] = []
    statuses: list[int] = []

    async def route(scope: Scope, receive: Receive, send: Send) -> None:
        reached.append(True)

    async def receive() -> Message:
        chunk = chunks.pop(0)
        return {"type": "http.request", "body": chunk, "more_body": bool(chunks)}

    async def send(message: Message) -> None:
        if message["type"] == "http.response.start":
            statuses.append(message["status"])

    scope: Scope = {
        "type": "http",
        "method": "POST",
        "path": "/api/games",
        "headers": [(b"host", b"testserver"), (b"content-type", b"application/json"), *headers],
    }
    anyio.run(Guard(route), scope, receive, send)
    return (statuses[0] if statuses else 0), bool(reached)


def test_a_body_sent_in_small_chunks_without_content_length_is_counted_whole_and_refused() -> None:
    status, reached = _through_guard([b"x" * 1024 for _ in range(80)], [])
    assert (status, reached) == (413, False)
    assert _through_guard([b"x" * 1024 for _ in range(8)], []) == (0, True)  # under the cap
