"""Bots and chance in the background: a stored move at a time, pushed live, resumed on restart."""

from __future__ import annotations

import itertools
import threading
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

import pytest

from tongiaki_rules import GameRecord, replay
from tongiaki_rules.server import GameService, SqliteStorage, Storage
from tongiaki_rules.server._driver import BotDriver

BOTS_ONLY = {0: "random", 1: "random"}


def _finished(service: GameService, gid: str) -> bool:
    return service.view(gid, svg=False)["outcome"] is not None


def test_the_driver_plays_a_game_of_bots_to_the_end_telling_each_move(
    service: GameService,
) -> None:
    gid = service.create_game(2, seats=BOTS_ONLY, seed=6)["id"]
    told: list[int] = []
    driver = BotDriver(service, delay=0.0, notify=lambda game_id, moves: told.append(moves))
    try:
        driver.wake(gid)
        driver.wake(gid)  # waking a driven game again changes nothing
        assert driver.wait_idle(timeout=120)
    finally:
        driver.close()
    assert _finished(service, gid)
    assert told == list(range(1, len(told) + 1))  # one move at a time, each told once
    assert told[-1] == service.view(gid)["moves"]


def test_the_driver_stops_where_a_human_is_to_move(service: GameService) -> None:
    game = service.create_game(3, seats={0: "greedy", 1: "random"}, seed=2)
    driver = BotDriver(service, delay=0.0)
    try:
        driver.wake(game["id"])
        assert driver.wait_idle(timeout=60)
    finally:
        driver.close()
    assert service.view(game["id"])["to_move"] == 2


def test_the_driver_waits_its_delay_between_two_moves_of_a_game(service: GameService) -> None:
    gid = service.create_game(2, seats=BOTS_ONLY, seed=6)["id"]
    times: list[float] = []
    three = threading.Event()

    def tell(game_id: str, moves: int) -> None:
        times.append(time.monotonic())
        if moves == 3:
            three.set()

    driver = BotDriver(service, delay=0.1, notify=tell)
    try:
        driver.wake(gid)
        assert three.wait(timeout=60)
    finally:
        driver.close()
    assert all(later - earlier >= 0.1 for earlier, later in itertools.pairwise(times))


def test_a_slow_game_does_not_hold_up_another(service: GameService) -> None:
    slow = service.create_game(2, seats={0: "mcts:iterations=2000", 1: "mcts"}, seed=1)["id"]
    quick = service.create_game(2, seats={0: "greedy"}, seed=1)["id"]
    driver = BotDriver(service, delay=0.0, workers=2)
    try:
        driver.wake(slow)
        driver.wake(quick)
        deadline = time.monotonic() + 60
        while service.view(quick, svg=False)["moves"] == 0 and time.monotonic() < deadline:
            time.sleep(0.01)
        assert service.view(quick, svg=False)["moves"] == 1
        assert not _finished(service, slow)
    finally:
        driver.close()


class _Racing(SqliteStorage):
    """A storage that lets a rival server store move ``first`` just before it tries to."""

    rival: GameService | None = None

    def append_moves(
        self, game_id: str, first: int, moves: Sequence[dict[str, Any]], *, over: bool
    ) -> bool:
        rival, self.rival = self.rival, None
        if rival is not None:
            assert rival.step(game_id) == first + 1
        return super().append_moves(game_id, first, moves, over=over)


def test_a_step_that_loses_the_race_reads_the_game_again(db_path: Path) -> None:
    storage = _Racing(db_path)
    ours, theirs = GameService(storage), GameService(SqliteStorage(db_path))
    gid = ours.create_game(2, seats=BOTS_ONLY, seed=9)["id"]
    assert ours.step(gid) == 1 and theirs.view(gid)["moves"] == 1
    storage.rival = theirs
    assert ours.step(gid) == 2  # lost move 1 to the rival, took its move instead
    assert ours.view(gid)["code"] == theirs.view(gid)["code"]
    assert len(SqliteStorage(db_path).moves(gid)) == 2


def test_two_servers_driving_one_game_store_each_move_once(
    open_db: Callable[[], Storage],
) -> None:
    services = [GameService(open_db()) for _ in range(2)]
    gid = services[0].create_game(2, seats=BOTS_ONLY, seed=12)["id"]
    # a lease long enough for a loaded machine: the holder renews it every 2.5 s of play
    drivers = [BotDriver(service, delay=0.0, lease=5.0) for service in services]
    stored = [0, 0]
    for k, service in enumerate(services):
        step = service.step

        def counted(game_id: str, step: Callable[[str], int | None] = step, k: int = k) -> Any:
            moves = step(game_id)
            stored[k] += moves is not None
            return moves

        service.step = counted  # type: ignore[method-assign]
    try:
        for driver in drivers:
            driver.wake(gid)
        assert all(driver.wait_idle(timeout=120) for driver in drivers)
    finally:
        for driver in drivers:
            driver.close()
    record = GameRecord.from_dict(services[1].record(gid))
    assert replay(record).is_terminal
    assert services[0].view(gid)["code"] == services[1].view(gid)["code"]
    # the lease: one server drove the whole game, the other never played a move of it
    assert min(stored) == 0 and max(stored) > 0


def test_a_game_whose_driver_stopped_is_taken_over_when_its_lease_runs_out(
    open_db: Callable[[], Storage],
) -> None:
    services = [GameService(open_db()) for _ in range(2)]
    gid = services[0].create_game(2, seats=BOTS_ONLY, seed=13)["id"]
    assert services[0].storage.claim_lease(gid, "a-process-that-died", 1.5)
    driver = BotDriver(services[1], delay=0.0, lease=1.0)
    before = services[1].view(gid, svg=False)["moves"]
    try:
        driver.wake(gid)
        time.sleep(0.5)
        assert services[1].view(gid, svg=False)["moves"] == before  # the dead process holds it
        assert driver.wait_idle(timeout=120)
    finally:
        driver.close()
    assert services[1].view(gid, svg=False)["outcome"] is not None  # taken over, played out


def test_at_most_n_games_of_bots_play_at_once_the_others_wait_their_turn(
    service: GameService,
) -> None:
    games = [service.create_game(2, seats=BOTS_ONLY)["id"] for _ in range(3)]
    human = service.create_game(2, seats={0: "random"})["id"]  # has a human seat: never waits
    playing: set[str] = set()
    most = [0]
    order: list[str] = []

    def tell(game_id: str, moves: int) -> None:
        if game_id in games:
            if game_id not in playing:
                order.append(game_id)
            playing.add(game_id)
            finished = {g for g in playing if _finished(service, g)}
            most[0] = max(most[0], len(playing - finished))

    driver = BotDriver(service, delay=0.0, notify=tell, bot_games=1)
    try:
        for gid in [*games, human]:
            driver.wake(gid)
        assert driver.wait_idle(timeout=180)
    finally:
        driver.close()
    assert all(_finished(service, g) for g in games)
    assert most[0] == 1 and sorted(order) == sorted(games)  # one at a time, each in turn
    assert service.view(human)["moves"] == 1  # the human's game was not held up


# ---------------------------------------------------------------------- through the web app
def _web() -> tuple[Any, Any]:
    """The test client and ``create_app``; the web tests skip without the 'server' extra."""
    pytest.importorskip("fastapi", reason="the server needs the 'server' extra (fastapi)")
    pytest.importorskip("httpx", reason="the test client needs httpx")
    from fastapi.testclient import TestClient

    from tongiaki_rules.server.app import create_app

    return TestClient, create_app


def test_creating_a_game_of_bots_answers_at_once_and_a_spectator_sees_every_move(
    db_path: Path,
) -> None:
    TestClient, create_app = _web()
    app = create_app(db_path, bot_delay=0.01)
    client = TestClient(app)
    answer = client.post(
        "/api/games", json={"players": 2, "seats": {"0": "random", "1": "random"}, "seed": 5}
    )
    assert answer.status_code == 201
    gid = answer.json()["id"]
    seen: list[int] = []
    with client.websocket_connect(f"/api/games/{gid}/ws") as spectator:
        spectator.send_json({"type": "hello", "token": None})
        while True:
            view = spectator.receive_json()["view"]
            seen.append(view["moves"])
            if view["outcome"] is not None:
                break
    assert app.state.driver.wait_idle(timeout=60)
    app.state.driver.close()
    assert seen == sorted(set(seen)) and len(seen) > 5  # the moves arrived one after another
    assert seen[-1] == len(client.get(f"/api/games/{gid}/record").json()["actions"])


def _left_mid_game(db_path: Path) -> str:
    """A game of bots whose server was killed a few moves in: stored, not over, a bot to move."""
    service = GameService(SqliteStorage(db_path))
    gid = service.create_game(3, seats={0: "greedy", 1: "random", 2: "random"}, seed=3)["id"]
    for _ in range(4):
        service.step(gid)
    assert not _finished(service, gid)
    return gid


def test_a_restarted_server_resumes_games_left_with_a_bot_to_move(db_path: Path) -> None:
    TestClient, create_app = _web()
    gid = _left_mid_game(db_path)
    app = create_app(db_path, bot_delay=0.0)
    with TestClient(app) as client:  # the startup wakes the game: nobody views it
        assert app.state.driver.wait_idle(timeout=120)
        assert client.get(f"/api/games/{gid}").json()["outcome"] is not None
    assert app.state.driver.driven() == 0  # shut down with the app


@pytest.mark.parametrize("how", ["view", "watch"])
def test_a_game_left_with_a_bot_to_move_is_resumed_when_viewed_or_watched(
    db_path: Path, how: str
) -> None:
    TestClient, create_app = _web()
    gid = _left_mid_game(db_path)
    app = create_app(db_path, bot_delay=0.0)
    client = TestClient(app)  # no startup here: only the viewer wakes the game
    if how == "view":
        assert client.get(f"/api/games/{gid}?at=1").json()["at"] == 1  # the past wakes nothing
        assert app.state.driver.driven() == 0
        client.get(f"/api/games/{gid}")
    else:
        with client.websocket_connect(f"/api/games/{gid}/ws") as socket:
            socket.send_json({"type": "hello", "token": None})
            socket.receive_json()
    assert app.state.driver.wait_idle(timeout=120)
    app.state.driver.close()
    assert GameService(SqliteStorage(db_path)).view(gid)["outcome"] is not None


def test_a_human_move_answers_before_the_bots_reply_which_follow_at_once(db_path: Path) -> None:
    """The answer is the view after the human's move (a bot to move, nothing to choose);
    the reply is played right after it, not ``bot_delay`` later (that paces the games no
    human waits for)."""
    TestClient, create_app = _web()
    app = create_app(db_path, bot_delay=5.0)
    client = TestClient(app)
    game = client.post("/api/games", json={"players": 2, "seats": {"1": "greedy"}, "seat": 0})
    token = game.json()["token"]
    game = game.json()
    view = client.post(
        f"/api/games/{game['id']}/actions",
        json={"action": 0, "expect_move": 0},
        headers={"Authorization": f"Bearer {token}"},
    ).json()
    assert view["moves"] == 1 and view["to_move"] == 1 and "legal" not in view
    assert app.state.driver.wait_idle(timeout=3.0)  # well before the 5 s of bot_delay
    view = client.get(
        f"/api/games/{game['id']}", headers={"Authorization": f"Bearer {token}"}
    ).json()
    assert view["moves"] == 2 and view["to_move"] == 0 and view["legal"]
    app.state.driver.close()


def test_a_bot_moving_in_the_background_does_not_block_a_view(db_path: Path) -> None:
    TestClient, create_app = _web()
    app = create_app(db_path, bot_delay=0.0)
    client = TestClient(app)
    seats = {"0": "mcts:iterations=2000", "1": "mcts:iterations=2000"}
    slow = client.post("/api/games", json={"players": 2, "seats": seats}).json()["id"]
    other = client.post("/api/games", json={"players": 2}).json()["id"]
    done = threading.Event()
    answers: list[int] = []

    def look() -> None:
        answers.append(client.get(f"/api/games/{other}").status_code)
        done.set()

    threading.Thread(target=look).start()
    assert done.wait(timeout=30) and answers == [200]
    assert not _finished(GameService(SqliteStorage(db_path)), slow)
    app.state.driver.close()
