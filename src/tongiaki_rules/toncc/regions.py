"""The 18 regions and the Map on the Mind, as data a user can replace (TC-MAP-1..3).

A region shows a background colour and a symbol: the symbol's colour, and
some of a shape, a number of lines and a number of dots. Three regions form a
Kingdom when they share a feature: the colour (background and symbol
together), the shape, the number of lines or the number of dots (TC-MAP-1).

The Map is a closed triangle of the 18 region pictures, 7 to a side, the three
corners shared by two sides (derived from "the 15 achievable Kingdoms",
TC-MAP-2). :class:`TonccMap` lists the pictures around the loop, ``A0``..``A5``,
``B0``..``B5``, ``C0``..``C5``; side A runs ``A0``..``B0``, side B ``B0``..``C0``
and side C ``C0``..``A0``. A Kingdom on the Map is three seals in a row on a
side: the 15 windows of three consecutive pictures on a side.

Which picture stands where is lost with the figure: :data:`STANDARD_MAP` is
the reconstruction of the notes (TC-MAP-3, reconstructed), in which exactly
15 triples share a feature and all of them are Map windows. A Region's id is
its place on the Map (0..17), so a seal on region 4 sits at Map position A4.

>>> from tongiaki_rules.toncc import Colour
>>> len(STANDARD_MAP.kingdoms)
15
>>> STANDARD_MAP.regions[0].background
<Colour.BLUE: 2>
"""

from __future__ import annotations

import enum
import itertools

import attrs

from ..errors import QueryError, shown
from ._errors import TonccMapError
from ._kings import Colour
from ._values import whole

__all__ = [
    "KINGDOM_WINDOWS",
    "MAP_SIZE",
    "SIDE_NAMES",
    "STANDARD_MAP",
    "Region",
    "Shape",
    "TonccMap",
    "position_name",
    "shared_feature",
]

MAP_SIZE = 18
SIDE_NAMES = ("A", "B", "C")


class Shape(enum.IntEnum):
    """The shape of a region's symbol."""

    CIRCLE = 1
    SQUARE = 2
    TRIANGLE = 3


def _colour(value: object, where: str) -> Colour:
    if type(value) is not Colour:
        raise TonccMapError(f"{where}: expected a Colour, got {shown(value)}")
    return value


def _count(value: object, where: str) -> int:
    if type(value) is not int or not 0 <= value <= 9:
        raise TonccMapError(f"{where}: expected an int from 0 to 9, got {shown(value)}")
    return value


@attrs.frozen(slots=True)
class Region:
    """One region picture: background, symbol colour, shape (or ``None``), lines, dots.

    ``lines`` and ``dots`` are 0 when the picture has none.

    >>> from tongiaki_rules.toncc import Colour
    >>> Region(Colour.RED, Colour.BLUE, Shape.SQUARE, 0, 0).colour_pair
    (<Colour.RED: 0>, <Colour.BLUE: 2>)
    """

    background: Colour
    symbol: Colour
    shape: Shape | None = None
    lines: int = 0
    dots: int = 0

    def __attrs_post_init__(self) -> None:
        _colour(self.background, "background")
        _colour(self.symbol, "symbol")
        if self.symbol is self.background:
            raise TonccMapError(
                f"symbol: {self.symbol.name} on a {self.background.name} background would not show"
            )
        if self.shape is not None and type(self.shape) is not Shape:
            raise TonccMapError(f"shape: expected a Shape or None, got {shown(self.shape)}")
        _count(self.lines, "lines")
        _count(self.dots, "dots")

    @property
    def colour_pair(self) -> tuple[Colour, Colour]:
        """The region's colour in the sense of the Kingdoms: (background, symbol)."""
        return (self.background, self.symbol)


def shared_feature(first: Region, second: Region, third: Region) -> str | None:
    """What three regions share, making them a Kingdom, or ``None`` (TC-MAP-1).

    >>> shared_feature(*STANDARD_MAP.regions[0:3])
    'colour'
    >>> shared_feature(*STANDARD_MAP.regions[1:4])
    'shape'
    """
    trio = (first, second, third)
    for name, region in zip(("first", "second", "third"), trio, strict=True):
        if type(region) is not Region:
            raise QueryError(f"{name}: expected a Region, got {shown(region)}")
    return _shared(trio)


def _shared(trio: tuple[Region, Region, Region]) -> str | None:
    first = trio[0]
    if len({r.colour_pair for r in trio}) == 1:
        return "colour"
    if first.shape is not None and len({r.shape for r in trio}) == 1:
        return "shape"
    if first.lines and len({r.lines for r in trio}) == 1:
        return "lines"
    if first.dots and len({r.dots for r in trio}) == 1:
        return "dots"
    return None


def position_name(region: int) -> str:
    """The Map position of a region id: ``A0``..``C5``.

    >>> position_name(0), position_name(6), position_name(17)
    ('A0', 'B0', 'C5')
    """
    return f"{SIDE_NAMES[region // 6]}{region % 6}"


def _windows() -> tuple[tuple[int, int, int], ...]:
    found: list[tuple[int, int, int]] = []
    for side in range(3):
        run = [(6 * side + k) % MAP_SIZE for k in range(7)]
        found.extend((run[k], run[k + 1], run[k + 2]) for k in range(5))
    return tuple(found)


KINGDOM_WINDOWS: tuple[tuple[int, int, int], ...] = _windows()
"""The 15 Kingdoms of the Map: three consecutive pictures on one side (region ids)."""


def _as_tuple(value: object) -> tuple[Region, ...]:
    if not isinstance(value, (tuple, list)):
        raise TonccMapError(f"regions: expected a tuple of 18 Regions, got {shown(value)}")
    return tuple(value)


@attrs.frozen(slots=True)
class TonccMap:
    """The 18 region pictures in Map order; validated when built.

    The sheet shows "the 15 achievable Kingdoms" on the Map (TC-MAP-2): every
    window of three on a side must share a feature, and no other three
    pictures may share one (they would be a Kingdom the Map cannot show). No
    two pictures may be the same.

    >>> TonccMap(STANDARD_MAP.regions[:17])
    Traceback (most recent call last):
    ...
    tongiaki_rules.toncc._errors.TonccMapError: regions: expected 18 Regions, got 17
    """

    regions: tuple[Region, ...] = attrs.field(converter=_as_tuple)

    def __attrs_post_init__(self) -> None:
        if len(self.regions) != MAP_SIZE:
            raise TonccMapError(f"regions: expected {MAP_SIZE} Regions, got {len(self.regions)}")
        for index, region in enumerate(self.regions):
            if type(region) is not Region:
                raise TonccMapError(f"regions[{index}]: expected a Region, got {shown(region)}")
        if len(set(self.regions)) != MAP_SIZE:
            raise TonccMapError("regions: two pictures are the same")
        regions = self.regions
        for window in KINGDOM_WINDOWS:
            if _shared((regions[window[0]], regions[window[1]], regions[window[2]])) is None:
                names = "-".join(position_name(i) for i in window)
                raise TonccMapError(f"regions: the Map window {names} shares no feature")
        windows = {tuple(sorted(w)) for w in KINGDOM_WINDOWS}
        for a, b, c in itertools.combinations(range(MAP_SIZE), 3):
            if (a, b, c) in windows:
                continue
            feature = _shared((regions[a], regions[b], regions[c]))
            if feature is not None:
                names = "-".join(position_name(i) for i in (a, b, c))
                raise TonccMapError(
                    f"regions: {names} share the {feature} but are not a Map window; "
                    "the Map shows every Kingdom there is (exactly 15)"
                )

    @property
    def kingdoms(self) -> tuple[tuple[int, int, int], ...]:
        """The 15 Kingdoms (region ids), side A first."""
        return KINGDOM_WINDOWS

    def background(self, region: int) -> Colour:
        """The background colour of region ``region`` (0..17); QueryError for another."""
        return self.regions[whole(region, "region", 0, MAP_SIZE - 1)].background


def _standard_regions() -> tuple[Region, ...]:
    r, y, b = Colour.RED, Colour.YELLOW, Colour.BLUE
    circle, square, triangle = Shape.CIRCLE, Shape.SQUARE, Shape.TRIANGLE
    return (
        Region(b, y, lines=3),  # A0
        Region(b, y, circle),
        Region(b, y, circle, lines=1),
        Region(r, y, circle, lines=1),
        Region(r, y, lines=1, dots=1),
        Region(r, y, dots=1),
        Region(y, r, dots=1),  # B0
        Region(y, r, lines=2),
        Region(y, r, lines=2, dots=2),
        Region(b, r, lines=2, dots=2),
        Region(b, r, square, dots=2),
        Region(b, r, square),
        Region(r, b, square),  # C0
        Region(r, b, dots=3),
        Region(r, b, triangle, dots=3),
        Region(y, b, triangle, dots=3),
        Region(y, b, triangle, lines=3),
        Region(y, b, lines=3),
    )


STANDARD_MAP = TonccMap(_standard_regions())
"""The reconstructed Map of the notes, section 3 (TC-MAP-3): replace it freely."""
