"""The whole SVG document: the board (tiles, marks, the group), the side panel and the scale."""

from __future__ import annotations

import xml.etree.ElementTree as ET

from ..i18n import decision_name, translations
from ..tiles import IslandTile, OceanTile
from ._geometry import PANEL_WIDTH, _f
from ._labels import _Labels
from ._panel import _Panel
from ._style import FONT, TABLE_BG
from ._tiles import _Tiles


class _Svg(_Tiles, _Panel, _Labels):
    """Builds the document; coordinates are offset so the board starts at the margin."""

    coords: bool = False
    """Whether to write each hex's ``q,r``, beach numbers and jetty digits (:mod:`.labels`)."""

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
        ET.SubElement(svg, "desc").text = translations(self.language).gettext(
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
        if self.coords:
            self.draw_labels(board)
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
        t = translations(self.language)
        n = self.state.num_players
        decision = decision_name(self.state.pending.kind.value, self.language)
        text = t.ngettext(
            "Tongiaki, {count} player: {decision}", "Tongiaki, {count} players: {decision}", n
        )
        return text.format(count=n, decision=decision)
