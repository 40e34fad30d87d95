"""Tóncc as text: the board (the 19-cell hexagon), the Map and the scores.

One naming throughout: a **cell** of the board is named ``I1``..``I6`` (the
inner ring) or ``O1``..``O12`` (the outer ring), and a **Map picture** by its
place on the Map, ``A0``..``C5`` (see :mod:`.regions`). The board shows cells
only, each as ``(I1 By R  )``: the cell, the colours of the region on it
(background capital, symbol small: ``By`` is a blue region with a yellow
symbol) and the Kings standing there (``R`` Red, ``Y`` Yellow, ``B`` Blue). A
conquered region is face down: ``#r`` instead of its colours, the small
letter naming the King whose seal is on its Map picture. A legend under the
board says so. The Map lists the pictures, each with the cell its region
lies on. Nothing here depends on a terminal: the text is the same everywhere.

>>> from tongiaki_rules.toncc import TonccRules, new_game
>>> state = new_game(TonccRules(colour_draw="fixed")).dealt(tuple(range(18)))
>>> print(board_text(state).splitlines()[3])
(O7  Rb    ) (I4  Ry    ) (  Mind  RYB) (I1  By    ) (O1  Yr    )
"""

from __future__ import annotations

from ..errors import QueryError, shown
from ._kings import KINGS, Colour, King
from ._rules import COMPASS_DIRECTIONS
from ._scoring import kingdom_points, kingdom_value, kingdoms_of
from ._state import TonccState
from ._turn import OFF
from ._values import whole
from .board import AXIAL, LABELS, MIND, REGION_CELLS
from .regions import Region, TonccMap, position_name

__all__ = [
    "LEGEND",
    "board_text",
    "destinations_text",
    "map_text",
    "picture_text",
    "render_text",
    "scores_text",
]

LETTERS = "RYB"
"""The letter of each colour and King, by value: R red, Y yellow, B blue."""
_TOKEN = 13
LEGEND = (
    "Cells: I1-I6 the inner ring, O1-O12 the outer ring.  By: a face-up region, blue\n"
    "background, yellow symbol.  #b: conquered, face down, Blue's seal on its Map\n"
    "picture.  R Y B: the Kings standing there.  ??: not shuffled onto the board yet."
)
"""The legend printed under the board by :func:`board_text`."""
_DIRECTIONS = ("E", "NE", "NW", "W", "SW", "SE")


def _checked(state: object) -> TonccState:
    if type(state) is not TonccState:
        raise QueryError(f"state: expected a TonccState, got {shown(state)}")
    return state


def _region(value: object) -> Region:
    if type(value) is not Region:
        raise QueryError(f"region: expected a Region, got {shown(value)}")
    return value


def _owners(value: object) -> tuple[int, ...]:
    """A seat (0..2) or -1 per Map picture, 18 of them; QueryError naming ``owners``."""
    if type(value) not in (tuple, list):
        raise QueryError(f"owners: expected a tuple of 18 seats (-1 for none), got {shown(value)}")
    items: tuple[object, ...] = tuple(value)  # type: ignore[arg-type]
    if len(items) != REGION_CELLS:
        raise QueryError(f"owners: expected 18 seats, one per Map picture, got {len(items)}")
    return tuple(whole(o, f"owners[{r}]", -1, 2) for r, o in enumerate(items))


def colours_code(region: Region) -> str:
    """``By`` for a blue region with a yellow symbol: background capital, symbol small.

    >>> from tongiaki_rules.toncc import STANDARD_MAP
    >>> colours_code(STANDARD_MAP.regions[0])
    'By'
    """
    _region(region)
    return LETTERS[region.background.value] + LETTERS[region.symbol.value].lower()


def picture_text(region: Region) -> str:
    """A region's picture in words: colours, then shape, lines, dots (what it has).

    >>> from tongiaki_rules.toncc import STANDARD_MAP
    >>> picture_text(STANDARD_MAP.regions[2])
    'By circle, 1 line'
    """
    _region(region)
    parts = []
    if region.shape is not None:
        parts.append(region.shape.name.lower())
    if region.lines:
        parts.append(f"{region.lines} line{'s' * (region.lines != 1)}")
    if region.dots:
        parts.append(f"{region.dots} dot{'s' * (region.dots != 1)}")
    return f"{colours_code(region)} {', '.join(parts)}"


def _kings_at(state: TonccState, cell: int) -> str:
    return "".join(LETTERS[k.value] for k in KINGS if state.positions[k.value] == cell)


def _look(state: TonccState, cell: int) -> str:
    """``By`` for a face-up region, ``#b`` for a conquered one, ``??`` before the shuffle."""
    if cell >= len(state.layout):
        return "??"
    region = state.layout[cell]
    if state.face_up >> cell & 1:
        return colours_code(state.toncc_map.regions[region])
    owner = state.owners[region]
    return "#" + (LETTERS[owner].lower() if owner >= 0 else "?")


def _token(state: TonccState, cell: int) -> str:
    kings = _kings_at(state, cell)
    if cell == MIND:
        return f"({'Mind':^8}{kings:<3})"
    return f"({LABELS[cell]:<3} {_look(state, cell)} {kings:<3})"


def board_text(state: TonccState, *, legend: bool = True) -> str:
    """The board: the Compass numbering, five rows of cells (north at the top), the legend."""
    state = _checked(state)
    if type(legend) is not bool:
        raise QueryError(f"legend: expected True or False, got {shown(legend)}")
    lines = [_compass_line(state)]
    for r in range(-2, 3):
        cells = sorted((c for c in range(REGION_CELLS + 1) if AXIAL[c][1] == r), key=_q)
        indent = " " * (abs(r) * (_TOKEN + 1) // 2)
        lines.append(indent + " ".join(_token(state, c) for c in cells))
    if legend:
        lines.append(LEGEND)
    return "\n".join(lines)


def destinations_text(state: TonccState) -> str:
    """For each King on the board, the cell each Compass number would take him to.

    A cell is shown as on the board: ``I2 By`` (a face-up region he would
    conquer or contest) or ``O4 #r`` (conquered: he would only stand there).
    Empty when nobody moves now (a chance node, the end).

    >>> from tongiaki_rules.toncc import TonccRules, new_game
    >>> state = new_game(TonccRules(colour_draw="fixed")).dealt(tuple(range(18)))
    >>> print(destinations_text(state).splitlines()[1])
    Red    from Mind  I1 By   I2 By   I3 By   I4 Ry   I5 Ry   I6 Ry
    """
    state = _checked(state)
    kings = state.active_kings
    if not kings:
        return ""
    numbering = COMPASS_DIRECTIONS[state.rules.compass]
    moves = "".join(f"{f'{n} {_DIRECTIONS[d]}':<8}" for n, d in enumerate(numbering, 1))
    head = f"{'Move':<18}{moves}"
    lines = [head.rstrip()]
    for king in kings:
        where = LABELS[state.positions[king.value]]
        cells = [state.destination(king, move) for move in state.legal_actions(king)]
        row = "".join(f"{LABELS[c] + ' ' + _look(state, c):<8}" for c in cells)
        lines.append(f"{king.name.title():<6} from {where:<4}  {row}".rstrip())
    return "\n".join(lines)


def _q(cell: int) -> int:
    return AXIAL[cell][0]


def _compass_line(state: TonccState) -> str:
    numbering = COMPASS_DIRECTIONS[state.rules.compass]
    steps = ", ".join(f"{n} {_DIRECTIONS[d]}" for n, d in enumerate(numbering, 1))
    return f"Compass: {steps}"


def map_text(state: TonccState, owners: tuple[int, ...] | None = None) -> str:
    """The Map: each side's pictures, the seal on each, and the Kingdoms made.

    ``owners`` (seat per region, -1 none) defaults to the state's seals.
    """
    state = _checked(state)
    seals = state.owners if owners is None else _owners(owners)
    toncc_map = state.toncc_map
    lines = ["Map (position, picture, seal, the cell of its region):"]
    cells = {region: cell for cell, region in enumerate(state.layout)}
    for side in range(3):
        items = []
        for k in range(7):
            region = (6 * side + k) % 18
            owner = seals[region]
            mark = LETTERS[owner] if owner >= 0 else "."
            where = f"on {LABELS[cells[region]]}" if region in cells else "not on the board yet"
            items.append(
                f"  {position_name(region)} {picture_text(toncc_map.regions[region]):<22} "
                f"[{mark}] {where}"
            )
        lines.append(f"Side {'ABC'[side]}:")
        lines.extend(items)
    lines.append("Kingdoms: " + _kingdoms_line(seals, toncc_map))
    return "\n".join(lines)


def _kingdoms_line(owners: tuple[int, ...], toncc_map: TonccMap) -> str:
    made = []
    for king in KINGS:
        for index in kingdoms_of(owners, king, toncc_map):
            window = toncc_map.kingdoms[index]
            names = "-".join(position_name(r) for r in window)
            made.append(f"{king.name.title()} {names} ({kingdom_value(window, king, toncc_map)})")
    return "; ".join(made) if made else "none yet"


def scores_text(state: TonccState) -> str:
    """Seals in hand, king points, Kingdom points and tóncc points; each finished challenge."""
    state = _checked(state)
    lines = []
    if not state.is_terminal:
        lines.append(
            f"Challenge {state.challenge + 1} of 3, turn {state.turn + 1}; "
            f"{state.quiet_turns} move(s) without a conquest (3 end the challenge)"
        )
    lines.append("King    colours (strong/medium/weak)  seals  king pts  kingdom pts  tóncc")
    for king in KINGS:
        where = state.positions[king.value]
        place = "left" if where == OFF else LABELS[where]
        lines.append(
            f"{king.name.title():<7} {_colours_of(king):<29} {state.seals[king.value]:>5}  "
            f"{state.king_points[king.value]:>8}  "
            f"{kingdom_points(state.owners, king, state.toncc_map):>11}  "
            f"{state.toncc_totals[king.value]:>5}   ({place})"
        )
    for k, result in enumerate(state.results):
        how = "stalled" if result.stalled else "all seals placed"
        scores = " ".join(f"{LETTERS[i]} {s}" for i, s in enumerate(result.scores))
        toncc = " ".join(f"{LETTERS[i]} {s}" for i, s in enumerate(result.toncc_points))
        lines.append(f"Challenge {k + 1} ({how}): scores {scores}; tóncc points {toncc}")
    if state.is_terminal:
        names = ", ".join(k.name.title() for k in state.winners())
        shared = len(state.winners()) > 1
        lines.append(f"Game over. {'The win is shared: ' if shared else 'Winner: '}{names}")
    return "\n".join(lines)


def _colours_of(king: King) -> str:
    return "/".join(Colour(c).name.lower() for c in (king.strong, king.medium, king.weak))


def render_text(state: TonccState) -> str:
    """The board, the Map and the scores, one after the other."""
    state = _checked(state)
    return "\n\n".join((board_text(state), map_text(state), scores_text(state)))
