"""The browser client switched to French in a real headless chromium: the lobby and a game page.

The language selector keeps the choice in localStorage; the lobby's words, the game page's
words, the narration and the board's side panel then come in French, and a second browser
with no choice stays English (its Accept-Language is English). See the how-to "Languages".
"""

from __future__ import annotations

from collections.abc import Callable

import pytest

from .test_client_e2e import (  # the server, the browsers and the page helpers (and skips)
    By,
    Select,
    WebDriver,
    _console_errors,
    _create_game_in_lobby,
    _has,
    _loaded,
    _Server,
    _until,
    browsers,
    server,
    webdriver,
)

__all__ = ["browsers", "server"]  # fixtures used by name below


def _text(driver: WebDriver, css: str) -> str:
    return str(driver.find_element(By.CSS_SELECTOR, css).text)


def _choose_language(driver: WebDriver, code: str) -> None:
    _until(driver, "the language selector", lambda d: _has(d, "#language option"))
    Select(driver.find_element(By.ID, "language")).select_by_value(code)
    _until(
        driver,
        f"the page in {code}",
        lambda d: d.execute_script("return document.documentElement.lang") == code,
    )


def test_switching_to_french_translates_the_lobby_and_the_game_page(
    server: _Server, browsers: Callable[[], webdriver.Chrome]
) -> None:
    player = browsers()
    player.get(server.url + "/")
    _until(player, "the lobby in English", lambda d: _text(d, "#create-title") == "New game")
    assert player.execute_script("return document.documentElement.lang") == "en"
    _choose_language(player, "fr")
    # the lobby, after the reload the selector asked for
    _until(player, "the French lobby", lambda d: _text(d, "#create-title") == "Nouvelle partie")
    assert _text(player, "#games-title") == "Parties"
    assert _text(player, "#create") == "Créer la partie"
    assert _text(player, "label[for=seat-0]") == "Place 0"
    assert player.find_element(By.ID, "seed").get_attribute("placeholder") == "au hasard"
    assert player.title == "Tongiaki — salon"
    assert Select(player.find_element(By.ID, "language")).first_selected_option.text == "Français"
    # a game page: its words, the narration and the board's panel
    _create_game_in_lobby(player, server.url)
    _loaded(player)
    _until(player, "the French game page", lambda d: _text(d, "#decision-title") == "Vos choix")
    assert _text(player, "#narration-title") == "Ce qui s'est passé"
    assert "Vous jouez la place 0." in _text(player, "#status")
    _until(player, "the French narration", lambda d: _has(d, "#narration li"))
    assert _text(player, "#narration li:first-child").startswith("Joueurs : 2 -- place 0 Bleu")
    # the score panel beside the board, and the board's island names
    _until(player, "the French score panel", lambda d: _text(d, "#pile").startswith("Pile :"))
    assert _text(player, "#score-table th") == "Place"
    names = player.find_element(By.CSS_SELECTOR, "#board svg").get_attribute("textContent")
    assert "Tonga" in (names or "")
    _until(player, "the socket", lambda d: _text(d, "#connection") == "en direct")
    # the same game in another browser that chose nothing: English
    other = browsers()
    other.get(player.current_url.split("#", 1)[0] + "#watch")
    _loaded(other)
    _until(other, "the English page", lambda d: _text(d, "#decision-title") == "Your choices")
    _until(other, "the English narration", lambda d: _has(d, "#narration li"))
    assert _text(other, "#narration li:first-child").startswith("Players: 2 -- seat 0 Blue")
    assert not _console_errors(player) and not _console_errors(other)


@pytest.mark.parametrize("code", ["de", "it"])
def test_the_other_languages_reach_the_lobby_too(
    server: _Server, browsers: Callable[[], webdriver.Chrome], code: str
) -> None:
    driver = browsers()
    driver.get(server.url + "/")
    _choose_language(driver, code)
    expected = {"de": "Neues Spiel", "it": "Nuova partita"}[code]
    _until(driver, "the lobby", lambda d: _text(d, "#create-title") == expected)
