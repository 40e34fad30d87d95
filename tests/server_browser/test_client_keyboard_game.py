"""A whole game by the keyboard alone, its key presses counted per decision kind (issue 39).

The player never touches the mouse: after the first Tab to the board, the arrow keys walk the
marks of each decision, Space or Enter chooses one, Enter on a chosen mark (or on Confirm)
sends the move. The figures (``artifacts/figures.txt``) give the keys each kind of decision
took; slow (a whole game), so not in the default run: ``pytest -m slow -k keyboard``.
"""

from __future__ import annotations

import random
import statistics
from collections import defaultdict
from collections.abc import Callable
from typing import Any

import pytest

pytest.importorskip("fastapi", reason="the server needs the [server] extra (fastapi)")
pytest.importorskip("selenium", reason="the browser test needs selenium (the [test] extra)")

from selenium import webdriver
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.remote.webdriver import WebDriver

from .playing import over_or_my_turn, settled, status, wait_for
from .test_client_board import _desktop, _figure, _new_game, _open_seat, _record
from .test_client_e2e import _Server, browsers, server

__all__ = ["browsers", "server"]  # fixtures used by name below

KINDS = {
    "SetupPlace": "set-up",
    "Expand": "expansion",
    "PlaceNewBoats": "expansion",
    "ExpandFromBoard": "expansion",
    "FoundRoyal": "expansion",
    "Recolonize": "expansion",
    "Depart": "departure",
    "PlaceTile": "tile placement",
    "Berth": "landing",
    "ReturnBoat": "landing",
}

_FOCUS = """
const a = document.activeElement;
const at = (m) => { const r = m.getBoundingClientRect();
  return [Math.round((r.top + r.height / 2) / 24), r.left + r.width / 2]; };
// the marks in the order the arrow keys walk them (marks.js: rows of 24 px, then left to right)
const marks = [...document.querySelectorAll('#board svg [role=button][tabindex]')]
  .map(m => [m, at(m)]).sort((p, q) => p[1][0] - q[1][0] || p[1][1] - q[1][1]).map(p => p[0]);
const confirm = document.getElementById('confirm');
const sel = document.getElementById('selection');
const open = sel.dataset.kind === 'expand' && !(confirm.offsetParent && !confirm.disabled);
// an expansion under way: the beaches of its island not chosen yet
const wanted = open ? marks.flatMap((m, k) => m.closest('[data-beach]') && !m.closest('.selected')
  && m.closest('[data-pos]')?.dataset.pos === sel.dataset.island ? [k] : []) : [];
return {mark: marks.includes(a), marks: marks.length, index: marks.indexOf(a), wanted,
  chosen: !!a && (!!a.closest('#board .selected') || (!a.closest('[data-beach]')
    && ['place', 'expand'].includes(sel.dataset.kind)
    && a.closest('[data-pos]')?.dataset.pos === sel.dataset.island)),
  button: !!a && a.tagName === 'BUTTON',
  extra: !!document.querySelector('#extra-actions button'),
  ready: !!confirm.offsetParent && !confirm.disabled};
"""


def _move_by_keys(driver: WebDriver, rng: random.Random) -> tuple[int, int]:
    """Makes the player's move with keys alone: (Tab presses, other key presses)."""
    before = int(status(driver)["moves"])
    tabs = keys = 0
    now: dict[str, Any] = {}
    while int(status(driver)["moves"]) == before:
        assert tabs + keys < 120, (
            "120 keys made no move",
            status(driver),
            driver.execute_script(
                "return [document.getElementById('decision-hint').textContent,"
                " document.getElementById('selection-text').textContent,"
                " document.activeElement.getAttribute('aria-label'),"
                " [...document.querySelectorAll('#board svg [role=button]')]"
                ".map(m => m.getAttribute('aria-label') + ' ' + m.getAttribute('class'))]"
            ),
            now,
        )
        now = driver.execute_script(_FOCUS)
        if now["button"] or (now["mark"] and now["chosen"] and now["ready"]):
            press = Keys.ENTER  # Confirm, a colour, New Colonisation; or a chosen mark: send
        elif now["extra"] and not now["ready"] and rng.random() < 0.1:
            # New Colonisation, now and then: its button lies past the board in the Tab order
            while not driver.execute_script(
                "return document.activeElement.matches('#extra-actions button')"
            ):
                driver.switch_to.active_element.send_keys(Keys.TAB)
                tabs += 1
            press = Keys.ENTER
        elif not now["mark"]:
            press = Keys.TAB  # the board's marks (or the panel's buttons) are further on
            tabs += 1
            keys -= 1
        elif now["chosen"]:
            press = Keys.ARROW_RIGHT  # part of an expansion already: on to another beach
        else:
            # a mark picked at random, reached by the arrows the shorter way round
            n = now["marks"]
            target = (
                min(
                    now["wanted"], key=lambda k: min((k - now["index"]) % n, (now["index"] - k) % n)
                )
                if now["wanted"]
                else rng.randrange(n)
            )
            ahead = (target - now["index"]) % n
            arrow = Keys.ARROW_RIGHT if ahead <= n - ahead else Keys.ARROW_LEFT
            for _ in range(min(ahead, n - ahead)):
                driver.switch_to.active_element.send_keys(arrow)
                keys += 1
            press = Keys.SPACE if rng.random() < 0.5 else Keys.ENTER
        driver.switch_to.active_element.send_keys(press)
        keys += 1
        wait_for(driver, "the page to answer the key", settled)
    return tabs, keys


@pytest.mark.slow  # a whole game: about 90 s with 2 players, a few minutes with 6
@pytest.mark.parametrize("players", [2, 6])
def test_a_whole_game_is_played_by_the_keyboard_alone_with_few_keys_per_decision(
    server: _Server, browsers: Callable[[], webdriver.Chrome], players: int
) -> None:
    player = browsers()
    _desktop(player)
    bots = {str(seat): "greedy" for seat in range(1, players)}
    game = _new_game(server, players, bots, seat=0, seed=11)
    _open_seat(player, server, game)
    rng = random.Random(5)
    counts: dict[str, list[int]] = defaultdict(list)
    first = True
    while True:
        wait_for(player, "the player's turn or the end", over_or_my_turn)
        if status(player)["over"] == "true":
            break
        moves = int(status(player)["moves"])
        tabs, keys = _move_by_keys(player, rng)
        kind = KINDS[type(_record(server, game["id"]).actions[moves]).__name__]
        if not first and kind != "expansion":
            assert tabs == 0, (kind, tabs)  # the focus stayed on the board after the move
        first = False
        counts[kind].append(tabs + keys)
    # a 6-player game gives the one player fewer decisions: not every kind need come up
    needed = {"set-up", "expansion", "departure", "tile placement"} if players == 2 else set()
    assert needed | {"set-up", "expansion"} <= set(counts), dict(counts)
    for kind, presses in sorted(counts.items()):
        _figure(
            f"keyboard game, {players} players, {kind}: decisions, mean and most key presses",
            f"{len(presses)}, {statistics.mean(presses):.1f}, {max(presses)}",
        )
