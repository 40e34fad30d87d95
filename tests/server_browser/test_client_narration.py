"""The narration in the browser speaks as players do (issue 39, point 3): islands by their
names, where a tile went by a direction from the nearest island, and seats by their players'
names (written as text, never as markup). The coordinates are there on demand: each line's
tooltip, and every line at once with "Show coordinates".

``TONGIAKI_SCREENSHOTS=1`` also writes ``docs/images/serve-narration.png`` (1280x800).
"""

from __future__ import annotations

import re
import time
from collections.abc import Callable

import pytest

pytest.importorskip("fastapi", reason="the server needs the [server] extra (fastapi)")
pytest.importorskip("selenium", reason="the browser test needs selenium (the [test] extra)")

from selenium import webdriver
from selenium.webdriver.common.by import By
from selenium.webdriver.remote.webdriver import WebDriver

from .test_client_e2e import (
    IMAGES,
    SCREENSHOTS,
    _console_errors,
    _has,
    _Server,
    _until,
    browsers,
    server,
)
from .test_client_players import _call

__all__ = ["browsers", "server"]  # fixtures used by name below

NAME = "Ana <i>Kiri</i>"
COORDINATES = re.compile(r"\(-?\d+, -?\d+\)")
PLACED = re.compile(r"placed (freely )?(\d+ spaces? )?(below|above|(lower|upper) (left|right) of) ")


_CAPTIONS = """
window.captions = [];
new MutationObserver(() => {
  const text = document.getElementById("anim-caption").textContent;
  if (text) window.captions.push(text);
}).observe(document.getElementById("anim-caption"), {childList: true, characterData: true,
  subtree: true});
"""


def _lines(driver: WebDriver) -> list[str]:
    return list(
        driver.execute_script(
            "return [...document.querySelectorAll('#narration .line')].map(l => l.textContent)"
        )
    )


def _titles(driver: WebDriver) -> list[str]:
    return list(
        driver.execute_script(
            "return [...document.querySelectorAll('#narration .line')].map(l => l.title)"
        )
    )


def _sail_until_a_tile_is_placed(base: str, gid: str, token: str, lines: int = 30) -> None:
    """The human sails whenever it may (the bot plays between) until tiles have been placed."""
    deadline = time.monotonic() + 40
    while time.monotonic() < deadline:
        view = _call(f"{base}/api/games/{gid}", token=token)
        told = view["narration"]
        if view.get("outcome") or (len(told) >= lines and any(": placed at" in t for t in told)):
            return
        if not view.get("legal"):
            time.sleep(0.1)
            continue
        sail = [c for c in view["legal"] if c["action"]["type"] == "Depart"]
        move = {"action": (sail or view["legal"])[-1]["index"], "expect_move": view["moves"]}
        _call(f"{base}/api/games/{gid}/actions", move, token)
    raise AssertionError("no tile was placed in time")


def test_the_narration_names_islands_places_and_players_and_gives_coordinates_on_demand(
    server: _Server, browsers: Callable[[], webdriver.Chrome]
) -> None:
    body = {"players": 2, "seats": {"1": "random"}, "seat": 0, "seed": 5, "name": NAME}
    made = _call(server.url + "/api/games", body)
    gid, token = made["id"], made["token"]
    _sail_until_a_tile_is_placed(server.url, gid, token)
    page = browsers()
    page.get(f"{server.url}/games/{gid}#watch")
    _until(page, "the narration", lambda d: len(_lines(d)) >= 30)
    lines = _lines(page)
    text = "\n".join(lines)
    # the player's name, as text: its markup is shown, never made into an element
    assert lines[0].startswith(f"Players: 2 -- {NAME} (Blue), seat 1 Red")
    assert f"{NAME} (Blue): " in text
    assert "seat 0" not in text
    assert not _has(page, "#narration i")
    # islands and places in words: no coordinates, no rotation, no ocean tile's letter
    assert not [line for line in lines if COORDINATES.search(line)]
    assert "rotation" not in text
    assert not re.search(r"\bocean [a-z]\b", text)
    placed = [k for k, line in enumerate(lines) if line.startswith("  draws ")]
    assert placed and all(PLACED.search(lines[k]) for k in placed), [lines[k] for k in placed]
    # on demand: the line's tooltip has the coordinates and the rotation ...
    titles = _titles(page)
    assert all(re.search(r"placed at \(-?\d+, -?\d+\), rotation \d", titles[k]) for k in placed)
    # ... and "Show coordinates" shows every line with them, and back
    page.find_element(By.ID, "narration-coordinates").click()
    shown = _lines(page)
    assert shown != lines
    assert all(COORDINATES.search(shown[k]) for k in placed)
    if SCREENSHOTS:
        page.find_element(By.ID, "narration-coordinates").click()
        page.execute_script("document.getElementById('narration-title').scrollIntoView()")
        IMAGES.mkdir(parents=True, exist_ok=True)
        page.save_screenshot(str(IMAGES / "serve-narration.png"))
        page.find_element(By.ID, "narration-coordinates").click()
    page.find_element(By.ID, "narration-coordinates").click()
    assert _lines(page) == lines
    # the moves told live (the steps the page animates) speak alike, and so do the captions
    # of the animation
    page.execute_script(_CAPTIONS)
    before = len(lines)
    _sail_until_a_tile_is_placed(server.url, gid, token, lines=before + 10)
    _until(page, "the new lines", lambda d: len(_lines(d)) >= before + 10)
    later = _lines(page)[before:]
    assert not [line for line in later if COORDINATES.search(line)], later
    assert any(line.startswith("Turn ") and NAME in line for line in later) or "Game over." in later
    captions = page.execute_script("return window.captions")
    assert captions, "no caption was seen"
    jargon = r"\(-?\d+, ?-?\d+\)|ocean-|[A-Z][a-z]+[A-Z]"  # coordinates, tile ids, event types
    assert not [c for c in captions if re.search(jargon, c)], captions
    assert _console_errors(page) == []
