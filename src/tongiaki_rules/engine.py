"""Legal actions and transitions, phase by phase.

The engine works on a private mutable scratch copy (:class:`Work`) of a
:class:`~tongiaki_rules.state.GameState`: it applies one action, then resolves
everything that follows without a choice (voyages over tiles already on the
table, forced tile placements, decisions with a single legal option), and
freezes the result into a new state. The state it started from is never
touched.

Clause ids in comments refer to ``shared/rules/clauses.md``.
"""

from __future__ import annotations

from bisect import insort
from collections.abc import Callable
from itertools import combinations, combinations_with_replacement
from typing import TYPE_CHECKING, Any, Final, TypeVar

from . import events as ev
from .actions import (
    Action,
    Berth,
    Depart,
    Draw,
    Expand,
    ExpandFromBoard,
    FoundRoyal,
    PlaceNewBoats,
    PlaceTile,
    Recolonize,
    ReturnBoat,
    SetupPlace,
)
from .colours import COLOURS
from .hexgrid import ORIGIN, STEPS, Hex
from .rules import (
    BounceTarget,
    ClosedRouteMode,
    EmptyReserveSource,
    EndlessChain,
    EndTrigger,
    LastOceanFate,
    RodyFreeScope,
    TwoPlayerRoyalLimit,
)

if TYPE_CHECKING:
    from .state import GameConfig, GameState

# Phases
SETUP: Final = 0
TURN: Final = 1
DEPART: Final = 2
DRAW: Final = 3
PLACE: Final = 4
LAND: Final = 5
OVER: Final = 6

# What a draw or a free placement is for
VOYAGE: Final = 0
COLONIZE: Final = 1
FORCED_COLONIZE: Final = 2

NO_KING: Final = -1
VACANT_KING: Final = 99
"""A royal island whose king was removed (only with ``recolonize_keeps_royal=False``)."""

_RECOLONIZE: Final = Recolonize()

_RETURNS: tuple[ReturnBoat, ...] = tuple(ReturnBoat(c) for c in COLOURS)
_INTERN_LIMIT: Final = 50_000

_K = TypeVar("_K", bound=tuple[Any, ...])
_V = TypeVar("_V")


class _Interned(dict[_K, _V]):
    """Interned values: the same decision is the same object.

    That keeps legal-action lists cheap to build and to search. A key is the
    argument tuple of ``make``; a lookup of a missing key makes the value and
    keeps it (up to a bound, so memory stays flat on unbounded tables).
    """

    def __init__(self, make: Callable[..., _V]) -> None:
        super().__init__()
        self.make = make

    def __missing__(self, key: _K) -> _V:
        value = self.make(*key)
        if len(self) < _INTERN_LIMIT:
            self[key] = value
        return value


def _combinations(pos: Hex, eligible: tuple[int, ...], cap: int, fewer: bool) -> tuple[Expand, ...]:
    """Every way to put ``cap`` boats (or 1..cap with ``fewer``) on distinct beaches."""
    sizes = range(1, cap + 1) if fewer else (cap,)
    return tuple(_EXPANDS[pos, combo] for k in sizes for combo in combinations(eligible, k))


_PLACE_TILES: _Interned[tuple[Hex, int], PlaceTile] = _Interned(PlaceTile)
_PLACE_ROWS: _Interned[tuple[Hex], tuple[PlaceTile, ...]] = _Interned(
    lambda pos: tuple(_PLACE_TILES[pos, r] for r in range(6))
)
_EXPANDS: _Interned[tuple[Hex, tuple[int, ...]], Expand] = _Interned(Expand)
_EXPANSIONS: _Interned[tuple[Hex, tuple[int, ...], int, bool], tuple[Expand, ...]] = _Interned(
    _combinations
)
_FROM_BOARD: _Interned[tuple[Hex, int, Hex, int], ExpandFromBoard] = _Interned(ExpandFromBoard)
_FOUNDS: _Interned[tuple[Hex], FoundRoyal] = _Interned(FoundRoyal)
_SETUPS: _Interned[tuple[int], SetupPlace] = _Interned(SetupPlace)
_NEW_BOATS: _Interned[tuple[Hex, tuple[int, ...]], PlaceNewBoats] = _Interned(PlaceNewBoats)
_DEPARTS: _Interned[tuple[Hex, int, int], Depart] = _Interned(Depart)
_BERTHS: _Interned[tuple[int, int], Berth] = _Interned(lambda c, b: Berth(COLOURS[c], b))


class Work:
    """Mutable scratch copy of a game state (engine internal)."""

    __slots__ = (
        "agent",
        "at",
        "boats",
        "cfg",
        "chain",
        "drawn",
        "ended",
        "entry",
        "founded",
        "full",
        "group",
        "kings",
        "log",
        "origin",
        "out",
        "phase",
        "pile",
        "purpose",
        "removed",
        "reserve",
        "served",
        "setup_count",
        "setup_firsts",
        "tile",
        "tiles",
        "turn_origin",
        "where",
    )

    def __init__(self, s: GameState) -> None:
        self.cfg: GameConfig = s.config
        self.tiles: tuple[tuple[Hex, int, int], ...] = s.tiles_
        self.boats: list[tuple[tuple[int, ...], ...]] = list(s.boats_)
        self.kings: tuple[int, ...] = s.kings_
        self.where: dict[Hex, int] = s.where_()
        self.removed: tuple[int, ...] = s.removed_
        self.pile: tuple[int, ...] = s.pile_
        self.reserve: list[int] = list(s.reserve_)
        self.out: tuple[int, ...] = s.out_
        self.founded: tuple[int, ...] = s.founded_
        self.agent: int = s.agent_
        self.phase: int = s.phase_
        self.group: tuple[int, ...] = s.group_
        self.at: Hex | None = s.at_
        self.entry: int = s.entry_
        self.origin: Hex | None = s.origin_
        self.turn_origin: Hex | None = s.turn_origin_
        self.drawn: int = s.drawn_
        self.tile: int = s.tile_
        self.purpose: int = s.purpose_
        self.served: int = s.served_
        self.ended: bool = s.ended_
        self.setup_firsts: tuple[int, ...] = s.setup_firsts_
        self.setup_count: int = s.setup_count_
        self.full: list[tuple[Hex, int]] = list(s.full_())
        self.chain: tuple[tuple[object, ...], ...] = s.chain_
        self.log: list[ev.Event] | None = None
        """Events of this step, when the caller asked for them."""

    # ------------------------------------------------------------------ board
    def free(self, i: int, b: int) -> int:
        return self.cfg.tiles.slots[self.tiles[i][1]][b] - len(self.boats[i][b])

    def add_boat(self, i: int, b: int, colour: int) -> None:
        beaches = list(self.boats[i])
        beach = list(beaches[b])
        insort(beach, colour)
        beaches[b] = tuple(beach)
        self.boats[i] = tuple(beaches)
        pos, t, _r = self.tiles[i]
        if len(beach) == self.cfg.tiles.slots[t][b]:
            self.full.append((pos, b))
            if self.log is not None:
                self.log.append(ev.BeachFilled(pos, b))

    def remove_boat(self, i: int, b: int, colour: int) -> None:
        beaches = list(self.boats[i])
        beach = list(beaches[b])
        beach.remove(colour)
        beaches[b] = tuple(beach)
        self.boats[i] = tuple(beaches)
        self.unfull(self.tiles[i][0], b)

    def unfull(self, pos: Hex, b: int | None = None) -> None:
        """Forget full beaches of the island at ``pos`` (all, or beach ``b``)."""
        if self.full:
            self.full = [e for e in self.full if e[0] != pos or (b is not None and e[1] != b)]

    def place(self, pos: Hex, t: int, rotation: int) -> None:
        ts = self.cfg.tiles
        self.tiles = (*self.tiles, (pos, t, rotation))
        self.boats.append(tuple(() for _ in ts.slots[t]))
        self.kings = (*self.kings, NO_KING)
        where = dict(self.where)
        where[pos] = len(self.tiles) - 1
        self.where = where

    def take_from_pile(self, t: int) -> None:
        pile = self.pile
        k = pile.index(t)
        self.pile = pile[:k] + pile[k + 1 :]

    def remove_island(self, i: int) -> None:
        """CLOSED-1: every boat on the island goes home, the tile leaves the game."""
        for beach in self.boats[i]:
            for c in beach:
                self.reserve[c] += 1
        king = self.kings[i]
        if 0 <= king < len(self.reserve):  # only with royal_owner_may_land (AMB-34)
            self.reserve[king] += 1
        pos, t, _r = self.tiles[i]
        self.unfull(pos)
        self.removed = tuple(sorted((*self.removed, t)))
        self.tiles = self.tiles[:i] + self.tiles[i + 1 :]
        del self.boats[i]
        self.kings = self.kings[:i] + self.kings[i + 1 :]
        self.where = {p: k for k, (p, _t, _r) in enumerate(self.tiles)}

    def tonga_index(self) -> int | None:
        i = self.where.get(ORIGIN)
        if i is not None and self.tiles[i][1] == 0:
            return i
        for k, (_p, t, _r) in enumerate(self.tiles):
            if t == 0:
                return k
        return None

    def full_beaches(self) -> list[tuple[int, int]]:
        """Full beaches as ``(tile index, beach)``, in board order."""
        where = self.where
        return [(where[pos], b) for pos, b in sorted(self.full)]

    def has_full_beach(self) -> bool:
        return bool(self.full)

    def pile_has_island(self) -> bool:
        # islands have the lowest tile indices and the pile is sorted
        pile = self.pile
        return bool(pile) and self.cfg.tiles.is_island[pile[0]]

    def pile_has_ocean(self) -> bool:
        pile = self.pile
        return bool(pile) and not self.cfg.tiles.is_island[pile[-1]]

    def boats_in_play(self, agent: int) -> int:
        """Boats of ``agent`` on beaches, royal islands' beaches included.

        Kings on their statues are not on a beach; only with
        ``royal_owner_may_land`` (AMB-34) can an owner's boats stand on the
        beaches of their royal island, and they are in play like any other.
        """
        n = 0
        for beaches in self.boats:
            for beach in beaches:
                n += beach.count(agent)
        return n

    def no_boats(self, agent: int) -> bool:
        """NOBOATS-1 with AMB-18: no boats in play (royal boats count only if the flag says so)."""
        if self.boats_in_play(agent):
            return False
        return self.cfg.rules.noboats_ignores_royal or agent not in self.kings

    def may_land_royal(self, king: int, group: tuple[int, ...]) -> bool:
        """AMB-34: only with the flag, and only a group of the owner's own boats."""
        return self.cfg.rules.royal_owner_may_land and bool(group) and all(c == king for c in group)

    # --------------------------------------------------------- closed routes
    def loops_back(self, i: int, direction: int, group: tuple[int, ...]) -> bool:
        """Does the exit of island ``i`` in ``direction`` lead straight back (AMB-25)?

        Follows ocean tiles already on the table, without drawing. Reaching an
        empty hex or another island is an open exit; reaching a royal island
        counts as leading back when ``bounce_counts_as_closed_route`` (AMB-10).
        In ``infinite_only`` mode a route the group could not pass also makes
        the exit open: the group would founder rather than come back.
        """
        ts = self.cfg.tiles
        rules = self.cfg.rules
        strict = rules.closed_route_mode is ClosedRouteMode.INFINITE_ONLY
        colours = len(set(group))
        q, r = self.tiles[i][0]
        dq, dr = STEPS[direction]
        pos = (q + dq, r + dr)
        entry = (direction + 3) % 6
        where = self.where
        while True:
            j = where.get(pos)
            if j is None:
                return False
            _p, t, rot = self.tiles[j]
            if ts.is_island[t]:
                if j == i:
                    return True
                king = self.kings[j]
                if king != NO_KING and not self.may_land_royal(king, group):
                    return rules.bounce_counts_as_closed_route
                return False
            local = (entry - rot) % 6
            if strict and ts.route_need[t][local] > colours:
                return False
            d = (ts.route_exit[t][local] + rot) % 6
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

    # ------------------------------------------------------------ legal moves
    def legal(self) -> list[Action]:
        phase = self.phase
        if phase == TURN:
            return self.legal_turn()
        if phase == DEPART:
            return self.legal_depart()
        if phase == LAND:
            return self.legal_land()
        if phase == PLACE:
            return self.legal_place()
        if phase == SETUP:
            return self.legal_setup()
        return []

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

    def legal_turn(self) -> list[Action]:
        cfg = self.cfg
        slots = cfg.tiles.slots
        a = self.agent
        reserve = self.reserve[a]
        fewer = cfg.rules.expand_allow_fewer
        acts: list[Action] = []
        royal: list[Action] = []
        sources: list[tuple[int, int]] | None = None
        any_own = False
        for i, ((pos, t, _r), beaches, king) in enumerate(
            zip(self.tiles, self.boats, self.kings, strict=True)
        ):
            if not beaches or king != NO_KING:
                continue
            n = 0
            total = 0
            for beach in beaches:
                if beach:
                    n += beach.count(a)
                    total += len(beach)
            if not n:
                continue
            any_own = True
            if n == total and t != 0:  # ROYAL-1 (alone there), ROYAL-2 (never Tonga)
                royal.append(_FOUNDS[(pos,)])
            sl = slots[t]
            eligible = tuple([b for b, n in enumerate(sl) if len(beaches[b]) < n])
            if not eligible:
                continue  # AMB-01/AMB-37: no beach with a free slot
            if reserve == 0:
                if sources is None:
                    sources = self._board_sources(None)
                acts.extend(self._legal_from_board(i, eligible, sources))
                continue
            cap = min(n, len(eligible), reserve)  # EXPAND-2, EXPAND-3, FEWBOATS-1
            acts.extend(_EXPANSIONS[pos, eligible, cap, fewer])
        if not any_own:
            if self.no_boats(a):
                acts.extend(self._legal_no_boats(reserve))
        elif royal and self._may_found(a):
            acts.extend(royal)
        if self.pile_has_island():
            acts.append(_RECOLONIZE)
        return acts

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

    def _legal_no_boats(self, reserve: int) -> list[Action]:
        """NOBOATS-1: two boats on Tonga, or one boat on another island (AMB-19)."""
        rules = self.cfg.rules
        acts: list[Action] = []
        tonga = self.tonga_index()
        if tonga is not None and reserve >= 2:
            nb = len(self.boats[tonga])
            free = [self.free(tonga, b) for b in range(nb)]
            pairs = (
                combinations(range(nb), 2)
                if rules.noboats_tonga_one_per_beach
                else combinations_with_replacement(range(nb), 2)
            )
            for b1, b2 in pairs:
                if free[b1] and free[b2] and (b1 != b2 or free[b1] >= 2):
                    acts.append(_NEW_BOATS[self.tiles[tonga][0], (b1, b2)])
        if reserve >= 1:
            for i, beaches in enumerate(self.boats):
                if not beaches or self.kings[i] != NO_KING:
                    continue
                if i == tonga and rules.noboats_single_excludes_tonga:
                    continue
                pos = self.tiles[i][0]
                for b in range(len(beaches)):
                    if self.free(i, b):
                        acts.append(_NEW_BOATS[pos, (b,)])
        return acts

    def _board_sources(self, target: int | None) -> list[tuple[int, int]]:
        """Own boats an empty-reserve expansion may move: ``(tile index, beach)`` (AMB-04)."""
        a = self.agent
        other_only = self.cfg.rules.empty_reserve_source is EmptyReserveSource.OTHER_ISLAND_ONLY
        sources = []
        for j, beaches in enumerate(self.boats):
            if not beaches or self.kings[j] != NO_KING or (other_only and j == target):
                continue
            for sb, beach in enumerate(beaches):
                if a in beach:
                    sources.append((j, sb))
        return sources

    def _legal_from_board(
        self, target: int, eligible: tuple[int, ...], sources: list[tuple[int, int]]
    ) -> list[Action]:
        """EMPTYRESERVE-1/2: move exactly one own boat, never from a royal island (AMB-04)."""
        if self.cfg.rules.empty_reserve_source is EmptyReserveSource.OTHER_ISLAND_ONLY:
            sources = [(j, sb) for j, sb in sources if j != target]
        pos = self.tiles[target][0]
        tiles = self.tiles
        return [
            _FROM_BOARD[pos, b, tiles[j][0], sb]
            for b in eligible
            for j, sb in sources
            if j != target or sb != b
        ]

    def legal_depart(self) -> list[Action]:
        ts = self.cfg.tiles
        rules = self.cfg.rules
        # closure depends on the group only in infinite_only mode or when owners may land
        geometric = (
            rules.closed_route_mode is ClosedRouteMode.GEOMETRIC and not rules.royal_owner_may_land
        )
        force = rules.closed_route_force_other_exit
        acts: list[Action] = []
        full: dict[int, list[int]] = {}
        for i, b in self.full_beaches():
            full.setdefault(i, []).append(b)
        for i, beaches in full.items():
            pos, t, rot = self.tiles[i]
            several = len(beaches) > 1
            closed_here: bool | None = None
            # each full beach with the directions it may sail in, and whether one leads away
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
            for b, dirs, _away in options:
                for d in dirs:
                    acts.append(_DEPARTS[pos, b, d])
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

    def legal_land(self) -> list[Action]:
        """Berth and return options; empty when the island has no free slot at all."""
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
        return acts

    def placement_hexes(self) -> list[Hex]:
        """Empty hexes where a freely placed tile may go (RECOLONIZE-3, AMB-07)."""
        where = self.where
        if not where:
            return [ORIGIN]
        found = {(q + dq, r + dr) for q, r in where for dq, dr in STEPS}
        if not self.cfg.rules.recolonize_requires_adjacency:
            # without adjacency, allow a gap of one hex (a bounded, finite choice)
            found |= {(q + dq, r + dr) for q, r in found for dq, dr in STEPS}
        found.difference_update(where)
        return sorted(found)

    def legal_place(self) -> list[Action]:
        rules = self.cfg.rules
        if self.purpose == VOYAGE and rules.rody_free_scope is RodyFreeScope.ROTATION:
            assert self.at is not None
            return list(_PLACE_ROWS[(self.at,)])
        acts: list[Action] = []
        for p in self.placement_hexes():
            acts.extend(_PLACE_ROWS[(p,)])
        return acts

    # ------------------------------------------------------------- transitions
    def apply(self, action: Action) -> None:
        kind = type(action)
        if kind is Berth:
            assert isinstance(action, Berth)
            self.berth(int(action.colour), action.beach)
        elif kind is ReturnBoat:
            assert isinstance(action, ReturnBoat)
            self.send_home(int(action.colour))
        elif kind is Depart:
            assert isinstance(action, Depart)
            self.depart(action.island, action.beach, action.jetty)
        elif kind is Draw:
            assert isinstance(action, Draw)
            self.on_draw(self.cfg.tiles.index[action.tile])
        elif kind is Expand:
            assert isinstance(action, Expand)
            self.place_from_reserve(action.island, action.beaches)
        elif kind is PlaceTile:
            assert isinstance(action, PlaceTile)
            self.on_place(action.position, action.rotation)
        elif kind is SetupPlace:
            assert isinstance(action, SetupPlace)
            self.setup_place(action.beach)
        elif kind is FoundRoyal:
            assert isinstance(action, FoundRoyal)
            self.found_royal(action.island)
        elif kind is Recolonize:
            self.recolonize()
        elif kind is PlaceNewBoats:
            assert isinstance(action, PlaceNewBoats)
            self.place_from_reserve(action.island, action.beaches)
        elif kind is ExpandFromBoard:
            assert isinstance(action, ExpandFromBoard)
            self.expand_from_board(action)
        else:  # pragma: no cover - guarded by the legality check
            raise TypeError(f"not an action: {action!r}")

    def settle(self) -> list[Action]:
        """Resolve everything that needs no choice; return the legal actions now."""
        while True:
            phase = self.phase
            if phase in (DRAW, OVER):
                return []
            if phase == LAND and self.land_forced():
                continue
            acts = self.legal()
            if not acts:
                if phase == LAND:
                    # no free slot at all: every arriving boat goes home (LAND-4)
                    self.lose_group("no free slot")
                    self.after_landing()
                    continue
                # AMB-42 safety net: never leave a player without a move
                self.phase = OVER
                self.ended = True
                return []
            if len(acts) == 1 and phase in (DEPART, LAND, PLACE):
                self.apply(acts[0])
                continue
            return acts

    # setup -----------------------------------------------------------------
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

    # turn flow ---------------------------------------------------------------
    def start_turn(self) -> None:
        self.phase = TURN
        self.chain = ()
        self.group = ()
        self.at = None
        self.entry = 0
        self.origin = None
        self.turn_origin = None
        self.drawn = 0
        self.tile = -1
        self.purpose = VOYAGE
        self.served = 0

    def end_turn(self) -> None:
        """TURN-3 / END-2: pass the turn clockwise, or end the game."""
        if self.ended:
            self.start_turn()
            self.phase = OVER
            if self.log is not None:
                self.log.append(ev.GameEnded(self.final_scores()))
            return
        previous = self.agent
        self.agent = self.cfg.next_agent[previous]
        self.start_turn()
        if self.log is not None:
            self.log.append(ev.TurnEnded(COLOURS[previous], COLOURS[self.agent]))

    def final_scores(self) -> tuple[int, ...]:
        from .state import GameState

        return GameState._freeze(self, []).scores()

    def continue_turn(self) -> None:
        """After an expedition (or a turn action): next departure, or end of turn (CHAIN-3)."""
        self.group = ()
        self.at = None
        self.entry = 0
        self.origin = None
        self.drawn = 0
        self.purpose = VOYAGE
        self.served = 0
        if self.ended and not self.cfg.rules.end_turn_continue_chain:  # AMB-13
            self.end_turn()
        elif self.has_full_beach():
            self.phase = DEPART
        else:
            self.end_turn()

    def lose_group(self, reason: str) -> None:
        """The group goes home (VOYAGE-3; AMB-15: lost boats return to the reserve)."""
        for c in self.group:
            self.reserve[c] += 1
        if self.log is not None and self.group:
            self.log.append(ev.BoatsReturned(tuple(COLOURS[c] for c in self.group), reason))
        self.group = ()

    # turn actions ----------------------------------------------------------
    def place_from_reserve(self, island: Hex, beaches: tuple[int, ...]) -> None:
        """Expand (EXPAND-4/5) or no-boats placement (NOBOATS-1/2): new boats, then go on."""
        i = self.where[island]
        a = self.agent
        if self.log is not None:
            self.log.append(ev.BoatsPlaced(island, beaches, COLOURS[a]))
        for b in beaches:
            self.add_boat(i, b, a)
        self.reserve[a] -= len(beaches)
        self.turn_origin = island
        self.continue_turn()  # EXPAND-7, NOBOATS-2

    def expand_from_board(self, action: ExpandFromBoard) -> None:
        a = self.agent
        if self.log is not None:
            self.log.append(
                ev.BoatMoved(
                    action.source, action.source_beach, action.island, action.beach, COLOURS[a]
                )
            )
        self.remove_boat(self.where[action.source], action.source_beach, a)
        self.add_boat(self.where[action.island], action.beach, a)
        self.turn_origin = action.island
        self.continue_turn()

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

    def recolonize(self) -> None:
        rules = self.cfg.rules
        a = self.agent
        taken = 0
        for i, beaches in enumerate(self.boats):
            # RECOLONIZE-2 / AMB-21: every boat on a beach goes, royal islands' beaches
            # included (AMB-34); only a king on a statue may stay
            if any(a in beach for beach in beaches):
                self.boats[i] = tuple(tuple(c for c in beach if c != a) for beach in beaches)
                for b, beach in enumerate(beaches):
                    if a in beach:
                        self.unfull(self.tiles[i][0], b)
                taken += sum(beach.count(a) for beach in beaches)
        if not rules.recolonize_keeps_royal and a in self.kings:  # AMB-21 (IT literal)
            kings = list(self.kings)
            for i, k in enumerate(kings):
                if k == a:
                    kings[i] = VACANT_KING
                    taken += 1
            self.kings = tuple(kings)
        if self.log is not None:
            self.log.append(ev.Recolonized(COLOURS[a], taken))
        if rules.recolonize_removed_to_reserve:  # AMB-22
            self.reserve[a] += taken
        else:
            out = list(self.out)
            out[a] += taken
            self.out = tuple(out)
        self.purpose = COLONIZE
        self.colonize_draw()

    # departures and voyages -------------------------------------------------
    def depart(self, pos: Hex, b: int, direction: int) -> None:
        i = self.where[pos]
        group = self.boats[i][b]
        if self.is_closed(i, group):
            self.close_island(i)
            return
        # AMB-25 (BSW principle): the same departure from the same position a second time in a turn
        # is a chain that would go on for ever (BSW: "cannot be resolved by a finite
        # combination"). The chain restarts at every draw, so a position is told apart
        # by its boats alone: between two draws tiles only leave the table.
        departure = (tuple(self.boats), pos, b, direction)
        if departure in self.chain:
            self.end_endless_chain(i, b, group)
            return
        self.chain = (*self.chain, departure)
        beaches = list(self.boats[i])
        beaches[b] = ()
        self.boats[i] = tuple(beaches)
        self.unfull(pos, b)
        if self.log is not None:
            self.log.append(ev.Departed(pos, b, direction, tuple(COLOURS[c] for c in group)))
        self.group = group  # DEPART-1: the whole beach sails, whatever the colours
        self.origin = pos
        self.drawn = 0
        dq, dr = STEPS[direction]
        self.sail((pos[0] + dq, pos[1] + dr), (direction + 3) % 6)

    def end_endless_chain(self, i: int, b: int, group: tuple[int, ...]) -> None:
        """AMB-25: settle a departure that repeats itself within the turn.

        By default (``endless_chain="remove_island"``) it is settled like a closed
        route: the island is removed (CLOSED-1) and CLOSED-4 follows. With
        ``"return_group"`` the beach's boats go home, as after a failed voyage.
        """
        if self.cfg.rules.endless_chain is EndlessChain.REMOVE_ISLAND:
            self.close_island(i)
            return
        pos = self.tiles[i][0]
        beaches = list(self.boats[i])
        beaches[b] = ()
        self.boats[i] = tuple(beaches)
        self.unfull(pos, b)
        self.group = group
        self.lose_group("endless chain")
        self.continue_turn()

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

    def end_check(self, t: int) -> None:
        """END-1 (AMB-11): has the last tile of a type been drawn and placed?"""
        if self.ended:
            return
        ts = self.cfg.tiles
        island = ts.is_island[t]
        if self.cfg.rules.end_trigger is EndTrigger.TYPE_EXHAUSTED:
            self.ended = not (self.pile_has_island() if island else self.pile_has_ocean())
        else:
            on_table = sum(1 for _p, k, _r in self.tiles if ts.is_island[k] == island)
            self.ended = on_table == (ts.island_total if island else ts.ocean_total)
        if self.ended and self.log is not None:
            self.log.append(ev.EndTriggered(ts.kinds[t].id))

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

    def colonize_draw(self) -> None:
        if self.pile_has_island():
            self.phase = DRAW
        else:
            self.finish_colonize()

    def finish_colonize(self) -> None:
        if (
            self.purpose == FORCED_COLONIZE
            and self.cfg.rules.closed_forced_colonize_ends_turn_immediately
        ):
            self.end_turn()  # AMB-27 / CLOSED-5 (FR-R literal)
        else:
            self.continue_turn()

    # landing -------------------------------------------------------------
    def land(self, pos: Hex) -> None:
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
