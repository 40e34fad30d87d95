"""The flow of a turn: start it, go on to the next departure, pass it (TURN-3, CHAIN-3, END-2).

After every expedition or turn action the turn goes on while a beach is full
(CHAIN-3) and otherwise passes clockwise (TURN-3), or ends the game (END-2,
AMB-13). A group that does not arrive goes home (VOYAGE-3, AMB-15).
"""

from __future__ import annotations

from .. import events as ev
from ..colours import COLOURS
from .board import DEPART, OVER, TURN, VOYAGE
from .end import EndOfGame


class TurnFlow(EndOfGame):
    """Start, continue and end a turn; send a lost group home."""

    __slots__ = ()

    def start_turn(self) -> None:
        self.phase = TURN
        self.chain = ()
        self.group = ()
        self.at = None
        self.entry = 0
        self.origin = None
        self.turn_origin = None
        self.drawn = 0
        self.tile = -1
        self.purpose = VOYAGE
        self.served = 0

    def end_turn(self) -> None:
        """TURN-3 / END-2: pass the turn clockwise, or end the game."""
        if self.ended:
            self.start_turn()
            self.phase = OVER
            if self.log is not None:
                self.log.append(ev.GameEnded(self.final_scores()))
            return
        previous = self.agent
        self.agent = self.cfg.next_agent[previous]
        self.start_turn()
        if self.log is not None:
            self.log.append(ev.TurnEnded(COLOURS[previous], COLOURS[self.agent]))

    def continue_turn(self) -> None:
        """After an expedition (or a turn action): next departure, or end of turn (CHAIN-3)."""
        self.group = ()
        self.at = None
        self.entry = 0
        self.origin = None
        self.drawn = 0
        self.purpose = VOYAGE
        self.served = 0
        if self.ended and not self.cfg.rules.end_turn_continue_chain:  # AMB-13
            self.end_turn()
        elif self.has_full_beach():
            self.phase = DEPART
        else:
            self.end_turn()

    def lose_group(self, reason: str) -> None:
        """The group goes home (VOYAGE-3; AMB-15: lost boats return to the reserve)."""
        for c in self.group:
            self.reserve[c] += 1
        if self.log is not None and self.group:
            self.log.append(ev.BoatsReturned(tuple(COLOURS[c] for c in self.group), reason))
        self.group = ()
