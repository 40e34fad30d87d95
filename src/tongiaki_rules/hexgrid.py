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
"""

from __future__ import annotations

from typing import Final, TypeAlias

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


def neighbour(position: Hex, direction: int) -> Hex:
    """The hex across edge ``direction`` of ``position``.

    >>> neighbour((2, -1), BOTTOM)
    (2, 0)
    """
    dq, dr = STEPS[direction]
    return (position[0] + dq, position[1] + dr)


def neighbours(position: Hex) -> tuple[Hex, ...]:
    """The six neighbours of ``position``, in direction order.

    >>> neighbours((0, 0))[TOP]
    (0, -1)
    """
    q, r = position
    return tuple((q + dq, r + dr) for dq, dr in STEPS)


def opposite(direction: int) -> int:
    """The direction pointing the other way.

    >>> opposite(LOWER_LEFT)
    4
    """
    return (direction + 3) % 6


def to_board(edge: int, rotation: int) -> int:
    """Board direction of a tile's local ``edge`` when the tile has ``rotation``.

    >>> to_board(0, 2)
    2
    """
    return (edge + rotation) % 6


def to_local(direction: int, rotation: int) -> int:
    """Local edge of a tile with ``rotation`` that lies on board ``direction``.

    >>> to_local(2, 2)
    0
    """
    return (direction - rotation) % 6


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
    return opposite(toward)


def distance(a: Hex, b: Hex) -> int:
    """Number of steps between two hexes.

    >>> distance((0, 0), (2, -1))
    2
    """
    dq = a[0] - b[0]
    dr = a[1] - b[1]
    return (abs(dq) + abs(dr) + abs(dq + dr)) // 2


def rotate(position: Hex, steps: int) -> Hex:
    """Rotate a position clockwise about the origin by ``steps`` sixth-turns.

    >>> rotate(neighbour((0, 0), BOTTOM), 1) == neighbour((0, 0), LOWER_LEFT)
    True
    """
    q, r = position
    s = -q - r
    for _ in range(steps % 6):
        # one clockwise sixth-turn in flat-top axial coordinates (y grows downwards)
        q, r, s = -r, -s, -q
    return (q, r)
