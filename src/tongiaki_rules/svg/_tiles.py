"""Tiles: the open sea, ocean tiles with their routes and numbers, islands with beaches and jetties.

* Islands are sand hexagons with a green centre holding the name and the
  value (Tonga has none); each beach is a sand band of slot circles, and its
  jetties are short planks from the band to the edges they lie on.
* Ocean tiles are blue, with white routes between the middles of two edges
  (straight across, or arcs) and the route's number near both ends.
* Drawn tiles show the red marker (a small red triangle) in the middle of
  their local edge 0.
* Empty hexes next to the tiles are outlined faintly: the open sea.
"""

from __future__ import annotations

import math
import xml.etree.ElementTree as ET
from typing import TYPE_CHECKING, Final

from ..hexgrid import DIRECTION_NAMES, Hex
from ..i18n import tile_name, translations
from ..tiles import OceanTile
from ._geometry import (
    APOTHEM,
    BEACH_RADIUS,
    LABEL_CLEARANCE,
    SQ3,
    S,
    _angle,
    _arc_path,
    _beach_angles,
    _descent,
    _f,
    _fitting_font,
    _hex_points,
    _polar,
)
from ._pieces import _Pieces
from ._style import (
    BEACH_EDGE,
    BEACH_FILL,
    GREEN,
    GREEN_EDGE,
    HALO,
    HIGHLIGHT,
    INK,
    JETTY,
    MARKER,
    ROUTE,
    SAND,
    SAND_EDGE,
    SEA_EDGE,
    SEA_FILL,
)

if TYPE_CHECKING:
    from .._state import IslandView

VALUE_BELOW: Final = 0.2 * S
"""The island's value is shown this far below the middle of its name."""
VALUE_RADIUS: Final = 0.095 * S


class _Tiles(_Pieces):
    """Draws the tiles on the table and the open sea around them."""

    def draw_open_sea(self, parent: ET.Element) -> None:
        g = ET.SubElement(parent, "g", {"class": "open-sea"})
        for pos in self.open_sea:
            cx, cy = self.xy(pos)
            ET.SubElement(
                g,
                "polygon",
                points=_hex_points(cx, cy, S - 1.5),
                fill="none",
                stroke="#B9B2A0",
                attrib={"stroke-width": "1", "stroke-dasharray": "3 4"},
            )

    def tile_group(
        self, parent: ET.Element, kind: str, pos: Hex, tile_id: str, rot: int
    ) -> ET.Element:
        return ET.SubElement(
            parent,
            "g",
            {
                "class": f"tile {kind}",
                "data-tile": tile_id,
                "data-pos": f"{pos[0]},{pos[1]}",
                "data-rotation": str(rot),
            },
        )

    def draw_marker(self, g: ET.Element, cx: float, cy: float, rot: int) -> None:
        """The red marker: a small triangle on the middle of local edge 0, pointing inwards."""
        a = _angle(rot % 6)
        bx, by = _polar(cx, cy, APOTHEM - 0.5, a)
        tx, ty = _polar(cx, cy, APOTHEM - 0.16 * S, a)
        half = 0.11 * S
        ux, uy = -math.sin(math.radians(a)), math.cos(math.radians(a))
        pts = [(bx + ux * half, by + uy * half), (tx, ty), (bx - ux * half, by - uy * half)]
        ET.SubElement(
            g,
            "polygon",
            {
                "class": "marker",
                "points": " ".join(f"{_f(x)},{_f(y)}" for x, y in pts),
                "fill": MARKER,
                "stroke": "#7A0000",
                "stroke-width": "0.8",
            },
        )

    def draw_ocean(self, parent: ET.Element, pos: Hex, rot: int, tile: OceanTile) -> None:
        cx, cy = self.xy(pos)
        g = self.tile_group(parent, "ocean", pos, tile.id, rot)
        ET.SubElement(g, "title").text = (
            translations(self.language)
            .gettext("{tile} at {position}, rotation {rotation}")
            .format(tile=tile_name(tile, self.language), position=pos, rotation=rot)
        )
        ET.SubElement(
            g,
            "polygon",
            points=_hex_points(cx, cy),
            fill=SEA_FILL,
            stroke=SEA_EDGE,
            attrib={"stroke-width": "1.5"},
        )
        labels: list[tuple[float, float, int]] = []
        for route in tile.routes:
            a, b = (route.a + rot) % 6, (route.b + rot) % 6
            path, points = self.route_path(cx, cy, a, b)
            ET.SubElement(
                g,
                "path",
                {
                    "class": "route",
                    "data-edges": f"{a}-{b}",
                    "d": path,
                    "fill": "none",
                    "stroke": "#5C9CCB",
                    "stroke-width": _f(0.13 * S),
                    "stroke-linecap": "butt",
                },
            )
            ET.SubElement(
                g,
                "path",
                {
                    "d": path,
                    "fill": "none",
                    "stroke": ROUTE,
                    "stroke-width": _f(0.07 * S),
                    "stroke-linecap": "butt",
                    "stroke-dasharray": "6 3",
                },
            )
            if route.colours:
                labels.extend((x, y, route.colours) for x, y in points)
        for x, y, number in labels:
            ET.SubElement(
                g,
                "circle",
                {
                    "class": "route-number",
                    "cx": _f(x),
                    "cy": _f(y),
                    "r": _f(0.1 * S),
                    "fill": "#FFFFFF",
                    "stroke": SEA_EDGE,
                    "stroke-width": "1",
                },
            )
            self.text(g, x, y, str(number), 0.14 * S, bold=True, fill="#123A5C", cls="route-number")
        self.draw_marker(g, cx, cy, rot)

    def route_path(
        self, cx: float, cy: float, a: int, b: int
    ) -> tuple[str, list[tuple[float, float]]]:
        """The route between the middles of edges ``a`` and ``b``, and its two label points."""
        pa = _polar(cx, cy, APOTHEM, _angle(a))
        pb = _polar(cx, cy, APOTHEM, _angle(b))
        diff = (b - a) % 6
        inset = 0.27 * S
        if diff == 3:
            length = 2 * APOTHEM
            t = inset / length
            pts = [
                (pa[0] + (pb[0] - pa[0]) * t, pa[1] + (pb[1] - pa[1]) * t),
                (pb[0] + (pa[0] - pb[0]) * t, pb[1] + (pa[1] - pb[1]) * t),
            ]
            return (f"M{_f(pa[0])},{_f(pa[1])} L{_f(pb[0])},{_f(pb[1])}", pts)
        if diff in (1, 5):
            # around the corner between the two edges, radius S/2
            corner = _angle(a) + (30.0 if diff == 1 else -30.0)
            ccx, ccy = _polar(cx, cy, S, corner)
            radius = S / 2
        else:
            # around the point where the lines of both edges meet, beyond the edge between
            middle = _angle(a) + (60.0 if diff == 2 else -60.0)
            ccx, ccy = _polar(cx, cy, SQ3 * S, middle)
            radius = 1.5 * S
        a0 = math.degrees(math.atan2(pa[1] - ccy, pa[0] - ccx))
        a1 = math.degrees(math.atan2(pb[1] - ccy, pb[0] - ccx))
        delta = (a1 - a0 + 180.0) % 360.0 - 180.0
        sweep = 1 if delta > 0 else 0
        dt = math.degrees(inset / radius) * (1 if delta > 0 else -1)
        pts = [_polar(ccx, ccy, radius, a0 + dt), _polar(ccx, ccy, radius, a1 - dt)]
        path = (
            f"M{_f(pa[0])},{_f(pa[1])} "
            f"A{_f(radius)},{_f(radius)} 0 0 {sweep} {_f(pb[0])},{_f(pb[1])}"
        )
        return (path, pts)

    def draw_island(self, parent: ET.Element, view: IslandView) -> None:
        pos, rot, tile = view.position, view.rotation, view.tile
        cx, cy = self.xy(pos)
        g = self.tile_group(parent, "island", pos, tile.id, rot)
        t = translations(self.language)
        name = tile_name(tile, self.language)
        if tile.is_start:
            title = t.gettext("{tile} at {position}, rotation {rotation}")
        else:
            title = t.gettext("{tile}, value {value} at {position}, rotation {rotation}")
        ET.SubElement(g, "title").text = title.format(
            tile=name, value=tile.value, position=pos, rotation=rot
        )
        ET.SubElement(
            g,
            "polygon",
            points=_hex_points(cx, cy),
            fill=SAND,
            stroke=SAND_EDGE,
            attrib={"stroke-width": "1.5"},
        )
        layout = _beach_angles(view)
        step_px = min(
            (
                BEACH_RADIUS * math.radians(slots[1] - slots[0])
                for slots, _lo, _hi in layout
                if len(slots) > 1
            ),
            default=0.25 * S,
        )
        rb = min(0.11 * S, 0.47 * step_px)
        inner = BEACH_RADIUS - rb - 0.05 * S
        ET.SubElement(
            g,
            "circle",
            {
                "class": "land",
                "cx": _f(cx),
                "cy": _f(cy),
                "r": _f(inner),
                "fill": GREEN,
                "stroke": GREEN_EDGE,
                "stroke-width": "1",
            },
        )
        if pos in self.marks.islands:
            self.hex_highlight(g, cx, cy, "island")
        # jetties first, so the bands and slots cover their feet
        for beach in view.beaches:
            for d in beach.jetties:
                a = _angle(d)
                x0, y0 = _polar(cx, cy, BEACH_RADIUS, a)
                x1, y1 = _polar(cx, cy, APOTHEM - 1.0, a)
                chosen = (pos, d) in self.marks.jetties
                if chosen:
                    ET.SubElement(
                        g,
                        "line",
                        {
                            "class": "highlight jetty",
                            "data-direction": str(d),
                            "x1": _f(x0),
                            "y1": _f(y0),
                            "x2": _f(x1),
                            "y2": _f(y1),
                            "stroke": HALO,
                            "stroke-width": _f(0.16 * S),
                            "stroke-linecap": "round",
                        },
                    )
                ET.SubElement(
                    g,
                    "line",
                    {
                        "class": "jetty",
                        "data-beach": str(beach.index),
                        "data-direction": str(d),
                        "x1": _f(x0),
                        "y1": _f(y0),
                        "x2": _f(x1),
                        "y2": _f(y1),
                        "stroke": HIGHLIGHT if chosen else JETTY,
                        "stroke-width": _f(0.08 * S if chosen else 0.055 * S),
                    },
                )
                if chosen:
                    self.arrow(g, x1, y1, a, 0.13 * S, "highlight jetty-arrow")
        for beach, (slots, lo, hi) in zip(view.beaches, layout, strict=True):
            bg = ET.SubElement(
                g,
                "g",
                {
                    "class": "beach",
                    "data-beach": str(beach.index),
                    "data-slots": str(beach.slots),
                },
            )
            jetties = ", ".join(DIRECTION_NAMES[d] for d in beach.jetties)
            ET.SubElement(bg, "title").text = (
                f"beach {beach.index}: {beach.slots} slots, "
                f"{len(beach.boats)} boats; jetty {jetties}"
            )
            path = _arc_path(cx, cy, BEACH_RADIUS, lo, hi)
            if (pos, beach.index) in self.marks.beaches:
                ET.SubElement(
                    bg,
                    "path",
                    {
                        "class": "highlight beach",
                        "d": path,
                        "fill": "none",
                        "stroke": HIGHLIGHT,
                        "stroke-width": _f(2 * rb + 0.12 * S),
                        "stroke-linecap": "round",
                    },
                )
            ET.SubElement(
                bg,
                "path",
                {
                    "d": path,
                    "fill": "none",
                    "stroke": BEACH_EDGE,
                    "stroke-width": _f(2 * rb + 0.06 * S),
                    "stroke-linecap": "round",
                },
            )
            ET.SubElement(
                bg,
                "path",
                {
                    "d": path,
                    "fill": "none",
                    "stroke": BEACH_FILL,
                    "stroke-width": _f(2 * rb + 0.025 * S),
                    "stroke-linecap": "round",
                },
            )
            for k, a in enumerate(slots):
                x, y = _polar(cx, cy, BEACH_RADIUS, a)
                if k < len(beach.boats):
                    self.boat(bg, x, y, rb, beach.boats[k], "boat")
                else:
                    ET.SubElement(
                        bg,
                        "circle",
                        {
                            "class": "slot",
                            "cx": _f(x),
                            "cy": _f(y),
                            "r": _f(rb * 0.8),
                            "fill": "#FBF3DC",
                            "stroke": BEACH_EDGE,
                            "stroke-width": "0.8",
                        },
                    )
        self.island_label(g, view, cx, cy, inner)
        if not tile.is_start:
            self.draw_marker(g, cx, cy, rot)

    def island_label(
        self, g: ET.Element, view: IslandView, cx: float, cy: float, inner: float
    ) -> None:
        tile = view.tile
        name = tile_name(tile, self.language)
        name_y = cy
        if view.is_royal:
            name_y = cy + 0.12 * S
            self.crown(g, cx, cy - 0.17 * S, view.king)
        elif not tile.is_start:
            name_y = cy - 0.06 * S
        # the name stays on the green, clear of its edge and of the slots around it,
        # and above the value
        largest = 0.2 * S
        if not tile.is_start:
            room = VALUE_BELOW - VALUE_RADIUS - 0.02 * S
            largest = min(largest, room / (0.36 + _descent(name)))
        font = _fitting_font(name, inner - LABEL_CLEARANCE, name_y - cy, largest)
        self.text(g, cx, name_y, name, font, bold=True, fill="#1F3A14", cls="island-name")
        if not tile.is_start:
            vy = name_y + VALUE_BELOW
            ET.SubElement(
                g,
                "circle",
                {
                    "class": "value",
                    "cx": _f(cx),
                    "cy": _f(vy),
                    "r": _f(VALUE_RADIUS),
                    "fill": "#FFFDF4",
                    "stroke": GREEN_EDGE,
                    "stroke-width": "1",
                },
            )
            self.text(g, cx, vy, str(tile.value), 0.14 * S, bold=True, fill=INK, cls="value")
