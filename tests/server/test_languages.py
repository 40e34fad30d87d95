"""The server speaks the viewer's language: ``lang``, else Accept-Language, else English."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("fastapi", reason="the server needs the 'server' extra (fastapi)")
pytest.importorskip("httpx", reason="the test client needs httpx")

from fastapi.testclient import TestClient

from tongiaki_rules.server.app import create_app


@pytest.fixture
def client(db_path: Path, tmp_path: Path) -> TestClient:
    static = tmp_path / "static"
    static.mkdir()
    for name in ("index.html", "game.html", "app.css"):
        (static / name).write_text("x")
    return TestClient(create_app(db_path, static_dir=static, bot_delay=0.0))


def started(client: TestClient) -> tuple[str, str]:
    """A two-player game against a bot, a few moves in; its id and the human seat's token."""
    game: dict[str, Any] = client.post(
        "/api/games", json={"players": 2, "seed": 3, "seats": {"1": "random"}, "seat": 0}
    ).json()
    gid, token = game["id"], game["token"]
    auth = {"Authorization": f"Bearer {token}"}
    for _ in range(3):
        view = client.get(f"/api/games/{gid}", headers=auth).json()
        if view["to_move"] == 0 and "legal" in view:
            client.post(
                f"/api/games/{gid}/actions",
                json={"action": 0, "expect_move": view["moves"]},
                headers=auth,
            )
            assert client.app.state.driver.wait_idle(10)  # type: ignore[attr-defined]  # the reply
    return gid, token


@pytest.mark.parametrize(
    ("headers", "query", "language", "first"),
    [
        ({}, "", "en", "Players: 2 -- seat 0 Blue"),
        ({"Accept-Language": "fr-CH, fr;q=0.9, en;q=0.8"}, "", "fr", "Joueurs : 2 -- place 0 Bleu"),
        ({"Accept-Language": "pt-BR, it;q=0.5"}, "", "it", "Giocatori: 2 -- posto 0 Blu"),
        ({"Accept-Language": "fr"}, "?lang=de", "de", "Spieler: 2 -- Platz 0 Blau"),
        ({"Accept-Language": "it"}, "?lang=xx", "it", "Giocatori: 2"),
        ({"Accept-Language": "ja;q=oops, *"}, "?lang=" + "x" * 5000, "en", "Players: 2"),
    ],
)
def test_the_view_follows_lang_then_accept_language(
    client: TestClient, headers: dict[str, str], query: str, language: str, first: str
) -> None:
    gid, _token = started(client)
    answer = client.get(f"/api/games/{gid}{query or '?'}&svg=true", headers=headers)
    assert answer.status_code == 200
    view = answer.json()
    assert view["language"] == language
    assert view["narration"][0].startswith(first)
    assert {"en": "Seat", "de": "Platz", "fr": "Place", "it": "Posto"}[language] in view["svg"]
    # what programs read stays the same in every language
    english = client.get(f"/api/games/{gid}").json()
    for key in ("state", "code", "moves", "phase", "seats"):
        assert view[key] == english[key]


def test_an_action_answers_in_the_players_language(client: TestClient) -> None:
    gid, token = started(client)
    auth = {"Authorization": f"Bearer {token}", "Accept-Language": "de-DE"}
    view = client.get(f"/api/games/{gid}", headers=auth).json()
    assert "legal" in view
    legal = [item["notation"] for item in view["legal"]]
    assert all(not word.startswith(("Strand", "Platz")) for word in legal)  # notation: English
    moved = client.post(
        f"/api/games/{gid}/actions?lang=it",
        json={"action": view["legal"][0]["notation"], "expect_move": view["moves"]},
        headers=auth,
    ).json()
    assert moved["language"] == "it" and moved["narration"][0].startswith("Giocatori")


def test_the_socket_speaks_the_language_it_asked_for(client: TestClient) -> None:
    gid, _token = started(client)
    with client.websocket_connect(f"/api/games/{gid}/ws?lang=fr") as socket:
        socket.send_json({"type": "hello", "token": None})
        first = socket.receive_json()
    assert first["view"]["narration"][0].startswith("Joueurs : 2")
    with client.websocket_connect(
        f"/api/games/{gid}/ws", headers={"Accept-Language": "it"}
    ) as socket:
        socket.send_json({"type": "hello", "token": None})
        assert socket.receive_json()["view"]["language"] == "it"


def test_the_client_gets_its_words_in_the_negotiated_or_chosen_language(
    client: TestClient,
) -> None:
    french = client.get("/api/i18n", headers={"Accept-Language": "fr-FR,fr;q=0.9"}).json()
    assert french["language"] == "fr"
    assert french["languages"] == {
        "en": "English",
        "de": "Deutsch",
        "fr": "Français",
        "it": "Italiano",
    }
    assert french["messages"]["New game"] == "Nouvelle partie"
    assert french["messages"]["{count} boat"] == ["{count} bateau", "{count} bateaux"]
    chosen = client.get("/api/i18n?lang=it", headers={"Accept-Language": "fr"}).json()
    assert chosen["language"] == "it" and chosen["messages"]["Watch"] == "Guarda"
    english = client.get("/api/i18n").json()
    assert english["language"] == "en" and english["messages"] == {}


def test_every_word_of_the_pages_and_scripts_is_in_the_catalog() -> None:
    """The client's marked texts are messages of the catalog (so every language has them)."""
    import re
    import sys

    from tongiaki_rules.i18n import messages

    root = Path(__file__).resolve().parents[2]
    static = root / "src" / "tongiaki_rules" / "server" / "static"
    sys.path.insert(0, str(root / "tools"))
    try:
        from html_messages import extract
    finally:
        sys.path.remove(str(root / "tools"))
    german = messages("de")
    for page in ("index.html", "game.html"):
        with (static / page).open("rb") as markup:
            for _line, _func, message, _comments in extract(markup, {}, [], {}):
                assert message in german, (page, message)
    for script in ("lobby.js", "game.js", "api.js"):
        for message in re.findall(r'\b_\("((?:[^"\\]|\\.)*)"', (static / script).read_text()):
            assert message.replace('\\"', '"') in german, (script, message)
