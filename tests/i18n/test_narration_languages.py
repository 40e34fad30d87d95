"""Narrating random games in every language leaves no English and no unfilled placeholder."""

from __future__ import annotations

import gettext
import random
import re
from collections.abc import Iterator

import pytest

from tongiaki_rules import Rules
from tongiaki_rules.i18n import translations
from tongiaki_rules.narration import narrate, play_game
from tongiaki_rules.rules import EndTrigger

GAMES = 50
PLACEHOLDER = re.compile(r"\{[a-z_]*\}")
WORD = re.compile(r"\w+(?:-\w+)*")

ENGLISH_GAME_WORDS = frozenset(
    [
        "beach",
        "beaches",
        "jetty",
        "boat",
        "boats",
        "island",
        "islands",
        "tile",
        "tiles",
        "ocean",
        "royal",
        "voyage",
        "route",
        "reserve",
        "sails",
        "draws",
        "placed",
        "forced",
        "expands",
        "founds",
        "lands",
        "reaches",
        "fails",
        "takes",
        "free",
        "sea",
        "slot",
        "top",
        "bottom",
        "left",
        "right",
        "upper-left",
        "upper-right",
        "lower-left",
        "lower-right",
        "red",
        "blue",
        "green",
        "yellow",
        "purple",
        "winner",
        "seat",
        "turn",
        "setup",
        "victory",
        "needs",
        "needed",
        "shared",
        "back",
        "empty",
        "group",
        "statue",
        "colours",
        "colonise",
        "colonisation",
        "rotation",
        "pile",
        "points",
        "scores",
        "tied",
    ]
)
"""Words of the English narration that name something of the game (islands' names excluded)."""

AT_HOME = {
    "de": {"statue"},
    "fr": {"colonisation", "rotation", "pile", "points", "scores"},
    "it": set(),
}
"""The words above that are also the right word in the language (French "rotation")."""


def english_words(line: str, language: str) -> list[str]:
    """The English game words in a translated line: each a word left untranslated in it.

    >>> english_words("  Tonga Strand 2 legt über den Steg bottom ab", "de")
    ['bottom']
    """
    words = (w.lower() for w in WORD.findall(line) if "_" not in w)  # a rule flag's code name
    return [w for w in words if w in ENGLISH_GAME_WORDS and w not in AT_HOME[language]]


class Missing(gettext.NullTranslations):
    """A fallback catalog that records every message the language's catalog lacks."""

    def __init__(self) -> None:
        super().__init__()
        self.missing: list[str] = []

    def gettext(self, message: str) -> str:
        self.missing.append(message)
        return message

    def ngettext(self, msgid1: str, msgid2: str, n: int) -> str:
        self.missing.append(msgid1)
        return msgid1 if n == 1 else msgid2

    def pgettext(self, context: str, message: str) -> str:
        self.missing.append(f"{context}|{message}")
        return message

    def npgettext(self, context: str, msgid1: str, msgid2: str, n: int) -> str:
        self.missing.append(f"{context}|{msgid1}")
        return msgid1 if n == 1 else msgid2


@pytest.fixture
def missing(request: pytest.FixtureRequest) -> Iterator[Missing]:
    catalog = translations(request.param)
    recorder = Missing()
    catalog.add_fallback(recorder)
    try:
        yield recorder
    finally:
        catalog._fallback = None


def games() -> Iterator[tuple[list, list]]:  # type: ignore[type-arg]
    rng = random.Random(31)
    for k in range(GAMES):
        rules = Rules()
        if k % 5 == 1:
            rules = Rules(end_trigger=EndTrigger.SIXTEEN_ON_TABLE, failure_ends_turn=True)
        elif k % 5 == 2:
            rules = Rules(variant_rody=True)
        elif k % 5 == 3:
            rules = Rules(variant_two_player_double_colour=True)
        players = 2 if k % 5 == 3 else rng.randint(2, 6)
        states, actions = play_game(players, seed=rng.randrange(10**9), rules=rules)
        cut = len(actions) if k % 7 else rng.randrange(len(actions))  # some unfinished
        yield states[: cut + 1], actions[:cut]


@pytest.mark.parametrize("missing", ["de", "fr", "it"], indirect=True)
def test_fifty_random_games_are_told_wholly_in_the_language_word_by_word(missing: Missing) -> None:
    language = next(code for code in ("de", "fr", "it") if translations(code)._fallback is missing)
    told = 0
    for states, actions in games():
        english = list(narrate(states, actions))
        local = list(narrate(states, actions, language=language))
        assert len(local) == len(english)
        for line_en, line in zip(english, local, strict=True):
            assert not PLACEHOLDER.search(line), line
            assert line != line_en, f"{language}: an English line: {line!r}"
            assert not english_words(line, language), f"{language}: English words in {line!r}"
        told += len(local)
    assert missing.missing == []
    assert told > 50 * 40


def test_english_fills_every_placeholder_too() -> None:
    for states, actions in games():
        for line in narrate(states, actions):
            assert not PLACEHOLDER.search(line), line


COORDINATES = re.compile(r"\(-?\d+, -?\d+\)")
NAMES = ("Ana", "Kiri", None, "Mele", None, "Sione")


@pytest.mark.parametrize("missing", ["de", "fr", "it"], indirect=True)
def test_the_told_in_words_style_is_wholly_in_the_language_too(missing: Missing) -> None:
    """The browser's narration (players' names, places in words) leaves no English either."""
    language = next(code for code in ("de", "fr", "it") if translations(code)._fallback is missing)
    for states, actions in games():
        names = NAMES[: states[0].num_players]
        english = list(narrate(states, actions, names=names, coordinates=False))
        local = list(narrate(states, actions, language=language, names=names, coordinates=False))
        assert len(local) == len(english)
        for line_en, line in zip(english, local, strict=True):
            assert not PLACEHOLDER.search(line), line
            assert not COORDINATES.search(line), line
            assert line != line_en, f"{language}: an English line: {line!r}"
            assert not english_words(line, language), f"{language}: English words in {line!r}"
    assert missing.missing == []
