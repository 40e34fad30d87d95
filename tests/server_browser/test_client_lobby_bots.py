"""The lobby offers the bots the server offers, within the server's caps (issue 38).

A server run with a lower cap on MCTS's iterations (``tongiaki serve
--max-mcts-iterations``) refuses a seat given more: the lobby reads
``GET /api/bots`` and offers MCTS at no more than the cap, so a game made
from the lobby with an MCTS seat is accepted.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

pytest.importorskip("fastapi")
pytest.importorskip("selenium")

from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import Select
from tests.server_browser.playing import wait_for
from tests.server_browser.test_client_e2e import _browser, _Server

from tongiaki_rules.server import ServeLimits


@pytest.fixture
def capped(tmp_path: Path) -> Iterator[_Server]:
    """A running server whose bots may think 50 MCTS iterations a move at most."""
    running = _Server(tmp_path / "games.sqlite3", ServeLimits(max_mcts_iterations=50))
    running.start()
    yield running
    running.stop()


def test_the_lobby_offers_mcts_within_the_servers_cap_and_such_a_game_is_made(
    capped: _Server,
) -> None:
    page = _browser()
    try:
        page.get(capped.url + "/")
        wait_for(page, "the seats", lambda d: d.find_elements(By.ID, "seat-1"))
        seat = Select(page.find_element(By.ID, "seat-1"))
        values = [o.get_attribute("value") or "" for o in seat.options]
        mcts = [v for v in values if v.startswith("mcts")]
        assert mcts == ["mcts:iterations=50"], mcts
        seat.select_by_value("mcts:iterations=50")
        page.find_element(By.CSS_SELECTOR, "#create-form [type=submit]").click()
        wait_for(page, "the new game", lambda d: "/games/" in d.current_url)
    finally:
        page.quit()
