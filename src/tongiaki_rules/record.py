"""JSON for states and game records, and replaying records.

Two documented, versioned JSON schemas (``docs/json-schema.md`` describes
them field by field):

* ``"tongiaki-state"``: one position, written by :func:`state_to_json` (or
  :meth:`GameState.to_json <tongiaki_rules.state.GameState.to_json>`) and read
  back, fully validated, by :func:`state_from_json`. The round trip gives an
  equal state (same hash, same legal actions).
* ``"tongiaki-record"``: a whole game as its settings plus every action
  applied, chance outcomes (:class:`~tongiaki_rules.actions.Draw`) included:
  :class:`GameRecord`. Build one while playing with :class:`Recorder`;
  :func:`replay` re-applies the actions with every legality check.

Anything that cannot be read raises :class:`RecordError` (a ``ValueError``)
whose message starts with the path of the offending field; nothing else
escapes, and no half-built state is ever returned.

>>> from tongiaki_rules import new_game
>>> state = new_game(2).apply(SetupPlace(0))
>>> text = state_to_json(state)
>>> state_from_json(text) == state
True
>>> state_from_json(text.replace('"version":2', '"version":7'))  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
tongiaki_rules.errors.RecordError: version: version 7 is not supported; this library reads ...
"""

from __future__ import annotations

import enum
import json
import random
import types
from collections import Counter, deque
from collections.abc import Iterable, Iterator, Mapping, Sequence
from itertools import pairwise
from typing import Any, Final, NoReturn, cast

import attrs

from . import engine as _engine
from .actions import (
    ACTION_TYPES,
    Action,
    Berth,
    Depart,
    Draw,
    Expand,
    ExpandFromBoard,
    FoundRoyal,
    PlaceNewBoats,
    PlaceTile,
    Recolonize,
    ReturnBoat,
    SetupPlace,
)
from .colours import BOATS_PER_COLOUR, COLOURS, Colour
from .errors import IllegalActionError, RecordError, ReplayError, SettingsError, TileSetError
from .hexgrid import ORIGIN, Hex
from .rules import Rules
from .standard_tiles import STANDARD_TILES
from .state import DEFAULT_RULES, GameConfig, GameState, new_game
from .testing import reachability_problems, royal_beach_problem
from .tiles import BeachSpec, IslandTile, OceanTile, Route, Tile, TileSet

__all__ = [
    "RECORD_SCHEMA",
    "STATE_SCHEMA",
    "VERSION",
    "GameRecord",
    "RecordError",
    "Recorder",
    "ReplayError",
    "action_from_dict",
    "action_to_dict",
    "replay",
    "replay_states",
    "state_from_dict",
    "state_from_json",
    "state_to_dict",
    "state_to_json",
]

STATE_SCHEMA: Final = "tongiaki-state"
"""The ``"schema"`` value of a state document."""
RECORD_SCHEMA: Final = "tongiaki-record"
"""The ``"schema"`` value of a game record document."""
VERSION: Final = 2
"""The schema version this library writes (both schemas).

Version 2 added the rules flag ``endless_chain`` and gave ``chain`` its
present meaning (the departures of the turn since the last draw, under every
flag). Version 1 documents are read too: their rules lack that flag (the
default applies), and a version 1 state must not remember departures.
"""
READ_VERSIONS: Final = (1, 2)
"""The schema versions this library reads."""

PHASE_NAMES: Final[tuple[str, ...]] = (
    "setup",
    "turn",
    "departure",
    "draw",
    "place_tile",
    "berth",
    "game_over",
)
"""The ``"phase"`` names, indexed by engine phase (the values of ``DecisionKind``)."""
PURPOSE_NAMES: Final[tuple[str, ...]] = ("voyage", "colonize", "forced_colonize")
"""The ``"purpose"`` names, indexed by the engine's purpose of a draw or placement."""
VACANT: Final = "vacant"
"""The ``"king"`` of a royal island whose king was taken off (AMB-21)."""

_STANDARD: Final = "standard"
_LETTERS: Final = "".join(c.letter for c in COLOURS)

_STATE_FIELDS: Final = (
    "schema",
    "version",
    "num_players",
    "start_player",
    "rules",
    "tile_set",
    "phase",
    "turn_colour",
    "table",
    "removed",
    "pile",
    "colours",
    "group",
    "at",
    "entry",
    "origin",
    "turn_origin",
    "tiles_drawn",
    "drawn_tile",
    "purpose",
    "served_beaches",
    "end_triggered",
    "setup_first_beaches",
    "chain",
)
_RECORD_FIELDS: Final = (
    "schema",
    "version",
    "num_players",
    "start_player",
    "rules",
    "tile_set",
    "metadata",
    "actions",
)
_ISLAND_ENTRY: Final = ("tile", "at", "rotation", "beaches", "king")
_OCEAN_ENTRY: Final = ("tile", "at", "rotation")
_COLOUR_FIELDS: Final = ("reserve", "out_of_game", "royal_islands_founded")

# How each action is written: JSON field name, attribute, kind of value.
_HEX, _INDEX, _INDICES, _DIRECTION, _COLOUR, _TILE = (
    "hex",
    "index",
    "indices",
    "direction",
    "colour",
    "tile",
)
_ACTION_SPECS: Final[dict[str, tuple[type, tuple[tuple[str, str], ...]]]] = {
    "SetupPlace": (SetupPlace, (("beach", _INDEX),)),
    "Expand": (Expand, (("island", _HEX), ("beaches", _INDICES))),
    "ExpandFromBoard": (
        ExpandFromBoard,
        (("island", _HEX), ("beach", _INDEX), ("source", _HEX), ("source_beach", _INDEX)),
    ),
    "FoundRoyal": (FoundRoyal, (("island", _HEX),)),
    "Recolonize": (Recolonize, ()),
    "PlaceNewBoats": (PlaceNewBoats, (("island", _HEX), ("beaches", _INDICES))),
    "Depart": (Depart, (("island", _HEX), ("beach", _INDEX), ("jetty", _DIRECTION))),
    "PlaceTile": (PlaceTile, (("position", _HEX), ("rotation", _DIRECTION))),
    "Berth": (Berth, (("colour", _COLOUR), ("beach", _INDEX))),
    "ReturnBoat": (ReturnBoat, (("colour", _COLOUR),)),
    "Draw": (Draw, (("tile", _TILE),)),
}


# ====================================================================== writing
def _letters(colours: Iterable[int]) -> str:
    return "".join(_LETTERS[c] for c in colours)


def _hex_out(pos: Hex | None) -> list[int] | None:
    return None if pos is None else [pos[0], pos[1]]


def _king_out(king: int) -> str | None:
    if king == _engine.NO_KING:
        return None
    if king == _engine.VACANT_KING:
        return VACANT
    return _LETTERS[king]


def _rules_out(rules: Rules) -> dict[str, Any]:
    return {
        name: value.value if isinstance(value, enum.Enum) else value
        for name, value in rules.changed().items()
    }


def _tile_out(tile: Tile) -> dict[str, Any]:
    if isinstance(tile, IslandTile):
        return {
            "kind": "island",
            "id": tile.id,
            "name": tile.name,
            "value": tile.value,
            "beaches": [{"slots": b.slots, "jetties": list(b.jetties)} for b in tile.beaches],
        }
    return {
        "kind": "ocean",
        "id": tile.id,
        "routes": [{"edges": [r.a, r.b], "colours": r.colours} for r in tile.routes],
    }


def _tile_set_out(tiles: TileSet) -> str | dict[str, Any]:
    if tiles == STANDARD_TILES:
        return _STANDARD
    kinds: dict[str, Tile] = {}
    for tile in tiles.pile:
        kinds.setdefault(tile.id, tile)
    return {
        "start": _tile_out(tiles.start),
        "tiles": [_tile_out(tile) for tile in kinds.values()],
        "pile": [tile.id for tile in tiles.pile],
    }


def _settings_out(
    num_players: int, start_player: int, rules: Rules, tiles: TileSet
) -> dict[str, Any]:
    return {
        "num_players": num_players,
        "start_player": start_player,
        "rules": _rules_out(rules),
        "tile_set": _tile_set_out(tiles),
    }


def _departure_out(departure: tuple[object, ...]) -> dict[str, Any]:
    boats = cast(tuple[tuple[tuple[int, ...], ...], ...], departure[0])
    return {
        "beaches": [[_letters(beach) for beach in beaches] for beaches in boats],
        "island": _hex_out(cast(Hex, departure[1])),
        "beach": departure[2],
        "jetty": departure[3],
    }


def state_to_dict(state: GameState) -> dict[str, Any]:
    """``state`` as a JSON-ready ``dict`` in the ``"tongiaki-state"`` schema.

    For front ends that embed a state in a larger JSON message.

    >>> from tongiaki_rules import new_game
    >>> doc = state_to_dict(new_game(2))
    >>> doc["schema"], doc["phase"], doc["turn_colour"], doc["table"][0]["beaches"]
    ('tongiaki-state', 'setup', 'B', ['', '', '', '', '', ''])
    """
    _check_type(state, GameState, "state")
    cfg = state.config
    ts = cfg.tiles
    ids = [tile.id for tile in ts.kinds]
    table: list[dict[str, Any]] = []
    for (pos, t, rot), beaches, king in zip(state.tiles_, state.boats_, state.kings_, strict=True):
        entry: dict[str, Any] = {"tile": ids[t], "at": _hex_out(pos), "rotation": rot}
        if ts.is_island[t]:
            entry["beaches"] = [_letters(beach) for beach in beaches]
            entry["king"] = _king_out(king)
        table.append(entry)
    colours = {
        _LETTERS[c]: {
            "reserve": state.reserve_[c],
            "out_of_game": state.out_[c],
            "royal_islands_founded": state.founded_[c],
        }
        for c in range(len(cfg.agent_seats))
    }
    firsts = (
        {_LETTERS[c]: (b if b >= 0 else None) for c, b in enumerate(state.setup_firsts_)}
        if state.setup_firsts_
        else None
    )
    chain = [_departure_out(departure) for departure in state.chain_]
    return {
        "schema": STATE_SCHEMA,
        "version": VERSION,
        **_settings_out(cfg.num_players, cfg.start_player, cfg.rules, ts),
        "phase": PHASE_NAMES[state.phase_],
        "turn_colour": _LETTERS[state.agent_],
        "table": table,
        "removed": [ids[t] for t in state.removed_],
        "pile": [ids[t] for t in state.pile_],
        "colours": colours,
        "group": _letters(state.group_),
        "at": _hex_out(state.at_),
        "entry": state.entry_,
        "origin": _hex_out(state.origin_),
        "turn_origin": _hex_out(state.turn_origin_),
        "tiles_drawn": state.drawn_,
        "drawn_tile": ids[state.tile_] if state.tile_ >= 0 else None,
        "purpose": PURPOSE_NAMES[state.purpose_],
        "served_beaches": [b for b in range(state.served_.bit_length()) if state.served_ >> b & 1],
        "end_triggered": state.ended_,
        "setup_first_beaches": firsts,
        "chain": chain,
    }


def state_to_json(state: GameState, *, indent: int | None = None) -> str:
    """``state`` as JSON text in the ``"tongiaki-state"`` schema, version 2.

    Compact by default; with ``indent``, laid out for reading (short arrays
    and objects stay on one line).

    >>> from tongiaki_rules import new_game
    >>> text = state_to_json(new_game(3))
    >>> text[:60]
    '{"schema":"tongiaki-state","version":2,"num_players":3,"star'
    >>> print(state_to_json(new_game(3), indent=2).splitlines()[1])
      "schema": "tongiaki-state",
    """
    return _dumps(state_to_dict(state), indent)


def _dumps(value: Any, indent: int | None) -> str:
    if indent is not None and (type(indent) is not int or not 0 <= indent <= _MAX_INDENT):
        raise RecordError(f"expected null or 0..{_MAX_INDENT} spaces, not {indent!r}", "indent")
    if indent is None:
        return json.dumps(value, separators=(",", ":"), ensure_ascii=False)
    return _pretty(value, 0, indent)


_WIDTH: Final = 100
_MAX_INDENT: Final = 16


def _pretty(value: Any, level: int, indent: int) -> str:
    flat = json.dumps(value, ensure_ascii=False)
    pad = " " * (level * indent)
    if len(pad) + len(flat) <= _WIDTH or not isinstance(value, dict | list) or not value:
        return flat
    inner = " " * ((level + 1) * indent)
    if isinstance(value, dict):
        items = [
            f"{inner}{json.dumps(k, ensure_ascii=False)}: {_pretty(v, level + 1, indent)}"
            for k, v in value.items()
        ]
        return "{\n" + ",\n".join(items) + "\n" + pad + "}"
    if not any(isinstance(v, dict | list) for v in value):
        # scalars: as many to a line as fit
        lines: list[str] = []
        line = ""
        for v in value:
            text = json.dumps(v, ensure_ascii=False) + ","
            if line and len(inner) + len(line) + 1 + len(text) > _WIDTH:
                lines.append(inner + line)
                line = ""
            line = f"{line} {text}" if line else text
        lines.append(inner + line[:-1])
        return "[\n" + "\n".join(lines) + "\n" + pad + "]"
    items = [f"{inner}{_pretty(v, level + 1, indent)}" for v in value]
    return "[\n" + ",\n".join(items) + "\n" + pad + "]"


# ====================================================================== reading
def _fail(path: str, message: str, clause: str | None = None) -> NoReturn:
    raise RecordError(message, path or None, clause)


def _field(path: str, key: str) -> str:
    key = _shown(key)
    return f"{path}.{key}" if path else key


def _shown(text: str) -> str:
    """``text``, with lone surrogates escaped so that a message can always be printed."""
    return text.encode("utf-8", "backslashreplace").decode("utf-8") if _unpaired(text) else text


def _unpaired(text: str) -> bool:
    """True if ``text`` holds a lone surrogate (UTF-8 cannot encode it: it is not text)."""
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        return True
    return False


def _item(path: str, k: int) -> str:
    return f"{path}[{k}]"


def _type_name(value: Any) -> str:
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "a boolean"
    if isinstance(value, int):
        return "an integer"
    if isinstance(value, float):
        return "a number with a fraction or exponent"
    if isinstance(value, str):
        return "a string"
    if isinstance(value, list):
        return "an array"
    if isinstance(value, dict):
        return "an object"
    return type(value).__name__  # pragma: no cover - json gives only the above


def _object(value: Any, path: str, fields: Sequence[str]) -> dict[str, Any]:
    """``value`` must be an object with exactly ``fields``."""
    if not isinstance(value, dict):
        _fail(path, f"expected an object, not {_type_name(value)}")
    for key in value:
        if key not in fields:
            _fail(_field(path, key), "unknown field")
    for key in fields:
        if key not in value:
            _fail(path, f"missing field {key!r}")
    return value


def _int(value: Any, path: str, lo: int | None = None, hi: int | None = None) -> int:
    if type(value) is not int:
        _fail(path, f"expected an integer, not {_type_name(value)}")
    if (lo is not None and value < lo) or (hi is not None and value > hi):
        if lo is not None and hi is not None:
            _fail(path, f"{value} is not in {lo}..{hi}")
        _fail(path, f"{value} is less than {lo}" if lo is not None else f"{value} exceeds {hi}")
    return value


def _bool(value: Any, path: str) -> bool:
    if type(value) is not bool:
        _fail(path, f"expected true or false, not {_type_name(value)}")
    return value


def _str(value: Any, path: str) -> str:
    if not isinstance(value, str):
        _fail(path, f"expected a string, not {_type_name(value)}")
    if _unpaired(value):
        _fail(path, f"{_shown(value)!r} holds a lone surrogate: it is not Unicode text")
    return value


def _list(value: Any, path: str) -> list[Any]:
    if not isinstance(value, list):
        _fail(path, f"expected an array, not {_type_name(value)}")
    return value


def _hex(value: Any, path: str) -> Hex:
    if not isinstance(value, list):
        _fail(path, f"a position is an array [q, r] of two integers, not {_type_name(value)}")
    if len(value) != 2:
        _fail(path, f"a position is an array [q, r] of two integers, not of {len(value)} values")
    return (_int(value[0], _item(path, 0)), _int(value[1], _item(path, 1)))


def _opt_hex(value: Any, path: str) -> Hex | None:
    return None if value is None else _hex(value, path)


def _colour(value: Any, path: str, agents: int) -> int:
    text = _str(value, path)
    letters = _LETTERS[:agents]
    if len(text) != 1 or text not in letters:
        _fail(path, f"{text!r} is not the letter of a colour in play ({letters})")
    return letters.index(text)


def _boats(value: Any, path: str, agents: int) -> tuple[int, ...]:
    text = _str(value, path)
    letters = _LETTERS[:agents]
    bad = sorted({ch for ch in text if ch not in letters})
    if bad:
        _fail(
            path, f"{''.join(bad)!r} in {text!r} is not the letter of a colour in play ({letters})"
        )
    return tuple(sorted(letters.index(ch) for ch in text))


def _load(text: Any) -> Any:
    if isinstance(text, bytes | bytearray):
        try:
            text = bytes(text).decode("utf-8")
        except UnicodeDecodeError as exc:
            _fail("", f"not UTF-8 text: {exc}")
    if not isinstance(text, str):
        _fail("", f"expected JSON text (str or bytes), not {type(text).__name__}")
    try:
        return json.loads(text, object_pairs_hook=_no_duplicates, parse_constant=_no_constant)
    except RecordError:
        raise
    except (ValueError, RecursionError) as exc:
        _fail("", f"not valid JSON: {exc}")


def _no_duplicates(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    found: dict[str, Any] = {}
    for key, value in pairs:
        if key in found:
            _fail("", f"duplicate key {key!r} in an object")
        found[key] = value
    return found


def _no_constant(name: str) -> NoReturn:
    _fail("", f"not valid JSON: {name} is not a JSON number")


def _header(doc: Any, schema: str, fields: Sequence[str]) -> dict[str, Any]:
    if not isinstance(doc, dict):
        _fail("", f"expected a JSON object, not {_type_name(doc)}")
    if "schema" not in doc:
        _fail("", "missing field 'schema'")
    name = doc["schema"]
    if name != schema:
        hint = ""
        if name == RECORD_SCHEMA:
            hint = "; this is a game record (read it with GameRecord.from_json)"
        elif name == STATE_SCHEMA:
            hint = "; this is a state (read it with state_from_json)"
        _fail("schema", f"expected {schema!r}, not {name!r}{hint}")
    if "version" not in doc:
        _fail("", "missing field 'version'")
    version = _int(doc["version"], "version")
    if version not in READ_VERSIONS:
        _fail(
            "version",
            f"version {version} is not supported; this library reads versions "
            f"{', '.join(map(str, READ_VERSIONS))}",
        )
    obj = _object(doc, "", fields)
    if version == 1 and schema == STATE_SCHEMA and obj.get("chain"):
        _fail("chain", "a version 1 state cannot carry the departures of its turn; save it again")
    return obj


def _rules_in(value: Any, path: str) -> Rules:
    if not isinstance(value, dict):
        _fail(path, f"expected an object of rules flags, not {_type_name(value)}")
    fields = attrs.fields_dict(Rules)
    kwargs: dict[str, Any] = {}
    for name, given in value.items():
        where = _field(path, name)
        field = fields.get(name)
        if field is None:
            _fail(where, "unknown rules flag")
        default = field.default
        if isinstance(default, bool):
            kwargs[name] = _bool(given, where)
            continue
        kind = cast(type[enum.StrEnum], type(default))
        allowed = [member.value for member in kind]
        if not isinstance(given, str) or given not in allowed:
            shown = repr(given) if isinstance(given, str) else _type_name(given)
            _fail(where, f"{shown} is not one of {', '.join(map(repr, allowed))}")
        kwargs[name] = kind(given)
    return Rules(**kwargs)


def _tile_in(value: Any, path: str, start: bool = False) -> Tile:
    try:
        return _tile_fields_in(value, path, start)
    except TileSetError as exc:  # fields the tile classes themselves refuse (an empty name)
        _fail(path, str(exc))


def _tile_fields_in(value: Any, path: str, start: bool) -> Tile:
    if not isinstance(value, dict):
        _fail(path, f"expected a tile object, not {_type_name(value)}")
    kind = value.get("kind")
    if kind == "island":
        obj = _object(value, path, ("kind", "id", "name", "value", "beaches"))
        tile_id = _str(obj["id"], _field(path, "id"))
        if not tile_id:
            _fail(_field(path, "id"), "a tile id cannot be empty")
        name = _str(obj["name"], _field(path, "name"))
        points = _int(obj["value"], _field(path, "value"), 0)
        beaches_path = _field(path, "beaches")
        specs = []
        for b, spec in enumerate(_list(obj["beaches"], beaches_path)):
            bp = _item(beaches_path, b)
            beach = _object(spec, bp, ("slots", "jetties"))
            slots = _int(beach["slots"], _field(bp, "slots"), 1)
            jp = _field(bp, "jetties")
            jetties = tuple(
                _int(e, _item(jp, j), 0, 5) for j, e in enumerate(_list(beach["jetties"], jp))
            )
            specs.append(BeachSpec(slots, jetties))
        return IslandTile(tile_id, name, points, tuple(specs), is_start=start)
    if start:
        _fail(_field(path, "kind"), 'the start tile must be an island ("kind": "island")')
    if kind == "ocean":
        obj = _object(value, path, ("kind", "id", "routes"))
        tile_id = _str(obj["id"], _field(path, "id"))
        if not tile_id:
            _fail(_field(path, "id"), "a tile id cannot be empty")
        routes_path = _field(path, "routes")
        routes = []
        for k, spec in enumerate(_list(obj["routes"], routes_path)):
            rp = _item(routes_path, k)
            route = _object(spec, rp, ("edges", "colours"))
            ep = _field(rp, "edges")
            edges = _list(route["edges"], ep)
            if len(edges) != 2:
                _fail(ep, "a route joins two edges: [a, b]")
            a = _int(edges[0], _item(ep, 0), 0, 5)
            b = _int(edges[1], _item(ep, 1), 0, 5)
            routes.append(Route(a, b, _int(route["colours"], _field(rp, "colours"), 0, 6)))
        return OceanTile(tile_id, tuple(routes))
    if "kind" not in value:
        _fail(path, "missing field 'kind'")
    _fail(_field(path, "kind"), f'expected "island" or "ocean", not {kind!r}')


def _tile_set_in(value: Any, path: str) -> TileSet:
    if isinstance(value, str):
        if value != _STANDARD:
            _fail(path, f'expected "standard" or a tile set object, not {value!r}')
        return STANDARD_TILES
    obj = _object(value, path, ("start", "tiles", "pile"))
    start = _tile_in(obj["start"], _field(path, "start"), start=True)
    assert isinstance(start, IslandTile)
    tiles_path = _field(path, "tiles")
    kinds: dict[str, Tile] = {}
    for k, spec in enumerate(_list(obj["tiles"], tiles_path)):
        tile = _tile_in(spec, _item(tiles_path, k))
        if tile.id in kinds or tile.id == start.id:
            _fail(_field(_item(tiles_path, k), "id"), f"the id {tile.id!r} is defined twice")
        kinds[tile.id] = tile
    pile_path = _field(path, "pile")
    pile: list[Tile] = []
    for k, tile_id in enumerate(_list(obj["pile"], pile_path)):
        name = _str(tile_id, _item(pile_path, k))
        if name not in kinds:
            _fail(_item(pile_path, k), f"{name!r} is not defined in {tiles_path}")
        pile.append(kinds[name])
    used = {tile.id for tile in pile}
    for k, tile in enumerate(kinds.values()):
        if tile.id not in used:
            _fail(_item(tiles_path, k), f"the tile {tile.id!r} is not in the pile")
    try:
        return TileSet(start, tuple(pile))
    except ValueError as exc:
        _fail(path, str(exc))


def _config_in(doc: dict[str, Any]) -> GameConfig:
    rules = _rules_in(doc["rules"], "rules")
    tiles = _tile_set_in(doc["tile_set"], "tile_set")
    num_players = _int(doc["num_players"], "num_players")
    if not 2 <= num_players <= 6:
        _fail("num_players", f"Tongiaki is for 2 to 6 players, not {num_players}", "COMP-1")
    start_player = _int(doc["start_player"], "start_player", 0, num_players - 1)
    if rules.variant_two_player_double_colour and num_players != 2:
        _fail(
            "rules.variant_two_player_double_colour",
            f"the two-colour variant is for exactly 2 players, not {num_players}",
            "VARIANT-2P-1",
        )
    try:
        return GameConfig.make(num_players, rules, tiles, start_player)
    except ValueError as exc:
        _fail("tile_set", str(exc))


def _choice(value: Any, path: str, names: Sequence[str]) -> int:
    text = _str(value, path)
    if text not in names:
        _fail(path, f"{text!r} is not one of {', '.join(map(repr, names))}")
    return list(names).index(text)


def _king_in(value: Any, path: str, agents: int) -> int:
    if value is None:
        return _engine.NO_KING
    if value == VACANT:
        return _engine.VACANT_KING
    if not isinstance(value, str):
        _fail(path, f'expected null, a colour letter or "vacant", not {_type_name(value)}')
    return _colour(value, path, agents)


@attrs.define
class _Tally:
    """How often each tile of the set is used, to catch a tile used twice."""

    ts: TileSet
    left: Counter[int]

    def use(self, tile_id: Any, path: str) -> int:
        name = _str(tile_id, path)
        t = self.ts.index.get(name)
        if t is None:
            _fail(path, f"unknown tile id {name!r}")
        if self.left[t] <= 0:
            n = Counter(self.ts.pile_indices)[t] + (1 if t == 0 else 0)
            times = "once" if n == 1 else f"{n} times"
            _fail(path, f"the tile {name!r} is used more often than the tile set has it ({times})")
        self.left[t] -= 1
        return t


def state_from_json(text: str | bytes) -> GameState:
    """A state from JSON text in the ``"tongiaki-state"`` schema, fully validated.

    Raises :class:`RecordError` naming the offending field for malformed
    JSON, wrong types, unknown or missing fields, impossible positions
    (a beach with more boats than slots, a colour without exactly 15
    boats, a tile used twice, a phase that does not fit the data, ...).

    >>> from tongiaki_rules import new_game
    >>> state_from_json(state_to_json(new_game(2))) == new_game(2)
    True
    >>> text = state_to_json(new_game(2).apply(SetupPlace(0)))
    >>> state_from_json(text.replace('"rotation":0', '"rotation":7'))
    Traceback (most recent call last):
    ...
    tongiaki_rules.errors.RecordError: table[0].rotation: 7 is not in 0..5
    >>> state_from_json(text.replace('"beaches":["B"', '"beaches":["BRRB"'))
    Traceback (most recent call last):
    ...
    tongiaki_rules.errors.RecordError: table[0].beaches[0]: 4 boats on a beach of 3 slots [COMP-3]
    """
    return state_from_dict(_load(text))


def state_from_dict(doc: Any) -> GameState:
    """A state from parsed JSON data (see :func:`state_from_json`).

    >>> from tongiaki_rules import new_game
    >>> state_from_dict(state_to_dict(new_game(4))) == new_game(4)
    True
    """
    obj = _header(doc, STATE_SCHEMA, _STATE_FIELDS)
    return _StateReader(obj).build()


class _StateReader:
    """Reads the fields of a state document, then checks how they fit together."""

    def __init__(self, doc: dict[str, Any]) -> None:
        self.doc = doc
        self.cfg = _config_in(doc)
        self.ts = self.cfg.tiles
        self.agents = len(self.cfg.agent_seats)

    # ------------------------------------------------------------ fields
    def build(self) -> GameState:
        doc, ts, agents = self.doc, self.ts, self.agents
        self.phase = _choice(doc["phase"], "phase", PHASE_NAMES)
        self.agent = _colour(doc["turn_colour"], "turn_colour", agents)
        available: Counter[int] = Counter(ts.pile_indices)
        available[0] += 1
        self.tally = _Tally(ts, Counter(available))
        self._table()
        removed = [
            self.tally.use(t, _item("removed", k))
            for k, t in enumerate(_list(doc["removed"], "removed"))
        ]
        for k, t in enumerate(removed):
            if not ts.is_island[t]:
                _fail(
                    _item("removed", k),
                    "only islands are removed (closed), not ocean tiles",
                    "CLOSED-1",
                )
        self.removed = tuple(sorted(removed))
        self.pile = tuple(
            sorted(
                self.tally.use(t, _item("pile", k))
                for k, t in enumerate(_list(doc["pile"], "pile"))
            )
        )
        if 0 in self.pile:
            _fail("pile", f"the start island {ts.start.id!r} is never in the pile", "SETUP-2")
        if self.tally.left[0]:
            _fail("table", f"the start island {ts.start.id!r} must be on the table or removed")
        self._colours()
        self.group = _boats(doc["group"], "group", agents)
        self.at = _opt_hex(doc["at"], "at")
        self.entry = _int(doc["entry"], "entry", 0, 5)
        self.origin = _opt_hex(doc["origin"], "origin")
        self.turn_origin = _opt_hex(doc["turn_origin"], "turn_origin")
        self.drawn = _int(doc["tiles_drawn"], "tiles_drawn", 0, ts.island_total + ts.ocean_total)
        drawn_tile = doc["drawn_tile"]
        self.tile = -1 if drawn_tile is None else self.tally.use(drawn_tile, "drawn_tile")
        if self.tile == 0:
            _fail("drawn_tile", "the start island is never drawn")
        self.purpose = _choice(doc["purpose"], "purpose", PURPOSE_NAMES)
        served = _list(doc["served_beaches"], "served_beaches")
        beaches = [_int(b, _item("served_beaches", k), 0, 63) for k, b in enumerate(served)]
        if beaches != sorted(set(beaches)):
            _fail("served_beaches", "beach indices are listed in increasing order, once each")
        self.served = sum(1 << b for b in beaches)
        self.ended = _bool(doc["end_triggered"], "end_triggered")
        self._chain()
        self._totals()
        self._phase_fits()
        self._setup()
        state = GameState(
            config=self.cfg,
            tiles_=tuple(self.placed),
            boats_=tuple(self.boats),
            kings_=tuple(self.kings),
            removed_=self.removed,
            pile_=self.pile,
            reserve_=tuple(self.reserve),
            out_=tuple(self.out),
            founded_=tuple(self.founded),
            agent_=self.agent,
            phase_=self.phase,
            group_=self.group,
            at_=self.at,
            entry_=self.entry,
            origin_=self.origin,
            turn_origin_=self.turn_origin,
            drawn_=self.drawn,
            tile_=self.tile,
            purpose_=self.purpose,
            served_=self.served,
            ended_=self.ended,
            setup_firsts_=self.setup_firsts,
            setup_count_=self.setup_count,
            chain_=self.chain,
        )
        for problem in reachability_problems(state):
            _fail(problem.path or "", problem.message, problem.clause)
        _final_checks(state, exact_tiles=not +self.tally.left)
        return state

    def _table(self) -> None:
        ts, agents, rules = self.ts, self.agents, self.cfg.rules
        self.placed: list[tuple[Hex, int, int]] = []
        self.boats: list[tuple[tuple[int, ...], ...]] = []
        self.kings: list[int] = []
        self.where: dict[Hex, int] = {}
        for k, value in enumerate(_list(self.doc["table"], "table")):
            path = _item("table", k)
            if not isinstance(value, dict):
                _fail(path, f"expected an object, not {_type_name(value)}")
            if "tile" not in value:
                _fail(path, "missing field 'tile'")
            t = self.tally.use(value["tile"], _field(path, "tile"))
            island = ts.is_island[t]
            entry = _object(value, path, _ISLAND_ENTRY if island else _OCEAN_ENTRY)
            pos = _hex(entry["at"], _field(path, "at"))
            rotation = _int(entry["rotation"], _field(path, "rotation"), 0, 5)
            if pos in self.where:
                _fail(
                    _field(path, "at"),
                    f"two tiles at {list(pos)}: table[{self.where[pos]}] and {path}",
                )
            if t == 0 and (k != 0 or pos != ORIGIN or rotation != 0):
                _fail(
                    path, f"the start island {ts.start.id!r} is first, at [0, 0], with rotation 0"
                )
            self.where[pos] = k
            self.placed.append((pos, t, rotation))
            if not island:
                self.boats.append(())
                self.kings.append(_engine.NO_KING)
                continue
            slots = ts.slots[t]
            bp = _field(path, "beaches")
            beaches = _list(entry["beaches"], bp)
            if len(beaches) != len(slots):
                _fail(
                    bp, f"{ts.kinds[t].id!r} has {len(slots)} beaches, not {len(beaches)}", "COMP-3"
                )
            row = []
            for b, text in enumerate(beaches):
                boats = _boats(text, _item(bp, b), agents)
                if len(boats) > slots[b]:
                    _fail(
                        _item(bp, b), f"{len(boats)} boats on a beach of {slots[b]} slots", "COMP-3"
                    )
                row.append(boats)
            self.boats.append(tuple(row))
            kp = _field(path, "king")
            king = _king_in(entry["king"], kp, agents)
            if king != _engine.NO_KING:
                if t == 0:
                    _fail(kp, "the start island is never a royal island", "ROYAL-2")
                if king == _engine.VACANT_KING and rules.recolonize_keeps_royal:
                    _fail(
                        kp, "a king is taken off only with recolonize_keeps_royal=false", "AMB-21"
                    )
                problem = royal_beach_problem(rules, king, row)
                if problem is not None:
                    _fail(bp, problem.message, problem.clause)
            self.kings.append(king)

    def _colours(self) -> None:
        letters = _LETTERS[: self.agents]
        obj = _object(self.doc["colours"], "colours", tuple(letters))
        self.reserve: list[int] = []
        self.out: list[int] = []
        self.founded: list[int] = []
        for letter in letters:
            path = _field("colours", letter)
            entry = _object(obj[letter], path, _COLOUR_FIELDS)
            self.reserve.append(
                _int(entry["reserve"], _field(path, "reserve"), 0, BOATS_PER_COLOUR)
            )
            self.out.append(
                _int(entry["out_of_game"], _field(path, "out_of_game"), 0, BOATS_PER_COLOUR)
            )
            self.founded.append(
                _int(entry["royal_islands_founded"], _field(path, "royal_islands_founded"), 0, 2)
            )

    def _chain(self) -> None:
        """The departures of this turn since the last draw (AMB-25: endless chains)."""
        doc, agents = self.doc, self.agents
        chain: list[tuple[object, ...]] = []
        entries = _list(doc["chain"], "chain")
        if entries and self.phase not in (_engine.DEPART, _engine.DRAW, _engine.LAND):
            _fail("chain", f"a {PHASE_NAMES[self.phase]} decision remembers no departures")
        for k, value in enumerate(entries):
            path = _item("chain", k)
            entry = _object(value, path, ("beaches", "island", "beach", "jetty"))
            bp = _field(path, "beaches")
            boats = tuple(
                tuple(
                    _boats(text, _item(_item(bp, i), b), agents)
                    for b, text in enumerate(_list(tile, _item(bp, i)))
                )
                for i, tile in enumerate(_list(entry["beaches"], bp))
            )
            # tiles only leave the table between two draws: never fewer then than now
            if len(boats) < len(self.placed):
                _fail(bp, f"{len(boats)} tiles, fewer than the {len(self.placed)} on the table now")
            island = _hex(entry["island"], _field(path, "island"))
            beach = _int(entry["beach"], _field(path, "beach"), 0, 63)
            jetty = _int(entry["jetty"], _field(path, "jetty"), 0, 5)
            departure = (boats, island, beach, jetty)
            if departure in chain:
                _fail(path, "the same departure twice: the chain was already settled", "AMB-25")
            chain.append(departure)
        self.chain = tuple(chain)

    def _totals(self) -> None:
        agents = self.agents
        table = [0] * agents
        for row, king in zip(self.boats, self.kings, strict=True):
            for beach in row:
                for c in beach:
                    table[c] += 1
            if 0 <= king < agents:
                table[king] += 1
        for c in range(agents):
            path = _field("colours", _LETTERS[c])
            at_sea = self.group.count(c)
            total = self.reserve[c] + table[c] + at_sea + self.out[c]
            if total != BOATS_PER_COLOUR:
                _fail(
                    path,
                    f"{total} boats, not {BOATS_PER_COLOUR}: reserve {self.reserve[c]}, "
                    f"table {table[c]}, at sea {at_sea}, out of game {self.out[c]}",
                    "COMP-1",
                )

    def _island_at(self, pos: Hex | None) -> int | None:
        if pos is None:
            return None
        k = self.where.get(pos)
        return k if k is not None and self.ts.is_island[self.placed[k][1]] else None

    def _phase_fits(self) -> None:
        phase, purpose, name = self.phase, self.purpose, PHASE_NAMES[self.phase]
        voyage = purpose == _engine.VOYAGE

        def must(ok: bool, path: str, message: str, clause: str | None = None) -> None:
            if not ok:
                _fail(path, message, clause)

        must(
            (self.tile >= 0) == (phase == _engine.PLACE),
            "drawn_tile",
            "a drawn tile is held exactly while a place_tile decision is pending",
        )
        must(
            not self.served or phase == _engine.LAND,
            "served_beaches",
            "only a landing serves beaches",
        )
        if phase in (_engine.SETUP, _engine.TURN, _engine.OVER):
            for path, ok, expected in (
                ("group", not self.group, '""'),
                ("at", self.at is None, "null"),
                ("entry", self.entry == 0, "0"),
                ("origin", self.origin is None, "null"),
                ("turn_origin", self.turn_origin is None, "null"),
                ("tiles_drawn", self.drawn == 0, "0"),
                ("purpose", voyage, '"voyage"'),
            ):
                must(ok, path, f"must be {expected} at a {name} decision")
            must(
                phase != _engine.OVER or self.ended,
                "end_triggered",
                "a finished game had its end triggered",
                "END-1",
            )
            return
        if phase == _engine.DEPART:
            for path, ok, expected in (
                ("group", not self.group, '""'),
                ("at", self.at is None, "null"),
                ("origin", self.origin is None, "null"),
                ("tiles_drawn", self.drawn == 0, "0"),
                ("purpose", voyage, '"voyage"'),
            ):
                must(ok, path, f"must be {expected} at a departure decision")
            return
        if phase in (_engine.DRAW, _engine.PLACE):
            if phase == _engine.DRAW:
                must(bool(self.pile), "pile", "nothing left to draw at a draw")
            if not voyage:
                must(
                    not self.group,
                    "group",
                    f"no boats are under way during a {PURPOSE_NAMES[purpose]} draw",
                )
                must(self.at is None, "at", f"must be null during a {PURPOSE_NAMES[purpose]} draw")
                must(
                    self.origin is None,
                    "origin",
                    f"must be null during a {PURPOSE_NAMES[purpose]} draw",
                )
                must(
                    self.drawn == 0,
                    "tiles_drawn",
                    f"must be 0 during a {PURPOSE_NAMES[purpose]} draw",
                )
                if phase == _engine.DRAW:
                    must(
                        any(self.ts.is_island[t] for t in self.pile),
                        "pile",
                        "a colonisation draws only while an island is left in the pile",
                        "RECOLONIZE-4",
                    )
                return
            must(bool(self.group), "group", f"a voyage {name} needs the boats under way")
            must(
                self.at is not None and self.at not in self.where,
                "at",
                "must be an empty hex beside the voyage",
            )
            must(
                self._island_at(self.origin) is not None,
                "origin",
                "must be the island the expedition left",
            )
            if phase == _engine.PLACE:
                must(
                    self.cfg.rules.variant_rody,
                    "phase",
                    "a voyage tile is placed freely only in the Rody variant",
                    "VARIANT-RODY-1",
                )
                must(
                    self.drawn >= 2,
                    "tiles_drawn",
                    "only the second and later tiles of a voyage are placed freely",
                    "VARIANT-RODY-1",
                )
            return
        # landing
        must(bool(self.group), "group", "a landing needs boats to land", "LAND-1")
        k = self._island_at(self.at)
        must(k is not None, "at", "a group lands on an island on the table")
        assert k is not None
        must(
            self.served < 1 << len(self.boats[k]),
            "served_beaches",
            f"the island at {list(self.at or ())} has {len(self.boats[k])} beaches",
        )
        if not voyage:
            must(
                self.group == (self.agent,),
                "group",
                "a colonisation lands one boat of the turn colour",
                "RECOLONIZE-5",
            )
            must(self.drawn == 0, "tiles_drawn", "must be 0 when a colonisation lands")

    def _setup(self) -> None:
        cfg, agents = self.cfg, self.agents
        value = self.doc["setup_first_beaches"]
        if self.phase != _engine.SETUP:
            if value is not None:
                _fail("setup_first_beaches", "must be null once setup is over")
            self.setup_firsts: tuple[int, ...] = ()
            self.setup_count = 2 * agents
            return
        letters = _LETTERS[:agents]
        firsts_obj = _object(value, "setup_first_beaches", tuple(letters))
        if len(self.placed) != 1 or self.removed or self.placed[0][1] != 0:
            _fail("table", "during setup only the start island is on the table", "SETUP-2")
        if Counter(self.pile) != Counter(self.ts.pile_indices):
            _fail("pile", "during setup every tile but the start island is in the pile", "SETUP-2")
        if self.ended:
            _fail("end_triggered", "must be false during setup")
        tonga = self.boats[0]
        for b, beach in enumerate(tonga):
            if len(beach) >= self.ts.slots[0][b]:
                _fail(
                    f"table[0].beaches[{b}]", "setup leaves a free slot on every beach", "SETUP-5"
                )
        count = sum(len(beach) for beach in tonga)
        order = cfg.order
        if count >= 2 * agents:
            _fail(
                "table[0].beaches", f"{count} setup boats; setup ends after {2 * agents}", "SETUP-4"
            )
        expected = Counter(order[i % len(order)] for i in range(count))
        firsts = []
        for c, letter in enumerate(letters):
            path = _field("colours", letter)
            if self.out[c] or self.founded[c]:
                _fail(path, "no boat is out of the game and no royal island founded during setup")
            has = sum(beach.count(c) for beach in tonga)
            if has != expected[c]:
                _fail(
                    path,
                    f"{has} setup boats on the start island; the turn order gives {expected[c]}",
                    "SETUP-4",
                )
            fp = _field("setup_first_beaches", letter)
            first = firsts_obj[letter]
            if first is None:
                if has:
                    _fail(fp, "the colour has placed a boat: name the beach of its first one")
                firsts.append(-1)
                continue
            b = _int(first, fp, 0, len(tonga) - 1)
            if c not in tonga[b]:
                _fail(fp, f"the colour has no boat on beach {b}")
            if cfg.rules.setup_distinct_beaches and any(beach.count(c) > 1 for beach in tonga):
                _fail(path, "two setup boats of a colour on one beach", "AMB-29")
            firsts.append(b)
        nxt = _LETTERS[order[count % len(order)]]
        if self.agent != order[count % len(order)]:
            _fail(
                "turn_colour",
                f"the turn order gives {nxt!r} after {count} setup boats",
                "SETUP-4",
            )
        self.setup_firsts = tuple(firsts)
        self.setup_count = count


def _final_checks(state: GameState, *, exact_tiles: bool) -> None:
    """The invariant checker and the engine's own settling, as a safety net."""
    from .testing import invariant_violations

    try:
        problems = invariant_violations(state, exact_tiles=exact_tiles)
        if not problems and state._settled() != state:
            problems = [
                f"the engine does not wait at this {PHASE_NAMES[state.phase_]} decision: "
                "it is resolved automatically (a single option, or a forced landing)"
            ]
    except Exception as exc:  # a position the engine cannot evaluate
        problems = [f"the engine cannot evaluate this position ({type(exc).__name__}: {exc})"]
    if problems:
        _fail("", "impossible position: " + "; ".join(problems))


# ====================================================================== actions
def action_to_dict(action: Action) -> dict[str, Any]:
    """``action`` in the JSON form of game records.

    >>> action_to_dict(Expand((0, -1), (0, 2)))
    {'type': 'Expand', 'island': [0, -1], 'beaches': [0, 2]}
    >>> action_to_dict(Berth(Colour.RED, 1))
    {'type': 'Berth', 'colour': 'R', 'beach': 1}
    """
    name = type(action).__name__
    spec = _ACTION_SPECS.get(name)
    if spec is None or type(action) is not spec[0]:
        raise RecordError(f"not an action: {action!r}", "action")
    out: dict[str, Any] = {"type": name}
    for field, kind in spec[1]:
        value = getattr(action, field)
        if kind == _HEX:
            out[field] = [value[0], value[1]]
        elif kind == _INDICES:
            out[field] = list(value)
        elif kind == _COLOUR:
            out[field] = COLOURS[value].letter
        else:
            out[field] = value
    return out


def action_from_dict(value: Any, path: str = "") -> Action:
    """An action from its JSON form; raises :class:`RecordError` naming the field.

    Only the form is checked here; whether the action is legal is for
    :func:`replay` (or :meth:`GameState.apply`) to say.

    >>> action_from_dict({"type": "Depart", "island": [0, 0], "beach": 2, "jetty": 2})
    Depart(island=(0, 0), beach=2, jetty=2)
    >>> action_from_dict({"type": "Depart", "island": [0, 0], "beach": 2, "jetty": 6})
    Traceback (most recent call last):
    ...
    tongiaki_rules.errors.RecordError: jetty: 6 is not in 0..5
    """
    if not isinstance(value, dict):
        _fail(path, f"expected an action object, not {_type_name(value)}")
    if "type" not in value:
        _fail(path, "missing field 'type'")
    name = value["type"]
    spec = _ACTION_SPECS.get(name) if isinstance(name, str) else None
    if spec is None:
        shown = repr(name) if isinstance(name, str) else _type_name(name)
        _fail(_field(path, "type"), f"{shown} is not an action type ({', '.join(_ACTION_SPECS)})")
    cls, fields = spec
    obj = _object(value, path, ("type", *(f for f, _k in fields)))
    args: list[Any] = []
    for field, kind in fields:
        where = _field(path, field)
        given = obj[field]
        if kind == _HEX:
            args.append(_hex(given, where))
        elif kind == _INDEX:
            args.append(_int(given, where, 0))
        elif kind == _INDICES:
            args.append(
                tuple(_int(b, _item(where, k), 0) for k, b in enumerate(_list(given, where)))
            )
        elif kind == _DIRECTION:
            args.append(_int(given, where, 0, 5))
        elif kind == _COLOUR:
            args.append(Colour(_colour(given, where, len(COLOURS))))
        else:
            args.append(_str(given, where))
    try:
        action: Action = cls(*args)
    except IllegalActionError as exc:  # a field the action itself refuses (a huge index)
        _fail(path, str(exc))
    return action


# ====================================================================== records
_METADATA_DIGITS: Final = 1000
"""Metadata integers have at most this many digits (Python converts up to 4300 to text)."""


def _freeze_actions(actions: Iterable[Action]) -> tuple[Action, ...]:
    """The actions as a tuple, each in the canonical form its JSON gives back."""
    if isinstance(actions, str | bytes | Mapping) or not isinstance(actions, Iterable):
        raise RecordError(
            f"expected a sequence of actions, not {type(actions).__name__}", "actions"
        )
    found = []
    for k, action in enumerate(actions):
        path = _item("actions", k)
        if not isinstance(action, ACTION_TYPES):
            raise RecordError(f"not an action: {action!r}", path)
        try:
            data = action_to_dict(action)
        except (TypeError, ValueError, IndexError, KeyError) as exc:
            raise RecordError(f"{action!r} has fields of the wrong type ({exc})", path) from None
        back = action_from_dict(data, path)
        if back != action:
            raise RecordError(
                f"{action!r} is not a well-formed action (it reads as {back!r})", path
            )
        found.append(back)
    return tuple(found)


def _freeze_metadata(metadata: Mapping[str, str | int] | None) -> Mapping[str, str | int]:
    """A read-only copy of ``metadata``; raises :class:`RecordError` for what JSON cannot hold."""
    if metadata is None:
        return types.MappingProxyType({})
    if not isinstance(metadata, Mapping):
        raise RecordError(f"expected an object, not {_type_name(metadata)}", "metadata")
    found: dict[str, str | int] = {}
    for key, value in metadata.items():
        if not isinstance(key, str):
            raise RecordError(f"keys are strings, not {key!r}", "metadata")
        path = _field("metadata", key)
        if _unpaired(key):
            raise RecordError("the key holds a lone surrogate: it is not Unicode text", path)
        if isinstance(value, str):
            if _unpaired(value):
                raise RecordError(
                    f"{_shown(value)!r} holds a lone surrogate: it is not Unicode text", path
                )
            found[key] = str(value)
        elif isinstance(value, int) and not isinstance(value, bool):
            if abs(value) >= 10**_METADATA_DIGITS:
                raise RecordError(f"an integer has at most {_METADATA_DIGITS} digits", path)
            found[key] = int(value)
        else:
            raise RecordError(f"expected a string or an integer, not {_type_name(value)}", path)
    return types.MappingProxyType(found)


def _check_settings(
    num_players: object, rules: object, tiles: object, start_player: object
) -> None:
    """Refuse settings of the wrong type with a :class:`SettingsError` naming the argument."""
    if type(num_players) is not int:
        raise SettingsError(f"num_players: expected an integer 2..6, not {num_players!r}")
    if not isinstance(rules, Rules):
        raise SettingsError(f"rules: expected a Rules value, not {rules!r}")
    if not isinstance(tiles, TileSet):
        raise SettingsError(f"tiles: expected a TileSet, not {tiles!r}")
    if type(start_player) is not int:
        raise SettingsError(f"start_player: expected a seat number, not {start_player!r}")


def _check_type(value: object, kind: type, path: str) -> None:
    if not isinstance(value, kind):
        raise RecordError(f"expected a {kind.__name__}, not {type(value).__name__}", path)


@attrs.frozen(slots=True)
class GameRecord:
    """A whole game: its settings and every action applied, in order.

    ``actions`` holds every decision and every chance outcome (:class:`Draw`)
    from the new game on; ``metadata`` is free information (players' names,
    date, event, notes) as a read-only mapping of ``str`` to ``str`` or ``int``.
    A record is a value: equal records replay to equal states. Build one
    while playing with :class:`Recorder`, or from the states of a game with
    :meth:`from_states`.

    >>> from tongiaki_rules import SetupPlace
    >>> record = GameRecord(2, actions=[SetupPlace(0), SetupPlace(1)], metadata={"event": "demo"})
    >>> record.initial_state().current_player, replay(record).current_player
    (0, 0)
    >>> GameRecord.from_json(record.to_json()) == record
    True
    """

    num_players: int
    rules: Rules = attrs.field(default=DEFAULT_RULES, kw_only=True)
    tiles: TileSet = attrs.field(default=STANDARD_TILES, kw_only=True)
    start_player: int = attrs.field(default=0, kw_only=True)
    actions: tuple[Action, ...] = attrs.field(default=(), kw_only=True, converter=_freeze_actions)
    metadata: Mapping[str, str | int] = attrs.field(
        factory=dict, kw_only=True, converter=_freeze_metadata, hash=False
    )

    def __attrs_post_init__(self) -> None:
        _check_settings(self.num_players, self.rules, self.tiles, self.start_player)
        GameConfig.make(self.num_players, self.rules, self.tiles, self.start_player)

    def __reduce__(self) -> tuple[Any, tuple[Any, ...]]:
        """Pickle support (the read-only metadata mapping cannot be pickled as it is).

        >>> import pickle
        >>> record = GameRecord(2, actions=[SetupPlace(0)], metadata={"event": "demo"})
        >>> pickle.loads(pickle.dumps(record)) == record
        True
        """
        return (
            _rebuild_record,
            (
                self.num_players,
                self.rules,
                self.tiles,
                self.start_player,
                self.actions,
                dict(self.metadata),
            ),
        )

    def initial_state(self) -> GameState:
        """The new game the actions start from.

        >>> GameRecord(3).initial_state().pending.kind.value
        'setup'
        """
        return new_game(
            self.num_players, self.rules, tiles=self.tiles, start_player=self.start_player
        )

    def to_dict(self) -> dict[str, Any]:
        """The record as JSON-ready data in the ``"tongiaki-record"`` schema.

        >>> GameRecord(2, actions=[SetupPlace(3)]).to_dict()["actions"]
        [{'type': 'SetupPlace', 'beach': 3}]
        """
        return {
            "schema": RECORD_SCHEMA,
            "version": VERSION,
            **_settings_out(self.num_players, self.start_player, self.rules, self.tiles),
            "metadata": dict(self.metadata),
            "actions": [action_to_dict(action) for action in self.actions],
        }

    def to_json(self, *, indent: int | None = None) -> str:
        """The record as JSON text (compact, or laid out with ``indent``).

        >>> print(GameRecord(2, actions=[SetupPlace(3)]).to_json(indent=2))
        {
          "schema": "tongiaki-record",
          "version": 2,
          "num_players": 2,
          "start_player": 0,
          "rules": {},
          "tile_set": "standard",
          "metadata": {},
          "actions": [{"type": "SetupPlace", "beach": 3}]
        }
        """
        return _dumps(self.to_dict(), indent)

    @classmethod
    def from_dict(cls, doc: Any) -> GameRecord:
        """A record from parsed JSON data (see :meth:`from_json`)."""
        obj = _header(doc, RECORD_SCHEMA, _RECORD_FIELDS)
        cfg = _config_in(obj)
        meta = obj["metadata"]
        if not isinstance(meta, dict):
            _fail("metadata", f"expected an object, not {_type_name(meta)}")
        _freeze_metadata(meta)
        actions = []
        for k, value in enumerate(_list(obj["actions"], "actions")):
            path = _item("actions", k)
            action = action_from_dict(value, path)
            if isinstance(action, Draw) and action.tile not in cfg.tiles.index:
                _fail(_field(path, "tile"), f"unknown tile id {action.tile!r}")
            actions.append(action)
        return cls(
            cfg.num_players,
            rules=cfg.rules,
            tiles=cfg.tiles,
            start_player=cfg.start_player,
            actions=actions,
            metadata=meta,
        )

    @classmethod
    def from_json(cls, text: str | bytes) -> GameRecord:
        """A record from JSON text; raises :class:`RecordError` naming the bad field.

        The form of every field is checked; the legality of the actions is
        checked by :func:`replay`.

        >>> GameRecord.from_json('{"schema": "tongiaki-record", "version": 1, "actions": []}')
        Traceback (most recent call last):
        ...
        tongiaki_rules.errors.RecordError: missing field 'num_players'
        >>> text = GameRecord(2, actions=[SetupPlace(3)]).to_json()
        >>> GameRecord.from_json(text.replace('"beach":3', '"beach":true'))
        Traceback (most recent call last):
        ...
        tongiaki_rules.errors.RecordError: actions[0].beach: expected an integer, not a boolean
        """
        return cls.from_dict(_load(text))

    @classmethod
    def from_states(
        cls, states: Sequence[GameState], *, metadata: Mapping[str, str | int] | None = None
    ) -> GameRecord:
        """The record of a game given as its successive states (a new game first).

        Finds, for each step, an action (or draw) leading from one state to
        the next; raises :class:`RecordError` if there is none.

        >>> from tongiaki_rules import play_random_game
        >>> states = play_random_game(2, seed=3)
        >>> record = GameRecord.from_states(states)
        >>> len(record.actions) == len(states) - 1, replay(record) == states[-1]
        (True, True)
        """
        if not isinstance(states, Sequence) or isinstance(states, str | bytes):
            raise RecordError(
                f"expected a sequence of states, not {type(states).__name__}", "states"
            )
        if not states:
            raise RecordError("a game has at least its first state", "states")
        for k, state in enumerate(states):
            _check_type(state, GameState, _item("states", k))
        first = states[0]
        cfg = first.config
        if first != new_game(
            cfg.num_players, cfg.rules, tiles=cfg.tiles, start_player=cfg.start_player
        ):
            raise RecordError("a record starts from a new game", "states[0]")
        actions: list[Action] = []
        for k, (before, after) in enumerate(pairwise(states)):
            action = _action_between(before, after)
            if action is None:
                raise RecordError(
                    f"no single action leads here from states[{k}]", f"states[{k + 1}]"
                )
            actions.append(action)
        return cls(
            cfg.num_players,
            rules=cfg.rules,
            tiles=cfg.tiles,
            start_player=cfg.start_player,
            actions=actions,
            metadata=metadata,
        )


def _rebuild_record(
    num_players: int,
    rules: Rules,
    tiles: TileSet,
    start_player: int,
    actions: tuple[Action, ...],
    metadata: dict[str, str | int],
) -> GameRecord:
    return GameRecord(
        num_players,
        rules=rules,
        tiles=tiles,
        start_player=start_player,
        actions=actions,
        metadata=metadata,
    )


def _action_between(before: GameState, after: GameState) -> Action | None:
    options: list[Action] = (
        [draw for draw, _p in before.chance_outcomes()]
        if before.is_chance_node
        else list(before.legal_actions())
    )
    for action in options:
        if before.apply(action) == after:
            return action
    return None


def replay_states(record: GameRecord, upto: int | None = None) -> Iterator[GameState]:
    """Every state of ``record``: the new game, then the state after each action.

    Stops after ``upto`` actions if given. Each action is applied with every
    legality check; an illegal one raises :class:`ReplayError` (after the
    states before it were yielded).

    >>> record = GameRecord(2, actions=[SetupPlace(0), SetupPlace(1)])
    >>> [state.reserve(0) for state in replay_states(record)]
    [15, 14, 14]
    """
    _check_type(record, GameRecord, "record")
    actions = record.actions
    if upto is not None:
        if type(upto) is not int or not 0 <= upto <= len(actions):
            raise RecordError(f"upto must be 0..{len(actions)}, not {upto!r}", "upto")
        actions = actions[:upto]
    return _replayed(record.initial_state(), actions)


def _replayed(state: GameState, actions: Sequence[Action]) -> Iterator[GameState]:
    yield state
    for k, action in enumerate(actions):
        state = _apply(state, action, k)
        yield state


def _apply(state: GameState, action: Action, index: int) -> GameState:
    try:
        return state.apply(action)
    except IllegalActionError as exc:
        text = str(exc)
        if exc.clause and text.endswith(f" [{exc.clause}]"):
            text = text[: -len(f" [{exc.clause}]")]
        raise ReplayError(
            f"{action!r} is illegal: {text}", index, action, exc.clause, state
        ) from exc


def replay(record: GameRecord, upto: int | None = None) -> GameState:
    """The state after every action of ``record`` (or after the first ``upto``).

    Every action is applied with :meth:`GameState.apply`, so every legality
    check runs. An illegal action raises :class:`ReplayError` with its index
    (``.index``) and the rule it breaks (``.clause``).

    >>> record = GameRecord(2, actions=[SetupPlace(0), SetupPlace(0), SetupPlace(0)])
    >>> replay(record, upto=2).reserve(1)
    14
    >>> try:
    ...     replay(record)
    ... except ReplayError as exc:
    ...     print(exc.index, exc.clause, exc.action)
    2 SETUP-5 SetupPlace(beach=0)
    """
    states = replay_states(record, upto)
    last: deque[GameState] = deque(states, maxlen=1)
    return last[0]


class Recorder:
    """Plays a game and records every action applied, draws included.

    Start from the settings, or from a new game with :meth:`from_state`, or go
    on with a loaded record with :meth:`resume`. ``apply`` checks the action,
    moves the game on and appends it; ``state`` is the current position and
    ``record`` the :class:`GameRecord` so far.

    >>> import random
    >>> recorder = Recorder(2, metadata={"players": "Ann, Bob"})
    >>> recorder.apply(SetupPlace(0)).current_player
    1
    >>> rng = random.Random(4)
    >>> while not recorder.state.is_terminal:
    ...     if recorder.state.is_chance_node:
    ...         _ = recorder.resolve_chance(rng)
    ...     else:
    ...         _ = recorder.apply(rng.choice(recorder.state.legal_actions()))
    >>> replay(recorder.record) == recorder.state
    True
    """

    def __init__(
        self,
        num_players: int,
        rules: Rules = DEFAULT_RULES,
        *,
        tiles: TileSet = STANDARD_TILES,
        start_player: int = 0,
        metadata: Mapping[str, str | int] | None = None,
    ) -> None:
        _check_settings(num_players, rules, tiles, start_player)
        first = new_game(num_players, rules, tiles=tiles, start_player=start_player)
        self.metadata: dict[str, str | int] = dict(_freeze_metadata(metadata))
        """Free information stored with the record (editable)."""
        self._states: list[GameState] = [first]
        self._actions: list[Action] = []

    @classmethod
    def from_state(
        cls, state: GameState, *, metadata: Mapping[str, str | int] | None = None
    ) -> Recorder:
        """Record a game from ``state``, which must be a new game (from :func:`new_game`).

        >>> from tongiaki_rules import new_game
        >>> Recorder.from_state(new_game(3)).state == new_game(3)
        True
        """
        _check_type(state, GameState, "state")
        cfg = state.config
        recorder = cls(
            cfg.num_players,
            cfg.rules,
            tiles=cfg.tiles,
            start_player=cfg.start_player,
            metadata=metadata,
        )
        if state != recorder.state:
            raise RecordError("a record starts from a new game (see new_game)", "state")
        return recorder

    @classmethod
    def resume(cls, record: GameRecord) -> Recorder:
        """Go on recording after the actions of ``record`` (replayed, so checked).

        >>> recorder = Recorder.resume(GameRecord(2, actions=[SetupPlace(0)]))
        >>> len(recorder.actions), recorder.state.current_player
        (1, 1)
        """
        _check_type(record, GameRecord, "record")
        recorder = cls(
            record.num_players,
            record.rules,
            tiles=record.tiles,
            start_player=record.start_player,
            metadata=record.metadata,
        )
        recorder._states = list(replay_states(record))
        recorder._actions = list(record.actions)
        return recorder

    @property
    def state(self) -> GameState:
        """The current position."""
        return self._states[-1]

    @property
    def states(self) -> tuple[GameState, ...]:
        """Every position so far, the new game first."""
        return tuple(self._states)

    @property
    def actions(self) -> tuple[Action, ...]:
        """Every action applied so far."""
        return tuple(self._actions)

    @property
    def record(self) -> GameRecord:
        """The game so far as a :class:`GameRecord`."""
        cfg = self._states[0].config
        return GameRecord(
            cfg.num_players,
            rules=cfg.rules,
            tiles=cfg.tiles,
            start_player=cfg.start_player,
            actions=self._actions,
            metadata=self.metadata,
        )

    def apply(self, action: Action) -> GameState:
        """Apply ``action`` (a decision, or a :class:`Draw` at a chance node) and record it.

        Raises :class:`~tongiaki_rules.errors.IllegalActionError` if it is not
        legal; nothing is recorded then.
        """
        state = self.state
        after = state.apply(action)
        if not state.is_chance_node:
            legal = state.legal_actions()
            action = legal[legal.index(action)]  # the canonical value (ints, tuples)
        else:
            assert isinstance(action, Draw)
            tiles = state.config.tiles
            action = tiles.draws[tiles.index[action.tile]]
        self._states.append(after)
        self._actions.append(action)
        return after

    def resolve_chance(self, rng: random.Random) -> GameState:
        """Draw at random (and record the draws) until a player must decide or the game ends."""
        while self.state.is_chance_node:
            self.apply(self.state.sample_chance(rng))
        return self.state

    def undo(self, steps: int = 1) -> GameState:
        """Take back the last ``steps`` actions; return the state then current.

        >>> recorder = Recorder(2)
        >>> _ = recorder.apply(SetupPlace(0))
        >>> recorder.undo() == new_game(2), recorder.actions
        (True, ())
        """
        if type(steps) is not int or not 0 <= steps <= len(self._actions):
            raise RecordError(f"can undo 0..{len(self._actions)} actions, not {steps!r}", "steps")
        if steps:
            del self._actions[-steps:]
            del self._states[-steps:]
        return self.state
