"""Choosing the language: codes, locale names, the environment, and the fallback to English."""

from __future__ import annotations

import warnings

import pytest

from tongiaki_rules import new_game, render_svg
from tongiaki_rules._standard_tiles import LOCAL_ISLAND_NAMES, STANDARD_TILES, island
from tongiaki_rules.errors import SettingsError
from tongiaki_rules.i18n import (
    LANGUAGES,
    LanguageNotice,
    island_name,
    language_from_environment,
    negotiate_language,
    resolve_language,
    tile_name,
    translations,
)
from tongiaki_rules.narration import Narrator, narrate, play_game


@pytest.mark.parametrize(
    ("asked", "code"),
    [
        ("de", "de"),
        ("DE", "de"),
        ("de_AT.UTF-8", "de"),
        ("fr-CA", "fr"),
        ("it_CH@euro", "it"),
        ("en_GB", "en"),
        ("C", "en"),
        ("POSIX", "en"),
        ("", "en"),
        (None, "en"),
    ],
)
def test_codes_and_locale_names_choose_a_language(asked: str | None, code: str) -> None:
    assert resolve_language(asked) == (code, None)


@pytest.mark.parametrize("asked", ["ja", "pt_BR.UTF-8", "klingon", "x" * 10_000, "\x00"])
def test_an_unknown_language_falls_back_to_english_with_a_one_line_notice(asked: str) -> None:
    code, notice = resolve_language(asked)
    assert code == "en"
    assert notice is not None and "\n" not in notice and len(notice) < 200
    assert "English" in notice


@pytest.mark.parametrize("asked", [5, b"de", ["de"], 1.5])
def test_a_language_that_is_not_text_is_a_programming_error(asked: object) -> None:
    with pytest.raises(SettingsError, match="language"):
        resolve_language(asked)  # type: ignore[arg-type]
    with pytest.raises(SettingsError, match="language"):
        list(narrate([new_game(2)], [], language=asked))  # type: ignore[arg-type]


def test_narrate_and_render_warn_once_and_speak_english_for_an_unknown_language() -> None:
    states, actions = play_game(2, seed=2)
    with pytest.warns(LanguageNotice, match="'xx' is not available; using English"):
        lines = list(narrate(states, actions, language="xx"))
    assert lines == list(narrate(states, actions))
    with pytest.warns(LanguageNotice):
        assert render_svg(states[0], language="xx") == render_svg(states[0])
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        list(narrate(states, actions, language="de"))  # a known language: no notice


@pytest.mark.parametrize(
    ("environ", "code"),
    [
        ({}, "en"),
        ({"LANG": "it_IT.UTF-8"}, "it"),
        ({"LC_ALL": "fr_FR.UTF-8", "LANG": "de_DE.UTF-8"}, "fr"),
        ({"LANGUAGE": "ja:de", "LANG": "fr_FR.UTF-8"}, "de"),
        ({"LANGUAGE": "ja", "LANG": "fr_FR.UTF-8"}, "en"),
        ({"LC_MESSAGES": "de_CH", "LANG": "it_IT"}, "de"),
        ({"LANG": "ja_JP.UTF-8"}, "en"),
        ({"LANG": "C.UTF-8"}, "en"),
    ],
)
def test_the_environment_chooses_as_gettext_does(environ: dict[str, str], code: str) -> None:
    assert language_from_environment(environ) == code


def test_translations_only_knows_the_four_codes() -> None:
    for code in LANGUAGES:
        translations(code)
    with pytest.raises(SettingsError, match="language must be one of en, de, fr, it"):
        translations("es")


def test_fiji_is_no_longer_german_in_english_and_each_language_has_its_name() -> None:
    fiji = STANDARD_TILES.tile("fidschi")
    assert fiji.name == "Fidschi"  # the printed name, as data and in repr, stays
    names = {code: island_name(fiji, code) for code in LANGUAGES}  # type: ignore[arg-type]
    assert names == {"en": "Fiji", "de": "Fidschi", "fr": "Fidji", "it": "Fidschi"}
    assert island_name(STANDARD_TILES.tile("hawaii"), "fr") == "Hawaï"  # type: ignore[arg-type]
    assert set(LOCAL_ISLAND_NAMES) == set(LANGUAGES)
    for names_of in LOCAL_ISLAND_NAMES.values():
        assert set(names_of) <= {t.id for t in STANDARD_TILES.kinds}


def test_a_custom_island_keeps_the_name_it_was_given() -> None:
    mine = island("fidschi", "My Fiji", 3, "2:1 3:45")
    assert island_name(mine, "en") == "My Fiji"
    assert tile_name(STANDARD_TILES.tile("ocean-a"), "it") == "tessera mare a"


def test_the_live_narrator_speaks_the_same_language_as_narrate() -> None:
    states, actions = play_game(3, seed=9)
    narrator = Narrator(states[0], language="fr")
    lines = narrator.header()
    for action in actions:
        lines += narrator.step(action)
    assert lines + narrator.footer() == list(narrate(states, actions, language="fr"))


@pytest.mark.parametrize(
    ("header", "code"),
    [
        ("de;q=0", "en"),
        ("de;q=0.0, fr;q=0.5", "fr"),
        ("it;q=0.000, de;q=0.001", "de"),
        ("fr;q=0, *;q=0.5", "en"),
    ],
)
def test_a_language_of_quality_zero_is_never_chosen(header: str, code: str) -> None:
    # q=0 says "not acceptable" (RFC 9110, 12.4.2): never the page's language
    assert negotiate_language(header) == code
