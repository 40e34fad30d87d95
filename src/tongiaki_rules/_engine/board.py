"""The position being worked on: phase constants, interned decisions, board helpers.

:class:`Board` is the base of the engine's scratch copy of a
:class:`~tongiaki_rules.GameState`. It declares every field (the only
``__slots__`` in the engine's class hierarchy), copies them from a state, and
holds the helpers every phase shares: counting free slots, adding and removing
boats (noting full beaches, DEPART-1), placing a tile, taking a tile from the
pile, removing an island (CLOSED-1), finding Tonga, and the questions
NOBOATS-1 (with AMB-18) and AMB-34 ask of the board.

It also holds the phase and purpose constants and the interned action tables,
so that the same decision is always the same object.
"""

from __future__ import annotations

from bisect import insort
from collections.abc import Callable
from itertools import combinations
from typing import TYPE_CHECKING, Any, Final, TypeVar

import attrs

from .. import events as ev
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
    ReturnBoat,
    SetupPlace,
)
from ..colours import COLOURS
from ..hexgrid import ORIGIN, STEPS, Hex

if TYPE_CHECKING:
    from .._state import GameConfig, GameState

# Phases
SETUP: Final = 0
TURN: Final = 1
DEPART: Final = 2
DRAW: Final = 3
PLACE: Final = 4
LAND: Final = 5
OVER: Final = 6
LOOP: Final = 7
"""Only in a probe (:mod:`.finite`): the chain came back to a position it had reached."""

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


_A = TypeVar("_A", bound=attrs.AttrsInstance)


def _unchecked(kind: type[_A]) -> Callable[..., _A]:
    """Make ``kind`` actions from the engine's own values, which are always well formed.

    The action classes check and canonicalise their fields on construction
    (``__attrs_post_init__``); a value the engine computes (plain ints and
    hexes of plain ints) passes those checks unchanged, so the action made
    here, slot by slot, is the very value the class would build, only cheaper.
    """
    setters = tuple(kind.__dict__[field.name].__set__ for field in attrs.fields(kind))

    def make(*values: object) -> _A:
        action: _A = object.__new__(kind)
        for k in range(len(setters)):
            setters[k](action, values[k])
        return action

    return make


def _combinations(pos: Hex, eligible: tuple[int, ...], cap: int, fewer: bool) -> tuple[Expand, ...]:
    """Every way to put ``cap`` boats (or 1..cap with ``fewer``) on distinct beaches."""
    sizes = range(1, cap + 1) if fewer else (cap,)
    return tuple(_EXPANDS[pos, combo] for k in sizes for combo in combinations(eligible, k))


_PLACE_TILES: _Interned[tuple[Hex, int], PlaceTile] = _Interned(_unchecked(PlaceTile))
_PLACE_ROWS: _Interned[tuple[Hex], tuple[PlaceTile, ...]] = _Interned(
    lambda pos: tuple(_PLACE_TILES[pos, r] for r in range(6))
)
_EXPANDS: _Interned[tuple[Hex, tuple[int, ...]], Expand] = _Interned(_unchecked(Expand))
_EXPANSIONS: _Interned[tuple[Hex, tuple[int, ...], int, bool], tuple[Expand, ...]] = _Interned(
    _combinations
)
_FROM_BOARD: _Interned[tuple[Hex, int, Hex, int], ExpandFromBoard] = _Interned(
    _unchecked(ExpandFromBoard)
)
_FOUNDS: _Interned[tuple[Hex], FoundRoyal] = _Interned(_unchecked(FoundRoyal))
_SETUPS: _Interned[tuple[int], SetupPlace] = _Interned(_unchecked(SetupPlace))
_NEW_BOATS: _Interned[tuple[Hex, tuple[int, ...]], PlaceNewBoats] = _Interned(
    _unchecked(PlaceNewBoats)
)
_DEPARTS: _Interned[tuple[Hex, int, int], Depart] = _Interned(_unchecked(Depart))
_BERTHS: _Interned[tuple[int, int], Berth] = _Interned(lambda c, b: Berth(COLOURS[c], b))


_CHARTS_KEPT: Final = 256
"""How many tables' charts are kept before the memory is cleared."""

NEVER: Final = 99
"""A number of colours no group has: a beach with no exit that draws."""


class Chart:
    """Where the exits of one table lead, worked out once per table and kept.

    The tiles change only when one is placed or removed, and the engine
    shares the tiles' tuple between states until then, so every scratch copy
    of one table reads the same chart. ``walks`` holds, by ``6 * island +
    direction``, the island an exit reaches (``-1`` for an empty hex) and the
    most colours a route on the way asks for; ``draw_need``, by ``8 * island
    + beach``, the fewest colours with which a group full on that beach has
    an exit that reaches an empty hex (:data:`NEVER` if none); and, for each
    tuple of royal islands (``kings``) met on the table, what
    :mod:`.closed_routes` found when the answer does not depend on the group:
    whether an island is closed, and whether an exit leads straight back.
    Entries are only ever added, and each is the one value its key has, so
    threads may share a chart.
    """

    __slots__ = ("draw_need", "royal", "tiles", "walks")

    def __init__(self, tiles: tuple[tuple[Hex, int, int], ...]) -> None:
        self.tiles = tiles
        self.walks: list[tuple[int, int] | None] = [None] * (6 * len(tiles))
        self.draw_need: dict[int, int] = {}
        self.royal: dict[int, tuple[tuple[int, ...], dict[int, bool], dict[int, bool]]] = {}

    def closures(self, kings: tuple[int, ...]) -> tuple[dict[int, bool], dict[int, bool]]:
        """The islands found closed and the exits found leading back, with royal islands ``kings``.

        By island, and by ``6 * island + direction``; kept by the identity of
        ``kings``, which the engine shares between states until a royal island
        is founded or removed.
        """
        kept = self.royal.get(id(kings))
        if kept is None or kept[0] is not kings:
            if len(self.royal) >= 16:
                self.royal = {}
            kept = (kings, {}, {})
            self.royal[id(kings)] = kept
        return kept[1], kept[2]


_charts: dict[int, Chart] = {}
"""The chart of each table, by the identity of its tiles' tuple (which the chart keeps alive)."""


def chart_of(tiles: tuple[tuple[Hex, int, int], ...]) -> Chart:
    """The kept chart of a table, made the first time the table is asked about."""
    chart = _charts.get(id(tiles))
    if chart is None or chart.tiles is not tiles:
        if len(_charts) >= _CHARTS_KEPT:
            _charts.clear()
        chart = _charts[id(tiles)] = Chart(tiles)
    return chart


class Board:
    """The fields of the scratch copy and the board helpers every phase shares."""

    __slots__ = (
        "agent",
        "at",
        "boats",
        "cfg",
        "chain",
        "chart",
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
        "probing",
        "purpose",
        "removed",
        "reserve",
        "served",
        "setup_count",
        "setup_firsts",
        "tile",
        "tiles",
        "touched",
        "turn_origin",
        "unread",
        "where",
    )

    def __init__(self, s: GameState | Board) -> None:
        if isinstance(s, Board):
            self._copy(s)
            return
        self.cfg: GameConfig = s.config
        self.tiles: tuple[tuple[Hex, int, int], ...] = s.tiles_
        self.chart: Chart = chart_of(self.tiles)
        self.boats: list[tuple[tuple[int, ...], ...]] = list(s.boats_)
        self.kings: tuple[int, ...] = s.kings_
        where = s._where  # kept by every state the engine froze; rebuilt after drop_caches
        self.where: dict[Hex, int] = s.where_() if where is None else where
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
        full = s._full
        self.full: list[tuple[Hex, int]] = list(s.full_() if full is None else full)
        self.chain: tuple[tuple[object, ...], ...] = s.chain_
        self.log: list[ev.Event] | None = None
        """Events of this step, when the caller asked for them."""
        self.probing: bool = False
        self.touched: int = 0
        """The islands a look-ahead's way has landed on, one bit by tile index.

        Cleared by :meth:`.finite.FiniteChoices.ends_finitely` where a way
        starts, and marked by each landing. A way with nothing blocked (a
        departure from a blocked position compares every island's boats)
        reads the boats of the full beaches (a group leaves only from one)
        and of the islands it lands on, and of no other beach. ``-1`` (every
        bit) once an island is removed, since the indices after it shift."""
        self.unread: tuple[int, tuple[Action, ...]] | None = None
        """Set when the list :meth:`~.work.Work.settle` returned is not kept to finite choices.

        Which of a decision's choices can end the turn (:mod:`.finite`) is
        worked out when the list is read, not when the state is made. Then
        this holds how many of the list's first choices were already looked
        at, and those of them that can end the turn."""
        """A look-ahead copy (:mod:`.finite`): a return to a reached position ends it.

        In a look-ahead ``chain`` holds the positions reached up to the decision
        and does not grow: the search remembers positions, not paths."""

    def _copy(self, w: Board) -> None:
        """Every field of another scratch copy; the lists are copied, the rest is immutable."""
        self.cfg = w.cfg
        self.tiles = w.tiles
        self.chart = w.chart
        self.boats = list(w.boats)
        self.kings = w.kings
        self.where = w.where
        self.removed = w.removed
        self.pile = w.pile
        self.reserve = list(w.reserve)
        self.out = w.out
        self.founded = w.founded
        self.agent = w.agent
        self.phase = w.phase
        self.group = w.group
        self.at = w.at
        self.entry = w.entry
        self.origin = w.origin
        self.turn_origin = w.turn_origin
        self.drawn = w.drawn
        self.tile = w.tile
        self.purpose = w.purpose
        self.served = w.served
        self.ended = w.ended
        self.setup_firsts = w.setup_firsts
        self.setup_count = w.setup_count
        self.full = list(w.full)
        self.chain = w.chain
        self.log = None
        self.probing = w.probing
        self.touched = w.touched
        self.unread = None

    def walk(self, i: int, direction: int) -> tuple[int, int]:
        """Where the exit of island ``i`` in ``direction`` leads over the tiles on the table.

        The island reached (its tile index), or ``-1`` for an empty hex; and
        the largest number of colours a route on the way asks for (VOYAGE-2),
        ``0`` if none. The tiles change only when one is placed or removed,
        and the engine shares the tiles' tuple between states until then, so
        the routes are followed once per table and kept.
        """
        walks = self.chart.walks
        key = i * 6 + direction
        found = walks[key]
        if found is not None:
            return found
        tiles = self.tiles
        ts = self.cfg.tiles
        where = self.where
        q, r = tiles[i][0]
        dq, dr = STEPS[direction]
        pos = (q + dq, r + dr)
        entry = (direction + 3) % 6
        need = 0
        end = -1
        for _step in range(6 * len(tiles) + 6):  # a route never crosses itself
            j = where.get(pos)
            if j is None:
                break
            _p, t, rot = tiles[j]
            if ts.is_island[t]:
                end = j
                break
            local = (entry - rot) % 6
            if ts.route_need[t][local] > need:
                need = ts.route_need[t][local]
            d = (ts.route_exit[t][local] + rot) % 6
            dq, dr = STEPS[d]
            pos = (pos[0] + dq, pos[1] + dr)
            entry = (d + 3) % 6
        found = walks[key] = (end, need)
        return found

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

    def clear_beach(self, i: int, b: int) -> tuple[int, ...]:
        """Take every boat off beach ``b`` of island ``i`` (a departure); return them."""
        beaches = list(self.boats[i])
        group = beaches[b]
        beaches[b] = ()
        self.boats[i] = tuple(beaches)
        self.unfull(self.tiles[i][0], b)
        return group

    def unfull(self, pos: Hex, b: int | None = None) -> None:
        """Forget full beaches of the island at ``pos`` (all, or beach ``b``)."""
        if self.full:
            self.full = [e for e in self.full if e[0] != pos or (b is not None and e[1] != b)]

    def place(self, pos: Hex, t: int, rotation: int) -> None:
        ts = self.cfg.tiles
        self.tiles = (*self.tiles, (pos, t, rotation))
        self.chart = chart_of(self.tiles)
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
        self.chart = chart_of(self.tiles)
        del self.boats[i]
        self.kings = self.kings[:i] + self.kings[i + 1 :]
        self.where = {p: k for k, (p, _t, _r) in enumerate(self.tiles)}
        self.touched = -1  # the indices after ``i`` shift

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
