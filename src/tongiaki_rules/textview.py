"""A plain-text picture of a state, for terminals: ``str(state)``.

ASCII only, one fact per line, at most 100 characters a line. Each island
line gives the position, the name and rotation (``Hawaii r0``; Tonga is never
turned), the value, and the beaches: their slots as ``[RB.]`` (one letter per
boat, B R G Y O P, ``.`` for a free slot), then ``:`` and the board
directions of their jetties. Ocean tiles are listed as ``id@q,r`` and ``r``
rotation.

>>> from tongiaki_rules import position
>>> print(render_text(position(2, boats={((0, 0), 0): "BR"})).splitlines()[3])
  (0, 0) Tonga, 0 points: 0[BR.]:0  1[...]:1  2[...]:2  3[...]:3  4[...]:4  5[...]:5
"""

from __future__ import annotations

import textwrap
from typing import TYPE_CHECKING

from .colours import Colour
from .errors import InvalidPositionError
from .hexgrid import DIRECTION_NAMES, Hex

if TYPE_CHECKING:
    from .state import GameState, IslandView


def _pos(pos: Hex) -> str:
    return f"({pos[0]}, {pos[1]})"


def _letters(colours: tuple[Colour, ...]) -> str:
    return "".join(c.letter for c in colours)


def _island_line(view: IslandView) -> str:
    """``(q, r) Name rN, V points: beaches`` (Tonga, which is never turned, has no ``rN``)."""
    name = view.tile.name if view.tile.is_start else f"{view.tile.name} r{view.rotation}"
    value = f", {view.tile.value} points" if not view.tile.is_start else ", 0 points"
    beaches = "  ".join(
        f"{b.index}[{_letters(b.boats)}{'.' * b.free}]:" + ",".join(str(d) for d in b.jetties)
        for b in view.beaches
    )
    if view.is_royal:
        king = view.king.letter if view.king is not None else "-"
        beaches = f"royal island, king {king}; {beaches}"
    return f"  {_pos(view.position)} {name}{value}: {beaches}"


def render_text(state: GameState) -> str:
    """A plain-text picture of ``state``: tiles, beaches, boats, reserves, pile, decision.

    ``str(state)`` returns the same text. Anything but a
    :class:`~tongiaki_rules.state.GameState` raises
    :class:`~tongiaki_rules.errors.InvalidPositionError`.

    >>> render_text("a board")
    Traceback (most recent call last):
    ...
    tongiaki_rules.errors.InvalidPositionError: state must be a GameState, not str
    """
    from .state import GameState

    if not isinstance(state, GameState):
        raise InvalidPositionError(f"state must be a GameState, not {type(state).__name__}")
    lines = head_lines(state)
    lines.append("Islands: beach[boats, . = free slot]:jetty directions")
    lines.append(
        "  (directions: 0 bottom, 1 lower-left, 2 upper-left, 3 top, 4 upper-right, 5 lower-right)"
    )
    for view in state.islands:
        lines.append(_island_line(view))
    oceans = [t for t in state.placed_tiles if not t.tile.is_island]
    if oceans:
        text = " ".join(
            f"{t.tile.id.removeprefix('ocean-')}@{t.position[0]},{t.position[1]}r{t.rotation}"
            for t in oceans
        )
        lines.extend(
            textwrap.wrap(
                f"Ocean tiles (id@q,r rotation): {text}",
                100,
                subsequent_indent="  ",
                break_long_words=False,
                break_on_hyphens=False,
            )
        )
    lines.extend(tail_lines(state))
    return "\n".join(lines)


def head_lines(state: GameState) -> list[str]:
    """The first lines of the text view: players, tiles on the table, the pile, the end."""
    lines = [
        f"Tongiaki, {state.num_players} players; {_tiles(len(state.placed_tiles))} on the table, "
        f"{state.pile.islands} islands and {state.pile.oceans} oceans in the pile"
    ]
    if state.end_triggered and not state.is_terminal:
        lines.append("The end is triggered: this turn is the last.")
    return lines


def tail_lines(state: GameState) -> list[str]:
    """The last lines of the text view: removed tiles, the group, the colours, the decision."""
    lines: list[str] = []
    pending = state.pending
    if state.removed_tiles:
        lines.append(f"Removed (closed routes): {', '.join(state.removed_tiles)}")
    group = state.group
    if group is not None:
        lines.append(
            f"Under way: {_letters(group.colours)} at {_pos(group.position)}, arriving from the "
            f"{DIRECTION_NAMES[group.entry]} edge"
        )
    lines.append("Colours: reserve / on board / royal islands / score")
    scores = state.scores()
    for colour in state.colours:
        seat = state.seat_of(colour)
        marker = "*" if colour == state.turn_colour and not state.is_terminal else " "
        lines.append(
            f" {marker}{colour.letter} {colour.name.lower():<7} seat {seat}: "
            f"{state.reserve(colour):>2} / {state.boats_on_board(colour):>2} / "
            f"{state.royal_islands_founded(colour)} / {scores[seat]}"
        )
    if state.is_terminal:
        outcome = state.outcome()
        assert outcome is not None
        winners = ", ".join(f"seat {s}" for s in outcome.winners)
        lines.append(f"Game over. Winner: {winners} (tie-break: {outcome.tiebreak.value})")
    elif state.is_chance_node:
        lines.append(f"Waiting for a draw from the pile ({state.pile.size} tiles).")
    else:
        detail = ""
        if pending.tile is not None:
            detail = f" ({pending.tile})"
        elif pending.island is not None:
            detail = f" on {_pos(pending.island)}: {_letters(pending.group)}"
        who = pending.colour.name.lower() if pending.colour is not None else "-"
        lines.append(
            f"Decision: {pending.kind.value}{detail} by seat {pending.player} ({who}), "
            f"{len(state.legal_actions())} legal actions"
        )
    return lines


def _tiles(n: int) -> str:
    return "1 tile" if n == 1 else f"{n} tiles"
