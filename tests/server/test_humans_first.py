"""A human's move request goes before the bots' moves of its process (issue 38, the tail).

The driver's moves wait while a human move request of the process runs
(:class:`~tongiaki_rules.server._driver.HumansFirst`), at most a bounded
time, so the bots are never starved; the move route counts itself while it
runs.
"""

from __future__ import annotations

import threading
from pathlib import Path
from typing import Any

import pytest

from tongiaki_rules.server import GameService
from tongiaki_rules.server._driver import BotDriver, HumansFirst


class _Watched(HumansFirst):
    """A gate that tells when a bot's move has started waiting its turn."""

    def __init__(self, wait: float) -> None:
        super().__init__(wait)
        self.waiting = threading.Event()

    def wait_turn(self) -> bool:
        self.waiting.set()
        return super().wait_turn()


def _after_a_human_move(service: GameService) -> tuple[str, int]:
    """A game against a greedy bot where the human has moved: the bot is to reply."""
    game = service.create_game(2, seats={1: "greedy"}, seed=42, seat=0)
    moves = service.act(game["id"], game["token"], 0, 0, replies=False)["moves"]
    assert service.view(game["id"])["to_move"] == 1
    return game["id"], moves


def test_a_bot_reply_waits_while_a_human_request_of_the_process_runs(
    service: GameService,
) -> None:
    humans = _Watched(wait=120.0)  # longer than the test: only the request's end lets it go
    driver = BotDriver(service, humans=humans)
    gid, moves = _after_a_human_move(service)
    try:
        with humans.running():
            driver.reply(gid)
            assert humans.waiting.wait(timeout=60)
            assert not driver.wait_idle(timeout=0.2)  # still waiting: nothing played
            assert service.view(gid)["moves"] == moves
        assert driver.wait_idle(timeout=60)  # the request ended: the reply is played
        assert service.view(gid)["moves"] > moves
    finally:
        driver.close()


def test_a_bot_reply_goes_on_after_the_bounded_wait_however_busy_the_humans(
    service: GameService,
) -> None:
    humans = HumansFirst(wait=0.05)
    driver = BotDriver(service, humans=humans)
    gid, moves = _after_a_human_move(service)
    try:
        with humans.running():  # a request that never ends while the bot replies
            driver.reply(gid)
            assert driver.wait_idle(timeout=60)
            assert service.view(gid)["moves"] > moves
            assert humans.busy() == 1
    finally:
        driver.close()


def test_the_gate_counts_the_requests_running() -> None:
    humans = HumansFirst(wait=0.0)
    assert humans.busy() == 0 and humans.wait_turn()
    with humans.running(), humans.running():
        assert humans.busy() == 2
        assert not humans.wait_turn()  # no wait at all: the bound is reached at once
    assert humans.busy() == 0 and humans.wait_turn()


def test_the_move_route_counts_itself_while_it_runs(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    pytest.importorskip("fastapi", reason="the server needs the 'server' extra (fastapi)")
    from fastapi.testclient import TestClient

    from tongiaki_rules.server.app import create_app

    app = create_app(tmp_path / "g.sqlite3")
    service: GameService = app.state.service
    humans: HumansFirst = app.state.driver.humans
    seen: list[int] = []
    act = service.act

    def counted(*args: Any, **kwargs: Any) -> dict[str, Any]:
        seen.append(humans.busy())
        return act(*args, **kwargs)

    monkeypatch.setattr(service, "act", counted)
    with TestClient(app) as client:
        game = client.post("/api/games", json={"players": 2, "seats": {"1": "greedy"}, "seat": 0})
        body = game.json()
        answer = client.post(
            f"/api/games/{body['id']}/actions",
            json={"action": 0, "expect_move": 0},
            headers={"Authorization": f"Bearer {body['token']}"},
        )
        assert answer.status_code == 200, answer.text
    assert seen == [1]
    assert humans.busy() == 0
