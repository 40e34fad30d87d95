"""How Tóncc is told in words: the colour draw, each turn's moves and conquests, a challenge's end.

``tongiaki play --game toncc`` (and its alias ``tongiaki toncc play``) and
``tongiaki toncc replay`` tell a game with these lines.

>>> from tongiaki_rules.toncc import DrawColours, new_game
>>> drawn = new_game().apply_chance(DrawColours((King.BLUE, King.RED, King.YELLOW)))
>>> print(tell_draw(drawn).splitlines()[1])
  player 1 plays Blue
"""

from __future__ import annotations

from ..toncc import KINGS, ColourDraw, King, Move, TonccState, TurnReport
from ..toncc._rules import COMPASS_DIRECTIONS
from ..toncc._textview import colours_code
from ..toncc.board import DIRECTION_NAMES, LABELS
from ..toncc.regions import position_name

__all__ = ["move_text", "tell_challenge_end", "tell_draw", "tell_turn"]


def move_text(state: TonccState, king: King, move: Move) -> str:
    """``3 (NW)``: a Compass number and the direction it names under the rules."""
    direction = COMPASS_DIRECTIONS[state.rules.compass][move.number - 1]
    return f"{move.number} ({DIRECTION_NAMES[direction]})"


def tell_turn(before: TonccState, moves: dict[King, Move], report: TurnReport) -> list[str]:
    """What a turn did, in words: every move revealed, the conquests and contests, the end."""
    lines = []
    reveal = []
    for king in KINGS:
        landing = report.destinations[king.value]
        if king in moves and landing is not None:
            reveal.append(
                f"{king.name.title()} {move_text(before, king, moves[king])} -> {LABELS[landing]}"
            )
    lines.append("Revealed: " + ", ".join(reveal))
    for conquest in report.conquests:
        region = before.toncc_map.regions[conquest.region]
        what = f"{LABELS[conquest.cell]} ({colours_code(region)})"
        if len(conquest.contenders) > 1:
            names = " and ".join(k.name.title() for k in conquest.contenders)
            lines.append(
                f"  Contest on {what}: {names}; {conquest.king.name.title()} is strongest in "
                f"{region.background.name.lower()} and conquers it"
            )
        else:
            lines.append(f"  {conquest.king.name.title()} conquers {what}")
        lines.append(
            f"  {conquest.king.name.title()} seals its picture, "
            f"{position_name(conquest.region)}, on the Map"
        )
    if not report.conquests:
        lines.append("  No conquest this turn.")
    for king in report.finished:
        lines.append(f"  {king.name.title()} has placed his last seal and leaves the challenge.")
    if report.stalled:
        lines.append("  Three moves without a conquest: the challenge stalls.")
    return lines


def tell_draw(state: TonccState, who: dict[int, str] | None = None) -> str:
    """The colour draw in words: the King each player drew (``who[player]`` names him).

    >>> from tongiaki_rules.toncc import DrawColours, new_game
    >>> drawn = new_game().apply_chance(DrawColours((King.BLUE, King.RED, King.YELLOW)))
    >>> print(tell_draw(drawn, {0: "you", 1: "greedy", 2: "greedy"}))
    The colours are drawn:
      player 1 (you) plays Blue
      player 2 (greedy) plays Red
      player 3 (greedy) plays Yellow
    """
    how = "drawn" if state.rules.colour_draw is ColourDraw.DRAW else "fixed"
    lines = [f"The colours are {how}:"]
    for p in range(3):
        name = f" ({who[p]})" if who else ""
        lines.append(f"  player {p + 1}{name} plays {state.king_of(p).name.title()}")
    return "\n".join(lines)


def tell_challenge_end(state: TonccState) -> list[str]:
    """The last challenge's result, after a turn that ended it."""
    result = state.results[-1]
    k = len(state.results)
    scores = ", ".join(
        f"{king.name.title()} {result.kingdom_points[king.value]} + "
        f"{result.king_points[king.value]} = {result.scores[king.value]}"
        for king in KINGS
    )
    toncc = ", ".join(f"{king.name.title()} {result.toncc_points[king.value]}" for king in KINGS)
    return [
        f"Challenge {k} is over. Scores (Kingdoms + king points): {scores}.",
        f"Tóncc points: {toncc}.",
    ]
