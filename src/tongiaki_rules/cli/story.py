"""Who is who at the table, for ``tongiaki play`` and ``tongiaki replay``.

The account of the moves themselves comes from
:class:`tongiaki_rules.narration.Narrator`, one step at a time.

>>> from tongiaki_rules import new_game
>>> who_decides(new_game(2))
'seat 0 Blue'
"""

from __future__ import annotations

from .. import GameState

__all__ = ["seat_name", "who_decides"]


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
