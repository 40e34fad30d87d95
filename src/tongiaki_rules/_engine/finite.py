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
over the positions reachable without a draw, in which a departure from a
position the chain reached before the decision is a dead end. The searches of
one decision share what they settle, so each position is expanded at most once
a decision.
"""

from __future__ import annotations

import threading
from collections.abc import Iterator
from typing import Final, cast

from .._search_limit import ALLOWANCE
from ..actions import (
    Action,
    Berth,
    Depart,
    Expand,
    ExpandFromBoard,
    FoundRoyal,
    PlaceNewBoats,
    Recolonize,
    ReturnBoat,
)
from ..errors import SearchLimitReached
from .board import DEPART, LAND, LOOP, PLACE, TURN
from .outlook import Outlook, Sailings

_SETTLED_KEPT: Final = 32
"""How many blocked sets' settled positions are kept before the memory is cleared."""

_SETTLED_SIZE: Final = 1024
"""The most positions one blocked set keeps once its decision is answered (a long search's go)."""

ENDS: Final = -1
"""A settled position from which the turn can end (see :class:`Settled`)."""
NO_END: Final = -2
"""A settled position from which it cannot."""
NO_WAY: Final = -2
"""What :meth:`FiniteChoices.way_to_an_end` finds when the turn cannot end."""

Landing = tuple[tuple[tuple[int, int], ...], tuple[int, ...]]
"""One way a landing under way can finish: its berths ``(colour, beach)`` and the colours sent home.

The look-ahead takes a landing as one step (:meth:`FiniteChoices.landings`):
its boats' berths follow no departure and meet no blocked position, so only
where they end up matters.
"""


class Settled:
    """What the look-ahead settled for one blocked set, and the table its keys are relative to.

    ``marks`` holds, by position (:meth:`FiniteChoices.node_key`), :data:`ENDS`
    or :data:`NO_END`; while a search runs, the positions it has open hold
    their index in the search (0, 1, ...) and leave once it is answered.
    ``reads`` says which islands a way to an end lands on, which is what it
    reads of the table's boats besides the full beaches when nothing is
    blocked (see :meth:`FiniteChoices.way_to_an_end`). The
    tiles and royal islands are those of the table the first decision of the
    blocked set had: a position on that table leaves them out of its key,
    which keeps keys short (a look-ahead changes the tiles only when it
    removes an island or places the drawn tile).

    >>> Settled((), ()).marks
    {}
    """

    __slots__ = ("kings", "marks", "reads", "tiles")

    def __init__(self, tiles: tuple[object, ...], kings: tuple[int, ...]) -> None:
        self.tiles = tiles
        self.kings = kings
        self.marks: dict[tuple[object, ...], int] = {}
        self.reads: dict[tuple[object, ...], int] = {}
        """By position settled as :data:`ENDS`: the islands (bits) a way from it to an end
        lands on, and those the way there landed on (see :attr:`.board.Board.touched`)."""


_here = threading.local()
"""Each thread's own :func:`_settled` (a search marks the positions it has open, which another
thread's search must never see)."""


def _settled() -> dict[tuple[object, ...], tuple[object, Settled]]:
    """What the look-ahead settled in this thread, by blocked set and by what a search takes
    as fixed.

    The positions a search settles (an end reachable or none) depend on the
    positions blocked (the chain's, and a departure decision's own) and on
    what stays the same through a look-ahead: the rules, the player, the
    pile, the tiles removed and the royal islands founded. Every decision of
    one chain segment with the same blocked set shares them: the boats of one
    landing, and the decisions after a departure with the departure's own
    decision.
    """
    try:
        return cast("dict[tuple[object, ...], tuple[object, Settled]]", _here.settled)
    except AttributeError:
        kept: dict[tuple[object, ...], tuple[object, Settled]] = {}
        _here.settled = kept
        return kept


def _new_decision() -> None:
    """A decision's look-ahead starts: the caller's cap (:func:`.search_limit`) counts afresh."""
    allowance = ALLOWANCE.get()
    if allowance is not None:
        allowance.left = allowance.limit


def _forget_if_large(known: Settled) -> None:
    """Keep no settled positions after a decision that settled many: memory stays flat."""
    if len(known.marks) > _SETTLED_SIZE:
        _settled().clear()


class FiniteChoices(Outlook):
    """AMB-25: keep the choices after which the turn can still end."""

    __slots__ = ()

    # ------------------------------------------------------------ filled in by Work
    def legal(self) -> list[Action]:  # pragma: no cover - Work overrides it
        raise NotImplementedError

    def apply(self, action: Action) -> None:  # pragma: no cover - Work overrides it
        raise NotImplementedError

    def settle(self, look_ahead: bool = True) -> list[Action]:  # pragma: no cover - Work overrides
        raise NotImplementedError

    def fork(self) -> FiniteChoices:  # pragma: no cover - Work overrides it
        raise NotImplementedError

    # ------------------------------------------------------------ the filter
    def finite_choices(
        self, acts: list[Action], looked: tuple[int, tuple[Action, ...]] = (0, ())
    ) -> list[Action]:
        """The choices after which the turn can still end; all of ``acts`` if none can.

        A single choice, or a setup placement, is kept as it is: there is nothing to choose
        between (setup feeds no chain). ``looked`` says how many of the first choices were
        already looked at (:meth:`forced_choice`), and which of them can end the turn.
        """
        if len(acts) < 2 or self.phase not in (TURN, DEPART, LAND, PLACE):
            return acts
        _new_decision()
        known = self.settled()
        done, kept = looked
        good = [*kept, *self._good(acts[done:], known)]
        _forget_if_large(known)
        return good if good else acts

    def forced_choice(self, acts: list[Action]) -> list[Action] | tuple[int, tuple[Action, ...]]:
        """What a decision that may settle itself keeps; or, once two choices are kept, how far
        the look went.

        A departure, a landing or a placement whose only choice that can end
        the turn is one is played at once (the engine settles it); with two or
        more, the decision is the player's, and which of the others are
        offered too is left for when the list is read
        (:meth:`finite_choices`). So the choices are checked only until two
        are found that can end the turn: then the result is the number of
        choices looked at and those two.
        """
        if len(acts) < 2 or self.phase not in (TURN, DEPART, LAND, PLACE):
            return acts
        _new_decision()
        known = self.settled()
        found: list[Action] = []
        looked = 0
        for a in self._good(acts, known):  # in the list's order: find how far it looked
            while acts[looked] is not a:
                looked += 1
            looked += 1
            found.append(a)
            if len(found) == 2:
                _forget_if_large(known)
                return (looked, (found[0], a))
        _forget_if_large(known)
        return found if found else acts

    def offers(self, action: Action, acts: list[Action]) -> bool:
        """Is ``action``, one of the legal ``acts``, among the choices offered?

        It is when the turn can still end after it, or when no choice can end
        it (:meth:`finite_choices`); only in the second case are the other
        choices looked at.
        """
        if len(acts) < 2 or self.phase not in (TURN, DEPART, LAND, PLACE):
            return True
        _new_decision()
        known = self.settled()
        offered = next(self._good([action], known), None) is not None or (
            next(self._good(acts, known), None) is None
        )
        _forget_if_large(known)
        return offered

    def _good(self, acts: list[Action], known: Settled) -> Iterator[Action]:
        """The choices of ``acts`` after which the turn can still end, in order, found lazily."""
        phase = self.phase
        if phase == TURN:
            return self._turn_choices(acts, known)
        if phase == DEPART:
            if self.returned():
                # back at a position the chain reached: every departure is a return, but the
                # removal of a closed island (CLOSED-1), after which the chain may still end
                return (a for a in acts if self.ends_finitely(a, known))
            return (a for a in acts if self._departure_ends(a) or self.ends_finitely(a, known))
        if phase == LAND:
            return self._landing_choices(acts, known)
        if self._colonisation_ends():
            return iter(acts)
        return (a for a in acts if self._placement_ends(a) or self.ends_finitely(a, known))

    def settled(self) -> Settled:
        """The positions settled for this decision's blocked set (see :func:`_settled`).

        A departure decision blocks its own position as well as the chain's:
        after the departure, the chain holds exactly those, so the decisions
        that follow it reuse what it settled.
        """
        blocked = tuple([entry[0] for entry in self.chain])
        if self.phase == DEPART:
            blocked = (*blocked, tuple(self.boats))
        cfg = self.cfg
        context = (blocked, id(cfg), self.agent, self.pile, self.removed, self.founded, self.out)
        settled = _settled()
        kept = settled.get(context)
        if kept is None or kept[0] is not cfg:
            if len(settled) >= _SETTLED_KEPT:
                settled.clear()
            kept = settled[context] = (cfg, Settled(self.tiles, self.kings))
        return kept[1]

    def ends_finitely(self, action: Action, known: Settled | None = None) -> bool:
        """The exact search: can the turn end after ``action`` without a return?

        See :meth:`way_to_an_end`, which says besides where the way it found lands.
        """
        return self.way_to_an_end(action, known) != NO_WAY

    def way_to_an_end(
        self, action: Action, known: Settled | None = None, landed: list[Landing] | None = None
    ) -> int:
        """The exact search: the islands (bits) a way to an end after ``action`` lands on,
        :data:`NO_WAY` if the turn cannot end after it without a return (``-1``: unknown).

        Where nothing is blocked (the chain is empty, as at a turn's choice), the way reads
        the boats of the full beaches and of those islands only (:attr:`.board.Board.touched`).

        A depth-first search over positions: a position is the scratch copy
        without the chain's memory (:meth:`node_key`), and the positions the
        chain reached up to the decision (its own included, for a departure)
        are blocked. The path's own departures are not remembered: a path that
        comes back to one of its own departure positions is no shorter way to
        an end than the same path with that loop cut out (at a departure the
        boats on the table decide everything that can follow, and they are in
        the key), so an end reachable at all is reachable without a return.

        ``known`` carries what earlier searches of the same decision settled:
        positions from which an end can be reached (:data:`ENDS`) and positions
        from which none can (:data:`NO_END`). The search groups positions into
        strongly connected components as it goes (Tarjan): when it finds an
        end, every position still open can reach it; a component closed
        without an end can reach none. So every position it meets is settled,
        and the choices of one decision together expand each position
        reachable from the decision without a draw at most once.

        ``landed``, when given, receives the landing the way finishes first when ``action``
        leaves boats of a landing still to berth (:meth:`landings`): the way goes on from
        that whole landing, which holds ``action``'s berth too.

        Under a caller's cap (:func:`.search_limit`) each position expanded
        counts against the decision's allowance, and the search raises
        :class:`~tongiaki_rules.errors.SearchLimitReached` when it runs out:
        what it settled so far is sound and stays known.
        """
        if known is None:
            known = Settled(self.tiles, self.kings)
        marks = known.marks
        reads = known.reads
        allowance = ALLOWANCE.get()
        first = self.fork()
        first.probing = True
        first.apply(action)
        first.touched = 0
        if self.phase == DEPART:
            # the decision's own position is reached once it departs
            first.chain = (*self.chain, (tuple(self.boats),))
        acts = first.settle()
        if not acts:  # a draw, the end of the turn or of the game
            return first.touched if first.phase != LOOP else NO_WAY
        key = first.node_key(known)
        seen = marks.get(key)
        if seen is not None:
            return first.touched | reads.get(key, -1) if seen == ENDS else NO_WAY
        # the open positions: their keys in the order met, each one's low link (Tarjan),
        # and the islands the way to each read
        open_: list[tuple[object, ...]] = [key]
        low = [0]
        ways = [first.touched]
        marks[key] = 0
        path: list[tuple[int, FiniteChoices, Iterator[Action] | Iterator[Landing]]] = [
            (0, first, first.steps(acts))
        ]
        rooted: object = None  # the last step taken from the first position
        # the first position is still the decision's landing: nothing landed since (a landing
        # finished with no choice left, a forced departure and a landing elsewhere would have)
        same_landing = landed is not None and first.phase == LAND and not first.touched
        try:
            while path:
                here, node, steps = path[-1]
                chosen = next(steps, None)
                if chosen is not None:
                    if not here:
                        rooted = chosen
                    if allowance is not None:
                        allowance.left -= 1
                        if allowance.left < 0:
                            raise SearchLimitReached(allowance.limit)
                    child = node.fork()
                    if isinstance(chosen, tuple):
                        child.finish_landing(chosen)
                    else:
                        child.apply(chosen)
                    after = child.settle()
                    way = child.touched
                    if not after:
                        if child.phase == LOOP:
                            continue  # back to a position the chain reached: no end this way
                    else:
                        ckey = child.node_key(known)
                        new = len(open_)  # no settled or open position has this mark
                        at = marks.setdefault(ckey, new)
                        if at == new:  # new: look at it next
                            open_.append(ckey)
                            low.append(at)
                            ways.append(way)
                            path.append((at, child, child.steps(after)))
                            continue
                        if at >= 0:  # open: in the component being built
                            if at < low[here]:
                                low[here] = at
                            continue
                        if at == NO_END:
                            continue  # a position settled as reaching no end
                        way |= reads.get(ckey, -1)
                    # a draw, the end of the turn or of the game, or a position settled as
                    # reaching one: every open position can reach it, by ways that read
                    # at most the islands the ways to the open positions and this end read
                    for w in ways:
                        way |= w
                    for reached in open_:
                        marks[reached] = ENDS
                        reads[reached] = way
                    open_.clear()
                    if same_landing and isinstance(rooted, tuple):
                        assert landed is not None
                        landed.append(cast("Landing", rooted))
                    return way
                path.pop()
                if low[here] == here:  # the root of a component that reaches no end
                    for closed in open_[here:]:
                        marks[closed] = NO_END
                    del open_[here:]
                    del low[here:]
                    del ways[here:]
                elif path:
                    parent = path[-1][0]
                    if low[here] < low[parent]:
                        low[parent] = low[here]
            return NO_WAY
        finally:
            for left in open_:  # a search cut short (SearchLimitReached): nothing half-settled
                del marks[left]

    def steps(self, acts: list[Action]) -> Iterator[Action] | Iterator[Landing]:
        """The search's steps from a settled position with choices ``acts``.

        At a landing, every way it can finish (:meth:`landings`); elsewhere
        the choices, most promising first (:meth:`promising_first`).
        """
        if self.phase == LAND:
            return self.landings()
        return iter(self.promising_first(acts))

    def landings(self) -> Iterator[Landing]:
        """Every way the landing under way can finish, found lazily, boats on roomy beaches first.

        The boats are placed in the group's order (colours ascending, as
        :meth:`~.landing.LandingPhase.legal_land` with ``first_colour`` has
        them), and the boats of one colour on beaches in ascending order, the
        ones sent home last: the boats of a colour are alike and every order
        of a legal landing's berths is legal too (LAND-2..4, AMB-16), so each
        landing comes exactly once. The choices of each boat are those of
        :meth:`~.landing.LandingPhase.land_options`; with no free slot left,
        the rest go home (LAND-4). Beaches with more free slots are tried
        first: a landing that fills nothing is the likeliest to end the turn.
        """
        assert self.at is not None
        i = self.where[self.at]
        slots = self.cfg.tiles.slots[self.tiles[i][1]]
        free = [n - len(beach) for n, beach in zip(slots, self.boats[i], strict=True)]
        by_room = sorted(range(len(free)), key=free.__getitem__, reverse=True)
        group = self.group
        k = len(group)
        home = len(free)  # a boat sent home sorts after every beach
        berths: list[tuple[int, int]] = []
        homes: list[int] = []

        def place(n: int, served: int, floor: int) -> Iterator[Landing]:
            if n == k:
                yield (tuple(berths), tuple(homes))
                return
            c = group[n]
            if n and group[n - 1] != c:
                floor = 0
            left = k - n
            free_total = 0
            unserved = 0
            for b, f in enumerate(free):
                if f > 0:
                    free_total += f
                    if not served >> b & 1:
                        unserved += 1
            if not free_total:  # no free slot at all: the rest go home (LAND-4)
                yield (tuple(berths), (*homes, *group[n:]))
                return
            only_unserved = unserved > left - 1
            for b in by_room:
                f = free[b]
                if b < floor or f <= 0 or (only_unserved and served >> b & 1):
                    continue
                free[b] = f - 1
                berths.append((c, b))
                yield from place(n + 1, served | 1 << b, b)
                berths.pop()
                free[b] = f
            if left - 1 >= free_total:  # the rest still fill every free slot
                homes.append(c)
                yield from place(n + 1, served, home)
                homes.pop()

        return place(0, self.served, 0)

    def finish_landing(self, landing: Landing) -> None:
        """Play one of :meth:`landings`: the boats berthed or sent home, then the turn goes on."""
        assert self.at is not None
        i = self.where[self.at]
        berths, homes = landing
        for c, b in berths:
            self.add_boat(i, b, c)
        reserve = self.reserve
        for c in homes:
            reserve[c] += 1
        self.group = ()
        self.after_landing()

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
            return self.pending_draws() and not self.returned()
        if phase == LAND:
            assert self.at is not None
            i = self.where[self.at]
            if not self.full:
                return self.quiet_landing(i, len(self.group), self.served)
            return self.pending_draws() and self.fresh(i)
        return False

    def node_key(self, known: Settled | None = None) -> tuple[object, ...]:
        """Everything that decides what can follow in a look-ahead, but the chain's memory.

        In a look-ahead the chain's memory is the same at every position (the
        positions reached up to the decision), so it is left out. So are the
        tiles and the royal islands while they are those of ``known``'s table
        (:class:`Settled`): ``None`` stands for them, and a position whose
        table differs (an island removed, the drawn tile placed) carries its
        own (as does every position without ``known``).
        """
        tiles: tuple[object, ...] | None = self.tiles
        kings: tuple[int, ...] | None = self.kings
        if known is not None:
            if tiles is known.tiles or tiles == known.tiles:
                tiles = None
            if kings is known.kings or kings == known.kings:
                kings = None
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
            tiles,
            kings,
            self.ended,
        )

    def _turn_choices(self, acts: list[Action], known: Settled) -> Iterator[Action]:
        """The turn's choice: boats placed that fill nothing, or whose full beach ends the chain.

        Several choices share what their certificates found (:class:`.outlook.Sailings`); one
        checked alone (:meth:`offers`, a sampled move) has nothing to share it with. Choices that
        fill the same beaches with the same groups share what their searches found, too
        (:meth:`_by_a_way_found`).
        """
        sailed = Sailings() if len(acts) > 1 else None
        # the moves of a boat of the table to one beach come one after another in the list
        island: object = None
        beach = -1
        j = -1
        certain = False  # that beach keeps room, or fills and draws
        lands: tuple[int, ...] = ()  # where its exits take the group that fills it
        shared: bool | None = None  # can it sail and end the turn, whichever boat moved
        for a in acts:
            kind = type(a)
            if kind is Expand or kind is PlaceNewBoats:
                assert isinstance(a, (Expand, PlaceNewBoats))
                i = self.where[a.island]
                if self._boats_placed_end(i, a.beaches, sailed) or self._by_a_way_found(
                    a, i, a.beaches, 1 << i, known, sailed
                ):
                    yield a
                continue
            if kind is ExpandFromBoard:
                assert isinstance(a, ExpandFromBoard)
                if a.beach != beach or a.island != island:
                    island = a.island
                    beach = a.beach
                    j = self.where[a.island]
                    group = tuple(sorted((*self.boats[j][beach], self.agent)))
                    certain = self.free(j, beach) > 1 or self.beach_draws(j, beach, group)
                    if not certain:
                        lands = self._exits_land(j, beach, group)
                        shared = None
                if certain:
                    yield a
                    continue
                source = self.where[a.source]
                if source in lands:
                    # the boat leaves an island the group may land on: its own answer
                    ok = self._filled_beach_ends(j, (beach,), beach, a)
                else:
                    # the answer reads the island expanded (the same after every such move)
                    # and the islands the exits lead to, none of which the boat leaves
                    if shared is None:
                        shared = self._filled_beach_ends(j, (beach,), beach, a)
                    ok = shared
                if ok or self._by_a_way_found(a, j, (beach,), 1 << source, known, sailed):
                    yield a
                continue
            # a draw, or ROYAL-5
            if kind is Recolonize or kind is FoundRoyal or self.ends_finitely(a, known):
                yield a

    def _by_a_way_found(
        self,
        choice: Action,
        i: int,
        placed: tuple[int, ...],
        changed: int,
        known: Settled,
        sailed: Sailings | None,
    ) -> bool:
        """Can the turn end after ``choice``, which puts boats on beaches ``placed`` of island
        ``i`` and fills one or more of them, where no certificate said so?

        Searched (:meth:`ends_finitely`) unless a way to an end found for another choice of the
        decision that fills the same beaches with the same groups serves this one too. Two such
        choices leave the same table but for beaches that are not full, on the islands
        ``changed`` (bits) of each: the island expanded, where the other boats of an expansion
        go, or the island a boat of the table leaves. At a turn decision nothing has been
        blocked yet (the chain is empty), and a way reads the boats of the full beaches, which
        it leaves from, and of the islands it lands on (:attr:`.board.Board.touched`), so a way
        from one of the two to an end is a way from the other as well when it lands on none of
        the islands either changed: every departure, landing and certain end on it sees the
        same boats (the order in which beaches filled is not part of a position: the departure
        decision lists every full beach). Such ways are kept in ``sailed``, by the beaches filled
        and their groups, when they do not land on the islands their own choice changed.
        """
        if sailed is None:
            return self.ends_finitely(choice, known)
        slots = self.cfg.tiles.slots[self.tiles[i][1]]
        beaches = self.boats[i]
        agent = self.agent
        filled: list[tuple[int, tuple[int, ...]]] = []
        for b in sorted(set(placed)):
            n = placed.count(b)
            if len(beaches[b]) + n >= slots[b]:
                filled.append((b, tuple(sorted((*beaches[b], *([agent] * n))))))
        target = (i, tuple(filled))
        ways = sailed.ways.get(target)
        if ways is not None:
            for way in ways:
                if not way & changed:
                    return True
        way = self.way_to_an_end(choice, known)
        if way == NO_WAY:
            return False
        if not way & changed:
            if ways is None:
                ways = sailed.ways[target] = []
            ways.append(way)
        return True

    def _landing_choices(self, acts: list[Action], known: Settled) -> Iterator[Action]:
        """Berth choices: the landing can be finished and the chain end.

        After a colonisation's landing the turn goes on as after a voyage's
        (RECOLONIZE-5), or ends at once (AMB-27), so the same certificates hold.
        """
        assert self.at is not None
        i = self.where[self.at]
        fresh = self.fresh(i)
        if fresh and self.full and self.pending_draws():
            yield from acts  # whatever lands, a full beach then draws from a new position
            return
        certain: dict[tuple[int, int], bool] = {}
        ending: set[tuple[int, int]] = set()  # the berths (colour, beach; -1: home) of ways found
        for a in acts:
            if type(a) is Berth:
                assert isinstance(a, Berth)
                key = (int(a.colour), a.beach)
                ok = certain.get(key)
                if ok is None:
                    ok = certain[key] = self._berth_ends(i, key[0], key[1], fresh)
                if ok or key in ending or self._by_a_landing_found(a, key, known, ending):
                    yield a
            elif type(a) is ReturnBoat:
                assert isinstance(a, ReturnBoat)
                key = (int(a.colour), -1)
                if key in ending or self._by_a_landing_found(a, key, known, ending):
                    yield a
            elif self.ends_finitely(a, known):
                yield a

    def _by_a_landing_found(
        self, choice: Action, key: tuple[int, int], known: Settled, ending: set[tuple[int, int]]
    ) -> bool:
        """Can the turn end after ``choice``, a berth or a return of the landing under way?

        Searched (:meth:`way_to_an_end`); a way found finishes a whole landing first (when
        boats are left after ``choice``), and its berths and returns go into ``ending``
        with ``key``'s. Every order of a legal landing's berths and returns is legal and
        ends in the same position (LAND-2..4, AMB-16; :meth:`landings`), and nothing is
        blocked until the next departure, so each of them, played first, can still end the
        turn the same way: a later choice of the decision in ``ending`` needs no search.
        """
        landed: list[Landing] = []
        if self.way_to_an_end(choice, known, landed) == NO_WAY:
            return False
        ending.add(key)
        for berths, homes in landed:
            ending.update(berths)
            ending.update([(c, -1) for c in homes])
        return True
