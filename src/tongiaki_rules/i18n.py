"""The players' languages: English, German, French and Italian.

Everything a player reads (narration, the SVG side panel, the command
line's prompts and help for players, the browser client) goes through a
:class:`gettext.GNUTranslations` read by the standard library from the
compiled catalogs shipped in ``tongiaki_rules/locale``; nothing a program
relies on is translated: exception messages, notation keywords, JSON and
position codes stay English. The catalogs are made with Babel (a build tool
only; see the how-to "Languages").

:func:`resolve_language` turns what a user asked for into one of
:data:`LANGUAGES`; an unknown language falls back to English with a one-line
notice, never an error:

>>> resolve_language("de_DE.UTF-8")
('de', None)
>>> resolve_language("ja")
('en', "language 'ja' is not available; using English (available: en, de, fr, it)")
>>> translations("it").gettext("Game over.")
'Fine del gioco.'
>>> island_name(STANDARD_TILES.tile("fidschi"), "en"), island_name(
...     STANDARD_TILES.tile("fidschi"), "fr")
('Fiji', 'Fidji')
"""

from __future__ import annotations

import functools
import gettext
import warnings
from collections.abc import Mapping
from pathlib import Path
from typing import Final

from ._standard_tiles import LOCAL_ISLAND_NAMES, STANDARD_TILES
from .colours import Colour
from .errors import SettingsError, shown
from .tiles import IslandTile, OceanTile

__all__ = [
    "DOMAIN",
    "LANGUAGES",
    "LANGUAGE_NAMES",
    "LOCALE_DIR",
    "LanguageNotice",
    "checked_language",
    "colour_name",
    "decision_name",
    "direction_name",
    "from_direction_name",
    "island_name",
    "language_from_environment",
    "messages",
    "negotiate_language",
    "resolve_language",
    "tile_name",
    "translations",
]

LANGUAGES: Final[tuple[str, ...]] = ("en", "de", "fr", "it")
"""The language codes: English (the source language), German, French, Italian."""

LANGUAGE_NAMES: Final[Mapping[str, str]] = {
    "en": "English",
    "de": "Deutsch",
    "fr": "Français",
    "it": "Italiano",
}
"""Each language's name in that language (for a language selector)."""

DOMAIN: Final = "tongiaki"
"""The gettext domain: the catalogs are ``locale/<code>/LC_MESSAGES/tongiaki.mo``."""

LOCALE_DIR: Final = Path(__file__).resolve().parent / "locale"
"""Where the catalogs are shipped, inside the package."""


class LanguageNotice(UserWarning):
    """Warned (once per call) when a language that is not available falls back to English."""


def _base(requested: str) -> str:
    """``"de"`` for ``"de_DE.UTF-8"``, ``"de-CH"`` or ``"DE"``."""
    code = requested.strip().split(".")[0].split("@")[0]
    return code.replace("-", "_").split("_")[0].lower()


def resolve_language(requested: str | None) -> tuple[str, str | None]:
    """The language code for ``requested``, and a notice if it fell back to English.

    ``None``, ``""``, ``"C"`` and ``"POSIX"`` mean English without a notice;
    a locale name (``"fr_FR.UTF-8"``, ``"it-CH"``) means its language. A
    ``requested`` that is not text raises
    :class:`~tongiaki_rules.errors.SettingsError` (a programming error, not
    a choice of language).

    >>> resolve_language("fr-CH")
    ('fr', None)
    >>> resolve_language(None)
    ('en', None)
    """
    if requested is None:
        return "en", None
    if not isinstance(requested, str):
        raise SettingsError(f"language must be text such as 'de', not {shown(requested)}")
    code = _base(requested)
    if code in ("", "c", "posix"):
        return "en", None
    if code in LANGUAGES:
        return code, None
    available = ", ".join(LANGUAGES)
    return (
        "en",
        f"language {shown(requested)} is not available; using English (available: {available})",
    )


def checked_language(language: str | None, stacklevel: int = 3) -> str:
    """:func:`resolve_language`, with its notice given as a :class:`LanguageNotice` warning.

    >>> checked_language("it")
    'it'
    """
    code, notice = resolve_language(language)
    if notice is not None:
        warnings.warn(notice, LanguageNotice, stacklevel=stacklevel)
    return code


def language_from_environment(environ: Mapping[str, str]) -> str:
    """The language the environment asks for, as gettext reads it, or English.

    ``LANGUAGE`` (a colon-separated list of preferences) comes first, then
    ``LC_ALL``, ``LC_MESSAGES`` and ``LANG``; the first variable that is set
    decides, and the first available language of it wins. A locale this
    project does not speak (``ja_JP.UTF-8``) means English, silently, as for
    any gettext program.

    >>> language_from_environment({"LANGUAGE": "pt:it", "LANG": "de_DE.UTF-8"})
    'it'
    >>> language_from_environment({"LANG": "C.UTF-8"})
    'en'
    """
    for variable in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        value = environ.get(variable, "")
        if not value:
            continue
        for part in value.split(":"):
            code, notice = resolve_language(part)
            if notice is None and part.strip():
                return code
        return "en"
    return "en"


def negotiate_language(accept_language: str | None) -> str:
    """The best of :data:`LANGUAGES` for an HTTP ``Accept-Language`` header, or English.

    Languages are tried by their quality (``q``, 1 when missing), and in the
    header's order among equal ones; ``*`` and anything malformed are
    skipped, so no header can make this fail.

    >>> negotiate_language("pt-BR, fr-CH;q=0.9, de;q=0.8, en;q=0.5")
    'fr'
    >>> negotiate_language("ja, *;q=0.1"), negotiate_language(None)
    ('en', 'en')
    """
    if not isinstance(accept_language, str):
        return "en"
    ranked: list[tuple[float, int, str]] = []
    for k, item in enumerate(accept_language[:1000].split(",")):
        tag, _, params = item.strip().partition(";")
        quality = 1.0
        name, _, value = params.strip().partition("=")
        if name.strip() == "q":
            try:
                quality = float(value)
            except ValueError:
                continue
            if not 0.0 < quality <= 1.0:
                continue
        code = _base(tag)
        if code in LANGUAGES:
            ranked.append((-quality, k, code))
    return min(ranked)[2] if ranked else "en"


@functools.cache
def translations(language: str) -> gettext.NullTranslations:
    """The catalog of ``language`` (one of :data:`LANGUAGES`), read from the shipped ``.mo``.

    English, the source language, is the identity (plural forms included).
    A code that is not in :data:`LANGUAGES` raises
    :class:`~tongiaki_rules.errors.SettingsError`; resolve a user's choice
    with :func:`resolve_language` first.

    >>> translations("de").ngettext("{count} boat", "{count} boats", 2).format(count=2)
    '2 Schiffe'
    """
    if language not in LANGUAGES:
        raise SettingsError(
            f"language must be one of {', '.join(LANGUAGES)}, not {shown(language)}"
        )
    if language == "en":
        return gettext.NullTranslations()
    path = LOCALE_DIR / language / "LC_MESSAGES" / f"{DOMAIN}.mo"
    with path.open("rb") as catalog:
        return gettext.GNUTranslations(catalog)


def messages(language: str) -> dict[str, object]:
    """The whole catalog of ``language`` as JSON-ready data, for a client in another language.

    ``{"msgid": "translation", ...}`` for the plain messages (a message with a
    context is keyed ``"context\u0004msgid"``, as gettext does), and
    ``{"msgid": ["one", "many"], ...}`` for the plural ones, keyed by the
    English singular; English, the source, is empty. The browser client of
    ``tongiaki serve`` reads its words from it.

    >>> messages("fr")["Game over."], messages("it")["{count} boat"]
    ('Fin de la partie.', ['{count} barca', '{count} barche'])
    >>> messages("en")
    {}
    """
    catalog = getattr(translations(language), "_catalog", {})
    plain: dict[str, object] = {}
    forms: dict[str, dict[int, str]] = {}
    for key, text in catalog.items():
        if isinstance(key, tuple):
            forms.setdefault(key[0], {})[key[1]] = text
        elif key:  # "" is the catalog's header
            plain[key] = text
    for msgid, by_index in forms.items():
        plain[msgid] = [by_index[k] for k in sorted(by_index)]
    return plain


def colour_name(colour: Colour, language: str) -> str:
    """A boat colour's name, capitalised as a label: ``Blau``, ``Rouge``, ``Verde``.

    >>> colour_name(Colour.PURPLE, "it")
    'Viola'
    """
    t = translations(language)
    names = {
        Colour.BLUE: t.pgettext("colour", "Blue"),
        Colour.RED: t.pgettext("colour", "Red"),
        Colour.GREEN: t.pgettext("colour", "Green"),
        Colour.YELLOW: t.pgettext("colour", "Yellow"),
        Colour.ORANGE: t.pgettext("colour", "Orange"),
        Colour.PURPLE: t.pgettext("colour", "Purple"),
    }
    return names[colour]


def direction_name(direction: int, language: str) -> str:
    """A board direction (0 bottom, then clockwise) as it follows "the jetty" in a sentence.

    >>> direction_name(1, "fr")
    'en bas à gauche'
    """
    t = translations(language)
    names = (
        t.pgettext("direction", "bottom"),
        t.pgettext("direction", "lower-left"),
        t.pgettext("direction", "upper-left"),
        t.pgettext("direction", "top"),
        t.pgettext("direction", "upper-right"),
        t.pgettext("direction", "lower-right"),
    )
    return names[direction]


def from_direction_name(direction: int, language: str) -> str:
    """Where a group under way comes from: ``from upper-left`` for direction 2.

    >>> from_direction_name(2, "de")
    'von oben links'
    """
    t = translations(language)
    names = (
        t.gettext("from bottom"),
        t.gettext("from lower-left"),
        t.gettext("from upper-left"),
        t.gettext("from top"),
        t.gettext("from upper-right"),
        t.gettext("from lower-right"),
    )
    return names[direction]


def decision_name(kind: str, language: str) -> str:
    """The name of a kind of decision (a :class:`~tongiaki_rules.views.DecisionKind` value).

    >>> decision_name("departure", "it")
    'partenza'
    """
    t = translations(language)
    names = {
        "setup": t.pgettext("decision", "setup"),
        "turn": t.pgettext("decision", "turn"),
        "departure": t.pgettext("decision", "departure"),
        "draw": t.pgettext("decision", "draw"),
        "place_tile": t.pgettext("decision", "place tile"),
        "berth": t.pgettext("decision", "berth"),
        "game_over": t.pgettext("decision", "game over"),
    }
    return names.get(str(kind), str(kind).replace("_", " "))


def island_name(tile: IslandTile, language: str) -> str:
    """An island's name in ``language``: the standard tiles' local names, else its own name.

    Only a tile of the standard set (same id, same printed name) takes the
    names of :data:`~tongiaki_rules._standard_tiles.LOCAL_ISLAND_NAMES`; a
    custom tile keeps the name it was given.

    >>> island_name(STANDARD_TILES.tile("hawaii"), "fr")
    'Hawaï'
    """
    names = LOCAL_ISLAND_NAMES.get(language, {})
    if tile.id in names and _is_standard(tile):
        return names[tile.id]
    return tile.name


def tile_name(tile: IslandTile | OceanTile, language: str) -> str:
    """A tile's display name in ``language``: an island's name, or ``ocean a`` translated.

    >>> tile_name(STANDARD_TILES.tile("ocean-c"), "de")
    'Wasserkarte c'
    """
    if isinstance(tile, IslandTile):
        return island_name(tile, language)
    if not tile.id.startswith("ocean-"):
        return tile.name
    letter = tile.id.removeprefix("ocean-")
    return translations(language).gettext("ocean {letter}").format(letter=letter)


def _is_standard(tile: IslandTile) -> bool:
    k = STANDARD_TILES.index.get(tile.id)
    if k is None:
        return False
    standard = STANDARD_TILES.kinds[k]
    return isinstance(standard, IslandTile) and standard.name == tile.name
