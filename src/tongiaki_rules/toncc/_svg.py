"""Tóncc as an SVG picture: the board beside the Map, with letters as well as colours.

Every region is a disc in its background colour with its Map position and
its colour letters written on it (``By``: blue background, yellow symbol), so
the picture reads without telling the colours apart; a conquered region is
grey with the letter of the King whose seal is on it. Kings are black-ringed
discs carrying their letter. The Map is the triangle of the 18 pictures, a seal
shown as the King's letter in a ring. The document is the same for the same
state, byte for byte, and is well-formed XML.

>>> from tongiaki_rules.toncc import TonccRules, new_game
>>> svg = render_toncc_svg(new_game(TonccRules(colour_draw="fixed")).dealt(tuple(range(18))))
>>> svg.startswith("<svg") and svg.count("<circle") > 36
True
"""

from __future__ import annotations

from xml.sax.saxutils import escape

from ..errors import QueryError, SettingsError, shown
from ._kings import KINGS
from ._state import TonccState
from ._textview import LETTERS, colours_code, picture_text
from ._values import text as checked_text
from .board import AXIAL, LABELS, MIND, REGION_CELLS
from .regions import position_name

__all__ = ["FILLS", "render_toncc_svg"]

FILLS = ("#d55e00", "#f0e442", "#0072b2")
"""Fill of red, yellow and blue (the Okabe–Ito palette, safe for colour-blind eyes)."""
INKS = ("#ffffff", "#000000", "#ffffff")
"""Text colour readable on each fill."""
FACE_DOWN = "#9e9e9e"
MAX_TITLE = 200
"""The longest title :func:`render_toncc_svg` draws (one line of printable text)."""
_R = 30.0
_CENTRE = (200.0, 190.0)
_KING_OFFSETS = ((-14.0, 14.0), (0.0, 19.0), (14.0, 14.0))


def _num(value: float) -> str:
    return f"{value:.1f}".rstrip("0").rstrip(".")


def _cell_xy(cell: int) -> tuple[float, float]:
    q, r = AXIAL[cell]
    step = 2.1 * _R
    return (_CENTRE[0] + step * (q + r / 2), _CENTRE[1] + step * 0.866 * r)


def _text(x: float, y: float, text: str, *, size: int = 12, fill: str = "#000000") -> str:
    return (
        f'<text x="{_num(x)}" y="{_num(y)}" font-size="{size}" fill="{fill}" '
        f'text-anchor="middle">{escape(text)}</text>'
    )


def _circle(x: float, y: float, r: float, fill: str, stroke: str = "#000000") -> str:
    return (
        f'<circle cx="{_num(x)}" cy="{_num(y)}" r="{_num(r)}" fill="{fill}" '
        f'stroke="{stroke}" stroke-width="1.5"/>'
    )


def _board(state: TonccState) -> list[str]:
    parts = ['<g class="board">']
    for cell in range(REGION_CELLS + 1):
        x, y = _cell_xy(cell)
        if cell == MIND:
            parts.append(_circle(x, y, _R, "#ffffff"))
            parts.append(_text(x, y + 4, "Mind"))
        elif cell >= len(state.layout):
            parts.append(_circle(x, y, _R, "#ffffff"))
            parts.append(_text(x, y - 8, LABELS[cell], size=10))
            parts.append(_text(x, y + 6, "?"))
        else:
            parts.extend(_region_disc(state, cell, x, y))
        for king, (dx, dy) in zip(KINGS, _KING_OFFSETS, strict=True):
            if state.positions[king.value] == cell:
                parts.append(_circle(x + dx, y + dy, 8, FILLS[king.value]))
                parts.append(
                    _text(x + dx, y + dy + 4, LETTERS[king.value], size=10, fill=INKS[king.value])
                )
    parts.append("</g>")
    return parts


def _region_disc(state: TonccState, cell: int, x: float, y: float) -> list[str]:
    region = state.layout[cell]
    picture = state.toncc_map.regions[region]
    label = f"{LABELS[cell]} {position_name(region)}"
    if state.face_up >> cell & 1:
        background = picture.background.value
        return [
            f"<title>{escape(label + ': ' + picture_text(picture))}</title>",
            _circle(x, y, _R, FILLS[background]),
            _circle(x, y - 2, 7, FILLS[picture.symbol.value]),
            _text(x, y - 14, label, size=9, fill=INKS[background]),
            _text(x, y + 12, colours_code(picture), size=10, fill=INKS[background]),
        ]
    owner = state.owners[region]
    seal = LETTERS[owner] if owner >= 0 else "?"
    return [
        _circle(x, y, _R, FACE_DOWN),
        _text(x, y - 14, label, size=9),
        _text(x, y + 4, f"#{seal.lower()}", size=12),
    ]


def _map_xy(region: int) -> tuple[float, float]:
    corners = ((460.0, 330.0), (720.0, 330.0), (590.0, 105.0))
    side, k = divmod(region, 6)
    (x0, y0), (x1, y1) = corners[side], corners[(side + 1) % 3]
    return (x0 + (x1 - x0) * k / 6, y0 + (y1 - y0) * k / 6)


def _map(state: TonccState) -> list[str]:
    parts = ['<g class="map">', _text(590.0, 372.0, "Map: seals on the 18 pictures")]
    for region, picture in enumerate(state.toncc_map.regions):
        x, y = _map_xy(region)
        background = picture.background.value
        parts.append(
            f"<title>{escape(position_name(region) + ': ' + picture_text(picture))}</title>"
        )
        parts.append(_circle(x, y, 17, FILLS[background]))
        parts.append(_text(x, y - 3, position_name(region), size=9, fill=INKS[background]))
        parts.append(_text(x, y + 9, colours_code(picture), size=9, fill=INKS[background]))
        owner = state.owners[region]
        if owner >= 0:
            parts.append(_circle(x + 14, y - 14, 8, FILLS[owner]))
            parts.append(_text(x + 14, y - 10, LETTERS[owner], size=10, fill=INKS[owner]))
    parts.append("</g>")
    return parts


def _scores(state: TonccState) -> list[str]:
    if state.is_terminal:
        heading = "Game over: " + ", ".join(k.name.title() for k in state.winners())
    else:
        heading = f"Challenge {state.challenge + 1} of 3, turn {state.turn + 1}"
    lines = [heading] + [
        f"{king.name.title()}: {state.seals[king.value]} seals, "
        f"{state.toncc_totals[king.value]} tóncc"
        for king in KINGS
    ]
    return [_text(200.0, 400.0 + 16 * k, line, size=13) for k, line in enumerate(lines)]


def render_toncc_svg(state: TonccState, title: str | None = None) -> str:
    """An SVG document of ``state``: the board, the Map and the scores (deterministic)."""
    if type(state) is not TonccState:
        raise QueryError(f"state: expected a TonccState, got {shown(state)}")
    if title is not None:
        checked_text(title, "title", SettingsError)
        if len(title) > MAX_TITLE or not title.isprintable():
            raise SettingsError(
                f"title: {shown(title)} is not a line of at most {MAX_TITLE} printable characters"
            )
    width, height = 780, 470
    head = (
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
        f'viewBox="0 0 {width} {height}" font-family="sans-serif">'
    )
    body = [head, f'<rect width="{width}" height="{height}" fill="#ffffff"/>']
    if title is not None:
        body.append(f"<title>{escape(title)}</title>")
        body.append(_text(390.0, 22.0, title, size=16))
    body.extend(_board(state))
    body.extend(_map(state))
    body.extend(_scores(state))
    body.append("</svg>")
    return "\n".join(body) + "\n"
