"""The disc of hexes around Tonga that tiles can reach, numbered ring by ring.

:func:`placement_radius` bounds how far from Tonga's hex any tile can ever be
placed (every placement touches the table, RECOLONIZE-3 and
``recolonize_requires_adjacency``); :func:`disc_cells` numbers the hexes within
a radius. The PlaceTile block of the action encoding and the observation
planes cover that disc.
"""

from __future__ import annotations

from typing import Final

from .errors import SettingsError, shown
from .hexgrid import STEPS, Hex
from .rules import Rules
from .tiles import TileSet

MAX_DISC_RADIUS: Final = 256
"""The largest radius :func:`disc_cells` accepts (197,377 hexes).

The standard game needs 31 (62 without ``recolonize_requires_adjacency``);
a tile set whose :func:`placement_radius` is larger cannot be encoded.
"""


def placement_radius(rules: Rules, tiles: TileSet) -> int:
    """The farthest any tile can ever lie from Tonga's hex ``(0, 0)``.

    Every tile the engine places touches a tile already on the table (a
    voyage tile goes in the empty hex a route or jetty points at; a free
    placement picks a hex next to the table), or lies one empty hex further
    out when ``recolonize_requires_adjacency`` is off; on an empty table it
    goes on ``(0, 0)``. So, counting Tonga as placed first at distance 0,
    each placement lies at most one step (two without adjacency) beyond an
    earlier one: after all ``len(tiles.pile)`` tiles the farthest is that
    many steps (twice that many) away. A group waiting for a draw is at an
    empty hex next to the table, with a tile still in the pile, so it is
    inside the same radius.

    >>> placement_radius(Rules(), STANDARD_TILES)
    31
    >>> placement_radius(Rules(recolonize_requires_adjacency=False), STANDARD_TILES)
    62

    Raises :class:`~tongiaki_rules.errors.SettingsError` naming ``rules`` or
    ``tiles`` if it is not a :class:`Rules` or a :class:`TileSet`.
    """
    if not isinstance(rules, Rules):
        raise SettingsError(f"rules: expected a Rules value, not {shown(rules)}")
    if not isinstance(tiles, TileSet):
        raise SettingsError(f"tiles: expected a TileSet, not {shown(tiles)}")
    step = 1 if rules.recolonize_requires_adjacency else 2
    return step * len(tiles.pile)


def disc_cells(radius: int) -> tuple[Hex, ...]:
    """The hexes within ``radius`` of ``(0, 0)``, numbered ring by ring.

    Cell 0 is ``(0, 0)``; ring ``k`` holds cells ``3k(k-1)+1 .. 3k(k+1)``,
    starting at the hex ``k`` steps above Tonga and going clockwise (towards
    the upper right first).

    >>> disc_cells(1)
    ((0, 0), (0, -1), (1, -1), (1, 0), (0, 1), (-1, 1), (-1, 0))
    >>> len(disc_cells(31))
    2977

    ``radius`` must be an ``int`` (not a bool) from 0 to
    :data:`MAX_DISC_RADIUS`; anything else raises
    :class:`~tongiaki_rules.errors.SettingsError` naming it.
    """
    if type(radius) is not int or not 0 <= radius <= MAX_DISC_RADIUS:
        raise SettingsError(
            f"radius must be an int from 0 to {MAX_DISC_RADIUS}, not {shown(radius)}"
        )
    cells: list[Hex] = [(0, 0)]
    for k in range(1, radius + 1):
        q, r = 0, -k
        for side in range(6):
            dq, dr = STEPS[(5 + side) % 6]
            for _ in range(k):
                cells.append((q, r))
                q, r = q + dq, r + dr
    return tuple(cells)
