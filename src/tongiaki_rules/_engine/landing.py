"""Landing and chain reaction: LAND-1..6, CHAIN-1, AMB-16.

The active player berths the arriving boats one at a time (LAND-1, TURN-2):
first one on each beach with a free slot (LAND-2, AMB-16), then anywhere
(LAND-3); boats without a slot go home (LAND-4). A landing whose result no
longer depends on a choice is finished at once. After it, a full beach departs
(LAND-6, CHAIN-1) through the turn flow (:mod:`.turn`), or the colonisation
ends (RECOLONIZE-5).
"""

from __future__ import annotations

from .. import events as ev
from ..actions import Action
from ..colours import COLOURS
from ..hexgrid import Hex
from .board import _BERTHS, _RETURNS, LAND, VOYAGE
from .closed_routes import ClosedRoutes


class LandingPhase(ClosedRoutes):
    """LAND-*, CHAIN-1: berth or send home the arriving boats."""

    __slots__ = ()

    def legal_land(self, first_colour: bool = False) -> list[Action]:
        """Berth and return options; empty when the island has no free slot at all.

        With ``first_colour``, only those of the group's first colour: the
        look-ahead's (:mod:`.finite`), which follows a landing's boats in the
        group's colour order. Which beaches a boat may take depends on how
        many boats are left and which beaches they served, never on colours
        (LAND-2..4, AMB-16), and every order of a legal landing's berths is
        legal too, so that order reaches every landing.
        """
        options, may_return = self.land_options()
        acts: list[Action] = []
        if not options:
            return acts
        previous = -1
        for c in self.group:
            if c == previous:
                continue
            previous = c
            for b in options:
                acts.append(_BERTHS[c, b])
            if may_return:
                acts.append(_RETURNS[c])
            if first_colour:
                break
        return acts

    def land_options(self) -> tuple[list[int], bool]:
        """Beaches the next arriving boat may go to, and whether a boat may be returned.

        LAND-2 (with AMB-16): while some beach with a free slot has not yet
        received a boat of this landing, a boat may go to an already served
        beach only if enough boats remain to serve all the others. LAND-4: a
        boat may be sent home only if the rest still fill every free slot.
        """
        assert self.at is not None
        i = self.where[self.at]
        sl = self.cfg.tiles.slots[self.tiles[i][1]]
        beaches = self.boats[i]
        served = self.served
        k = len(self.group)
        free_total = 0
        unserved = 0
        open_beaches = []
        for b, beach in enumerate(beaches):
            f = sl[b] - len(beach)
            if f > 0:
                free_total += f
                open_beaches.append(b)
                if not served >> b & 1:
                    unserved += 1
        if unserved > k - 1:
            options = [b for b in open_beaches if not served >> b & 1]
        else:
            options = open_beaches
        return options, k - 1 >= free_total

    def land_forced(self) -> bool:
        """Finish a landing whose result no longer depends on any choice.

        With one colour left, the boats are alike: if they must go one to
        each beach not yet served, or must fill every free slot (the rest
        going home), every order of berthing gives the same position.
        """
        group = self.group
        c = group[0]
        if group[-1] != c:
            return False
        assert self.at is not None
        i = self.where[self.at]
        sl = self.cfg.tiles.slots[self.tiles[i][1]]
        beaches = self.boats[i]
        served = self.served
        k = len(group)
        unserved = [
            b for b, beach in enumerate(beaches) if len(beach) < sl[b] and not served >> b & 1
        ]
        free_total = sum(n - len(beach) for beach, n in zip(beaches, sl, strict=True))
        if len(unserved) == k:
            targets = unserved
        elif k >= free_total:
            targets = [b for b, beach in enumerate(beaches) for _ in range(sl[b] - len(beach))]
        else:
            return False
        log = self.log
        for b in targets:
            if log is not None:
                log.append(ev.Berthed(self.at, b, COLOURS[c]))
            self.add_boat(i, b, c)
        surplus = k - len(targets)
        self.reserve[c] += surplus
        if log is not None and surplus:
            log.append(ev.BoatsReturned((COLOURS[c],) * surplus, "no free slot"))
        self.group = ()
        self.after_landing()
        return True

    def land(self, pos: Hex) -> None:
        self.touched |= 1 << self.where[pos]
        self.at = pos
        self.served = 0
        self.phase = LAND
        if self.log is not None:
            self.log.append(ev.Landed(pos, tuple(COLOURS[c] for c in self.group)))

    def berth(self, colour: int, b: int) -> None:
        assert self.at is not None
        group = list(self.group)
        group.remove(colour)
        self.group = tuple(group)
        if self.log is not None:
            self.log.append(ev.Berthed(self.at, b, COLOURS[colour]))
        self.add_boat(self.where[self.at], b, colour)
        self.served |= 1 << b
        if not group:
            self.after_landing()

    def send_home(self, colour: int) -> None:
        group = list(self.group)
        group.remove(colour)
        self.group = tuple(group)
        self.reserve[colour] += 1
        if self.log is not None:
            self.log.append(ev.BoatsReturned((COLOURS[colour],), "no free slot"))
        if not group:
            self.after_landing()

    def after_landing(self) -> None:
        if self.purpose != VOYAGE:
            self.finish_colonize()  # RECOLONIZE-5: the colonising boat is placed
        else:
            self.continue_turn()  # LAND-6 / CHAIN-1
