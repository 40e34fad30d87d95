"""Where groups go and whether a chain certainly ends: the certificates of AMB-25.

The look-ahead of :mod:`.finite` asks, for each choice between two draws,
whether the turn can still end without coming back to a position the chain
has reached. Most choices are settled here without looking ahead: a
departure whose route reaches an empty hex draws a tile; a landing that can
be finished without filling a beach ends the turn; a full beach that draws,
on a table the chain has not had, ends it too. Every certificate is sound: it
accepts a choice only when a finite continuation certainly exists; what none
accepts goes to the exact search.

A departure position the chain has not reached, with a departure that draws,
ends the chain: that departure is offered there (CLOSED-2 keeps every exit
that leads away, and an exit that reaches an empty hex leads away).
"""

from __future__ import annotations

from ..actions import Action, Depart, ExpandFromBoard, PlaceTile
from ..hexgrid import STEPS
from ..rules import BounceTarget, LastOceanFate
from .board import NEVER, NO_KING, VOYAGE
from .setup import SetupPhase

# What a group's route from a jetty comes to, before any choice (see Outlook.route)
DRAWS = -1
"""The route reaches an empty hex and a tile is drawn there."""
LOST = -2
"""The group goes home on the way (VOYAGE-3, or AMB-13: nothing left to draw)."""
LOST_ENDS_TURN = -3
"""The group goes home and the turn ends with it (AMB-08, ``failure_ends_turn``)."""


_DEPENDS = -1
"""In :attr:`Sailings.ends`: the answer depends on the island expanded, and is not kept."""


class Sailings:
    """What one turn decision's certificates and searches found, shared by its choices.

    ``ends`` says, by ``(island, beach, group)``, whether the beach can sail
    and end the turn after boats from the reserve (1 or 0), where that does
    not depend on the boats an expansion changes, and :data:`_DEPENDS` where
    it does (see :meth:`Outlook._boats_placed_end`). ``ways`` holds, by
    island and the beaches a choice fills there with their groups (``(island,
    ((beach, group), ...))``, beaches ascending), the ways to an end found for
    choices that fill those beaches with those groups, none of which lands on
    an island its own choice changed: the islands (bits) each lands on (see
    :meth:`.finite.FiniteChoices._by_a_way_found`).

    >>> Sailings().ends
    {}
    """

    __slots__ = ("ends", "ways")

    def __init__(self) -> None:
        self.ends: dict[tuple[int, int, tuple[int, ...]], int] = {}
        self.ways: dict[tuple[int, tuple[tuple[int, tuple[int, ...]], ...]], list[int]] = {}


class Outlook(SetupPhase):
    """AMB-25's certificates: where a group goes, and whether the chain certainly ends."""

    __slots__ = ()

    def reached(self) -> tuple[tuple[object, ...], ...]:
        """The positions a choice must not lead back to: the chain's, up to the decision.

        In a look-ahead the chain does not grow (:meth:`.finite.FiniteChoices.ends_finitely`):
        a path that comes back to a position of its own is no shorter way to
        an end than the same path with that loop cut out, so certificates and
        the search alike ignore the look-ahead's own departures.
        """
        return self.chain

    def returned(self) -> bool:
        """Is this departure position one the chain has reached (see :meth:`reached`)?"""
        boats = tuple(self.boats)
        return any(entry[0] == boats for entry in self.reached())

    def route(self, i: int, direction: int, group: tuple[int, ...]) -> int:
        """Where ``group`` sailing from island ``i`` in ``direction`` comes to, without a choice.

        :data:`DRAWS`, :data:`LOST` or :data:`LOST_ENDS_TURN`, or the index of
        the island it reaches (a royal island it may not land on included).
        """
        end, need = self.walk(i, direction)
        if need > len(set(group)):
            return LOST_ENDS_TURN if self.cfg.rules.failure_ends_turn else LOST
        if end < 0:
            return DRAWS if self.pile else LOST
        return end

    def beach_draws(self, i: int, b: int, group: tuple[int, ...]) -> bool:
        """Does ``group``, full on beach ``b`` of island ``i``, have a jetty that draws?

        One that reaches an empty hex by routes the group has the colours for
        (:meth:`route`), while the pile has a tile.
        """
        if not self.pile:
            return False
        draw_need = self.chart.draw_need
        key = i * 8 + b
        need = draw_need.get(key)
        if need is None:
            need = NEVER
            _p, t, rot = self.tiles[i]
            for e in self.cfg.tiles.jetties[t][b]:
                end, asks = self.walk(i, (e + rot) % 6)
                if end < 0 and asks < need:
                    need = asks
            draw_need[key] = need
        return need <= len(set(group))

    def pending_draws(self, skip_island: int = -1, skip_beach: int = -1) -> bool:
        """Does a full beach (but the one skipped, or any of ``skip_island`` if no beach) draw?"""
        where = self.where
        boats = self.boats
        for pos, b in self.full:
            j = where[pos]
            if j == skip_island and (skip_beach < 0 or b == skip_beach):
                continue
            if self.beach_draws(j, b, boats[j][b]):
                return True
        return False

    def fresh(self, i: int, j: int = -1, k: int = -1) -> bool:
        """No position the chain reached matches the table away from islands ``i``, ``j``, ``k``."""
        chain = self.reached()
        if not chain:
            return True
        boats = self.boats
        n = len(boats)
        away = sorted({x for x in (i, j, k) if 0 <= x < n})  # the islands left out
        # the stretches of islands between them, compared a slice at a time
        cuts = [-1, *away, n]
        stretches = [(cuts[m] + 1, cuts[m + 1]) for m in range(len(cuts) - 1)]
        now = tuple(boats)
        for entry in chain:
            old = entry[0]
            assert isinstance(old, tuple)
            if len(old) == n and all(old[a:z] == now[a:z] for a, z in stretches):
                return False
        return True

    def arrives(self, i: int, direction: int, group: tuple[int, ...]) -> int:
        """:meth:`route`, but a royal island the group may not land on sends it back (ROYAL-7).

        The island where ``group``, sailing from island ``i`` in ``direction``,
        lands (:meth:`bounce_back` when the route ends at such a royal island),
        or :data:`DRAWS`, :data:`LOST` or :data:`LOST_ENDS_TURN`.
        """
        target = self.route(i, direction, group)
        if target >= 0:
            king = self.kings[target]
            if king != NO_KING and not self.may_land_royal(king, group):
                return self.bounce_back(i)
        return target

    def bounce_back(self, i: int) -> int:
        """AMB-09: where a group that left island ``i`` lands after a royal bounce."""
        back = self.tiles[i][0]
        if self.cfg.rules.royal_bounce_target is BounceTarget.TURN_ORIGIN:
            start = self.turn_origin
            if start is not None:
                js = self.where.get(start)
                if js is not None and self.kings[js] == NO_KING:
                    back = start
        return self.where[back]

    def quiet_landing(self, j: int, k: int, served: int, skip: int = -1) -> bool:
        """Can ``k`` boats land on island ``j`` without filling a beach (LAND-2, AMB-16)?

        ``served`` marks the beaches this landing has already served; beach
        ``skip`` counts as emptied (the group's own beach, when it comes back).
        While beaches not yet served outnumber the boats, each boat goes to
        another one of them; otherwise every unserved beach takes one boat and
        the rest go where they fit. A boat may go home only when the others
        fill every free slot, so going home never avoids a full beach.
        """
        slots = self.cfg.tiles.slots[self.tiles[j][1]]
        beaches = self.boats[j]
        unserved = 0
        roomy_unserved = 0
        spare = 0
        for b in range(len(slots)):
            free = slots[b] if b == skip else slots[b] - len(beaches[b])
            if free <= 0:
                continue
            spare += free - 1
            if not served >> b & 1:
                unserved += 1
                if free >= 2:
                    roomy_unserved += 1
        if unserved >= k:
            return roomy_unserved >= k
        return roomy_unserved == unserved and k <= spare

    def open_beaches_draw(self, j: int, skip: int = -1) -> bool:
        """Does every beach of island ``j`` with a free slot draw once it is full?

        Each is tried with the boats it holds now (none on beach ``skip``):
        boats that land there later only add colours, and more colours pass
        every route that fewer pass.
        """
        slots = self.cfg.tiles.slots[self.tiles[j][1]]
        beaches = self.boats[j]
        for b in range(len(slots)):
            held = () if b == skip else beaches[b]
            if len(held) < slots[b] and not self.beach_draws(j, b, held):
                return False
        return True

    def landing_ends(
        self, j: int, k: int, served: int, skip: int, others: bool, fresh: bool
    ) -> bool:
        """After ``k`` boats land on island ``j``, does the chain certainly end?

        ``others`` says whether a beach is full elsewhere; ``fresh`` whether
        the table after the landing can be no position the chain has reached.
        A landing that fills nothing ends the turn if nothing else is full.
        From a fresh position, a full beach that draws ends the chain: one
        already full elsewhere, or any beach of ``j`` the landing must fill.
        """
        quiet = self.quiet_landing(j, k, served, skip)
        if quiet and not others:
            return True
        if not fresh:
            return False
        if others and self.pending_draws():
            return True
        return self.may_fill_a_drawing_beach(j, k, served, skip) or (
            not quiet and self.open_beaches_draw(j, skip)
        )

    def may_fill_a_drawing_beach(self, j: int, k: int, served: int, skip: int = -1) -> bool:
        """Can the next of ``k`` landing boats fill a beach of island ``j`` that then draws?

        A beach one boat short of full that this landing has not served is
        always among the next boat's choices (LAND-2), and its boats draw
        with the colours they have (a boat more only adds a colour).
        """
        if k < 1:
            return False
        slots = self.cfg.tiles.slots[self.tiles[j][1]]
        beaches = self.boats[j]
        for b in range(len(slots)):
            if served >> b & 1 or b == skip:
                continue
            if slots[b] - len(beaches[b]) == 1 and self.beach_draws(j, b, beaches[b]):
                return True
        return False

    def sails_and_ends(
        self, i: int, b: int, direction: int, group: tuple[int, ...], unknown: int = -1
    ) -> bool:
        """Group ``group`` leaves beach ``b`` of island ``i``: does the chain certainly end?

        The position is the one the departure is chosen in (the beach still
        full). Ends: a draw; the group lost; or, with no other beach full, a
        landing that fills nothing, or the island's removal (CLOSED-1). With
        other beaches full it ends where one of them draws from a position the
        chain has not reached: after a loss (fewer boats than any position
        reached), or after a landing elsewhere on a table the chain never had.
        """
        target = self.arrives(i, direction, group)
        if target == DRAWS:
            return True  # an empty hex: the island is not closed, and a tile is drawn
        if len(self.full) == 1:
            # lost, or removed with its island (CLOSED-1): nothing is full, the turn ends
            if target < 0 or self.is_closed(i, group):
                return True
            if target == unknown:
                return False
            skip = b if target == i else -1
            fresh = target != i and self.fresh(i, target, unknown)
            return self.landing_ends(target, len(group), 0, skip, False, fresh)
        if unknown >= 0:
            return False
        if self.is_closed(i, group):
            return self.pending_draws(i)  # the island goes with its beaches
        if target == LOST_ENDS_TURN:
            return True
        if target == LOST:
            return self.pending_draws(i, b)
        return target != i and self.fresh(i, target) and self.pending_draws(i, b)

    def _departure_ends(self, action: Action) -> bool:
        if type(action) is not Depart:
            return False
        assert isinstance(action, Depart)
        i = self.where[action.island]
        b = action.beach
        return self.sails_and_ends(i, b, action.jetty, self.boats[i][b])

    def _boats_placed_end(
        self, i: int, placed: tuple[int, ...], sailed: Sailings | None = None
    ) -> bool:
        """New boats of the player on beaches ``placed`` of island ``i`` (a beach may repeat).

        At the turn's choice no beach is full and the chain has reached no
        position. The turn certainly ends if no beach fills; if a beach filled
        has a jetty that draws; or if the one beach filled can sail and end it.

        ``sailed`` keeps, for one turn decision, what the test found for a
        beach and the group that fills it, where the answer cannot depend on
        the boats an expansion changes. The test reads only the island
        expanded (its routes, and its boats when an exit leads back to it)
        and the islands the beach's exits lead to (:meth:`_exits_land`).
        Boats from the reserve change the island expanded, so their answer
        is kept when no exit leads back to it. Many expansions fill the same
        beach and differ only in where their other boats go. (A boat moved
        from the table changes the island it leaves: the turn decision
        shares those answers itself, see
        :meth:`.finite.FiniteChoices._turn_choices`.)
        """
        if self.full or self.chain:
            return False
        slots = self.cfg.tiles.slots[self.tiles[i][1]]
        beaches = self.boats[i]
        a = self.agent
        filled = -1
        group: tuple[int, ...] = ()  # the filled beach's group
        for b in placed:
            if len(beaches[b]) + placed.count(b) >= slots[b]:
                group = tuple(sorted((*beaches[b], *([a] * placed.count(b)))))
                if self.beach_draws(i, b, group):
                    return True
                if filled >= 0 and filled != b:
                    return self._lost_first(i, placed)
                filled = b
        if filled < 0:
            return True  # nothing fills: the turn ends (EXPAND-7)
        if sailed is None:
            return self._filled_beach_ends(i, placed, filled, None)
        key = (i, filled, group)
        known = sailed.ends.get(key)
        if known is None:
            if i in self._exits_land(i, filled, group):
                known = sailed.ends[key] = _DEPENDS
            else:
                # one beach fills: try its departures on the table as it will be
                ends = self._filled_beach_ends(i, placed, filled, None)
                sailed.ends[key] = int(ends)
                return ends
        if known == _DEPENDS:
            return self._filled_beach_ends(i, placed, filled, None)
        return known == 1

    def _exits_land(self, i: int, b: int, group: tuple[int, ...]) -> tuple[int, ...]:
        """Where each exit of beach ``b`` of island ``i`` takes ``group``, full there, after a
        royal island's bounce too (ROYAL-7).

        Whether the beach can sail and end the turn depends on the boats of
        these islands, and on nothing else of the table's boats but the
        beach's own group (:meth:`_filled_beach_ends`).
        """
        _p, t, rot = self.tiles[i]
        return tuple(self.arrives(i, (e + rot) % 6, group) for e in self.cfg.tiles.jetties[t][b])

    def _filled_beach_ends(
        self, i: int, placed: tuple[int, ...], filled: int, moved: ExpandFromBoard | None
    ) -> bool:
        """The boats placed fill beach ``filled`` alone: can it sail and end the turn?"""
        a = self.agent
        saved = list(self.boats)
        try:
            if moved is not None:
                js = self.where[moved.source]
                self.remove_boat_quietly(js, moved.source_beach, a)
            for b in placed:
                self.boats[i] = self._with_boat(i, b, a)
            self.full.append((self.tiles[i][0], filled))
            group = self.boats[i][filled]
            return self._offered_exit_ends(i, filled, group)
        finally:
            self.boats = saved
            self.full.pop()

    def _lost_first(self, i: int, placed: tuple[int, ...]) -> bool:
        """Several beaches fill, none draws: all but one sail off and are lost, the last ends?

        A beach whose exit loses the group (VOYAGE-3) is always offered when
        that exit does not lead straight back (CLOSED-2). After the losses,
        fewer boats are on the table than in any position reached, and the
        one beach left must end the chain alone.
        """
        slots = self.cfg.tiles.slots[self.tiles[i][1]]
        a = self.agent
        saved = list(self.boats)
        saved_full = list(self.full)
        try:
            for b in placed:
                self.boats[i] = self._with_boat(i, b, a)
            beaches = self.boats[i]
            filled = [b for b in range(len(slots)) if len(beaches[b]) >= slots[b] and b in placed]
            if self.is_closed(i, beaches[filled[0]]):
                return False
            _p, t, rot = self.tiles[i]
            jetties = self.cfg.tiles.jetties[t]
            force = self.cfg.rules.closed_route_force_other_exit
            unlost: list[int] = []
            for b in filled:
                group = beaches[b]
                if not any(
                    self.route(i, (e + rot) % 6, group) in (LOST, LOST_ENDS_TURN)
                    and not (force and self.loops_back(i, (e + rot) % 6, group))
                    for e in jetties[b]
                ):
                    unlost.append(b)
            if len(unlost) > 1:
                return False
            last = unlost[0] if unlost else filled[-1]
            for b in filled:
                if b != last:
                    self.boats[i] = self._with_boat_cleared(i, b)
            self.full = [(self.tiles[i][0], last)]
            return self._offered_exit_ends(i, last, self.boats[i][last])
        finally:
            self.boats = saved
            self.full = saved_full

    def _with_boat_cleared(self, i: int, b: int) -> tuple[tuple[int, ...], ...]:
        beaches = list(self.boats[i])
        beaches[b] = ()
        return tuple(beaches)

    def _with_boat(self, i: int, b: int, colour: int) -> tuple[tuple[int, ...], ...]:
        beaches = list(self.boats[i])
        beaches[b] = tuple(sorted((*beaches[b], colour)))
        return tuple(beaches)

    def remove_boat_quietly(self, i: int, b: int, colour: int) -> None:
        """Take one boat off a beach of the scratch copy (no full-beach bookkeeping)."""
        beaches = list(self.boats[i])
        beach = list(beaches[b])
        beach.remove(colour)
        beaches[b] = tuple(beach)
        self.boats[i] = tuple(beaches)

    def _offered_exit_ends(self, i: int, b: int, group: tuple[int, ...], unknown: int = -1) -> bool:
        """Does some exit the departure decision would offer for full beach ``b`` end the chain?

        CLOSED-2 (with the flag): when a jetty of the beach leads elsewhere,
        exits straight back are not offered; CLOSED-1: a closed island offers
        its first jetty, and the departure removes it.
        """
        _p, t, rot = self.tiles[i]
        dirs = [(e + rot) % 6 for e in self.cfg.tiles.jetties[t][b]]
        if self.is_closed(i, group):
            return self.sails_and_ends(i, b, dirs[0], group, unknown)
        if self.cfg.rules.closed_route_force_other_exit and len(dirs) > 1:
            away = [d for d in dirs if not self.loops_back(i, d, group)]
            if away:
                dirs = away
        return any(self.sails_and_ends(i, b, d, group, unknown) for d in dirs)

    def _berth_ends(self, i: int, colour: int, b: int, fresh: bool) -> bool:
        """Does the chain certainly end after a boat of ``colour`` berths on beach ``b``?"""
        slots = self.cfg.tiles.slots[self.tiles[i][1]]
        k = len(self.group) - 1
        saved = self.boats[i]
        self.boats[i] = self._with_boat(i, b, colour)
        fills = len(self.boats[i][b]) >= slots[b]
        try:
            if fills:
                if fresh and self.beach_draws(i, b, self.boats[i][b]):
                    return True
                if k and fresh and self.may_fill_a_drawing_beach(i, k, self.served | 1 << b):
                    return True
                if self.full or self.returned():
                    return False
                served = self.served | 1 << b
                if k and not (fresh and self.quiet_landing(i, k, served)):
                    return False
                # the only full beach after the landing, on a table the chain has not had,
                # sails next; where the other boats land is not known yet when k > 0
                self.full.append((self.tiles[i][0], b))
                try:
                    return self._offered_exit_ends(i, b, self.boats[i][b], i if k else -1)
                finally:
                    self.full.pop()
            if k == 0:
                return not self.full or (fresh and self.pending_draws())
            served = self.served | 1 << b
            if self.landing_ends(i, k, served, -1, bool(self.full), fresh):
                return True
            return (
                fresh
                and len(self.full) == 1
                and self.quiet_landing(i, k, served)
                and (self._pending_sails_and_ends(i))
            )
        finally:
            self.boats[i] = saved

    def _pending_sails_and_ends(self, unknown: int) -> bool:
        """The one full beach (elsewhere) sails next: does it end the chain?

        Where the boats now landing go on island ``unknown`` is not known yet.
        """
        pos, b = self.full[0]
        j = self.where[pos]
        if j == unknown:
            return False
        return self._offered_exit_ends(j, b, self.boats[j][b], unknown)

    def _colonisation_ends(self) -> bool:
        """Every free placement of a colonisation ends the turn or draws again.

        With no beach full elsewhere: an ocean tile draws again or ends the
        colonisation (RECOLONIZE-4, AMB-14); an island takes one boat
        (RECOLONIZE-5), which fills no beach of two slots or more.
        """
        if self.purpose == VOYAGE or self.full:
            return False
        t = self.tile
        ts = self.cfg.tiles
        if not ts.is_island[t]:
            return True
        return self.reserve[self.agent] == 0 or max(ts.slots[t], default=0) >= 2

    def _placement_ends(self, action: Action) -> bool:
        """A tile placed freely in a voyage (VARIANT-RODY-1) that certainly ends the chain.

        The group sails on from the new ocean tile; if the next hex is empty,
        a tile is drawn there.
        """
        if type(action) is not PlaceTile or self.purpose != VOYAGE:
            return False
        assert isinstance(action, PlaceTile)
        t = self.tile
        ts = self.cfg.tiles
        if ts.is_island[t]:
            return False
        if self.cfg.rules.last_ocean_group_fate is LastOceanFate.LOST and not self.pile_has_ocean():
            return not self.full  # END-4 / AMB-12: the group is lost with the last ocean tile
        rot = action.rotation
        local = (self.entry - rot) % 6
        if ts.route_need[t][local] > len(set(self.group)):
            return self.cfg.rules.failure_ends_turn or not self.full
        d = (ts.route_exit[t][local] + rot) % 6
        dq, dr = STEPS[d]
        pos = action.position
        if self.where.get((pos[0] + dq, pos[1] + dr)) is not None:
            return False
        return bool(self.pile)
