"""Tóncc as text: the board (the 19-cell hexagon), the Map and the scores.

Every cell of the board is drawn as ``(I1  A3 By R  )``: the cell's name, the
Map position of the region on it (``A3``: see :mod:`.regions`), its colours
(background capital, symbol small: ``By`` is a blue region with a yellow
symbol) and the Kings standing there (``R`` Red, ``Y`` Yellow, ``B`` Blue). A
conquered region is face down: ``#r`` instead of its colours, the small letter
naming the King whose seal is on its Map picture. The Mind is in the middle.
Nothing here depends on a terminal: the text is the same everywhere.

>>> from tongiaki_rules.toncc import TonccRules, new_game
>>> state = new_game(TonccRules(colour_draw="fixed")).dealt(tuple(range(18)))
>>> print(board_text(state).splitlines()[3])
(O7  C0 Rb    ) (I4  A3 Ry    ) (  Mind    RYB) (I1  A0 By    ) (O1  B0 Yr    )
"""

from __future__ import annotations

from ..errors import QueryError, shown
from .board import AXIAL, LABELS, MIND, REGION_CELLS
from .kings import KINGS, Colour, King
from .regions import Region, TonccMap, position_name
from .rules import COMPASS_DIRECTIONS
from .scoring import kingdom_points, kingdom_value, kingdoms_of
from .state import TonccState
from .turn import OFF
from .values import whole

__all__ = [
    "board_text",
    "map_text",
    "picture_text",
    "render_text",
    "scores_text",
]

LETTERS = "RYB"
"""The letter of each colour and King, by value: R red, Y yellow, B blue."""
_TOKEN = 15
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


def _token(state: TonccState, cell: int) -> str:
    kings = _kings_at(state, cell)
    if cell == MIND:
        return f"({'Mind':^9} {kings:<3})"
    if cell >= len(state.layout):
        return f"({LABELS[cell]:<3} ?? ?? {kings:<3})"
    region = state.layout[cell]
    if state.face_up >> cell & 1:
        look = colours_code(state.toncc_map.regions[region])
    else:
        owner = state.owners[region]
        look = "#" + (LETTERS[owner].lower() if owner >= 0 else "?")
    return f"({LABELS[cell]:<3} {position_name(region)} {look} {kings:<3})"


def board_text(state: TonccState) -> str:
    """The board: five rows of cells, north at the top, and the Compass numbering."""
    state = _checked(state)
    lines = [_compass_line(state)]
    for r in range(-2, 3):
        cells = sorted((c for c in range(REGION_CELLS + 1) if AXIAL[c][1] == r), key=_q)
        indent = " " * (abs(r) * (_TOKEN + 1) // 2)
        lines.append(indent + " ".join(_token(state, c) for c in cells))
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
    lines = ["Map (position, picture, seal):"]
    for side in range(3):
        items = []
        for k in range(7):
            region = (6 * side + k) % 18
            owner = seals[region]
            mark = LETTERS[owner] if owner >= 0 else "."
            items.append(
                f"  {position_name(region)} {picture_text(toncc_map.regions[region]):<22} [{mark}]"
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
