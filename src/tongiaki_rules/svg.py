"""SVG rendering of a state: the tiles on the table, boats, kings and a side panel.

:func:`render_svg` returns a standalone SVG document built with
:mod:`xml.etree.ElementTree` only. Tiles are flat-topped hexagons at their
axial positions (see :mod:`.hexgrid`); a board direction ``d`` points from a
hex's centre to the middle of its edge ``d`` (0 bottom, then clockwise).

* Islands are sand hexagons with a green centre holding the name and the
  value (Tonga has none); each beach is a sand band of slot circles, and its
  jetties are short planks from the band to the edges they lie on.
* Ocean tiles are blue, with white routes between the middles of two edges
  (straight across, or arcs) and the route's number near both ends.
* Drawn tiles show the red marker (a small red triangle) in the middle of
  their local edge 0.
* Boats are circles in the colour of their owner, with the colour's letter
  and a stroke pattern of their own, so the picture can be read without
  telling colours apart; the palette is based on Okabe and Ito's.
* A royal island has a crown in the king's colour, with the letter, in its
  centre (the statue).
* The group under way waits on the edge of the hex it enters, with an arrow.
* Empty hexes next to the tiles are outlined faintly: the open sea.

Elements carry classes and ``data-`` attributes for programs: tiles are
``<g class="tile island|ocean" data-tile=... data-pos="q,r">``, boats on
beaches ``<circle class="boat" data-colour="R">``, boats under way
``class="sea-boat"``, kings ``class="king"``, highlight marks
``class="highlight ..."``.

>>> from tongiaki_rules import new_game
>>> svg = render_svg(new_game(3), highlight=True)
>>> svg.startswith("<?xml") and "Tonga" in svg and 'class="highlight beach"' in svg
True
"""

from __future__ import annotations

import math
import textwrap
import xml.etree.ElementTree as ET
from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING, Final, cast

import attrs

from .actions import (
    ACTION_TYPES,
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
from .colours import Colour
from .errors import InvalidPositionError, NotationError, SettingsError
from .hexgrid import DIRECTION_NAMES, ORIGIN, Hex, neighbours
from .notation import format_action
from .tiles import IslandTile, OceanTile

if TYPE_CHECKING:
    from .state import GameState, IslandView

__all__ = ["MAX_HIGHLIGHTED", "MAX_SIZE", "MAX_TITLE", "MIN_SIZE", "PALETTE", "render_svg"]

MIN_SIZE: Final = 100
"""The narrowest picture :func:`render_svg` draws, in pixels."""
MAX_SIZE: Final = 20_000
"""The widest picture :func:`render_svg` draws, in pixels."""
MAX_TITLE: Final = 200
"""The longest ``title`` :func:`render_svg` takes, in characters."""
MAX_HIGHLIGHTED: Final = 10_000
"""The most actions :func:`render_svg` highlights."""

S: Final = 60.0
"""Hex circumradius (centre to corner) in SVG user units."""
SQ3: Final = math.sqrt(3.0)
APOTHEM: Final = S * SQ3 / 2
"""Centre to the middle of an edge."""
BEACH_RADIUS: Final = 0.64 * S
"""Slots sit on a circle of this radius around the island's centre."""
PANEL_WIDTH: Final = 420.0
MARGIN: Final = 12.0
FONT: Final = "DejaVu Sans, Verdana, Arial, Helvetica, sans-serif"

PALETTE: Final[dict[Colour, str]] = {
    Colour.BLUE: "#0072B2",
    Colour.RED: "#D55E00",
    Colour.GREEN: "#009E73",
    Colour.YELLOW: "#F0E442",
    Colour.ORANGE: "#E69F00",
    Colour.PURPLE: "#CC79A7",
}
"""Fill of each boat colour (Okabe-Ito based: blue, vermillion, bluish green, ...)."""

_LETTER_FILL: Final[dict[Colour, str]] = {
    Colour.BLUE: "#FFFFFF",
    Colour.RED: "#000000",
    Colour.GREEN: "#000000",
    Colour.YELLOW: "#000000",
    Colour.ORANGE: "#000000",
    Colour.PURPLE: "#000000",
}
# A stroke pattern per colour, as a second cue besides the letter.
_DASHES: Final[dict[Colour, str | None]] = {
    Colour.BLUE: None,
    Colour.RED: "3 1.5",
    Colour.GREEN: "1 1",
    Colour.YELLOW: "4 1.2 1 1.2",
    Colour.ORANGE: "6 2",
    Colour.PURPLE: "1 1 1 3",
}

TABLE_BG: Final = "#F6F2E8"
SEA_FILL: Final = "#8EC3E6"
SEA_EDGE: Final = "#4A86B4"
ROUTE: Final = "#FFFFFF"
SAND: Final = "#F1DFAA"
SAND_EDGE: Final = "#B8975A"
BEACH_FILL: Final = "#E6C987"
BEACH_EDGE: Final = "#8F6D33"
GREEN: Final = "#A9D18E"
GREEN_EDGE: Final = "#5E8C45"
JETTY: Final = "#6B4423"
MARKER: Final = "#E41A1C"
INK: Final = "#1A1A1A"
HIGHLIGHT: Final = "#000000"
HALO: Final = "#FFFFFF"


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


@attrs.define
class _Marks:
    """What to highlight, gathered from actions."""

    islands: set[Hex] = attrs.field(factory=set)
    beaches: set[tuple[Hex, int]] = attrs.field(factory=set)
    jetties: set[tuple[Hex, int]] = attrs.field(factory=set)
    hexes: set[Hex] = attrs.field(factory=set)
    group: bool = False
    notes: list[str] = attrs.field(factory=list)

    @property
    def empty(self) -> bool:
        return not (
            self.islands or self.beaches or self.jetties or self.hexes or self.group or self.notes
        )


def _start_position(state: GameState) -> Hex:
    for view in state.islands:
        if view.tile.is_start:
            return view.position
    return ORIGIN


def _marks(state: GameState, actions: Iterable[Action]) -> _Marks:
    marks = _Marks()
    group = state.group
    landing = state.pending.island if state.pending.island is not None else None
    if landing is None and group is not None:
        landing = group.position
    for action in actions:
        if isinstance(action, SetupPlace):
            marks.beaches.add((_start_position(state), action.beach))
        elif isinstance(action, (Expand, PlaceNewBoats)):
            marks.islands.add(action.island)
            marks.beaches.update((action.island, b) for b in action.beaches)
        elif isinstance(action, ExpandFromBoard):
            marks.islands.add(action.island)
            marks.beaches.add((action.island, action.beach))
            marks.beaches.add((action.source, action.source_beach))
        elif isinstance(action, FoundRoyal):
            marks.islands.add(action.island)
        elif isinstance(action, Recolonize):
            if "new colonisation" not in marks.notes:
                marks.notes.append("new colonisation")
        elif isinstance(action, Depart):
            marks.beaches.add((action.island, action.beach))
            marks.jetties.add((action.island, action.jetty))
        elif isinstance(action, PlaceTile):
            marks.hexes.add(action.position)
        elif isinstance(action, Berth):
            if landing is not None:
                marks.beaches.add((landing, action.beach))
        elif isinstance(action, ReturnBoat):
            marks.group = True
            if "send a boat home" not in marks.notes:
                marks.notes.append("send a boat home")
        elif isinstance(action, Draw):
            if group is not None:
                marks.hexes.add(group.position)
            marks.group = marks.group or group is not None
    return marks


def _beach_angles(view: IslandView) -> list[tuple[list[float], float, float]]:
    """Per beach: the screen angles of its slots and the angle span of its band.

    Each beach is centred on its jetties; beaches are then pushed apart on
    the circle until none overlaps (a beach with many slots and one jetty
    spreads over the edges without jetties).
    """
    beaches = view.beaches
    k = len(beaches)
    centres: list[float] = []
    for beach in beaches:
        vx = sum(math.cos(math.radians(_angle(d))) for d in beach.jetties)
        vy = sum(math.sin(math.radians(_angle(d))) for d in beach.jetties)
        if abs(vx) + abs(vy) < 1e-9:
            centres.append(_angle(beach.jetties[0]) % 360.0)
        else:
            centres.append(math.degrees(math.atan2(vy, vx)) % 360.0)
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


class _Svg:
    """Builds the document; coordinates are offset so the board starts at the margin."""

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

    # ------------------------------------------------------------ document
    def document(self, size: int) -> str:
        state = self.state
        panel_lines = self.panel_lines() if self.show_panel else []
        scale = 1.0
        if self.show_panel:
            # a board smaller than the panel is enlarged (at most twice), so that its
            # boats stay readable: measure the panel on a scratch element first
            panel_h = self.draw_panel(ET.Element("g"), panel_lines) + 16.0
            scale = min(max(panel_h / self.board_h, 1.0), 2.0)
        self.panel_x = self.board_w * scale
        width = self.panel_x + (PANEL_WIDTH if self.show_panel else 0.0)
        svg = ET.Element(
            "svg",
            {
                "xmlns": "http://www.w3.org/2000/svg",
                "version": "1.1",
                "width": str(size),
                "height": "",
                "viewBox": "",
                "font-family": FONT,
            },
        )
        ET.SubElement(svg, "title").text = self.title or self.default_title()
        ET.SubElement(svg, "desc").text = (
            "Tongiaki position: tiles, beaches with boats (letters B R G Y O P), "
            "jetties, ocean routes with their numbers, kings, and a side panel."
        )
        background = ET.SubElement(
            svg,
            "rect",
            {"class": "table", "x": "0", "y": "0", "width": _f(width), "height": ""},
            fill=TABLE_BG,
        )
        board = ET.SubElement(svg, "g", {"class": "board"})
        if scale != 1.0:
            board.set("transform", f"scale({scale:.4f})")
        self.draw_open_sea(board)
        for placed in state.placed_tiles:
            if isinstance(placed.tile, OceanTile):
                self.draw_ocean(board, placed.position, placed.rotation, placed.tile)
        views = {view.position: view for view in state.islands}
        for placed in state.placed_tiles:
            if isinstance(placed.tile, IslandTile):
                self.draw_island(board, views[placed.position])
        self.draw_hex_marks(board)
        self.draw_group(board)
        height = self.board_h * scale
        if self.show_panel:
            # the panel is as tall as its text: the picture grows to show all of it
            height = max(height, self.draw_panel(svg, panel_lines) + 16.0)
        svg.set("height", _f(size * height / width))
        svg.set("viewBox", f"0 0 {_f(width)} {_f(height)}")
        background.set("height", _f(height))
        ET.indent(svg, space=" ")
        body = ET.tostring(svg, encoding="unicode")
        return '<?xml version="1.0" encoding="UTF-8"?>\n' + body + "\n"

    def default_title(self) -> str:
        p = self.state.pending
        return f"Tongiaki, {self.state.num_players} players: {p.kind.value.replace('_', ' ')}"

    # ------------------------------------------------------------ tiles
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
        ET.SubElement(g, "title").text = f"{tile.name} at {pos}, rotation {rot}"
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
            self.text(g, x, y, str(number), 0.14 * S, bold=True, fill="#123A5C")
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
        value = "" if tile.is_start else f", value {tile.value}"
        ET.SubElement(g, "title").text = f"{tile.name}{value} at {pos}, rotation {rot}"
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
        name = tile.name
        font = min(0.2 * S, 1.8 * inner / (0.6 * max(len(name), 1)))
        name_y = cy
        if view.is_royal:
            name_y = cy + 0.12 * S
            self.crown(g, cx, cy - 0.17 * S, view.king)
        elif not tile.is_start:
            name_y = cy - 0.06 * S
        self.text(g, cx, name_y, name, font, bold=True, fill="#1F3A14", cls="island-name")
        if not tile.is_start:
            vy = name_y + 0.2 * S
            ET.SubElement(
                g,
                "circle",
                {
                    "class": "value",
                    "cx": _f(cx),
                    "cy": _f(vy),
                    "r": _f(0.095 * S),
                    "fill": "#FFFDF4",
                    "stroke": GREEN_EDGE,
                    "stroke-width": "1",
                },
            )
            self.text(g, cx, vy, str(tile.value), 0.14 * S, bold=True, fill=INK, cls="value")

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

    # ------------------------------------------------------------ pieces
    def boat(
        self, parent: ET.Element, x: float, y: float, r: float, colour: Colour, cls: str
    ) -> None:
        attrib = {
            "class": cls,
            "data-colour": colour.letter,
            "cx": _f(x),
            "cy": _f(y),
            "r": _f(r),
            "fill": PALETTE[colour],
            "stroke": INK,
            "stroke-width": "1.2",
        }
        dash = _DASHES[colour]
        if dash:
            attrib["stroke-dasharray"] = dash
        ET.SubElement(parent, "circle", attrib)
        self.text(parent, x, y, colour.letter, r * 1.25, bold=True, fill=_LETTER_FILL[colour])

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
            self.text(g, lx, ly, "next tile", 0.17 * S, fill="#555555")
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

    # ------------------------------------------------------------ panel
    def panel_lines(self) -> list[tuple[str, bool]]:
        """Text lines of the panel below the colour table: (text, bold)."""
        state = self.state
        p = state.pending
        lines: list[tuple[str, bool]] = []
        pile = state.pile
        lines.append((f"Pile: {pile.islands} islands, {pile.oceans} oceans left", False))
        if state.end_triggered and not state.is_terminal:
            lines.append(("End triggered: this turn is the last", True))
        if state.removed_tiles:
            names = ", ".join(state.config.tiles.tile(t).name for t in state.removed_tiles)
            lines.append((f"Removed: {names}", False))
        group = state.group
        if group is not None:
            letters = "".join(c.letter for c in group.colours)
            lines.append(
                (
                    f"Under way: {letters} -> {_pos(group.position)} "
                    f"(from {DIRECTION_NAMES[group.entry]})",
                    False,
                )
            )
        lines.append(("", False))
        lines.extend((text, k == 0) for k, text in enumerate(_decision_lines(state)))
        if p.kind.value not in ("draw", "game_over"):
            n = len(state.legal_actions())
            lines.append((f"{n} legal action{'s' if n != 1 else ''}", False))
        if self.marks.notes:
            lines.append(("Also possible: " + ", ".join(self.marks.notes), False))
        return lines

    def draw_panel(self, svg: ET.Element, lines: list[tuple[str, bool]]) -> float:
        """Draw the side panel; return the y of its last line."""
        state = self.state
        x0 = self.panel_x
        panel = ET.SubElement(svg, "g", {"class": "panel"})
        ET.SubElement(
            panel,
            "rect",
            {
                "x": _f(x0),
                "y": "0",
                "width": _f(PANEL_WIDTH),
                "height": "100%",
                "fill": "#FFFFFF",
                "stroke": "#CCCCCC",
            },
        )
        x = x0 + 16.0
        y = 30.0
        heading = self.title or "Tongiaki"
        self.text(panel, x, y, heading, 20.0, bold=True, anchor="start")
        y += 24.0
        variants = []
        if state.rules.variant_rody:
            variants.append("Rody variant")
        if state.rules.variant_two_player_double_colour:
            variants.append("two colours each")
        sub = f"{state.num_players} players" + ("; " + ", ".join(variants) if variants else "")
        self.text(panel, x, y, sub, 14.0, anchor="start", fill="#444444")
        y += 30.0
        cols = (
            ("Res", 150.0),
            ("Board", 200.0),
            ("Sea", 252.0),
            ("Royal", 298.0),
            ("Score", 352.0),
        )
        self.text(panel, x + 30.0, y, "Seat", 13.0, bold=True, anchor="start")
        for label, dx in cols:
            self.text(panel, x + dx, y, label, 13.0, bold=True)
        y += 8.0
        scores = state.scores()
        turn = state.turn_colour
        for colour in state.colours:
            y += 30.0
            row = ET.SubElement(panel, "g", {"class": "seat-row", "data-colour": colour.letter})
            if colour == turn and not state.is_terminal:
                ET.SubElement(
                    row,
                    "rect",
                    {
                        "class": "turn",
                        "x": _f(x0 + 4.0),
                        "y": _f(y - 14.0),
                        "width": _f(PANEL_WIDTH - 8.0),
                        "height": "28",
                        "rx": "6",
                        "fill": "#FFF3C4",
                        "stroke": "#B89B2A",
                    },
                )
            self.boat(row, x + 12.0, y, 11.0, colour, "legend-boat")
            seat = state.seat_of(colour)
            self.text(row, x + 30.0, y, f"{seat} {colour.name.title()}", 14.0, anchor="start")
            values = (
                state.reserve(colour),
                _on_beaches(state, colour),
                state.boats_at_sea(colour),
                state.royal_islands_founded(colour),
                scores[seat],
            )
            for (_label, dx), value in zip(cols, values, strict=True):
                self.text(row, x + dx, y, str(value), 14.0, bold=_label == "Score")
        y += 30.0
        if state.rules.variant_two_player_double_colour:
            self.text(panel, x, y, "Scores are per seat (two colours each).", 12.0, anchor="start")
            y += 20.0
        for text, bold in lines:
            y += 4.0
            for part in _wrap(text, 44):
                self.text(panel, x, y, part, 14.0, bold=bold, anchor="start")
                y += 20.0
        y += 10.0
        return self.legend(panel, x, y)

    def legend(self, panel: ET.Element, x: float, y: float) -> float:
        """A few symbols explained."""
        g = ET.SubElement(panel, "g", {"class": "legend"})
        self.draw_marker_sample(g, x + 10.0, y)
        self.text(g, x + 26.0, y, "red marker (edge 0 of a drawn tile)", 12.0, anchor="start")
        y += 22.0
        ET.SubElement(
            g,
            "circle",
            {"cx": _f(x + 10.0), "cy": _f(y), "r": "7", "fill": "#FFFFFF", "stroke": SEA_EDGE},
        )
        self.text(g, x + 10.0, y, "3", 10.0, bold=True, fill="#123A5C")
        self.text(g, x + 26.0, y, "route needs 3 colours (none: any group)", 12.0, anchor="start")
        y += 22.0
        ET.SubElement(
            g,
            "line",
            {
                "x1": _f(x + 2.0),
                "y1": _f(y),
                "x2": _f(x + 18.0),
                "y2": _f(y),
                "stroke": JETTY,
                "stroke-width": "3.3",
            },
        )
        self.text(
            g, x + 26.0, y, "jetty; beach slots: boat letters B R G Y O P", 12.0, anchor="start"
        )
        if not self.marks.empty:
            y += 22.0
            ET.SubElement(
                g,
                "rect",
                {
                    "x": _f(x + 1.0),
                    "y": _f(y - 7.0),
                    "width": "18",
                    "height": "14",
                    "fill": "none",
                    "stroke": HIGHLIGHT,
                    "stroke-width": "2.5",
                    "stroke-dasharray": "5 3",
                },
            )
            self.text(g, x + 26.0, y, "highlighted: legal choices", 12.0, anchor="start")
        return y + 10.0

    def draw_marker_sample(self, g: ET.Element, x: float, y: float) -> None:
        pts = [(x - 7.0, y + 5.0), (x, y - 5.0), (x + 7.0, y + 5.0)]
        ET.SubElement(
            g,
            "polygon",
            {
                "points": " ".join(f"{_f(px)},{_f(py)}" for px, py in pts),
                "fill": MARKER,
                "stroke": "#7A0000",
                "stroke-width": "0.8",
            },
        )


def _on_beaches(state: GameState, colour: Colour) -> int:
    """Boats of ``colour`` on beaches and statues (as :meth:`GameState.boats_on_board`)."""
    return state.boats_on_board(colour)


def _pos(pos: Hex) -> str:
    return f"({pos[0]},{pos[1]})"


def _wrap(text: str, width: int) -> list[str]:
    """Word wrap for the fixed-width panel (an empty text stays one empty line)."""
    return textwrap.wrap(text, width, break_long_words=False, break_on_hyphens=False) or [""]


def _who(state: GameState, seat: int | None, colour: Colour | None) -> str:
    if seat is None:
        return "chance"
    if colour is None:
        return f"seat {seat}"
    return f"seat {seat} ({colour.letter} {colour.name.title()})"


def _decision_lines(state: GameState) -> list[str]:
    """What the state waits for, in words (the first line is the headline)."""
    p = state.pending
    who = _who(state, p.player, p.colour)
    kind = p.kind.value
    if kind == "game_over":
        out = state.outcome()
        lines = ["Game over"]
        if out is not None:
            names = ", ".join(_who(state, s, state.colours[s]) for s in out.winners)
            lines.append(f"Winner{'s' if len(out.winners) > 1 else ''}: {names}")
            if out.tiebreak.value != "none":
                lines.append(f"decided by tie-break: {out.tiebreak.value}")
        return lines
    turn = f"Turn: {_who(state, state.turn_player, state.turn_colour)}"
    if kind == "setup":
        return [turn, f"Setup: {who} puts a boat on a Tonga beach"]
    if kind == "turn":
        return [turn, "Decision: expand, found a royal island or recolonise"]
    if kind == "departure":
        return [turn, f"Decision: {who} chooses a full beach and a jetty to depart"]
    if kind == "draw":
        return [turn, "Chance: the next tile is drawn from the pile"]
    if kind == "place_tile":
        name = state.config.tiles.tile(p.tile).name if p.tile else "the tile"
        return [turn, f"Decision: {who} places {name}"]
    island = state.island_at(p.island) if p.island is not None else None
    where = island.tile.name if island is not None else "an island"
    letters = "".join(c.letter for c in p.group)
    return [turn, f"Landing on {where}: {who} berths the next boat of {letters}"]


def _check_state(state: object) -> None:
    from .state import GameState

    if not isinstance(state, GameState):
        raise InvalidPositionError(f"state must be a GameState, not {_shown(state)}")


def _check_options(size: object, show_panel: object, title: object, show_open_sea: object) -> None:
    if type(size) is not int or not MIN_SIZE <= size <= MAX_SIZE:
        raise SettingsError(
            f"size must be a whole number of pixels from {MIN_SIZE} to {MAX_SIZE}, "
            f"not {_shown(size)}"
        )
    for name, flag in (("show_panel", show_panel), ("show_open_sea", show_open_sea)):
        if not isinstance(flag, bool):
            raise SettingsError(f"{name} must be True or False, not {_shown(flag)}")
    if title is None:
        return
    if not isinstance(title, str):
        raise SettingsError(f"title must be None or text, not {_shown(title)}")
    if len(title) > MAX_TITLE:
        raise SettingsError(f"title is {len(title)} characters long; at most {MAX_TITLE}")
    if not title.isprintable() or not _is_text(title):
        raise SettingsError(
            f"title {_shown(title)} holds a character that cannot be shown "
            "(a control character or a lone surrogate)"
        )


def _highlighted(state: GameState, highlight: object) -> list[Action]:
    """The actions ``highlight`` asks to mark: the choices (``True``), none, or the ones given."""
    if highlight is True:
        if state.is_chance_node:
            return [draw for draw, _p in state.chance_outcomes()]
        return list(state.legal_actions())
    if highlight is False:
        return []
    if isinstance(highlight, (str, bytes)) or not isinstance(highlight, Iterable):
        raise SettingsError(
            f"highlight must be True, False or an iterable of actions, not {_shown(highlight)}"
        )
    actions: list[Action] = []
    for k, item in enumerate(highlight):
        if k == MAX_HIGHLIGHTED:
            raise SettingsError(f"highlight holds more than {MAX_HIGHLIGHTED} actions")
        if not isinstance(item, ACTION_TYPES):
            raise SettingsError(f"highlight[{k}] must be an action, not {_shown(item)}")
        action = cast(Action, item)
        try:
            format_action(action)  # every field of the right type and in range
        except NotationError as exc:
            raise SettingsError(f"highlight[{k}]: {exc}") from None
        actions.append(action)
    return actions


def _is_text(text: str) -> bool:
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        return False
    return True


def _shown(value: object) -> str:
    """``value`` for a message: short, and safe for any value (a huge int, a lone surrogate)."""
    try:
        text = ascii(value)
    except ValueError:  # an int with too many digits to write
        text = ""
    return text if 0 < len(text) <= 40 else f"a value of type {type(value).__name__}"


def render_svg(
    state: GameState,
    *,
    size: int = 720,
    highlight: bool | Iterable[Action] = False,
    show_panel: bool = True,
    title: str | None = None,
    show_open_sea: bool = True,
) -> str:
    """The board of ``state`` as a standalone SVG document (a string).

    ``size`` is the width in pixels (the height follows the board's shape).
    ``highlight=True`` marks the choices of :meth:`GameState.legal_actions
    <tongiaki_rules.state.GameState.legal_actions>` (at a chance node, the hex
    the next tile goes to); an iterable of actions marks exactly those:
    islands and hexes get a dashed outline, beaches a dark band, departure
    jetties an arrow. ``show_panel`` adds the side panel with each colour's
    reserve, boats on beaches, boats under way, royal islands and score, the
    pile, whose turn it is and the pending decision. ``title`` goes into the
    document's ``<title>`` and the panel's heading. ``show_open_sea=False``
    leaves out the faint outlines of the empty hexes around the tiles.

    Every argument is checked before anything is drawn: a ``state`` that is
    not a :class:`~tongiaki_rules.state.GameState` raises
    :class:`~tongiaki_rules.errors.InvalidPositionError`; a ``size`` that is
    not a whole number from :data:`MIN_SIZE` to :data:`MAX_SIZE` (a bool, a
    float, NaN), ``highlight`` neither a bool nor an iterable of at most
    :data:`MAX_HIGHLIGHTED` well-formed actions, flags that are not bools and
    a ``title`` that is not printable text of at most :data:`MAX_TITLE`
    characters raise :class:`~tongiaki_rules.errors.SettingsError` naming
    the argument.

    >>> from tongiaki_rules import new_game
    >>> render_svg(new_game(2), size=-5)
    Traceback (most recent call last):
    ...
    tongiaki_rules.errors.SettingsError: size must be a whole number of pixels from 100 to \
20000, not -5

    >>> from tongiaki_rules import new_game
    >>> import xml.etree.ElementTree as ET
    >>> root = ET.fromstring(render_svg(new_game(2), size=400))
    >>> root.get("width")
    '400'
    """
    _check_state(state)
    _check_options(size, show_panel, title, show_open_sea)
    actions = _highlighted(state, highlight)
    marks = _marks(state, actions)
    builder = _Svg(state, marks, show_panel, title, show_open_sea)
    builder.highlighted_actions = actions
    return builder.document(size)
