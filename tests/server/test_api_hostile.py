"""Hostile bodies, headers and queries: always a JSON message with a status of the contract."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any
from urllib.parse import quote

import pytest

pytest.importorskip("fastapi", reason="the server needs the 'server' extra (fastapi)")
pytest.importorskip("httpx", reason="the test client needs httpx")

from fastapi.testclient import TestClient
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tongiaki_rules.server import ServeLimits
from tongiaki_rules.server.app import create_app

_TEXT = st.one_of(
    st.text(max_size=12),
    st.sampled_from(["\ud800", "greedy", "mcts:iterations=9999", "setup 0", "1", "", "a\x00b"]),
)
_SCALARS = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(min_value=-(10**40), max_value=10**40),
    st.floats(allow_nan=True, allow_infinity=True),
    _TEXT,
)
_JSON = st.recursive(
    _SCALARS,
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(_TEXT, inner, max_size=3),
    max_leaves=8,
)
_GAME_BODY = st.fixed_dictionaries(
    {},
    optional={
        "players": _JSON | st.integers(0, 8),
        "seats": _JSON | st.dictionaries(st.sampled_from(["0", "1", "7", "-1"]), _JSON),
        "rules": _JSON,
        "seed": _JSON,
        "seat": _JSON | st.integers(-1, 7),
        "unlisted": _JSON,
        "colour": _JSON,
    },
)
_MOVE_BODY = st.fixed_dictionaries(
    {},
    optional={"action": _JSON | st.integers(-3, 40), "expect_move": _JSON, "x": _JSON},
)
_HOSTILE = settings(
    max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)


@pytest.fixture(scope="module")
def client(tmp_path_factory: pytest.TempPathFactory) -> TestClient:
    db = tmp_path_factory.mktemp("hostile") / "games.sqlite3"
    unlimited = ServeLimits(games_per_minute=10**6, claims_per_minute=10**6)
    return TestClient(
        create_app(db, static_dir=Path("/nonexistent"), limits=unlimited),
        raise_server_exceptions=False,
    )


def _body(value: Any) -> bytes:
    return json.dumps(value, allow_nan=True, ensure_ascii=True).encode("ascii")


def _check(answer: Any, allowed: set[int]) -> None:
    assert answer.status_code in allowed, answer.text
    if answer.status_code >= 400:
        detail = answer.json()["detail"]
        assert isinstance(detail, str) and detail and "Traceback" not in detail


@_HOSTILE
@given(body=_GAME_BODY | _JSON)
def test_any_game_body_gets_201_or_a_message(client: TestClient, body: Any) -> None:
    answer = client.post(
        "/api/games", content=_body(body), headers={"Content-Type": "application/json"}
    )
    _check(answer, {201, 400, 422})


@_HOSTILE
@given(raw=st.binary(max_size=64))
def test_any_bytes_get_400_or_422(client: TestClient, raw: bytes) -> None:
    answer = client.post("/api/games", content=raw, headers={"Content-Type": "application/json"})
    _check(answer, {201, 400, 422})


@_HOSTILE
@given(body=_MOVE_BODY | _JSON, token=st.sampled_from(["good", "bad", None]))
def test_any_move_body_gets_a_status_of_the_contract(
    client: TestClient, body: Any, token: str | None
) -> None:
    game = client.post("/api/games", json={"players": 2, "seat": 0}).json()
    headers = {"Content-Type": "application/json"}
    if token is not None:
        headers["Authorization"] = "Bearer " + (game["token"] if token == "good" else "x")
    answer = client.post(f"/api/games/{game['id']}/actions", content=_body(body), headers=headers)
    _check(answer, {200, 400, 401, 403, 409, 422})


@_HOSTILE
@given(at=st.text(max_size=8) | st.integers(-5, 10).map(str), authorization=st.text(max_size=20))
def test_any_query_or_header_gets_a_status_of_the_contract(
    client: TestClient, at: str, authorization: str
) -> None:
    game = client.post("/api/games", json={"players": 2}).json()
    headers = {}
    if authorization.isascii() and authorization.isprintable():
        headers["Authorization"] = authorization
    answer = client.get(f"/api/games/{game['id']}", params={"at": at}, headers=headers)
    _check(answer, {200, 401, 422})
    seat = quote(at or "0", safe="")
    _check(client.post(f"/api/games/{game['id']}/seats/{seat}", json={}), {200, 404, 409, 422})
