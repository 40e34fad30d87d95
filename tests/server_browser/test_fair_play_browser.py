"""The seat flow and browser safety in a real headless chromium.

A page on another origin (a second local port) tries what the issue found
working: a body-less ``no-cors`` fetch that claimed a seat, a ``text/plain``
one, and a WebSocket to the game; all are refused and the seat stays free.
Then the seat flow: an unlisted game created in the lobby shows an
invitation link, a friend's browser takes the seat with it, and leaves it.
"""

from __future__ import annotations

import http.server
import json
import threading
import time
import urllib.request
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from .test_client_e2e import (
    WAIT,
    _free_port,
    _has,
    _loaded,
    _Server,
    _status,
    _until,
    browsers,  # noqa: F401  (a fixture)
    create_app,
    uvicorn,
)

pytest.importorskip("selenium", reason="the browser test needs selenium (the [test] extra)")
from selenium import webdriver
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import Select

_ATTACK = """<!doctype html><html><head><meta charset="utf-8"><title>evil</title></head>
<body><script>
window.results = {};
const target = "%(target)s", game = "%(game)s";
async function attack() {
  try {
    await fetch(`${target}/api/games/${game}/seats/1`, {method: "POST", mode: "no-cors"});
    window.results.bare = "sent";
  } catch (e) { window.results.bare = "error " + e; }
  try {
    await fetch(`${target}/api/games/${game}/seats/1`, {method: "POST", mode: "no-cors",
      headers: {"Content-Type": "text/plain"}, body: "{}"});
    window.results.plain = "sent";
  } catch (e) { window.results.plain = "error " + e; }
  const socket = new WebSocket(`${target.replace("http", "ws")}/api/games/${game}/ws`);
  socket.onopen = () => { socket.send(JSON.stringify({type: "hello", token: null})); };
  socket.onmessage = () => { window.results.socket = "read the game"; };
  socket.onclose = (event) => { window.results.socket ??= "closed " + event.code; };
}
attack();
</script></body></html>"""


class _SafeServer(_Server):
    """The server as ``tongiaki serve`` sets it up on loopback: Host names checked."""

    def start(self) -> None:
        config = uvicorn.Config(
            create_app(self.db, allowed_hosts=["127.0.0.1", "localhost", "::1"]),
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


@pytest.fixture
def server(tmp_path: Path) -> Iterator[_Server]:
    running = _SafeServer(tmp_path / "games.sqlite3")
    running.start()
    yield running
    running.stop()


@pytest.fixture
def other_origin(tmp_path: Path) -> Iterator[tuple[str, Path]]:
    """A plain file server on a second local port: another origin."""
    folder = tmp_path / "evil"
    folder.mkdir()

    class Quiet(http.server.SimpleHTTPRequestHandler):
        def __init__(self, *args: Any, **kwargs: Any) -> None:
            super().__init__(*args, directory=str(folder), **kwargs)

        def log_message(self, *args: Any) -> None:
            pass

    port = _free_port()
    httpd = http.server.ThreadingHTTPServer(("127.0.0.1", port), Quiet)
    thread = threading.Thread(target=httpd.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{port}", folder
    httpd.shutdown()
    httpd.server_close()


def _post_json(url: str, body: dict[str, Any]) -> dict[str, Any]:
    request = urllib.request.Request(
        url, data=json.dumps(body).encode(), headers={"Content-Type": "application/json"}
    )
    with urllib.request.urlopen(request, timeout=WAIT) as answer:
        created: dict[str, Any] = json.load(answer)
        return created


def _seats_free(base: str, game_id: str) -> list[bool]:
    with urllib.request.urlopen(f"{base}/api/games", timeout=WAIT) as answer:
        games = json.load(answer)["games"]
    return [s["free"] for s in next(g for g in games if g["id"] == game_id)["seats"]]


def test_a_page_on_another_origin_cannot_claim_a_seat_or_read_the_socket(
    server: _Server,
    other_origin: tuple[str, Path],
    browsers: Callable[[], webdriver.Chrome],  # noqa: F811
) -> None:
    game = _post_json(server.url + "/api/games", {"players": 2, "seat": 0})
    origin, folder = other_origin
    (folder / "attack.html").write_text(_ATTACK % {"target": server.url, "game": game["id"]})
    page = browsers()
    page.get(f"{origin}/attack.html")
    _results = "return window.results"
    _until_done = lambda d: {"bare", "plain", "socket"} <= set(d.execute_script(_results) or {})  # noqa: E731
    deadline = time.monotonic() + WAIT
    while not _until_done(page) and time.monotonic() < deadline:
        time.sleep(0.1)
    results = page.execute_script(_results)
    # both requests reach the server (415); chromium then hides the answer from the page
    # (Cross-Origin-Resource-Policy), so the page sees "sent" or "Failed to fetch"
    assert {results["bare"][:4], results["plain"][:4]} <= {"sent", "erro"}, results
    assert results["socket"].startswith("closed"), results  # the handshake was refused
    assert _seats_free(server.url, game["id"]) == [False, True]


def test_an_invited_friend_takes_a_seat_of_an_unlisted_game_and_leaves_it(
    server: _Server,
    browsers: Callable[[], webdriver.Chrome],  # noqa: F811
) -> None:
    host = browsers()
    host.get(server.url + "/")
    _until(host, "the lobby form", lambda d: _has(d, "#seat-1"))
    Select(host.find_element(By.ID, "players")).select_by_value("2")
    Select(host.find_element(By.ID, "seat-0")).select_by_value("human")
    Select(host.find_element(By.ID, "seat-1")).select_by_value("human")
    Select(host.find_element(By.ID, "my-seat")).select_by_value("0")
    host.find_element(By.ID, "unlisted").click()
    host.find_element(By.ID, "create").click()
    _until(host, "the game page", lambda d: "/games/" in d.current_url)
    game_id = host.current_url.split("/games/", 1)[1].split("#", 1)[0]
    assert _loaded(host)["you"] == "0"
    assert "token" not in host.current_url
    _until(host, "the invitation link", lambda d: _has(d, "#invite-1"))
    link = host.find_element(By.ID, "invite-1").get_attribute("value") or ""
    assert link.startswith(f"{server.url}/games/{game_id}#") and "invite=" in link
    with urllib.request.urlopen(f"{server.url}/api/games", timeout=WAIT) as answer:
        assert game_id not in json.dumps(json.load(answer))  # unlisted

    friend = browsers()
    friend.get(link)
    _until(friend, "the take-seat button", lambda d: _has(d, 'button.take-seat[data-seat="1"]'))
    friend.find_element(By.CSS_SELECTOR, 'button.take-seat[data-seat="1"]').click()
    _until(friend, "the friend to hold seat 1", lambda d: _status(d).get("you") == "1")
    held = friend.execute_script(f"return localStorage.getItem('tongiaki:{game_id}:1')")
    assert held and "invite" not in friend.current_url
    friend.refresh()
    assert _loaded(friend)["you"] == "1"  # kept per game and seat

    _until(friend, "the leave button", lambda d: _has(d, "button.leave-seat"))
    friend.find_element(By.CSS_SELECTOR, "button.leave-seat").click()
    _until(friend, "the friend to watch", lambda d: _status(d).get("you", "") == "")
    assert friend.execute_script(f"return localStorage.getItem('tongiaki:{game_id}:1')") is None
    request = urllib.request.Request(
        f"{server.url}/api/games/{game_id}", headers={"Authorization": f"Bearer {held}"}
    )
    with pytest.raises(urllib.error.HTTPError) as revoked:
        urllib.request.urlopen(request, timeout=WAIT)
    assert revoked.value.code == 401
    assert "Leave seat" not in friend.find_element(By.ID, "seats").text
    host.save_screenshot(str(Path(server.db).parent / "host.png"))
