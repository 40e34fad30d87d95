"""A view's parts worked out once (issue 38, CPU per move): the narrations told as the moves
are made, the shared part's JSON text written once, the memory they take counted.

Each cut must answer exactly what building everything afresh answers: the views of a
service that told every move as it came equal those of a service that reads the game back
from the database afterwards, in every language the server speaks; the text of a view is
the JSON of the view; the measured sizes are those of the plain walk.
"""

from __future__ import annotations

import json
import random
import sys
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from tongiaki_rules import GameRecord
from tongiaki_rules.i18n import LANGUAGES
from tongiaki_rules.narration import Narrator, narrate, play_game
from tongiaki_rules.server import GameService, MemoryBudget, SqliteStorage
from tongiaki_rules.server._game_log import MAX_NARRATION_LINES, GameLog
from tongiaki_rules.server._memory import json_bytes
from tongiaki_rules.server._steps import rule_url
from tongiaki_rules.server._view_text import View, view_text
from tongiaki_rules.server.app import create_app


def _service(tmp_path: Path, **budget: int) -> GameService:
    return GameService(SqliteStorage(tmp_path / "games.sqlite3"), memory=MemoryBudget(**budget))


def _json(value: object) -> str:
    return json.dumps(value, ensure_ascii=True, separators=(",", ":"))


def _play(
    service: GameService, game: dict[str, Any], moves: int, language: str, seed: int = 0
) -> list[dict[str, Any]]:
    """Play up to ``moves`` human moves (random legal ones), viewing the game in ``language``
    as the player and as a spectator after each, as sockets do; the player's views."""
    rng = random.Random(seed)
    game_id, token = game["id"], game["token"]
    views = [service.view(game_id, token=token, language=language)]
    for _ in range(moves):
        view = views[-1]
        if "legal" not in view:
            break
        choice = rng.randrange(len(view["legal"]))
        service.act(game_id, token, choice, view["moves"], language=language)
        service.view(game_id, language=language)
        views.append(service.view(game_id, token=token, language=language))
    return views


@pytest.mark.parametrize("language", LANGUAGES)
def test_views_told_move_by_move_equal_views_of_the_game_read_afresh(
    tmp_path: Path, language: str
) -> None:
    """The narration in players' words and in other languages follows the English one as
    moves are made, the rules pages are found from each move's events: a service reading the
    game back afterwards tells every line from the first move and answers the same."""
    service = _service(tmp_path)
    game = service.create_game(3, seats={1: "greedy", 2: "random"}, seed=11, seat=0, name="Ana")
    views = _play(service, game, 60, language)
    moves = views[-1]["moves"]
    assert moves > 100
    fresh = GameService(service.storage)
    game_id, token = game["id"], game["token"]
    for at in (0, 1, moves // 3, moves - 5, moves):
        for who in (token, None):
            asked = {"at": at, "token": who, "language": language}
            assert service.view(game_id, **asked) == fresh.view(game_id, **asked)
    assert service.view(game_id, token=token, language=language) == views[-1]


def test_the_narrations_of_a_view_are_those_the_library_tells(tmp_path: Path) -> None:
    """An independent account: narrate() over the stored game, and the rules page of each
    line as the steps route tells it."""
    service = _service(tmp_path)
    game = service.create_game(2, seats={1: "greedy"}, seed=5, seat=0, name="Mele")
    for language in LANGUAGES:  # every narration kept up to date as the moves come
        service.view(game["id"], token=game["token"], language=language)
    _play(service, game, 1000, "de", seed=1)  # to the end: the footer's lines too
    record = GameRecord.from_dict(service.record(game["id"]))
    states = [record.initial_state()]
    for action in record.actions:
        states.append(states[-1].apply(action))
    assert states[-1].is_terminal
    moves = len(record.actions)
    rules: list[str | None] = [None, None]
    for first in range(0, moves, 100):
        for step in service.steps(game["id"], first, min(first + 100, moves)):
            rules += [line["rule"] for line in step["lines"]]
    for language in LANGUAGES:
        view = service.view(game["id"], token=game["token"], language=language)
        plain = list(narrate(states, record.actions, language))
        words = list(
            narrate(states, record.actions, language, names=["Mele", None], coordinates=False)
        )
        footer = [rule_url("SCORE-4")] * (len(plain) - len(rules))
        rules_told = rules + footer
        assert view["narration"] == plain[-MAX_NARRATION_LINES:]
        assert view["narration_words"] == words[-MAX_NARRATION_LINES:]
        assert view["narration_rules"] == rules_told[-MAX_NARRATION_LINES:]


def test_a_logs_other_narrations_follow_each_move_and_catch_up_when_behind() -> None:
    states, actions = play_game(3, seed=8)
    names = ("Ana", None, "Mele")

    def told(moves: int, language: str, who: tuple[str | None, ...] | None) -> list[str]:
        narrator = Narrator(states[0], language, names=who, coordinates=who is None)
        lines = narrator.header()
        for action in actions[:moves]:
            lines += narrator.step(action)
        return lines[-MAX_NARRATION_LINES:]

    log = GameLog(GameRecord(3))
    for action in actions[:20]:
        log.extend(action)
    assert log.narration_words(20, "it", names) == told(20, "it", names)  # from the first move
    assert log.narration(20, "fr") == told(20, "fr", None)
    for action in actions[20:60]:
        log.extend(action)
        assert len(log._told_words["it"].ends) - 1 == log.moves  # followed, not asked
        assert len(log._told["fr"].ends) - 1 == log.moves
    assert log.narration_words(60, "it", names) == told(60, "it", names)
    assert log.narration(60, "fr") == told(60, "fr", None)
    renamed = ("Sione", None, "Mele")  # a name changed: told anew from the first move
    assert log.narration_words(60, "it", renamed) == told(60, "it", renamed)
    for action in actions[60:]:
        log.extend(action)
    assert log.state.is_terminal
    end = len(actions)
    assert (
        log.narration_words(end, "it", renamed)
        == list(narrate(states, actions, "it", names=renamed, coordinates=False))[
            -MAX_NARRATION_LINES:
        ]
    )
    assert log.narration(end, "fr") == list(narrate(states, actions, "fr"))[-MAX_NARRATION_LINES:]
    assert log.narration_words(30, "it", renamed) == told(30, "it", renamed)


def _views_of_every_kind(tmp_path: Path) -> list[dict[str, Any]]:
    service = GameService(SqliteStorage(tmp_path / "kinds.sqlite3"), turn_timeout=60)
    game = service.create_game(2, seats={1: "greedy"}, seed=3, seat=0, name="Ana", clock=30)
    views = _play(service, game, 15, "fr")
    views += [
        service.view(game["id"]),
        service.view(game["id"], at=4, token=game["token"], svg=True),
        service.view(game["id"], svg=True, language="de"),
    ]
    toncc = service.create_game(3, seats={2: "greedy"}, game="toncc", seat=0, name="Zoë")
    claimed = service.claim_seat(toncc["id"], 1, name="Łukasz")
    view = service.view(toncc["id"], token=toncc["token"], language="it")
    views.append(view)
    chosen = service.act(toncc["id"], toncc["token"], 0, view["moves"], language="it")
    views += [chosen, service.view(toncc["id"], token=claimed["token"]), service.view(toncc["id"])]
    return views


def test_the_text_of_a_view_is_the_json_of_the_view(tmp_path: Path) -> None:
    views = _views_of_every_kind(tmp_path)
    assert any(v.get("choice") is not None for v in views)  # a secret choice, its seat's own
    assert any(v["clock"] is not None for v in views) and any(v["svg"] for v in views)
    for view in views:
        assert isinstance(view, View) and view.text is not None
        assert view_text(view) == _json(view) == _json(dict(view))
        assert json.loads(view_text(view)) == view
    plain = {"id": "g-1", "you": None, "clock": None}
    assert view_text(plain) == _json(plain)  # a view without a written part: written whole


def test_answers_and_pushes_carry_the_views_text(tmp_path: Path) -> None:
    app = create_app(tmp_path / "app.sqlite3")
    with TestClient(app) as client:
        created = client.post(
            "/api/games", json={"players": 2, "seats": {"1": "greedy"}, "seat": 0, "seed": 4}
        ).json()
        headers = {"Authorization": f"Bearer {created['token']}"}
        url = f"/api/games/{created['id']}"
        with client.websocket_connect(f"{url}/ws?lang=de") as socket:
            socket.send_text(json.dumps({"type": "hello", "token": created["token"]}))
            first = socket.receive_text()
            answer = client.post(
                f"{url}/actions?lang=de", json={"action": 0, "expect_move": 0}, headers=headers
            )
            pushed = socket.receive_text()
        got = client.get(f"{url}?lang=de", headers=headers)
    for text in (first, pushed, answer.text, got.text):
        assert text.isascii()
    assert json.loads(first)["view"]["moves"] == 0
    assert answer.text == _json(answer.json())
    assert json.loads(pushed) == {"type": "view", "view": json.loads(pushed)["view"]}
    assert json.loads(pushed)["view"]["moves"] >= answer.json()["moves"]
    assert got.text == _json(got.json()) and got.json()["language"] == "de"


def _walked(value: object) -> int:
    """The plain walk json_bytes stands for: every list, dict and value, each time held."""
    size = sys.getsizeof(value)
    if isinstance(value, dict):
        size += sum(_walked(v) for v in value.values())
    elif isinstance(value, (list, tuple)):
        size += sum(_walked(v) for v in value)
    return size


def test_a_views_measured_size_is_the_plain_walks(tmp_path: Path) -> None:
    odd: list[Any] = [["a"] * 20, [1.5] * 9 + [[2]], ("x",) * 12, list(range(300)), [None] * 30]
    odd += [[{"k": [1, 2]}] * 10, "text" * 50, 10**40, []]
    for value in [*_views_of_every_kind(tmp_path), odd, {"nested": odd}]:
        assert json_bytes(value) == _walked(value)


def test_a_games_texts_are_counted_and_the_games_stay_within_their_budget(
    tmp_path: Path,
) -> None:
    probe = _service(tmp_path)
    game = probe.create_game(2, seats={1: "greedy"}, seed=2, seat=0)
    _play(probe, game, 10, "en")
    held = probe._game(game["id"])
    texts = sum(text.nbytes for _, text in held.texts.values())
    assert 0 < len(held.texts) <= 2 and texts > 5_000  # the views' text: kept, and counted
    assert held.nbytes() == 2048 + held.log.nbytes() + sum(held.view_bytes.values()) + texts
    budget = 3 * probe.memory_use()["games_bytes"]
    service = GameService(probe.storage, memory=MemoryBudget(games=budget))
    games = []
    for seed in range(10):
        games.append(service.create_game(2, seats={1: "greedy"}, seed=seed, seat=0))
        _play(service, games[-1], 10, "en", seed)
        service.view(games[-1]["id"], svg=True)  # a long text, the board's picture in it
        assert service.memory_use()["games_bytes"] <= budget
    assert 1 <= service.memory_use()["games"] < len(games)


def test_a_games_views_sized_from_their_text_stay_near_their_walked_sizes(
    tmp_path: Path,
) -> None:
    """One view in four of each kind is walked; the others, sized from their text's length,
    add up to within a fifth of walking every one, move after move, to the game's end."""
    service = _service(tmp_path)
    game = service.create_game(3, seats={1: "greedy", 2: "random"}, seed=5, seat=0)
    game_id, token = game["id"], game["token"]
    rng = random.Random(5)
    worst = 0.0
    for move in range(200):
        svg = move % 3 == 0
        view = service.view(game_id, token=token, svg=svg)
        service.view(game_id, svg=not svg)
        held = service._game(game_id)
        walked = sum(json_bytes(shared) for shared in held.views.values())
        sized = sum(held.view_bytes.values())
        worst = max(worst, abs(sized - walked) / walked)
        if "legal" not in view:
            break
        service.act(game_id, token, rng.randrange(len(view["legal"])), view["moves"], svg=svg)
    assert move > 15 and view["outcome"] is not None  # played to the end
    assert worst < 0.2, worst  # 13 % at worst, in the opening, where views change most
