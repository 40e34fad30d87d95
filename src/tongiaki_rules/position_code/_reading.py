"""Reading a position code: the text split into parts, each part into state-document fields.

The document then goes through the state reader, so a code meets every check
a JSON state meets; its :class:`RecordError` comes back as a
:class:`PositionCodeError` naming the part of the code it is about.
"""

from __future__ import annotations

import enum
import re
from collections.abc import Sequence
from typing import Any, Final, NoReturn

from .._standard_tiles import STANDARD_TILES
from .._state import GameState
from ..colours import BOATS_PER_COLOUR
from ..errors import PositionCodeError, RecordError
from ..record import state_from_dict
from ..record._schema import _LETTERS, PHASE_NAMES, PURPOSE_NAMES, STATE_SCHEMA, VACANT, VERSION
from ..rules import RETIRED_FLAGS
from ._chain import Place, read_departure
from ._names import (
    FLAGS,
    FORMAT_TAG,
    PARTS,
    PHASE_LETTERS,
    PURPOSE_LETTERS,
    TILE_IDS,
    VACANT_LETTER,
    enum_letter,
    flag_defaults,
)
from ._writing import derived_firsts, full_pile

MAX_CODE_LENGTH: Final = 4096
"""The longest text read as a position code (a real code has at most 400 characters)."""

_URL_SAFE: Final = frozenset("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~")
_INT: Final = re.compile(r"-?[0-9]{1,4}")
_ENTRY: Final = re.compile(
    r"([a-z]{1,2})([A-Z]?)([0-5])(?:(-?[0-9])(-?[0-9])|~(-?[0-9]{1,3})\.(-?[0-9]{1,3}))"
    r"((?:\.[A-Z]*)*)"
)
_TURN: Final = re.compile(r"([a-z])([A-Z])(?:\.([0-9-]*))?")
_SETTINGS: Final = re.compile(r"[2-6][0-5]")
_FLAG: Final = re.compile(r"[a-z][a-z0-9]{1,2}?[A-Z]|[a-z][a-z0-9]{2}|.[^a-z]*")


def _fail(part: str | None, message: str, clause: str | None = None) -> NoReturn:
    raise PositionCodeError(message, part, clause)


def _quoted(text: str, limit: int = 40) -> str:
    return repr(text if len(text) <= limit else text[: limit - 3] + "...")


class _Parts:
    """The parts of a code, with the label each one is named by in an error."""

    def __init__(self, code: object) -> None:
        if not isinstance(code, str):
            _fail(None, f"expected a string, not {type(code).__name__}")
        if len(code) > MAX_CODE_LENGTH:
            _fail(None, f"{len(code)} characters; a code has at most {MAX_CODE_LENGTH}")
        bad = sorted({ch for ch in code if ch not in _URL_SAFE})
        if bad:
            shown = ", ".join(ascii(ch) for ch in bad[:5])
            k = min(code.index(ch) for ch in bad)
            _fail(
                f"character {k}",
                f"{shown} cannot be in a code (only A-Z a-z 0-9 - . _ ~)",
            )
        parts = code.split("_")
        if parts[0] != FORMAT_TAG:
            _fail(
                f"format tag {_quoted(parts[0])}",
                f"a code starts with {FORMAT_TAG!r} (the format this library reads)",
            )
        if len(parts) < 4:
            _fail(
                None,
                f"expected at least 4 parts ({FORMAT_TAG}_settings_turn_table), not {len(parts)}",
            )
        self.settings, self.turn, table = parts[1], parts[2], parts[3]
        self.table = re.split(r"(?<=[^a-z~])(?=[a-z])", table)
        self.extras: dict[str, str] = {}
        for text in parts[4:]:
            tag, value = text[:1], text[1:]
            if tag not in PARTS:
                _fail(
                    f"part {_quoted(text)}",
                    f"unknown tag {tag!r}: expected one of {''.join(PARTS)}",
                )
            if tag in self.extras:
                _fail(f"part {_quoted(text)}", f"the part {tag!r} ({PARTS[tag]}) is given twice")
            self.extras[tag] = value

    def label(self, path: str | None) -> tuple[str | None, str]:
        """The part of the code a state-document path is about, and what is left of the path."""
        if not path:
            return None, ""
        head = re.match(r"[a-z_]+(\[[0-9]+\])?", path)
        key = head.group(0) if head else path
        rest = path[len(key) :].lstrip(".")
        name = key.split("[")[0]
        if name in ("num_players", "start_player", "rules", "tile_set"):
            return f"settings {_quoted(self.settings)}", path if name == "rules" else ""
        if name in ("phase", "turn_colour", "setup_first_beaches"):
            return f"turn {_quoted(self.turn)}", rest
        if name == "table" and head and head.group(1):
            k = int(head.group(1)[1:-1])
            return f"table entry {k} {_quoted(self.table[k])}", rest
        if name == "chain" and head and head.group(1):
            k = int(head.group(1)[1:-1])
            return f"chain departure {k} {_quoted(self.extras['c'].split('~')[k])}", rest
        if name == "colours":
            letter, _, field = rest.partition(".")
            tag = {"out_of_game": "o", "royal_islands_founded": "f"}.get(field)
            return (self._extra(tag) if tag else f"colour {letter}"), ""
        tags = {
            "removed": "r",
            "pile": "p",
            "group": "g",
            "at": "a",
            "entry": "i",
            "origin": "h",
            "turn_origin": "t",
            "tiles_drawn": "n",
            "drawn_tile": "d",
            "purpose": "u",
            "served_beaches": "s",
            "end_triggered": "e",
            "chain": "c",
        }
        if name in tags:
            return self._extra(tags[name]), rest
        return "table", path

    def _extra(self, tag: str) -> str:
        if tag in self.extras:
            return f"{PARTS[tag]} {_quoted(tag + self.extras[tag])}"
        if tag == "p":
            return "pile (not written: every tile not on the table, removed or drawn)"
        return f"{PARTS[tag]} (no part {tag!r})"


def _int(text: str, part: str, what: str, lo: int, hi: int) -> int:
    if not _INT.fullmatch(text):
        _fail(part, f"{what}: expected a whole number, not {_quoted(text)}")
    value = int(text)
    if not lo <= value <= hi:
        _fail(part, f"{what}: {value} is not in {lo}..{hi}")
    return value


def _hex(text: str, part: str, what: str) -> list[int]:
    fields = text.split(".")
    if len(fields) != 2:
        _fail(part, f"{what}: expected a hex 'q.r' (like '1.-2'), not {_quoted(text)}")
    return [_int(f, part, what, -999, 999) for f in fields]


def _beach_letter(letter: str, part: str) -> int:
    if letter not in "abcdef":
        _fail(part, f"expected beach letters a to f, not {letter!r}")
    return ord(letter) - ord("a")


def _tile(name: str, part: str) -> str:
    tile_id = TILE_IDS.get(name)
    if tile_id is None:
        _fail(part, f"unknown tile {_quoted(name)} (see the table of tile names)")
    return tile_id


def _rules(fields: Sequence[str], part: str) -> dict[str, Any]:
    defaults = flag_defaults()
    rules: dict[str, Any] = {}
    for token in fields:
        name = FLAGS.get(token)
        if name is not None and isinstance(defaults[name], bool):
            value: Any = not defaults[name]
        else:
            name = FLAGS.get(token[:-1])
            default = defaults.get(name or "")
            if name is not None and name in RETIRED_FLAGS:  # read for the state reader to drop
                only = RETIRED_FLAGS[name]
                members = {only[0].upper(): only}
            elif name is not None and isinstance(default, enum.Enum):
                members = {enum_letter(m): m.value for m in type(default)}
            else:
                _fail(part, f"unknown rules flag {_quoted(token)}")
            if token[-1] not in members:
                _fail(part, f"{token[-1]!r} is not a value of {name} ({', '.join(members)})")
            value = members[token[-1]]
        if name in rules:
            _fail(part, f"the flag {name} is given twice")
        rules[name] = value
    return rules


class _Reader:
    """Builds the state document of a code, part by part."""

    def __init__(self, parts: _Parts) -> None:
        self.parts = parts
        self.doc: dict[str, Any] = {"schema": STATE_SCHEMA, "version": VERSION}

    def build(self) -> dict[str, Any]:
        self._settings()
        self._table()
        self._turn()
        self._extras()
        self._colours()
        return self.doc

    def _settings(self) -> None:
        text = self.parts.settings
        part = f"settings {_quoted(text)}"
        fields = text.split(".", 1)
        if not _SETTINGS.fullmatch(fields[0]) or fields[1:] == [""]:
            _fail(
                part,
                "expected the number of players (2 to 6) and the start seat (0 to 5), "
                f"like '30', not {_quoted(fields[0])}",
            )
        tokens = [m.group(0) for m in _FLAG.finditer(fields[1])] if len(fields) > 1 else []
        rules = _rules(tokens, part)
        n = int(fields[0][0])
        self.doc.update(num_players=n, start_player=int(fields[0][1]), rules=rules)
        self.doc["tile_set"] = "standard"
        self.agents = 4 if rules.get("variant_two_player_double_colour") and n == 2 else n

    def _turn(self) -> None:
        text = self.parts.turn
        part = f"turn {_quoted(text)}"
        match = _TURN.fullmatch(text)
        if not match:
            _fail(part, "expected a phase letter and a colour letter, like 'tB'")
        phase, colour, firsts = match.groups()
        if phase not in PHASE_LETTERS:
            _fail(part, f"unknown phase {phase!r}: expected one of {''.join(PHASE_LETTERS)}")
        self.doc.update(phase=PHASE_NAMES[PHASE_LETTERS.index(phase)], turn_colour=colour)
        letters = _LETTERS[: self.agents]
        if phase != "s":
            if firsts is not None:
                _fail(part, "the first setup beaches are written during setup only")
            self.doc["setup_first_beaches"] = None
            return
        tonga = self.doc["table"][0].get("beaches", []) if self.doc["table"] else []
        if firsts is None:
            derived = derived_firsts(tonga, self.agents)
            if -1 in derived:
                letter = letters[derived.index(-1)]
                _fail(
                    part,
                    f"{letter} has setup boats on two beaches: write '.' and the "
                    "first beach of each colour (a digit, or '-' for none)",
                )
            values: list[int | None] = derived
        else:
            if len(firsts) != self.agents:
                _fail(
                    part,
                    f"expected the first beach of each of {self.agents} colours, not {len(firsts)}",
                )
            values = [None if ch == "-" else int(ch) for ch in firsts]
        self.doc["setup_first_beaches"] = dict(zip(letters, values, strict=True))

    def _table(self) -> None:
        table = []
        for k, text in enumerate(self.parts.table):
            part = f"table entry {k} {_quoted(text)}"
            head = _ENTRY.fullmatch(text)
            if not head:
                _fail(part, "expected tile, [king], rotation, q.r, [.beaches], like 'hwR21-1.BR'")
            name, king, rotation, q1, r1, q2, r2, rest = head.groups()
            q, r = (q1, r1) if q2 is None else (q2, r2)
            tile_id = _tile(name, part)
            entry: dict[str, Any] = {
                "tile": tile_id,
                "at": [_int(q, part, "q", -999, 999), _int(r, part, "r", -999, 999)],
                "rotation": int(rotation),
            }
            tile = STANDARD_TILES.tile(tile_id)
            beaches = rest.split(".")[1:]
            if not tile.is_island:
                if king or beaches:
                    _fail(part, "an ocean tile has no king and no beaches")
            else:
                count = len(STANDARD_TILES.slots[STANDARD_TILES.index[tile_id]])
                if len(beaches) > count:
                    _fail(part, f"{tile.id!r} has {count} beaches, not {len(beaches)}", "COMP-3")
                entry["beaches"] = beaches + [""] * (count - len(beaches))
                entry["king"] = VACANT if king == VACANT_LETTER else king or None
            table.append(entry)
        self.doc["table"] = table
        self.rows = [entry["at"] for entry in table]

    def island(self, text: str, part: str, what: str) -> list[int]:
        """An island given by its row in the table (``3``) or by its hex (``1.-2``)."""
        if "." in text:
            return _hex(text, part, what)
        row = _int(text, part, f"{what} (a row of the table)", 0, 999)
        if row >= len(self.rows):
            _fail(part, f"{what}: the table has no row {row} (it has {len(self.rows)})")
        return list(self.rows[row])

    def _extras(self) -> None:
        extras, doc = self.parts.extras, self.doc
        label = self.parts._extra

        def tiles(tag: str) -> list[str]:
            text = extras.get(tag, "")
            return [_tile(name, label(tag)) for name in text.split(".")] if text else []

        def hex_or_none(tag: str) -> list[int] | None:
            return _hex(extras[tag], label(tag), PARTS[tag]) if tag in extras else None

        def island_or_none(tag: str) -> list[int] | None:
            return self.island(extras[tag], label(tag), PARTS[tag]) if tag in extras else None

        def number(tag: str, hi: int) -> int:
            return _int(extras[tag], label(tag), PARTS[tag], 0, hi) if tag in extras else 0

        removed = extras.get("r", "")
        if len(removed) % 2:
            _fail(label("r"), "expected the two-letter names of islands, like 'hwsa'")
        doc["removed"] = [_tile(removed[k : k + 2], label("r")) for k in range(0, len(removed), 2)]
        drawn = extras.get("d")
        doc["drawn_tile"] = _tile(drawn, label("d")) if drawn is not None else None
        doc["pile"] = tiles("p") if "p" in extras else full_pile(doc)
        doc["group"] = extras.get("g", "")
        doc["at"] = hex_or_none("a")
        doc["entry"] = number("i", 5)
        doc["origin"] = island_or_none("h")
        doc["turn_origin"] = island_or_none("t")
        doc["tiles_drawn"] = number("n", 99)
        purpose = extras.get("u", "v")
        if purpose not in PURPOSE_LETTERS:
            _fail(
                label("u"), f"expected one of {', '.join(PURPOSE_LETTERS)}, not {_quoted(purpose)}"
            )
        doc["purpose"] = PURPOSE_NAMES[PURPOSE_LETTERS.index(purpose)]
        served = extras.get("s", "")
        doc["served_beaches"] = [_beach_letter(b, label("s")) for b in served] if served else []
        if extras.get("e", "") != "":
            _fail(label("e"), "the part 'e' (end triggered) is the letter alone")
        doc["end_triggered"] = "e" in extras
        doc["chain"] = self._chain(extras.get("c", ""))

    def _chain(self, text: str) -> list[dict[str, Any]]:
        after = [entry.get("beaches", []) for entry in self.doc["table"]]
        places: list[Place] = [(at[0], at[1]) for at in self.rows]
        chain = []
        departures = text.split("~") if text else []
        for k in reversed(range(len(departures))):
            part = f"chain departure {k} {_quoted(departures[k])}"
            dep, places = read_departure(departures[k], after, places, part)
            chain.append(dep)
            after = dep["beaches"]
        return chain[::-1]

    def _colours(self) -> None:
        doc = self.doc
        letters = _LETTERS[: self.agents]
        out = _counts(self.parts, "o", letters, BOATS_PER_COLOUR)
        founded = _counts(self.parts, "f", letters, 2)
        placed = dict.fromkeys(letters, 0)
        for entry in doc["table"]:
            for text in [*entry.get("beaches", []), entry.get("king") or ""]:
                for ch in text:
                    if ch in placed and text != VACANT:
                        placed[ch] += 1
        colours = {}
        for letter in letters:
            sea = doc["group"].count(letter)
            reserve = BOATS_PER_COLOUR - placed[letter] - sea - out[letter]
            if reserve < 0:
                _fail(
                    f"colour {letter}",
                    f"{BOATS_PER_COLOUR - reserve} boats, more than {BOATS_PER_COLOUR}: "
                    f"table {placed[letter]}, at sea {sea}, out of game {out[letter]}",
                    "COMP-1",
                )
            colours[letter] = {
                "reserve": reserve,
                "out_of_game": out[letter],
                "royal_islands_founded": founded[letter],
            }
        doc["colours"] = colours


def _counts(parts: _Parts, tag: str, letters: str, hi: int) -> dict[str, int]:
    counts = dict.fromkeys(letters, 0)
    text = parts.extras.get(tag, "")
    label = parts._extra(tag)
    for match in re.finditer(r"([A-Z])([0-9]*)|(.)", text):
        letter, number, other = match.groups()
        if other is not None or letter not in counts:
            _fail(label, f"expected colour letters of {letters} with counts, like 'R2'")
        if counts[letter] or not number:
            _fail(label, f"expected one count for {letter}, like '{letter}2'")
        counts[letter] = _int(number, label, letter, 1, hi)
    return counts


def state_from_position_code(code: str) -> GameState:
    """The state a position code describes, with every check a JSON state meets.

    Raises :class:`~tongiaki_rules.errors.PositionCodeError` naming the part
    of the code that is wrong.

    >>> state = state_from_position_code("T1_20_tB_to000.B.R.B.R")
    >>> state.pending.kind.value, state.reserve(0)
    ('turn', 13)
    """
    parts = _Parts(code)
    doc = _Reader(parts).build()
    try:
        return state_from_dict(doc)
    except PositionCodeError:
        raise
    except RecordError as exc:
        part, rest = parts.label(exc.path)
        message = f"{rest}: {exc.reason}" if rest else exc.reason
        raise PositionCodeError(message, part, exc.clause) from None
