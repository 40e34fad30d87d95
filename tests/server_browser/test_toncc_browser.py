"""Tóncc and the two-colour variant in the browser (issue 39, point 6), in Chromium.

A whole Tóncc game against two bots, created in the lobby and played by clicks on the board's
rings, each staged and then confirmed; two people in two browsers, each with a name, whose
choices stay secret until both chose; the two-colour variant chosen in the lobby and reported
by the server's record; axe-core on the Tóncc page; the board's labels measured in CSS px.

``TONGIAKI_SCREENSHOTS=1`` also writes ``docs/images/serve-toncc*.png`` and
``docs/images/serve-lobby-toncc.png`` (1280x800).
"""

from __future__ import annotations

import json
import random
import urllib.request
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from tongiaki_rules.server import ServeLimits

from .test_client_board import AXE, Keys, _axe, _desktop, _figure, _phone, _shot
from .test_client_e2e import (  # the server, the browsers and the page helpers (and skips)
    By,
    WebDriver,
    _console_errors,
    _has,
    _Server,
    _until,
    browsers,
    server,
    webdriver,
)

__all__ = ["browsers", "server"]  # fixtures used by name below

_RNG = random.Random(39)


def _api(base: str, path: str, body: dict[str, Any] | None = None) -> Any:
    data = None if body is None else json.dumps(body).encode()
    request = urllib.request.Request(
        base + path, data=data, headers={"Content-Type": "application/json"}
    )
    with urllib.request.urlopen(request, timeout=30) as answer:
        return json.load(answer)


def _status(driver: WebDriver) -> dict[str, str]:
    data: dict[str, str] = driver.execute_script(
        "return Object.assign({}, document.getElementById('status').dataset)"
    )
    return data


def _choosing_or_over(driver: WebDriver) -> bool:
    status = _status(driver)
    return status.get("over") == "true" or (
        status.get("choosing") == "true" and _has(driver, "#board .toncc-mark")
    )


def _pick(driver: WebDriver, name: str, value: str) -> None:
    driver.execute_script(
        "const s = document.getElementById(arguments[0]); s.value = arguments[1];"
        "s.dispatchEvent(new Event('change'))",
        name,
        value,
    )


def _create_in_lobby(driver: WebDriver, base: str, settings: Callable[[WebDriver], None]) -> str:
    """Opens the lobby, lets ``settings`` fill the form, creates the game; its id."""
    driver.get(base + "/")
    _until(driver, "the lobby's seats", lambda d: _has(d, "#seat-choices select"))
    settings(driver)
    driver.find_element(By.ID, "create").click()
    _until(driver, "the game's page", lambda d: "/games/" in d.current_url)
    return str(driver.current_url.split("/games/")[1].split("#")[0])


def _toncc_with_bots(driver: WebDriver) -> None:
    _pick(driver, "game-kind", "toncc")
    _pick(driver, "seat-1", "greedy")
    _pick(driver, "seat-2", "random")
    name = driver.find_element(By.ID, "player-name")
    name.clear()
    name.send_keys("Ana")


def _play_a_round_by_clicks(driver: WebDriver) -> tuple[int, bool]:
    """Stages a random ring, checks nothing is sent, stages another, confirms; moves after."""
    moves = _status(driver)["moves"]
    rings = driver.find_elements(By.CSS_SELECTOR, "#board .toncc-mark")
    assert len(rings) == 6
    first, index = _RNG.sample([r.get_attribute("data-index") for r in rings], 2)
    driver.find_element(By.CSS_SELECTOR, f'#board .toncc-mark[data-index="{first}"]').click()
    assert _status(driver)["moves"] == moves  # a click only stages the move
    staged = driver.find_elements(By.CSS_SELECTOR, "#board .toncc-mark.staged")
    assert [r.get_attribute("data-index") for r in staged] == [first]
    driver.find_element(By.CSS_SELECTOR, f'#board .toncc-mark[data-index="{index}"]').click()
    changed = driver.find_elements(By.CSS_SELECTOR, "#board .toncc-mark.staged")
    assert [r.get_attribute("data-index") for r in changed] == [index]  # changed, not sent
    assert _status(driver)["moves"] == moves
    driver.find_element(By.ID, "confirm").click()
    _until(driver, "the round played", lambda d: _status(d)["moves"] != moves)
    _until(driver, "the next round or the end", _choosing_or_over)
    return int(_status(driver)["moves"]), _status(driver)["over"] == "true"


def _label_sizes(driver: WebDriver) -> list[float]:
    sizes: list[float] = driver.execute_script(
        "const out = [];"
        "for (const svg of document.querySelectorAll('#board svg, #map svg')) {"
        "  const m = svg.getScreenCTM(); const scale = Math.hypot(m.a, m.b);"
        "  for (const t of svg.querySelectorAll('text'))"
        "    out.push(parseFloat(getComputedStyle(t).fontSize) * scale);"
        "}"
        "return out;"
    )
    return sizes


def test_a_whole_toncc_game_against_two_bots_is_created_in_the_lobby_and_played_by_clicks(
    server: _Server, browsers: Callable[[], webdriver.Chrome]
) -> None:
    page = browsers()
    _desktop(page)
    gid = _create_in_lobby(page, server.url, _toncc_with_bots)
    _until(page, "the first choice", _choosing_or_over)
    view = _api(server.url, f"/api/games/{gid}")
    assert view["game"] == "toncc" and view["seats"][0]["name"] == "Ana"
    assert "Ana" in page.find_element(By.ID, "seats").text
    assert page.title == "● Your turn — Tóncc"
    rounds, over, told = 0, False, 0
    while not over:
        _, over = _play_a_round_by_clicks(page)
        rounds += 1
        told = len(page.find_elements(By.CSS_SELECTOR, "#narration li"))
        if rounds == 4 and not over:  # a move staged, not sent: the page to show in the docs
            page.find_element(By.CSS_SELECTOR, "#board .toncc-mark").click()
            _shot(page, "toncc-game.png", "serve-toncc.png")
        assert rounds < 200
    assert rounds >= 15 and told >= 2 * min(rounds, 30)  # every round told: moves, conquests
    narration = page.find_element(By.ID, "narration").text
    assert "Challenge 3 is over" in narration and "Tóncc points" in narration
    end = page.find_element(By.ID, "end-panel")
    assert end.is_displayed() and "Winner" in end.text
    final = _api(server.url, f"/api/games/{gid}")
    assert final["phase"] == "over" and sum(final["outcome"]["toncc_points"]) == 9
    _shot(page, "toncc-end.png", "serve-toncc-end.png")
    assert not _console_errors(page)


def test_two_people_in_two_browsers_play_toncc_with_names_and_their_choices_stay_secret(
    server: _Server, browsers: Callable[[], webdriver.Chrome]
) -> None:
    game = _api(
        server.url,
        "/api/games",
        {
            "game": "toncc",
            "players": 3,
            "seat": 0,
            "name": "Ana",
            "seats": {"2": "greedy"},
            "unlisted": True,
        },
    )
    ana, bo = browsers(), browsers()
    ana.get(server.url + "/")
    ana.execute_script(
        "localStorage.setItem(arguments[0], arguments[1])",
        f"tongiaki:{game['id']}:0",
        game["token"],
    )
    ana.get(f"{server.url}/games/{game['id']}#seat=0")
    link = f"{server.url}/games/{game['id']}#seat=1&invite={game['invites']['1']}"
    bo.get(link)  # the invitation link Ana handed out
    _until(bo, "a free seat to take", lambda d: _has(d, 'button.take-seat[data-seat="1"]'))
    assert "take seat 1" in bo.find_element(By.ID, "message").text
    field = bo.find_element(By.ID, "player-name")
    field.clear()
    field.send_keys("Bo")
    bo.find_element(By.CSS_SELECTOR, 'button.take-seat[data-seat="1"]').click()
    for driver in (ana, bo):
        _until(driver, "the seat's first choice", _choosing_or_over)
    for driver in (ana, bo):  # each page hears of the other's name
        _until(
            driver,
            "both names",
            lambda d: {"Ana", "Bo"} <= set(d.find_element(By.ID, "seats").text.split()),
        )
    moves = _status(ana)["moves"]
    ana.find_elements(By.CSS_SELECTOR, "#board .toncc-mark")[2].click()
    ana.find_element(By.ID, "confirm").click()
    # Bo hears that Ana has chosen, never what; nothing moved on the board
    _until(bo, "Ana's choice heard", lambda d: _status(d).get("chosen") == "0")
    assert _status(bo)["moves"] == moves and _status(ana)["choosing"] == "false"
    assert "Ana" in bo.find_element(By.ID, "status").text or "choosing" in bo.page_source
    bo_seat = bo.find_element(By.CSS_SELECTOR, '#seats li[data-seat="0"]').text
    assert "has chosen" in bo_seat and "move 3" not in bo.find_element(By.ID, "status").text
    assert "Chosen already: Ana (seat 0)." in bo.find_element(By.ID, "status").text
    assert "move 3" in ana.find_element(By.ID, "status").text  # her own choice, to her alone
    _shot(bo, "toncc-two-people.png", "serve-toncc-two.png")
    bo.find_elements(By.CSS_SELECTOR, "#board .toncc-mark")[0].click()
    bo.find_element(By.ID, "confirm").click()
    for driver in (ana, bo):
        _until(driver, "the round played", lambda d: _status(d)["moves"] != moves)
        _until(driver, "the round told", lambda d: _has(d, "#narration li"))
        told = driver.find_element(By.ID, "narration").text
        assert "Ana (seat 0)" in told and "Bo (seat 1)" in told and "played move 3" in told
    assert not _console_errors(ana) and not _console_errors(bo)


def test_the_two_colour_variant_is_chosen_in_the_lobby_and_the_server_reports_it(
    server: _Server, browsers: Callable[[], webdriver.Chrome]
) -> None:
    page = browsers()
    _desktop(page)
    page.get(server.url + "/")
    _until(page, "the lobby's seats", lambda d: _has(d, "#seat-choices select"))
    variant = page.find_element(By.ID, "variant_two_player_double_colour")
    assert variant.is_displayed()  # 2 players: offered
    _pick(page, "players", "3")
    assert not variant.is_displayed()  # 3 players: not offered
    _pick(page, "game-kind", "toncc")
    assert not page.find_element(By.ID, "tongiaki-rules").is_displayed()
    players = page.find_elements(By.CSS_SELECTOR, "#players option")
    assert [p.get_attribute("value") for p in players] == ["3"]
    _shot(page, "lobby-toncc.png", "serve-lobby-toncc.png")

    def two_colours(driver: WebDriver) -> None:
        _pick(driver, "game-kind", "tongiaki")
        _pick(driver, "players", "2")
        driver.find_element(By.ID, "variant_two_player_double_colour").click()

    gid = _create_in_lobby(page, server.url, two_colours)
    record = _api(server.url, f"/api/games/{gid}/record")
    assert record["rules"]["variant_two_player_double_colour"] is True
    view = _api(server.url, f"/api/games/{gid}")
    assert len(view["seats"]) == 2 and "game" not in view  # a Tongiaki game of 2 seats


def test_axe_core_finds_no_violation_on_the_toncc_page_and_its_labels_are_at_least_11_px(
    server: _Server, browsers: Callable[[], webdriver.Chrome]
) -> None:
    if not AXE.is_file():
        pytest.skip(f"axe-core is not installed at {AXE}")
    page = browsers()
    _desktop(page)
    _create_in_lobby(page, server.url, _toncc_with_bots)
    _until(page, "the first choice", _choosing_or_over)
    for _ in range(3):
        _play_a_round_by_clicks(page)
    page.find_element(By.CSS_SELECTOR, "#board .toncc-mark").click()  # a move staged
    sizes = _label_sizes(page)
    assert len(sizes) > 40
    _figure("Tóncc page at 1280x800: smallest board or Map label, CSS px", f"{min(sizes):.1f}")
    assert min(sizes) >= 11.0, sorted(sizes)[:5]
    violations = _axe(page)
    everything = page.execute_async_script(
        "const done = arguments[arguments.length - 1];"
        "axe.run(document, {resultTypes: ['violations']}).then(r => done(r.violations))"
    )
    assert not violations and not everything, [(v["id"], v["help"]) for v in everything]


def test_the_toncc_page_speaks_italian_in_its_status_board_and_narration(
    server: _Server, browsers: Callable[[], webdriver.Chrome]
) -> None:
    game = _api(
        server.url,
        "/api/games",
        {"game": "toncc", "players": 3, "seat": 0, "seats": {"1": "greedy", "2": "greedy"}},
    )
    page = browsers()
    _desktop(page)
    page.get(server.url + "/")
    page.execute_script(
        "localStorage.setItem('tongiaki:language', 'it');"
        "localStorage.setItem(arguments[0], arguments[1])",
        f"tongiaki:{game['id']}:0",
        game["token"],
    )
    page.get(f"{server.url}/games/{game['id']}#seat=0")
    _until(page, "the first choice", _choosing_or_over)
    assert page.find_element(By.ID, "status").text.startswith("Tocca a te")
    assert page.title == "● Tocca a te — Tóncc"  # the tab says it is the player's turn
    ring = page.find_element(By.CSS_SELECTOR, "#board .toncc-mark")
    assert ring.get_attribute("aria-label").startswith("Mossa ")
    _play_a_round_by_clicks(page)
    told = page.find_element(By.ID, "narration").text
    assert told.startswith("Sfida 1, turno 1:") and "ha giocato la mossa" in told
    assert "Mente" in page.find_element(By.ID, "board").get_attribute("innerHTML")
    _shot(page, "toncc-italian.png", "serve-toncc-it.png")


def test_the_keyboard_alone_stages_and_confirms_a_move_with_one_tab_stop_on_the_board(
    server: _Server, browsers: Callable[[], webdriver.Chrome]
) -> None:
    game = _api(
        server.url,
        "/api/games",
        {"game": "toncc", "players": 3, "seat": 0, "seats": {"1": "greedy", "2": "greedy"}},
    )
    page = browsers()
    page.get(server.url + "/")
    page.execute_script(
        "localStorage.setItem(arguments[0], arguments[1])",
        f"tongiaki:{game['id']}:0",
        game["token"],
    )
    page.get(f"{server.url}/games/{game['id']}#seat=0")
    _until(page, "the first choice", _choosing_or_over)
    tabbable = page.execute_script(
        "return [...document.querySelectorAll('#board .toncc-mark')]"
        ".filter(m => m.getAttribute('tabindex') === '0').length"
    )
    assert tabbable == 1  # the six rings are one Tab stop
    presses = 0
    while not page.execute_script(
        "return !!document.activeElement.closest && !!document.activeElement.closest('.toncc-mark')"
    ):
        page.switch_to.active_element.send_keys(Keys.TAB)
        presses += 1
        assert presses < 40, "Tab never reached the board's rings"
    first = page.switch_to.active_element.get_attribute("data-index")
    page.switch_to.active_element.send_keys(Keys.ARROW_RIGHT)
    second = page.switch_to.active_element.get_attribute("data-index")
    assert second != first
    moves = _status(page)["moves"]
    page.switch_to.active_element.send_keys(Keys.ENTER)  # stages the focused ring
    assert _status(page)["moves"] == moves
    staged = page.find_element(By.CSS_SELECTOR, "#board .toncc-mark.staged")
    assert staged.get_attribute("data-index") == second
    assert page.switch_to.active_element.get_attribute("data-index") == second  # focus stays
    page.switch_to.active_element.send_keys(Keys.ENTER)  # and Enter again confirms it
    _until(page, "the round played", lambda d: _status(d)["moves"] != moves)
    _until(page, "the next choice", _choosing_or_over)
    _figure("Tóncc: Tab presses from the page's top to the board's rings", presses)
    number = int(second) + 1
    assert f"played move {number}" in page.find_element(By.ID, "narration").text


@pytest.fixture
def quick_clocks(tmp_path: Path) -> Iterator[_Server]:
    """A server whose games may have clocks from 4 seconds a move."""
    running = _Server(tmp_path / "games.sqlite3", ServeLimits(min_clock=4, max_clock=3600))
    running.start()
    yield running
    running.stop()


def test_a_toncc_seat_out_of_time_has_its_move_made_by_the_server_and_the_page_shows_it(
    quick_clocks: _Server, browsers: Callable[[], webdriver.Chrome]
) -> None:
    game = _api(
        quick_clocks.url,
        "/api/games",
        {
            "game": "toncc",
            "players": 3,
            "seat": 0,
            "name": "Ana",
            "clock": 4,
            "seats": {"1": "greedy", "2": "random"},
        },
    )
    page = browsers()
    page.get(quick_clocks.url + "/")
    page.execute_script(
        "localStorage.setItem(arguments[0], arguments[1])",
        f"tongiaki:{game['id']}:0",
        game["token"],
    )
    page.get(f"{quick_clocks.url}/games/{game['id']}#seat=0")
    _until(page, "the first choice", _choosing_or_over)
    moves = _status(page)["moves"]
    _until(
        page,
        "Ana's clock running",
        lambda d: "left" in d.find_element(By.CSS_SELECTOR, '.seat-clock[data-seat="0"]').text,
    )
    # nobody clicks: the clock runs out and the server's bot moves Ana's King
    _until(page, "the move made for Ana", lambda d: _status(d)["moves"] != moves)
    _until(page, "the round told", lambda d: _has(d, "#narration li"))
    assert "Ana (seat 0) played move" in page.find_element(By.ID, "narration").text
    assert not _console_errors(page)


def test_on_a_phone_the_toncc_board_fits_the_screen_and_its_labels_stay_at_least_11_px(
    server: _Server, browsers: Callable[[], webdriver.Chrome]
) -> None:
    game = _api(
        server.url,
        "/api/games",
        {"game": "toncc", "players": 3, "seat": 0, "seats": {"1": "greedy", "2": "greedy"}},
    )
    page = browsers()
    _phone(page)
    page.get(server.url + "/")
    page.execute_script(
        "localStorage.setItem(arguments[0], arguments[1])",
        f"tongiaki:{game['id']}:0",
        game["token"],
    )
    page.get(f"{server.url}/games/{game['id']}#seat=0")
    _until(page, "the first choice", _choosing_or_over)
    sizes = _label_sizes(page)
    _figure("Tóncc page at 390x844: smallest board or Map label, CSS px", f"{min(sizes):.1f}")
    assert min(sizes) >= 11.0, sorted(sizes)[:5]
    widths = page.execute_script(
        "return [document.documentElement.scrollWidth,"
        " document.querySelector('#board svg').getBoundingClientRect().right]"
    )
    assert widths[0] <= 390 and widths[1] <= 390, widths  # nothing runs off the screen
    rings = page.execute_script(
        "return [...document.querySelectorAll('#board .toncc-ring')]"
        ".map(r => r.getBoundingClientRect().width)"
    )
    assert len(rings) == 6 and min(rings) >= 32, rings  # every ring a tap target of 32 px
    _play_a_round_by_clicks(page)
    _shot(page, "toncc-phone.png", "serve-toncc-phone.png")
    clear = page.execute_script(
        "window.scrollTo(0, document.documentElement.scrollHeight);"
        "const seats = document.querySelector('#record-link').getBoundingClientRect();"
        "const sheet = document.getElementById('choices').getBoundingClientRect();"
        "return seats.bottom <= sheet.top"
    )
    assert clear  # the page's last line scrolls clear of the move sheet


def test_the_lobby_lists_a_toncc_game_by_name_and_a_visitor_joins_its_free_seat(
    server: _Server, browsers: Callable[[], webdriver.Chrome]
) -> None:
    game = _api(
        server.url,
        "/api/games",
        {"game": "toncc", "players": 3, "seat": 0, "name": "Ana", "seats": {"2": "random"}},
    )
    page = browsers()
    page.get(server.url + "/")
    row = f'#games tr[data-game="{game["id"]}"]'
    _until(page, "the game in the list", lambda d: _has(d, row))
    assert "Tóncc" in page.find_element(By.CSS_SELECTOR, f"{row} .game-name").text
    field = page.find_element(By.ID, "player-name")
    field.clear()
    field.send_keys("Bo")
    page.find_element(By.CSS_SELECTOR, f'{row} button.join[data-seat="1"]').click()
    _until(page, "the game's page", lambda d: _has(d, "#status"))
    _until(page, "the Tóncc page as seat 1", lambda d: _status(d).get("you") == "1")
    assert page.find_element(By.CSS_SELECTOR, "h1").text.startswith("Tóncc")
    assert _api(server.url, f"/api/games/{game['id']}")["seats"][1]["name"] == "Bo"
