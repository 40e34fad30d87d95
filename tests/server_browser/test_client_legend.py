"""The board's legend in the browser (issue 39, point 2): every symbol the board draws has an
entry, a drawn sample beside its words; it opens from the board's toolbar or its own summary
by the keyboard alone, speaks the page's language, and axe-core finds nothing serious in it.

``TONGIAKI_SCREENSHOTS=1`` also writes ``docs/images/serve-legend.png`` (1280x800).
"""

from __future__ import annotations

from collections.abc import Callable

import pytest

pytest.importorskip("fastapi", reason="the server needs the [server] extra (fastapi)")
pytest.importorskip("selenium", reason="the browser test needs selenium (the [test] extra)")

from selenium import webdriver
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.remote.webdriver import WebDriver

from .playing import settled, status, wait_for
from .test_client_board import AXE, _axe, _finish, _new_game, _open_seat
from .test_client_e2e import (
    IMAGES,
    SCREENSHOTS,
    _console_errors,
    _Server,
    browsers,
    server,
)

__all__ = ["browsers", "server"]  # fixtures used by name below

DRAWN = {
    "island": ".tile.island",
    "beach": ".beach",
    "jetty": ".jetty",
    "ocean": ".tile.ocean",
    "route-number": "text.route-number",
    "marker": ".marker",
    "boat": ".boat",
    "king": ".king",
    "open-sea": ".open-sea polygon",
}
"""What the library's board draws, by the legend entry that explains it."""

SYMBOLS = [
    *DRAWN,
    "statue-target",  # the crown mark the client adds where a royal island may be founded
    "group",  # boats under way (and the next tile's place)
    "highlight",  # the choices of the decision at hand
    "staged",  # the move waiting for Confirm
]

ENGLISH = ("beach", "jetty", "boat", "island", "route", "tile", "crown", "choose", "the ")


def _entries(driver: WebDriver) -> dict[str, str]:
    return dict(
        driver.execute_script(
            "return [...document.querySelectorAll('#legend li')]"
            ".map(li => [li.dataset.symbol, li.textContent.trim()])"
        )
    )


def _focused(driver: WebDriver, css: str) -> bool:
    return bool(driver.execute_script("return document.activeElement.matches(arguments[0])", css))


def _tab_to(driver: WebDriver, css: str, presses: int = 60) -> int:
    for count in range(presses):
        if _focused(driver, css):
            return count
        driver.switch_to.active_element.send_keys(Keys.TAB)
    raise AssertionError(f"Tab never reached {css}")


def test_the_legend_explains_every_symbol_of_a_finished_six_player_board(
    server: _Server, browsers: Callable[[], webdriver.Chrome]
) -> None:
    done = _new_game(server, 6, {str(k): "greedy" for k in range(6)}, seed=11)
    _finish(server, done["id"])
    page = browsers()
    page.get(f"{server.url}/games/{done['id']}#watch")
    wait_for(page, "the board", lambda d: d.find_elements(By.CSS_SELECTOR, "#board svg .tile"))
    entries = _entries(page)
    assert sorted(entries) == sorted(SYMBOLS)
    assert all(len(text) > 40 for text in entries.values()), entries
    assert len(page.find_elements(By.CSS_SELECTOR, "#legend li svg.legend-sample")) == len(SYMBOLS)
    drawn = [
        symbol
        for symbol, css in DRAWN.items()
        if page.find_elements(By.CSS_SELECTOR, f"#board svg {css}")
    ]
    assert {"island", "beach", "jetty", "ocean", "route-number", "marker", "boat"} <= set(drawn)
    # closed at first: the board keeps the room; each entry's words at least 11 CSS px once open
    assert not page.find_element(By.ID, "legend").get_attribute("open")
    page.find_element(By.CSS_SELECTOR, "#legend summary").click()
    smallest = page.execute_script(
        "return Math.min(...[...document.querySelectorAll('#legend li span')]"
        ".map(s => parseFloat(getComputedStyle(s).fontSize)))"
    )
    assert smallest >= 11, smallest
    assert _console_errors(page) == []


def test_the_legend_opens_by_the_keyboard_speaks_the_language_and_passes_axe(
    server: _Server, browsers: Callable[[], webdriver.Chrome]
) -> None:
    page = browsers()
    game = _new_game(server, 2, {"1": "greedy"}, seat=0, seed=8)
    _open_seat(page, server, game)
    english = _entries(page)
    # from the page's start, Tab reaches the toolbar's Legend button; Enter opens the legend
    # and puts the focus on its summary; Enter there closes and opens it again
    page.execute_script("document.activeElement.blur()")
    tabs = _tab_to(page, "#show-legend")
    assert tabs <= 20, tabs  # the top bar, the language, the zoom tools, then Legend
    page.switch_to.active_element.send_keys(Keys.ENTER)
    wait_for(
        page, "the legend open", lambda d: d.find_element(By.ID, "legend").get_attribute("open")
    )
    assert _focused(page, "#legend summary")
    page.switch_to.active_element.send_keys(Keys.ENTER)
    wait_for(page, "closed", lambda d: not d.find_element(By.ID, "legend").get_attribute("open"))
    page.switch_to.active_element.send_keys(Keys.ENTER)
    wait_for(page, "open again", lambda d: d.find_element(By.ID, "legend").get_attribute("open"))
    if SCREENSHOTS:
        IMAGES.mkdir(parents=True, exist_ok=True)
        page.execute_script("document.getElementById('legend').scrollIntoView()")
        page.save_screenshot(str(IMAGES / "serve-legend.png"))
    if AXE.is_file():
        problems = [(v["id"], v["impact"], v["help"]) for v in _axe(page)]
        assert problems == []
    # in German every entry is German: none left in English, no English game word in it
    page.execute_script("localStorage.setItem('tongiaki:language', 'de')")
    page.refresh()
    wait_for(page, "the game view", lambda d: "moves" in status(d) and settled(d))
    german = _entries(page)
    assert page.find_element(By.CSS_SELECTOR, "#show-legend").text == "Legende"
    assert list(german) == list(english)
    for symbol, text in german.items():
        assert text != english[symbol]
        assert not [w for w in ENGLISH if w in text.lower()], (symbol, text)
    assert _console_errors(page) == []
    if not AXE.is_file():
        pytest.skip(f"the legend passed, but axe-core is not installed at {AXE}")
