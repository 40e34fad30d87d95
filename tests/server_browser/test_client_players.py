"""Players in the browser (issue 39): names, the turn in the tab's title, errors as sentences,
hints that count and name each special decision, and the status while a voyage is shown.

Two people take the seats of an unlisted game by their invitation links, each with a name; a
name written as HTML stays text; a name another seat holds is refused in a sentence; the page
whose turn it is says so in its title; leaving names the seat left, and the seat is taken
again from the same page. A spectator's status says "Watching the voyage" while one is shown.

``TONGIAKI_SCREENSHOTS=1`` also writes ``docs/images/serve-players.png`` (1280x800).
"""

from __future__ import annotations

import json
import time
import urllib.request
from collections.abc import Callable
from typing import Any

import pytest

from .test_client_e2e import (  # the server, the browsers and the page helpers (and skips)
    IMAGES,
    SCREENSHOTS,
    By,
    WebDriver,
    _console_errors,
    _has,
    _loaded,
    _Server,
    _status,
    _until,
    browsers,
    server,
    webdriver,
)

__all__ = ["browsers", "server"]  # fixtures used by name below

HOSTILE = "<img src=x onerror=h()>"  # 23 characters: the name field takes 24


def _call(url: str, body: dict[str, Any] | None = None, token: str | None = None) -> Any:
    headers = {"Content-Type": "application/json"}
    if token:
        headers["Authorization"] = f"Bearer {token}"
    data = None if body is None else json.dumps(body).encode()
    request = urllib.request.Request(url, data=data, headers=headers)
    with urllib.request.urlopen(request, timeout=20) as answer:
        return json.load(answer)


def _text(driver: WebDriver, css: str) -> str:
    return str(driver.find_element(By.CSS_SELECTOR, css).text)


def _take_seat_named(driver: WebDriver, seat: int, name: str) -> None:
    _until(driver, "the seat's button", lambda d: _has(d, f'button.take-seat[data-seat="{seat}"]'))
    field = driver.find_element(By.ID, "player-name")
    field.clear()
    field.send_keys(name)
    driver.find_element(By.CSS_SELECTOR, f'button.take-seat[data-seat="{seat}"]').click()


def _my_title(driver: WebDriver) -> bool:
    status = _status(driver)
    return status.get("toMove") == status.get("you") and driver.title.startswith("● Your turn")


def test_two_named_players_see_their_names_their_turn_and_errors_in_sentences(
    server: _Server, browsers: Callable[[], webdriver.Chrome]
) -> None:
    made = _call(server.url + "/api/games", {"players": 2, "unlisted": True})
    gid, invites = made["id"], made["invites"]
    page = f"{server.url}/games/{gid}"
    ana, bo = browsers(), browsers()
    ana.get(f"{page}#seat=0&invite={invites['0']}")
    _take_seat_named(ana, 0, HOSTILE)
    _until(ana, "seat 0 taken", lambda d: _status(d).get("you") == "0")
    bo.get(f"{page}#seat=1&invite={invites['1']}")
    _take_seat_named(bo, 1, " " + HOSTILE.upper())  # the same name, in capitals
    _until(bo, "the refusal", lambda d: _text(d, "#message") != "")
    said = _text(bo, "#message")
    # a sentence of the page's language, not the API's words ("name: another seat is ...")
    assert said == "Could not take seat 1: Another seat already has that name: choose another."
    _take_seat_named(bo, 1, "Bo")
    _until(bo, "seat 1 taken", lambda d: _status(d).get("you") == "1")
    # each page names both seats; the markup of a name stays text
    for driver in (ana, bo):
        _until(driver, "both names", lambda d: "Bo" in _text(d, "#seats"))
        assert HOSTILE in _text(driver, "#seats")
        assert HOSTILE in (driver.find_element(By.ID, "score-table").text or "")
        assert not _has(driver, "#seats img, #score-table img, #status img")
    # the seat to move has the title; the other does not
    first, second = (ana, bo) if _status(ana)["toMove"] == "0" else (bo, ana)
    _until(first, "the turn in the title", _my_title)
    assert first.title == "● Your turn — Tongiaki"
    assert second.title == f"Tongiaki — {gid}"
    mover = _status(first)["you"]
    _until(second, "the mover by name", lambda d: "to move" in _text(d, "#status"))
    named = {"0": HOSTILE, "1": "Bo"}[mover]
    assert f"{named} (seat {mover}) to move" in _text(second, "#status")
    # leaving names the seat; the same page takes it back with the invitation it kept
    bo.find_element(By.CSS_SELECTOR, "button.leave-seat").click()
    _until(bo, "the leaving", lambda d: "You left seat 1" in _text(d, "#message"))
    assert "null" not in _text(bo, "#message")
    _until(ana, "seat 1 free again", lambda d: "Bo" not in _text(d, "#seats"))
    _take_seat_named(bo, 1, "Bo")
    _until(bo, "seat 1 taken again", lambda d: _status(d).get("you") == "1")
    assert _text(bo, "#message") == ""
    assert _console_errors(ana) == []
    refused = f"/api/games/{gid}/seats/1 - Failed to load resource: the server responded with a "
    refused += "status of 422"
    assert [e for e in _console_errors(bo) if refused not in e] == []  # the name refused, said


_FAKE_DECISION = """
const [legal, done] = [arguments[0], arguments[arguments.length - 1]];
const gid = location.pathname.split("/")[2];
const token = localStorage.getItem(`tongiaki:${gid}:0`);
fetch(`/api/games/${gid}`, {headers: {Authorization: `Bearer ${token}`}})
  .then((r) => r.json())
  .then((view) => { window.tongiakiReceiveView({...view, legal}); done(true); });
"""


def _hint_for(driver: WebDriver, legal: list[dict[str, Any]]) -> str:
    """The hint the page gives for a decision of these choices (the rest of the view real)."""
    driver.execute_async_script(_FAKE_DECISION, legal)
    _until(
        driver,
        "the hint",
        lambda d: d.execute_script(
            "return document.getElementById('legal').children.length === arguments[0]", len(legal)
        ),
    )
    return _text(driver, "#decision-hint")


def test_hints_count_what_is_still_needed_and_name_each_special_decision(
    server: _Server, browsers: Callable[[], webdriver.Chrome]
) -> None:
    made = _call(server.url + "/api/games", {"players": 2, "seats": {"1": "random"}, "seat": 0})
    player = browsers()
    player.get(server.url + "/")  # the page's storage, then the seat's token in it
    player.execute_script(
        "localStorage.setItem(arguments[0], arguments[1])",
        f"tongiaki:{made['id']}:0",
        made["token"],
    )
    player.get(f"{server.url}/games/{made['id']}#seat=0")
    _loaded(player)
    expand = [
        {
            "index": k,
            "notation": f"expand 0,0 {b}",
            "action": {"type": "Expand", "island": [0, 0], "beaches": b},
        }
        for k, b in enumerate([[0, 1, 2], [1, 2, 3], [0, 3, 4]])
    ]
    assert "its crown to found a royal island" in _hint_for(player, expand)
    player.find_element(
        By.CSS_SELECTOR, '#board svg [data-pos="0,0"] .beach[data-beach="1"]'
    ).click()
    _until(player, "the count", lambda d: "Choose 2 more beaches" in _text(d, "#selection-text"))
    player.find_element(
        By.CSS_SELECTOR, '#board svg [data-pos="0,0"] .beach[data-beach="2"]'
    ).click()
    _until(player, "the count", lambda d: "Choose 1 more beach." in _text(d, "#selection-text"))
    move = {
        "type": "ExpandFromBoard",
        "island": [0, 0],
        "beach": 2,
        "source": [0, 0],
        "source_beach": 1,
    }
    assert _hint_for(player, [{"index": 0, "notation": "move", "action": move}]).startswith(
        "Your reserve is empty"
    )
    boats = {"type": "PlaceNewBoats", "island": [0, 0], "beaches": [1, 1]}
    assert _hint_for(player, [{"index": 0, "notation": "new", "action": boats}]).startswith(
        "You have no boats in play"
    )
    tiles = [
        {
            "index": k,
            "notation": f"place {k}",
            "action": {"type": "PlaceTile", "position": p, "rotation": 0},
        }
        for k, p in enumerate([[1, 0], [1, 0], [0, 1]])
    ]
    assert "one of the 2 marked hexes" in _hint_for(player, tiles)
    # the pile counts in the singular too ("Pile: 1 islands" before)
    player.execute_async_script(_ONE_OF_EACH)
    assert _text(player, "#pile").startswith("Pile: 1 island, 1 ocean tile left")


_ONE_OF_EACH = """
const done = arguments[arguments.length - 1];
const gid = location.pathname.split("/")[2];
Promise.all([import("/static/panels.js"), fetch(`/api/games/${gid}`).then((r) => r.json())])
  .then(([panels, view]) => {
    const scoreboard = {...view.scoreboard, pile: {islands: 1, oceans: 1}};
    panels.renderScoreboard({...view, scoreboard}, () => "");
    done(true);
  });
"""


_SEE_VOYAGE = """
new MutationObserver(() => {
  if (document.getElementById("status").dataset.watching === "voyage") {
    window.sawVoyage = document.getElementById("status").textContent;
  }
}).observe(document.getElementById("status"), {attributes: true, childList: true});
"""


def test_the_status_says_a_voyage_is_being_watched_while_it_is_shown(
    server: _Server, browsers: Callable[[], webdriver.Chrome]
) -> None:
    made = _call(
        server.url + "/api/games", {"players": 2, "seats": {"1": "random"}, "seat": 0, "seed": 5}
    )
    gid, token = made["id"], made["token"]
    spectator = browsers()
    spectator.get(f"{server.url}/games/{gid}#watch")
    _loaded(spectator)
    spectator.execute_script(_SEE_VOYAGE)
    deadline = time.monotonic() + 25
    while time.monotonic() < deadline:  # the human sails whenever it may; the bot in between
        if spectator.execute_script("return window.sawVoyage ?? null"):
            break
        view = _call(f"{server.url}/api/games/{gid}", token=token)
        if view.get("outcome"):
            break
        if not view.get("legal"):
            time.sleep(0.1)
            continue
        sail = [c for c in view["legal"] if c["action"]["type"] == "Depart"]
        move = {"action": (sail or view["legal"])[0]["index"], "expect_move": view["moves"]}
        _call(f"{server.url}/api/games/{gid}/actions", move, token)
        time.sleep(0.2)
    said = spectator.execute_script("return window.sawVoyage ?? null")
    assert said and said.startswith("Watching the voyage"), said


@pytest.mark.skipif(not SCREENSHOTS, reason="writes the docs' picture: TONGIAKI_SCREENSHOTS=1")
def test_the_docs_picture_of_two_named_players(
    server: _Server, browsers: Callable[[], webdriver.Chrome]
) -> None:
    body = {"players": 3, "seats": {"2": "greedy"}, "seat": 0, "name": "Ana"}
    made = _call(server.url + "/api/games", body)
    gid = made["id"]
    _call(f"{server.url}/api/games/{gid}/seats/1", {"name": "Bo"})
    player = browsers()
    player.get(server.url + "/")
    player.execute_script(
        "localStorage.setItem(arguments[0], arguments[1])", f"tongiaki:{gid}:0", made["token"]
    )
    player.get(f"{server.url}/games/{gid}#seat=0")
    _until(player, "the turn in the title", _my_title)
    _until(player, "the names", lambda d: "Bo" in _text(d, "#score-table"))
    player.save_screenshot(str(IMAGES / "serve-players.png"))
