"""Boats and markers: boats, kings (crowns), arrows, highlight outlines and the group under way."""

from __future__ import annotations

import math
import xml.etree.ElementTree as ET
from collections.abc import Sequence

from ..actions import Action, PlaceTile
from ..colours import Colour
from ..hexgrid import DIRECTION_NAMES
from ..i18n import translations
from ._geometry import APOTHEM, S, _angle, _Canvas, _f, _hex_points, _polar
from ._style import _DASHES, _LETTER_FILL, BOAT_SHAPES, HALO, HIGHLIGHT, INK, PALETTE


class _Pieces(_Canvas):
    """Draws the pieces on the board and the marks of highlighted actions."""

    def crown(self, g: ET.Element, cx: float, cy: float, king: Colour | None) -> None:
        """A crown on the statue, in the king's colour with its letter (grey if vacant)."""
        w, h = 0.42 * S, 0.26 * S
        x0, y0 = cx - w / 2, cy - h / 2
        pts = [
            (x0, y0 + h),
            (x0, y0),
            (x0 + w * 0.25, y0 + h * 0.45),
            (x0 + w * 0.5, y0 - h * 0.1),
            (x0 + w * 0.75, y0 + h * 0.45),
            (x0 + w, y0),
            (x0 + w, y0 + h),
        ]
        fill = PALETTE[king] if king is not None else "#BBBBBB"
        letter = king.letter if king is not None else "-"
        name = king.name.lower() if king is not None else "vacant"
        kg = ET.SubElement(g, "g", {"class": "king", "data-colour": letter})
        ET.SubElement(kg, "title").text = f"royal island, king {name}"
        attrib = {
            "points": " ".join(f"{_f(x)},{_f(y)}" for x, y in pts),
            "fill": fill,
            "stroke": INK,
            "stroke-width": "1.2",
            "stroke-linejoin": "round",
        }
        if king is not None and _DASHES[king]:
            attrib["stroke-dasharray"] = str(_DASHES[king])
        ET.SubElement(kg, "polygon", attrib)
        text_fill = _LETTER_FILL[king] if king is not None else INK
        self.text(kg, cx, cy + h * 0.2, letter, 0.17 * S, bold=True, fill=text_fill)

    def boat(
        self, parent: ET.Element, x: float, y: float, r: float, colour: Colour, cls: str
    ) -> None:
        """A boat: its colour's shape (see :data:`BOAT_SHAPES`) around its letter, in a group
        ``<g class="piece" data-shape=...>`` whose ``circle.{cls}`` (``data-colour``) is the
        disc itself for a round colour and the shape's invisible tap target otherwise.

        The letter's ``text`` has the class ``boat-letter``; the group's ``data-x``,
        ``data-y`` give the boat's centre (the client enlarges a boat around it).
        """
        shape = BOAT_SHAPES[colour]
        points = _boat_outline(shape, x, y, r)
        reach = max((math.hypot(px - x, py - y) for px, py in points), default=r)
        piece = ET.SubElement(
            parent,
            "g",
            {"class": "piece", "data-shape": shape, "data-x": _f(x), "data-y": _f(y)},
        )
        paint = {"fill": PALETTE[colour], "stroke": INK, "stroke-width": "1.2"}
        dash = _DASHES[colour]
        if dash:
            paint["stroke-dasharray"] = dash
        if points:
            outline = " ".join(f"{_f(px)},{_f(py)}" for px, py in points)
            ET.SubElement(
                piece,
                "polygon",
                {"class": "boat-shape", "points": outline, "stroke-linejoin": "round", **paint},
            )
            paint = {"fill": "#FFFFFF", "fill-opacity": "0", "stroke": "none"}
        attrib = {
            "class": cls,
            "data-colour": colour.letter,
            "cx": _f(x),
            "cy": _f(y),
            "r": _f(reach),
            **paint,
        }
        ET.SubElement(piece, "circle", attrib)
        self.text(
            piece,
            x,
            y,
            colour.letter,
            r * 1.45,
            bold=True,
            fill=_LETTER_FILL[colour],
            cls="boat-letter",
        )

    def arrow(
        self, parent: ET.Element, x: float, y: float, degrees: float, size: float, cls: str
    ) -> None:
        """A filled arrow head with its tip at ``(x, y)`` pointing along ``degrees``."""
        tip = (x, y)
        back = _polar(x, y, -size, degrees)
        left = _polar(back[0], back[1], size * 0.55, degrees + 90.0)
        right = _polar(back[0], back[1], size * 0.55, degrees - 90.0)
        ET.SubElement(
            parent,
            "polygon",
            {
                "class": cls,
                "points": " ".join(f"{_f(px)},{_f(py)}" for px, py in (tip, left, right)),
                "fill": HIGHLIGHT if "highlight" in cls else INK,
                "stroke": HALO,
                "stroke-width": "1",
            },
        )

    def hex_highlight(self, parent: ET.Element, cx: float, cy: float, what: str) -> None:
        ET.SubElement(
            parent,
            "polygon",
            {
                "class": f"highlight {what}",
                "points": _hex_points(cx, cy, S - 3.5),
                "fill": "none",
                "stroke": HALO,
                "stroke-width": "6",
            },
        )
        ET.SubElement(
            parent,
            "polygon",
            {
                "points": _hex_points(cx, cy, S - 3.5),
                "fill": "none",
                "stroke": HIGHLIGHT,
                "stroke-width": "3.5",
                "stroke-dasharray": "9 5",
            },
        )

    def draw_hex_marks(self, parent: ET.Element) -> None:
        for pos in sorted(self.marks.hexes):
            cx, cy = self.xy(pos)
            g = ET.SubElement(parent, "g", {"data-pos": f"{pos[0]},{pos[1]}"})
            if self.state.tile_at(pos) is None:
                ET.SubElement(
                    g,
                    "polygon",
                    points=_hex_points(cx, cy, S - 3.5),
                    fill="#FFFFFF",
                    attrib={"fill-opacity": "0.55"},
                )
            self.hex_highlight(g, cx, cy, "hex")
            rotations = sorted(
                {
                    a.rotation
                    for a in self.highlighted_actions
                    if isinstance(a, PlaceTile) and a.position == pos
                }
            )
            if rotations:
                label = "rot " + ",".join(str(r) for r in rotations)
                self.text(g, cx, cy, label, 0.16 * S, bold=True)

    highlighted_actions: Sequence[Action] = ()
    language: str = "en"
    """The language of the picture's words (one of :data:`~tongiaki_rules.i18n.LANGUAGES`)."""

    def draw_group(self, parent: ET.Element) -> None:
        """The boats under way, on the edge they cross into ``group.position``."""
        group = self.state.group
        if group is None:
            return
        cx, cy = self.xy(group.position)
        g = ET.SubElement(
            parent,
            "g",
            {
                "class": "group",
                "data-pos": f"{group.position[0]},{group.position[1]}",
                "data-entry": str(group.entry),
            },
        )
        colours = " ".join(c.letter for c in group.colours)
        ET.SubElement(g, "title").text = (
            f"boats under way ({colours}) entering {group.position} "
            f"by its {DIRECTION_NAMES[group.entry]} edge"
        )
        if self.state.tile_at(group.position) is None:
            ET.SubElement(
                g,
                "polygon",
                {
                    "class": "next-tile",
                    "points": _hex_points(cx, cy, S - 2.0),
                    "fill": "#FFFFFF",
                    "fill-opacity": "0.6",
                    "stroke": INK,
                    "stroke-width": "1.5",
                    "stroke-dasharray": "5 3",
                },
            )
            lx, ly = _polar(cx, cy, 0.3 * S, _angle(group.entry) + 180.0)
            label = translations(self.language).gettext("next tile")
            self.text(g, lx, ly, label, 0.17 * S, fill="#555555")
        a = _angle(group.entry)
        n = len(group.colours)
        rb = 0.12 * S
        spacing = 2.25 * rb
        # just outside the edge, on the side the group comes from
        # on an empty hex, just inside the edge the group crosses; at a landing just
        # outside it, on the tile the group comes from, so the island's beaches show
        inside = self.state.tile_at(group.position) is None
        mx, my = _polar(cx, cy, APOTHEM + (-1.3 if inside else 0.9) * rb, a)
        ux, uy = -math.sin(math.radians(a)), math.cos(math.radians(a))
        half = (n - 1) * spacing / 2
        pad = rb + 3.0
        corners = [
            (mx + ux * (half + pad) + dx, my + uy * (half + pad) + dy) for dx, dy in ((0.0, 0.0),)
        ]
        del corners
        length = 2 * (half + pad)
        ET.SubElement(
            g,
            "rect",
            {
                "class": "highlight group-box" if self.marks.group else "group-box",
                "x": _f(mx - length / 2),
                "y": _f(my - pad),
                "width": _f(length),
                "height": _f(2 * pad),
                "rx": _f(pad),
                "fill": "#FFFFFF",
                "stroke": INK,
                "stroke-width": "3" if self.marks.group else "1.5",
                "stroke-dasharray": "7 4" if self.marks.group else "none",
                "transform": f"rotate({_f(a - 90.0)} {_f(mx)} {_f(my)})",
            },
        )
        for k, colour in enumerate(group.colours):
            off = -half + k * spacing
            self.boat(g, mx + ux * off, my + uy * off, rb, colour, "sea-boat")
        tip = _polar(cx, cy, APOTHEM - (0.62 if inside else 0.32) * S, a)
        self.arrow(g, tip[0], tip[1], a + 180.0, 0.2 * S, "group-arrow")


def _boat_outline(shape: str, x: float, y: float, r: float) -> list[tuple[float, float]]:
    """The corners of a boat's shape of about a circle of radius ``r``'s area, centred on
    ``(x, y)``; none for the circle. Each holds a bold letter of ``1.45 r``."""
    if shape == "circle":
        return []
    if shape == "square":
        h = 0.8 * r
        return [(x - h, y - h), (x + h, y - h), (x + h, y + h), (x - h, y + h)]
    if shape == "diamond":
        return [_polar(x, y, 1.15 * r, 90.0 * k) for k in range(4)]
    if shape == "hexagon":  # pointed top and bottom
        return [_polar(x, y, 1.1 * r, 30.0 + 60.0 * k) for k in range(6)]
    if shape == "pentagon":  # a point up
        return [_polar(x, y, 1.15 * r, -90.0 + 72.0 * k) for k in range(5)]
    if shape == "shield":  # a pentagon with its point down
        return [_polar(x, y, 1.15 * r, 90.0 + 72.0 * k) for k in range(5)]
    raise ValueError(f"unknown boat shape {shape!r}")
