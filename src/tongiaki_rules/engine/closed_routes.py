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
from ..hexgrid import STEPS, Hex
from ..rules import ClosedRouteMode, EndlessChain
from ..tiles import TileSet
from .board import FORCED_COLONIZE, NO_KING
from .colonisation import ColonisationPhase

_Table = tuple[tuple[Hex, int, int], ...]
_RouteEnds = tuple[_Table, TileSet | None, dict[tuple[int, int], tuple[int, int]]]
_ROUTES: list[_RouteEnds] = [((), None, {})]
"""The route ends found on the last table (kept by identity: the tuple and the tile set)."""


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
        j, need = self.route_end(i, direction)
        if j < 0:
            return False
        rules = self.cfg.rules
        if rules.closed_route_mode is ClosedRouteMode.INFINITE_ONLY and need > len(set(group)):
            return False
        if j == i:
            return True
        king = self.kings[j]
        if king != NO_KING and not self.may_land_royal(king, group):
            return rules.bounce_counts_as_closed_route
        return False

    def route_end(self, i: int, direction: int) -> tuple[int, int]:
        """Where the exit of island ``i`` in ``direction`` ends, over the tiles on the table.

        ``(island index, highest route number passed)``, or ``(-1, ...)`` at an
        empty hex. Routes change only when a tile is placed or removed, which
        makes a new table tuple: the answers are kept for the table they were
        found on (the last one seen), so a departure list and the departure
        itself follow each route once.
        """
        tiles = self.tiles
        ts = self.cfg.tiles
        kept = _ROUTES[0]
        if kept[0] is not tiles or kept[1] is not ts:
            kept = (tiles, ts, {})
            _ROUTES[0] = kept
        ends = kept[2]
        key = (i, direction)
        end = ends.get(key)
        if end is None:
            end = ends[key] = self._follow_route(i, direction)
        return end

    def _follow_route(self, i: int, direction: int) -> tuple[int, int]:
        ts = self.cfg.tiles
        is_island = ts.is_island
        route_need = ts.route_need
        route_exit = ts.route_exit
        tiles = self.tiles
        where = self.where
        highest = 0
        q, r = tiles[i][0]
        dq, dr = STEPS[direction]
        pos = (q + dq, r + dr)
        entry = (direction + 3) % 6
        while True:
            j = where.get(pos)
            if j is None:
                return -1, highest
            _p, t, rot = tiles[j]
            if is_island[t]:
                return j, highest
            local = (entry - rot) % 6
            need = route_need[t][local]
            if need > highest:
                highest = need
            d = (route_exit[t][local] + rot) % 6
            dq, dr = STEPS[d]
            pos = (pos[0] + dq, pos[1] + dr)
            entry = (d + 3) % 6

    def is_closed(self, i: int, group: tuple[int, ...]) -> bool:
        """CLOSED-1: every jetty of every beach of island ``i`` leads back to it."""
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
