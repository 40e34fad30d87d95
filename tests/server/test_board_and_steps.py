"""The board as its own cached resource, and the steps a front end animates (issue 27)."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("fastapi", reason="the server needs the 'server' extra (fastapi)")
pytest.importorskip("httpx", reason="the test client needs httpx")

from fastapi.testclient import TestClient

from tongiaki_rules import GameRecord, replay
from tongiaki_rules.catalogue import load_catalogue
from tongiaki_rules.narration import Narrator, play_game
from tongiaki_rules.server._board_routes import BOARD_CACHE_CONTROL
from tongiaki_rules.server._service import MAX_STEPS
from tongiaki_rules.server._steps import RULES_URL, line_clauses, rule_url
from tongiaki_rules.server.app import create_app

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture
def client(db_path: Path) -> TestClient:
    return TestClient(create_app(db_path, bot_delay=0.0), raise_server_exceptions=False)


def _bot_game(client: TestClient, players: int = 3, seed: int = 5) -> dict[str, Any]:
    """A game of one human (seat 0) against bots, a few moves in."""
    bots = {str(k): "greedy" for k in range(1, players)}
    game: dict[str, Any] = client.post(
        "/api/games", json={"players": players, "seats": bots, "seat": 0, "seed": seed}
    ).json()
    auth = {"Authorization": f"Bearer {game['token']}"}
    for _ in range(4):
        view = client.get(f"/api/games/{game['id']}", headers=auth).json()
        if view["to_move"] != 0:
            break
        client.post(
            f"/api/games/{game['id']}/actions",
            json={"action": 0, "expect_move": view["moves"]},
            headers=auth,
        )
        assert client.app.state.driver.wait_idle(10)  # type: ignore[attr-defined]  # the replies
    return game


# ---------------------------------------------------------------------- board.svg
def test_the_board_of_a_position_is_cached_for_good_by_its_etag(client: TestClient) -> None:
    gid = _bot_game(client)["id"]
    url = f"/api/games/{gid}/board.svg?at=2"
    first = client.get(url)
    assert first.status_code == 200
    assert first.headers["content-type"] == "image/svg+xml"
    assert first.headers["cache-control"] == BOARD_CACHE_CONTROL
    assert first.text.lstrip().startswith("<?xml") and "<svg" in first.text
    assert 'class="panel"' not in first.text  # the scores are the page's, beside the board
    tag = first.headers["etag"]
    again = client.get(url, headers={"If-None-Match": tag})
    assert again.status_code == 304 and again.content == b"" and again.headers["etag"] == tag
    assert client.get(url, headers={"If-None-Match": '"other"'}).status_code == 200
    assert client.get(url, headers={"If-None-Match": f'"x", {tag}'}).status_code == 304
    # every other position, seat or language is another picture with another tag
    tags = {
        client.get(f"/api/games/{gid}/board.svg", params=params).headers["etag"]
        for params in (
            {"at": 2},
            {"at": 1},
            {"at": 2, "for": 0},
            {"at": 2, "lang": "de"},
        )
    }
    assert len(tags) == 4


def test_the_board_marks_the_choices_of_the_seat_to_move_only(client: TestClient) -> None:
    gid = _bot_game(client, players=2, seed=3)["id"]
    # at 0 seat 0 is to move (set-up); seat 1 is not
    marked = client.get(f"/api/games/{gid}/board.svg?at=0&for=0").text
    unmarked = client.get(f"/api/games/{gid}/board.svg?at=0&for=1").text
    plain = client.get(f"/api/games/{gid}/board.svg?at=0").text
    assert "highlight" in marked
    assert "highlight" not in unmarked and unmarked == plain


@pytest.mark.parametrize(
    ("query", "status", "detail"),
    [
        ("at=99", 422, "at must be from 0 to"),
        ("at=-1", 422, "at must be from 0 to"),
        ("at=x", 422, "query.at"),
        ("", 422, "query.at"),
        ("at=0&for=7", 404, "no seat 7"),
        ("at=0&for=-1", 404, "no seat -1"),
        ("at=0&for=" + "9" * 40, 404, "no seat a huge number"),
    ],
)
def test_a_position_that_does_not_exist_is_refused_and_never_cached(
    client: TestClient, query: str, status: int, detail: str
) -> None:
    gid = _bot_game(client, players=2)["id"]
    answer = client.get(f"/api/games/{gid}/board.svg?{query}")
    assert answer.status_code == status, answer.text
    assert detail in answer.json()["detail"]
    assert "immutable" not in answer.headers.get("cache-control", "")


def test_the_board_of_no_game_is_404(client: TestClient) -> None:
    answer = client.get("/api/games/g-none/board.svg?at=0")
    assert answer.status_code == 404 and "immutable" not in answer.headers.get("cache-control", "")


# ---------------------------------------------------------------------- steps
def test_the_steps_tell_each_move_with_its_events_and_narration_lines(client: TestClient) -> None:
    game = _bot_game(client, players=3)
    gid = game["id"]
    view = client.get(f"/api/games/{gid}").json()
    steps = client.get(f"/api/games/{gid}/steps?from=0").json()["steps"]
    assert [s["move"] for s in steps] == list(range(1, view["moves"] + 1))
    record = GameRecord.from_dict(client.get(f"/api/games/{gid}/record").json())
    narrator = Narrator(record.initial_state())
    state = record.initial_state()
    lines = narrator.header()
    for step, action in zip(steps, record.actions, strict=True):
        told = narrator.step(action)
        assert [line["text"] for line in step["lines"]] == told
        lines += told
        after, events = state.apply_with_events(action)
        assert [e["type"] for e in step["events"]] == [type(e).__name__ for e in events]
        assert step["seat"] == (None if state.is_chance_node else state.current_player)
        state = after
        for line in step["lines"]:
            assert line["rule"] == rule_url(line["clause"])
    assert lines == view["narration"][: len(lines)]
    assert len(view["narration_rules"]) == len(view["narration"])
    setup = steps[0]["events"][0]
    assert setup == {
        "type": "BoatsPlaced",
        "island": [0, 0],
        "beaches": [setup["beaches"][0]],
        "colour": "B",
        "clause": "SETUP-4",
    }


def test_the_steps_come_a_page_at_a_time_and_never_past_the_game(client: TestClient) -> None:
    gid = _bot_game(client, players=2)["id"]
    moves = client.get(f"/api/games/{gid}").json()["moves"]
    assert client.get(f"/api/games/{gid}/steps?from={moves}").json() == {"steps": []}
    one = client.get(f"/api/games/{gid}/steps?from=1&to=2").json()["steps"]
    assert [s["move"] for s in one] == [2]
    for query, detail in (
        (f"from={moves + 1}", "from must be from 0 to"),
        ("from=-1", "from must be from 0 to"),
        ("from=2&to=1", "to must be from 2 to"),
        (f"from=0&to={moves + 1}", "to must be from 0 to"),
        ("to=1", "query.from"),
    ):
        answer = client.get(f"/api/games/{gid}/steps?{query}")
        assert answer.status_code == 422 and detail in answer.json()["detail"], query
    assert client.get("/api/games/g-none/steps?from=0").status_code == 404


def test_a_long_game_is_told_at_most_max_steps_moves_at_a_time(client: TestClient) -> None:
    game = client.post(
        "/api/games", json={"players": 2, "seats": {"0": "random", "1": "random"}, "seed": 1}
    ).json()
    service = client.app.state.service  # type: ignore[attr-defined]
    while service.step(game["id"]) is not None:
        pass
    moves = client.get(f"/api/games/{game['id']}").json()["moves"]
    assert moves > MAX_STEPS
    steps = client.get(f"/api/games/{game['id']}/steps?from=0").json()["steps"]
    assert len(steps) == MAX_STEPS and steps[-1]["move"] == MAX_STEPS


def test_a_finished_game_shows_its_outcome_and_scoreboard_as_the_library_counts(
    client: TestClient,
) -> None:
    game = client.post(
        "/api/games", json={"players": 4, "seats": {str(k): "greedy" for k in range(4)}, "seed": 9}
    ).json()
    service = client.app.state.service  # type: ignore[attr-defined]
    while service.step(game["id"]) is not None:
        pass
    view = client.get(f"/api/games/{game['id']}").json()
    record = GameRecord.from_dict(client.get(f"/api/games/{game['id']}/record").json())
    final = replay(record)
    outcome = final.outcome()
    assert outcome is not None
    assert view["outcome"] == {
        "scores": list(outcome.scores),
        "winners": list(outcome.winners),
        "islands": list(outcome.islands),
        "boats": list(outcome.boats),
        "ranking": [list(g) for g in outcome.ranking],
        "tiebreak": outcome.tiebreak.value,
        "clause": view["outcome"]["clause"],
        "rule": rule_url(view["outcome"]["clause"]),
    }
    clause = {"none": "SCORE-4", "islands": "SCORE-5"}.get(outcome.tiebreak.value, "SCORE-6")
    assert view["outcome"]["clause"] == clause
    assert view["scoreboard"]["scores"] == list(final.scores())
    assert view["scoreboard"]["turn"] is None


def test_the_socket_pushes_views_without_svg_unless_asked(client: TestClient) -> None:
    gid = _bot_game(client, players=2)["id"]
    with client.websocket_connect(f"/api/games/{gid}/ws") as plain:
        plain.send_json({"type": "hello", "token": None})
        assert plain.receive_json()["view"]["svg"] is None
    with client.websocket_connect(f"/api/games/{gid}/ws?svg=true") as old:
        old.send_json({"type": "hello", "token": None})
        assert "<svg" in old.receive_json()["view"]["svg"]


# ---------------------------------------------------------------------- clauses
@pytest.mark.parametrize("players", [2, 3, 4, 6])
def test_every_narration_line_gets_the_clause_of_what_it_tells(players: int) -> None:
    """Across whole games, the clauses line up one to one with the narrator's lines."""
    for seed in range(12):
        states, actions = play_game(players, seed=seed)
        narrator = Narrator(states[0])
        for before, action in zip(states, actions, strict=False):
            lines = narrator.step(action)
            after, events = before.apply_with_events(action)
            clauses = line_clauses(before, action, after, events)
            assert len(clauses) == len(lines), (seed, lines, clauses)
            for line, clause in zip(lines, clauses, strict=True):
                if "sails by" in line or "segelt" in line:
                    assert clause.startswith("DEPART")
                elif line.strip().startswith("lands on"):
                    assert clause == "LAND-1"
                elif "voyage fails" in line:
                    assert clause == "VOYAGE-3"


def test_every_clause_links_to_the_page_the_docs_put_it_on() -> None:
    pytest.importorskip("mkdocs_gen_files", reason="the docs' page layout needs the docs extra")
    sys.path.insert(0, str(ROOT / "docs"))
    try:
        import gen_pages  # type: ignore[import-not-found]
    finally:
        sys.path.remove(str(ROOT / "docs"))
    catalogue = load_catalogue()
    checked = 0
    for entry in catalogue.entries:
        if entry.is_ambiguity:
            continue
        page = gen_pages.page_of(entry).removesuffix(".md")
        anchor = gen_pages.anchor(entry.id)
        assert rule_url(entry.id) == f"{RULES_URL}{page}/#{anchor}", entry.id
        checked += 1
    assert checked > 70


def test_views_and_steps_tell_the_game_in_players_words_line_for_line(client: TestClient) -> None:
    """The browser's account (issue 39): names, no coordinates; the coordinates line by line."""
    game = client.post(
        "/api/games",
        json={"players": 2, "seats": {"1": "greedy"}, "seat": 0, "seed": 3, "name": "Ana"},
    ).json()
    auth = {"Authorization": f"Bearer {game['token']}"}
    for _ in range(12):
        view = client.get(f"/api/games/{game['id']}", headers=auth).json()
        if view["outcome"] or not view.get("legal"):
            break
        client.post(
            f"/api/games/{game['id']}/actions",
            json={"action": len(view["legal"]) - 1, "expect_move": view["moves"]},
            headers=auth,
        )
        assert client.app.state.driver.wait_idle(10)  # type: ignore[attr-defined]  # the bot's reply
    view = client.get(f"/api/games/{game['id']}", headers={"Accept-Language": "de"}).json()
    words, plain = view["narration_words"], view["narration"]
    assert len(words) == len(plain) == len(view["narration_rules"])
    assert words[0] == "Spieler: 2 -- Ana (Blau), Platz 1 Rot; Ana (Blau) beginnt"
    assert plain[0].startswith("Spieler: 2 -- Platz 0 Blau")
    assert not any("(0, 0)" in line for line in words)
    assert any("(0, 0)" in line for line in plain)
    steps = client.get(f"/api/games/{game['id']}/steps?from=0").json()["steps"]
    lines = [line for step in steps for line in step["lines"]]
    assert [line["words"] for line in lines] == view_lines(client, game["id"])[2:]
    assert all(line["words"] != line["text"] for line in lines if "(0, 0)" in line["text"])


def view_lines(client: TestClient, gid: str) -> list[str]:
    words: list[str] = client.get(f"/api/games/{gid}").json()["narration_words"]
    return words
