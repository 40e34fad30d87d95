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

The question is answered in two steps. Cheap certificates (:mod:`.outlook`)
settle most choices without looking ahead: a departure whose route reaches an
empty hex draws a tile; a landing that can be finished without filling a beach
ends the turn; an expansion that fills no beach, or fills one with a jetty
that draws, is harmless. Every certificate is sound: it accepts a choice only
when a finite continuation certainly exists. Whatever they cannot settle goes
to an exact search (:meth:`FiniteChoices.ends_finitely`): a depth-first search
over the positions reachable without a draw, each reached once, in which a
departure from a position already reached closes the path.
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
    Recolonize,
)
from ..rules import BounceTarget
from .board import DEPART, LAND, LOOP, PLACE, TURN
from .circuits import circling
from .outlook import Outlook


class FiniteChoices(Outlook):
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
        """The choices after which the turn can still end; all of ``acts`` if none can.

        A single choice, or a setup placement, is kept as it is: there is nothing to choose
        between (setup feeds no chain).
        """
        if len(acts) < 2 or not self.may_come_round(acts):
            return acts
        phase = self.phase
        if phase == TURN:
            good = self._turn_choices(acts)
        elif phase == DEPART:
            if self.returned():
                return acts  # the chain is already back where it was: it is endless
            good = [a for a in acts if self._departure_ends(a) or self.ends_finitely(a)]
        elif phase == LAND:
            good = self._landing_choices(acts)
        elif phase == PLACE:
            if self._colonisation_ends():
                return acts
            good = [a for a in acts if self._placement_ends(a) or self.ends_finitely(a)]
        else:
            return acts
        return good if good else acts

    def may_come_round(self, acts: list[Action]) -> bool:
        """Could the chain after one of ``acts`` come back to a position (:mod:`.circuits`)?

        Only islands with a full beach, the island being landed on and the
        islands the turn's choice places boats on can start a departure; if
        none of them can reach a circuit of the table's routes, no choice can
        lead back and the look-ahead has nothing to refuse. A tile still to be
        placed changes the table, so a placement is always looked at.
        """
        phase = self.phase
        if phase == PLACE:
            return True
        origin = self.turn_origin
        if phase == TURN:
            flexible = self.cfg.rules.royal_bounce_target is BounceTarget.TURN_ORIGIN
            for a in acts:
                kind = type(a)
                if kind is Expand or kind is PlaceNewBoats or kind is ExpandFromBoard:
                    assert isinstance(a, (Expand, PlaceNewBoats, ExpandFromBoard))
                    # the choice sets the turn's origin (AMB-09's bounce target)
                    circ = circling(self, a.island if flexible else origin)
                    if self.where[a.island] in circ:
                        return True
        circ = circling(self, origin)
        if not circ:
            return False
        where = self.where
        if phase == LAND:
            assert self.at is not None
            if where[self.at] in circ:
                return True
        return any(where[pos] in circ for pos, _b in self.full)

    def ends_finitely(self, action: Action) -> bool:
        """The exact search: can the turn end after ``action`` without a return?

        A depth-first search over positions, each expanded at most once: a
        position is the scratch copy without the chain's memory
        (:meth:`node_key`), and the positions the chain reached up to the
        decision (its own included, for a departure) are blocked. The path's
        own departures are not remembered: a path that comes back to one of
        its own departure positions is no shorter way to an end than the same
        path with that loop cut out (at a departure the boats on the table
        decide everything that can follow, and they are the position's key),
        so an end reachable at all is reachable without any return. The
        search therefore visits at most as many positions as can be reached
        from the decision without a draw, whatever the paths to them.
        """
        first = self.fork()
        first.probing = True
        first.apply(action)
        if self.phase == DEPART:
            # the decision's own position is reached once it departs
            first.chain = (*self.chain, (tuple(self.boats),))
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
                        stack.append((node, node.promising_first(acts), 0))
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

    def promising_first(self, acts: list[Action]) -> list[Action]:
        """The look-ahead's order: choices likely to end the chain soon come first.

        Departures that lose the group (fewer boats, nothing to come back to)
        before those that land; boats that fill nothing before those that fill
        a beach. The order changes only how soon an end is found, not whether.
        """
        phase = self.phase
        if phase == DEPART:
            where = self.where
            boats = self.boats

            def sail(a: Action) -> int:
                assert isinstance(a, Depart)
                i = where[a.island]
                return 0 if self.route(i, a.jetty, boats[i][a.beach]) < 0 else 1

            return sorted(acts, key=sail)
        if phase == LAND:
            assert self.at is not None
            i = self.where[self.at]
            slots = self.cfg.tiles.slots[self.tiles[i][1]]
            beaches = self.boats[i]

            def room(a: Action) -> int:
                if type(a) is Berth:
                    assert isinstance(a, Berth)
                    return -(slots[a.beach] - len(beaches[a.beach]))
                return 1

            return sorted(acts, key=room)
        return acts

    def ends_here(self) -> bool:
        """A position of the look-ahead from which the chain certainly can end, seen at once.

        A departure position the chain has not reached with a full beach that
        draws (that exit is always offered: it leads away, CLOSED-2); a landing
        that can fill nothing when nothing else is full, or after which a full
        beach draws from a position the chain has not reached.
        """
        phase = self.phase
        if phase == DEPART:
            return not self.returned() and self.pending_draws()
        if phase == LAND:
            assert self.at is not None
            i = self.where[self.at]
            if not self.full:
                return self.quiet_landing(i, len(self.group), self.served)
            return self.fresh(i) and self.pending_draws()
        return False

    def node_key(self) -> tuple[object, ...]:
        """Everything that decides what can follow in a look-ahead, but the chain's memory.

        In a look-ahead the chain's memory is the same at every position (the
        positions reached up to the decision), so it is left out.
        """
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
            self.tiles,
            self.kings,
            self.ended,
        )

    def _turn_choices(self, acts: list[Action]) -> list[Action]:
        """The turn's choice: boats placed that fill nothing, or whose full beach ends the chain."""
        good: list[Action] = []
        for a in acts:
            kind = type(a)
            if kind is Expand or kind is PlaceNewBoats:
                assert isinstance(a, (Expand, PlaceNewBoats))
                ok = self._boats_placed_end(self.where[a.island], a.beaches)
            elif kind is ExpandFromBoard:
                assert isinstance(a, ExpandFromBoard)
                j = self.where[a.island]
                ok = self.free(j, a.beach) > 1 or self._boats_placed_end(j, (a.beach,), a)
            else:
                ok = kind is Recolonize or kind is FoundRoyal  # a draw, or ROYAL-5
            if ok or self.ends_finitely(a):
                good.append(a)
        return good

    def _landing_choices(self, acts: list[Action]) -> list[Action]:
        """Berth choices: the landing can be finished and the chain end.

        After a colonisation's landing the turn goes on as after a voyage's
        (RECOLONIZE-5), or ends at once (AMB-27), so the same certificates hold.
        """
        assert self.at is not None
        i = self.where[self.at]
        fresh = self.fresh(i)
        if fresh and self.full and self.pending_draws():
            return acts  # whatever lands, a full beach then draws from a new position
        known: dict[tuple[int, int], bool] = {}
        good: list[Action] = []
        for a in acts:
            if type(a) is Berth:
                assert isinstance(a, Berth)
                key = (int(a.colour), a.beach)
                ok = known.get(key)
                if ok is None:
                    ok = known[key] = self._berth_ends(i, key[0], key[1], fresh)
                if ok or self.ends_finitely(a):
                    good.append(a)
            elif self.ends_finitely(a):
                good.append(a)
        return good
