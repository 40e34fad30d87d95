"""The board: the Mind and the 19-cell hexagon of regions around it, and the move function.

Eighteen round regions packed around the round Mind make a hexagon of 19
cells: an inner ring of 6 regions touching the Mind (``I1``..``I6``) and an
outer ring of 12 (``O1``..``O12``) (TC-SETUP-1, derived). Cells are ints:
0..5 the inner ring, 6..17 the outer ring, and :data:`MIND` (18) the centre,
where every King starts a challenge.

A move goes one step in one of the six absolute directions of the Compass
(TC-MOVE-2). A step onto the Mind jumps over it to the region beyond
(TC-MOVE-3); a step off the board reverses and runs back along the same line
to the last region met (TC-MOVE-4). Together: each direction shifts a King one
place along the line through his region, wrapping from one end of the line to
the other, with the Mind left out.

>>> LABELS[destination(cell("I1"), WEST)]
'I4'
>>> LABELS[destination(cell("O1"), EAST)]
'O7'
>>> LABELS[destination(MIND, EAST)]
'I1'
"""

from __future__ import annotations

from ..errors import QueryError, shown
from ._values import whole

__all__ = [
    "AXIAL",
    "DESTINATIONS",
    "DIRECTION_NAMES",
    "INNER",
    "LABELS",
    "MIND",
    "OUTER",
    "REGION_CELLS",
    "VECTORS",
    "cell",
    "destination",
    "distances_from",
]

EAST, NORTH_EAST, NORTH_WEST, WEST, SOUTH_WEST, SOUTH_EAST = range(6)
"""The six directions, counter-clockwise from east (direction indices 0..5)."""

DIRECTION_NAMES: tuple[str, ...] = ("E", "NE", "NW", "W", "SW", "SE")
VECTORS: tuple[tuple[int, int], ...] = ((1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1), (0, 1))
"""Axial ``(q, r)`` step of each direction."""

REGION_CELLS = 18
"""The number of regions on the board."""
MIND = 18
"""The cell of the Mind, in the middle; Kings stand here before their first move."""

AXIAL: tuple[tuple[int, int], ...] = (
    *VECTORS,  # I1..I6: the unit step of directions 1..6
    (2, 0), (2, -1), (2, -2), (1, -2), (0, -2), (-1, -1),  # O1..O6
    (-2, 0), (-2, 1), (-2, 2), (-1, 2), (0, 2), (1, 1),  # O7..O12
    (0, 0),  # the Mind
)  # fmt: skip
"""Axial coordinates of every cell, the Mind last."""

LABELS: tuple[str, ...] = (
    *(f"I{n}" for n in range(1, 7)),
    *(f"O{n}" for n in range(1, 13)),
    "Mind",
)
"""The name of every cell: I1..I6, O1..O12, Mind."""

INNER: tuple[int, ...] = tuple(range(6))
OUTER: tuple[int, ...] = tuple(range(6, 18))
_CELL_AT = {axial: index for index, axial in enumerate(AXIAL)}


def _on_board(q: int, r: int) -> bool:
    return max(abs(q), abs(r), abs(q + r)) <= 2


def _step(cell: int, direction: int) -> int:
    """The move function of the notes, written out once to build the table."""
    dq, dr = VECTORS[direction]
    if cell == MIND:
        return _CELL_AT[(dq, dr)]
    q, r = AXIAL[cell]
    nq, nr = q + dq, r + dr
    if (nq, nr) == (0, 0):  # jump over the Mind to the next region of the line
        nq, nr = nq + dq, nr + dr
    if _on_board(nq, nr):
        return _CELL_AT[(nq, nr)]
    # off the board: reverse, run back along the line, stop on the last region met
    k = 1
    while _on_board(q - (k + 1) * dq, r - (k + 1) * dr):
        k += 1
    return _CELL_AT[(q - k * dq, r - k * dr)]


DESTINATIONS: tuple[tuple[int, ...], ...] = tuple(
    tuple(_step(c, d) for d in range(6)) for c in range(REGION_CELLS + 1)
)
"""``DESTINATIONS[cell][direction]``: where a King on ``cell`` lands (the Mind row last)."""


def destination(cell: int, direction: int) -> int:
    """Where a King on ``cell`` lands moving in ``direction`` (0..5, see :data:`EAST`).

    ``cell`` is 0..18 (the Mind is 18) and ``direction`` 0..5; anything else
    raises :class:`~tongiaki_rules.errors.QueryError` naming the argument.

    >>> LABELS[destination(cell("O1"), SOUTH_EAST)]
    'O3'
    """
    here = whole(cell, "cell", 0, MIND)
    return DESTINATIONS[here][whole(direction, "direction", 0, 5)]


def cell(label: str) -> int:
    """The cell named ``label`` (``"I1"``..``"I6"``, ``"O1"``..``"O12"``, ``"Mind"``).

    >>> cell("O12"), cell("Mind")
    (17, 18)
    """
    if type(label) is not str or label not in LABELS:
        raise QueryError(f"cell: expected one of I1..I6, O1..O12, Mind; got {shown(label)}")
    return LABELS.index(label)


def distances_from(start: int) -> tuple[int, ...]:
    """The fewest moves from ``start`` to every region (the Mind itself excluded, -1).

    Every region reaches every other in at most three moves, which is why a
    challenge stalls after three moves without a conquest (TC-END-3).

    >>> max(distances_from(cell("I1")))
    3
    """
    start = whole(start, "start", 0, MIND)
    found = [-1] * (REGION_CELLS + 1)
    frontier = [start]
    found[start] = 0
    depth = 0
    while frontier:
        depth += 1
        following = []
        for here in frontier:
            for there in DESTINATIONS[here]:
                if found[there] < 0:
                    found[there] = depth
                    following.append(there)
        frontier = following
    if start != MIND:
        found[start] = 0
    return tuple(found[:REGION_CELLS])
