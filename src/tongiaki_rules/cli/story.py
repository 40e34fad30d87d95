"""The story of a game told move by move, for ``tongiaki play`` and ``tongiaki replay``.

:func:`tongiaki_rules.narration.narrate` tells a whole game at once. A
terminal needs it one move at a time: :func:`move_lines` gives the lines that
move ``k`` adds to the account, so that the header, the lines of every move
in order and the footer make up exactly what ``narrate`` says of the game.

>>> from tongiaki_rules.narration import narrate, play_game
>>> states, actions = play_game(2, seed=4)
>>> told = header_lines(states[0])
>>> for k in range(len(actions)):
...     told += move_lines(states, actions, k)
>>> told + footer_lines(states[-1]) == list(narrate(states, actions))
True
"""

from __future__ import annotations

from collections.abc import Sequence

from .. import Action, DecisionKind, GameState, Recolonize
from ..events import Landed, TileDrawn
from ..narration import narrate

__all__ = ["footer_lines", "header_lines", "move_lines", "seat_name", "who_decides"]

_HEADER = 2  # narrate always starts with the players line and the rules line


def seat_name(state: GameState, seat: int) -> str:
    """``seat 1 Red`` (``seat 0 Blue+Green`` in the two-colour variant).

    >>> from tongiaki_rules import new_game
    >>> seat_name(new_game(3), 1)
    'seat 1 Red'
    """
    colours = [c for c in state.colours if state.seat_of(c) == seat]
    return f"seat {seat} {'+'.join(c.name.capitalize() for c in colours)}"


def who_decides(state: GameState) -> str:
    """Who makes the pending decision: ``seat 2 Green``, ``chance`` or ``nobody``.

    >>> from tongiaki_rules import new_game
    >>> who_decides(new_game(2))
    'seat 0 Blue'
    """
    if state.is_terminal:
        return "nobody"
    seat = state.current_player
    if seat is None:
        return "chance"
    colour = state.pending.colour
    if colour is not None and sum(1 for c in state.colours if state.seat_of(c) == seat) > 1:
        return f"seat {seat} {colour.name.capitalize()}"
    return seat_name(state, seat)


def header_lines(first: GameState) -> list[str]:
    """The players and the rules changed, as the account of a game starts.

    >>> from tongiaki_rules import new_game
    >>> header_lines(new_game(2))[1]
    'Rules changed: none (defaults)'
    """
    return list(narrate([first], []))[:_HEADER]


def footer_lines(last: GameState) -> list[str]:
    """The final scores and the winner(s); the scores so far if the game is not over.

    >>> from tongiaki_rules import new_game
    >>> footer_lines(new_game(2))
    ['Game not finished; scores so far: seat 0 Blue 0, seat 1 Red 0']
    """
    return list(narrate([last], []))[_HEADER:]


def move_lines(states: Sequence[GameState], actions: Sequence[Action], k: int) -> list[str]:
    """The lines of the account that action ``k`` (from ``states[k]`` to ``states[k + 1]``) adds.

    A landing is told once it is complete, so while boats still wait to be
    berthed one at a time its line is held back until the last of them.
    The cost does not grow with the game: only the last few steps are told
    again to find the new lines.
    """
    start = _window_start(states, actions, k)
    told_before = _body(states[start : k + 1], actions[start:k])
    told_after = _body(states[start : k + 2], actions[start : k + 1])
    lines = told_after[len(told_before) :]
    if states[start].pending.kind is DecisionKind.TURN:
        turn = sum(1 for state in states[: start + 1] if state.pending.kind is DecisionKind.TURN)
        lines = [_renumbered(line, turn) for line in lines]
    return lines


def _window_start(states: Sequence[GameState], actions: Sequence[Action], k: int) -> int:
    """The earliest step that the account of step ``k`` depends on.

    ``narrate`` carries a little from step to step: the setup boats until
    the setup is over, a New Colonisation for the rest of its turn, a
    landing until its last boat is berthed and a drawn tile until it is
    placed. Telling again from that step on gives the same lines for step
    ``k`` as telling the whole game.
    """
    turn = next((i for i in range(k, -1, -1) if states[i].pending.kind is DecisionKind.TURN), None)
    if turn is None:
        return 0  # the setup is told once it is over
    if isinstance(actions[turn], Recolonize):
        return turn
    if states[k].pending.kind not in (DecisionKind.BERTH, DecisionKind.PLACE_TILE):
        return k
    for i in range(k - 1, turn - 1, -1):
        _after, events = states[i].apply_with_events(actions[i])
        if any(isinstance(event, Landed | TileDrawn) for event in events):
            return i
    return turn


def _body(states: Sequence[GameState], actions: Sequence[Action]) -> list[str]:
    """What ``narrate`` says of these steps, without its header and footer."""
    lines = list(narrate(states, actions))[_HEADER:]
    last = states[-1]
    footer = len(footer_lines(last))
    del lines[len(lines) - footer :]
    if lines and lines[-1].startswith("  (drew "):
        del lines[-1]  # a tile still to be placed is told when it is placed
    if last.pending.kind is DecisionKind.BERTH and lines and lines[-1].startswith("  lands on "):
        del lines[-1]  # the landing goes on
    return lines


def _renumbered(line: str, turn: int) -> str:
    if line.startswith("Turn 1, "):
        return f"Turn {turn}, " + line.removeprefix("Turn 1, ")
    return line
