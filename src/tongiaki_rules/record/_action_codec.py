"""The JSON form of actions in game records: one object per action, named by ``"type"``."""

from __future__ import annotations

from typing import Any, Final

from ..actions import (
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
from ..colours import COLOURS, Colour
from ..errors import IllegalActionError, RecordError
from ._fields import _fail
from ._schema import RECORD_SCHEMA
from ._schema_check import check_schema

_LETTERS: Final = "".join(c.letter for c in COLOURS)

# ====================================================================== actions
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

    Only the form is checked here, against the action definition of the
    record JSON Schema; whether the action is legal is for :func:`replay`
    (or :meth:`GameState.apply`) to say.

    >>> action_from_dict({"type": "Depart", "island": [0, 0], "beach": 2, "jetty": 2})
    Depart(island=(0, 0), beach=2, jetty=2)
    >>> action_from_dict({"type": "Depart", "island": [0, 0], "beach": 2, "jetty": 6})
    Traceback (most recent call last):
    ...
    tongiaki_rules.errors.RecordError: jetty: 6 is not in 0..5
    """
    check_schema(value, RECORD_SCHEMA, "/$defs/action", path)
    cls, fields = _ACTION_SPECS[value["type"]]
    args: list[Any] = []
    for field, kind in fields:
        given = value[field]
        if kind == _HEX:
            args.append((given[0], given[1]))
        elif kind == _INDICES:
            args.append(tuple(given))
        elif kind == _COLOUR:
            args.append(Colour(_LETTERS.index(given)))
        else:
            args.append(given)
    try:
        action: Action = cls(*args)
    except IllegalActionError as exc:  # a field the action itself refuses (a huge index)
        _fail(path, str(exc))
    return action
