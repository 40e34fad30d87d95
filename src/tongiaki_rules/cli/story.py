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

from .. import Action, DecisionKind, GameState
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
    """
    start = _turn_start(states, k)
    told_before = _body(states[start : k + 1], actions[start:k])
    told_after = _body(states[start : k + 2], actions[start : k + 1])
    lines = told_after[len(told_before) :]
    if states[start].pending.kind is DecisionKind.TURN:
        turn = sum(1 for state in states[: start + 1] if state.pending.kind is DecisionKind.TURN)
        lines = [_renumbered(line, turn) for line in lines]
    return lines


def _turn_start(states: Sequence[GameState], k: int) -> int:
    """The state where the turn of move ``k`` began (the setup counts as one turn)."""
    for index in range(k, -1, -1):
        if states[index].pending.kind is DecisionKind.TURN:
            return index
    return 0


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
