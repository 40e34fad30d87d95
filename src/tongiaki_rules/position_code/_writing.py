"""Writing a position code: a state document, part by part, without what can be derived."""

from __future__ import annotations

import enum
from collections import Counter
from collections.abc import Sequence
from typing import Any

from .._standard_tiles import STANDARD_TILES
from .._state import GameState
from ..errors import PositionCodeError
from ..record import state_to_dict
from ..record._schema import _LETTERS, PHASE_NAMES, PURPOSE_NAMES, VACANT
from ..rules import Rules
from ._chain import BEACH_LETTERS, Place, write_departure
from ._names import (
    FLAG_NAMES,
    FORMAT_TAG,
    PHASE_LETTERS,
    PURPOSE_LETTERS,
    TILE_NAMES,
    VACANT_LETTER,
    enum_letter,
)


def _hex(pos: Sequence[int]) -> str:
    return f"{pos[0]}.{pos[1]}"


def _opt_hex(pos: Sequence[int] | None) -> str:
    return "" if pos is None else _hex(pos)


def _settings(doc: dict[str, Any], rules: Rules) -> str:
    flags = [
        FLAG_NAMES[name] + (enum_letter(value) if isinstance(value, enum.Enum) else "")
        for name, value in rules.changed().items()
    ]
    seats = f"{doc['num_players']}{doc['start_player']}"
    return seats + ("." + "".join(flags) if flags else "")


def derived_firsts(beaches: Sequence[str], agents: int) -> list[int | None]:
    """The first setup beach of each colour, where the boats on Tonga tell it.

    ``None`` for a colour with no boat yet; ``-1`` when its boats stand on two
    beaches (the code must then say which came first).
    """
    firsts: list[int | None] = []
    for letter in _LETTERS[:agents]:
        on = [b for b, text in enumerate(beaches) if letter in text]
        firsts.append(None if not on else on[0] if len(on) == 1 else -1)
    return firsts


def _turn(doc: dict[str, Any], agents: int) -> str:
    text: str = PHASE_LETTERS[PHASE_NAMES.index(doc["phase"])] + doc["turn_colour"]
    firsts = doc["setup_first_beaches"]
    if firsts is None:
        return text
    given = [firsts[letter] for letter in _LETTERS[:agents]]
    if given == derived_firsts(doc["table"][0]["beaches"], agents):
        return text
    return text + "." + "".join("-" if b is None else str(b) for b in given)


def place(pos: Sequence[int]) -> str:
    """A table entry's hex: ``q`` and ``r`` of one digit each with their sign, else ``~q.r``.

    >>> place([1, -2]), place([0, 0]), place([12, -3])
    ('1-2', '00', '~12.-3')
    """
    if all(-9 <= c <= 9 for c in pos):
        return f"{pos[0]}{pos[1]}"
    return "~" + _hex(pos)


def _king(king: str | None) -> str:
    return "" if king is None else VACANT_LETTER if king == VACANT else king


def _entry(entry: dict[str, Any]) -> str:
    name = TILE_NAMES[entry["tile"]]
    head = f"{name}{_king(entry.get('king'))}{entry['rotation']}{place(entry['at'])}"
    beaches = list(entry.get("beaches", ()))
    while beaches and not beaches[-1]:
        beaches.pop()
    return ".".join([head, *beaches])


def island(pos: Sequence[int] | None, rows: dict[tuple[int, int], int]) -> str:
    """An island by its row in the table, or by its hex ``q.r`` when it is not on the table.

    >>> island([1, -1], {(0, 0): 0, (1, -1): 3}), island([2, 0], {(0, 0): 0})
    ('3', '2.0')
    """
    if pos is None:
        return ""
    row = rows.get((pos[0], pos[1]))
    return _hex(pos) if row is None else str(row)


def table_rows(doc: dict[str, Any]) -> dict[tuple[int, int], int]:
    """The row of each hex of the table."""
    return {(entry["at"][0], entry["at"][1]): k for k, entry in enumerate(doc["table"])}


def _chain(doc: dict[str, Any]) -> str:
    """Each departure's boats as edits of the next departure's (the last: of the table now)."""
    after = [entry.get("beaches", []) for entry in doc["table"]]
    places: list[Place] = [(entry["at"][0], entry["at"][1]) for entry in doc["table"]]
    written: list[str] = []
    for dep in reversed(doc["chain"]):
        text, places = write_departure(dep, after, places)
        written.append(text)
        after = dep["beaches"]
    return "~".join(reversed(written))


def full_pile(doc: dict[str, Any]) -> list[str]:
    """The tiles not on the table, removed or drawn: the pile a code leaves out (sorted)."""
    left = Counter(tile.id for tile in STANDARD_TILES.pile)
    used = [entry["tile"] for entry in doc["table"]] + list(doc["removed"])
    if doc["drawn_tile"] is not None:
        used.append(doc["drawn_tile"])
    left.subtract(used)
    return sorted(left.elements(), key=STANDARD_TILES.index.__getitem__)


def _per_colour(doc: dict[str, Any], field: str) -> str:
    return "".join(
        f"{letter}{counts[field]}" for letter, counts in doc["colours"].items() if counts[field]
    )


def _extras(doc: dict[str, Any]) -> list[str]:
    ts = STANDARD_TILES
    rows = table_rows(doc)
    pile = sorted(doc["pile"], key=ts.index.__getitem__)
    optional: list[tuple[str, str | None]] = [
        ("r", "".join(TILE_NAMES[t] for t in doc["removed"])),
        ("p", None if pile == full_pile(doc) else ".".join(TILE_NAMES[t] for t in pile)),
        ("o", _per_colour(doc, "out_of_game")),
        ("f", _per_colour(doc, "royal_islands_founded")),
        ("g", doc["group"]),
        ("a", _opt_hex(doc["at"])),
        ("i", str(doc["entry"] or "")),
        ("h", island(doc["origin"], rows)),
        ("t", island(doc["turn_origin"], rows)),
        ("n", str(doc["tiles_drawn"] or "")),
        ("d", TILE_NAMES.get(doc["drawn_tile"] or "", "")),
        ("u", PURPOSE_LETTERS[PURPOSE_NAMES.index(doc["purpose"])]),
        ("s", "".join(BEACH_LETTERS[b] for b in doc["served_beaches"])),
        ("c", _chain(doc)),
        ("e", "" if doc["end_triggered"] else None),
    ]
    return [
        tag + value
        for tag, value in optional
        if value is not None and (value or tag in "pe") and (tag, value) != ("u", "v")
    ]


def position_code(state: GameState) -> str:
    """``state`` as a one-line position code (see the reference page "Position codes").

    Only the standard tiles have codes: a state with a custom tile set raises
    :class:`~tongiaki_rules.errors.PositionCodeError`; write it with
    ``state.to_json()`` instead.

    >>> from tongiaki_rules import new_game
    >>> position_code(new_game(2))
    'T1_20_sB_to000'
    """
    if not isinstance(state, GameState):
        raise PositionCodeError(
            f"expected a GameState, not {type(state).__name__}", part="state argument"
        )
    if state.config.tiles != STANDARD_TILES:
        raise PositionCodeError(
            "position codes cover the standard tiles only; for a custom tile set "
            "write the state with state.to_json()",
            part="tile set",
        )
    doc = state_to_dict(state)
    agents = len(doc["colours"])
    parts = [
        FORMAT_TAG,
        _settings(doc, state.config.rules),
        _turn(doc, agents),
        "".join(_entry(entry) for entry in doc["table"]),
        *_extras(doc),
    ]
    return "_".join(parts)
