"""What a player types, written on the picture: each hex's ``q,r``, beach numbers, jetty digits.

Drawn last (``render_svg(..., coords=True)``), over a board already drawn:
each label tries a few places near what it names and takes the first that
meets nothing drawn before it (slots, boats, route numbers, markers, the
island's name and value, the king, other labels), so no label covers a boat.

* A jetty's digit (its board direction, what ``depart Q,R.BEACH JETTY``
  takes) sits on its plank, near the edge, white on the plank's brown.
* A beach's number (what ``setup``, ``expand`` and ``depart`` take) sits
  just outside its band, beside its middle.
* A hex's ``q,r`` sits by its top edge (else by its bottom edge, else in
  the middle); empty hexes of the open sea get one too, as tiles may go there.
"""

from __future__ import annotations

import math
import xml.etree.ElementTree as ET
from typing import TYPE_CHECKING, Final

from ..hexgrid import Hex, side_of
from ._geometry import S, _angle, _Canvas, _label_box, _polar
from ._style import JETTY

if TYPE_CHECKING:
    from .._state import IslandView

SVG_NS: Final = "{http://www.w3.org/2000/svg}"
LABEL_SIZE: Final = 0.12 * S
"""Font size of the labels."""
RIM: Final = 0.815 * S
"""Distance from a hex's centre of the beach numbers and jetty digits."""
JETTY_OFFSETS: Final = (0.0, 7.0, -7.0, 14.0, -14.0, 21.0, -21.0, 28.0, -28.0)
"""Angles (degrees) from its plank at which a jetty's digit may go, nearest first."""
_OBSTACLE_CIRCLES: Final = frozenset({"slot", "boat", "sea-boat", "route-number", "value"})
_OBSTACLE_TEXT: Final = frozenset({"island-name", "value"})

Box = tuple[float, float, float, float]
"""(left, top, right, bottom) in board units."""


def _circle_box(x: float, y: float, r: float) -> Box:
    return (x - r, y - r, x + r, y + r)


def _meets(a: Box, b: Box) -> bool:
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


def _meets_circle(box: Box, x: float, y: float, r: float) -> bool:
    nx = min(max(x, box[0]), box[2])
    ny = min(max(y, box[1]), box[3])
    return math.hypot(x - nx, y - ny) < r


class _Labels(_Canvas):
    """Writes the labels of ``coords=True`` over the drawn board."""

    def draw_labels(self, board: ET.Element) -> None:
        circles, boxes = self._obstacles(board)
        layer = ET.SubElement(board, "g", {"class": "labels"})
        placer = _Placer(self, layer, circles, boxes)
        for view in self.state.islands:
            cx, cy = self.xy(view.position)
            for beach in view.beaches:
                for d in beach.jetties:
                    a = _angle(d)
                    spots = [_polar(cx, cy, RIM, a + da) for da in JETTY_OFFSETS]
                    placer.place(str(d), spots, "jetty-number")
        for pos in self._hexes():
            cx, cy = self.xy(pos)
            spots = [
                (cx + dx * S, cy + dy * S)
                for dx, dy in ((-0.3, -0.78), (0.3, -0.78), (-0.3, 0.78), (0.3, 0.78))
            ]
            spots += [_polar(cx, cy, 0.74 * S, 30.0 * k) for k in range(12)]
            spots.append((cx, cy))
            placer.place(f"{pos[0]},{pos[1]}", spots, "coords")
        for view in self.state.islands:
            self._beach_numbers(placer, view)

    def _beach_numbers(self, placer: _Placer, view: IslandView) -> None:
        cx, cy = self.xy(view.position)
        for beach in view.beaches:
            centre = _angle(side_of(beach.jetties))
            spots = [
                _polar(cx, cy, radius, centre + da)
                for radius in (RIM, 0.9 * S, 0.4 * S)
                for da in (16.0, -16.0, 30.0, -30.0, 44.0, -44.0, 0.0)
            ]
            placer.place(str(beach.index), spots, "beach-number")

    def _hexes(self) -> list[Hex]:
        shown = {t.position for t in self.state.placed_tiles}
        group = self.state.group
        if group is not None:
            shown.add(group.position)
        return sorted(shown | set(self.open_sea))

    def _obstacles(self, board: ET.Element) -> tuple[list[tuple[float, float, float]], list[Box]]:
        circles: list[tuple[float, float, float]] = []
        boxes: list[Box] = []
        for element in board.iter():
            cls = element.get("class", "")
            tag = element.tag.removeprefix(SVG_NS)
            if tag == "circle" and cls in _OBSTACLE_CIRCLES:
                r = float(element.get("r", "0")) + float(element.get("stroke-width", "0")) / 2
                circles.append((float(element.get("cx", "0")), float(element.get("cy", "0")), r))
            elif tag == "text" and cls in _OBSTACLE_TEXT:
                size = float(element.get("font-size", "0"))
                x, y = float(element.get("x", "0")), float(element.get("y", "0")) - 0.36 * size
                boxes.append(_label_box(x, y, element.text or "", size))
            elif tag == "polygon" and (cls == "marker" or cls == ""):
                points = [
                    tuple(map(float, p.split(","))) for p in element.get("points", "").split()
                ]
                if points and len(points) <= 7:  # markers and crowns, not the hexagons
                    xs = [p[0] for p in points]
                    ys = [p[1] for p in points]
                    if max(xs) - min(xs) < S and max(ys) - min(ys) < S:
                        boxes.append((min(xs), min(ys), max(xs), max(ys)))
        return circles, boxes


class _Placer:
    """Puts each label at the first of its places that meets nothing drawn or placed."""

    def __init__(
        self,
        canvas: _Canvas,
        layer: ET.Element,
        circles: list[tuple[float, float, float]],
        boxes: list[Box],
    ) -> None:
        self.canvas = canvas
        self.layer = layer
        self.circles = circles
        self.boxes = boxes

    def place(self, text: str, spots: list[tuple[float, float]], cls: str) -> None:
        """Write ``text`` at the first free spot; a jetty digit as a tag in the plank's colour."""
        for x, y in spots:
            box = _label_box(x, y, text, LABEL_SIZE)
            pad = (box[0] - 1.0, box[1] - 1.0, box[2] + 1.0, box[3] + 1.0)
            if any(_meets_circle(pad, *c) for c in self.circles):
                continue
            if any(_meets(pad, other) for other in self.boxes):
                continue
            self.boxes.append(box)
            jetty = cls == "jetty-number"
            fill, halo = ("#FFFFFF", JETTY) if jetty else ("#1B1B1B", "#FFFFFF")
            label = self.canvas.text(
                self.layer, x, y, text, LABEL_SIZE, bold=True, fill=fill, cls=cls
            )
            label.set("stroke", halo)
            label.set("stroke-width", "3.2" if jetty else "2.2")
            label.set("stroke-linejoin", "round")
            label.set("paint-order", "stroke")
            return
        # no free place (never for the tiles of the game): the label is left out
