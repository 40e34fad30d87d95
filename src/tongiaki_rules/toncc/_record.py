"""Records of Tóncc games: the ``"toncc-record"`` JSON schema, replay, a recorder.

A record holds what is needed to play the game again, in order: the rules
flags that differ from the defaults, the Map if it is not
:data:`~.regions.STANDARD_MAP`, and for each challenge the chance outcome
(the shuffle: the region on each cell, ``I1..I6, O1..O12``) and the joint
actions of its turns (one Compass number per King, ``null`` for a King who has
left the challenge). A record is replayed with every check when it is built
or read, so a record that exists is one that plays; a document that cannot
be read, or does not replay, raises :class:`~tongiaki_rules.errors.RecordError`
whose ``path`` names the JSON field (``challenges[1].turns[4][2]``).

>>> import random
>>> from tongiaki_rules.toncc import King, Move
>>> recorder = TonccRecorder()
>>> recorder.shuffle(random.Random(5))
>>> _ = recorder.apply({King.RED: Move(1), King.YELLOW: Move(2), King.BLUE: Move(3)})
>>> record = recorder.record
>>> TonccRecord.from_json(record.to_json()) == record
True
>>> record.replay() == recorder.state
True
"""

from __future__ import annotations

import enum
import json
import random
import re
import types
from collections.abc import Mapping, Sequence
from typing import Any, Final, NoReturn

import attrs

from .._jsontext import json_kind as _kind
from .._jsontext import load_json_text
from ..errors import RecordError, TongiakiError, shown
from ._actions import DrawColours, JointAction, Move
from ._errors import TonccIllegalActionError
from ._kings import KINGS, Colour, King
from ._rules import ColourDraw, TonccRules
from ._state import CHALLENGES, TonccState, new_game
from ._turn import TurnReport
from ._values import whole
from .board import REGION_CELLS
from .regions import MAP_SIZE, STANDARD_MAP, Region, Shape, TonccMap

__all__ = [
    "RECORD_SCHEMA",
    "RECORD_VERSION",
    "ChallengeLog",
    "TonccRecord",
    "TonccRecorder",
    "map_from_json_value",
    "map_to_json_value",
]

RECORD_SCHEMA: Final = "toncc-record"
"""The ``"schema"`` value of a Tóncc record document."""
RECORD_VERSION: Final = 2
"""The version of the record schema this library writes.

Version 2 added the colour draw (``"seating"``, TC-SETUP-4). Version 1
records, written before the draw existed, are still read: their players sat
by colour, so they are read with ``colour_draw="fixed"`` and no seating.
"""
_FIELDS: Final = ("schema", "version", "rules", "map", "seating", "challenges", "metadata")
_FIELDS_V1: Final = ("schema", "version", "rules", "map", "challenges", "metadata")
_KING_NAMES: Final = tuple(k.name.lower() for k in KINGS)
_REGION_FIELDS: Final = ("background", "symbol", "shape", "lines", "dots")
_LETTERS: Final = "RYB"
_MAX_METADATA: Final = 10_000
_FLAT_ARRAY: Final = re.compile(r"\[\s*([^\[\]{}\"]*?)\s*\]")
"""An array of numbers and nulls, laid out on one line by :meth:`TonccRecord.to_json`."""


def _fail(path: str, message: str, clause: str | None = None) -> NoReturn:
    raise RecordError(message, path or None, clause)


def _int(value: object, path: str, low: int, high: int) -> int:
    if type(value) is not int:
        _fail(path, f"expected an integer, not {_kind(value)}")
    if not low <= value <= high:
        _fail(path, f"{shown(value)} is not in {low}..{high}")
    return value


def _text(value: object, path: str) -> str:
    if type(value) is not str:
        _fail(path, f"expected a string, not {_kind(value)}")
    try:
        value.encode("utf-8")
    except UnicodeEncodeError:
        _fail(path, "holds a lone surrogate: it is not Unicode text")
    if len(value) > _MAX_METADATA:
        _fail(path, f"longer than {_MAX_METADATA} characters")
    return value


def _object(
    value: object, path: str, fields: Sequence[str], required: bool = True
) -> dict[str, Any]:
    if type(value) is not dict:
        _fail(path, f"expected an object, not {_kind(value)}")
    for key in value:
        if key not in fields:
            _fail(f"{path}.{_text(key, path)}" if path else _text(key, "document"), "unknown field")
    if required:
        for key in fields:
            if key not in value:
                _fail(path, f"missing field {key!r}")
    return value


def _array(value: object, path: str) -> list[Any]:
    if type(value) is not list:
        _fail(path, f"expected an array, not {_kind(value)}")
    return value


# ------------------------------------------------------------------ the Map as JSON


def map_to_json_value(toncc_map: TonccMap) -> list[dict[str, Any]] | None:
    """The Map as JSON data: ``None`` for the standard Map, else its 18 pictures.

    >>> map_to_json_value(STANDARD_MAP) is None
    True
    """
    if toncc_map == STANDARD_MAP:
        return None
    return [
        {
            "background": _LETTERS[r.background.value],
            "symbol": _LETTERS[r.symbol.value],
            "shape": None if r.shape is None else r.shape.name.lower(),
            "lines": r.lines,
            "dots": r.dots,
        }
        for r in toncc_map.regions
    ]


def _colour(value: object, path: str) -> Colour:
    if type(value) is not str or value not in ("R", "Y", "B"):
        _fail(path, f"expected a colour letter R, Y or B, not {shown(value)}")
    return Colour(_LETTERS.index(value))


def _shape(value: object, path: str) -> Shape | None:
    if value is None:
        return None
    names = {s.name.lower(): s for s in Shape}
    if type(value) is not str or value not in names:
        _fail(path, f"expected null or one of {', '.join(names)}, not {shown(value)}")
    return names[value]


def map_from_json_value(value: object, path: str = "map") -> TonccMap:
    """The Map of a record's ``"map"`` field (``null``: the standard Map); else RecordError."""
    if value is None:
        return STANDARD_MAP
    items = _array(value, path)
    if len(items) != MAP_SIZE:
        _fail(path, f"expected {MAP_SIZE} region pictures, not {len(items)}")
    regions = []
    for k, item in enumerate(items):
        where = f"{path}[{k}]"
        fields = _object(item, where, _REGION_FIELDS)
        try:
            regions.append(
                Region(
                    _colour(fields["background"], f"{where}.background"),
                    _colour(fields["symbol"], f"{where}.symbol"),
                    _shape(fields["shape"], f"{where}.shape"),
                    _int(fields["lines"], f"{where}.lines", 0, 9),
                    _int(fields["dots"], f"{where}.dots", 0, 9),
                )
            )
        except RecordError:
            raise
        except TongiakiError as exc:
            _fail(where, str(exc))
    try:
        return TonccMap(tuple(regions))
    except TongiakiError as exc:
        _fail(path, str(exc))


def _rules_from(value: object, path: str = "rules") -> TonccRules:
    names = tuple(f.name for f in attrs.fields(TonccRules))
    flags = _object(value, path, names, required=False)
    for name, flag in flags.items():
        if type(flag) is not str:
            _fail(f"{path}.{name}", f"expected a string, not {_kind(flag)}")
    try:
        return TonccRules(**flags)
    except TongiakiError as exc:
        _fail(path, str(exc))


# ------------------------------------------------------------------ records


@attrs.frozen(slots=True)
class ChallengeLog:
    """One challenge of a record: the shuffle (region per cell) and the joint actions.

    ``turns`` must hold :class:`~.actions.JointAction` s; anything else raises
    :class:`~tongiaki_rules.errors.RecordError` naming the turn.
    """

    layout: tuple[int, ...]
    turns: tuple[JointAction, ...] = ()

    def __attrs_post_init__(self) -> None:
        _check_log(self, "")


def _check_log(log: object, path: str) -> None:
    if type(log) is not ChallengeLog:
        _fail(path, f"expected a ChallengeLog, not {shown(log)}")
    where = f"{path}." if path else ""
    if type(log.layout) is not tuple:
        _fail(f"{where}layout", f"expected a tuple of region ids, not {shown(log.layout)}")
    if type(log.turns) is not tuple:
        _fail(f"{where}turns", f"expected a tuple of JointAction, not {shown(log.turns)}")
    for t, joint in enumerate(log.turns):
        if type(joint) is not JointAction:
            _fail(f"{where}turns[{t}]", f"expected a JointAction, not {shown(joint)}")


def _as_metadata(value: object) -> Mapping[str, str]:
    if value is None:
        return types.MappingProxyType({})
    if not isinstance(value, Mapping):
        _fail("metadata", f"expected an object of strings, not {_kind(value)}")
    found = {}
    for key, text in value.items():
        name = _text(key, "metadata")
        found[name] = _text(text, f"metadata.{name}")
    return types.MappingProxyType(found)


def _as_logs(value: object) -> tuple[ChallengeLog, ...]:
    if not isinstance(value, (tuple, list)):
        _fail("challenges", f"expected a sequence of ChallengeLog, not {shown(value)}")
    for k, log in enumerate(value):
        _check_log(log, f"challenges[{k}]")
    return tuple(value)


@attrs.frozen(slots=True, eq=False)
class TonccRecord:
    """A Tóncc game as played: rules, Map, and each challenge's shuffle and turns.

    Built records are replayed at once, so an illegal turn or shuffle raises
    :class:`~tongiaki_rules.errors.RecordError` naming its place
    (``challenges[0].turns[3]``) and the clause it breaks.

    >>> TonccRecord().replay().is_chance
    True
    """

    rules: TonccRules = attrs.field(factory=TonccRules)
    toncc_map: TonccMap = STANDARD_MAP
    challenges: tuple[ChallengeLog, ...] = attrs.field(default=(), converter=_as_logs)
    metadata: Mapping[str, str] = attrs.field(default=None, converter=_as_metadata)
    seating: tuple[King, King, King] | None = None
    """The colour draw (``seating[player]`` is that player's King), ``None`` before it or
    when the rules seat players by colour (``colour_draw="fixed"``)."""

    def __attrs_post_init__(self) -> None:
        if type(self.rules) is not TonccRules:
            _fail("rules", f"expected TonccRules, not {shown(self.rules)}")
        if type(self.toncc_map) is not TonccMap:
            _fail("map", f"expected a TonccMap, not {shown(self.toncc_map)}")
        if self.seating is not None:
            if self.rules.colour_draw is ColourDraw.FIXED:
                _fail(
                    "seating",
                    "the rules seat the players by colour (colour_draw fixed): no draw to record",
                    "TC-SETUP-4",
                )
            try:
                DrawColours(self.seating)
            except TonccIllegalActionError as exc:
                _fail("seating", str(exc).partition(": ")[2], exc.clause)
        self.replay()

    def __eq__(self, other: object) -> bool:
        if type(other) is not TonccRecord:
            return NotImplemented
        mine = (self.rules, self.toncc_map, self.seating, self.challenges, dict(self.metadata))
        theirs = (other.rules, other.toncc_map, other.seating, other.challenges)
        return mine == (*theirs, dict(other.metadata))

    def __hash__(self) -> int:
        return hash((self.rules, self.toncc_map, self.seating, self.challenges))

    @property
    def turn_count(self) -> int:
        """The joint actions in the record, all challenges together."""
        return sum(len(log.turns) for log in self.challenges)

    def states(self) -> list[TonccState]:
        """Every state of the game after each recorded step, the first (unshuffled) first.

        The colour draw is one step (when the rules draw), a shuffle is one step:
        the state after it is dealt.
        """
        state = new_game(self.rules, self.toncc_map)
        found = [state]
        if self.seating is not None:
            state = state.apply_chance(DrawColours(self.seating))
            found.append(state)
        elif state.is_colour_draw and self.challenges:
            _fail(
                "seating",
                "the colours must be drawn before the first challenge (colour_draw draw)",
                "TC-SETUP-4",
            )
        for k, log in enumerate(self.challenges):
            where = f"challenges[{k}]"
            if state.is_terminal:
                _fail(where, f"the game is over after {CHALLENGES} challenges", "TC-GAME-1")
            if not state.is_chance:
                _fail(where, f"challenge {k} is not over yet", "TC-END-1")
            state = _deal(state, log.layout, f"{where}.layout")
            found.append(state)
            for t, joint in enumerate(log.turns):
                if state.is_chance or state.is_terminal:
                    _fail(f"{where}.turns[{t}]", f"the challenge ended after turn {t}", "TC-END-1")
                try:
                    state = state.apply_joint(joint)
                except TonccIllegalActionError as exc:
                    _fail(f"{where}.turns[{t}]", str(exc).partition(": ")[2], exc.clause)
                found.append(state)
        return found

    def replay(self, upto: int | None = None) -> TonccState:
        """The state after the first ``upto`` steps (shuffles and turns), default all.

        >>> TonccRecord().replay(0).challenge
        0
        """
        states = self.states()
        if upto is None:
            return states[-1]
        try:
            index = whole(upto, "upto", 0, len(states) - 1)
        except TongiakiError:
            raise RecordError(f"expected 0..{len(states) - 1}, not {shown(upto)}", "upto") from None
        return states[index]

    # -- JSON ---------------------------------------------------------------------

    def to_json_value(self) -> dict[str, Any]:
        """The record as JSON data (dicts, lists, strings, ints, None)."""
        return {
            "schema": RECORD_SCHEMA,
            "version": RECORD_VERSION,
            "rules": {name: _flag_text(flag) for name, flag in self.rules.changed().items()},
            "map": map_to_json_value(self.toncc_map),
            "seating": None if self.seating is None else [k.name.lower() for k in self.seating],
            "challenges": [
                {
                    "layout": list(log.layout),
                    "turns": [
                        [None if m is None else m.number for m in joint.moves]
                        for joint in log.turns
                    ],
                }
                for log in self.challenges
            ],
            "metadata": dict(self.metadata),
        }

    def to_json(self, indent: int | None = None) -> str:
        """The record as JSON text (one turn to a line when ``indent`` is given)."""
        data = self.to_json_value()
        if indent is None:
            return json.dumps(data, ensure_ascii=False, separators=(",", ":"))
        if type(indent) is not int or not 0 <= indent <= 16:
            raise RecordError(f"expected null or 0..16 spaces, not {shown(indent)}", "indent")
        text = json.dumps(data, ensure_ascii=False, indent=indent)
        return _FLAT_ARRAY.sub(_one_line, text)

    @classmethod
    def from_json(cls, text: str | bytes) -> TonccRecord:
        """Read and replay a record; any problem raises :class:`RecordError` naming the path."""
        return cls.from_json_value(load_json_text(text))

    @classmethod
    def from_json_value(cls, data: object) -> TonccRecord:
        """A record from JSON data (as :meth:`to_json_value` gives)."""
        version = data.get("version") if type(data) is dict else None
        if version is not None and _int(version, "version", 1, RECORD_VERSION) == 1:
            return cls._from_version_1(data)  # type: ignore[arg-type]
        doc = _object(data, "", _FIELDS)
        if doc["schema"] != RECORD_SCHEMA:
            _fail("schema", f"expected {RECORD_SCHEMA!r}, not {shown(doc['schema'])}")
        _int(doc["version"], "version", 1, RECORD_VERSION)
        rules = _rules_from(doc["rules"])
        return cls._from_fields(doc, rules, _seating_from(doc["seating"]))

    @classmethod
    def _from_version_1(cls, data: dict[str, Any]) -> TonccRecord:
        """A version 1 record: written before the colour draw, its players sat by colour."""
        doc = _object(data, "", _FIELDS_V1)
        if doc["schema"] != RECORD_SCHEMA:
            _fail("schema", f"expected {RECORD_SCHEMA!r}, not {shown(doc['schema'])}")
        rules = _rules_from(doc["rules"])
        if "colour_draw" in doc["rules"]:
            _fail("rules.colour_draw", "version 1 records have no colour draw; write version 2")
        return cls._from_fields(doc, attrs.evolve(rules, colour_draw=ColourDraw.FIXED), None)

    @classmethod
    def _from_fields(
        cls, doc: dict[str, Any], rules: TonccRules, seating: tuple[King, King, King] | None
    ) -> TonccRecord:
        toncc_map = map_from_json_value(doc["map"])
        logs = tuple(
            _log_from(item, f"challenges[{k}]")
            for k, item in enumerate(_array(doc["challenges"], "challenges"))
        )
        if len(logs) > CHALLENGES:
            _fail(f"challenges[{CHALLENGES}]", f"a game has {CHALLENGES} challenges", "TC-GAME-1")
        metadata = doc["metadata"]
        if type(metadata) is not dict:
            _fail("metadata", f"expected an object of strings, not {_kind(metadata)}")
        return cls(rules, toncc_map, logs, metadata, seating)


def _seating_from(value: object) -> tuple[King, King, King] | None:
    if value is None:
        return None
    names = _array(value, "seating")
    if len(names) != len(KINGS):
        _fail("seating", f"expected the Kings of players 0, 1, 2 (3 names), not {len(names)}")
    kings = []
    for p, name in enumerate(names):
        if type(name) is not str or name not in _KING_NAMES:
            _fail(f"seating[{p}]", f"expected red, yellow or blue, not {shown(name)}")
        kings.append(KINGS[_KING_NAMES.index(name)])
    if len(set(kings)) != len(KINGS):
        _fail("seating", "each player draws a different King", "TC-SETUP-4")
    return (kings[0], kings[1], kings[2])


def _one_line(match: re.Match[str]) -> str:
    return "[" + ", ".join(item.strip() for item in match.group(1).split(",")) + "]"


def _flag_text(flag: object) -> str:
    return str(flag.value) if isinstance(flag, enum.Enum) else str(flag)


def _log_from(value: object, path: str) -> ChallengeLog:
    log = _object(value, path, ("layout", "turns"))
    cells = _array(log["layout"], f"{path}.layout")
    if len(cells) != REGION_CELLS:
        _fail(
            f"{path}.layout", f"expected {REGION_CELLS} region ids, not {len(cells)}", "TC-SETUP-2"
        )
    layout = tuple(_int(r, f"{path}.layout[{c}]", 0, REGION_CELLS - 1) for c, r in enumerate(cells))
    turns = []
    for t, item in enumerate(_array(log["turns"], f"{path}.turns")):
        where = f"{path}.turns[{t}]"
        moves = _array(item, where)
        if len(moves) != len(KINGS):
            _fail(where, f"expected one move per King (3), not {len(moves)}")
        chosen: dict[King, Move] = {}
        for king in KINGS:
            number = moves[king.value]
            if number is not None:
                chosen[king] = Move(_int(number, f"{where}[{king.value}]", 1, 6))
        turns.append(JointAction.of(chosen))
    return ChallengeLog(layout, tuple(turns))


def _deal(state: TonccState, layout: object, path: str) -> TonccState:
    if type(layout) is not tuple:
        _fail(path, f"expected a tuple of region ids, not {shown(layout)}")
    for c, region in enumerate(layout):
        if type(region) is not int:
            _fail(f"{path}[{c}]", f"expected a region id, not {shown(region)}", "TC-SETUP-2")
    try:
        return state.dealt(layout)
    except TonccIllegalActionError as exc:
        _fail(path, str(exc).partition(": ")[2], exc.clause)


# ------------------------------------------------------------------ the recorder


class TonccRecorder:
    """Plays a game and keeps its record: shuffle, apply joint actions, read ``record``.

    >>> import random
    >>> recorder = TonccRecorder()
    >>> recorder.shuffle(random.Random(1))
    >>> recorder.state.is_chance
    False
    """

    def __init__(
        self,
        rules: TonccRules | None = None,
        toncc_map: TonccMap | None = None,
        metadata: Mapping[str, str] | None = None,
    ) -> None:
        self.state = new_game(rules, toncc_map)
        self._metadata = _as_metadata(metadata)
        self._logs: list[tuple[tuple[int, ...], list[JointAction]]] = []

    @classmethod
    def resume(cls, record: TonccRecord) -> TonccRecorder:
        """A recorder that goes on with the game of ``record`` (its rules, Map, draw, turns).

        >>> import random
        >>> first = TonccRecorder()
        >>> first.shuffle(random.Random(2))
        >>> again = TonccRecorder.resume(first.record)
        >>> again.state == first.state and again.record == first.record
        True
        """
        if type(record) is not TonccRecord:
            raise RecordError(f"expected a TonccRecord, not {shown(record)}", "record")
        recorder = cls(record.rules, record.toncc_map, record.metadata)
        recorder.state = record.replay()
        recorder._logs = [(log.layout, list(log.turns)) for log in record.challenges]
        return recorder

    def shuffle(self, rng: random.Random) -> None:
        """Draw the colours if due, then shuffle the board, with ``rng`` (if a challenge starts)."""
        if self.state.is_chance:
            done = self.state.resolve_chance(rng)
            if self.state.is_colour_draw:
                self.draw(done.seating)  # type: ignore[arg-type]
            self.deal(done.layout)

    def draw(self, seating: tuple[King, King, King]) -> None:
        """Record the colour draw: ``seating[player]`` is the King of that player (TC-SETUP-4)."""
        if not self.state.is_colour_draw:
            raise TonccIllegalActionError("draw: the colours are already drawn", "TC-SETUP-4")
        self.state = self.state.apply_chance(DrawColours(seating))

    def deal(self, layout: tuple[int, ...]) -> None:
        """Shuffle the board to ``layout`` (a region per cell)."""
        self.state = self.state.dealt(layout)
        self._logs.append((self.state.layout, []))

    def apply(self, joint: JointAction | Mapping[King, Move]) -> TurnReport:
        """Apply one joint action (checked); return what the turn did."""
        state, report = self.state.apply_joint_with_report(joint)
        if not isinstance(joint, JointAction):
            joint = JointAction.of(joint)
        self._logs[-1][1].append(joint)
        self.state = state
        return report

    @property
    def record(self) -> TonccRecord:
        """The record of the game so far."""
        logs = tuple(ChallengeLog(layout, tuple(turns)) for layout, turns in self._logs)
        drawn = self.state.rules.colour_draw is ColourDraw.DRAW
        seating = self.state.seating if drawn else None
        return TonccRecord(self.state.rules, self.state.toncc_map, logs, self._metadata, seating)
