"""The side panel: each seat's boats and score, the pile, the pending decision, the legend."""

from __future__ import annotations

import textwrap
import xml.etree.ElementTree as ET
from typing import TYPE_CHECKING

from ..colours import Colour
from ..hexgrid import DIRECTION_NAMES, Hex
from .geometry import PANEL_WIDTH, _f
from .marks import NEW_COLONISATION
from .pieces import _Pieces
from .style import HIGHLIGHT, JETTY, MARKER, SEA_EDGE

if TYPE_CHECKING:
    from ..state import GameState


class _Panel(_Pieces):
    """Draws the side panel."""

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
        notes = self.marks.notes
        if p.kind.value == "turn":  # the headline already names recolonising
            notes = [note for note in notes if note != NEW_COLONISATION]
        if notes:
            lines.append(("Also possible: " + ", ".join(notes), False))
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
