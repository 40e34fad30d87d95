"""The rule-clause catalogue: every clause and contested reading, with sources.

The catalogue (``data/clauses.toml``) restates in the project's own words
each clause of the Italian, French and German rule texts, with where each
source says it, and each point where the sources disagree (``AMB-nn``) with
the reading the engine follows and the :class:`~tongiaki_rules.Rules` flag
that switches it. Tests name the clauses they check with
``@pytest.mark.clause("VOYAGE-2")``; the conformance report joins the two.

>>> from tongiaki_rules.catalogue import load_catalogue
>>> catalogue = load_catalogue()
>>> catalogue.entry("VOYAGE-2").area
'Voyage'
>>> catalogue.entry("AMB-08").flags[0].name
'failure_ends_turn'
"""

from __future__ import annotations

import re
import tomllib
from functools import cache
from importlib import resources
from typing import Any

import attrs

__all__ = [
    "SOURCE_CODES",
    "SOURCE_KEYS",
    "SOURCE_NAMES",
    "Catalogue",
    "Entry",
    "FlagRef",
    "cited_codes",
    "load_catalogue",
]

SOURCE_KEYS: tuple[str, ...] = ("it", "fr_rules", "fr_help", "bsw_en", "de")
"""Source keys, in report order."""

SOURCE_NAMES: dict[str, str] = {
    "it": "Italian full rules (IT)",
    "fr_rules": "French full rules (FR-R)",
    "fr_help": "French online help (FR-H)",
    "bsw_en": "BrettspielWelt help, English rendering of the German (BSW-EN1)",
    "de": "German texts and reviews (DE-BSW and others)",
}

SOURCE_CODES: dict[str, str] = {
    "IT": "the Italian translation of the full rules",
    "FR-R": "the French translation of the full rules (Escale à jeux)",
    "FR-H": "the French online help, a paraphrase of the BrettspielWelt help",
    "BSW-EN1": "the BrettspielWelt help page, an English rendering of the German",
    "DE-BSW": "the German BrettspielWelt help (its opening part only)",
    "DE-ldr": "Ludorium, a German review with a rules summary",
    "DE-ldr0": "Ludorium's short German summary of the rules",
    "DE-pk": "Pöppelkiste, a German review",
    "DE-st": "Spieleteufel, a German review",
    "DE-lz": "Ludozine, a German review",
    "DE-tp": "Topolino, a German review",
    "DE-kr": "Keirat, a German review",
    "DE-h9": "Hall 9000, a German review",
    "DE-wp": "the German Wikipedia article (a mirror of it)",
    "EN-BSW2": "another English BrettspielWelt help text (its opening only)",
    "EN-BSWi": "older English BrettspielWelt rules (their middle part only)",
    "EN-bg": "boardgame.de, an English review",
    "FI-lpo": "Lautapeliopas, a Finnish translation of Überplay's English rules",
    "FR-tt": "Tric Trac, a French summary",
    "FR-esc": "Escale à jeux, a French summary (where the two-player variant comes from)",
}
"""Every source code the catalogue cites, with a name a reader can place.

The texts of the catalogue cite their sources by these short codes
(``DE-st; DE-lz``); the documentation lists them with these names.
"""

_CODE = re.compile(
    r"(?<![\w-])("
    + "|".join(sorted(map(re.escape, SOURCE_CODES), key=len, reverse=True))
    + r")(?![\w-])"
)


def cited_codes(text: str) -> list[str]:
    """The source codes ``text`` cites, in the order of :data:`SOURCE_CODES`.

    >>> cited_codes("DE-st; DE-lz; DE-ldr0 and IT")
    ['IT', 'DE-ldr0', 'DE-st', 'DE-lz']
    """
    found = set(_CODE.findall(text))
    return [code for code in SOURCE_CODES if code in found]


@attrs.frozen(slots=True)
class FlagRef:
    """A :class:`~tongiaki_rules.Rules` flag that decides a contested reading."""

    name: str
    default: str
    """The default value, as text (``"false"``, ``"geometric"``, ...)."""
    values: tuple[str, ...]
    """Every value the flag takes, as text, the default first."""


@attrs.frozen(slots=True)
class Entry:
    """One catalogue entry: a rule clause (``VOYAGE-2``) or a contested point (``AMB-08``)."""

    id: str
    area: str
    title: str
    statement: str
    """What the rule says (clauses) or what the question is (AMB entries), in our words."""
    sources: dict[str, str] = attrs.field(eq=False, hash=False)
    """Where each source says it, by :data:`SOURCE_KEYS`; ``"—"`` when a source is silent."""
    de_terms: tuple[str, ...] = ()
    """German terms for the clause (``inf.`` marks a term inferred from a translation)."""
    reading: str = ""
    """For AMB entries: the reading the engine follows by default, and why."""
    flags: tuple[FlagRef, ...] = ()
    related: tuple[str, ...] = ()
    """Ids of related entries (a clause's AMB entries, an AMB entry's clauses)."""

    @property
    def is_ambiguity(self) -> bool:
        """True for ``AMB-nn`` entries."""
        return self.id.startswith("AMB-")


@attrs.frozen(slots=True)
class Catalogue:
    """Every entry of the catalogue, in catalogue order."""

    entries: tuple[Entry, ...]

    def entry(self, entry_id: str) -> Entry:
        """The entry with this id (raises :class:`KeyError` if unknown)."""
        for e in self.entries:
            if e.id == entry_id:
                return e
        raise KeyError(entry_id)

    @property
    def ids(self) -> tuple[str, ...]:
        """Every id, in catalogue order."""
        return tuple(e.id for e in self.entries)

    @property
    def clauses(self) -> tuple[Entry, ...]:
        """The rule clauses (not the AMB entries)."""
        return tuple(e for e in self.entries if not e.is_ambiguity)

    @property
    def ambiguities(self) -> tuple[Entry, ...]:
        """The contested points (``AMB-nn``)."""
        return tuple(e for e in self.entries if e.is_ambiguity)


def _entry(raw: dict[str, Any]) -> Entry:
    flags = tuple(
        FlagRef(f["name"], str(f["default"]), tuple(str(v) for v in f["values"]))
        for f in raw.get("flags", ())
    )
    return Entry(
        id=raw["id"],
        area=raw["area"],
        title=raw["title"],
        statement=raw["statement"],
        sources={key: raw.get("sources", {}).get(key, "—") for key in SOURCE_KEYS},
        de_terms=tuple(raw.get("de_terms", ())),
        reading=raw.get("reading", ""),
        flags=flags,
        related=tuple(raw.get("related", ())),
    )


@cache
def load_catalogue() -> Catalogue:
    """Load the catalogue shipped with the package."""
    text = resources.files("tongiaki_rules").joinpath("data/clauses.toml").read_text("utf-8")
    data = tomllib.loads(text)
    return Catalogue(tuple(_entry(raw) for raw in data["entry"]))
