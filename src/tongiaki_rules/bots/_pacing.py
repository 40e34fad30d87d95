"""Keeping a bot's games moving: no circles within a turn, no endless stalling.

The rules never force anybody to draw a tile, and a chain reaction can be
sent round in a circle by choice (see the termination notes of the turn
resolution). Two bots that each prefer a quiet position could therefore
play for ever. :class:`Pacing` remembers, for one bot, the positions it has
decided in during the current turn and how many of its turns went by with
no tile coming off the pile, so the bot can avoid repeating a position and
grow impatient when the pile stands still.

>>> from tongiaki_rules import new_game
>>> pacing = Pacing(patience=2)
>>> state = new_game(2)
>>> pacing.start(state)
>>> pacing.repeats(state), pacing.impatience()
(True, 0)
"""

from __future__ import annotations

from typing import Any

from .._state import GameState
from ..views import Phase

__all__ = ["Pacing"]


class Pacing:
    """What one bot remembers of its own recent decisions.

    * :meth:`start` is called with every position the bot decides in.
    * :meth:`repeats` says whether a position was already decided in during
      this turn (an action leading there would close a circle).
    * :meth:`impatience` counts the bot's turns, beyond ``patience``, in a
      row with the same number of tiles in the pile.
    """

    def __init__(self, patience: int = 4) -> None:
        self.patience = patience
        self._this_turn: list[GameState] = []
        self._boats: list[object] = []  # the boats of each, to tell most positions apart fast
        self._pile = -1
        self._idle = 0

    def start(self, state: GameState) -> None:
        """Note a position the bot is about to decide in."""
        view = state.compact
        if view.phase == Phase.TURN:
            self._this_turn.clear()
            self._boats.clear()
            size = len(view.pile)
            if size == self._pile:
                self._idle += 1
            else:
                self._pile, self._idle = size, 0
        self._this_turn.append(state)
        self._boats.append(view.boats)

    def repeats(self, state: GameState) -> bool:
        """True if the bot already decided in ``state`` during this turn."""
        # hashing would cost more; equal positions have equal boats, a cheaper test first
        boats = state.compact.boats
        if boats not in self._boats:  # most previews: one look in C, no generator
            return False
        return any(
            boats == seen_boats and state == seen
            for seen, seen_boats in zip(self._this_turn, self._boats, strict=True)
        )

    def seen_boats(self) -> list[Any]:
        """The boats of the positions decided in during this turn (a position that
        :meth:`repeats` has the boats of one of them)."""
        return self._boats

    def impatience(self, ahead: bool = False) -> int:
        """Turns in a row without a draw, beyond the patience (0 while patient).

        A bot that is ``ahead`` is three times as patient: the player who is
        behind is the one who should take a chance.
        """
        return max(0, self._idle - (3 if ahead else 1) * self.patience)

    @staticmethod
    def draws(before: GameState, after: GameState) -> bool:
        """True if the step from ``before`` to ``after`` drew a tile or is about to."""
        now = after.compact
        return now.phase == Phase.DRAW or len(now.pile) < len(before.compact.pile)
