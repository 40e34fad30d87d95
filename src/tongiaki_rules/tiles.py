"""Island and ocean tiles, and tile sets.

A tile describes what is printed on it, in its own local edge numbering
(edge 0 carries the red marker, edges go clockwise; see :mod:`.hexgrid`).
A :class:`TileSet` is the start island plus the tiles of the draw pile; it is
a value, so a custom set can be given to :func:`~tongiaki_rules.new_game`.
The standard set of the 2004 Schmidt edition lives in :mod:`.standard_tiles`.

>>> from tongiaki_rules import STANDARD_TILES
>>> STANDARD_TILES.tile("hawaii").value
5
>>> len(STANDARD_TILES.pile_islands), len(STANDARD_TILES.pile_oceans)
(15, 16)
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from types import MappingProxyType
from typing import Any

import attrs

from .errors import QueryError, TileSetError, shown

__all__ = [
    "BeachSpec",
    "IslandTile",
    "OceanTile",
    "Route",
    "Tile",
    "TileSet",
]

_INT_LIMIT = 2**31
"""Slots, edges, points and route numbers are far below this."""


def _int_field(where: str, value: object) -> None:
    """Refuse anything but a plain int of sensible size (bools and floats included)."""
    if type(value) is not int:
        raise TileSetError(f"{where} must be an int, not {shown(value)}")
    if abs(value) >= _INT_LIMIT:
        raise TileSetError(f"{where} is out of range: {shown(value)}")


def _text_field(where: str, value: object) -> None:
    """Refuse anything but a non-empty string of valid text (no lone surrogates)."""
    if type(value) is not str or not value:
        raise TileSetError(f"{where} must be a non-empty str, not {shown(value)}")
    try:
        value.encode("utf-8")
    except UnicodeEncodeError:
        raise TileSetError(f"{where} {shown(value)} is not valid text") from None


def _tuple_field(where: str, value: object, kind: type | tuple[type, ...]) -> None:
    """Refuse anything but a tuple whose items are all of ``kind``."""
    if type(value) is not tuple:
        raise TileSetError(f"{where} must be a tuple, not {shown(value)}")
    for k, item in enumerate(value):
        if not isinstance(item, kind):
            names = (
                kind.__name__ if isinstance(kind, type) else " or ".join(t.__name__ for t in kind)
            )
            raise TileSetError(f"{where}[{k}] must be a {names}, not {shown(item)}")


def _standard_name(tile: IslandTile | OceanTile) -> str | None:
    """How a tile of the standard set is written in code, or ``None`` for any other tile."""
    from ._standard_tiles import STANDARD_TILES, TONGA

    if tile == TONGA:
        return "TONGA"
    k = STANDARD_TILES.index.get(tile.id)
    if k is None or STANDARD_TILES.kinds[k] != tile:
        return None
    return f"STANDARD_TILES.tile({tile.id!r})"


def _fields_repr(value: attrs.AttrsInstance) -> str:
    """The keyword form ``Kind(field=value, ...)`` of an attrs value, evaluable."""
    fields = ", ".join(f"{f.name}={getattr(value, f.name)!r}" for f in attrs.fields(type(value)))
    return f"{type(value).__name__}({fields})"


@attrs.frozen(slots=True)
class BeachSpec:
    """A printed beach: its number of boat slots and the local edges of its jetties.

    >>> BeachSpec(3, (4, 5)).slots
    3
    """

    slots: int
    jetties: tuple[int, ...]

    def __attrs_post_init__(self) -> None:
        _int_field("BeachSpec.slots", self.slots)
        _tuple_field("BeachSpec.jetties", self.jetties, int)
        for k, edge in enumerate(self.jetties):
            _int_field(f"BeachSpec.jetties[{k}]", edge)


@attrs.frozen(slots=True)
class IslandTile:
    """An island tile: name, point value and beaches (COMP-3, COMP-6, SCORE-3).

    >>> tile = IslandTile("atoll", "Atoll", 2, (BeachSpec(2, (1,)), BeachSpec(3, (3, 4))))
    >>> tile.slots
    5

    The repr evaluates back to an equal tile (``from tongiaki_rules import *``);
    a tile of the standard set is shown by the name it has there:

    >>> STANDARD_TILES.tile("hawaii")
    STANDARD_TILES.tile('hawaii')
    >>> TONGA
    TONGA
    """

    id: str
    name: str
    value: int
    beaches: tuple[BeachSpec, ...]
    is_start: bool = False

    def __attrs_post_init__(self) -> None:
        _text_field("IslandTile.id", self.id)
        _text_field("IslandTile.name", self.name)
        _int_field("IslandTile.value", self.value)
        _tuple_field("IslandTile.beaches", self.beaches, BeachSpec)
        if type(self.is_start) is not bool:
            raise TileSetError(
                f"IslandTile.is_start must be True or False, not {shown(self.is_start)}"
            )

    def __repr__(self) -> str:
        return _standard_name(self) or _fields_repr(self)

    @property
    def is_island(self) -> bool:
        """Always true for island tiles."""
        return True

    @property
    def slots(self) -> int:
        """Total number of boat slots on the island."""
        return sum(b.slots for b in self.beaches)

    def beach_at_edge(self, edge: int) -> int | None:
        """Index of the beach whose jetty sits on local ``edge``, or ``None``."""
        for index, beach in enumerate(self.beaches):
            if edge in beach.jetties:
                return index
        return None


@attrs.frozen(slots=True)
class Route:
    """A sea route (foam track) joining two local edges of an ocean tile (COMP-4).

    ``colours`` is the printed number: the least number of distinct colours a
    group needs to pass (0 when the route carries no number).

    >>> Route(0, 3, 2).other_end(3)
    0
    """

    a: int
    b: int
    colours: int

    def __attrs_post_init__(self) -> None:
        _int_field("Route.a", self.a)
        _int_field("Route.b", self.b)
        _int_field("Route.colours", self.colours)

    def other_end(self, edge: int) -> int:
        """The edge at the far end of the route from ``edge``."""
        return self.b if edge == self.a else self.a


@attrs.frozen(slots=True)
class OceanTile:
    """An ocean tile with its three routes, which use each edge exactly once.

    >>> tile = OceanTile("x", (Route(0, 3, 0), Route(1, 5, 2), Route(2, 4, 4)))
    >>> tile.route_from(5)
    Route(a=1, b=5, colours=2)
    >>> STANDARD_TILES.tile("ocean-a")
    STANDARD_TILES.tile('ocean-a')
    """

    id: str
    routes: tuple[Route, ...]

    def __attrs_post_init__(self) -> None:
        _text_field("OceanTile.id", self.id)
        _tuple_field("OceanTile.routes", self.routes, Route)

    def __repr__(self) -> str:
        return _standard_name(self) or _fields_repr(self)

    @property
    def is_island(self) -> bool:
        """Always false for ocean tiles."""
        return False

    @property
    def name(self) -> str:
        """A display name (ocean tiles have no printed name): ``"ocean a"`` for ``ocean-a``."""
        return self.id.replace("-", " ")

    def route_from(self, edge: int) -> Route:
        """The route that has an end on local ``edge``."""
        for route in self.routes:
            if edge in (route.a, route.b):
                return route
        raise KeyError(edge)  # pragma: no cover - every edge has a route (validated)


Tile = IslandTile | OceanTile


def _check_island(tile: IslandTile) -> None:
    if not tile.beaches:
        raise TileSetError(f"island {tile.id!r} has no beach")
    if tile.value < 0:
        raise TileSetError(f"island {tile.id!r}: value {tile.value} is negative")
    seen: set[int] = set()
    for beach in tile.beaches:
        if beach.slots < 1:
            raise TileSetError(f"island {tile.id!r} has a beach without slots")
        if not beach.jetties:
            raise TileSetError(f"island {tile.id!r} has a beach without a jetty")
        for edge in beach.jetties:
            if not 0 <= edge < 6:
                raise TileSetError(f"island {tile.id!r}: jetty edge {edge} is not 0..5")
            if edge in seen:
                raise TileSetError(f"island {tile.id!r}: two jetties on edge {edge}")
            seen.add(edge)


def _check_ocean(tile: OceanTile) -> None:
    edges = sorted(e for route in tile.routes for e in (route.a, route.b))
    if edges != [0, 1, 2, 3, 4, 5]:
        raise TileSetError(f"ocean tile {tile.id!r}: routes must use each edge 0..5 once")
    for route in tile.routes:
        if route.colours not in (0, 2, 3, 4, 5, 6):
            raise TileSetError(f"ocean tile {tile.id!r}: route number {route.colours} is invalid")


@attrs.frozen(slots=True, eq=False)
class TileSet:
    """The start island plus every tile of the draw pile.

    ``pile`` may name the same tile more than once (copies). Lookup tables
    used on the engine's hot path are derived once, when the set is made.

    >>> from tongiaki_rules import STANDARD_TILES
    >>> STANDARD_TILES.start.id
    'tonga'

    The standard set reprs as its name; any other set, too long to print in
    full, as a short summary (not evaluable):

    >>> STANDARD_TILES
    STANDARD_TILES
    >>> TileSet.of(TONGA, STANDARD_TILES.pile[:20])
    <TileSet: start 'tonga', 20 tiles in the pile (15 islands, 5 oceans)>
    """

    start: IslandTile
    pile: tuple[Tile, ...]
    # Derived, index-based tables (index 0 is the start island).
    kinds: tuple[Tile, ...] = attrs.field(init=False)
    index: Mapping[str, int] = attrs.field(init=False)
    """Index of each tile id in ``kinds`` (read-only)."""
    pile_indices: tuple[int, ...] = attrs.field(init=False)
    is_island: tuple[bool, ...] = attrs.field(init=False)
    values: tuple[int, ...] = attrs.field(init=False)
    slots: tuple[tuple[int, ...], ...] = attrs.field(init=False)
    jetties: tuple[tuple[tuple[int, ...], ...], ...] = attrs.field(init=False)
    edge_beach: tuple[tuple[int, ...], ...] = attrs.field(init=False)
    route_exit: tuple[tuple[int, ...], ...] = attrs.field(init=False)
    route_need: tuple[tuple[int, ...], ...] = attrs.field(init=False)
    draws: tuple[Any, ...] = attrs.field(init=False)
    """One interned ``Draw`` action per tile kind (set by the actions module)."""
    island_total: int = attrs.field(init=False)
    ocean_total: int = attrs.field(init=False)

    def __attrs_post_init__(self) -> None:
        if not isinstance(self.start, IslandTile):
            raise TileSetError(f"TileSet.start must be an IslandTile, not {shown(self.start)}")
        _tuple_field("TileSet.pile", self.pile, (IslandTile, OceanTile))
        if not self.start.is_start:
            raise TileSetError("the start tile must be an IslandTile with is_start=True")
        kinds: list[Tile] = [self.start]
        index: dict[str, int] = {self.start.id: 0}
        pile_indices: list[int] = []
        # islands get the lower indices, so a sorted pile lists islands first
        ordered = [t for t in self.pile if t.is_island] + [t for t in self.pile if not t.is_island]
        for tile in ordered:
            if isinstance(tile, IslandTile) and tile.is_start:
                raise TileSetError(f"the start island {tile.id!r} cannot be in the pile")
            known = index.get(tile.id)
            if known is None:
                index[tile.id] = len(kinds)
                kinds.append(tile)
                known = index[tile.id]
            elif kinds[known] != tile:
                raise TileSetError(f"two different tiles share the id {tile.id!r}")
            pile_indices.append(known)
        for tile in kinds:
            if isinstance(tile, IslandTile):
                _check_island(tile)
            else:
                _check_ocean(tile)
        if not any(kinds[i].is_island for i in pile_indices):
            raise TileSetError("the pile needs at least one island tile")
        if all(kinds[i].is_island for i in pile_indices):
            raise TileSetError("the pile needs at least one ocean tile")
        set_ = object.__setattr__
        set_(self, "kinds", tuple(kinds))
        set_(self, "index", MappingProxyType(index))
        set_(self, "pile_indices", tuple(sorted(pile_indices)))
        set_(self, "is_island", tuple(t.is_island for t in kinds))
        set_(self, "values", tuple(t.value if isinstance(t, IslandTile) else 0 for t in kinds))
        set_(
            self,
            "slots",
            tuple(
                tuple(b.slots for b in t.beaches) if isinstance(t, IslandTile) else ()
                for t in kinds
            ),
        )
        set_(
            self,
            "jetties",
            tuple(
                tuple(b.jetties for b in t.beaches) if isinstance(t, IslandTile) else ()
                for t in kinds
            ),
        )
        edge_beach: list[tuple[int, ...]] = []
        route_exit: list[tuple[int, ...]] = []
        route_need: list[tuple[int, ...]] = []
        for t in kinds:
            if isinstance(t, IslandTile):
                eb = [-1] * 6
                for bi, beach in enumerate(t.beaches):
                    for e in beach.jetties:
                        eb[e] = bi
                edge_beach.append(tuple(eb))
                route_exit.append(())
                route_need.append(())
            else:
                ex = [0] * 6
                nd = [0] * 6
                for route in t.routes:
                    ex[route.a], ex[route.b] = route.b, route.a
                    nd[route.a] = nd[route.b] = route.colours
                edge_beach.append(())
                route_exit.append(tuple(ex))
                route_need.append(tuple(nd))
        set_(self, "edge_beach", tuple(edge_beach))
        set_(self, "route_exit", tuple(route_exit))
        set_(self, "route_need", tuple(route_need))
        from .actions import Draw

        set_(self, "draws", tuple(Draw(t.id) for t in kinds))
        set_(self, "island_total", 1 + sum(1 for i in pile_indices if kinds[i].is_island))
        set_(self, "ocean_total", sum(1 for i in pile_indices if not kinds[i].is_island))

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, TileSet):
            return NotImplemented
        return self is other or (self.start == other.start and self.pile == other.pile)

    def __hash__(self) -> int:
        return hash((self.start, self.pile))

    def __reduce__(self) -> tuple[object, ...]:
        return (TileSet, (self.start, self.pile))

    def __repr__(self) -> str:
        from ._standard_tiles import STANDARD_TILES

        if self == STANDARD_TILES:
            return "STANDARD_TILES"
        islands = self.island_total - 1
        return (
            f"<TileSet: start {self.start.id!r}, {len(self.pile)} tiles in the pile "
            f"({islands} islands, {self.ocean_total} oceans)>"
        )

    @classmethod
    def of(cls, start: IslandTile, tiles: Iterable[Tile]) -> TileSet:
        """Build a tile set from a start island and the pile's tiles."""
        return cls(start, tuple(tiles))

    def tile(self, tile_id: str) -> Tile:
        """The tile with ``tile_id``.

        Raises :class:`~tongiaki_rules.errors.QueryError` (a ``KeyError`` too)
        if the set has no such tile.

        >>> STANDARD_TILES.tile("atlantis")
        Traceback (most recent call last):
        ...
        tongiaki_rules.errors.QueryError: tile_id: no tile 'atlantis' in this tile set
        """
        k = self.index.get(tile_id) if type(tile_id) is str else None
        if k is None:
            raise QueryError(f"tile_id: no tile {shown(tile_id)} in this tile set")
        return self.kinds[k]

    @property
    def pile_islands(self) -> tuple[Tile, ...]:
        """The island tiles of the pile."""
        return tuple(t for t in self.pile if t.is_island)

    @property
    def pile_oceans(self) -> tuple[Tile, ...]:
        """The ocean tiles of the pile."""
        return tuple(t for t in self.pile if not t.is_island)
