"""The chain part of a position code: each departure's table as edits of a later one.

A departure is written as the island it left (its row in the departure's own
table, or its hex when that row is one inserted back), the beach letter, the
jetty, the boats of that beach when it left (only after a row), then the
edits of the rest of the table. Writer and reader share this module, and the
writer keeps the short form only when reading it back gives the departure.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any, Final, NoReturn

from ..errors import PositionCodeError

BEACH_LETTERS: Final = "abcdef"
"""Beach letters: a tile has at most 6 beaches (``i`` and ``r`` start edits)."""

Rows = list[list[str]]
Place = tuple[int, int] | None

_BEACHES: Final = "(?:[a-f][A-Z]*)*"
_EDIT: Final = re.compile(rf"([ir]?)([0-9]{{1,3}})({_BEACHES})\.?")
_BEACH: Final = re.compile(r"([a-f])([A-Z]*)")
_DEPARTURE: Final = re.compile(
    r"(?:([0-9]{1,3})|(-?[0-9]{1,3})\.(-?[0-9]{1,3}))([a-f])([0-5])([A-Z]*)"
    rf"((?:[ir]?[0-9]{{1,3}}{_BEACHES}\.?)*)"
)


def _fail(part: str, message: str) -> NoReturn:
    raise PositionCodeError(message, part)


def _beaches(row: Sequence[str], only: Sequence[int]) -> str:
    return "".join(BEACH_LETTERS[b] + row[b] for b in only)


def snapshot_edits(rows: Sequence[Sequence[str]], base: Sequence[Sequence[str]]) -> list[str]:
    """The boats of a departure's table, as edits of a later table (see the reference page).

    ``<k>`` and beach letters with boats set those beaches of row ``k``;
    ``i<k>`` inserts row ``k`` (a tile removed since), ``r<k>`` replaces it
    whole. Rows not named are the later table's, in order.

    >>> snapshot_edits([["B"], [], ["R", ""]], [[""], [], ["R", ""]])
    ['0aB']
    """
    edits: list[str] = []
    inserts = len(rows) - len(base)
    j = 0
    for k, row in enumerate(rows):
        if j < len(base) and list(row) == list(base[j]):
            j += 1
        elif inserts > 0:
            edits.append(f"i{k}" + _beaches(row, range(len(row))))
            inserts -= 1
        elif len(row) == len(base[j]):
            changed = [b for b in range(len(row)) if row[b] != base[j][b]]
            edits.append(f"{k}" + _beaches(row, changed))
            j += 1
        else:
            edits.append(f"r{k}" + _beaches(row, range(len(row))))
            j += 1
    return edits


def join_edits(edits: Sequence[str]) -> str:
    """The edits run together, with a ``.`` after one that ends in its row number.

    >>> join_edits(["i2", "3dB", "r4aBb"])
    'i2.3dBr4aBb'
    """
    return "".join(
        edit + "." if edit[-1].isdigit() and k + 1 < len(edits) else edit
        for k, edit in enumerate(edits)
    )


def _whole(beaches: list[tuple[int, str]], part: str, edit: str) -> list[str]:
    if [b for b, _ in beaches] != list(range(len(beaches))):
        _fail(part, f"{edit!r} gives a whole row: every beach from 'a', in order")
    return [boats for _, boats in beaches]


def apply_edits(
    text: str, base: Sequence[Sequence[str]], places: Sequence[Place], part: str
) -> tuple[Rows, list[Place]]:
    """The table the edits ``text`` describe, from the later table ``base``.

    Also the hex of each row: the later table's, ``None`` for a row inserted.

    >>> apply_edits("0aBi1aR", [[""]], [(0, 0)], "chain")
    ([['B'], ['R']], [(0, 0), None])
    """
    inserted: dict[int, list[str]] = {}
    changes: list[tuple[str, int, list[tuple[int, str]]]] = []
    for kind, row_text, beach_text in _EDIT.findall(text):
        edit, row = kind + row_text + beach_text, int(row_text)
        beaches = [(ord(m[1]) - ord("a"), m[2]) for m in _BEACH.finditer(beach_text)]
        if kind == "i":
            if row in inserted:
                _fail(part, f"row {row} is inserted twice")
            inserted[row] = _whole(beaches, part, edit)
        else:
            changes.append((kind, row, beaches))
    rows: Rows = []
    row_places: list[Place] = []
    later = iter(zip(base, places, strict=True))
    for k in range(len(base) + len(inserted)):
        if k in inserted:
            rows.append(inserted[k])
            row_places.append(None)
            continue
        kept = next(later, None)
        if kept is None:
            _fail(part, f"row {k} is inserted past the end of the table")
        rows.append(list(kept[0]))
        row_places.append(kept[1])
    for kind, k, beaches in changes:
        if k >= len(rows) or k in inserted:
            _fail(part, f"row {k} is not a row of the later table")
        if kind == "r":
            rows[k] = _whole(beaches, part, f"r{k}")
            continue
        for b, boats in beaches:
            _check_beach(rows, k, b, part)
            rows[k][b] = boats
    return rows, row_places


def _check_beach(rows: Rows, k: int, b: int, part: str) -> None:
    if b >= len(rows[k]):
        _fail(part, f"row {k} has {len(rows[k])} beaches, no beach {BEACH_LETTERS[b]!r}")


def read_departure(
    text: str, base: Sequence[Sequence[str]], places: Sequence[Place], part: str
) -> tuple[dict[str, Any], list[Place]]:
    """One departure of the chain (a state-document ``chain`` item) and its rows' hexes.

    >>> dep, _ = read_departure("0b1BBR", [["", ""]], [(0, 0)], "chain")
    >>> dep
    {'beaches': [['', 'BBR']], 'island': [0, 0], 'beach': 1, 'jetty': 1}
    """
    match = _DEPARTURE.fullmatch(text)
    if not match:
        _fail(part, "expected island (row or q.r), beach, jetty, boats and edits, like '3b2RB0aB'")
    row, q, r, beach_letter, jetty, boats, edits = match.groups()
    rows, row_places = apply_edits(edits, base, places, part)
    beach = BEACH_LETTERS.index(beach_letter)
    if row is None:
        if boats:
            _fail(part, "the boats after the jetty need the island's row, not its hex")
        island = [int(q), int(r)]
    else:
        k = int(row)
        if k >= len(rows) or row_places[k] is None:
            _fail(part, f"island: row {k} is not a row of the table with a hex")
        _check_beach(rows, k, beach, part)
        rows[k][beach] = boats
        island = list(row_places[k] or ())
    dep = {"beaches": rows, "island": island, "beach": beach, "jetty": int(jetty)}
    return dep, row_places


def write_departure(
    dep: dict[str, Any], base: Sequence[Sequence[str]], places: Sequence[Place]
) -> tuple[str, list[Place]]:
    """One departure of the chain, as short as reads back the same; and its rows' hexes.

    >>> write_departure(
    ...     {"beaches": [["", "BBR"]], "island": [0, 0], "beach": 1, "jetty": 1},
    ...     [["", ""]],
    ...     [(0, 0)],
    ... )
    ('0b1BBR', [(0, 0)])
    """
    rows: Rows = [list(row) for row in dep["beaches"]]
    beach_letter, jetty = BEACH_LETTERS[dep["beach"]], str(dep["jetty"])
    long_edits = join_edits(snapshot_edits(rows, base))
    _, row_places = apply_edits(long_edits, base, places, "chain")
    island = (dep["island"][0], dep["island"][1])
    if island in row_places:
        short = _short_form(dep, rows, base, places, row_places.index(island))
        if short is not None:
            return short
    text = f"{island[0]}.{island[1]}{beach_letter}{jetty}{long_edits}"
    return text, row_places


def _short_form(
    dep: dict[str, Any], rows: Rows, base: Sequence[Sequence[str]], places: Sequence[Place], k: int
) -> tuple[str, list[Place]] | None:
    """The departure with its island as row ``k`` and that beach's boats after the jetty.

    ``None`` when that does not read back as the departure (rows matched
    differently once the beach is left out).
    """
    beach = dep["beach"]
    j = list(places).index((dep["island"][0], dep["island"][1]))
    if beach >= min(len(rows[k]), len(base[j])):
        return None
    kept = [list(row) for row in rows]
    kept[k][beach] = base[j][beach]
    edits = join_edits(snapshot_edits(kept, base))
    text = f"{k}{BEACH_LETTERS[beach]}{dep['jetty']}{rows[k][beach]}{edits}"
    try:
        back, back_places = read_departure(text, base, places, "chain")
    except PositionCodeError:
        return None
    return (text, back_places) if back == dep else None
