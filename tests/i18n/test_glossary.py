"""The glossary page agrees with the catalogs: each term it gives is the one the players read."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from tongiaki_rules._standard_tiles import STANDARD_TILES
from tongiaki_rules.colours import Colour
from tongiaki_rules.i18n import DOMAIN, LOCALE_DIR, colour_name, direction_name, island_name

babel_pofile = pytest.importorskip("babel.messages.pofile", reason="the catalogs need Babel")

GLOSSARY = Path(__file__).resolve().parents[2] / "docs" / "reference" / "glossary.md"
COLUMNS = {"de": 1, "fr": 2, "it": 3}
# terms of the rules that the interface never shows (the page lists every term of the game)
NOT_SHOWN = {"start island Tonga", "chain reaction"}


def translations_text(language: str) -> str:
    path = LOCALE_DIR / language / "LC_MESSAGES" / f"{DOMAIN}.po"
    with path.open("rb") as po:
        catalog = babel_pofile.read_po(po, locale=language)
    parts = []
    for message in catalog:
        if message.id:
            forms = [message.string] if isinstance(message.string, str) else message.string
            parts.extend(forms)
    return "\n".join(parts).lower()


def term_rows() -> list[list[str]]:
    rows = []
    for line in GLOSSARY.read_text("utf-8").splitlines():
        cells = [cell.strip() for cell in line.strip().strip("|").split("|")]
        heading = cells[0] in ("English (code name)", "tile id", "the other fourteen")
        if line.startswith("| ") and len(cells) == 5 and not heading and cells[0][0] != "`":
            rows.append(cells)
    return rows


def phrase(term: str) -> re.Pattern[str]:
    """A term's words, each allowed another ending (plural, gender): ``colore`` finds ``colori``."""
    words = [re.escape(w[:-1] if len(w) > 4 else w) + r"\w*" for w in term.lower().split()]
    return re.compile(r"\s+".join(words))


def test_the_glossary_lists_the_game_terms() -> None:
    names = [row[0] for row in term_rows()]
    assert len(names) >= 30
    for needed in ("beach (`Beach`)", "jetty", "royal island (`RoyalIsland`)", "reserve"):
        assert needed in names


@pytest.mark.parametrize("language", sorted(COLUMNS))
def test_every_term_of_the_glossary_is_the_one_the_catalog_uses(language: str) -> None:
    text = translations_text(language)
    missing = []
    for row in term_rows():
        if row[0] in NOT_SHOWN:
            continue
        cell = row[COLUMNS[language]].replace("*(inf.)*", "").replace("catalog:", "")
        cell = re.sub(r"\([^)]*\)", "", cell)
        terms = [t.strip(" *") for t in re.split(r"[;/,]", cell) if t.strip(" *")]
        if not any(phrase(term).search(text) for term in terms):
            missing.append((row[0], cell))
    assert missing == []


@pytest.mark.parametrize("language", sorted(COLUMNS))
def test_the_colours_directions_and_islands_of_the_glossary_are_the_code_s(language: str) -> None:
    page = " ".join(GLOSSARY.read_text("utf-8").split())
    for colour in Colour:
        name = colour_name(colour, language)
        assert re.search(rf"\b{re.escape(name)}\b", page, re.I), name
    for direction in range(6):
        assert direction_name(direction, language) in page
    for tile_id in ("fidschi", "hawaii"):
        assert island_name(STANDARD_TILES.tile(tile_id), language) in page  # type: ignore[arg-type]


REJECTED = {
    "de": ("Plättchen", "Neue Besiedlung"),
    "fr": ("jetée",),
    "it": ("molo", "moli"),
}
"""Second words for one concept, once read beside the glossary's on one screen: the tile
(German "Karte"), New Colonisation ("Neubesiedlung"), the jetty ("embarcadère", "pontile")."""


@pytest.mark.parametrize("language", sorted(REJECTED))
def test_one_concept_has_one_word_in_each_language(language: str) -> None:
    text = translations_text(language)
    found = [word for word in REJECTED[language] if re.search(rf"\b{word.lower()}\b", text)]
    assert found == []
