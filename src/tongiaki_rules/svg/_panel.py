"""The side panel: each seat's boats and score, the pile, the pending decision, the legend."""

from __future__ import annotations

import textwrap
import xml.etree.ElementTree as ET
from typing import TYPE_CHECKING

from ..colours import Colour
from ..hexgrid import Hex
from ..i18n import colour_name, from_direction_name, tile_name, translations
from ._geometry import PANEL_WIDTH, _f
from ._marks import NEW_COLONISATION, SEND_HOME
from ._pieces import _Pieces
from ._style import HIGHLIGHT, JETTY, MARKER, SEA_EDGE

if TYPE_CHECKING:
    from .._state import GameState


class _Panel(_Pieces):
    """Draws the side panel."""

    def panel_lines(self) -> list[tuple[str, bool]]:
        """Text lines of the panel below the colour table: (text, bold)."""
        state = self.state
        language = self.language
        t = translations(language)
        p = state.pending
        lines: list[tuple[str, bool]] = []
        pile = state.pile
        islands = t.ngettext("{count} island", "{count} islands", pile.islands)
        oceans = t.ngettext("{count} ocean tile", "{count} ocean tiles", pile.oceans)
        lines.append(
            (
                t.gettext("Pile: {islands}, {oceans} left").format(
                    islands=islands.format(count=pile.islands),
                    oceans=oceans.format(count=pile.oceans),
                ),
                False,
            )
        )
        if state.end_triggered and not state.is_terminal:
            lines.append((t.gettext("End triggered: this turn is the last"), True))
        if state.removed_tiles:
            names = ", ".join(
                tile_name(state.config.tiles.tile(tile), language) for tile in state.removed_tiles
            )
            lines.append((t.gettext("Removed: {tiles}").format(tiles=names), False))
        group = state.group
        if group is not None:
            letters = "".join(c.letter for c in group.colours)
            lines.append(
                (
                    t.gettext("Under way: {letters} -> {position} ({entry})").format(
                        letters=letters,
                        position=_pos(group.position),
                        entry=from_direction_name(group.entry, language),
                    ),
                    False,
                )
            )
        lines.append(("", False))
        lines.extend((text, k == 0) for k, text in enumerate(_decision_lines(state, language)))
        if p.kind.value not in ("draw", "game_over"):
            n = len(state.legal_actions())
            text = t.ngettext("{count} legal action", "{count} legal actions", n)
            lines.append((text.format(count=n), False))
        notes = self.marks.notes
        if p.kind.value == "turn":  # the headline already names recolonising
            notes = [note for note in notes if note != NEW_COLONISATION]
        if notes:
            shown = ", ".join(_note(note, language) for note in notes)
            lines.append((t.gettext("Also possible: {choices}").format(choices=shown), False))
        return lines

    def draw_panel(self, svg: ET.Element, lines: list[tuple[str, bool]]) -> float:
        """Draw the side panel; return the y of its last line."""
        state = self.state
        t = translations(self.language)
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
            variants.append(t.gettext("Rody variant"))
        if state.rules.variant_two_player_double_colour:
            variants.append(t.gettext("two colours each"))
        n = state.num_players
        sub = t.ngettext("{count} player", "{count} players", n).format(count=n)
        if variants:
            sub = t.gettext("{players}; {variants}").format(
                players=sub, variants=", ".join(variants)
            )
        self.text(panel, x, y, sub, 14.0, anchor="start", fill="#444444")
        y += 30.0
        # TRANSLATORS: the panel's column headings are at most about 6 letters wide
        cols = (
            (t.pgettext("panel column", "Res"), 150.0),
            (t.pgettext("panel column", "Board"), 200.0),
            (t.pgettext("panel column", "Sea"), 252.0),
            (t.pgettext("panel column", "Royal"), 298.0),
            (t.pgettext("panel column", "Score"), 352.0),
        )
        seat_heading = t.pgettext("panel column", "Seat")
        self.text(panel, x + 30.0, y, seat_heading, 13.0, bold=True, anchor="start")
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
            name = colour_name(colour, self.language)
            self.text(row, x + 30.0, y, f"{seat} {name}", 14.0, anchor="start")
            values = (
                state.reserve(colour),
                _on_beaches(state, colour),
                state.boats_at_sea(colour),
                state.royal_islands_founded(colour),
                scores[seat],
            )
            for k, ((_label, dx), value) in enumerate(zip(cols, values, strict=True)):
                self.text(row, x + dx, y, str(value), 14.0, bold=k == len(cols) - 1)
        y += 30.0
        if state.rules.variant_two_player_double_colour:
            note = t.gettext("Scores are per seat (two colours each).")
            self.text(panel, x, y, note, 12.0, anchor="start")
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
        t = translations(self.language)
        g = ET.SubElement(panel, "g", {"class": "legend"})
        self.draw_marker_sample(g, x + 10.0, y)
        self.text(
            g, x + 26.0, y, t.gettext("red marker (edge 0 of a drawn tile)"), 12.0, anchor="start"
        )
        y += 22.0
        ET.SubElement(
            g,
            "circle",
            {"cx": _f(x + 10.0), "cy": _f(y), "r": "7", "fill": "#FFFFFF", "stroke": SEA_EDGE},
        )
        self.text(g, x + 10.0, y, "3", 10.0, bold=True, fill="#123A5C")
        text = t.gettext("route needs 3 colours (none: any group)")
        self.text(g, x + 26.0, y, text, 12.0, anchor="start")
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
        text = t.gettext("jetty; beach slots: boat letters B R G Y O P")
        self.text(g, x + 26.0, y, text, 12.0, anchor="start")
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
            text = t.gettext("highlighted: legal choices")
            self.text(g, x + 26.0, y, text, 12.0, anchor="start")
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


def _note(note: str, language: str) -> str:
    """A note of the highlighted choices that have no place to mark, in ``language``."""
    t = translations(language)
    if note == NEW_COLONISATION:
        return t.gettext("new colonisation")
    if note == SEND_HOME:
        return t.gettext("send a boat home")
    return note


def _who(state: GameState, seat: int | None, colour: Colour | None, language: str) -> str:
    t = translations(language)
    if seat is None:
        return t.gettext("chance")
    if colour is None:
        return t.gettext("seat {seat}").format(seat=seat)
    return t.gettext("seat {seat} ({letter} {colour})").format(
        seat=seat, letter=colour.letter, colour=colour_name(colour, language)
    )


def _decision_lines(state: GameState, language: str) -> list[str]:
    """What the state waits for, in words (the first line is the headline)."""
    t = translations(language)
    p = state.pending
    who = _who(state, p.player, p.colour, language)
    kind = p.kind.value
    if kind == "game_over":
        out = state.outcome()
        lines = [t.gettext("Game over")]
        if out is not None:
            names = ", ".join(_who(state, s, state.colours[s], language) for s in out.winners)
            winners = t.ngettext("Winner: {names}", "Winners: {names}", len(out.winners))
            lines.append(winners.format(names=names))
            if out.tiebreak.value == "islands":
                lines.append(t.gettext("decided by tie-break 1: present on the most islands"))
            elif out.tiebreak.value == "boats":
                lines.append(t.gettext("decided by tie-break 2: fewest boats on the board"))
            elif out.tiebreak.value == "shared":
                lines.append(t.gettext("still tied after both tie-breaks: a shared victory"))
        return lines
    turn = t.gettext("Turn: {who}").format(
        who=_who(state, state.turn_player, state.turn_colour, language)
    )
    if kind == "setup":
        return [turn, t.gettext("Setup: {who} puts a boat on a Tonga beach").format(who=who)]
    if kind == "turn":
        return [turn, t.gettext("Decision: expand, found a royal island or recolonise")]
    if kind == "departure":
        text = t.gettext("Decision: {who} chooses a full beach and a jetty to depart")
        return [turn, text.format(who=who)]
    if kind == "draw":
        return [turn, t.gettext("Chance: the next tile is drawn from the pile")]
    if kind == "place_tile":
        if p.tile:
            name = tile_name(state.config.tiles.tile(p.tile), language)
            return [turn, t.gettext("Decision: {who} places {tile}").format(who=who, tile=name)]
        return [turn, t.gettext("Decision: {who} places the tile").format(who=who)]
    island = state.island_at(p.island) if p.island is not None else None
    letters = "".join(c.letter for c in p.group)
    if island is None:
        text = t.gettext("Landing on an island: {who} berths the next boat of {letters}")
        return [turn, text.format(who=who, letters=letters)]
    text = t.gettext("Landing on {island}: {who} berths the next boat of {letters}")
    where = tile_name(island.tile, language)
    return [turn, text.format(island=where, who=who, letters=letters)]
