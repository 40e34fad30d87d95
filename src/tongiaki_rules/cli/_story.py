"""Who is who at the table, for ``tongiaki play`` and ``tongiaki replay``.

The account of the moves themselves comes from
:class:`tongiaki_rules.narration.Narrator`, one step at a time.

>>> from tongiaki_rules import new_game
>>> who_decides(new_game(2))
'seat 0 Blue'
"""

from __future__ import annotations

from .. import GameState
from ..i18n import colour_name
from ._language import current, tr

__all__ = ["seat_name", "who_decides"]


def seat_name(state: GameState, seat: int) -> str:
    """``seat 1 Red`` (``seat 0 Blue+Green`` in the two-colour variant).

    >>> from tongiaki_rules import new_game
    >>> seat_name(new_game(3), 1)
    'seat 1 Red'
    """
    colours = [c for c in state.colours if state.seat_of(c) == seat]
    names = "+".join(colour_name(c, current()) for c in colours)
    return tr().gettext("seat {seat} {colours}").format(seat=seat, colours=names)


def who_decides(state: GameState) -> str:
    """Who makes the pending decision: ``seat 2 Green``, ``chance`` or ``nobody``.

    >>> from tongiaki_rules import new_game
    >>> who_decides(new_game(2))
    'seat 0 Blue'
    """
    if state.is_terminal:
        return tr().gettext("nobody")
    seat = state.current_player
    if seat is None:
        return tr().gettext("chance")
    colour = state.pending.colour
    if colour is not None and sum(1 for c in state.colours if state.seat_of(c) == seat) > 1:
        name = colour_name(colour, current())
        return tr().gettext("seat {seat} {colours}").format(seat=seat, colours=name)
    return seat_name(state, seat)
