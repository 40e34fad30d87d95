"""The heuristic's fast path: island terms from a state's compact fields, and their caches.

The public views of a state (``state.islands``, ``state.pile``, ...) build
frozen objects at every read, which is fine for a front end and far too slow
for a search that rates thousands of positions a second. :class:`Table`
reads the compact view instead (``state.compact``: ``tiles``, ``boats``,
``kings``, ``pile``; colours as ints, beaches as sorted tuples of colours) and keeps,
for one game's settings and one set of weights, what it has computed:

* the part of the evaluation of an island with given boats and king (the
  engine shares the boat tuples of the islands nobody touched between
  states, so most look-ups find an island already rated);
* what the pile promises (its fade and prospects), per pile.

The functions below the table (:func:`seat_values_of`, :func:`underway`,
:func:`arrival`, ...) are the evaluation's remaining terms, read from the
same compact fields.

Every number is computed with the same operations, in the same order, as
the view-based :func:`~tongiaki_rules.bots._heuristic.island_terms`, so the
evaluation is the same to the last bit.

>>> from tongiaki_rules import new_game
>>> from tongiaki_rules.bots._heuristic import DEFAULT_WEIGHTS
>>> state = new_game(2)
>>> table = table_for(state.config, DEFAULT_WEIGHTS)
>>> view = state.compact
>>> table.part(0, view.boats[0], view.kings[0], (True, True), 1.0)  # Tonga, no boats
(0.0, 0.0)
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import reduce
from operator import add
from typing import TYPE_CHECKING, cast

from ..colours import COLOURS
from ..tiles import IslandTile, OceanTile
from ..views import NO_KING, Phase

_LAND = int(Phase.LAND)
_PLACE = int(Phase.PLACE)

if TYPE_CHECKING:
    from .._config import GameConfig
    from .._state import GameState
    from ..hexgrid import Hex
    from ..views import CompactView
    from ._heuristic import Weights

__all__ = [
    "CACHE_LIMIT",
    "Prospects",
    "Table",
    "arrival",
    "by_seat",
    "column_sums",
    "seat_totals",
    "seat_values_of",
    "table_for",
    "underway",
    "underway_in",
]

CACHE_LIMIT = 100_000
"""A table forgets its island parts when it holds more than this many."""

Beaches = tuple[tuple[int, ...], ...]
Layout = tuple[dict["Hex", int], list[int], list[int], list[int]]
"""What :meth:`Table.layout` gives: ``(island_at, ks, kinds, ordinal)``."""

LAYOUT_LIMIT = 64
"""A table forgets the layouts of tiles it keeps when it holds more than this many."""
Prospects = tuple[float, float, float, tuple[float, ...]]
"""``(fade before the end is triggered, mean island value, island share, passing chances)``."""

_TABLES: dict[tuple[int, int], tuple[GameConfig, Weights, Table]] = {}

_MISSING = object()
"""Marks a key not in :attr:`Table.moved` (whose values may be ``None``)."""


def table_for(config: GameConfig, weights: Weights) -> Table:
    """The table of a game's settings and weights (shared by all the states of the game)."""
    key = (id(config), id(weights))
    found = _TABLES.get(key)
    if found is not None and found[0] is config and found[1] is weights:
        return found[2]
    if len(_TABLES) >= 64:
        _TABLES.clear()
    table = Table(config, weights)
    _TABLES[key] = (config, weights, table)
    return table


class Table:
    """One game's tile tables, seats and weights, with the caches of the evaluation."""

    __slots__ = (
        "colours",
        "is_island",
        "is_start",
        "layouts",
        "moved",
        "num_players",
        "parts",
        "piles",
        "seat_per_colour",
        "seats",
        "slots",
        "tiles",
        "values",
        "weights",
    )

    def __init__(self, config: GameConfig, weights: Weights) -> None:
        tiles = config.tiles
        self.tiles = tiles
        self.weights = weights
        self.values = tuple(float(v) for v in tiles.values)
        self.is_start = tuple(isinstance(t, IslandTile) and t.is_start for t in tiles.kinds)
        self.is_island = tiles.is_island
        self.slots = tiles.slots
        self.seats = config.agent_seats
        self.colours = len(config.agent_seats)
        self.num_players = config.num_players
        self.seat_per_colour = self.seats == tuple(range(self.num_players))
        """Seat ``c`` plays colour ``c``, and only it: a seat's value is its colour's."""
        self.parts: dict[tuple[int, Beaches, int, tuple[bool, ...], float], tuple[float, ...]] = {}
        self.piles: dict[tuple[int, ...], Prospects] = {}
        self.layouts: dict[int, tuple[object, Layout]] = {}
        self.moved: dict[
            tuple[int, Beaches, int, int, tuple[int, ...], tuple[bool, ...], float],
            tuple[float, ...] | None,
        ] = {}

    def layout(self, tiles: Sequence[tuple[Hex, int, int]]) -> Layout:
        """Where the islands among ``tiles`` are (a position's ``compact.tiles``).

        ``(island_at, ks, kinds, ordinal)``: the tile index of each island by
        position, the islands' tile indices and tile kinds in the order of the
        tiles, and per tile its place among the islands (-1: not an island).
        The engine shares the tiles tuple between states until a tile comes,
        so the layout is kept by its identity (with the tuple, so that the
        identity cannot be reused while it is kept). Callers must not change it.
        """
        layouts = self.layouts
        found = layouts.get(id(tiles))
        if found is not None and found[0] is tiles:
            return found[1]
        is_island = self.is_island
        island_at: dict[Hex, int] = {}
        ks: list[int] = []
        kinds: list[int] = []
        ordinal: list[int] = []
        for k, (position, t, _rotation) in enumerate(tiles):
            if is_island[t]:
                island_at[position] = k
                ordinal.append(len(ks))
                ks.append(k)
                kinds.append(t)
            else:
                ordinal.append(-1)
        layout = (island_at, ks, kinds, ordinal)
        if len(layouts) >= LAYOUT_LIMIT:
            layouts.clear()
        layouts[id(tiles)] = (tiles, layout)
        return layout

    def part(
        self, t: int, beaches: Beaches, king: int, may_found: tuple[bool, ...], fade: float
    ) -> tuple[float, ...]:
        """One island's contribution to each colour, faded towards its points."""
        key = (t, beaches, king, may_found, fade)
        part = self.parts.get(key)
        if part is None:
            full, points = self.terms(t, beaches, king, may_found)
            part = tuple([p + fade * (f - p) for f, p in zip(full, points, strict=True)])
            if len(self.parts) >= CACHE_LIMIT:
                self.parts.clear()
            self.parts[key] = part
        return part

    def part_with_boats(
        self,
        t: int,
        beaches: Beaches,
        king: int,
        colour: int,
        added: tuple[int, ...],
        may_found: tuple[bool, ...],
        fade: float,
    ) -> tuple[float, ...] | None:
        """:meth:`part` of the island with ``added[b]`` more boats of ``colour`` on beach ``b``.

        ``None`` if that fills a beach (the boats would sail).
        """
        key = (t, beaches, king, colour, added, may_found, fade)
        moved = self.moved
        found = moved.get(key, _MISSING)
        if found is not _MISSING:
            return cast("tuple[float, ...] | None", found)
        part = self.part_added(t, beaches, king, colour, added, may_found, fade)
        if len(moved) >= CACHE_LIMIT:
            moved.clear()
        moved[key] = part
        return part

    def part_added(
        self,
        t: int,
        beaches: Beaches,
        king: int,
        colour: int,
        added: tuple[int, ...],
        may_found: tuple[bool, ...],
        fade: float,
    ) -> tuple[float, ...] | None:
        """:meth:`part_with_boats` worked out, without its cache (for callers keeping their own)."""
        slots = self.slots[t]
        if any(n > 0 and slots[b] - len(beaches[b]) <= n for b, n in enumerate(added)):
            return None
        changed = tuple(
            [
                _with_boats(beach, colour, n) if n else beach
                for beach, n in zip(beaches, added, strict=True)
            ]
        )
        return self.part(t, changed, king, may_found, fade)

    def terms(
        self, t: int, beaches: Beaches, king: int, may_found: Sequence[bool]
    ) -> tuple[list[float], list[float]]:
        """``(full terms, points)`` of island tile ``t``, as ``island_terms`` gives them."""
        weights = self.weights
        colours = self.colours
        value = self.values[t]
        terms = [0.0] * colours
        points = [0.0] * colours
        if king != NO_KING:
            if 0 <= king < len(COLOURS) and king < colours:
                terms[king] = value * weights.royal
                points[king] = value
            return terms, points
        boats = [0] * colours
        beaches_on = [0] * colours
        for beach in beaches:
            last = -1
            for boat in beach:  # slots are filled in colour order
                boats[boat] += 1
                if boat != last:
                    beaches_on[boat] += 1
                    last = boat
        cap = len(beaches)
        present = 0
        presence, spread, per_boat = weights.presence, weights.spread, weights.boat
        for c, n in enumerate(boats):
            if n:
                present += 1
                share = presence + spread * min(beaches_on[c] - 1, 2)
                terms[c] = value * share + per_boat * min(n, cap)
                points[c] = value
        if present == 1 and value and not self.is_start[t]:
            owner = boats.index(max(boats))
            if may_found[owner]:
                terms[owner] += weights.alone * value
        return terms, points

    def pile(self, pile: tuple[int, ...]) -> Prospects:
        """What ``pile`` promises: its fade (before the end) and its prospects."""
        found = self.piles.get(pile)
        if found is None:
            found = (self._fade(pile), *self._prospects(pile))
            if len(self.piles) >= CACHE_LIMIT:
                self.piles.clear()
            self.piles[pile] = found
        return found

    def _fade(self, pile: tuple[int, ...]) -> float:
        """1 in mid-game, falling to 0 as the scarcer kind of tile runs out of the pile."""
        is_island = self.is_island
        islands = sum(1 for t in pile if is_island[t])
        left = min(islands, len(pile) - islands)
        endgame = self.weights.endgame
        return min(1.0, left / endgame) if endgame > 0 else 1.0

    def _prospects(self, pile: tuple[int, ...]) -> tuple[float, float, tuple[float, ...]]:
        """Mean island value in the pile, share of islands, and the chance of passing a drawn ocean.

        The last item is indexed by the number of distinct colours in a group
        (a drawn ocean is entered by its red-marker edge).
        """
        if not pile:
            return 0.0, 0.0, (0.0,) * 7
        kinds = self.tiles.kinds
        island_values: list[int] = []
        needs: list[int] = []
        for t in pile:
            tile = kinds[t]
            if isinstance(tile, IslandTile):
                island_values.append(tile.value)
            elif isinstance(tile, OceanTile):
                needs.append(tile.route_from(0).colours)
        mean_value = sum(island_values) / len(island_values) if island_values else 0.0
        island_share = len(island_values) / len(pile)
        passing = tuple(
            sum(1 for need in needs if need <= k) / len(needs) if needs else 0.0 for k in range(7)
        )
        return mean_value, island_share, passing


def by_seat(table: Table, totals: list[float]) -> tuple[float, ...]:
    """The values of the seats from those of the colours."""
    if table.seat_per_colour:
        return tuple(totals)
    seats = [0.0] * table.num_players
    for c, seat in enumerate(table.seats):
        seats[seat] += totals[c]
    return tuple(seats)


def column_sums(parts: list[tuple[float, ...]], colours: int) -> list[float]:
    """Per colour, the sum of the parts, added in their order."""
    if not parts:
        return [0.0] * colours
    return [reduce(add, column, 0.0) for column in zip(*parts, strict=True)]


def seat_values_of(
    state: GameState,
    table: Table,
    islands: Sequence[float],
    fade: float,
    may_found: Sequence[bool],
) -> tuple[float, ...]:
    """The seats' values: the islands' parts, the reserves and the boats under way."""
    coming = underway(state, table, fade, may_found)
    return seat_totals(table, islands, fade, state.compact.reserve, coming)


def seat_totals(
    table: Table,
    islands: Sequence[float],
    fade: float,
    reserve: Sequence[int],
    coming: Sequence[float],
) -> tuple[float, ...]:
    """The seats' values from the islands' parts, the reserves and what is under way."""
    weights = table.weights
    per_boat, cap = weights.reserve, weights.reserve_cap
    totals = [
        x + fade * (per_boat * min(boats, cap)) + more
        for x, boats, more in zip(islands, reserve, coming, strict=False)
    ]
    return by_seat(table, totals)


def arrival(
    value: float,
    beaches: int,
    boats: Sequence[int],
    present: Sequence[bool],
    may_found: Sequence[bool],
    fade: float,
    weights: Weights,
) -> list[float]:
    """What ``boats[c]`` boats of each colour arriving on an island are worth, faded.

    A colour new to the island gains its presence (and the island's points);
    every colour gains boats to expand with, up to one per beach.
    """
    newcomers = [c for c, n in enumerate(boats) if n and not present[c]]
    alone = len(newcomers) == 1 and not any(present) and value > 0
    gain = [0.0] * len(boats)
    for c, n in enumerate(boats):
        if not n:
            continue
        terms = weights.boat * min(n, beaches)
        points = 0.0
        if not present[c]:
            points = value
            terms += value * (weights.presence + weights.spread * min(n - 1, beaches - 1, 2))
            if alone and may_found[c]:
                terms += value * weights.alone
        gain[c] = points + fade * (terms - points)
    return gain


def underway(state: GameState, table: Table, fade: float, may_found: Sequence[bool]) -> list[float]:
    """What the boats under way (landing, or at sea before a draw) promise each colour."""
    return underway_in(state.compact, table, fade, may_found)


def underway_in(
    view: CompactView, table: Table, fade: float, may_found: Sequence[bool]
) -> list[float]:
    """:func:`underway` of a position's compact view (for a caller holding it already)."""
    colours = table.colours
    group = view.group
    if not group:
        return [0.0] * colours
    weights = table.weights
    boats = [0] * colours
    for c in group:
        boats[c] += 1
    values = table.tiles.values
    phase = view.phase
    at = view.at
    if phase == _LAND and at is not None:
        k = view.where.get(at)
        t = -1 if k is None else view.tiles[k][1]
        if k is None or not table.is_island[t]:  # pragma: no cover
            return [0.0] * colours  # a landing is on an island on the table
        beaches = view.boats[k]
        here = {c for beach in beaches for c in beach}
        king = view.kings[k]
        if 0 <= king < len(COLOURS):
            here.add(king)
        present = [c in here for c in range(colours)]
        room = sum(n - len(beach) for n, beach in zip(table.slots[t], beaches, strict=True))
        gain = arrival(values[t], room, boats, present, may_found, fade, weights)
        return [weights.landing * g for g in gain]
    nobody = [False] * colours
    if phase == _PLACE and view.tile >= 0 and table.is_island[view.tile]:
        t = view.tile
        gain = arrival(values[t], len(table.slots[t]), boats, nobody, may_found, fade, weights)
        return [weights.landing * g for g in gain]
    _still, mean_value, island_share, passing = table.pile(view.pile)
    if at is not None and view.origin is None:
        chance = 1.0 if island_share else 0.0  # a colonist draws until an island comes
    else:
        distinct = len(set(group))
        through = (1.0 - island_share) * passing[min(distinct, 6)]
        chance = min(1.0, island_share / (1.0 - min(through, 0.9)))
    gain = arrival(mean_value, 3, boats, nobody, may_found, fade, weights)
    return [weights.at_sea * chance * g for g in gain]


def _with_boats(beach: tuple[int, ...], colour: int, count: int) -> tuple[int, ...]:
    """``beach`` with ``count`` more boats of ``colour`` (fewer if negative), in colour order."""
    boats = list(beach)
    if count < 0:
        for _ in range(-count):
            boats.remove(colour)
    else:
        boats.extend([colour] * count)
        boats.sort()
    return tuple(boats)
