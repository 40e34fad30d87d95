"""Finite choices: a chain is endless only when no choice can end it (AMB-25, CLOSED-2/3).

Between two draws a turn moves through positions: boats placed, groups sailing
over tiles already on the table, landings, more departures. The texts call a
chain endless only when no finite combination of the player's choices resolves
it (BSW *Infinite chain hoist*; FR-H *Recommencement perpétuel*: never on a
group of islands; FR-R: the player must choose another departure). So a choice
is offered only if, after it, the turn can still end (a draw, the end of the
turn, or the end of the game) without coming back to a position the chain has
already reached since the last draw. Only when no choice at a decision can end
that way is the chain endless: then every choice stays open, and when the chain
comes back to a position, ``Rules.endless_chain`` settles it
(:meth:`~.closed_routes.ClosedRoutes.end_endless_chain`).

The question is answered in two steps. Cheap certificates settle most choices
without looking ahead: a departure whose route reaches an empty hex draws a
tile; a landing that can be finished without filling a beach ends the turn; an
expansion that fills no beach, or fills one with a jetty that draws, is
harmless. Every certificate is sound: it accepts a choice only when a finite
continuation certainly exists. Whatever they cannot settle goes to an exact
search (:meth:`FiniteChoices.ends_finitely`): a depth-first search over the
positions reachable without a draw, each reached once, in which a departure
from a position already reached closes the path. It explores nothing where no
chain is under way.
"""

from __future__ import annotations

from ..actions import (
    Action,
    Berth,
    Depart,
    Expand,
    ExpandFromBoard,
    FoundRoyal,
    PlaceNewBoats,
    PlaceTile,
    Recolonize,
)
from ..hexgrid import STEPS, Hex
from ..rules import BounceTarget, LastOceanFate
from .board import DEPART, LAND, LOOP, NO_KING, PLACE, TURN, VOYAGE
from .setup import SetupPhase

# What a group's route from a jetty comes to, before any choice (see FiniteChoices.route)
DRAWS = -1
"""The route reaches an empty hex and a tile is drawn there."""
LOST = -2
"""The group goes home on the way (VOYAGE-3, or AMB-13: nothing left to draw)."""
LOST_ENDS_TURN = -3
"""The group goes home and the turn ends with it (AMB-08, ``failure_ends_turn``)."""


class FiniteChoices(SetupPhase):
    """AMB-25: keep the choices after which the turn can still end."""

    __slots__ = ()

    # ------------------------------------------------------------ filled in by Work
    def legal(self) -> list[Action]:  # pragma: no cover - Work overrides it
        raise NotImplementedError

    def apply(self, action: Action) -> None:  # pragma: no cover - Work overrides it
        raise NotImplementedError

    def settle(self) -> list[Action]:  # pragma: no cover - Work overrides it
        raise NotImplementedError

    def fork(self) -> FiniteChoices:  # pragma: no cover - Work overrides it
        raise NotImplementedError

    # ------------------------------------------------------------ the filter
    def finite_choices(self, acts: list[Action]) -> list[Action]:
        """The choices after which the turn can still end; all of ``acts`` if none can."""
        phase = self.phase
        if phase == TURN:
            good = self._turn_choices(acts)
        elif phase == DEPART:
            if self.chain and self.returned():
                return acts  # the chain is already back where it was: it is endless
            others = len(self.full) > 1
            good = [a for a in acts if self._departure_ends(a, others) or self.ends_finitely(a)]
        elif phase == LAND:
            good = self._landing_choices(acts)
        elif phase == PLACE:
            if self._colonisation_ends():
                return acts
            good = [a for a in acts if self._placement_ends(a) or self.ends_finitely(a)]
        else:
            return acts
        return good if good else acts

    def returned(self) -> bool:
        """Is this departure position one the chain has reached since the last draw?"""
        boats = tuple(self.boats)
        return any(reached[0] == boats for reached in self.chain)

    def ends_finitely(self, action: Action) -> bool:
        """The exact search: can the turn end after ``action`` without a return?

        Depth-first over the positions reachable without a draw, each visited
        once; a position is its whole scratch copy, the chain's memory included,
        so the answer does not depend on the order of the search.
        """
        first = self.fork()
        first.probing = True
        first.apply(action)
        visited: set[tuple[object, ...]] = set()
        stack: list[tuple[FiniteChoices, list[Action], int]] = []
        node: FiniteChoices | None = first
        while True:
            if node is not None:
                acts = node.settle()
                if not acts:
                    if node.phase != LOOP:
                        return True  # a draw, the end of the turn or of the game
                else:
                    key = node.node_key()
                    if key not in visited:
                        visited.add(key)
                        stack.append((node, acts, 0))
            if not stack:
                return False
            parent, acts, k = stack[-1]
            if k == len(acts):
                stack.pop()
                node = None
                continue
            stack[-1] = (parent, acts, k + 1)
            node = parent.fork()
            node.apply(acts[k])

    def node_key(self) -> tuple[object, ...]:
        """Everything that decides what can follow: the position and the chain's memory."""
        return (
            self.phase,
            tuple(self.boats),
            tuple(self.reserve),
            self.group,
            self.at,
            self.entry,
            self.served,
            self.origin,
            self.turn_origin,
            self.drawn,
            self.tile,
            self.purpose,
            self.removed,
            self.kings,
            self.ended,
            self.chain,
        )

    # ------------------------------------------------------------ certificates
    def route(self, i: int, direction: int, group: tuple[int, ...]) -> int:
        """Where ``group`` sailing from island ``i`` in ``direction`` comes to, without a choice.

        :data:`DRAWS`, :data:`LOST` or :data:`LOST_ENDS_TURN`, or the index of
        the island it reaches (a royal island it may not land on included).
        """
        q, r = self.tiles[i][0]
        dq, dr = STEPS[direction]
        return self._route_from((q + dq, r + dr), (direction + 3) % 6, group)

    def _route_from(self, pos: Hex, entry: int, group: tuple[int, ...]) -> int:
        ts = self.cfg.tiles
        where = self.where
        tiles = self.tiles
        colours = len(set(group))
        while True:
            j = where.get(pos)
            if j is None:
                return DRAWS if self.pile else LOST
            _p, t, rot = tiles[j]
            if ts.is_island[t]:
                return j
            local = (entry - rot) % 6
            if ts.route_need[t][local] > colours:
                return LOST_ENDS_TURN if self.cfg.rules.failure_ends_turn else LOST
            d = (ts.route_exit[t][local] + rot) % 6
            dq, dr = STEPS[d]
            pos = (pos[0] + dq, pos[1] + dr)
            entry = (d + 3) % 6

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

    def _departure_ends(self, action: Action, others: bool) -> bool:
        """A departure that certainly ends: it draws, or (alone) it ends the turn."""
        if type(action) is not Depart:
            return False
        assert isinstance(action, Depart)
        i = self.where[action.island]
        group = self.boats[i][action.beach]
        return self._sail_ends(i, action.beach, action.jetty, group, others)

    def _sail_ends(
        self, i: int, b: int, direction: int, group: tuple[int, ...], others: bool
    ) -> bool:
        """Group ``group`` leaves beach ``b`` of island ``i``: does the turn certainly end?

        ``others`` says whether another beach is full and would depart after it.
        """
        where_to = self.route(i, direction, group)
        if where_to in (DRAWS, LOST_ENDS_TURN):
            return True
        if others:
            return False
        if where_to == LOST:
            return True
        king = self.kings[where_to]
        target = where_to
        if king != NO_KING and not self.may_land_royal(king, group):
            # ROYAL-7 / AMB-09: back to the expedition's island, or the turn's if the flag says
            back = self.tiles[i][0]
            if self.cfg.rules.royal_bounce_target is BounceTarget.TURN_ORIGIN:
                start = self.turn_origin
                if start is not None:
                    js = self.where.get(start)
                    if js is not None and self.kings[js] == NO_KING:
                        back = start
            target = self.where[back]
        if self.quiet_landing(target, len(group), 0, b if target == i else -1):
            return True
        return self.is_closed(i, group)  # CLOSED-1: the island goes, and the turn goes on

    def _turn_choices(self, acts: list[Action]) -> list[Action]:
        """The turn's choice: a placement that fills no beach ends the turn (no beach is full)."""
        good: list[Action] = []
        harmless: dict[int, bool] = {}
        for a in acts:
            kind = type(a)
            if kind is Expand:
                assert isinstance(a, Expand)
                i = self.where[a.island]
                ok = harmless.get(i)
                if ok is None:
                    ok = harmless[i] = self._fills_harmlessly(i)
                if ok or self._placement_of_boats_ends(i, a.beaches) or self.ends_finitely(a):
                    good.append(a)
            elif kind is Recolonize or kind is FoundRoyal:
                good.append(a)  # a draw, or the end of the turn (ROYAL-5)
            elif kind is PlaceNewBoats:
                assert isinstance(a, PlaceNewBoats)
                i = self.where[a.island]
                if self._placement_of_boats_ends(i, a.beaches) or self.ends_finitely(a):
                    good.append(a)
            elif kind is ExpandFromBoard:
                assert isinstance(a, ExpandFromBoard)
                i = self.where[a.island]
                if (
                    self.free(i, a.beach) > 1
                    or self._placement_of_boats_ends(i, (a.beach,))
                    or self.ends_finitely(a)
                ):
                    good.append(a)
            elif self.ends_finitely(a):
                good.append(a)
        return good

    def _fills_harmlessly(self, i: int) -> bool:
        """Every beach of island ``i`` that one more boat fills has a jetty that draws."""
        t = self.tiles[i][1]
        rot = self.tiles[i][2]
        slots = self.cfg.tiles.slots[t]
        jetties = self.cfg.tiles.jetties[t]
        beaches = self.boats[i]
        a = self.agent
        for b in range(len(slots)):
            if slots[b] - len(beaches[b]) != 1:
                continue
            group = (*beaches[b], a)
            if not any(self.route(i, (e + rot) % 6, group) == DRAWS for e in jetties[b]):
                return False
        return True

    def _placement_of_boats_ends(self, i: int, placed: tuple[int, ...]) -> bool:
        """New boats of the player on beaches ``placed`` of island ``i`` (a beach may repeat).

        The turn certainly ends if no beach fills (no beach is full at the
        turn's choice), if a filled beach has a jetty that draws, or if the one
        beach filled can sail and end the turn.
        """
        slots = self.cfg.tiles.slots[self.tiles[i][1]]
        beaches = self.boats[i]
        a = self.agent
        filled: list[int] = []
        for b in set(placed):
            if len(beaches[b]) + placed.count(b) >= slots[b]:
                filled.append(b)
        if not filled:
            return not self.full
        if self.full:
            return False
        rot = self.tiles[i][2]
        jetties = self.cfg.tiles.jetties[self.tiles[i][1]]
        others = len(filled) > 1
        for b in filled:
            group = tuple(sorted((*beaches[b], *([a] * placed.count(b)))))
            for e in jetties[b]:
                if self._sail_ends_after_fill(i, b, (e + rot) % 6, group, others):
                    return True
        return False

    def _sail_ends_after_fill(
        self, i: int, b: int, direction: int, group: tuple[int, ...], others: bool
    ) -> bool:
        """Like :meth:`_sail_ends`, for a beach not yet filled on the scratch copy."""
        where_to = self.route(i, direction, group)
        if where_to in (DRAWS, LOST_ENDS_TURN):
            return True
        return where_to == LOST and not others

    def _landing_choices(self, acts: list[Action]) -> list[Action]:
        """Berth choices: the landing can still be finished quietly and the turn end."""
        if self.purpose != VOYAGE:
            return [a for a in acts if self.ends_finitely(a)]
        assert self.at is not None
        i = self.where[self.at]
        if self.full and not self._pending_draw_fresh(i):
            return [a for a in acts if self.ends_finitely(a)]
        slots = self.cfg.tiles.slots[self.tiles[i][1]]
        beaches = self.boats[i]
        k = len(self.group) - 1
        quiet: dict[int, bool] = {}
        good: list[Action] = []
        for a in acts:
            if type(a) is Berth:
                assert isinstance(a, Berth)
                b = a.beach
                ok = quiet.get(b)
                if ok is None:
                    free = slots[b] - len(beaches[b])
                    if free <= 1:
                        ok = False  # this boat fills the beach: look further
                    elif k == 0:
                        ok = True  # the last boat: nothing is full, the turn ends
                    else:
                        ok = self._quiet_after_berth(i, b, k)
                    quiet[b] = ok
                if ok or self.ends_finitely(a):
                    good.append(a)
            elif self.ends_finitely(a):
                good.append(a)
        return good

    def _pending_draw_fresh(self, i: int) -> bool:
        """After a quiet landing on island ``i``, does a full beach draw from a new position?

        The beaches already full depart next. If one of them has a jetty that
        draws, and no position the chain has reached matches the table away
        from island ``i``, that departure ends the chain.
        """
        boats = self.boats
        for reached in self.chain:
            old = reached[0]
            assert isinstance(old, tuple)
            if len(old) == len(boats) and all(
                old[x] == boats[x] for x in range(len(boats)) if x != i
            ):
                return False
        ts = self.cfg.tiles
        where = self.where
        for pos, b in self.full:
            j = where[pos]
            _p, t, rot = self.tiles[j]
            for e in ts.jetties[t][b]:
                if self.route(j, (e + rot) % 6, boats[j][b]) == DRAWS:
                    return True
        return False

    def _quiet_after_berth(self, i: int, b: int, k: int) -> bool:
        """After one boat on beach ``b``, can the ``k`` others land without filling one?"""
        beaches = list(self.boats[i])
        beaches[b] = (*beaches[b], -1)  # a placeholder boat: only the counts matter
        saved = self.boats[i]
        self.boats[i] = tuple(beaches)
        try:
            return self.quiet_landing(i, k, self.served | 1 << b)
        finally:
            self.boats[i] = saved

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
        nxt = (pos[0] + dq, pos[1] + dr)
        if self.where.get(nxt) is not None:
            return False
        return bool(self.pile)
