"""No misclick is final, and the board plays by the keyboard (issue 39, points 1 and 5).

A click on the board stages the move: it is drawn (a ghost boat, the statue lit) and sent only by
Confirm or Enter; Cancel or Escape takes it back. A click on an island's green land founds no
royal island; the statue mark sits clear of the island's name and value. The marks of a decision
are one stop of the Tab order: the arrow keys move among them, Enter chooses and then confirms,
and after a move the focus is back on the board.

Each test asks the server (not the page) whether a move was sent: the page could be wrong.
"""

from __future__ import annotations

import json
import time
import urllib.request
from collections.abc import Callable
from typing import Any

import pytest

pytest.importorskip("fastapi", reason="the server needs the [server] extra (fastapi)")
pytest.importorskip("selenium", reason="the browser test needs selenium (the [test] extra)")

from selenium import webdriver
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.remote.webdriver import WebDriver

from .playing import click, my_turn, settled, status, wait_for
from .test_client_board import _desktop, _new_game, _open_seat, _shot
from .test_client_e2e import _console_errors, _Server, browsers, server

__all__ = ["browsers", "server"]  # fixtures used by name below

SENT_WITHIN = 1.0  # seconds: a move the page sends reaches the server well within this


# ---------------------------------------------------------------------- helpers
def _view(server: _Server, game: dict[str, Any]) -> dict[str, Any]:
    request = urllib.request.Request(
        f"{server.url}/api/games/{game['id']}",
        headers={"Authorization": f"Bearer {game['token']}"},
    )
    with urllib.request.urlopen(request, timeout=30) as answer:
        view: dict[str, Any] = json.load(answer)
        return view


def _server_moves(server: _Server, game: dict[str, Any]) -> int:
    return int(_view(server, game)["moves"])


def _nothing_sent(server: _Server, game: dict[str, Any], moves: int) -> bool:
    """Whether the server still stands at ``moves`` a while after the page's last input."""
    time.sleep(SENT_WITHIN)
    return _server_moves(server, game) == moves


def _to_a_royal_choice(server: _Server, game: dict[str, Any]) -> None:
    """Plays the creator's seat by the API (its first legal action each time) until founding a
    royal island is among its choices."""
    for _ in range(40):
        deadline = time.monotonic() + 30
        view = _view(server, game)
        while view["to_move"] != game["seat"] and time.monotonic() < deadline:
            time.sleep(0.05)
            view = _view(server, game)
        assert not view.get("outcome"), "the game ended before a royal choice"
        if any(c["action"]["type"] == "FoundRoyal" for c in view["legal"]):
            return
        request = urllib.request.Request(
            f"{server.url}/api/games/{game['id']}/actions",
            data=json.dumps(
                {"action": view["legal"][0]["index"], "expect_move": view["moves"]}
            ).encode(),
            headers={
                "Content-Type": "application/json",
                "Authorization": f"Bearer {game['token']}",
            },
        )
        with urllib.request.urlopen(request, timeout=30):
            pass
    raise AssertionError("no royal choice in 40 moves")


def _royal_island(driver: WebDriver) -> str:
    pos: str = driver.execute_script(
        "return document.querySelector('#board .statue-target').closest('[data-pos]').dataset.pos"
    )
    return pos


def _active(driver: WebDriver) -> dict[str, Any]:
    """The focused element: in the board? a mark? its tabindex and beach."""
    found: dict[str, Any] = driver.execute_script(
        "const a = document.activeElement;"
        "return {board: !!a && document.getElementById('board').contains(a),"
        " mark: !!a && a.getAttribute('role') === 'button' && !!a.closest('#board svg'),"
        " tabindex: a ? a.getAttribute('tabindex') : null,"
        " label: a && a.getAttribute('aria-label')}"
    )
    return found


def _confirmable(driver: WebDriver) -> bool:
    confirm = driver.find_element(By.ID, "confirm")
    return confirm.is_displayed() and confirm.is_enabled()


def _press(driver: WebDriver, *keys: str) -> None:
    for key in keys:
        driver.switch_to.active_element.send_keys(key)


# ---------------------------------------------------------------------- staging by clicks
def test_a_click_on_a_beach_is_staged_drawn_and_sent_only_by_confirm(
    server: _Server, browsers: Callable[[], webdriver.Chrome]
) -> None:
    player = browsers()
    _desktop(player)
    game = _new_game(server, 2, {"1": "greedy"}, seat=0, seed=8)
    _open_seat(player, server, game)
    wait_for(player, "the player's set-up", my_turn)
    moves = int(status(player)["moves"])
    click(
        player, player.find_element(By.CSS_SELECTOR, '#board .beach[data-beach="1"] > .highlight')
    )
    assert _nothing_sent(server, game, moves)
    ghosts = player.execute_script(
        "return [...document.querySelectorAll('#board .staged-boat')]"
        ".map(g => g.closest('[data-beach]').dataset.beach)"
    )
    assert ghosts == ["1"]  # the staged boat is drawn on its beach
    assert _confirmable(player)
    _shot(player, "staged-setup.png", "serve-staged.png")
    # Cancel takes it back; another click stages another beach; Confirm sends that one
    click(player, player.find_element(By.ID, "cancel"))
    assert not player.find_elements(By.CSS_SELECTOR, "#board .staged-boat")
    assert not player.find_element(By.ID, "selection").is_displayed()
    click(
        player, player.find_element(By.CSS_SELECTOR, '#board .beach[data-beach="4"] > .highlight')
    )
    assert _nothing_sent(server, game, moves)
    click(player, player.find_element(By.ID, "confirm"))
    wait_for(player, "the set-up move", lambda d: int(status(d)["moves"]) > moves)
    sent = _view(server, game)["state"]["table"][0]["beaches"]
    assert sent[4] and not sent[1], sent
    assert not _console_errors(player)


def test_a_click_on_the_land_of_an_island_that_may_become_royal_founds_nothing(
    server: _Server, browsers: Callable[[], webdriver.Chrome]
) -> None:
    game = _new_game(server, 2, {"1": "greedy"}, seat=0, seed=43)
    _to_a_royal_choice(server, game)
    player = browsers()
    _desktop(player)
    _open_seat(player, server, game)
    wait_for(player, "the royal choice", my_turn)
    moves = int(status(player)["moves"])
    pos = _royal_island(player)
    # the land below the value: green, no name, no statue (the misclick of issue 39)
    land = player.find_element(By.CSS_SELECTOR, f'#board [data-pos="{pos}"] .land')
    point = player.execute_script(
        "const r = arguments[0].getBoundingClientRect();"
        "return [r.left + r.width / 2, r.bottom - r.height * 0.12]",
        land,
    )
    for kind in ("mousePressed", "mouseReleased"):
        player.execute_cdp_cmd(
            "Input.dispatchMouseEvent",
            {"type": kind, "x": point[0], "y": point[1], "button": "left", "clickCount": 1},
        )
    assert _nothing_sent(server, game, moves)
    # the statue itself stages the royal island: lit, named, and taken back by Escape
    click(player, player.find_element(By.CSS_SELECTOR, "#board .statue-target"))
    assert _nothing_sent(server, game, moves)
    assert "selected" in (
        player.find_element(By.CSS_SELECTOR, "#board .statue-target").get_attribute("class") or ""
    )
    assert player.find_element(By.ID, "selection").is_displayed()
    _shot(player, "staged-royal.png", "serve-staged-royal.png")
    _press(player, Keys.ESCAPE)
    assert not player.find_element(By.ID, "selection").is_displayed()
    assert _nothing_sent(server, game, moves)


_OVERLAPS = """
const tile = document.querySelector('#board .statue-target').closest('[data-pos]');
const box = (n) => n.getBoundingClientRect();
const statue = box(tile.querySelector('.statue-target'));
const others = [...tile.querySelectorAll('text.island-name, circle.value, text.value')];
const meet = (a, b) => a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;
return [others.length, others.filter(n => meet(statue, box(n))).map(n => n.outerHTML)];
"""


def test_the_statue_mark_hides_neither_the_island_name_nor_its_value(
    server: _Server, browsers: Callable[[], webdriver.Chrome]
) -> None:
    game = _new_game(server, 2, {"1": "greedy"}, seat=0, seed=43)
    _to_a_royal_choice(server, game)
    player = browsers()
    _desktop(player)
    _open_seat(player, server, game)
    wait_for(player, "the royal choice", my_turn)
    for view in ("zoom-choices", "zoom-fit", "zoom-out"):
        click(player, player.find_element(By.ID, view))
        labels, hidden = player.execute_script(_OVERLAPS)
        assert labels == 3, labels  # the name, the value's disc and its number were measured
        assert hidden == [], (view, hidden)


# ---------------------------------------------------------------------- the keyboard
def test_the_marks_are_one_tab_stop_and_the_arrow_keys_move_among_them(
    server: _Server, browsers: Callable[[], webdriver.Chrome]
) -> None:
    player = browsers()
    game = _new_game(server, 2, {"1": "greedy"}, seat=0, seed=8)
    _open_seat(player, server, game)
    wait_for(player, "the player's set-up", my_turn)
    stops = player.execute_script(
        "return [document.querySelectorAll('#board svg [role=button]').length,"
        " document.querySelectorAll('#board svg [role=button][tabindex=\"0\"]').length]"
    )
    assert stops[0] >= 3 and stops[1] == 1, stops  # many marks, one stop
    player.execute_script("document.activeElement.blur()")
    tabs = 0
    while not _active(player)["mark"]:
        _press(player, Keys.TAB)
        tabs += 1
        assert tabs < 20, "Tab did not reach the board's marks"
    first = _active(player)["label"]
    _press(player, Keys.ARROW_RIGHT)
    second = _active(player)
    assert second["mark"] and second["tabindex"] == "0" and second["label"] != first
    _press(player, Keys.ARROW_LEFT)
    assert _active(player)["label"] == first
    _press(player, Keys.END)
    last = _active(player)["label"]
    _press(player, Keys.ARROW_RIGHT)  # from the last mark round to the first
    assert _active(player)["label"] == first != last
    seen = {first}
    for _ in range(stops[0] - 1):
        _press(player, Keys.ARROW_DOWN)
        seen.add(_active(player)["label"])
    assert len(seen) == stops[0]  # every mark is reached
    holders = player.execute_script(
        "return document.querySelectorAll('#board svg [role=button][tabindex=\"0\"]').length"
    )
    assert holders == 1  # the mark reached last holds the stop


def test_enter_chooses_then_confirms_and_the_focus_stays_on_the_board_after_the_move(
    server: _Server, browsers: Callable[[], webdriver.Chrome]
) -> None:
    player = browsers()
    game = _new_game(server, 2, {"1": "greedy"}, seat=0, seed=8)
    _open_seat(player, server, game)
    for _ in range(2):  # the set-up moves: Enter stages, Enter again sends
        wait_for(player, "the player's set-up", my_turn)
        moves = int(status(player)["moves"])
        player.execute_script("document.querySelector('#board [tabindex=\"0\"]').focus()")
        _press(player, Keys.ARROW_RIGHT, Keys.ENTER)
        assert _nothing_sent(server, game, moves)
        assert player.find_elements(By.CSS_SELECTOR, "#board .staged-boat")
        _press(player, Keys.ENTER)
        wait_for(player, "the set-up move", lambda d, m=moves: _server_moves(server, game) > m)
        wait_for(player, "the bot's reply", my_turn)
        active = _active(player)
        assert active["mark"] and active["tabindex"] == "0", active  # back on the board
    assert _view(server, game)["phase"] != "setup"
    # an expansion: Space adds beaches, Enter on one of them sends it once it is complete
    moves = int(status(player)["moves"])
    for _ in range(30):
        if _confirmable(player):
            break
        chosen = player.execute_script(
            "return !!document.activeElement.closest('.beach.selected, .selected')"
        )
        _press(player, Keys.ARROW_RIGHT if chosen else Keys.SPACE)
    assert _confirmable(player)
    assert _nothing_sent(server, game, moves)
    _press(player, Keys.ENTER)  # on the beach just added: part of the move, so it is sent
    wait_for(player, "the expansion", lambda d: _server_moves(server, game) > moves)
    wait_for(player, "the page to settle", settled)
    assert _active(player)["board"], _active(player)
