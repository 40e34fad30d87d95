"""Hex geometry of the open ocean table.

Tiles are flat-topped hexagons placed on an unbounded grid. A position is an
axial coordinate ``(q, r)``; Tonga, the start island, lies at ``(0, 0)``.

Directions (and the edges of a hex) are numbered clockwise seen from above,
starting at the bottom edge, exactly as in the tile transcription:

====  ===========  =============
 d    edge         axial step
====  ===========  =============
 0    bottom       ``(0, +1)``
 1    lower-left   ``(-1, +1)``
 2    upper-left   ``(-1, 0)``
 3    top          ``(0, -1)``
 4    upper-right  ``(+1, -1)``
 5    lower-right  ``(+1, 0)``
====  ===========  =============

Edge ``d`` of one hex touches edge ``(d + 3) % 6`` of its neighbour. A tile
with rotation ``r`` has its printed (local) edge ``k`` on board direction
``(k + r) % 6``.

>>> neighbour((0, 0), TOP)
(0, -1)
>>> opposite(TOP) == BOTTOM
True
>>> marker_rotation(TOP)  # a tile drawn above a jetty on the top edge
0

A position that is not two ints, or a direction that is not an int 0..5,
raises :class:`~tongiaki_rules.errors.QueryError` naming the argument.
"""

from __future__ import annotations

import math
from typing import Final, TypeAlias

from .errors import QueryError, shown

__all__ = [
    "BOTTOM",
    "DIRECTIONS",
    "DIRECTION_NAMES",
    "LOWER_LEFT",
    "LOWER_RIGHT",
    "ORIGIN",
    "STEPS",
    "TOP",
    "UPPER_LEFT",
    "UPPER_RIGHT",
    "Hex",
    "distance",
    "marker_rotation",
    "neighbour",
    "neighbours",
    "opposite",
    "rotate",
    "side_of",
    "to_board",
    "to_local",
]

Hex: TypeAlias = tuple[int, int]
"""An axial hex position ``(q, r)``."""

ORIGIN: Final[Hex] = (0, 0)

BOTTOM: Final = 0
LOWER_LEFT: Final = 1
UPPER_LEFT: Final = 2
TOP: Final = 3
UPPER_RIGHT: Final = 4
LOWER_RIGHT: Final = 5

DIRECTIONS: Final[tuple[int, ...]] = (0, 1, 2, 3, 4, 5)
"""The six board directions, clockwise from the bottom edge."""

DIRECTION_NAMES: Final[tuple[str, ...]] = (
    "bottom",
    "lower-left",
    "upper-left",
    "top",
    "upper-right",
    "lower-right",
)

STEPS: Final[tuple[Hex, ...]] = ((0, 1), (-1, 1), (-1, 0), (0, -1), (1, -1), (1, 0))
"""Axial offset of the neighbour across each edge, indexed by direction."""


def _hex(name: str, value: object) -> Hex:
    """``value`` as a hex of two ints (:class:`~tongiaki_rules.errors.QueryError` otherwise)."""
    if type(value) is tuple and len(value) == 2 and type(value[0]) is type(value[1]) is int:
        return value
    raise QueryError(f"{name} must be a hex (q, r) of two ints, not {shown(value)}")


def _turns(name: str, value: object) -> int:
    """``value`` as a number of sixth-turns: any int, never a bool or a float."""
    if type(value) is not int:
        raise QueryError(f"{name} must be an int, not {shown(value)}")
    return value


def _direction(name: str, value: object) -> int:
    """``value`` as a direction or edge 0..5."""
    if type(value) is not int or not 0 <= value < 6:
        raise QueryError(f"{name} must be a direction 0..5, not {shown(value)}")
    return value


def neighbour(position: Hex, direction: int) -> Hex:
    """The hex across edge ``direction`` of ``position``.

    >>> neighbour((2, -1), BOTTOM)
    (2, 0)
    """
    q, r = _hex("position", position)
    dq, dr = STEPS[_direction("direction", direction)]
    return (q + dq, r + dr)


def neighbours(position: Hex) -> tuple[Hex, ...]:
    """The six neighbours of ``position``, in direction order.

    >>> neighbours((0, 0))[TOP]
    (0, -1)
    """
    q, r = _hex("position", position)
    return tuple((q + dq, r + dr) for dq, dr in STEPS)


def opposite(direction: int) -> int:
    """The direction pointing the other way.

    >>> opposite(LOWER_LEFT)
    4
    """
    return (_direction("direction", direction) + 3) % 6


def to_board(edge: int, rotation: int) -> int:
    """Board direction of a tile's local ``edge`` when the tile has ``rotation``.

    >>> to_board(0, 2)
    2
    """
    return (_direction("edge", edge) + _turns("rotation", rotation)) % 6


def to_local(direction: int, rotation: int) -> int:
    """Local edge of a tile with ``rotation`` that lies on board ``direction``.

    >>> to_local(2, 2)
    0
    """
    return (_direction("direction", direction) - _turns("rotation", rotation)) % 6


def marker_rotation(toward: int) -> int:
    """Rotation that puts a drawn tile's red marker against a jetty or route end.

    ``toward`` is the board direction in which the jetty or route end points:
    the new tile lies in the neighbouring hex that way, and its local edge 0
    (the red marker, COMP-5) must face back, i.e. lie on board direction
    ``opposite(toward)``.

    >>> marker_rotation(TOP)  # the new tile is above; its marker faces down
    0
    >>> marker_rotation(BOTTOM)
    3
    """
    return opposite(_direction("toward", toward))


def distance(a: Hex, b: Hex) -> int:
    """Number of steps between two hexes.

    >>> distance((0, 0), (2, -1))
    2
    """
    aq, ar = _hex("a", a)
    bq, br = _hex("b", b)
    dq = aq - bq
    dr = ar - br
    return (abs(dq) + abs(dr) + abs(dq + dr)) // 2


def rotate(position: Hex, steps: int) -> Hex:
    """Rotate a position clockwise about the origin by ``steps`` sixth-turns.

    >>> rotate(neighbour((0, 0), BOTTOM), 1) == neighbour((0, 0), LOWER_LEFT)
    True
    """
    q, r = _hex("position", position)
    s = -q - r
    for _ in range(_turns("steps", steps) % 6):
        # one clockwise sixth-turn in flat-top axial coordinates (y grows downwards)
        q, r, s = -r, -s, -q
    return (q, r)


def side_of(directions: tuple[int, ...]) -> float:
    """Where on a hex's rim something on the edges ``directions`` sits: a direction in half steps.

    The mean of the edges' directions, so a beach with jetties 1 and 2 sits
    at 1.5 (the corner between those edges) and one with jetties 3, 4 and 5
    at 4 (the middle of edge 4). Both pictures of the board (the SVG and the
    text map) place each beach by it, so they agree. Opposite edges (no mean)
    give the first one.

    >>> side_of((0,)), side_of((1, 2)), side_of((3, 4, 5)), side_of((5, 0))
    (0.0, 1.5, 4.0, 5.5)
    """
    if not directions:
        raise QueryError("directions must name at least one edge")
    x = sum(math.cos(math.radians(60.0 * _direction("directions", d))) for d in directions)
    y = sum(math.sin(math.radians(60.0 * d)) for d in directions)
    if abs(x) + abs(y) < 1e-9:
        return float(directions[0])
    half_steps = round(math.degrees(math.atan2(y, x)) / 30.0) % 12
    return half_steps / 2
