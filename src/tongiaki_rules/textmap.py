"""The table as a hex map made of text, for terminals, with optional colour.

Each tile on the table is a flat-topped hexagon drawn with ``_ / \\`` and
placed by its axial position (see :mod:`.hexgrid`): the column by ``q``,
the height by ``2r + q``, so neighbours share their edges as on the table.

* An island shows its name, its value (``4 points``; a royal island shows
  ``4p king R`` instead) and its beaches as ``k[RB.]``: the beach number, one
  letter per boat (B R G Y O P, as in the JSON and the notation) and a ``.``
  per free slot. The start island has no value line. Each beach is written
  on the side of its jetties, as the SVG draws it: on Tonga, beach 0 by the
  bottom edge, beach 3 by the top one (:mod:`.textlayout` places them).
* With ``coords=True``, each hex's ``q,r`` (what the notation's moves name)
  is written on the left part of its top edge.
* With a ``width``, a map wider than that shows only the columns of hexes
  around the hex that matters (``focus``), and says under the map how many
  hexes are hidden on each side.
* A jetty is the digit of its board direction written on the edge it lies
  on (the number the notation's ``depart Q,R.BEACH JETTY`` takes): the top
  and bottom edges hold it beside their middle, the slanted edges at their
  upper (2 and 4) or lower (1 and 5) end, so facing jetties never overlap.
* An ocean tile shows ``ocean a`` and its routes between board directions
  with the number of colours they need: ``0-3:4`` (``-`` for none).
* The red marker of a drawn tile (its printed edge 0, the rotation) is a
  ``^ v < >`` pointing inwards in the middle of that edge.
* The group under way waits in the empty hex it is about to enter, its
  letters by the edge it comes through, with a ``?`` for the tile to draw.
* Below the map: the pile, the removed tiles, the group, each colour's
  reserve, boats on board, royal islands and score (``*`` marks whose turn
  it is) and the pending decision, as in the text view (``str(state)``).

:func:`map_lines` returns plain lines (ASCII, no trailing spaces);
:func:`map_spans` returns the same lines cut into :class:`Span` pieces, each
with a style name of :data:`STYLES`, for a front end to colour as it likes;
:func:`render_map` joins them, with ANSI colours when asked. The same state
always gives the same map.

>>> from tongiaki_rules import new_game
>>> print(render_map(new_game(2), coords=True))
    __0,0___3______
   /    3[...]     \\
  / 2[...]   4[...] \\
 2                   4
/        Tonga        \\
\\                     /
 \\ 1[...]     5[...] /
  1     0[...]      5
   \\______0________/
Tongiaki, 2 players; 1 tile on the table, 15 islands and 16 oceans in the pile
Colours: reserve / on board / royal islands / score
 *B blue    seat 0: 15 /  0 / 0 / 0
  R red     seat 1: 15 /  0 / 0 / 0
Decision: setup by seat 0 (blue), 6 legal actions
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

import attrs

from ._textlayout import (
    INSIDE,
    PAD,
    RIM_PLACES,
    SLANT,
    STEP_Q,
    TOP,
    Align,
    place_items,
    visible_columns,
)
from ._textview import head_lines, removed_line, tail_lines
from .colours import Colour
from .errors import InvalidPositionError, SettingsError
from .hexgrid import Hex, neighbour, side_of
from .i18n import checked_language, tile_name, translations

if TYPE_CHECKING:
    from ._state import GameState
    from .views import GroupView, IslandView, PlacedTile

__all__ = ["ANSI", "MIN_WIDTH", "STYLES", "Span", "map_lines", "map_spans", "render_map"]

STYLES: Final[tuple[str, ...]] = (
    "edge",
    "name",
    "value",
    "jetty",
    "marker",
    "free",
    "ocean",
    "group",
    "coords",
    "text",
    "B",
    "R",
    "G",
    "Y",
    "O",
    "P",
)
"""The style names of :class:`Span`: parts of the drawing, and one per colour letter.

``edge`` hexagon outlines, ``name`` tile names, ``value`` values and kings,
``jetty`` jetty digits, ``marker`` the red markers and removed tiles,
``free`` free slots and brackets, ``ocean`` ocean tiles and their routes,
``group`` the ``?`` of the hex the group enters, ``coords`` the ``q,r`` of
each hex (with ``coords=True``), ``text`` the lines below the map, and
``B R G Y O P`` a boat (or a seat's line) of that colour.
"""

ANSI: Final[dict[str, str]] = {
    "edge": "2",
    "name": "1",
    "value": "33",
    "jetty": "36",
    "marker": "1;31",
    "free": "2",
    "ocean": "34",
    "group": "1;35",
    "coords": "2;3",
    "text": "",
    "B": "1;34",
    "R": "1;31",
    "G": "1;32",
    "Y": "1;33",
    "O": "1;38;5;208",
    "P": "1;35",
}
"""The ANSI SGR parameters :func:`render_map` uses for each style name."""

_MARKS: Final = ("^", ">", ">", "v", "<", "<")
"""The red marker on the middle of each edge, pointing into the hex."""


@attrs.frozen(slots=True)
class Span:
    """A piece of a line of the map and the style name (:data:`STYLES`) it is drawn in.

    >>> Span("3[...]", "free").text
    '3[...]'
    """

    text: str
    style: str


class _Canvas:
    """Characters with their styles at (row, column); later writes win."""

    def __init__(self) -> None:
        self.cells: dict[tuple[int, int], tuple[str, str]] = {}

    def put(self, row: int, col: int, text: str, style: str) -> None:
        for k, char in enumerate(text):
            self.cells[(row, col + k)] = (char, style)

    def spans(self) -> list[list[Span]]:
        if not self.cells:
            return []
        right: dict[int, int] = {}  # by row, its last column written (one pass over the cells)
        left = min(c for _, c in self.cells)
        for r, c in self.cells:
            if c > right.get(r, left - 1):
                right[r] = c
        lines: list[list[Span]] = []
        for row in range(min(right), max(right) + 1):
            line: list[Span] = []
            for col in range(left, right.get(row, left - 1) + 1):
                char, style = self.cells.get((row, col), (" ", "text"))
                _append(line, char, style)
            lines.append(line)
        return lines


def _append(line: list[Span], text: str, style: str) -> None:
    """Add ``text`` to ``line``, joining it to the last span if the style is the same."""
    if line and (line[-1].style == style or not text.strip()):
        line[-1] = Span(line[-1].text + text, line[-1].style)
    else:
        line.append(Span(text, style))


def _origin(position: Hex) -> tuple[int, int]:
    """The (row, column) of the top-left corner of the box holding the hex at ``position``."""
    q, r = position
    return (2 * r + q) * SLANT, q * STEP_Q


_INSIDE: Final = INSIDE


def _outline(canvas: _Canvas, position: Hex) -> None:
    """The six edges of the hex at ``position``."""
    row0, col0 = _origin(position)
    canvas.put(row0, col0 + SLANT, "_" * TOP, "edge")
    canvas.put(row0 + 2 * SLANT, col0 + SLANT, "_" * TOP, "edge")
    for k in range(SLANT):
        canvas.put(row0 + 1 + k, col0 + SLANT - 1 - k, "/", "edge")
        canvas.put(row0 + 1 + k, col0 + SLANT + TOP + k, "\\", "edge")
        canvas.put(row0 + SLANT + 1 + k, col0 + k, "\\", "edge")
        canvas.put(row0 + SLANT + 1 + k, col0 + 2 * SLANT + TOP - 1 - k, "/", "edge")


def _edge_cell(position: Hex, direction: int, where: str) -> tuple[int, int]:
    """A cell of edge ``direction`` of the hex at ``position``.

    ``middle`` is where a jetty's digit goes (beside the centre of the top and
    bottom edges, so that facing jetties never meet); ``own`` is the end of a
    slanted edge that belongs to this hex alone (the upper end of edges 2 and
    4, the lower end of 1 and 5); ``marker`` is where the red marker goes: the
    centre of the top and bottom edges, the own end of the slanted ones.
    """
    row0, col0 = _origin(position)
    middle = SLANT // 2
    if direction in (0, 3):
        if where == "own":
            where = "marker"
        row = row0 + (2 * SLANT if direction == 0 else 0)
        centre = col0 + SLANT + TOP // 2
        shift = {"marker": 0, "middle": -1 if direction == 0 else 1, "own": 0}[where]
        return row, centre + shift
    upper = direction in (2, 4)
    k = middle if where == "middle" else (0 if upper else SLANT - 1)
    if direction == 2:
        return row0 + 1 + k, col0 + SLANT - 1 - k
    if direction == 4:
        return row0 + 1 + k, col0 + SLANT + TOP + k
    if direction == 1:
        return row0 + SLANT + 1 + k, col0 + k
    return row0 + SLANT + 1 + k, col0 + 2 * SLANT + TOP - 1 - k


def _write_rows(
    canvas: _Canvas, position: Hex, first: int, rows: list[list[Span]], *, centre: bool = True
) -> None:
    """Write ``rows`` of spans inside the hex from inner row ``first`` on, each cut to fit."""
    row0, col0 = _origin(position)
    for k, spans in enumerate(rows):
        inner = first + k
        if inner > len(_INSIDE):
            return
        left, width = _INSIDE[inner - 1]
        size = sum(len(span.text) for span in spans)
        col = col0 + left + (max(0, (width - size) // 2) if centre else 0)
        room = width
        for span in spans:
            text = span.text[:room]
            canvas.put(row0 + inner, col, text, span.style)
            col += len(text)
            room -= len(text)


def _beach_spans(index: int, boats: tuple[Colour, ...], free: int) -> list[Span]:
    spans = [Span(f"{index}[", "free")]
    spans.extend(Span(c.letter, c.letter) for c in boats)
    spans.append(Span("." * free + "]", "free"))
    return spans


def _pack(items: list[list[Span]], widths: list[int]) -> list[list[Span]]:
    """Lay ``items`` out in rows of the given widths, in order, a space between two."""
    rows: list[list[Span]] = [[] for _ in widths]
    used = [0] * len(widths)
    row = 0
    for item in items:
        size = sum(len(s.text) for s in item)
        while row < len(widths) - 1 and used[row] + (1 if used[row] else 0) + size > widths[row]:
            row += 1
        if used[row]:
            rows[row].append(Span(" ", "text"))
            used[row] += 1
        rows[row].extend(item)
        used[row] += size
    return rows


def _jetties(canvas: _Canvas, view: IslandView, islands: dict[Hex, IslandView]) -> None:
    """Each jetty's digit on the middle of its edge, at its own end if a jetty faces it."""
    for beach in view.beaches:
        for jetty in beach.jetties:
            where = "middle" if jetty in (0, 3) else _middle_or_end(view, jetty, islands)
            canvas.put(*_edge_cell(view.position, jetty, where), str(jetty), "jetty")


def _middle_or_end(view: IslandView, jetty: int, islands: dict[Hex, IslandView]) -> str:
    other = islands.get(neighbour(view.position, jetty))
    facing = (jetty + 3) % 6
    if other is not None and any(facing in b.jetties for b in other.beaches):
        return "own"
    return "middle"


def _island(canvas: _Canvas, view: IslandView, language: str = "en") -> None:
    """The name, the value and each beach on the side of its jetties (:mod:`.textlayout`)."""
    t = translations(language)
    middle: list[list[Span]] = [[Span(tile_name(view.tile, language), "name")]]
    if not view.tile.is_start:
        value = view.tile.value
        if view.is_royal:
            king = view.king.letter if view.king is not None else "-"
            style = king if king != "-" else "value"
            # TRANSLATORS: inside a hex of the text map: at most 8 characters with the value
            royal = t.pgettext("text map", "{value}p king ").format(value=value)
            middle.append([Span(royal, "value"), Span(king, style)])
        else:
            points = t.npgettext("text map", "{count} point", "{count} points", value)
            middle.append([Span(points.format(count=value), "value")])
    beaches = [_beach_spans(b.index, b.boats, b.free) for b in view.beaches]
    rim = [
        (side_of(b.jetties), _size(spans)) for b, spans in zip(view.beaches, beaches, strict=True)
    ]
    rim_at, middle_at = place_items(rim, [_size(item) for item in middle])
    items = [
        (spot, spans)
        for spot, spans in [
            *zip(rim_at, beaches, strict=True),
            *zip(middle_at, middle, strict=True),
        ]
        if spot is not None
    ]
    _write_items(canvas, view.position, items)


def _size(spans: list[Span]) -> int:
    return sum(len(span.text) for span in spans)


def _write_items(
    canvas: _Canvas, position: Hex, items: list[tuple[tuple[int, Align], list[Span]]]
) -> None:
    """Write each item in its inner row: at the left, at the right, or centred between them."""
    row0, col0 = _origin(position)
    for row in sorted({spot[0] for spot, _ in items}):
        left, width = _INSIDE[row - 1]
        mine = {spot[1]: spans for spot, spans in items if spot[0] == row}
        low, high = left + PAD, left + width - PAD  # the free columns [low, high)
        if "left" in mine:
            _put_spans(canvas, row0 + row, col0 + low, mine["left"])
            low += _size(mine["left"]) + 1
        if "right" in mine:
            size = _size(mine["right"])
            _put_spans(canvas, row0 + row, col0 + high - size, mine["right"])
            high -= size + 1
        if "centre" in mine:
            size = _size(mine["centre"])
            col = left + (width - size) // 2
            col = max(low, min(col, high - size))
            _put_spans(canvas, row0 + row, col0 + col, mine["centre"])


def _put_spans(canvas: _Canvas, row: int, col: int, spans: list[Span]) -> None:
    for span in spans:
        canvas.put(row, col, span.text, span.style)
        col += len(span.text)


def _ocean(canvas: _Canvas, placed: PlacedTile, language: str = "en") -> None:
    from .tiles import OceanTile

    tile = placed.tile
    assert isinstance(tile, OceanTile)
    routes = []
    for route in tile.routes:
        a, b = sorted(((route.a + placed.rotation) % 6, (route.b + placed.rotation) % 6))
        routes.append((a, b, route.colours))
    items = [[Span(f"{a}-{b}:{n if n else '-'}", "ocean")] for a, b, n in sorted(routes)]
    # TRANSLATORS: inside a hex of the text map: at most 8 characters with the letter
    name = translations(language).pgettext("text map", "ocean {letter}")
    rows: list[list[Span]] = [
        [Span(name.format(letter=tile.id.removeprefix("ocean-")), "ocean")],
        [],
    ]
    widths = [_INSIDE[k - 1][1] for k in range(3, len(_INSIDE) + 1)]
    rows.extend(_pack(items, widths))
    _write_rows(canvas, placed.position, 1, rows)


def _group(canvas: _Canvas, group: GroupView) -> None:
    """The group in the empty hex it enters, its letters on the edge it comes through."""
    _outline(canvas, group.position)
    letters = [Span(c.letter, c.letter) for c in group.colours]
    row, align = RIM_PLACES[float(group.entry)][0]
    items: list[tuple[tuple[int, Align], list[Span]]] = [((row, align), letters)]
    items.append(((SLANT if row != SLANT else SLANT + 1, "centre"), [Span("?", "group")]))
    _write_items(canvas, group.position, items)


def _coords(canvas: _Canvas, position: Hex) -> None:
    """``q,r`` on the left part of the hex's top edge, clear of the jetties and the marker."""
    q, r = position
    label = f"{q},{r}"
    row0, col0 = _origin(position)
    room = TOP // 2 - 1  # the columns left of those a jetty or a marker uses
    start = max(0, room - len(label) - 1) if len(label) < room else 0
    canvas.put(row0, col0 + SLANT + start, label[: max(room, len(label))], "coords")


def _check_map_options(coords: object, width: object, focus: object) -> None:
    if type(coords) is not bool:
        raise SettingsError(f"coords must be True or False, not {type(coords).__name__}")
    if width is not None and (type(width) is not int or width < MIN_WIDTH):
        shown = width if type(width) is int else type(width).__name__
        raise SettingsError(f"width must be None or a whole number from {MIN_WIDTH}, not {shown}")
    if focus is not None and not (
        isinstance(focus, tuple) and len(focus) == 2 and all(type(v) is int for v in focus)
    ):
        raise SettingsError("focus must be None or a hex (q, r) of two whole numbers")


MIN_WIDTH: Final = 2 * SLANT + TOP
"""The narrowest map :func:`map_spans` draws (one hex across), in characters."""


def map_spans(
    state: GameState,
    language: str = "en",
    *,
    coords: bool = False,
    width: int | None = None,
    focus: Hex | None = None,
    outcome: bool = True,
) -> list[list[Span]]:
    """The map of ``state`` as lines of styled :class:`Span` pieces.

    Joining the texts of a line's spans gives the line of :func:`map_lines`.
    ``language`` (``"en"``, ``"de"``, ``"fr"``, ``"it"``) is that of the
    islands' names, the words in the hexes and the summary lines; one that
    is not available falls back to English with a
    :class:`~tongiaki_rules.i18n.LanguageNotice` warning.
    ``coords=True`` writes each hex's ``q,r`` on its top edge (beach numbers
    and jetty digits are always shown). A ``width`` (in characters) keeps
    the map within it: when the hexes do not fit, only the columns around
    ``focus`` are shown (by default the hex the group is in, else Tonga), and
    a line under the map says which columns are hidden. ``outcome=False``
    leaves out the summary line that tells the winner of a finished game
    (for a program that tells the result its own way).

    >>> from tongiaki_rules import new_game
    >>> [(span.text, span.style) for span in map_spans(new_game(2))[2]]
    [('  ', 'text'), ('/ ', 'edge'), ('2[...]   4[...] ', 'free'), ('\\\\', 'edge')]
    """
    from ._state import GameState

    if not isinstance(state, GameState):
        raise InvalidPositionError(f"state must be a GameState, not {type(state).__name__}")
    language = checked_language(language)
    _check_map_options(coords, width, focus)
    canvas = _Canvas()
    placed = state.placed_tiles
    for tile in placed:
        _outline(canvas, tile.position)
    group = state.group
    if group is not None and state.island_at(group.position) is None:
        _group(canvas, group)
    islands = {view.position: view for view in state.islands}
    for tile in placed:
        if not getattr(tile.tile, "is_start", False):
            mark = _MARKS[tile.rotation]
            canvas.put(*_edge_cell(tile.position, tile.rotation, "marker"), mark, "marker")
    for view in islands.values():
        _jetties(canvas, view, islands)
    for tile in placed:
        if tile.position in islands:
            _island(canvas, islands[tile.position], language)
        else:
            _ocean(canvas, tile, language)
    hexes = [tile.position for tile in placed]
    if group is not None and group.position not in hexes:
        hexes.append(group.position)
    if coords:
        for position in hexes:
            _coords(canvas, position)
    note = None
    if width is not None:
        if focus is None:
            focus = group.position if group is not None else (0, 0)
        note = _crop(canvas, hexes, focus, width, language)
    lines = canvas.spans()
    if note is not None:
        lines.append([Span(note, "text")])
    removed = removed_line(state, language)
    for text in [*head_lines(state, language), *tail_lines(state, language, outcome=outcome)]:
        lines.append(_text_spans(text, state, removed))
    return [_rstrip(line) for line in lines]


def _crop(
    canvas: _Canvas, hexes: list[Hex], focus: Hex, width: int, language: str = "en"
) -> str | None:
    """Keep the hex columns that fit in ``width`` around ``focus``; say what is hidden."""
    first, last = visible_columns([q for q, _ in hexes], focus[0], width)
    hidden_left = sum(1 for q, _ in hexes if q < first)
    hidden_right = sum(1 for q, _ in hexes if q > last)
    if not hidden_left and not hidden_right:
        return None
    low, high = first * STEP_Q, last * STEP_Q + MIN_WIDTH - 1
    # what is written inside the hidden hexes, where it meets the shown ones
    hidden: set[tuple[int, int]] = set()
    for position in hexes:
        if position[0] in (first - 1, last + 1):
            row0, col0 = _origin(position)
            for k, (left, size) in enumerate(_INSIDE, 1):
                hidden.update((row0 + k, col0 + c) for c in range(left, left + size))
    canvas.cells = {
        (r, c): v for (r, c), v in canvas.cells.items() if low <= c <= high and (r, c) not in hidden
    }
    t = translations(language)
    parts = []
    if hidden_left:
        on_left = t.ngettext(
            "{count} hex left of q={q}", "{count} hexes left of q={q}", hidden_left
        )
        parts.append(on_left.format(count=hidden_left, q=first))
    if hidden_right:
        on_right = t.ngettext(
            "{count} hex right of q={q}", "{count} hexes right of q={q}", hidden_right
        )
        parts.append(on_right.format(count=hidden_right, q=last))
    return t.gettext("(not shown, to fit {width} columns: {hidden})").format(
        width=width, hidden=t.gettext(" and ").join(parts)
    )


def _text_spans(text: str, state: GameState, removed: str | None = None) -> list[Span]:
    """A line below the map: a seat's line in its colour, removed tiles in red."""
    if text == removed:
        return [Span(text, "marker")]
    for colour in state.colours:
        if text[2:4] == f"{colour.letter} " and text.startswith((" *", "  ")):
            return [Span(text[:2], "text"), Span(text[2:], colour.letter)]
    return [Span(text, "text")]


def _rstrip(line: list[Span]) -> list[Span]:
    while line and not line[-1].text.rstrip():
        line.pop()
    if line:
        line[-1] = Span(line[-1].text.rstrip(), line[-1].style)
    return line


def map_lines(
    state: GameState,
    language: str = "en",
    *,
    coords: bool = False,
    width: int | None = None,
    focus: Hex | None = None,
    outcome: bool = True,
) -> list[str]:
    """The map of ``state`` as plain lines (ASCII, no trailing spaces).

    The options are those of :func:`map_spans`.


    >>> from tongiaki_rules import new_game
    >>> map_lines(new_game(3), coords=True)[0]
    '    __0,0___3______'
    """
    lines = map_spans(state, language, coords=coords, width=width, focus=focus, outcome=outcome)
    return ["".join(span.text for span in line) for line in lines]


def render_map(
    state: GameState,
    *,
    colour: bool = False,
    language: str = "en",
    coords: bool = False,
    width: int | None = None,
    focus: Hex | None = None,
    outcome: bool = True,
) -> str:
    """The map of ``state`` as one string; with ``colour=True``, styled with ANSI escapes.

    ``coords``, ``width``, ``focus`` and ``outcome`` are those of :func:`map_spans`.

    >>> from tongiaki_rules import new_game
    >>> "\\x1b[" in render_map(new_game(2), colour=True)
    True
    """
    if type(colour) is not bool:
        raise InvalidPositionError(f"colour must be True or False, not {type(colour).__name__}")
    lines = map_spans(state, language, coords=coords, width=width, focus=focus, outcome=outcome)
    if not colour:
        return "\n".join("".join(span.text for span in line) for line in lines)
    return "\n".join("".join(_ansi(span) for span in line) for line in lines)


def _ansi(span: Span) -> str:
    code = ANSI.get(span.style, "")
    if not code or not span.text.strip():
        return span.text
    return f"\x1b[{code}m{span.text}\x1b[0m"
