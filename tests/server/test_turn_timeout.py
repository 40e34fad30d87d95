"""``--turn-timeout``: a claimed seat that does not move in time is moved for by the greedy bot.

The service's part (:meth:`GameService.play_idle`) is tried without any clock;
the driver's, with a timeout of a hundredth of a second, until the game moved.
"""

from __future__ import annotations

import time

import pytest

from tongiaki_rules.server import Conflict, GameService, ServeLimits
from tongiaki_rules.server._service import IDLE_BOT

pytest.importorskip("fastapi", reason="the server needs the 'server' extra (fastapi)")
pytest.importorskip("httpx", reason="the test client needs httpx")

from fastapi.testclient import TestClient

from tongiaki_rules.server.app import create_app


def test_a_claimed_seat_whose_time_ran_out_gets_the_greedy_bots_move(service: GameService) -> None:
    game = service.create_game(2, seats={1: "random"}, seed=5, seat=0)
    twin = service.create_game(2, seats={0: IDLE_BOT, 1: "random"}, seed=5)
    assert service.play_idle(game["id"], 0) == 1
    assert service.step(twin["id"]) == 1  # the same bot, seeded the same, chose the same
    assert service.storage.moves(game["id"]) == service.storage.moves(twin["id"])
    assert service.play_idle(game["id"], 0) is None  # that turn is over
    with pytest.raises(Conflict, match="the game is at move 1"):  # the player came too late
        service.act(game["id"], game["token"], 0, expect_move=0)


def test_a_free_seat_waits_for_a_claimer_and_a_turn_already_played_is_left_alone(
    service: GameService,
) -> None:
    game = service.create_game(2, seat=0)
    gid = game["id"]
    view = service.act(gid, game["token"], 0, expect_move=0)  # seat 1, free, is to move
    assert service.play_idle(gid, view["moves"]) is None
    claimed = service.claim_seat(gid, 1)
    assert service.play_idle(gid, view["moves"] - 1) is None  # a turn long gone
    assert service.play_idle(gid, view["moves"]) == view["moves"] + 1
    after = service.view(gid, token=claimed["token"])
    assert after["moves"] == view["moves"] + 1 and after["to_move"] == 0


def test_serve_with_a_turn_timeout_moves_for_a_silent_seat(db: str) -> None:
    app = create_app(db, bot_delay=0.0, limits=ServeLimits(turn_timeout=0.01))
    try:
        client = TestClient(app)
        game = client.post(
            "/api/games", json={"players": 2, "seat": 0, "seats": {"1": "greedy"}}
        ).json()
        url = f"/api/games/{game['id']}"  # the turn is timed from the creation's wake-up
        deadline = time.monotonic() + 30
        while client.get(url).json()["moves"] < 4 and time.monotonic() < deadline:
            time.sleep(0.02)
        assert client.get(url).json()["moves"] >= 4  # moved for seat 0, the bot answered, ...
    finally:
        app.state.driver.close()
        app.state.service.storage.close()


def test_where_seats_choose_at_once_the_idle_seats_choices_join_those_made(
    service: GameService,
) -> None:
    game = service.create_game(3, game="toncc", seat=0)
    gid, first = game["id"], service.view(game["id"])["moves"]
    tokens = {0: game["token"]} | {k: service.claim_seat(gid, k)["token"] for k in (1, 2)}
    chose = service.act(gid, tokens[0], 0, expect_move=first)
    assert chose["moves"] == first and chose["chosen"] == [0]
    assert service.play_idle(gid, first) == first + 1  # seats 1 and 2 by the bot, 0 its own
    round_played = service.storage.moves(gid, first)[0]
    assert round_played["type"] == "Round"
    assert round_played["moves"][0] == chose["choice"]["number"]  # seat 0's own choice stands
