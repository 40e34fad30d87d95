"""Closed routes and endless chains: CLOSED-1..5, AMB-10, AMB-25, AMB-27.

An island every jetty of which leads straight back to it is removed and its
boats go home (CLOSED-1); a circuit through other islands is not closed
(CLOSED-3). A royal island on the way counts as leading back with AMB-10. The
same departure repeated within a turn is an endless chain (AMB-25), settled
by the ``endless_chain`` flag. After a removal, a player left without an
island or a boat recolonises at once (CLOSED-4, CLOSED-5, AMB-27). Which exit
a group must take when another leads elsewhere (CLOSED-2) is part of the
departure choice, in :mod:`.voyage`.
"""

from __future__ import annotations

from .. import events as ev
from ..colours import COLOURS
from ..rules import ClosedRouteMode, EndlessChain
from .board import FORCED_COLONIZE, NO_KING
from .colonisation import ColonisationPhase


class ClosedRoutes(ColonisationPhase):
    """CLOSED-*: whether an island is closed; removing it; endless chains."""

    __slots__ = ()

    def loops_back(self, i: int, direction: int, group: tuple[int, ...]) -> bool:
        """Does the exit of island ``i`` in ``direction`` lead straight back (AMB-25)?

        Follows ocean tiles already on the table, without drawing. Reaching an
        empty hex or another island is an open exit; reaching a royal island
        counts as leading back when ``bounce_counts_as_closed_route`` (AMB-10).
        In ``infinite_only`` mode a route the group could not pass also makes
        the exit open: the group would founder rather than come back.
        """
        rules = self.cfg.rules
        if rules.closed_route_mode is ClosedRouteMode.INFINITE_ONLY or rules.royal_owner_may_land:
            return self._leads_back(i, direction, group)
        loops = self.chart.closures(self.kings)[1]  # the answer is the same for every group
        key = i * 6 + direction
        found = loops.get(key)
        if found is None:
            found = loops[key] = self._leads_back(i, direction, group)
        return found

    def _leads_back(self, i: int, direction: int, group: tuple[int, ...]) -> bool:
        rules = self.cfg.rules
        end, need = self.walk(i, direction)
        if rules.closed_route_mode is ClosedRouteMode.INFINITE_ONLY and need > len(set(group)):
            return False
        if end < 0:
            return False
        if end == i:
            return True
        king = self.kings[end]
        if king != NO_KING and not self.may_land_royal(king, group):
            return rules.bounce_counts_as_closed_route
        return False

    def is_closed(self, i: int, group: tuple[int, ...]) -> bool:
        """CLOSED-1: every jetty of every beach of island ``i`` leads back to it.

        Only in ``geometric`` mode (IT, FR-R: the attempted voyage removes the
        island). In ``infinite_only`` mode (BSW) an island goes only when its
        chain is endless, which :mod:`.finite` decides (AMB-25).
        """
        rules = self.cfg.rules
        if rules.closed_route_mode is ClosedRouteMode.INFINITE_ONLY:
            return False
        if rules.royal_owner_may_land:
            return self._all_lead_back(i, group)
        closed = self.chart.closures(self.kings)[0]  # the answer is the same for every group
        found = closed.get(i)
        if found is None:
            found = closed[i] = self._all_lead_back(i, group)
        return found

    def _all_lead_back(self, i: int, group: tuple[int, ...]) -> bool:
        t = self.tiles[i][1]
        rot = self.tiles[i][2]
        for jetties in self.cfg.tiles.jetties[t]:
            for e in jetties:
                if not self.loops_back(i, (e + rot) % 6, group):
                    return False
        return True

    def close_island(self, i: int) -> None:
        """CLOSED-1: remove the island and send its boats home; CLOSED-4 afterwards."""
        if self.log is not None:
            pos, t, _r = self.tiles[i]
            self.log.append(ev.IslandRemoved(pos, self.cfg.tiles.kinds[t].id))
            home = tuple(COLOURS[c] for beach in self.boats[i] for c in beach)
            if home:
                self.log.append(ev.BoatsReturned(home, "island removed"))
        self.remove_island(i)  # the departing group's boats go home too
        no_island = not any(self.cfg.tiles.is_island[t] for _p, t, _r in self.tiles)
        if no_island or self.no_boats(self.agent):
            self.purpose = FORCED_COLONIZE  # CLOSED-4
            self.colonize_draw()
        else:
            self.continue_turn()

    def end_endless_chain(self, i: int, b: int) -> None:
        """AMB-25: settle a departure that repeats itself within the turn.

        By default (``endless_chain="remove_island"``) it is settled like a closed
        route: the island is removed (CLOSED-1) and CLOSED-4 follows. With
        ``"return_group"`` the beach's boats go home, as after a failed voyage.
        """
        if self.cfg.rules.endless_chain is EndlessChain.REMOVE_ISLAND:
            self.close_island(i)
            return
        self.group = self.clear_beach(i, b)
        self.lose_group("endless chain")
        self.continue_turn()
