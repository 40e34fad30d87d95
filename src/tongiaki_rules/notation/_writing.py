"""Writing an action in the notation: :func:`format_action` and its field checks."""

from __future__ import annotations

import json
import re
from typing import Final, NoReturn

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
from ..colours import Colour
from ..errors import NotationError
from ..hexgrid import Hex
from ._words import _LARGEST, _SHOWN, _is_text, _kind

_CANONICAL_TILE: Final = re.compile(r"[a-z0-9_.-]+", re.ASCII)


# ------------------------------------------------------------------ writing


def format_action(action: Action) -> str:
    """The canonical notation of ``action`` (see the table in :mod:`.notation`).

    Raises :class:`NotationError` for anything that is not an action, and
    for an action with a field the notation cannot hold (a negative beach, a
    direction or rotation outside 0 to 5, a bool or a number beyond any
    board where a whole number belongs, a tile id that is not valid text),
    which no state accepts anyway.

    >>> format_action(Expand((0, -1), (0, 2)))
    'expand 0,-1 0+2'
    >>> format_action(ExpandFromBoard((0, -1), 1, (1, 0), 2))
    'move 1,0.2 > 0,-1.1'
    >>> format_action(Berth(Colour.RED, 1)), format_action(Draw("rapa-nui"))
    ('berth R 1', 'draw rapa-nui')
    """
    if isinstance(action, SetupPlace):
        return f"setup {_beach(action, action.beach)}"
    if isinstance(action, Expand):
        return f"expand {_pos(action, action.island)} {_beaches(action, action.beaches)}"
    if isinstance(action, ExpandFromBoard):
        source = _beach_ref(action, action.source, action.source_beach)
        return f"move {source} > {_beach_ref(action, action.island, action.beach)}"
    if isinstance(action, FoundRoyal):
        return f"royal {_pos(action, action.island)}"
    if isinstance(action, Recolonize):
        return "recolonize"
    if isinstance(action, PlaceNewBoats):
        return f"new {_pos(action, action.island)} {_beaches(action, action.beaches)}"
    if isinstance(action, Depart):
        ref = _beach_ref(action, action.island, action.beach)
        return f"depart {ref} {_sixth(action, action.jetty, 'jetty direction')}"
    if isinstance(action, PlaceTile):
        pos = _pos(action, action.position)
        return f"place {pos} r{_sixth(action, action.rotation, 'rotation')}"
    if isinstance(action, Berth):
        return f"berth {_colour(action, action.colour)} {_beach(action, action.beach)}"
    if isinstance(action, ReturnBoat):
        return f"return {_colour(action, action.colour)}"
    if isinstance(action, Draw):
        tile = action.tile
        if not isinstance(tile, str):
            _unwritable(action, f"the tile id {_kind(tile)} is not a string")
        if _CANONICAL_TILE.fullmatch(tile):
            return f"draw {tile}"
        if not _is_text(tile):
            _unwritable(action, "the tile id holds a lone surrogate")
        return f"draw {json.dumps(tile, ensure_ascii=False)}"
    raise NotationError(f"action must be an action such as SetupPlace(3), not {_kind(action)}")


def _unwritable(action: object, why: str) -> NoReturn:
    raise NotationError(f"cannot write {_action_shown(action)} in the notation: {why}")


def _action_shown(action: object) -> str:
    """The action's repr, or its type's name when that is too long to quote (a huge field)."""
    try:
        text = ascii(action)
    except ValueError:  # an int with too many digits to write
        return type(action).__name__
    return text if len(text) <= 4 * _SHOWN else type(action).__name__


def _int(action: object, value: object, what: str) -> int:
    if type(value) is not int:
        _unwritable(action, f"the {what} {_kind(value)} is not an integer")
    if not -_LARGEST <= value <= _LARGEST:
        _unwritable(action, f"the {what} is beyond any board (more than {_LARGEST:,} in size)")
    return value


def _pos(action: object, pos: Hex) -> str:
    if not (isinstance(pos, tuple) and len(pos) == 2):
        _unwritable(action, f"the position {_kind(pos)} is not a pair (q, r)")
    return f"{_int(action, pos[0], 'q coordinate')},{_int(action, pos[1], 'r coordinate')}"


def _beach(action: object, beach: int) -> str:
    if _int(action, beach, "beach number") < 0:
        _unwritable(action, f"the beach number {beach} is negative")
    return str(beach)


def _beach_ref(action: object, pos: Hex, beach: int) -> str:
    return f"{_pos(action, pos)}.{_beach(action, beach)}"


def _beaches(action: object, beaches: tuple[int, ...]) -> str:
    if not isinstance(beaches, tuple) or not beaches:
        _unwritable(action, f"the beaches {_kind(beaches)} are not a non-empty tuple")
    return "+".join(_beach(action, b) for b in sorted(beaches))


def _sixth(action: object, value: int, what: str) -> str:
    if not 0 <= _int(action, value, what) <= 5:
        _unwritable(action, f"the {what} {value} is not 0 to 5")
    return str(value)


def _colour(action: object, colour: Colour) -> str:
    if not (isinstance(colour, Colour) or (type(colour) is int and 0 <= colour < len(Colour))):
        _unwritable(action, f"{_kind(colour)} is not a colour")
    return Colour(colour).letter
