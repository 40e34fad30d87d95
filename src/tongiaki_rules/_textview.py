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
from .hexgrid import Hex
from .i18n import colour_name, decision_name, direction_name, tile_name, translations

if TYPE_CHECKING:
    from ._state import GameState, IslandView


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
    :class:`~tongiaki_rules.GameState` raises
    :class:`~tongiaki_rules.errors.InvalidPositionError`.

    >>> render_text("a board")
    Traceback (most recent call last):
    ...
    tongiaki_rules.errors.InvalidPositionError: state must be a GameState, not str
    """
    from ._state import GameState

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


def head_lines(state: GameState, language: str = "en") -> list[str]:
    """The first lines of the text view: players, tiles on the table, the pile, the end.

    ``language`` (one of :data:`~tongiaki_rules.i18n.LANGUAGES`) is that of the
    text map's summary for players; ``str(state)`` is always English.
    """
    t = translations(language)
    players, tiles = state.num_players, len(state.placed_tiles)
    islands, oceans = state.pile.islands, state.pile.oceans
    lines = [
        t.gettext(
            "Tongiaki, {players}; {tiles} on the table, {islands} and {oceans} in the pile"
        ).format(
            players=t.ngettext("{count} player", "{count} players", players).format(count=players),
            tiles=t.ngettext("{count} tile", "{count} tiles", tiles).format(count=tiles),
            islands=t.ngettext("{count} island", "{count} islands", islands).format(count=islands),
            oceans=t.ngettext("{count} ocean", "{count} oceans", oceans).format(count=oceans),
        )
    ]
    if state.end_triggered and not state.is_terminal:
        lines.append(t.gettext("The end is triggered: this turn is the last."))
    return lines


def removed_line(state: GameState, language: str = "en") -> str | None:
    """The line naming the tiles removed for closed routes (None if there are none)."""
    if not state.removed_tiles:
        return None
    names = ", ".join(  # ids in English (str(state) is a programmer's view), else names
        t if language == "en" else tile_name(state.config.tiles.tile(t), language)
        for t in state.removed_tiles
    )
    return translations(language).gettext("Removed (closed routes): {tiles}").format(tiles=names)


def tail_lines(state: GameState, language: str = "en", *, outcome: bool = True) -> list[str]:
    """The last lines of the text view: removed tiles, the group, the colours, the decision.

    ``language`` as for :func:`head_lines`. ``outcome=False`` leaves out the
    line that tells the winner of a finished game, for a caller that tells
    the result itself.
    """
    t = translations(language)
    lines: list[str] = []
    pending = state.pending
    removed = removed_line(state, language)
    if removed is not None:
        lines.append(removed)
    group = state.group
    if group is not None:
        lines.append(
            t.gettext(
                "Under way: {letters} at {position}, arriving from the {direction} edge"
            ).format(
                letters=_letters(group.colours),
                position=_pos(group.position),
                direction=direction_name(group.entry, language),
            )
        )
    lines.append(t.gettext("Colours: reserve / on board / royal islands / score"))
    scores = state.scores()
    seat_word = t.gettext("seat {seat}")
    names = {colour: colour_name(colour, language).lower() for colour in state.colours}
    wide = max(7, *(len(name) for name in names.values()))
    for colour in state.colours:
        seat = state.seat_of(colour)
        marker = "*" if colour == state.turn_colour and not state.is_terminal else " "
        lines.append(
            f" {marker}{colour.letter} {names[colour]:<{wide}} {seat_word.format(seat=seat)}: "
            f"{state.reserve(colour):>2} / {state.boats_on_board(colour):>2} / "
            f"{state.royal_islands_founded(colour)} / {scores[seat]}"
        )
    if state.is_terminal:
        result = state.outcome()
        assert result is not None
        if outcome:
            winners = ", ".join(seat_word.format(seat=s) for s in result.winners)
            lines.append(
                t.gettext("Game over. Winner: {winners} (tie-break: {tiebreak})").format(
                    winners=winners, tiebreak=_tiebreak(result.tiebreak.value, language)
                )
            )
    elif state.is_chance_node:
        size = state.pile.size
        lines.append(
            t.ngettext(
                "Waiting for a draw from the pile ({count} tile).",
                "Waiting for a draw from the pile ({count} tiles).",
                size,
            ).format(count=size)
        )
    else:
        detail = ""
        if pending.tile is not None:
            tile = pending.tile  # the id in English (str(state)), the name for players
            if language != "en":
                tile = tile_name(state.config.tiles.tile(tile), language)
            detail = f" ({tile})"
        elif pending.island is not None:
            detail = " " + t.gettext("on {position}: {letters}").format(
                position=_pos(pending.island), letters=_letters(pending.group)
            )
        who = names[pending.colour] if pending.colour is not None else "-"
        kind = pending.kind.value
        if language != "en":
            kind = decision_name(kind, language)
        n = len(state.legal_actions())
        lines.append(
            t.ngettext(
                "Decision: {decision}{detail} by seat {seat} ({colour}), {count} legal action",
                "Decision: {decision}{detail} by seat {seat} ({colour}), {count} legal actions",
                n,
            ).format(decision=kind, detail=detail, seat=pending.player, colour=who, count=n)
        )
    return lines


def _tiebreak(value: str, language: str) -> str:
    t = translations(language)
    return {
        "none": t.pgettext("tie-break", "none"),
        "islands": t.pgettext("tie-break", "islands"),
        "boats": t.pgettext("tie-break", "boats"),
        "shared": t.pgettext("tie-break", "shared"),
    }.get(value, value)


def _tiles(n: int) -> str:
    return "1 tile" if n == 1 else f"{n} tiles"
