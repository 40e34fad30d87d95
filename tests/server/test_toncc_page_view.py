"""What the browser's Tóncc page reads from the server: its own page, the pictures, where each
move lands, the last round as facts, and the players' names and clock as in Tongiaki.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("fastapi", reason="the server needs the 'server' extra (fastapi)")
pytest.importorskip("httpx", reason="the test client needs httpx")

from fastapi.testclient import TestClient

from tongiaki_rules.server.app import create_app
from tongiaki_rules.toncc import LABELS, STANDARD_MAP, destination
from tongiaki_rules.toncc.board import cell


@pytest.fixture
def client(tmp_path: Path) -> Iterator[TestClient]:
    app = create_app(str(tmp_path / "games.sqlite3"), bot_delay=0.0)
    with TestClient(app, raise_server_exceptions=False) as running:
        yield running
    app.state.driver.close()
    app.state.service.storage.close()


def _bearer(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


def _act(client: TestClient, gid: str, token: str, index: int, moves: int) -> dict[str, Any]:
    answer = client.post(
        f"/api/games/{gid}/actions",
        json={"action": index, "expect_move": moves},
        headers=_bearer(token),
    )
    assert answer.status_code == 200, answer.text
    view: dict[str, Any] = answer.json()
    return view


def test_a_toncc_game_has_its_own_page_and_a_tongiaki_game_keeps_its_own(
    client: TestClient,
) -> None:
    toncc = client.post("/api/games", json={"game": "toncc", "players": 3}).json()
    tongiaki = client.post("/api/games", json={"players": 2}).json()
    assert 'src="/static/toncc.js"' in client.get(f"/games/{toncc['id']}").text
    assert 'src="/static/game.js"' in client.get(f"/games/{tongiaki['id']}").text
    assert client.get("/games/no-such-game").status_code == 404


def test_the_view_shows_every_picture_and_where_each_move_of_the_seat_lands(
    client: TestClient,
) -> None:
    game = client.post(
        "/api/games",
        json={"game": "toncc", "players": 3, "seat": 0, "seats": {"1": "greedy", "2": "random"}},
    ).json()
    view = client.get(f"/api/games/{game['id']}", headers=_bearer(game["token"])).json()
    pictures = view["pictures"]
    assert len(pictures) == 18 and pictures[0]["name"] == "A0"
    first = STANDARD_MAP.regions[0]
    assert pictures[0]["background"] == first.background.name.lower()
    assert pictures[0]["symbol"] == first.symbol.name.lower()
    # from the Mind the six moves land on the six inner regions, one each
    assert sorted(entry["to"] for entry in view["legal"]) == [f"I{n}" for n in range(1, 7)]
    assert view["last_round"] is None
    after = _act(client, game["id"], game["token"], 0, view["moves"])
    mine = view["state"]["seating"][0]
    where = after["state"]["kings"][mine]["cell"]
    assert where == view["legal"][0]["to"]
    told = after["last_round"]
    assert told["after"] == view["moves"] + 1 and told["challenge"] == 0 and told["turn"] == 0
    assert told["kings"][mine] == {"move": 1, "landing": where}
    assert all(k["landing"] is not None for k in told["kings"].values())
    # the next moves land where the move function says
    here = cell(where)
    landings = {entry["notation"]: entry["to"] for entry in after["legal"]}
    assert set(landings.values()) == {LABELS[destination(here, d)] for d in range(6)}


def test_the_last_round_tells_each_conquest_and_the_end_of_a_challenge_with_its_points(
    client: TestClient,
) -> None:
    game = client.post(
        "/api/games",
        json={"game": "toncc", "players": 3, "seat": 0, "seats": {"1": "greedy", "2": "greedy"}},
    ).json()
    gid, token = game["id"], game["token"]
    view = client.get(f"/api/games/{gid}", headers=_bearer(token)).json()
    conquests = 0
    while view["state"]["challenge"] == 0:
        view = _act(client, gid, token, 0, view["moves"])
        told = view["last_round"]
        for conquest in told["conquests"]:
            assert conquest["king"] in conquest["contenders"]
            assert told["kings"][conquest["king"]]["landing"] == conquest["cell"]
            conquests += 1
        if view["state"]["challenge"] == 0:
            assert told["result"] is None
    result = view["last_round"]["result"]
    assert conquests > 0 and set(result) == {"red", "yellow", "blue"}
    assert sum(k["toncc_points"] for k in result.values()) == 3
    for king in result.values():
        assert king["score"] == king["kingdom_points"] + king["king_points"]


def test_a_toncc_seat_has_its_players_name_and_the_game_its_clock_as_in_tongiaki(
    client: TestClient,
) -> None:
    low = client.get("/api/clock").json()["min"]
    game = client.post(
        "/api/games",
        json={
            "game": "toncc",
            "players": 3,
            "seat": 0,
            "name": "Ana",
            "clock": low,
            "seats": {"2": "greedy"},
        },
    ).json()
    gid = game["id"]
    taken = client.post(f"/api/games/{gid}/seats/1", json={"name": "Ana"})
    assert taken.status_code == 422 and taken.json()["reason"] == "name_taken"
    claimed = client.post(f"/api/games/{gid}/seats/1", json={"name": "Bo"}).json()
    view = client.get(f"/api/games/{gid}", headers=_bearer(claimed["token"])).json()
    assert [s.get("name") for s in view["seats"]][:2] == ["Ana", "Bo"]
    assert view["clock"]["seconds"] == low and view["clock"]["seats"] == [0, 1]
