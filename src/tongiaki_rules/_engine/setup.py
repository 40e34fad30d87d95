"""Setup: two plain rounds of one boat each on Tonga (SETUP-4, SETUP-5, SETUP-6, AMB-29).

A placement may not fill a Tonga beach (SETUP-5); with distinct beaches
(AMB-29) a player's two boats go to different beaches and a placement must
leave setup completable. After the second round the start player begins
(SETUP-6).
"""

from __future__ import annotations

from .. import events as ev
from ..actions import Action
from ..colours import COLOURS
from .board import _SETUPS
from .expansion import ExpansionPhase


class SetupPhase(ExpansionPhase):
    """SETUP-*: the setup placements and their legality."""

    __slots__ = ()

    def legal_setup(self) -> list[Action]:
        i = self.tonga_index()
        assert i is not None
        acts: list[Action] = []
        for b in range(len(self.boats[i])):
            if self.free(i, b) < 2:  # SETUP-5: a beach must keep a free slot
                continue
            if self.cfg.rules.setup_distinct_beaches:
                if self.setup_firsts[self.agent] == b:  # AMB-29
                    continue
                if not self._setup_feasible_after(i, b):
                    continue
            acts.append(_SETUPS[(b,)])
        return acts

    def _setup_feasible_after(self, i: int, b: int) -> bool:
        """With distinct beaches, can setup still be completed after this placement?"""
        cfg = self.cfg
        room = [self.free(i, k) - 1 for k in range(len(self.boats[i]))]
        room[b] -= 1
        firsts = list(self.setup_firsts)
        if firsts[self.agent] < 0:
            firsts[self.agent] = b
        total = 2 * len(cfg.agent_seats)
        order = cfg.order
        n = len(order)
        sequence = [order[k % n] for k in range(self.setup_count + 1, total)]

        def search(k: int) -> bool:
            if k == len(sequence):
                return True
            who = sequence[k]
            for beach in range(len(room)):
                if room[beach] > 0 and firsts[who] != beach:
                    room[beach] -= 1
                    old = firsts[who]
                    if old < 0:
                        firsts[who] = beach
                    ok = search(k + 1)
                    firsts[who] = old
                    room[beach] += 1
                    if ok:
                        return True
            return False

        return search(0)

    def setup_place(self, b: int) -> None:
        i = self.tonga_index()
        assert i is not None
        a = self.agent
        self.add_boat(i, b, a)
        self.reserve[a] -= 1
        if self.log is not None:
            self.log.append(ev.BoatsPlaced(self.tiles[i][0], (b,), COLOURS[a]))
        if self.setup_firsts[a] < 0:
            firsts = list(self.setup_firsts)
            firsts[a] = b
            self.setup_firsts = tuple(firsts)
        self.setup_count += 1
        cfg = self.cfg
        if self.setup_count == 2 * len(cfg.agent_seats):  # SETUP-4: two plain rounds
            self.setup_firsts = ()
            self.agent = cfg.order[0]  # SETUP-6
            self.start_turn()
        else:
            self.agent = cfg.next_agent[a]
