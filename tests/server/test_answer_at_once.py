"""A move's answer comes once the human's move is stored; the bots reply after it (issue 38).

Real server processes on SQLite and PostgreSQL, with the bots of
:mod:`.traced_bots`: a slow bot's reply is not stored when the answer comes,
and reaches the player after it by push (WebSocket) and by polling; moves
sent while the bots play are refused, never stored; and with two workers each
bot move is worked out by one process only, stored once and in order.
"""

from __future__ import annotations

import json
import os
import time
from collections import Counter
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("fastapi", reason="the server needs the 'server' extra (fastapi)")
httpx = pytest.importorskip("httpx", reason="the test talks HTTP with httpx")
pytest.importorskip("uvicorn", reason="the test runs the real server")
websockets = pytest.importorskip("websockets.sync.client", reason="the WebSocket client")

from tongiaki_rules import GameRecord, position_code  # noqa: E402
from tongiaki_rules.server import Storage  # noqa: E402

from .live import http_client, live_server, worker_pids  # noqa: E402

SLOW = "traced_bots:SlowBot"
QUICK = "traced_bots:TracedBot"
THINKS = 1.5


@pytest.fixture
def bot_trace(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> Path:
    """The test bots on the server's path, allowed, slow as :data:`THINKS`; their trace file."""
    here = str(Path(__file__).parent)
    monkeypatch.setenv("PYTHONPATH", here + os.pathsep + os.environ.get("PYTHONPATH", ""))
    monkeypatch.setenv("TONGIAKI_BOT_MODULES", "traced_bots")
    monkeypatch.setenv("TONGIAKI_TEST_BOT_SECONDS", str(THINKS))
    trace = tmp_path / "bots.trace"
    monkeypatch.setenv("TONGIAKI_TEST_BOT_TRACE", str(trace))
    return trace


def _bearer(game: dict[str, Any]) -> dict[str, str]:
    return {"Authorization": f"Bearer {game['token']}"}


def _new_game(base: str, bots: dict[str, str], seed: int = 7) -> dict[str, Any]:
    body = {"players": len(bots) + 1, "seats": bots, "seat": 0, "seed": seed}
    created = http_client().post(f"{base}/api/games", json=body, timeout=30)
    assert created.status_code == 201, created.text
    game: dict[str, Any] = created.json()
    return game


def _move(base: str, game: dict[str, Any], expect: int) -> tuple[float, httpx.Response]:
    start = time.monotonic()
    answer = http_client().post(
        f"{base}/api/games/{game['id']}/actions",
        json={"action": 0, "expect_move": expect},
        headers=_bearer(game),
        timeout=30,
    )
    return time.monotonic() - start, answer


def _stored(storage: Storage, game: dict[str, Any]) -> int:
    """The moves stored now, read from the database itself (a request for the game would
    wait for the bot's move being worked out: the game is locked meanwhile)."""
    return len(storage.moves(game["id"]))


def _human_turn(base: str, game: dict[str, Any], timeout: float = 20.0) -> dict[str, Any]:
    """Poll the player's view until it is theirs to choose again (or the game is over)."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        view: dict[str, Any] = (
            http_client()
            .get(f"{base}/api/games/{game['id']}", headers=_bearer(game), timeout=30)
            .json()
        )
        if "legal" in view or view["outcome"] is not None:
            return view
        time.sleep(0.02)
    raise AssertionError(f"the bots did not reply within {timeout} s")


def test_a_move_is_answered_before_a_slow_bots_reply_is_stored(
    db: str, bot_trace: Path, open_db: Callable[[], Storage]
) -> None:
    storage = open_db()
    with live_server(db) as (_server, base):
        game = _new_game(base, {"1": SLOW})
        seconds, answer = _move(base, game, 0)
        assert answer.status_code == 200, answer.text
        view = answer.json()
        # the human's move alone is stored; the view says the bot is to move
        assert seconds < THINKS, f"the answer took {seconds:.2f} s: it waited for the bot"
        assert _stored(storage, game) == 1
        assert view["moves"] == 1 and view["to_move"] == 1 and "legal" not in view
        # the bot thinks without holding the game: a view meanwhile is answered at once
        start = time.monotonic()
        meanwhile = http_client().get(
            f"{base}/api/games/{game['id']}", headers=_bearer(game), timeout=30
        )
        assert time.monotonic() - start < THINKS and meanwhile.json()["moves"] == 1
        # the reply follows, found by polling
        later = _human_turn(base, game)
        assert later["moves"] == 2 and later["to_move"] == 0 and later["legal"]
        assert _stored(storage, game) == 2


def test_a_slow_bots_reply_reaches_the_players_socket_after_the_answer(
    db: str, bot_trace: Path
) -> None:
    with live_server(db) as (_server, base):
        game = _new_game(base, {"1": SLOW})
        url = f"{base.replace('http', 'ws')}/api/games/{game['id']}/ws"
        with websockets.connect(url) as socket:
            socket.send(json.dumps({"type": "hello", "token": game["token"]}))
            assert "legal" in json.loads(socket.recv(timeout=10))["view"]
            seconds, answer = _move(base, game, 0)
            assert answer.status_code == 200 and seconds < THINKS
            answered = time.monotonic()
            pushed = [json.loads(socket.recv(timeout=10))["view"]]
            first_push = time.monotonic() - answered  # the human's move, while the bot thinks
            while "legal" not in pushed[-1]:
                pushed.append(json.loads(socket.recv(timeout=THINKS + 10))["view"])
            start = time.monotonic()
        # the human's move first (moves 1, the bot to move), then the bot's reply
        assert [(v["moves"], v["to_move"]) for v in pushed] == [(1, 1), (2, 0)]
        assert first_push < THINKS, f"the human's move was pushed after {first_push:.2f} s"
        assert time.monotonic() - start < 1.0


def test_moves_sent_while_the_bots_play_are_refused_and_never_stored(
    db: str, bot_trace: Path, open_db: Callable[[], Storage]
) -> None:
    storage = open_db()
    with live_server(db) as (_server, base):
        game = _new_game(base, {"1": SLOW, "2": SLOW})
        _, answer = _move(base, game, 0)
        moves = answer.json()["moves"]
        assert moves == 1
        # the player presses again, with the answer's move count and with the old one: each
        # is refused, as not theirs to make or (once a bot's move is stored) as stale
        refused = [_move(base, game, expect)[1] for expect in (moves, 0, moves)]
        allowed = {(403, "not_your_move"), (409, "stale_move")}
        assert {(a.status_code, a.json().get("reason")) for a in refused} <= allowed
        assert _stored(storage, game) <= 3  # the bots' moves alone
        view = _human_turn(base, game)
        assert view["moves"] == 3 and view["to_move"] == 0
        _, answer = _move(base, game, view["moves"])
        assert answer.status_code == 200 and answer.json()["moves"] == 4


def _bot_positions(record: dict[str, Any], bots: set[int]) -> list[str]:
    """The positions of a stored game where a bot chose, in order (codes)."""
    parsed = GameRecord.from_dict(record)
    state = parsed.initial_state()
    found = []
    for action in parsed.actions:
        if state.current_player in bots:
            found.append(position_code(state))
        state = state.apply(action)
    return found


def test_with_two_workers_each_bot_move_is_worked_out_once_and_stored_in_order(
    db: str, bot_trace: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Every request on a new connection, so both workers take moves of each game; the
    human moves as soon as the bots have replied."""
    monkeypatch.setenv("TONGIAKI_TEST_BOT_SECONDS", "0")
    options = ("--workers", "2", "--games-per-minute", "100")
    with live_server(db, *options) as (process, base):
        deadline = time.monotonic() + 30
        while len(worker_pids(process.pid)) < 2 and time.monotonic() < deadline:
            time.sleep(0.1)
        assert len(worker_pids(process.pid)) >= 2
        bots = {"1": QUICK, "2": QUICK, "3": QUICK}
        games = [_new_game(base, bots, seed) for seed in (1, 2, 3)]
        answers = 0
        for _turn in range(12):
            for game in games:
                view = _human_turn(base, game)
                if view["outcome"] is not None:
                    continue
                _, answer = _move(base, game, view["moves"])
                assert answer.status_code == 200, answer.text
                answers += 1
        stored: list[str] = []
        for game in games:
            _human_turn(base, game)  # the last replies are in
            record = http_client().get(f"{base}/api/games/{game['id']}/record", timeout=30).json()
            stored += _bot_positions(record, {1, 2, 3})
    # each stored bot move was worked out once, by one process: a game driven by both
    # workers would have moves worked out twice (the second one's store refused)
    lines = [line.split() for line in bot_trace.read_text().splitlines()]
    worked_out = Counter(code for _pid, code in lines)
    assert worked_out == Counter(stored), "a bot move worked out twice, or never stored"
    assert answers >= 30 and len(stored) >= 3 * answers
