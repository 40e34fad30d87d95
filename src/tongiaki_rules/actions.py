"""Actions: one small decision each.

Every action is a frozen, hashable value whose ``repr`` evaluates back to an
equal action (given ``from tongiaki_rules import *``). Island positions are
axial hexes (see :mod:`.hexgrid`); beaches are numbered as printed on the
tile (:attr:`IslandTile.beaches <tongiaki_rules.tiles.IslandTile.beaches>`);
a jetty is named by the board direction it points in.

>>> Expand((0, 0), (1, 4))
Expand(island=(0, 0), beaches=(1, 4))
>>> Berth(Colour.RED, 2)
Berth(colour=Colour.RED, beach=2)
"""

from __future__ import annotations

from operator import index as _as_int
from typing import Any, SupportsIndex, TypeAlias, cast

import attrs

from .colours import COLOURS, Colour
from .errors import IllegalActionError, shown
from .hexgrid import Hex

__all__ = [
    "ACTION_TYPES",
    "Action",
    "Berth",
    "Depart",
    "Draw",
    "Expand",
    "ExpandFromBoard",
    "FoundRoyal",
    "PlaceNewBoats",
    "PlaceTile",
    "Recolonize",
    "ReturnBoat",
    "SetupPlace",
    "TurnAction",
]

_INT_LIMIT = 2**31
"""Numbers in actions (beaches, directions, coordinates) are far below this."""


def _int(where: str, value: object) -> int:
    """``value`` as a plain int; bools, floats, strings and huge numbers are refused."""
    if type(value) is int and abs(value) < _INT_LIMIT:
        return value
    if isinstance(value, bool):
        raise IllegalActionError(f"{where} must be an int, not the bool {shown(value)}")
    try:
        number = _as_int(cast(SupportsIndex, value))
    except TypeError:
        raise IllegalActionError(
            f"{where} must be an int, not {type(value).__name__} {shown(value)}"
        ) from None
    if not abs(number) < _INT_LIMIT:
        raise IllegalActionError(f"{where} is out of range: {shown(number)}")
    return int(number)


def _hex(where: str, value: object) -> Hex:
    """``value`` as an axial hex ``(q, r)`` of two plain ints."""
    if type(value) is tuple and len(value) == 2:
        q, r = value
        if type(q) is int and type(r) is int and abs(q) < _INT_LIMIT and abs(r) < _INT_LIMIT:
            return value
        return (_int(f"{where}[0]", q), _int(f"{where}[1]", r))
    raise IllegalActionError(f"{where} must be a hex (q, r) of two ints, not {shown(value)}")


def _ints(where: str, value: object) -> tuple[int, ...]:
    """``value`` as a tuple of plain ints."""
    if type(value) is not tuple:
        raise IllegalActionError(f"{where} must be a tuple of ints, not {shown(value)}")
    return tuple(_int(f"{where}[{k}]", v) for k, v in enumerate(value))


def _colour(where: str, value: object) -> Colour:
    """``value`` as a :class:`Colour` (a plain int 0..5 is accepted too)."""
    if type(value) is Colour:
        return value
    number = _int(where, value)
    if not 0 <= number < len(COLOURS):
        raise IllegalActionError(f"{where} must be a Colour, not {shown(value)}")
    return COLOURS[number]


def _tile_id(where: str, value: object) -> str:
    """``value`` as a tile id: a string of text (no lone surrogates)."""
    if type(value) is not str:
        raise IllegalActionError(f"{where} must be a tile id (str), not {shown(value)}")
    try:
        value.encode("utf-8")
    except UnicodeEncodeError:
        raise IllegalActionError(f"{where} {shown(value)} is not valid text") from None
    return value


_CHECKS: dict[str, Any] = {
    "beach": _int,
    "source_beach": _int,
    "jetty": _int,
    "rotation": _int,
    "island": _hex,
    "source": _hex,
    "position": _hex,
    "beaches": _ints,
    "colour": _colour,
    "tile": _tile_id,
}
"""How each action field is checked and made canonical, by field name."""


_SPECS: dict[type, tuple[tuple[str, Any], ...]] = {}
"""The fields of each action class with their checks (filled on first use)."""


def _well_formed(check: Any, value: Any) -> bool:
    """The cheap test of the common case: a value that needs no conversion."""
    if check is _int:
        return type(value) is int and -_INT_LIMIT < value < _INT_LIMIT
    if check is _hex:
        return (
            type(value) is tuple
            and len(value) == 2
            and type(value[0]) is int
            and type(value[1]) is int
            and -_INT_LIMIT < value[0] < _INT_LIMIT
            and -_INT_LIMIT < value[1] < _INT_LIMIT
        )
    if check is _colour:
        return type(value) is Colour
    if check is _ints:
        return type(value) is tuple and all(
            type(v) is int and -_INT_LIMIT < v < _INT_LIMIT for v in value
        )
    return False


def _check_fields(action: attrs.AttrsInstance) -> None:
    """Validate every field of a freshly built action, storing canonical values.

    A wrong value raises :class:`IllegalActionError` naming the action and the
    field, so ``SetupPlace(beach=True)`` never reaches :meth:`GameState.apply`.
    """
    kind = type(action)
    spec = _SPECS.get(kind)
    if spec is None:
        spec = _SPECS[kind] = tuple((f.name, _CHECKS[f.name]) for f in attrs.fields(kind))
    for name, check in spec:
        value = getattr(action, name)
        if _well_formed(check, value):
            continue
        canonical = check(f"{kind.__name__}.{name}", value)
        if canonical is not value:
            object.__setattr__(action, name, canonical)


@attrs.frozen(slots=True)
class SetupPlace:
    """Setup: put one boat of the deciding player on a Tonga beach (SETUP-4, SETUP-5)."""

    beach: int

    __attrs_post_init__ = _check_fields


@attrs.frozen(slots=True)
class Expand:
    """Turn action: expand on ``island``, one new boat on each beach listed (EXPAND-1..5).

    ``beaches`` is sorted and has no repeats.
    """

    island: Hex
    beaches: tuple[int, ...]

    __attrs_post_init__ = _check_fields


@attrs.frozen(slots=True)
class ExpandFromBoard:
    """Turn action with an empty reserve: move one own boat from ``source`` to ``island``.

    The boat leaves beach ``source_beach`` of the island at ``source`` and is
    placed on beach ``beach`` of ``island`` as the whole expansion
    (EMPTYRESERVE-1, EMPTYRESERVE-2).
    """

    island: Hex
    beach: int
    source: Hex
    source_beach: int

    __attrs_post_init__ = _check_fields


@attrs.frozen(slots=True)
class FoundRoyal:
    """Turn action: make ``island`` a royal island (ROYAL-1..5)."""

    island: Hex

    __attrs_post_init__ = _check_fields


@attrs.frozen(slots=True)
class Recolonize:
    """Turn action: New Colonisation (RECOLONIZE-1..5)."""


@attrs.frozen(slots=True)
class PlaceNewBoats:
    """Turn action with no boats in play: two boats on Tonga or one elsewhere (NOBOATS-1).

    ``beaches`` lists the beach of each new boat, sorted; a beach may appear
    twice (two boats on one Tonga beach).
    """

    island: Hex
    beaches: tuple[int, ...]

    __attrs_post_init__ = _check_fields


@attrs.frozen(slots=True)
class Depart:
    """Send the boats of the full beach ``beach`` of ``island`` out by one jetty.

    ``jetty`` is the board direction the chosen jetty points in. Choosing
    which full beach departs next also fixes the order of pending departures
    (DEPART-2, DEPART-3, CHAIN-2).
    """

    island: Hex
    beach: int
    jetty: int

    __attrs_post_init__ = _check_fields


@attrs.frozen(slots=True)
class PlaceTile:
    """Place the tile just drawn at ``position`` with ``rotation`` (RECOLONIZE-3, Rody)."""

    position: Hex
    rotation: int

    __attrs_post_init__ = _check_fields


@attrs.frozen(slots=True)
class Berth:
    """Landing: put one arriving boat of ``colour`` on ``beach`` (LAND-1..3)."""

    colour: Colour
    beach: int

    __attrs_post_init__ = _check_fields


@attrs.frozen(slots=True)
class ReturnBoat:
    """Landing: send one arriving boat of ``colour`` back to its reserve (LAND-4)."""

    colour: Colour

    __attrs_post_init__ = _check_fields


@attrs.frozen(slots=True)
class Draw:
    """A chance outcome: the tile with id ``tile`` is drawn from the pile."""

    tile: str

    __attrs_post_init__ = _check_fields


TurnAction: TypeAlias = Expand | ExpandFromBoard | FoundRoyal | Recolonize | PlaceNewBoats
"""The choices that start a turn (TURN-1 and the special situations)."""

Action: TypeAlias = (
    SetupPlace
    | Expand
    | ExpandFromBoard
    | FoundRoyal
    | Recolonize
    | PlaceNewBoats
    | Depart
    | PlaceTile
    | Berth
    | ReturnBoat
    | Draw
)
"""Any action, decision or chance outcome, that :meth:`GameState.apply` accepts."""

ACTION_TYPES: tuple[type, ...] = (
    SetupPlace,
    Expand,
    ExpandFromBoard,
    FoundRoyal,
    Recolonize,
    PlaceNewBoats,
    Depart,
    PlaceTile,
    Berth,
    ReturnBoat,
    Draw,
)
