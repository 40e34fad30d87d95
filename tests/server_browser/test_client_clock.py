"""A game's clock in the browser (issue 39, point 4): chosen in the lobby within the server's
bounds, with what happens when it runs out said there; shown on each seat of the game, the
seat to move counting down; and, when it runs out, the move made for the seat by the server's
greedy bot while the player keeps the seat.

Two people play: Ana creates a two-seat game with a 4-second clock in the lobby (the server
allows clocks from 4 seconds), Bo joins its other seat from the lobby under his name; nobody
moves, and the clock runs out twice, a move made for each seat in turn.

``TONGIAKI_SCREENSHOTS=1`` also writes ``docs/images/serve-clock.png`` (1280x800).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

pytest.importorskip("fastapi", reason="the server needs the [server] extra (fastapi)")
pytest.importorskip("selenium", reason="the browser test needs selenium (the [test] extra)")

from selenium import webdriver
from selenium.webdriver.common.by import By
from selenium.webdriver.remote.webdriver import WebDriver
from selenium.webdriver.support.ui import Select

from tongiaki_rules.server import ServeLimits

from .test_client_board import AXE, _axe
from .test_client_e2e import (
    IMAGES,
    SCREENSHOTS,
    _console_errors,
    _has,
    _Server,
    _until,
    browsers,
)

__all__ = ["browsers"]  # fixtures used by name below

CLOCK = 4  # seconds a move: the shortest this test's server allows
LEFT = re.compile(r"(\d+):(\d\d) left")


@pytest.fixture
def quick_clocks(tmp_path: Path) -> Iterator[_Server]:
    """A server whose games may have clocks from 4 seconds to an hour a move."""
    running = _Server(tmp_path / "games.sqlite3", ServeLimits(min_clock=CLOCK, max_clock=3600))
    running.start()
    yield running
    running.stop()


def _clock_of(driver: WebDriver, seat: int, where: str = "#score-table") -> str:
    """The clock shown on ``seat`` (read in one script: the page redraws it every second)."""
    css = f'{where} .seat-clock[data-seat="{seat}"]'
    return str(
        driver.execute_script(
            "const n = document.querySelector(arguments[0]); return n ? n.textContent : ''", css
        )
    )


def _text(driver: WebDriver, css: str) -> str:
    return str(
        driver.execute_script("return document.querySelector(arguments[0]).textContent", css)
    )


def _state(driver: WebDriver) -> dict[str, str]:
    """The game page's status as data; nothing while the page is still the lobby."""
    found: dict[str, str] = driver.execute_script(
        "const s = document.getElementById('status');return s ? Object.assign({}, s.dataset) : {}"
    )
    return found


def _moves(driver: WebDriver) -> int:
    return int(_state(driver).get("moves") or 0)


def _left(driver: WebDriver, seat: int) -> float | None:
    match = LEFT.search(_clock_of(driver, seat))
    return None if match is None else int(match[1]) * 60 + int(match[2])


def test_two_named_players_see_their_clocks_run_out_and_the_server_moves_for_them(
    quick_clocks: _Server, browsers: Callable[[], webdriver.Chrome]
) -> None:
    base = quick_clocks.url
    ana, bo = browsers(), browsers()
    # the lobby offers the clocks within the server's bounds, and says what running out does
    ana.get(base + "/")
    for page in (ana, bo):  # moves shown at once: the test times the clock, not animations
        page.get(base + "/")
        page.execute_script("localStorage.setItem('tongiaki:speed', 'instant')")
    _until(ana, "the clocks", lambda d: len(Select(d.find_element(By.ID, "clock")).options) > 1)
    offered = [o.text for o in Select(ana.find_element(By.ID, "clock")).options]
    assert offered == [
        "No clock",
        "0:04 a move",
        "0:30 a move",
        "1:00 a move",
        "2:00 a move",
        "5:00 a move",
        "10:00 a move",
        "1:00:00 a move",
    ]
    note = ana.find_element(By.ID, "clock-note").text
    assert "the server's greedy bot makes that move for it" in note
    assert "keeps the seat" in note
    # Ana creates the game: two human seats, her name, the shortest clock
    Select(ana.find_element(By.ID, "players")).select_by_value("2")
    Select(ana.find_element(By.ID, "seat-1")).select_by_value("human")
    Select(ana.find_element(By.ID, "my-seat")).select_by_value("0")
    ana.find_element(By.ID, "player-name").send_keys("Ana")
    Select(ana.find_element(By.ID, "clock")).select_by_value(str(CLOCK))
    ana.find_element(By.ID, "create").click()
    _until(ana, "the game page", lambda d: "/games/" in d.current_url)
    gid = ana.current_url.split("/games/", 1)[1].split("#", 1)[0]
    # the clock waits for a free seat to be taken: no seat runs out alone
    _until(ana, "the game", lambda d: _state(d).get("you") == "0")
    assert _clock_of(ana, 0) == f"0:0{CLOCK} a move"
    # Bo joins seat 1 from the lobby, under his name
    bo.get(base + "/")
    bo.find_element(By.ID, "player-name").send_keys("Bo")
    join = f'button.join[data-game="{gid}"][data-seat="1"]'
    _until(bo, "the game in the list", lambda d: _has(d, join))
    bo.find_element(By.CSS_SELECTOR, join).click()
    _until(bo, "the game page", lambda d: "/games/" in d.current_url)
    _until(bo, "Bo's seat", lambda d: _state(d).get("you") == "1")
    # both pages name both players, and the seat to move counts down
    for page in (ana, bo):
        _until(page, "both names", lambda d: "Bo" in _text(d, "#score-table"))
        assert "Ana" in _text(page, "#score-table")
    first = int(_state(ana)["toMove"])
    other = 1 - first
    _until(ana, "the running clock", lambda d: _left(d, first) is not None)
    _until(bo, "the running clock", lambda d: _left(d, first) is not None)
    assert _clock_of(ana, other) == f"0:0{CLOCK} a move"
    assert LEFT.search(_clock_of(bo, first, "#seats"))  # the seats' list shows it too
    start = _left(ana, first)
    assert start is not None and 0 < start <= CLOCK
    _until(ana, "a second gone", lambda d: (_left(d, first) or CLOCK) < start)
    if SCREENSHOTS:
        IMAGES.mkdir(parents=True, exist_ok=True)
        bo.save_screenshot(str(IMAGES / "serve-clock.png"))
    if AXE.is_file():  # the clocks on the seats, running, leave the page accessible
        assert [(v["id"], v["help"]) for v in _axe(bo)] == []
    # nobody moves: the server's bot makes the move, the seat stays its player's
    _until(ana, "the first move made for the seat", lambda d: _moves(d) >= 1)
    _until(bo, "the move seen by the other", lambda d: _moves(d) >= 1)
    assert _state(ana)["you"] == "0" and _state(bo)["you"] == "1"
    # then the next seat's clock runs, and runs out in its turn
    _until(bo, "the next clock", lambda d: _left(d, int(_state(d).get("toMove") or -1)) is not None)
    _until(bo, "the second move made", lambda d: _moves(d) >= 2)
    assert _state(bo)["you"] == "1"
    assert "Bo" in _text(bo, "#score-table")
    assert _console_errors(ana) == [] and _console_errors(bo) == []
