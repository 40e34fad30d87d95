"""Departure and voyage: DEPART-1..6, VOYAGE-1..7, draws and tile placement.

Every full beach departs as one group (DEPART-1) by a jetty chosen before any
draw (DEPART-3, CHAIN-2; CLOSED-2 may forbid exits that lead straight back).
The group follows the tiles on the table (DEPART-5, VOYAGE-1, VOYAGE-4),
needs as many colours as a route's number (VOYAGE-2) or goes home (VOYAGE-3,
AMB-08), draws a tile at an empty hex (DEPART-4, VOYAGE-4(c), COMP-5; AMB-13
when the pile is empty) and lands on the first island it reaches (DEPART-6,
VOYAGE-6), or bounces off a royal one (ROYAL-7). Drawing and placing a tile
also serve colonisation (RECOLONIZE-3/4/5) and the Rody variant
(VARIANT-RODY-1); a placed tile may end the game (END-1, END-3, END-4 with
AMB-12, AMB-14).
"""

from __future__ import annotations

from .. import events as ev
from ..actions import Action
from ..colours import COLOURS
from ..hexgrid import STEPS, Hex
from ..rules import ClosedRouteMode, LastOceanFate
from .board import _DEPARTS, COLONIZE, DRAW, LOOP, NO_KING, PLACE, VOYAGE
from .landing import LandingPhase


class VoyagePhase(LandingPhase):
    """DEPART-*, VOYAGE-*: departures, voyages, draws and tile placements."""

    __slots__ = ()

    def legal_depart(self) -> list[Action]:
        acts: list[Action] = []
        full: dict[int, list[int]] = {}
        for i, b in self.full_beaches():
            full.setdefault(i, []).append(b)
        for i, beaches in full.items():
            pos = self.tiles[i][0]
            for b, dirs, _away in self.departures_from(i, beaches):
                for d in dirs:
                    acts.append(_DEPARTS[pos, b, d])
        return acts

    def departures_from(self, i: int, beaches: list[int]) -> list[tuple[int, list[int], bool]]:
        """The full ``beaches`` of island ``i`` that may depart, each with its directions.

        Each entry is ``(beach, directions, leads_away)``. A closed island
        offers its first jetty (CLOSED-1: the attempt removes it). With
        ``closed_route_force_other_exit`` (CLOSED-2), exits straight back are
        dropped while the beach has one that leads elsewhere, and a beach
        whose every exit leads back is dropped while another beach of the
        island can sail elsewhere.
        """
        ts = self.cfg.tiles
        rules = self.cfg.rules
        # closure depends on the group only in infinite_only mode or when owners may land
        geometric = (
            rules.closed_route_mode is ClosedRouteMode.GEOMETRIC and not rules.royal_owner_may_land
        )
        force = rules.closed_route_force_other_exit
        _pos, t, rot = self.tiles[i]
        several = len(beaches) > 1
        closed_here: bool | None = None
        options: list[tuple[int, list[int], bool]] = []
        for b in beaches:
            group = self.boats[i][b]
            if closed_here is None or not geometric:
                closed_here = self.is_closed(i, group)
            jetties = ts.jetties[t][b]
            if closed_here:
                # any jetty leads back: the attempt removes the island (CLOSED-1)
                options.append((b, [(jetties[0] + rot) % 6], True))
                continue
            dirs = [(e + rot) % 6 for e in jetties]
            leads_away = True
            if force and (several or len(dirs) > 1):
                away = [d for d in dirs if not self.loops_back(i, d, group)]
                if away:  # CLOSED-2: use an exit that leads elsewhere
                    dirs = away
                else:
                    leads_away = False
            options.append((b, dirs, leads_away))
        if force and several and any(away for _b, _d, away in options):
            # CLOSED-2 (FR-R): while another expedition from the same island can sail
            # elsewhere, a beach whose every jetty leads straight back may not depart
            options = [entry for entry in options if entry[2]]
        return options

    def depart(self, pos: Hex, b: int, direction: int) -> None:
        i = self.where[pos]
        group = self.boats[i][b]
        if self.is_closed(i, group):
            self.close_island(i)
            return
        # AMB-25: the chain has come back to a position it reached since the last draw. Between
        # two draws tiles only leave the table and every boat is on a beach, at sea or in a
        # reserve, so the boats on the table tell the positions apart. The legal choices
        # (:mod:`.finite`) never lead here while some choice can end the turn another way; so
        # only a chain that no choice could end comes back, and ``endless_chain`` settles it.
        boats = tuple(self.boats)
        for reached in self.chain:
            if reached[0] == boats:
                if self.probing:
                    self.phase = LOOP
                else:
                    self.end_endless_chain(i, b)
                return
        if not self.probing:  # a look-ahead keeps the positions reached before it only
            self.chain = (*self.chain, (boats, pos, b, direction))
        self.clear_beach(i, b)
        if self.log is not None:
            self.log.append(ev.Departed(pos, b, direction, tuple(COLOURS[c] for c in group)))
        self.group = group  # DEPART-1: the whole beach sails, whatever the colours
        self.origin = pos
        self.drawn = 0
        dq, dr = STEPS[direction]
        self.sail((pos[0] + dq, pos[1] + dr), (direction + 3) % 6)

    def sail(self, pos: Hex, entry: int) -> None:
        """Follow the group from the edge ``entry`` of hex ``pos`` (VOYAGE-1..5)."""
        ts = self.cfg.tiles
        is_island = ts.is_island
        route_need = ts.route_need
        route_exit = ts.route_exit
        where = self.where
        tiles = self.tiles
        colours = len(set(self.group))
        while True:
            j = where.get(pos)
            if j is None:
                if not self.pile:  # AMB-13: nothing left to draw, the group is lost
                    self.lose_group("nothing left to draw")
                    self.continue_turn()
                    return
                self.at = pos
                self.entry = entry
                self.phase = DRAW  # DEPART-4 / VOYAGE-4(c)
                return
            _p, t, rot = tiles[j]
            if is_island[t]:
                king = self.kings[j]
                if king != NO_KING and not self.may_land_royal(king, self.group):
                    target = self.bounce_target()
                    if self.log is not None:
                        self.log.append(ev.Bounced(pos, target))
                    self.land(target)  # ROYAL-7
                else:
                    self.land(pos)  # DEPART-6, VOYAGE-4(a), VOYAGE-6
                return
            local = (entry - rot) % 6
            need = route_need[t][local]
            if need > colours:  # VOYAGE-2 / VOYAGE-3
                if self.log is not None:
                    self.log.append(ev.VoyageFailed(pos, entry, need, colours))
                self.lose_group("voyage failed")
                if self.cfg.rules.failure_ends_turn:  # AMB-08
                    self.end_turn()
                else:
                    self.continue_turn()
                return
            d = (route_exit[t][local] + rot) % 6
            if self.log is not None:
                self.log.append(ev.RoutePassed(pos, entry, d, need, colours))
            dq, dr = STEPS[d]
            pos = (pos[0] + dq, pos[1] + dr)
            entry = (d + 3) % 6

    def on_draw(self, t: int) -> None:
        self.take_from_pile(t)
        self.chain = ()  # no position before a draw can come back (AMB-25)
        if self.log is not None:
            self.log.append(ev.TileDrawn(self.cfg.tiles.kinds[t].id))
        if self.purpose != VOYAGE:
            self.tile = t
            self.phase = PLACE  # RECOLONIZE-3: placed freely
            return
        rules = self.cfg.rules
        self.drawn += 1
        if rules.variant_rody and self.drawn > 1:  # VARIANT-RODY-1
            self.tile = t
            self.phase = PLACE
            return
        assert self.at is not None
        self.voyage_tile(self.at, t, self.entry)  # COMP-5: red marker on the jetty

    def voyage_tile(self, pos: Hex, t: int, rotation: int) -> None:
        ts = self.cfg.tiles
        self.place(pos, t, rotation)
        if self.log is not None:
            free = self.cfg.rules.variant_rody and self.drawn > 1
            self.log.append(ev.TilePlaced(ts.kinds[t].id, pos, rotation, free))
        self.end_check(t)
        if not ts.is_island[t] and (
            self.cfg.rules.last_ocean_group_fate is LastOceanFate.LOST and not self.pile_has_ocean()
        ):
            self.lose_group("lost at sea")  # END-4 / AMB-12: the last ocean tile swallows it
            self.continue_turn()
            return
        assert self.at is not None
        self.sail(self.at, self.entry)  # lands (END-3) or sails on

    def on_place(self, pos: Hex, rotation: int) -> None:
        t = self.tile
        self.tile = -1
        if self.purpose == VOYAGE:
            self.voyage_tile(pos, t, rotation)
            return
        self.place(pos, t, rotation)
        ts = self.cfg.tiles
        if self.log is not None:
            self.log.append(ev.TilePlaced(ts.kinds[t].id, pos, rotation, True))
        self.end_check(t)
        if ts.is_island[t]:
            a = self.agent
            places = self.purpose == COLONIZE or self.cfg.rules.closed_forced_colonize_places_boat
            if places and self.reserve[a] > 0:  # RECOLONIZE-5 / AMB-27
                self.reserve[a] -= 1
                self.group = (a,)
                self.land(pos)
                return
            self.finish_colonize()
            return
        if self.ended and not self.cfg.rules.end_recolonize_completes:  # AMB-14
            self.finish_colonize()
            return
        self.colonize_draw()  # RECOLONIZE-4
