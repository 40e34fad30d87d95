"""Fair bot thinking: quick bots never wait for searches, searches take turns game by game.

The searches here are :class:`~tests.server.held_bots.HeldBot`, which think
until the test releases them: every test follows who holds a slot and who
waits, and none depends on how fast the machine is.
"""

from __future__ import annotations

import functools
import threading
import time
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from tongiaki_rules.bots import MCTSBot, make_bot
from tongiaki_rules.server import GameService, ServeLimits
from tongiaki_rules.server._driver import BotDriver
from tongiaki_rules.server._moves import BotPolicy, SearchSlots, bot_cost
from tongiaki_rules.server.storage import SqliteStorage

from . import held_bots
from .held_bots import SPEC as HELD


@pytest.fixture(autouse=True)
def held(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """Held bots may be seated, start unheld-from, and are all let go at the end."""
    monkeypatch.setenv("TONGIAKI_BOT_MODULES", held_bots.__name__)
    held_bots.STARTED.clear()
    held_bots.RELEASE.clear()
    yield
    held_bots.RELEASE.set()


def _until(condition: Callable[[], bool]) -> bool:
    """Wait for ``condition`` (another thread's progress), a minute at most."""
    deadline = time.monotonic() + 60
    while not condition():
        if time.monotonic() > deadline:
            return False
        time.sleep(0.005)
    return True


def _in_thread(call: Callable[[], object]) -> threading.Thread:
    thread = threading.Thread(target=call, daemon=True)
    thread.start()
    return thread


def _service(tmp_path: Path, thinking: int) -> GameService:
    return GameService(SqliteStorage(tmp_path / "g.sqlite3"), bots=BotPolicy(thinking=thinking))


def test_quick_bots_take_no_search_slot_and_mcts_and_module_bots_do() -> None:
    assert [bot_cost(spec) for spec in ("random", "greedy", "GREEDY")] == ["quick"] * 3
    assert bot_cost("mcts:iterations=2000") == bot_cost(HELD) == "search"


def test_a_greedy_reply_in_one_game_is_made_while_another_games_search_holds_the_only_slot(
    tmp_path: Path,
) -> None:
    service = _service(tmp_path, thinking=1)
    searching = service.create_game(2, seats={0: HELD}, seed=1)["id"]
    greedy = service.create_game(2, seats={0: "greedy"}, seed=1)["id"]
    search = _in_thread(lambda: service.step(searching))
    assert held_bots.STARTED.wait(timeout=60)
    assert service.bots.searches.busy() == 1  # the one slot is held, and stays held
    replied: list[int | None] = []
    reply = _in_thread(lambda: replied.append(service.step(greedy)))
    reply.join(timeout=60)
    assert replied == [1] and service.bots.searches.holds(searching)
    held_bots.RELEASE.set()
    search.join(timeout=60)
    assert service.view(searching, svg=False)["moves"] == 1


def test_a_human_move_answered_by_a_greedy_bot_does_not_wait_for_another_games_search(
    tmp_path: Path,
) -> None:
    service = _service(tmp_path, thinking=1)
    searching = service.create_game(2, seats={0: HELD}, seed=1)["id"]
    mine = service.create_game(2, seats={1: "greedy"}, seed=2, seat=0)
    _in_thread(lambda: service.step(searching))
    assert held_bots.STARTED.wait(timeout=60)
    answered: list[int] = []
    legal = service.view(mine["id"], token=mine["token"])["legal"]
    act = _in_thread(
        lambda: answered.append(
            service.act(mine["id"], mine["token"], legal[0]["index"], 0)["moves"]
        )
    )
    act.join(timeout=60)
    assert answered and answered[0] >= 2  # the human's move and the greedy bot's reply
    assert service.bots.searches.holds(searching)


def test_one_game_holds_one_search_slot_while_another_game_takes_the_free_one() -> None:
    slots = SearchSlots(2)
    entered: list[str] = []
    go = threading.Event()

    def search(game: str) -> None:
        with slots.held(game):
            entered.append(game)
            go.wait(timeout=60)

    first = _in_thread(lambda: search("a"))
    assert _until(lambda: entered == ["a"])
    second = _in_thread(lambda: search("a"))  # the same game again: waits, a slot free or not
    assert _until(lambda: slots.waiting() == 1)
    third = _in_thread(lambda: search("b"))  # another game: takes the free slot at once
    assert _until(lambda: entered == ["a", "b"])
    assert slots.busy() == 2 and slots.waiting() == 1
    go.set()
    for thread in (first, second, third):
        thread.join(timeout=60)
    assert entered == ["a", "b", "a"] and slots.busy() == 0


def test_a_game_searching_again_goes_behind_the_games_already_waiting() -> None:
    slots = SearchSlots(1)
    entered: list[str] = []
    gates = {name: threading.Event() for name in ("a1", "b", "c", "a2")}

    def search(game: str, gate: str) -> None:
        with slots.held(game):
            entered.append(gate)
            gates[gate].wait(timeout=60)

    threads = [_in_thread(functools.partial(search, "a", "a1"))]
    assert _until(lambda: entered == ["a1"])
    for game, gate, queued in (("b", "b", 1), ("c", "c", 2), ("a", "a2", 3)):
        threads.append(_in_thread(functools.partial(search, game, gate)))
        assert _until(functools.partial(lambda n: slots.waiting() == n, queued))
    for gate in ("a1", "b", "c", "a2"):
        gates[gate].set()
    for thread in threads:
        thread.join(timeout=60)
    assert entered == ["a1", "b", "c", "a2"]  # round-robin: a's next search after b's and c's


def test_the_driver_plays_a_quick_game_while_its_search_threads_wait_on_searches(
    tmp_path: Path,
) -> None:
    service = _service(tmp_path, thinking=1)
    searching = service.create_game(2, seats={0: HELD, 1: HELD}, seed=3)["id"]
    quick = service.create_game(2, seats={0: "random", 1: "random"}, seed=3)["id"]
    driver = BotDriver(service, delay=0.0, workers=1)
    try:
        driver.wake(searching)
        assert held_bots.STARTED.wait(timeout=60)
        driver.wake(quick)  # one worker thread: before, it waited behind the held search
        assert _until(lambda: service.view(quick, svg=False)["outcome"] is not None)
        assert service.bots.searches.holds(searching)  # still thinking its first move
    finally:
        held_bots.RELEASE.set()
        driver.close()


def test_an_mcts_seat_thinks_within_the_servers_time_cap_and_chooses_as_without_it() -> None:
    from tongiaki_rules import new_game

    capped = BotPolicy(max_think_seconds=0.5).bot("mcts:iterations=2000", seed=4)
    assert isinstance(capped, MCTSBot)
    assert (capped.iterations, capped.time_limit) == (2000, 0.5)
    state = new_game(3)
    roomy = BotPolicy(max_think_seconds=3600.0).bot("mcts:iterations=30", seed=4)
    assert roomy.choose(state) == make_bot("mcts:iterations=30", seed=4).choose(state)


def test_the_lobby_api_names_the_bots_their_costs_and_the_caps(tmp_path: Path) -> None:
    pytest.importorskip("fastapi", reason="the server needs the 'server' extra (fastapi)")
    from fastapi.testclient import TestClient

    from tongiaki_rules.server.app import create_app

    limits = ServeLimits(max_mcts_iterations=300, max_think_seconds=1.5, bot_workers=1)
    with TestClient(create_app(tmp_path / "g.sqlite3", limits=limits)) as client:
        offer = client.get("/api/bots").json()
        mcts = next(b for b in offer["games"]["tongiaki"] if b["name"] == "mcts")
        assert mcts["cost"] == "search" and mcts["max_iterations"] == 300
        assert mcts["max_seconds"] == 1.5
        assert {b["name"]: b["cost"] for b in offer["games"]["toncc"]} == {
            "random": "quick",
            "greedy": "quick",
        }
        assert offer["searches"] == {
            "at_once": 1,
            "per_game": 1,
            "max_mcts_iterations": 300,
            "max_seconds": 1.5,
        }
        over = {"players": 2, "seats": {"1": "mcts:iterations=301"}}
        refused = client.post("/api/games", json=over)
        assert refused.status_code == 422 and "capped at 300" in refused.json()["detail"]
        timed = {"players": 2, "seats": {"1": "mcts:iterations=10:time_limit=60"}}
        refused = client.post("/api/games", json=timed)
        assert refused.status_code == 422 and "after 1.5 s" in refused.json()["detail"]


def test_a_serve_worker_lets_threads_take_turns_every_half_millisecond(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    pytest.importorskip("fastapi", reason="the server needs the 'server' extra (fastapi)")
    import json
    import sys

    from tongiaki_rules.server._workers import SETTINGS, app_from_environment
    from tongiaki_rules.server.app import SWITCH_INTERVAL

    settings = {
        "db": str(tmp_path / "g.sqlite3"),
        "bot_delay": 0.3,
        "limits": {},
        "allowed_hosts": None,
        "allowed_origins": [],
    }
    monkeypatch.setenv(SETTINGS, json.dumps(settings))
    before = sys.getswitchinterval()
    try:
        # Python's default: a test of `tongiaki serve` in this process may have set it already
        sys.setswitchinterval(0.005)
        app_from_environment()
        assert sys.getswitchinterval() == pytest.approx(SWITCH_INTERVAL)
    finally:
        sys.setswitchinterval(before)
