"""Royal islands: founding one, and groups bounced off one (ROYAL-3..7, AMB-09, AMB-40).

Founding takes the whole turn (ROYAL-5): one boat goes on the statue, the rest
home (ROYAL-4); at most two per colour, or per seat with the two-player
variant (ROYAL-3, AMB-40). A group that would reach a royal island turns back
(ROYAL-7) to the island chosen by AMB-09. Which islands may be founded
(ROYAL-1, ROYAL-2) is offered with the rest of the turn's choice, in
:mod:`.expansion`; who may land on a royal island (AMB-34) is
:meth:`~.board.Board.may_land_royal`.
"""

from __future__ import annotations

from .. import events as ev
from ..colours import COLOURS
from ..hexgrid import Hex
from ..rules import BounceTarget, TwoPlayerRoyalLimit
from .board import NO_KING
from .turn import TurnFlow


class RoyalPhase(TurnFlow):
    """ROYAL-*: found a royal island; where a bounced group goes."""

    __slots__ = ()

    def _may_found(self, a: int) -> bool:
        """ROYAL-3: at most two royal islands per colour (or per seat, AMB-40)."""
        cfg = self.cfg
        if (
            cfg.rules.variant_two_player_double_colour
            and cfg.rules.two_player_royal_limit_per is TwoPlayerRoyalLimit.SEAT
        ):
            seat = cfg.agent_seats[a]
            count = sum(f for k, f in enumerate(self.founded) if cfg.agent_seats[k] == seat)
            return count < 2
        return self.founded[a] < 2

    def found_royal(self, pos: Hex) -> None:
        i = self.where[pos]
        a = self.agent
        n = sum(len(beach) for beach in self.boats[i])
        self.boats[i] = tuple(() for _ in self.boats[i])
        self.unfull(pos)
        self.reserve[a] += n - 1  # ROYAL-4: one boat on the statue, the rest home
        kings = list(self.kings)
        kings[i] = a
        self.kings = tuple(kings)
        founded = list(self.founded)
        founded[a] += 1
        self.founded = tuple(founded)
        if self.log is not None:
            self.log.append(ev.RoyalIslandFounded(pos, COLOURS[a]))
            if n > 1:
                self.log.append(ev.BoatsReturned((COLOURS[a],) * (n - 1), "royal island"))
        self.end_turn()  # ROYAL-5

    def bounce_target(self) -> Hex:
        """AMB-09: the island the expedition left, or the island the turn began on."""
        assert self.origin is not None
        if self.cfg.rules.royal_bounce_target is BounceTarget.TURN_ORIGIN:
            target = self.turn_origin
            if target is not None:
                j = self.where.get(target)
                if j is not None and self.kings[j] == NO_KING:
                    return target
        return self.origin
