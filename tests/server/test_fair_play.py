"""Fair play: no player can foresee a draw or a bot's choice from anything the server sends.

The prediction attempt runs a real ``tongiaki serve`` on a real SQLite file,
reads everything a client can read before every move (each seat's view, a
spectator's, the record, the lobby, the WebSocket), and tries every number
found there as the seed of the documented chance stream.
"""

from __future__ import annotations

import json
import re
import sqlite3
import time
from pathlib import Path
from typing import Any

import pytest

from tongiaki_rules import GameRecord
from tongiaki_rules.record import action_to_dict
from tongiaki_rules.server import GameService, Unprocessable
from tongiaki_rules.server._moves import chance_rng


def _draws(record: GameRecord) -> list[tuple[int, Any]]:
    """Each draw of the record with its move number and the state it was drawn in."""
    found = []
    state = record.initial_state()
    for n, action in enumerate(record.actions):
        if state.is_chance_node:
            found.append((n, state, action))
        state = state.apply(action)
    return [(n, (s, a)) for n, s, a in found]


def _foretold(seed: int, draws: list[tuple[int, Any]]) -> bool:
    """Whether the chance stream of ``seed`` gives every one of ``draws``."""
    return all(
        action_to_dict(state.sample_chance(chance_rng(seed, n))) == action_to_dict(action)
        for n, (state, action) in draws
    )


def _numbers(texts: list[str]) -> set[int]:
    return {int(word) for text in texts for word in re.findall(r"\d+", text)}


def test_the_seed_is_in_no_answer_while_the_game_is_on_and_in_the_record_after(
    service: GameService,
) -> None:
    game = service.create_game(2, seats={0: "random", 1: "random"})
    gid = game["id"]
    stored = service.storage.game(gid)
    assert stored is not None
    seed = stored.seed
    seen = [json.dumps(game), json.dumps(service.list_games())]
    while service.step(gid) is not None:
        if len(seen) < 40:
            seen += [json.dumps(service.view(gid)), json.dumps(service.record(gid))]
        else:
            break
    assert "seed" not in service.record(gid)["metadata"]
    assert str(seed) not in "".join(seen)
    while service.step(gid) is not None:
        pass
    record = service.record(gid)
    assert record["metadata"]["seed"] == seed  # published for audit once the game is over
    assert _foretold(seed, _draws(GameRecord.from_dict(record)))


def test_a_chosen_seed_is_refused_for_a_game_between_people(service: GameService) -> None:
    with pytest.raises(Unprocessable, match=r"^seed: "):
        service.create_game(3, seats={2: "greedy"}, seed=7)
    practice = service.create_game(2, seats={1: "greedy"}, seed=7, seat=0)  # one human: allowed
    assert practice["seat"] == 0


def test_two_games_get_different_secret_seeds(service: GameService) -> None:
    games = [service.create_game(2)["id"] for _ in range(5)]
    seeds = [stored.seed for gid in games if (stored := service.storage.game(gid)) is not None]
    assert len(set(seeds)) == 5  # drawn with secrets, 63 bits each: no guessing them


def _after_the_bot(client: Any, gid: str) -> dict[str, Any]:
    """The spectator's view once the bot (seat 2), which replies after a move's answer, and
    chance have moved: a human seat is to move, or the game is over."""
    for _ in range(500):
        view: dict[str, Any] = client.get(f"/api/games/{gid}").json()
        if view["outcome"] is not None or view["to_move"] in (0, 1):
            return view
        time.sleep(0.02)
    raise AssertionError("the bot did not reply within 10 s")


def test_a_player_reading_everything_cannot_predict_the_draws(tmp_path: Path) -> None:
    """The attack of the issue: it foresaw 124 moves of 124 when the record carried the seed."""
    httpx = pytest.importorskip("httpx", reason="the test talks HTTP with httpx")
    pytest.importorskip("uvicorn", reason="the test runs the real server")
    websockets = pytest.importorskip("websockets.sync.client", reason="the WebSocket client")
    from .live import live_server

    db = tmp_path / "games.sqlite3"
    seen: list[str] = []
    with (
        live_server(db, "--bot-delay", "0") as (_process, base),
        httpx.Client(base_url=base, timeout=30) as client,
    ):
        created = client.post(
            "/api/games", json={"players": 3, "seats": {"2": "greedy"}, "seat": 0}
        )
        assert created.status_code == 201
        gid = created.json()["id"]
        tokens = {0: created.json()["token"]}
        claimed = client.post(f"/api/games/{gid}/seats/1", json={})
        tokens[1] = claimed.json()["token"]
        seen += [created.text, claimed.text]
        with websockets.connect(f"{base.replace('http', 'ws')}/api/games/{gid}/ws") as socket:
            socket.send(json.dumps({"type": "hello", "token": tokens[1]}))
            seen.append(str(socket.recv(timeout=10)))
        for _ in range(80):
            if _after_the_bot(client, gid)["outcome"] is not None:
                break  # over: the record may now publish the seed
            views = {
                seat: client.get(f"/api/games/{gid}", headers={"Authorization": f"Bearer {t}"})
                for seat, t in tokens.items()
            }
            seen += [v.text for v in views.values()]
            seen += [client.get(f"/api/games/{gid}").text, client.get("/api/games").text]
            seen.append(client.get(f"/api/games/{gid}/record").text)
            seen.append(client.get(f"/api/games/{gid}/nothing").text)  # an error, too
            mover = next((s for s, v in views.items() if "legal" in v.json()), None)
            if mover is None:
                break
            view = views[mover].json()
            client.post(
                f"/api/games/{gid}/actions",
                json={"action": len(view["legal"]) - 1, "expect_move": view["moves"]},
                headers={"Authorization": f"Bearer {tokens[mover]}"},
            )
        document = client.get(f"/api/games/{gid}/record").json()
        record = GameRecord.from_dict(document)
    draws = _draws(record)
    assert len(draws) >= 5, "the game must draw tiles for the attempt to mean something"
    seed = sqlite3.connect(db).execute("SELECT seed FROM games WHERE id = ?", (gid,)).fetchone()[0]
    assert _foretold(seed, draws)  # the stream is as documented: only the seed is missing
    everything = "".join(seen)
    assert str(seed) not in everything and '"seed"' not in everything
    guesses = _numbers(seen) | set(range(1000))
    assert not [guess for guess in guesses if _foretold(guess, draws)]
    if "seed" in document["metadata"]:
        assert document["metadata"]["seed"] == seed  # the game ended: published for audit
