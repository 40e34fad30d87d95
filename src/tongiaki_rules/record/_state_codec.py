"""The ``"tongiaki-state"`` codec: a state to JSON and back."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any, cast

from .._jsontext import load_json_text
from .._state import GameState
from ..hexgrid import Hex
from ..views import NO_KING, VACANT_KING
from ._fields import _check_type, _dumps, _header
from ._schema import (
    _LETTERS,
    PHASE_NAMES,
    PURPOSE_NAMES,
    STATE_SCHEMA,
    VACANT,
    VERSION,
)
from ._schema_check import check_schema
from ._settings import _settings_out
from ._state_reader import _StateReader


# ====================================================================== writing
def _letters(colours: Iterable[int]) -> str:
    return "".join(_LETTERS[c] for c in colours)


def _hex_out(pos: Hex | None) -> list[int] | None:
    return None if pos is None else [pos[0], pos[1]]


def _king_out(king: int) -> str | None:
    if king == NO_KING:
        return None
    if king == VACANT_KING:
        return VACANT
    return _LETTERS[king]


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
    view = state.compact
    _check_type(state, GameState, "state")
    cfg = state.config
    ts = cfg.tiles
    ids = [tile.id for tile in ts.kinds]
    table: list[dict[str, Any]] = []
    for (pos, t, rot), beaches, king in zip(view.tiles, view.boats, view.kings, strict=True):
        entry: dict[str, Any] = {"tile": ids[t], "at": _hex_out(pos), "rotation": rot}
        if ts.is_island[t]:
            entry["beaches"] = [_letters(beach) for beach in beaches]
            entry["king"] = _king_out(king)
        table.append(entry)
    colours = {
        _LETTERS[c]: {
            "reserve": view.reserve[c],
            "out_of_game": view.out[c],
            "royal_islands_founded": view.founded[c],
        }
        for c in range(len(cfg.agent_seats))
    }
    firsts = (
        {_LETTERS[c]: (b if b >= 0 else None) for c, b in enumerate(view.setup_firsts)}
        if view.setup_firsts
        else None
    )
    chain = [_departure_out(departure) for departure in view.chain]
    return {
        "schema": STATE_SCHEMA,
        "version": VERSION,
        **_settings_out(cfg.num_players, cfg.start_player, cfg.rules, ts),
        "phase": PHASE_NAMES[view.phase],
        "turn_colour": _LETTERS[view.agent],
        "table": table,
        "removed": [ids[t] for t in view.removed],
        "pile": [ids[t] for t in view.pile],
        "colours": colours,
        "group": _letters(view.group),
        "at": _hex_out(view.at),
        "entry": view.entry,
        "origin": _hex_out(view.origin),
        "turn_origin": _hex_out(view.turn_origin),
        "tiles_drawn": view.drawn,
        "drawn_tile": ids[view.tile] if view.tile >= 0 else None,
        "purpose": PURPOSE_NAMES[view.purpose],
        "served_beaches": [b for b in range(view.served.bit_length()) if view.served >> b & 1],
        "end_triggered": view.ended,
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


# ====================================================================== reading
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
    return state_from_dict(load_json_text(text))


def state_from_dict(doc: Any) -> GameState:
    """A state from parsed JSON data (see :func:`state_from_json`).

    >>> from tongiaki_rules import new_game
    >>> state_from_dict(state_to_dict(new_game(4))) == new_game(4)
    True
    """
    obj, _version = _header(doc, STATE_SCHEMA)
    check_schema(obj, STATE_SCHEMA)
    return _StateReader(obj).build()
