"""Tóncc hosted by the server: whole games through the HTTP API, a restart, and a scheming player.

Every seat whose King is on the board chooses at once; a choice stays the
seat's secret until every human seat has chosen. Each test runs on a real
SQLite file and on PostgreSQL (the ``db`` fixture).
"""

from __future__ import annotations

import functools
import random
import re
import secrets
import threading
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("fastapi", reason="the server needs the 'server' extra (fastapi)")
pytest.importorskip("httpx", reason="the test client needs httpx")

from fastapi import FastAPI
from fastapi.testclient import TestClient

from tongiaki_rules.server import GameService, Storage
from tongiaki_rules.server.app import create_app
from tongiaki_rules.toncc import TonccRecord


class Server:
    """The app on the test's database, started again at will (as after a restart)."""

    def __init__(self, db: str) -> None:
        self.db = db
        self.app: FastAPI | None = None
        self.client = self.start()

    def start(self) -> TestClient:
        self.app = create_app(self.db, bot_delay=0.0)
        self.client = TestClient(self.app, raise_server_exceptions=False)
        return self.client

    def stop(self) -> None:
        assert self.app is not None
        self.app.state.driver.close()
        self.app.state.service.storage.close()

    def restart(self) -> TestClient:
        self.stop()
        return self.start()


@pytest.fixture
def server(db: str) -> Iterator[Server]:
    running = Server(db)
    yield running
    running.stop()


def _bearer(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


def _toncc(client: TestClient, **body: Any) -> tuple[str, dict[int, str]]:
    """A Tóncc game of three human seats, each claimed: its id and the seats' tokens."""
    answer = client.post("/api/games", json={"game": "toncc", "players": 3, "seat": 0, **body})
    assert answer.status_code == 201, answer.text
    game = answer.json()
    assert game["game"] == "toncc"
    tokens = {0: game["token"]}
    for seat in (1, 2):
        tokens[seat] = client.post(f"/api/games/{game['id']}/seats/{seat}", json={}).json()["token"]
    return game["id"], tokens


def _views(client: TestClient, gid: str, tokens: dict[int, str]) -> dict[str, Any]:
    views = {
        str(seat): client.get(f"/api/games/{gid}", headers=_bearer(t)).json()
        for seat, t in tokens.items()
    }
    views["spectator"] = client.get(f"/api/games/{gid}").json()
    return views


def test_a_whole_toncc_game_is_played_through_the_api_across_a_restart(server: Server) -> None:
    client = server.client
    gid, tokens = _toncc(client)
    rng = random.Random(11)
    view = client.get(f"/api/games/{gid}", headers=_bearer(tokens[0])).json()
    assert view["phase"] == "choose" and view["deciders"] == [0, 1, 2] and view["moves"] == 19
    assert [entry["notation"] for entry in view["legal"]] == [f"move {n}" for n in range(1, 7)]
    rounds = restarted = left = 0
    while view["outcome"] is None:
        moves, deciders = view["moves"], view["deciders"]
        for seat in set(tokens) - set(deciders):  # a King who has left the challenge
            answer = client.post(
                f"/api/games/{gid}/actions",
                json={"action": 0, "expect_move": moves},
                headers=_bearer(tokens[seat]),
            )
            assert (
                answer.status_code == 403
                and answer.json()["detail"] == f"it is not seat {seat}'s move"
            )
            left += 1
        for k, seat in enumerate(deciders):
            forms = (
                rng.randrange(6),
                f"move {rng.randint(1, 6)}",
                {"type": "Move", "number": rng.randint(1, 6)},
            )
            answer = client.post(
                f"/api/games/{gid}/actions",
                json={"action": forms[rng.randrange(3)], "expect_move": moves},
                headers=_bearer(tokens[seat]),
            )
            assert answer.status_code == 200, answer.text
            view = answer.json()
            if k < len(deciders) - 1:  # the round waits for the others
                assert view["moves"] == moves and view["chosen"] == deciders[: k + 1]
                assert view["choice"]["type"] == "Move" and "legal" not in view
            if rounds == 6 and k == 0:  # a restart while a choice is pending
                before = _views(client, gid, tokens)
                record = client.get(f"/api/games/{gid}/record").json()
                client = server.restart()
                assert _views(client, gid, tokens) == before
                assert client.get(f"/api/games/{gid}/record").json() == record
                restarted += 1
        assert view["moves"] > moves and view["chosen"] == [] and view["choice"] is None
        rounds += 1
    assert restarted == 1 and rounds > 10 and left > 0
    assert view["phase"] == "over" and sum(view["outcome"]["toncc_points"]) == 9
    record = client.get(f"/api/games/{gid}/record").json()
    assert record["schema"] == "toncc-record" and record["metadata"]["seed"].isdigit()
    replayed = TonccRecord.from_json_value(record)
    assert len(replayed.challenges) == 3 and replayed.replay().is_terminal
    listed = client.get("/api/games").json()["games"]
    assert listed[0]["id"] == gid and listed[0]["game"] == "toncc" and listed[0]["over"]


def test_bots_choose_with_the_last_human_and_play_a_game_of_bots_alone(server: Server) -> None:
    client = server.client
    answer = client.post(
        "/api/games",
        json={"game": "toncc", "players": 3, "seat": 0, "seats": {"1": "random", "2": "greedy"}},
    )
    gid, token = answer.json()["id"], answer.json()["token"]
    view = client.get(f"/api/games/{gid}", headers=_bearer(token)).json()
    for _ in range(3):
        if view["outcome"] is not None:
            break
        moves = view["moves"]
        view = client.post(
            f"/api/games/{gid}/actions",
            json={"action": 0, "expect_move": moves},
            headers=_bearer(token),
        ).json()
        assert view["moves"] > moves and view["chosen"] == []  # played at once with the bots
    assert server.app is not None
    bots = client.post(
        "/api/games",
        json={
            "game": "toncc",
            "players": 3,
            "seats": {"0": "random", "1": "random", "2": "greedy"},
        },
    ).json()
    assert server.app.state.driver.wait_idle(timeout=120)
    final = client.get(f"/api/games/{bots['id']}").json()
    assert final["phase"] == "over" and final["outcome"]["winners"]


def test_bad_settings_of_a_toncc_game_are_refused_with_what_was_wrong(server: Server) -> None:
    client = server.client

    def refused(body: dict[str, Any]) -> str:
        answer = client.post("/api/games", json={"players": 3, **body})
        assert answer.status_code == 422, answer.text
        detail: str = answer.json()["detail"]
        return detail

    assert refused({"game": "chess"}).startswith("game: 'chess' is not a game of the package")
    assert "players: toncc is played by 3, not 4" in refused({"game": "toncc", "players": 4})
    assert "Tóncc's bots are random, greedy" in refused({"game": "toncc", "seats": {"1": "mcts"}})
    assert "rules" in refused({"game": "toncc", "rules": {"no_such_flag": 1}})
    assert "seed" in refused({"game": "toncc", "seed": 5})  # three human seats
    assert client.get("/api/games").json()["games"] == []


def _normalised(text: str, gid: str) -> str:
    """``text`` with the game's id and creation time blanked (they differ from game to game)."""
    return re.sub(r'"created":[0-9.e+-]+', '"created":0', text.replace(gid, "G"))


def test_no_byte_sent_to_another_seat_depends_on_a_pending_choice(
    server: Server, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Seat 0 chooses each of its six moves in six games dealt alike: everything the other
    seats and a spectator receive (views, lobby, record, WebSocket pushes) is byte for byte
    the same, and says only that seat 0 has chosen."""
    monkeypatch.setattr(secrets, "randbelow", lambda n: 123456789)  # one secret seed for all
    client = server.client
    seen: list[list[str]] = []
    for number in range(1, 7):
        gid, tokens = _toncc(client)
        received: list[str] = []
        with (
            client.websocket_connect(f"/api/games/{gid}/ws") as other,
            client.websocket_connect(f"/api/games/{gid}/ws") as watcher,
        ):
            other.send_json({"type": "hello", "token": tokens[1]})
            watcher.send_json({"type": "hello", "token": None})
            received += [other.receive_text(), watcher.receive_text()]
            mine = client.post(
                f"/api/games/{gid}/actions",
                json={"action": f"move {number}", "expect_move": 19},
                headers=_bearer(tokens[0]),
            )
            assert mine.json()["choice"] == {"type": "Move", "number": number}
            pushed = [other.receive_text(), watcher.receive_text()]
            assert all('"chosen":[0]' in text and '"choice":null' in text for text in pushed)
            received += pushed
        for seat in (1, 2):
            received.append(client.get(f"/api/games/{gid}", headers=_bearer(tokens[seat])).text)
        received.append(client.get(f"/api/games/{gid}").text)
        received.append(client.get(f"/api/games/{gid}?at=19").text)
        received.append(client.get(f"/api/games/{gid}/record").text)
        received.append(client.get("/api/games?limit=1").text)
        # another seat's refused moves say nothing of it either
        for body in ({"action": 0, "expect_move": 18}, {"action": "move 9", "expect_move": 19}):
            received.append(
                client.post(f"/api/games/{gid}/actions", json=body, headers=_bearer(tokens[1])).text
            )
        seen.append([_normalised(text, gid) for text in received])
    assert all(texts == seen[0] for texts in seen)


def test_a_seat_chooses_once_a_round_and_only_for_itself(server: Server) -> None:
    client = server.client
    gid, tokens = _toncc(client)
    url = f"/api/games/{gid}/actions"
    first = client.post(url, json={"action": 2, "expect_move": 19}, headers=_bearer(tokens[0]))
    assert first.status_code == 200 and first.json()["choice"] == {"type": "Move", "number": 3}
    before = _views(client, gid, tokens)
    again = client.post(url, json={"action": 4, "expect_move": 19}, headers=_bearer(tokens[0]))
    assert again.status_code == 409 and "seat 0 has chosen already" in again.json()["detail"]
    for body in (
        {"action": 4, "expect_move": 19, "seat": 1},  # no naming another seat
        {"action": 4, "expect_move": 19, "choices": {"1": 4}},
    ):
        answer = client.post(url, json=body, headers=_bearer(tokens[0]))
        assert answer.status_code == 422 and "Extra inputs" in answer.json()["detail"]
    assert (
        client.post(
            url, json={"action": 1, "expect_move": 18}, headers=_bearer(tokens[1])
        ).status_code
        == 409
    )
    assert client.post(url, json={"action": 1, "expect_move": 19}).status_code == 401
    assert _views(client, gid, tokens) == before  # nothing changed
    assert before["1"]["chosen"] == [0] and before["1"]["choice"] is None
    assert before["0"]["choice"] == {"type": "Move", "number": 3}


def test_a_token_of_one_game_does_not_work_in_another(server: Server) -> None:
    client = server.client
    gid, tokens = _toncc(client)
    other, _ = _toncc(client)
    answer = client.post(
        f"/api/games/{other}/actions",
        json={"action": 0, "expect_move": 19},
        headers=_bearer(tokens[1]),
    )
    assert answer.status_code == 401
    assert client.get(f"/api/games/{other}", headers=_bearer(tokens[1])).status_code == 401
    tongiaki = client.post("/api/games", json={"players": 2, "seat": 0}).json()
    answer = client.post(
        f"/api/games/{tongiaki['id']}/actions",
        json={"action": "setup 0", "expect_move": 0},
        headers=_bearer(tokens[0]),
    )
    assert answer.status_code == 401
    answer = client.post(
        f"/api/games/{gid}/actions",
        json={"action": 0, "expect_move": 19},
        headers=_bearer(tongiaki["token"]),
    )
    assert answer.status_code == 401


def test_an_action_of_one_game_posted_to_the_other_is_refused_and_changes_nothing(
    server: Server,
) -> None:
    client = server.client
    gid, tokens = _toncc(client)
    tongiaki = client.post("/api/games", json={"players": 2, "seat": 0}).json()
    tid, ttoken = tongiaki["id"], tongiaki["token"]
    toncc_before = _views(client, gid, tokens)
    tongiaki_before = client.get(f"/api/games/{tid}", headers=_bearer(ttoken)).json()
    for action in ("move 3", {"type": "Move", "number": 3}):
        answer = client.post(
            f"/api/games/{tid}/actions",
            json={"action": action, "expect_move": 0},
            headers=_bearer(ttoken),
        )
        assert answer.status_code == 422, answer.text
    for action in ("setup 0", {"type": "SetupPlace", "beach": 0}, 6, "move 7"):
        answer = client.post(
            f"/api/games/{gid}/actions",
            json={"action": action, "expect_move": 19},
            headers=_bearer(tokens[0]),
        )
        assert answer.status_code == 422, answer.text
    assert client.get(f"/api/games/{tid}", headers=_bearer(ttoken)).json() == tongiaki_before
    assert _views(client, gid, tokens) == toncc_before
    for route in ("board.svg?at=0", "tile.svg?at=0&rotation=0", "steps?from=0"):
        answer = client.get(f"/api/games/{gid}/{route}")
        assert answer.status_code == 404 and "Tongiaki games" in answer.json()["detail"]


def test_leaving_a_seat_takes_its_pending_choice_with_it(server: Server) -> None:
    client = server.client
    gid, tokens = _toncc(client)
    url = f"/api/games/{gid}/actions"
    assert (
        client.post(
            url, json={"action": 5, "expect_move": 19}, headers=_bearer(tokens[1])
        ).status_code
        == 200
    )
    left = client.request(
        "DELETE", f"/api/games/{gid}/seats/1", json={}, headers=_bearer(tokens[1])
    )
    assert left.status_code == 200
    newcomer = client.post(f"/api/games/{gid}/seats/1", json={}).json()["token"]
    view = client.get(f"/api/games/{gid}", headers=_bearer(newcomer)).json()
    assert view["choice"] is None and view["chosen"] == [] and len(view["legal"]) == 6


def test_rows_stored_before_toncc_read_as_tongiaki(db: str, tmp_path: Path) -> None:
    """A database of the schema before this one: its games have no game column, and read as
    Tongiaki games once the storage has migrated it."""
    server = Server(db)
    try:
        game = server.client.post("/api/games", json={"players": 2, "seat": 0}).json()
        server.client.post(
            f"/api/games/{game['id']}/actions",
            json={"action": "setup 0", "expect_move": 0},
            headers=_bearer(game["token"]),
        )
        before = server.client.get(
            f"/api/games/{game['id']}", headers=_bearer(game["token"])
        ).json()
    finally:
        server.stop()
    _back_to_the_schema_before(db)
    server = Server(db)
    try:
        after = server.client.get(f"/api/games/{game['id']}", headers=_bearer(game["token"])).json()
        assert after == before and "game" not in after
        assert server.client.get("/api/games").json()["games"][0]["game"] == "tongiaki"
        gid, _ = _toncc(server.client)  # and the migrated database hosts Tóncc
        assert server.client.get(f"/api/games/{gid}").json()["game"] == "toncc"
    finally:
        server.stop()


def _back_to_the_schema_before(db: str) -> None:
    if db.startswith("postgresql://"):
        import psycopg

        with psycopg.connect(db, autocommit=True) as raw:
            raw.execute("DROP TABLE choices, rate_buckets, socket_counts, snapshots")
            raw.execute("ALTER TABLE games DROP COLUMN game")
            raw.execute("ALTER TABLE seats DROP COLUMN name")  # schema 4's players' names
            raw.execute("DELETE FROM tongiaki_schema WHERE version >= 2")
        return
    import sqlite3

    with sqlite3.connect(db) as raw:
        for table in ("choices", "rate_buckets", "socket_counts", "snapshots"):
            raw.execute(f"DROP TABLE {table}")
        raw.execute("ALTER TABLE games DROP COLUMN game")
        raw.execute("ALTER TABLE seats DROP COLUMN name")  # schema 6's players' names
        raw.execute("PRAGMA user_version = 3")


def _at_once(calls: list[Callable[[], dict[str, Any]]]) -> list[dict[str, Any]]:
    """Run ``calls`` in threads released together; their answers, in order."""
    start = threading.Barrier(len(calls))
    answers: list[dict[str, Any] | None] = [None] * len(calls)

    def run(k: int) -> None:
        start.wait()
        answers[k] = calls[k]()

    threads = [threading.Thread(target=run, args=(k,)) for k in range(len(calls))]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=60)
    return [answer for answer in answers if answer is not None]


def test_the_last_two_seats_choosing_at_once_through_two_processes_play_the_round_once(
    open_db: Callable[[], Storage],
) -> None:
    """Two services on one database, as two server processes: seats 1 and 2 choose at the same
    moment, one through each. The round is played exactly once, with every choice in it."""
    one, two = GameService(open_db()), GameService(open_db())
    game = one.create_game(3, game="toncc", seat=0)
    gid = game["id"]
    tokens = {0: game["token"], 1: one.claim_seat(gid, 1)["token"]}
    tokens[2] = two.claim_seat(gid, 2)["token"]
    rng = random.Random(5)
    for _ in range(6):
        moves = one.view(gid, token=tokens[0])["moves"]
        numbers = [rng.randint(1, 6) for _ in range(3)]
        one.act(gid, tokens[0], f"move {numbers[0]}", expect_move=moves)
        answers = _at_once(
            [
                functools.partial(one.act, gid, tokens[1], f"move {numbers[1]}", expect_move=moves),
                functools.partial(two.act, gid, tokens[2], f"move {numbers[2]}", expect_move=moves),
            ]
        )
        assert len(answers) == 2  # neither refused nor lost
        after = two.view(gid, token=tokens[1])
        assert after["moves"] > moves and after["chosen"] == []  # the round was played
        assert one.storage.moves(gid, moves)[0] == {"type": "Round", "moves": numbers}
        if after["deciders"] != [0, 1, 2]:
            break


def test_a_round_whose_last_chooser_stopped_before_playing_it_is_played_by_the_server(
    server: Server,
) -> None:
    """Every choice stored, the round not played (the process of the last one to choose was
    killed in between): the next view wakes the server, which plays the round."""
    client = server.client
    gid, tokens = _toncc(client)
    url = f"/api/games/{gid}/actions"
    for seat in (0, 1):
        answer = client.post(
            url, json={"action": seat, "expect_move": 19}, headers=_bearer(tokens[seat])
        )
        assert answer.status_code == 200
    assert server.app is not None
    storage = server.app.state.service.storage
    assert storage.add_choice(gid, 19, 2, {"type": "Move", "number": 6})  # then the process died
    stuck = client.post(url, json={"action": 1, "expect_move": 19}, headers=_bearer(tokens[2]))
    assert stuck.status_code == 409  # seat 2 has chosen: its choice stands
    client.get(f"/api/games/{gid}")  # any view of the waiting round wakes the server
    assert server.app.state.driver.wait_idle(timeout=60)
    view = client.get(f"/api/games/{gid}", headers=_bearer(tokens[2])).json()
    assert view["moves"] > 19 and view["chosen"] == [] and view["choice"] is None
    assert storage.moves(gid, 19)[0] == {"type": "Round", "moves": [1, 2, 6]}


def test_another_workers_socket_hears_who_has_chosen_on_postgresql(postgres_url: str) -> None:
    """Two apps on one PostgreSQL database, as two workers: a choice made through one reaches
    the sockets of the other (who has chosen, never what)."""
    first, second = create_app(postgres_url, bot_delay=0.0), create_app(postgres_url, bot_delay=0.0)
    try:
        with TestClient(first) as one, TestClient(second) as two:
            gid, tokens = _toncc(one)
            with two.websocket_connect(f"/api/games/{gid}/ws") as socket:
                socket.send_json({"type": "hello", "token": tokens[1]})
                assert socket.receive_json()["view"]["chosen"] == []
                answer = one.post(
                    f"/api/games/{gid}/actions",
                    json={"action": "move 4", "expect_move": 19},
                    headers=_bearer(tokens[0]),
                )
                assert answer.status_code == 200
                pushed = socket.receive_json()["view"]
                assert pushed["chosen"] == [0] and pushed["choice"] is None
    finally:
        for app in (first, second):
            app.state.driver.close()
            app.state.service.storage.close()
