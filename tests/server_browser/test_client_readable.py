"""Every piece readable at every size (issue 39, points 2 and 5), in Debian's chromium.

A late 6-player game at 1280x800: the boats' letters in the view of the player's decision at
least 11 CSS px, the rest of the board in an overview; each pair of seat colours told apart
by more than hue under the common colour-blindness simulations (Machado, Oliveira and
Fernandes 2009, severity 1) or by its boats' shape. On a phone: the boats under way are
tapped at least 32 CSS px, and the sheet opened after a zoom by hand keeps the decision's
marks in view.
"""

from __future__ import annotations

import itertools
import math
import time
from collections.abc import Callable
from typing import Any

import pytest

pytest.importorskip("fastapi", reason="the server needs the [server] extra (fastapi)")
pytest.importorskip("selenium", reason="the browser test needs selenium (the [test] extra)")

from selenium import webdriver
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys

from .playing import click, my_turn, settled, status, wait_for
from .test_client_board import (
    _TAP_SIZES,
    AXE,
    _axe,
    _desktop,
    _figure,
    _new_game,
    _open_seat,
    _phone_at,
    _shot,
)
from .test_client_e2e import _console_errors, _Server, browsers, server

__all__ = ["browsers", "server"]  # fixtures used by name below


def _late_turn(server: _Server, game: dict[str, Any], moves: int, want: str = "") -> int:
    """Plays bots and (for the creator's seat) the idle bot until the creator is to choose
    after at least ``moves`` moves, its decision's kind holding ``want``; the moves then."""
    service = server._uv.config.app.state.service
    game_id = game["id"]
    for _ in range(4000):
        at = service.human_turn(game_id)
        if at is None:
            if service.step(game_id) is None:
                # nothing to play: the game is over, or the server's own bot driver played the
                # bots' moves up to the human's turn since human_turn looked (a busy machine)
                if service.view(game_id)["outcome"] is not None:
                    raise AssertionError("the game ended before the turn wanted")
                time.sleep(0.01)
            continue
        if at >= moves and want in str(service.view(game_id)["phase"]):
            return at
        service.play_idle(game_id, at)
    raise AssertionError("no such turn in 4000 moves")


# every boat in sight: the CSS px of its letter and of its shape (the smaller side)
_BOATS = """
const svg = document.querySelector('#board svg');
const box = document.getElementById('board').getBoundingClientRect();
const scale = Math.hypot(svg.getScreenCTM().a, svg.getScreenCTM().b);
const seen = r => r.right > box.left && r.left < box.right && r.bottom > box.top
  && r.top < box.bottom;
return [...svg.querySelectorAll(arguments[0])].filter(c => seen(c.getBoundingClientRect()))
  .map(c => { const letter = [...c.parentElement.querySelectorAll('text')]
      .find(t => t.compareDocumentPosition(c) & Node.DOCUMENT_POSITION_PRECEDING);
    const shape = c.parentElement.querySelector('.boat-shape') || c;
    const r = shape.getBoundingClientRect();
    return {letter: letter.getBoundingClientRect().height > 0
        ? parseFloat(letter.getAttribute('font-size')) * scale : 0,
      size: Math.min(r.width, r.height), colour: c.dataset.colour}; });
"""


def test_a_late_six_player_decision_at_1280x800_shows_every_boat_letter_at_11_px_or_more(
    server: _Server, browsers: Callable[[], webdriver.Chrome]
) -> None:
    game = _new_game(server, 6, {str(k): "greedy" for k in range(1, 6)}, seat=0, seed=3)
    at = _late_turn(server, game, 150)
    page = browsers()
    _desktop(page)
    _open_seat(page, server, game)
    wait_for(page, "the player's turn", my_turn)
    assert int(status(page)["moves"]) == at
    # the whole board, as "fit" shows it: what a player sees there, kept as a figure
    click(page, page.find_element(By.ID, "zoom-fit"))
    fitted = page.execute_script(_BOATS, "circle.boat, circle.sea-boat")
    assert len(fitted) >= 20, fitted
    _figure(
        "late 6 players at 1280x800, fit: smallest boat letter, CSS px",
        f"{min(b['letter'] for b in fitted):.1f}",
    )
    _figure(
        "late 6 players at 1280x800, fit: smallest boat, CSS px",
        f"{min(b['size'] for b in fitted):.1f}",
    )
    _shot(page, "six-players-late-fit.png")
    # the decision's view: every boat letter in sight at 11 CSS px at least, the boats with it
    click(page, page.find_element(By.ID, "zoom-choices"))
    wait_for(page, "the view", settled)
    shown = page.execute_script(_BOATS, "circle.boat, circle.sea-boat")
    marks = page.execute_script(
        "const box = document.getElementById('board').getBoundingClientRect();"
        "return [...document.querySelectorAll('#board svg .highlight')].map(m => {"
        " const r = m.getBoundingClientRect(); return r.left >= box.left - 1"
        " && r.right <= box.right + 1 && r.top >= box.top - 1 && r.bottom <= box.bottom + 1; })"
    )
    assert shown, "no boat in the decision's view"
    smallest = min(b["letter"] for b in shown)
    _figure("late 6 players at 1280x800, decision: smallest boat letter, CSS px", f"{smallest:.1f}")
    _figure(
        "late 6 players at 1280x800, decision: smallest boat, CSS px",
        f"{min(b['size'] for b in shown):.1f}",
    )
    assert smallest >= 11.0, sorted(b["letter"] for b in shown)
    assert min(b["size"] for b in shown) >= 14.0, shown
    assert marks and any(marks), marks  # the decision's marks are what the view holds
    # the rest of the board as an overview: all of it, with the part shown framed
    overview = page.execute_script(
        "const o = document.getElementById('overview');"
        "if (!o || !o.getClientRects().length) return null;"
        "const svg = o.querySelector('svg'); const frame = o.querySelector('.overview-frame');"
        "const r = o.getBoundingClientRect();"
        "return {w: r.width, h: r.height, tiles: svg.querySelectorAll('.tile').length,"
        " board: document.querySelectorAll('#board svg .tile').length,"
        " frame: frame ? frame.getBoundingClientRect().width : 0}"
    )
    assert overview, "no overview of the board beside the zoomed view"
    assert overview["tiles"] == overview["board"] and overview["frame"] > 4, overview
    assert 60 <= overview["w"] <= 320, overview
    if AXE.is_file():  # the overview is a picture only: nothing in it to focus or read out
        serious = _axe(page)
        assert not serious, [(v["id"], v["help"]) for v in serious]
    _shot(page, "six-players-late-decision.png", "serve-six-players-late.png")
    # a click on the overview shows that part of the board
    view_box = "return document.querySelector('#board svg').getAttribute('viewBox')"
    before = page.execute_script(view_box)
    page.execute_script(
        "const o = document.getElementById('overview'); const r = o.getBoundingClientRect();"
        "o.dispatchEvent(new MouseEvent('click',"
        " {bubbles: true, clientX: r.left + 4, clientY: r.top + 4}))"
    )
    assert page.execute_script(view_box) != before
    # the keyboard: each mark the arrow keys reach is brought into view, even one the readable
    # view left out
    click(page, page.find_element(By.ID, "zoom-choices"))
    in_view = (
        "const m = document.activeElement; const r = m.getBoundingClientRect();"
        "const b = document.getElementById('board').getBoundingClientRect();"
        "return !!m.closest('#board svg') && r.left >= b.left - 1 && r.right <= b.right + 1"
        " && r.top >= b.top - 1 && r.bottom <= b.bottom + 1"
    )
    page.execute_script(
        "document.querySelector(\"#board svg [role='button'][tabindex='0']\").focus()"
    )
    for key in (Keys.END, Keys.HOME, Keys.END):
        page.switch_to.active_element.send_keys(key)
        assert page.execute_script(in_view), key
    assert not _console_errors(page)


# Machado, Oliveira and Fernandes (2009), severity 1, on linear RGB
_SIMULATIONS = {
    "normal": ((1.0, 0.0, 0.0), (0.0, 1.0, 0.0), (0.0, 0.0, 1.0)),
    "protanopia": (
        (0.152286, 1.052583, -0.204868),
        (0.114503, 0.786281, 0.099216),
        (-0.003882, -0.048116, 1.051998),
    ),
    "deuteranopia": (
        (0.367322, 0.860646, -0.227968),
        (0.280085, 0.672501, 0.047413),
        (-0.011820, 0.042940, 0.968881),
    ),
    "tritanopia": (
        (1.255528, -0.076749, -0.178779),
        (-0.078411, 0.930809, 0.147602),
        (0.004733, 0.691367, 0.303900),
    ),
}
_APART = 30.0  # CIE76 distance two fills need to be told apart by colour alone at a glance


def _lab(rgb: tuple[float, float, float]) -> tuple[float, float, float]:
    """CIELAB (D65) of linear RGB."""
    r, g, b = rgb
    x = (0.4124 * r + 0.3576 * g + 0.1805 * b) / 0.95047
    y = 0.2126 * r + 0.7152 * g + 0.0722 * b
    z = (0.0193 * r + 0.1192 * g + 0.9505 * b) / 1.08883

    def f(t: float) -> float:
        return t ** (1 / 3) if t > 0.008856 else 7.787 * t + 16 / 116

    return (116 * f(y) - 16, 500 * (f(x) - f(y)), 200 * (f(y) - f(z)))


def _seen(css: str, matrix: tuple[tuple[float, ...], ...]) -> tuple[float, float, float]:
    """The colour ``css`` (rgb(...) or #rrggbb) as the simulated eye sees it, in CIELAB."""
    if css.startswith("#"):
        channels = [int(css[k : k + 2], 16) for k in (1, 3, 5)]
    else:
        channels = [int(float(v)) for v in css[css.index("(") + 1 : -1].split(",")[:3]]
    linear = [
        c / 255 / 12.92 if c / 255 <= 0.04045 else ((c / 255 + 0.055) / 1.055) ** 2.4
        for c in channels
    ]
    out = [
        min(1.0, max(0.0, sum(m * v for m, v in zip(row, linear, strict=True)))) for row in matrix
    ]
    return _lab((out[0], out[1], out[2]))


def test_seat_colours_differ_by_more_than_hue_under_colour_blindness_simulations(
    server: _Server, browsers: Callable[[], webdriver.Chrome]
) -> None:
    game = _new_game(server, 6, {str(k): "greedy" for k in range(1, 6)}, seat=0, seed=3)
    _late_turn(server, game, 60)
    page = browsers()
    _desktop(page)
    _open_seat(page, server, game)
    # each colour's boats as drawn: the painted fill and the outline's shape
    drawn = page.execute_script(
        "const out = {};"
        "for (const c of document.querySelectorAll('#board svg .boat, #board svg .legend-boat')) {"
        "  const shape = c.parentElement.querySelector('.boat-shape') || c;"
        "  out[c.dataset.colour] = {fill: getComputedStyle(shape).fill,"
        "    shape: c.parentElement.dataset.shape || 'circle',"
        "    corners: shape.tagName === 'polygon' ? shape.points.numberOfItems : 0};"
        "}"
        "return out;"
    )
    assert sorted(drawn) == sorted("BRGYOP"), drawn
    close: list[str] = []
    for (a, pa), (b, pb) in itertools.combinations(sorted(drawn.items()), 2):
        for eye, matrix in _SIMULATIONS.items():
            apart = math.dist(_seen(pa["fill"], matrix), _seen(pb["fill"], matrix))
            if apart < _APART:
                close.append(f"{a}{b} {eye} {apart:.0f}")
                # alike to that eye: the shapes tell them apart
                assert (pa["shape"], pa["corners"]) != (pb["shape"], pb["corners"]), (a, b, eye)
    _figure("seat colours alike to a simulated eye (told apart by shape)", ", ".join(close))
    assert any(c.startswith("OR ") for c in close)  # red and orange are the case in point
    assert len({(p["shape"], p["corners"]) for p in drawn.values()}) == 6, drawn


def test_on_a_phone_boats_under_way_are_32_px_and_the_sheet_keeps_the_marks_in_view(
    server: _Server, browsers: Callable[[], webdriver.Chrome]
) -> None:
    game = _new_game(server, 3, {"1": "greedy", "2": "greedy"}, seat=0, seed=5)
    _late_turn(server, game, 10, "berth")
    phone = browsers()
    _phone_at(phone, 390, 844)
    _open_seat(phone, server, game)
    wait_for(phone, "the player's turn", my_turn)
    sea = phone.execute_script(_BOATS, "#board svg .group .sea-boat")
    taps = phone.execute_script(_TAP_SIZES)
    assert sea, "no boat under way in sight"
    _figure(
        "phone 390x844: smallest boat under way at a berth, CSS px",
        f"{min(b['size'] for b in sea):.1f}",
    )
    assert min(b["size"] for b in sea) >= 32, sea
    assert taps and min(taps) >= 32, taps
    # a zoom by hand away from the marks, then the sheet opened: the marks come back in view
    phone.execute_script(
        "const box = document.getElementById('board');"
        "const r = box.getBoundingClientRect();"
        "for (let k = 0; k < 6; k++) box.dispatchEvent(new WheelEvent('wheel', {deltaY: -200,"
        " clientX: r.left + 2, clientY: r.top + 2, bubbles: true, cancelable: true}));"
    )
    toggle = phone.find_element(By.ID, "sheet-toggle")
    click(phone, toggle)
    wait_for(phone, "the sheet open", lambda d: toggle.get_attribute("aria-expanded") == "true")
    wait_for(phone, "the view", settled)
    out = phone.execute_script(
        "const b = document.getElementById('board').getBoundingClientRect();"
        "const sheet = document.getElementById('choices').getBoundingClientRect();"
        "const bottom = Math.min(b.bottom, sheet.top);"
        "const marks = [...document.querySelectorAll('#board svg .highlight')]"
        "  .filter(m => !m.parentElement.closest('.highlight'));"
        "return {marks: marks.length, out: marks.filter(m => { const r = m.getBoundingClientRect();"
        "  return r.left < b.left - 1 || r.right > b.right + 1 || r.top < b.top - 1"
        "    || r.bottom > bottom + 1; }).length};"
    )
    assert out["marks"] and not out["out"], out
    assert not _console_errors(phone)
