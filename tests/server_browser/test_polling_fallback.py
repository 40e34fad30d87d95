"""The game page polls the view when its WebSocket fails, in a real headless chromium.

Two real ``tongiaki serve`` processes share one SQLite file. The page is
served by the first; its WebSocket is broken in the browser before the page
loads: it opens and then never says anything, as a connection a proxy
dropped without closing it. The opponent moves through the second process.
The page still shows the move: it polls the view over HTTP while its socket
is silent (``static/fallback.js``; it polls every 2 s while the socket is
closed, too, where the reconnection's backoff grows to 10 s). Without the
fallback this page would never show the move.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

httpx = pytest.importorskip("httpx", reason="the test talks HTTP with httpx")

from selenium.webdriver.support.ui import WebDriverWait  # noqa: E402
from tests.server.live import http_client, live_server  # noqa: E402

from .test_client_e2e import _browser, webdriver  # the browser (and the skips)  # noqa: E402

WAIT = 30.0  # the page falls back after 10 s of silence, then polls every 3 s

# Replaces the browser's WebSocket before the page's scripts run.
SILENT = """
window.WebSocket = class extends EventTarget {
  constructor(url) {
    super();
    this.readyState = 0;
    setTimeout(() => { this.readyState = 1; this.dispatchEvent(new Event("open")); }, 50);
  }
  send() {}
  close() {}
};
"""


@pytest.fixture
def browser() -> Iterator[webdriver.Chrome]:
    driver = _browser()
    yield driver
    driver.quit()


def _moves_shown(driver: webdriver.Chrome) -> str | None:
    moves: str | None = driver.execute_script(
        "return document.getElementById('status').dataset.moves ?? null"
    )
    return moves


def test_a_page_whose_socket_falls_silent_still_shows_a_move_made_through_another_process(
    browser: webdriver.Chrome, tmp_path: Path
) -> None:
    db = tmp_path / "games.sqlite3"
    browser.execute_cdp_cmd("Page.addScriptToEvaluateOnNewDocument", {"source": SILENT})
    with live_server(db) as (_a, first), live_server(db) as (_b, second):
        game = http_client().post(f"{first}/api/games", json={"players": 2, "seat": 0}).json()
        gid = game["id"]
        tokens = [
            game["token"],
            http_client().post(f"{first}/api/games/{gid}/seats/1", json={}).json()["token"],
        ]
        browser.get(f"{first}/games/{gid}#watch")
        WebDriverWait(browser, WAIT).until(lambda d: _moves_shown(d) is not None)
        before = int(_moves_shown(browser) or 0)
        to_move = http_client().get(f"{second}/api/games/{gid}").json()["to_move"]
        headers = {"Authorization": f"Bearer {tokens[to_move]}"}
        view = http_client().get(f"{second}/api/games/{gid}", headers=headers).json()
        assert view["moves"] == before and "legal" in view
        moved = http_client().post(
            f"{second}/api/games/{gid}/actions",
            json={"action": 0, "expect_move": view["moves"]},
            headers=headers,
        )
        assert moved.status_code == 200
        after = str(moved.json()["moves"])
        WebDriverWait(browser, WAIT, poll_frequency=0.2).until(lambda d: _moves_shown(d) == after)
