"""The 32 tiles of the 2004 Schmidt Spiele edition.

Transcribed from a real copy (see ``shared/tiles.md`` in the project's
workspace). Local edges follow :mod:`.hexgrid`: 0 is the red-marker edge
(bottom), then clockwise. Notation used below:

* island beaches: ``"slots:jetty-edges"`` per beach, e.g. ``"3:45"`` is a
  beach of 3 slots with jetties on edges 4 and 5;
* ocean routes: ``"ab:n"``, a route joining edges ``a`` and ``b`` that needs
  ``n`` distinct colours (``-`` for no number).

>>> len(STANDARD_TILES.pile)
31
>>> sorted({t.value for t in STANDARD_TILES.pile_islands})
[2, 3, 4, 5]
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Final

from .errors import TileSetError, shown
from .tiles import BeachSpec, IslandTile, OceanTile, Route, Tile, TileSet

# id, printed name, value, beaches
_ISLANDS: Final = (
    ("muroroa", "Muroroa", 2, "2:1 2:2 3:45"),
    ("nauru", "Nauru", 2, "2:12 3:3 2:45"),
    ("tubuai", "Tubuai", 2, "3:12 3:45"),
    ("rarotonga", "Rarotonga", 3, "3:12 4:345"),
    ("rapa-nui", "Rapa Nui", 3, "5:12 3:345"),
    ("tokelau", "Tokelau", 3, "4:1 3:23 2:45"),
    ("tuamotu", "Tuamotu", 3, "4:123 4:45"),
    ("hiva-oa", "Hiva Oa", 4, "2:12 2:3 5:45"),
    ("mangareva", "Mangareva", 4, "2:12 3:34 4:5"),
    ("oahu", "Oahu", 4, "3:12 5:3 3:45"),
    ("tahiti", "Tahiti", 4, "2:12 3:34 4:5"),
    ("tuvalu", "Tuvalu", 4, "2:12 4:3 3:45"),
    ("fidschi", "Fidschi", 5, "5:1 4:23 4:45"),
    ("hawaii", "Hawaii", 5, "3:12 5:3 2:45"),
    ("samoa", "Samoa", 5, "3:12 4:34 5:5"),
)

# The islands' names in the players' languages (issue 31), where they differ from the printed
# name above. The tiles print German names (FIDSCHI; shared/tiles.md). Where a rule text of a
# language names the islands its names are used; otherwise the island's own name in that
# language's usual spelling. The other thirteen islands' own names are written alike in the
# four languages, so they keep their printed form everywhere.
LOCAL_ISLAND_NAMES: Final[Mapping[str, Mapping[str, str]]] = {
    # English: no English rule text names the islands; "Fiji" is the usual English spelling
    # (the clause catalogue's own gloss, "Fidschi (Fiji)", clauses.toml SCORE-3)
    "en": {"fidschi": "Fiji"},
    # German: the printed names are the German ones (FIDSCHI is German for Fiji; DE-wp
    # "Inhalt" lists the tiles under these names)
    "de": {},
    # French: neither FR-R nor FR-H names the islands; the usual French spellings are Fidji
    # and Hawaï
    "fr": {"fidschi": "Fidji", "hawaii": "Hawaï"},
    # Italian: IT's score tables ("Tabelle") list all fifteen islands as printed, Fidschi
    # included, so Italian players read the names on their tiles and score sheet
    "it": {},
}

# id (letter as in the transcription), routes
_OCEANS: Final = (
    ("a", "03:4 15:4 24:4"),
    ("b", "04:4 13:4 25:3"),
    ("c", "03:4 15:3 24:-"),
    ("d", "04:3 13:3 25:4"),
    ("e", "01:3 23:2 45:4"),
    ("f", "03:3 15:3 24:3"),
    ("g", "03:3 15:2 24:-"),
    ("h", "01:3 23:- 45:2"),
    ("i", "04:2 13:3 25:4"),
    ("j", "05:2 12:2 34:2"),
    ("k", "01:2 23:- 45:2"),
    ("l", "05:- 12:3 34:4"),
    ("m", "04:- 13:4 25:2"),
    ("n", "05:- 12:4 34:2"),
    ("o", "01:- 23:2 45:-"),
    ("p", "05:- 12:- 34:-"),
)


def island(tile_id: str, name: str, value: int, beaches: str) -> IslandTile:
    """Build an island from the compact beach notation.

    >>> island("x", "X", 2, "2:1 3:45").beaches[1]
    BeachSpec(slots=3, jetties=(4, 5))
    """
    try:
        specs = []
        for part in beaches.split():
            slots, edges = part.split(":")
            specs.append(BeachSpec(int(slots), tuple(int(e) for e in edges)))
    except TileSetError:
        raise
    except (ValueError, AttributeError):
        raise TileSetError(
            f"beaches: {shown(beaches)} is not in the notation 'slots:edges ...' (like '2:1 3:45')"
        ) from None
    return IslandTile(tile_id, name, value, tuple(specs))


def ocean(tile_id: str, routes: str) -> OceanTile:
    """Build an ocean tile from the compact route notation.

    >>> ocean("z", "01:- 23:2 45:4").routes[1]
    Route(a=2, b=3, colours=2)
    """
    if type(tile_id) is not str:
        raise TileSetError(f"tile_id must be a str, not {shown(tile_id)}")
    try:
        parsed = []
        for part in routes.split():
            edges, number = part.split(":")
            if len(edges) != 2:
                raise ValueError(edges)
            a, b = int(edges[0]), int(edges[1])
            parsed.append(Route(a, b, 0 if number == "-" else int(number)))
    except TileSetError:
        raise
    except (ValueError, AttributeError):
        raise TileSetError(
            f"routes: {shown(routes)} is not in the notation 'ab:n ...' (like '01:- 23:2 45:4')"
        ) from None
    return OceanTile(f"ocean-{tile_id}", tuple(parsed))


TONGA: Final = IslandTile(
    "tonga",
    "Tonga",
    0,
    tuple(BeachSpec(3, (edge,)) for edge in range(6)),
    is_start=True,
)
"""The start island: six beaches of three slots, one jetty per edge (COMP-3)."""

ISLANDS: Final[tuple[IslandTile, ...]] = tuple(island(*row) for row in _ISLANDS)
OCEANS: Final[tuple[OceanTile, ...]] = tuple(ocean(*row) for row in _OCEANS)

_PILE: tuple[Tile, ...] = (*ISLANDS, *OCEANS)
STANDARD_TILES: Final = TileSet(TONGA, _PILE)
"""Tonga plus the 31 tiles of the draw pile (COMP-2)."""
