"""A game's own clock (issue 39): set at creation within the server's bounds, shown in the
view (the seconds a move, the seats it runs for, their time left), and a seat out of time
moved for by the greedy bot, as with ``--turn-timeout``; it waits while a human seat is free."""

from __future__ import annotations

import time
from pathlib import Path

import pytest

from tongiaki_rules.server import GameService, ServeLimits, Unprocessable

pytest.importorskip("fastapi", reason="the server needs the 'server' extra (fastapi)")
pytest.importorskip("httpx", reason="the test client needs httpx")

from fastapi.testclient import TestClient

from tongiaki_rules.server.app import create_app
from tongiaki_rules.server.storage import SqliteStorage


class Clock:
    """A clock the test moves by hand."""

    def __init__(self) -> None:
        self.now = 1_000.0

    def __call__(self) -> float:
        return self.now


@pytest.mark.parametrize(
    ("clock", "said"),
    [(9, "from 10 to 600"), (601, "from 10 to 600"), (True, "whole number"), (30.5, "whole")],
)
def test_a_clock_outside_the_servers_bounds_is_refused(
    tmp_path: Path, clock: object, said: str
) -> None:
    service = GameService(
        SqliteStorage(f"{tmp_path}/g.sqlite3"), clock_bounds=(10, 3600), turn_timeout=600.0
    )
    assert service.clock_range() == (10, 600)  # the server's own limit caps the clocks too
    with pytest.raises(Unprocessable, match=said):
        service.create_game(2, seat=0, clock=clock)  # type: ignore[arg-type]


def test_the_view_shows_the_clock_which_waits_for_every_seat_and_restarts_each_move(
    tmp_path: Path,
) -> None:
    now = Clock()
    service = GameService(SqliteStorage(f"{tmp_path}/g.sqlite3"), clock=now)
    game = service.create_game(2, seat=0, name="Ana", clock=60)
    gid = game["id"]
    assert service.record(gid)["metadata"]["clock"] == "60"
    view = service.view(gid, token=game["token"])
    assert view["clock"] == {"seconds": 60.0, "seats": [0], "left": None}  # seat 1 is free
    assert service.time_left(gid, 0) is None
    bo = service.claim_seat(gid, 1, name="Bo")
    now.now += 5
    assert service.view(gid, token=game["token"])["clock"]["left"] == 60.0  # from the claim
    now.now += 20
    assert service.view(gid, token=bo["token"])["clock"]["left"] == 40.0
    assert service.time_left(gid, 0) == 40.0
    service.act(gid, game["token"], 0, expect_move=0)
    now.now += 1
    after = service.view(gid, token=bo["token"])["clock"]
    assert after == {"seconds": 60.0, "seats": [1], "left": 59.0}
    assert service.time_left(gid, 0) is None  # that turn is over
    plain = service.create_game(2, seat=0)
    assert service.view(plain["id"])["clock"] is None


def test_a_seat_out_of_its_games_time_is_moved_for_without_a_turn_timeout(db: str) -> None:
    app = create_app(db, bot_delay=0.0, limits=ServeLimits(min_clock=1, max_clock=60))
    try:
        client = TestClient(app)
        assert client.get("/api/clock").json() == {
            "min": 1,
            "max": 60,
            "turn_timeout": None,
            "runs_out": "bot",
        }
        game = client.post("/api/games", json={"players": 2, "seat": 0, "clock": 1}).json()
        url = f"/api/games/{game['id']}"
        bo = client.post(f"{url}/seats/1", json={"name": "Bo"}).json()  # the clock starts
        deadline = time.monotonic() + 30
        while client.get(url).json()["moves"] < 2 and time.monotonic() < deadline:
            time.sleep(0.05)
        view = client.get(url, headers={"Authorization": f"Bearer {bo['token']}"}).json()
        assert view["moves"] >= 2  # a move made for each seat in turn
        assert view["you"] == 1 and view["seats"][1]["name"] == "Bo"  # the seat stays his
        refused = client.post("/api/games", json={"players": 2, "clock": 61})
        assert refused.status_code == 422
    finally:
        app.state.driver.close()
        app.state.service.storage.close()
