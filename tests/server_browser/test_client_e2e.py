"""The browser client of ``tongiaki serve``, end to end, in a real headless chromium.

A real uvicorn server (in a thread, on a free port, with a fresh SQLite file)
serves the client; selenium drives Debian's chromium and chromedriver. One
player creates a game against a bot in the lobby, plays by clicking the board
(beaches, jetties, hexes, then a rotation button for a tile), reloads the page
and keeps the seat, slides back in history, has a stale click refused (409 in
the message line), plays with the keyboard; a second browser watches the moves
arrive over the WebSocket, and both pages reconnect when the server restarts on
the same database. A visitor joins a free seat from the lobby.

``TONGIAKI_SCREENSHOTS=1`` also writes ``docs/images/serve-lobby.png`` and
``docs/images/serve-game.png`` (1280x800) for the docs.
"""

from __future__ import annotations

import json
import os
import random
import shutil
import socket
import threading
import time
import urllib.request
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("fastapi", reason="the server needs the [server] extra (fastapi)")
uvicorn = pytest.importorskip("uvicorn", reason="the server needs the [server] extra (uvicorn)")
pytest.importorskip("selenium", reason="the browser test needs selenium (the [test] extra)")

from selenium import webdriver  # noqa: E402
from selenium.common.exceptions import TimeoutException  # noqa: E402
from selenium.webdriver.chrome.service import Service  # noqa: E402
from selenium.webdriver.common.by import By  # noqa: E402
from selenium.webdriver.common.keys import Keys  # noqa: E402
from selenium.webdriver.remote.webdriver import WebDriver  # noqa: E402
from selenium.webdriver.remote.webelement import WebElement  # noqa: E402
from selenium.webdriver.support.ui import Select, WebDriverWait  # noqa: E402

from tongiaki_rules.server import ServeLimits  # noqa: E402
from tongiaki_rules.server.app import create_app  # noqa: E402

from .playing import play_by_board, settled  # noqa: E402

CHROMIUM = os.environ.get("TONGIAKI_CHROMIUM") or shutil.which("chromium") or "/usr/bin/chromium"
CHROMEDRIVER = (
    os.environ.get("TONGIAKI_CHROMEDRIVER")
    or shutil.which("chromedriver")
    or "/usr/bin/chromedriver"
)
if not (Path(CHROMIUM).is_file() and Path(CHROMEDRIVER).is_file()):
    pytest.skip(
        "needs Debian's chromium and chromium-driver (/usr/bin/chromium, /usr/bin/chromedriver): "
        "apt-get install chromium chromium-driver",
        allow_module_level=True,
    )

SCREENSHOTS = os.environ.get("TONGIAKI_SCREENSHOTS") == "1"
IMAGES = Path(__file__).resolve().parents[2] / "docs" / "images"
WAIT = 20.0  # seconds for anything the page must show; generous for a loaded 2-core machine
HUMAN_MOVES = 10  # moves the player makes before the spectator arrives
_RNG = random.Random(7)  # the board clicks' choices


# ---------------------------------------------------------------------- the server
def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


class _Server:
    """A real uvicorn server in a thread, on a fixed port and SQLite file, that can restart."""

    def __init__(self, db: Path, limits: ServeLimits | None = None) -> None:
        self.db = db
        self.limits = limits
        self.port = _free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        self._uv: Any = None
        self._thread: threading.Thread | None = None

    def start(self) -> None:
        config = uvicorn.Config(
            create_app(self.db, limits=self.limits),
            host="127.0.0.1",
            port=self.port,
            log_level="warning",
            timeout_graceful_shutdown=2,
        )
        self._uv = uvicorn.Server(config)
        self._thread = threading.Thread(target=self._uv.run, name="uvicorn", daemon=True)
        self._thread.start()
        deadline = time.monotonic() + WAIT
        while not self._uv.started:
            if not self._thread.is_alive() or time.monotonic() > deadline:
                pytest.fail("the uvicorn server did not start")
            time.sleep(0.05)

    def stop(self) -> None:
        if self._uv is not None and self._thread is not None:
            self._uv.should_exit = True
            self._thread.join(timeout=WAIT)
            assert not self._thread.is_alive(), "the uvicorn server did not stop"
        self._uv = self._thread = None


@pytest.fixture
def server(tmp_path: Path) -> Iterator[_Server]:
    """A running server with a fresh SQLite database."""
    running = _Server(tmp_path / "games.sqlite3")
    running.start()
    yield running
    running.stop()


# ---------------------------------------------------------------------- browsers
def _browser() -> webdriver.Chrome:
    options = webdriver.ChromeOptions()
    options.binary_location = CHROMIUM
    for argument in (
        "--headless=new",
        "--no-sandbox",
        "--disable-dev-shm-usage",
        "--disable-gpu",
        "--window-size=1280,800",
        "--force-device-scale-factor=1",
    ):
        options.add_argument(argument)
    options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
    driver = webdriver.Chrome(options=options, service=Service(executable_path=CHROMEDRIVER))
    driver.set_page_load_timeout(WAIT)
    return driver


@pytest.fixture
def browsers() -> Iterator[Callable[[], webdriver.Chrome]]:
    """Opens browsers on demand (each its own profile: a separate context); quits them all."""
    opened: list[webdriver.Chrome] = []

    def open_one() -> webdriver.Chrome:
        opened.append(_browser())
        return opened[-1]

    yield open_one
    for driver in opened:
        driver.quit()


def _until(driver: WebDriver, what: str, check: Callable[[WebDriver], object]) -> None:
    """Waits until ``check`` is truthy; fails naming ``what`` with the page's status and message."""
    try:
        WebDriverWait(driver, WAIT, poll_frequency=0.05).until(check)
    except TimeoutException:
        message = driver.find_element(By.ID, "message").text
        status = driver.find_element(By.ID, "status").text if _has(driver, "#status") else ""
        pytest.fail(f"timed out waiting for {what}; status: {status!r}; message: {message!r}")


def _has(driver: WebDriver, css: str) -> bool:
    return bool(driver.find_elements(By.CSS_SELECTOR, css))


# ---------------------------------------------------------------------- the game page
def _status(driver: WebDriver) -> dict[str, str]:
    """The game page's status line as data: moves, at, you, toMove, over."""
    data: dict[str, str] = driver.execute_script(
        "return Object.assign({}, document.getElementById('status').dataset)"
    )
    return data


def _loaded(driver: WebDriver) -> dict[str, str]:
    """The status once the page shows a view of the game."""
    _until(driver, "the game view", lambda d: "moves" in _status(d))
    return _status(driver)


def _moves_are(moves: str) -> Callable[[WebDriver], bool]:
    return lambda driver: _status(driver).get("moves") == moves


def _replied(driver: WebDriver) -> bool:
    """The bots' replies, played after a move's answer and pushed, are on the page: the
    player is to move again, or the game is over."""
    return _status(driver).get("over") == "true" or _my_turn(driver)


def _socket_open(driver: WebDriver) -> bool:
    return driver.find_element(By.ID, "connection").get_attribute("data-state") == "live"


def _my_turn(driver: WebDriver) -> bool:
    status = _status(driver)
    return (
        status.get("over") == "false"
        and status.get("you", "") != ""
        and (status.get("toMove") == status.get("you"))
        and _has(driver, "#legal li button")
    )


def _board_target(driver: WebDriver) -> WebElement | None:
    """A highlighted place on the board: a jetty, a beach, a hex, an island, the group."""
    for css in (
        "#board svg .highlight.jetty",
        "#board svg .highlight.beach",
        "#board svg .highlight.hex",
        "#board svg .highlight",
        "#board svg .group .sea-boat",
    ):
        found = driver.find_elements(By.CSS_SELECTOR, css)
        if found:
            return found[0]
    return None


def _play_one(driver: WebDriver) -> str:
    """Makes the player's next move by the board alone (see :mod:`.playing`); says so."""
    play_by_board(driver, _RNG)
    return "board"


def _create_game_in_lobby(driver: WebDriver, base: str) -> str:
    driver.get(base + "/")
    _until(driver, "the lobby form", lambda d: _has(d, "#seat-1"))
    Select(driver.find_element(By.ID, "players")).select_by_value("2")
    Select(driver.find_element(By.ID, "seat-0")).select_by_value("human")
    Select(driver.find_element(By.ID, "seat-1")).select_by_value("random")
    Select(driver.find_element(By.ID, "end_trigger")).select_by_value("sixteen_on_table")
    Select(driver.find_element(By.ID, "my-seat")).select_by_value("0")
    seed = driver.find_element(By.ID, "seed")
    seed.clear()
    seed.send_keys("7")
    driver.find_element(By.ID, "create").click()
    _until(driver, "the game page", lambda d: "/games/" in d.current_url)
    return driver.current_url.split("/games/", 1)[1].split("#", 1)[0]


# ---------------------------------------------------------------------- the test
def _play_after_each_other(player: WebDriver, spectator: WebDriver, moves: int) -> None:
    """The player plays ``moves`` more moves; each reaches the spectator's page without a reload."""
    for _ in range(moves):
        if _status(player)["over"] == "true":
            return
        _until(player, "the player's turn", _my_turn)
        _play_one(player)
        _until(player, "the bot's reply", _replied)
        now = _status(player)["moves"]
        _until(spectator, f"move {now} to reach the spectator", _moves_are(now))


def _the_board_answers_the_keyboard(player: WebDriver) -> None:
    """A highlighted place takes the focus; Enter chooses it like a click (then Confirm).

    The marks are one stop of the Tab order (a roving tabindex): one has tabindex 0, the
    others -1; each can still take the focus.
    """
    if _status(player)["over"] == "true":
        return
    _until(player, "the player's turn", _my_turn)
    _until(player, "the board to settle", settled)
    before = int(_status(player)["moves"])
    mark = player.find_element(By.CSS_SELECTOR, '#board svg .highlight[tabindex="0"]')
    assert (mark.get_attribute("aria-label") or "").startswith("Choose ")
    for _ in range(8):
        if int(_status(player)["moves"]) > before:
            return
        confirm = player.find_element(By.ID, "confirm")
        if confirm.is_displayed() and confirm.is_enabled():
            player.execute_script("arguments[0].focus()", confirm)
            confirm.send_keys(Keys.ENTER)
            break
        marks = player.find_elements(
            By.CSS_SELECTOR, "#board svg .beach:not(.selected) > .highlight[tabindex]"
        ) or player.find_elements(By.CSS_SELECTOR, "#board svg .highlight[tabindex]")
        player.execute_script("arguments[0].focus()", marks[0])
        marks[0].send_keys(Keys.ENTER)
        time.sleep(0.2)
    _until(player, "the move to land", lambda d: int(_status(d)["moves"]) > before)


_MUTABLE_SOCKET = """
const Native = window.WebSocket;
window.WebSocket = class extends Native {
  addEventListener(type, listener, ...rest) {
    if (type !== "message") return super.addEventListener(type, listener, ...rest);
    const muted = (event) => { if (!window.tongiakiTestMuted) listener(event); };
    return super.addEventListener(type, muted, ...rest);
  }
};
"""


def _let_the_test_mute_the_websocket(driver: WebDriver) -> None:
    """From the next page load on, ``window.tongiakiTestMuted = true`` drops the socket's views."""
    driver.execute_cdp_cmd("Page.addScriptToEvaluateOnNewDocument", {"source": _MUTABLE_SOCKET})


def _a_stale_click_is_refused_in_the_message_line(
    player: WebDriver, base: str, game_id: str
) -> None:
    """A move made elsewhere (the page did not hear of it): the page's click gets 409, said."""
    if _status(player)["over"] == "true":
        return
    _until(player, "the player's turn", _my_turn)
    moves = int(_status(player)["moves"])
    token = player.execute_script(f"return localStorage.getItem('tongiaki:{game_id}:0')")
    player.execute_script("window.tongiakiTestMuted = true")
    request = urllib.request.Request(
        f"{base}/api/games/{game_id}/actions",
        data=json.dumps({"action": 0, "expect_move": moves}).encode(),
        headers={"Content-Type": "application/json", "Authorization": f"Bearer {token}"},
    )
    with urllib.request.urlopen(request, timeout=WAIT) as answer:
        assert answer.status == 200
    assert _status(player)["moves"] == str(moves)  # the page has not heard
    player.find_element(By.CSS_SELECTOR, "#legal-box summary").click()  # the list, as a fallback
    player.find_element(By.CSS_SELECTOR, "#legal li button").click()  # staged
    player.find_element(By.ID, "confirm").click()  # and sent
    _until(player, "the refusal", lambda d: "Too late" in d.find_element(By.ID, "message").text)
    said = player.find_element(By.ID, "message").text
    assert "expect_move" not in said and "game is at move" not in said  # a sentence, not the API's
    _until(player, "the page to catch up", lambda d: int(_status(d)["moves"]) > moves)
    player.execute_script("window.tongiakiTestMuted = false")


def _console_errors(driver: webdriver.Chrome) -> list[str]:
    """The page's console errors since the last call (chromium's browser log, SEVERE entries)."""
    entries: list[dict[str, Any]] = driver.get_log("browser")  # type: ignore[no-untyped-call]
    return [entry["message"] for entry in entries if entry["level"] == "SEVERE"]


def test_a_player_plays_a_bot_by_clicking_the_board_and_a_spectator_sees_the_moves_live(
    server: _Server, browsers: Callable[[], webdriver.Chrome]
) -> None:
    player = browsers()
    game_id = _create_game_in_lobby(player, server.url)
    status = _loaded(player)
    assert status["you"] == "0"
    assert "#token=" not in player.current_url  # the token went to localStorage
    assert player.execute_script(f"return localStorage.getItem('tongiaki:{game_id}:0')")

    ways = [_play_one(player) for _ in range(HUMAN_MOVES)]
    by_board = [way for way in ways if way.startswith("board")]
    assert len(by_board) >= HUMAN_MOVES // 2, ways
    assert "board" in ways, ways  # at least one click on the board played its move at once

    # a reload keeps the game and the seat
    _until(player, "the bot's reply", _replied)
    moves = _loaded(player)["moves"]
    _let_the_test_mute_the_websocket(player)
    player.refresh()
    _until(player, "the reloaded game", _moves_are(moves))
    assert _status(player)["you"] == "0"
    if _status(player)["over"] == "false":
        _until(player, "the legal list after the reload", _my_turn)

    # the history slider: at 0 there is nothing to play; at the end the game is live again
    slider = player.find_element(By.ID, "slider")
    slider.send_keys(Keys.HOME)
    _until(player, "the board at move 0", lambda d: _status(d).get("at") == "0")
    assert not _has(player, "#legal li button")
    slider.send_keys(Keys.END)
    _until(player, "the live game", lambda d: _status(d).get("at") == _status(d).get("moves"))

    _a_stale_click_is_refused_in_the_message_line(player, server.url, game_id)
    _the_board_answers_the_keyboard(player)
    _until(player, "the bot's reply", _replied)
    moves = _status(player)["moves"]

    # a spectator in a second browser sees the next moves arrive over the WebSocket
    spectator = browsers()
    spectator.get(f"{server.url}/games/{game_id}#watch")
    _until(spectator, "the spectator's view", _moves_are(moves))
    _until(spectator, "the WebSocket", _socket_open)
    assert _status(spectator)["you"] == ""
    assert not _has(spectator, "#legal li button")
    _play_after_each_other(player, spectator, 2)
    assert int(_status(spectator)["moves"]) > int(moves)
    assert spectator.find_elements(By.CSS_SELECTOR, "#narration li")

    # the server restarts on the same database: both pages reconnect and play goes on
    moves = _status(player)["moves"]
    server.stop()
    _until(spectator, "the page to notice the lost WebSocket", lambda d: not _socket_open(d))
    server.start()
    for page in (player, spectator):
        _until(page, "the WebSocket to reconnect", _socket_open)
        assert _status(page)["moves"] == moves
    _play_after_each_other(player, spectator, 1)

    if SCREENSHOTS:
        _screenshots(player, spectator, server.url)
    for page in (player, spectator):
        # allowed: a refused connection while the server was down, the stale move's 409
        errors = [
            e
            for e in _console_errors(page)
            if "ERR_CONNECTION_REFUSED" not in e and "409 (Conflict)" not in e
        ]
        assert not errors, errors


def _post_json(url: str, body: dict[str, object]) -> dict[str, object]:
    request = urllib.request.Request(
        url, data=json.dumps(body).encode(), headers={"Content-Type": "application/json"}
    )
    with urllib.request.urlopen(request, timeout=WAIT) as answer:
        assert answer.status == 201
        created: dict[str, object] = json.load(answer)
        return created


def test_a_visitor_joins_a_free_seat_from_the_lobby_and_the_seat_is_then_taken(
    server: _Server, browsers: Callable[[], webdriver.Chrome]
) -> None:
    game_id = str(_post_json(server.url + "/api/games", {"players": 2})["id"])
    visitor = browsers()
    visitor.get(server.url + "/")
    join = f'button.join[data-game="{game_id}"][data-seat="1"]'
    _until(visitor, "the game's free seat in the list", lambda d: _has(d, join))
    visitor.find_element(By.CSS_SELECTOR, join).click()
    _until(visitor, "the game page", lambda d: f"/games/{game_id}" in d.current_url)
    assert _loaded(visitor)["you"] == "1"
    visitor.get(server.url + "/")
    _until(visitor, "the list", lambda d: _has(d, f'tr[data-game="{game_id}"]'))
    assert not _has(visitor, join)
    assert _has(visitor, f'button.join[data-game="{game_id}"][data-seat="0"]')


def _screenshots(player: webdriver.Chrome, other: webdriver.Chrome, base: str) -> None:
    IMAGES.mkdir(parents=True, exist_ok=True)
    metrics = {"width": 1280, "height": 800, "deviceScaleFactor": 1, "mobile": False}
    for driver in (player, other):
        driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", metrics)
    # the game page's pictures come from test_client_board.py
    for body in ({"players": 3, "seats": {"2": "greedy"}}, {"players": 4, "seats": {"1": "mcts"}}):
        _post_json(base + "/api/games", body)
    other.get(base + "/")
    _until(other, "the games list", lambda d: _has(d, "#games tbody tr"))
    other.save_screenshot(str(IMAGES / "serve-lobby.png"))
