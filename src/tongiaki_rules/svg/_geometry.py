"""Geometry and layout of the picture: hex centres and corners, beach bands, the view box.

Tiles are flat-topped hexagons at their axial positions (see :mod:`..hexgrid`);
a board direction ``d`` points from a hex's centre to the middle of its edge
``d`` (0 bottom, then clockwise). :class:`_Canvas` sizes the board (the shown
hexes, the open sea around them, the margins) and offsets every coordinate so
that the board starts at the margin; it also writes text, which every part of
the picture uses.
"""

from __future__ import annotations

import math
import xml.etree.ElementTree as ET
from typing import TYPE_CHECKING, Final

from ..hexgrid import ORIGIN, Hex, neighbours, side_of
from ._marks import _Marks
from ._style import INK

if TYPE_CHECKING:
    from .._state import GameState, IslandView

S: Final = 60.0
"""Hex circumradius (centre to corner) in SVG user units."""
SQ3: Final = math.sqrt(3.0)
APOTHEM: Final = S * SQ3 / 2
"""Centre to the middle of an edge."""
BEACH_RADIUS: Final = 0.64 * S
"""Slots sit on a circle of this radius around the island's centre."""
PANEL_WIDTH: Final = 420.0
MARGIN: Final = 12.0

_BOLD_WIDTHS: Final = dict(
    zip(
        "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789 -'.,",
        (
            *(774, 762, 734, 830, 683, 683, 821, 837, 372, 372, 775, 637, 995),
            *(837, 850, 733, 850, 770, 720, 682, 812, 774, 1103, 771, 724, 725),
            *(675, 716, 593, 716, 678, 435, 716, 712, 343, 343, 665, 343, 1042),
            *(712, 687, 716, 716, 493, 595, 478, 712, 652, 924, 645, 652, 582),
            *(696, 696, 696, 696, 696, 696, 696, 696, 696, 696, 348, 415, 306, 380, 380),
        ),
        strict=True,
    )
)
"""Advance widths in DejaVu Sans Bold (the first font of the picture's list), in 1/1000 em."""
_WIDEST: Final = 1103
"""The width taken for any other character: the widest letter's (W)."""
LABEL_ASCENT: Final = 0.76
"""Height of the tallest letters (b, d, h, l) above the baseline, in em."""
LABEL_DESCENT: Final = 0.24
"""Depth of the letters that go below the baseline (g, j, p, q, y), in em."""
_DESCENDERS: Final = frozenset("gjpqy,;")
LABEL_CLEARANCE: Final = 0.04 * S
"""The least room between an island's name and the edge of its green centre."""


def _bold_width(text: str) -> float:
    """The width of ``text`` in bold, in em (other characters count as wide as W).

    >>> round(_bold_width("Tonga"), 3)
    3.472
    """
    return sum(_BOLD_WIDTHS.get(c, _WIDEST) for c in text) / 1000.0


def _descent(text: str) -> float:
    """How far ``text`` reaches below its baseline, in em (0 without g, j, p, q, y).

    >>> _descent("Tahiti"), _descent("Rapa Nui")
    (0.0, 0.24)
    """
    return LABEL_DESCENT if _DESCENDERS.intersection(text) else 0.0


def _label_box(x: float, y: float, text: str, size: float) -> tuple[float, float, float, float]:
    """The box (left, top, right, bottom) that bold ``text`` centred on ``(x, y)`` covers.

    ``y`` is the middle given to :meth:`_Canvas.text`, whose baseline lies
    ``0.36 * size`` below it.
    """
    half = _bold_width(text) * size / 2
    baseline = y + 0.36 * size
    return (x - half, baseline - LABEL_ASCENT * size, x + half, baseline + _descent(text) * size)


def _fitting_font(text: str, radius: float, dy: float, largest: float) -> float:
    """The largest font size, at most ``largest``, at which bold ``text`` fits in a circle.

    The text is centred across and ``dy`` below the circle's centre (as
    :meth:`_Canvas.text` places it); every corner of its box stays inside
    ``radius``.

    >>> round(_fitting_font("Mangareva", 26.0, 0.0, 12.0), 2)
    8.14
    """
    half = _bold_width(text) / 2
    sizes = [largest]
    for below in (0.36 - LABEL_ASCENT, 0.36 + _descent(text)):  # box top and bottom, per em
        # the corner (half * f, dy + below * f) on the circle: a quadratic in f
        a = half * half + below * below
        b = dy * below
        c = dy * dy - radius * radius
        sizes.append((-b + math.sqrt(max(b * b - a * c, 0.0))) / a)
    return min(sizes)


def _f(x: float) -> str:
    """A coordinate with one decimal, never ``-0.0`` (stable output)."""
    text = f"{x:.1f}"
    return "0.0" if text == "-0.0" else text


def _centre(pos: Hex) -> tuple[float, float]:
    """Board coordinates of a hex centre (before the view offset)."""
    q, r = pos
    return (1.5 * S * q, SQ3 * S * (r + q / 2))


def _angle(direction: float) -> float:
    """Screen angle in degrees (y grows downwards) of board direction ``direction``."""
    return 90.0 + 60.0 * direction


def _polar(cx: float, cy: float, radius: float, degrees: float) -> tuple[float, float]:
    a = math.radians(degrees)
    return (cx + radius * math.cos(a), cy + radius * math.sin(a))


def _hex_points(cx: float, cy: float, radius: float = S) -> str:
    return " ".join(
        f"{_f(x)},{_f(y)}" for x, y in (_polar(cx, cy, radius, 60.0 * k) for k in range(6))
    )


def _beach_angles(view: IslandView) -> list[tuple[list[float], float, float]]:
    """Per beach: the screen angles of its slots and the angle span of its band.

    Each beach is centred on its jetties (:func:`~tongiaki_rules.hexgrid.side_of`,
    as in the text map); beaches are then pushed apart on
    the circle until none overlaps (a beach with many slots and one jetty
    spreads over the edges without jetties).
    """
    beaches = view.beaches
    k = len(beaches)
    centres = [_angle(side_of(beach.jetties)) % 360.0 for beach in beaches]
    step, gap = 24.0, 10.0
    need = sum((b.slots - 1) * step for b in beaches) + k * (step + gap)
    if need > 360.0:
        factor = 360.0 / need
        step, gap = step * factor, gap * factor
    order = sorted(range(k), key=lambda i: (centres[i], i))
    pos = [centres[i] for i in order]
    widths = [(beaches[i].slots - 1) * step for i in order]
    if k > 1:
        for _ in range(400):
            moved = False
            for j in range(k):
                nxt = (j + 1) % k
                sep = widths[j] / 2 + widths[nxt] / 2 + step + gap
                dist = pos[nxt] - pos[j] if nxt > j else pos[nxt] + 360.0 - pos[j]
                if dist < sep - 1e-6:
                    push = (sep - dist) / 2
                    pos[j] -= push
                    pos[nxt] += push
                    moved = True
            if not moved:
                break
    result: list[tuple[list[float], float, float]] = [([], 0.0, 0.0)] * k
    for j, i in enumerate(order):
        centre = pos[j]
        n = beaches[i].slots
        slots = [centre + (s - (n - 1) / 2) * step for s in range(n)]
        lo, hi = slots[0], slots[-1]
        for d in beaches[i].jetties:
            a = _angle(d)
            # the jetty angle nearest to the band's centre (modulo a full turn)
            a += 360.0 * round((centre - a) / 360.0)
            lo, hi = min(lo, a), max(hi, a)
        result[i] = (slots, lo, hi)
    return result


def _arc_path(cx: float, cy: float, radius: float, lo: float, hi: float) -> str:
    """An SVG path along a circle from angle ``lo`` to ``hi`` (degrees, ``lo <= hi``)."""
    if hi - lo < 0.5:
        mid = (lo + hi) / 2
        lo, hi = mid - 0.25, mid + 0.25
    x0, y0 = _polar(cx, cy, radius, lo)
    x1, y1 = _polar(cx, cy, radius, hi)
    large = 1 if hi - lo > 180.0 else 0
    return f"M{_f(x0)},{_f(y0)} A{_f(radius)},{_f(radius)} 0 {large} 1 {_f(x1)},{_f(y1)}"


class _Canvas:
    """The view box of the board; coordinates are offset so the board starts at the margin."""

    def __init__(
        self,
        state: GameState,
        marks: _Marks,
        show_panel: bool,
        title: str | None,
        show_open_sea: bool = True,
    ):
        self.state = state
        self.marks = marks
        self.show_panel = show_panel
        self.title = title
        placed = {t.position for t in state.placed_tiles}
        shown = set(placed)
        group = state.group
        if group is not None:
            shown.add(group.position)
        shown |= marks.hexes
        self.open_sea = sorted(
            {n for p in shown for n in neighbours(p) if show_open_sea}
            - placed
            - ({group.position} if group else set())
        )
        every = shown | set(self.open_sea) or {ORIGIN}
        xs = [_centre(p)[0] for p in every]
        ys = [_centre(p)[1] for p in every]
        self.ox = MARGIN + S - min(xs)
        self.oy = MARGIN + APOTHEM - min(ys)
        self.board_w = max(xs) - min(xs) + 2 * S + 2 * MARGIN
        self.board_h = max(ys) - min(ys) + 2 * APOTHEM + 2 * MARGIN
        self.panel_x = self.board_w

    def xy(self, pos: Hex) -> tuple[float, float]:
        x, y = _centre(pos)
        return (x + self.ox, y + self.oy)

    def text(
        self,
        parent: ET.Element,
        x: float,
        y: float,
        content: str,
        size: float,
        *,
        bold: bool = False,
        fill: str = INK,
        anchor: str = "middle",
        cls: str | None = None,
    ) -> ET.Element:
        """Text centred vertically on ``y`` (a baseline shift, which every renderer knows)."""
        attrib = {
            "x": _f(x),
            "y": _f(y + size * 0.36),
            "font-size": _f(size),
            "text-anchor": anchor,
            "fill": fill,
        }
        if bold:
            attrib["font-weight"] = "bold"
        if cls:
            attrib["class"] = cls
        element = ET.SubElement(parent, "text", attrib)
        element.text = content
        return element
