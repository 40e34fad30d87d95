"""Where things go inside a hex of the text map, and which part of a wide map is shown.

The text map (:mod:`.textmap`) draws each tile as a flat-topped hexagon of
:data:`SLANT` slanted rows and :data:`TOP` characters across its top edge.
Inside it, each beach sits on the rim at the side of its jetties
(:func:`~tongiaki_rules.hexgrid.side_of`, as in the SVG): a beach whose
jetties lie on the top edge is written on the first inner row, in the
middle; one at the corner between the lower-left and upper-left edges on the
middle row, at the left; and so on round the twelve places of the rim
(:data:`RIM_PLACES`). The name, the value and whatever else goes in the
middle take the rows left free (:func:`place_items`).

:func:`visible_columns` picks the hex columns a map of limited width shows:
as many as fit, around the hex that matters most.

>>> [(row, align) for row, align in RIM_PLACES[0.0]]  # a beach on the bottom edge
[(7, 'centre'), (6, 'centre')]
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final, Literal

__all__ = [
    "HEX_WIDTH",
    "INSIDE",
    "RIM_PLACES",
    "SLANT",
    "STEP_Q",
    "TOP",
    "Align",
    "Placed",
    "place_items",
    "visible_columns",
]

SLANT: Final = 4
"""Rows of a slanted edge: a hex is ``2 * SLANT + 1`` lines high."""
TOP: Final = 15
"""Characters of the top and bottom edges."""
STEP_Q: Final = TOP + SLANT
"""Columns between the hexes of neighbouring columns ``q`` and ``q + 1``."""
HEX_WIDTH: Final = TOP + 2 * SLANT
"""Columns of one hex, its slanted edges included."""

PAD: Final = 1
"""Spaces kept between a hex's edge and what is written inside it (a jetty digit may
stand on the edge)."""

Align = Literal["left", "centre", "right"]


def _inside() -> tuple[tuple[int, int], ...]:
    """(first column, width) inside the hex for each inner row 1 .. 2 * SLANT - 1."""
    spans = []
    for row in range(1, 2 * SLANT):
        inset = SLANT - row if row <= SLANT else row - SLANT - 1
        spans.append((inset + 1, TOP + 2 * (SLANT - inset) - 2))
    return tuple(spans)


INSIDE: Final = _inside()
"""(first column, width) of each inner row, from row 1 (under the top edge) on."""

_L: Final[Align] = "left"
_C: Final[Align] = "centre"
_R: Final[Align] = "right"

RIM_PLACES: Final[dict[float, tuple[tuple[int, Align], ...]]] = {
    0.0: ((7, _C), (6, _C)),  # bottom edge
    0.5: ((7, _L), (6, _L)),  # corner of the bottom and lower-left edges
    1.0: ((6, _L), (5, _L), (7, _L)),  # lower-left edge
    1.5: ((4, _L), (5, _L), (3, _L), (6, _L)),  # the left corner
    2.0: ((2, _L), (3, _L), (1, _L)),  # upper-left edge
    2.5: ((1, _L), (2, _L)),  # corner of the upper-left and top edges
    3.0: ((1, _C), (2, _C)),  # top edge
    3.5: ((1, _R), (2, _R)),
    4.0: ((2, _R), (3, _R), (1, _R)),  # upper-right edge
    4.5: ((4, _R), (5, _R), (3, _R), (6, _R)),  # the right corner
    5.0: ((6, _R), (5, _R), (7, _R)),  # lower-right edge
    5.5: ((7, _R), (6, _R)),
}
"""For each place on the rim (:func:`~tongiaki_rules.hexgrid.side_of`), the inner rows
and alignments that lie on it, best first."""

MIDDLE: Final[tuple[int, ...]] = (4, 3, 5, 2, 6, 1, 7)
"""The inner rows for what goes in the middle of a hex (a name, a value), best first."""


Placed = tuple[int, Align]
"""Where an item goes: its inner row and its alignment in that row."""


def _fits(row: list[tuple[Align, int]], align: Align, size: int, width: int) -> bool:
    """Whether an item of ``size`` can join ``row`` (items and their sizes) at ``align``."""
    if any(a == align for a, _ in row):
        return False
    sizes = [n for _, n in row] + [size]
    return sum(sizes) + len(sizes) - 1 <= width - 2 * PAD


def place_items(
    rim: Sequence[tuple[float, int]], middle: Sequence[int]
) -> tuple[list[Placed | None], list[Placed | None]]:
    """Where the rim items (place, size) and then the middle items (size) go.

    Rim items take their places in order; the first middle item takes the
    first row of :data:`MIDDLE` where it fits in the centre, each next one
    the first row below it where it fits (above it if none does). An item
    that fits nowhere gets ``None`` (it is left out; no tile of the game has
    one).

    >>> place_items([(3.0, 6), (0.0, 6)], [5, 8])
    ([(1, 'centre'), (7, 'centre')], [(4, 'centre'), (5, 'centre')])
    >>> place_items([(1.5, 6), (4.5, 6)], [6, 8])[1]
    [(3, 'centre'), (5, 'centre')]
    """
    rows: dict[int, list[tuple[Align, int]]] = {k: [] for k in range(1, len(INSIDE) + 1)}
    rim_placed: list[Placed | None] = []
    for place, size in rim:
        spot: Placed | None = None
        for row, align in RIM_PLACES[place]:
            if _fits(rows[row], align, size, INSIDE[row - 1][1]):
                spot = (row, align)
                rows[row].append((align, size))
                break
        rim_placed.append(spot)
    middle_placed: list[Placed | None] = []
    previous = 0
    for size in middle:
        spot = None
        below = sorted(r for r in MIDDLE if r > previous) if previous else []
        for row in below + [r for r in MIDDLE if r not in below]:
            if _fits(rows[row], _C, size, INSIDE[row - 1][1]):
                spot = (row, _C)
                rows[row].append((_C, size))
                previous = row
                break
        middle_placed.append(spot)
    return rim_placed, middle_placed


def visible_columns(columns: Sequence[int], focus: int, width: int) -> tuple[int, int]:
    """The first and last hex column ``q`` shown in ``width`` characters, around ``focus``.

    ``columns`` are the columns of the hexes drawn. As many as fit are
    shown, ``focus`` among them and as near the middle as the map allows.

    >>> visible_columns(range(-4, 5), 3, 80)
    (1, 4)
    >>> visible_columns(range(-1, 2), 0, 80)
    (-1, 1)
    """
    low, high = min(columns), max(columns)
    fit = max(1, (width - HEX_WIDTH) // STEP_Q + 1)
    if high - low + 1 <= fit:
        return low, high
    focus = min(max(focus, low), high)
    first = focus - (fit - 1) // 2
    first = max(low, min(first, high - fit + 1))
    return first, first + fit - 1
