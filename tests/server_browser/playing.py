"""Playing the browser client by the board alone: the moves a player makes with clicks on it.

Shared by the browser tests (issue 27). A move is made by clicking what the
board marks (a beach, a jetty, a hex, a statue, a boat under way), then the
selection's own buttons on the board's panel (a boat's colour to berth, New
Colonisation when it is the only choice, and Confirm, which sends every
staged move since issue 39). The list of legal actions is never opened.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable

from selenium.common.exceptions import (
    ElementClickInterceptedException,
    ElementNotInteractableException,
    MoveTargetOutOfBoundsException,
    StaleElementReferenceException,
)
from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.by import By
from selenium.webdriver.remote.webdriver import WebDriver
from selenium.webdriver.remote.webelement import WebElement

WAIT = 30.0


def status(driver: WebDriver) -> dict[str, str]:
    """The game page's status line as data: moves, at, you, toMove, over."""
    data: dict[str, str] = driver.execute_script(
        "return Object.assign({}, document.getElementById('status').dataset)"
    )
    return data


def wait_for(driver: WebDriver, what: str, check: Callable[[WebDriver], object]) -> None:
    deadline = time.monotonic() + WAIT
    while time.monotonic() < deadline:
        try:
            if check(driver):
                return
        except StaleElementReferenceException:
            pass
        time.sleep(0.05)
    message = driver.find_element(By.ID, "message").text
    raise AssertionError(f"timed out waiting for {what}; status {status(driver)}; {message!r}")


def settled(driver: WebDriver) -> bool:
    """No animation runs and the board shows the live game."""
    return bool(
        driver.execute_script(
            "const c = document.body.classList; return !c.contains('animating') && "
            "!c.contains('busy') && !c.contains('drawing') && document.body.dataset.shown === "
            "document.getElementById('status').dataset.moves"
        )
    )


def my_turn(driver: WebDriver) -> bool:
    s = status(driver)
    return (
        settled(driver)
        and s.get("over") == "false"
        and s.get("you", "") != ""
        and s.get("toMove") == s.get("you")
    )


def over_or_my_turn(driver: WebDriver) -> bool:
    return (settled(driver) and status(driver).get("over") == "true") or my_turn(driver)


_POINT = """
const node = arguments[0];
let x, y;
if (node.tagName === "path") {
  // a point on the stroke itself: the middle of a curved beach is not inside its box's centre
  const p = node.getPointAtLength(node.getTotalLength() / 2);
  const q = new DOMPoint(p.x, p.y).matrixTransform(node.getScreenCTM());
  [x, y] = [q.x, q.y];
} else {
  const r = node.getBoundingClientRect();
  [x, y] = [r.left + r.width / 2, r.top + r.height / 2];
}
const box = document.getElementById("board").getBoundingClientRect();
const inside = x > box.left + 2 && x < box.right - 2 && y > box.top + 2 && y < box.bottom - 2;
const top = inside ? document.elementFromPoint(x, y) : null;
// a point under the phone's bottom sheet (or off the screen) is out of reach until scrolled
return [x, y, inside && !!top && top.closest("#board") !== null];
"""


def click(driver: WebDriver, element: WebElement) -> None:
    """A real mouse click: on a board mark at a point of it, else at the element's centre."""
    on_board = driver.execute_script("return !!arguments[0].closest('#board svg')", element)
    if on_board:
        x, y, reachable = driver.execute_script(_POINT, element)
        if not reachable:  # under the sheet or off the screen: scroll it up, as a player would
            driver.execute_script("window.scrollBy(0, arguments[0] - innerHeight * 0.35)", y)
            x, y, reachable = driver.execute_script(_POINT, element)
        if not reachable:  # out of the board's view: zoom to the choices, as a player would
            click(driver, driver.find_element(By.ID, "zoom-choices"))
            x, y, reachable = driver.execute_script(_POINT, element)
        if not reachable and driver.execute_script(_TO_OVERVIEW, element):
            # a crowded board shows the choices' part readable: the overview shows the rest, a
            # click there moves the view to the mark, as a player would
            x, y, reachable = driver.execute_script(_POINT, element)
        if not reachable:  # no overview in sight: the whole board, as a player would
            click(driver, driver.find_element(By.ID, "zoom-fit"))
            x, y, reachable = driver.execute_script(_POINT, element)
        if reachable:
            for kind in ("mousePressed", "mouseReleased"):
                driver.execute_cdp_cmd(
                    "Input.dispatchMouseEvent",
                    {"type": kind, "x": x, "y": y, "button": "left", "clickCount": 1},
                )
            return
    try:
        driver.execute_script("arguments[0].scrollIntoView({block: 'center'})", element)
        ActionChains(driver).move_to_element(element).click().perform()
    except (
        ElementClickInterceptedException,
        ElementNotInteractableException,
        MoveTargetOutOfBoundsException,
    ):
        driver.execute_script(
            "arguments[0].dispatchEvent(new MouseEvent('click', {bubbles: true}))", element
        )


# clicks the overview (if shown) where the board mark arguments[0] lies; whether it did
_TO_OVERVIEW = """
const overview = document.getElementById('overview');
if (!overview || overview.hidden) return false;
const b = arguments[0].getBBox();
const ctm = overview.querySelector('svg').getScreenCTM();
const p = new DOMPoint(b.x + b.width / 2, b.y + b.height / 2).matrixTransform(ctm);
overview.dispatchEvent(new MouseEvent('click', {bubbles: true, clientX: p.x, clientY: p.y}));
return true;
"""


def _visible(driver: WebDriver, css: str) -> list[WebElement]:
    return [e for e in driver.find_elements(By.CSS_SELECTOR, css) if e.is_displayed()]


def board_marks(driver: WebDriver) -> list[WebElement]:
    """What the board marks as choosable now (the beaches of an expansion under way first)."""
    kind = driver.execute_script("return document.getElementById('selection').dataset.kind")
    island = driver.execute_script("return document.getElementById('selection').dataset.island")
    if kind == "expand" and island:
        beaches = driver.find_elements(
            By.CSS_SELECTOR,
            f'#board svg [data-pos="{island}"] .beach:not(.selected) > .highlight',
        )
        if beaches:
            return beaches
    marks = driver.find_elements(
        By.CSS_SELECTOR,
        "#board svg .highlight:not(.island):not(.group-box):not(.jetty-arrow):not(.jetty),"
        " #board svg .jetty-hit",
    )
    return marks or driver.find_elements(By.CSS_SELECTOR, "#board svg .group .sea-boat")


def play_by_board(driver: WebDriver, rng: random.Random) -> int:
    """Makes the player's move by the board alone; the number of clicks it took."""
    wait_for(driver, "the player's turn", my_turn)
    before = int(status(driver)["moves"])
    for clicks in range(40):
        if int(status(driver)["moves"]) > before:
            return clicks
        picks = _visible(driver, "#colour-pick button")
        confirm = _visible(driver, "#confirm")
        marks = board_marks(driver)
        if picks:
            click(driver, rng.choice(picks))
        elif confirm and confirm[0].is_enabled():
            if _visible(driver, "#rotate-right") and rng.random() < 0.5:
                click(driver, _visible(driver, "#rotate-right")[0])
            click(driver, confirm[0])
        elif marks:
            click(driver, rng.choice(marks))
        elif _visible(driver, "#extra-actions button"):
            click(driver, _visible(driver, "#extra-actions button")[0])
        else:
            raise AssertionError(f"nothing to click on the board; status {status(driver)}")
        if driver.find_element(By.ID, "show-all").is_displayed():  # the list, narrowed
            listed = driver.execute_script(
                "return [...document.querySelectorAll('#legal li')].map(li => li.textContent)"
            )
            raise AssertionError(f"a board click fell back to the list: {listed}")
        time.sleep(0.05)
        wait_for(driver, "the page to answer the click (and its animation to end)", settled)
    raise AssertionError(f"40 clicks did not make a move; status {status(driver)}")
