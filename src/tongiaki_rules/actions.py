"""Actions: one small decision each.

Every action is a frozen, hashable value whose ``repr`` evaluates back to an
equal action (given ``from tongiaki_rules import *``). Island positions are
axial hexes (see :mod:`.hexgrid`); beaches are numbered as printed on the
tile (:attr:`IslandTile.beaches <tongiaki_rules.tiles.IslandTile.beaches>`);
a jetty is named by the board direction it points in.

>>> Expand((0, 0), (1, 4))
Expand(island=(0, 0), beaches=(1, 4))
>>> Berth(Colour.RED, 2)
Berth(colour=Colour.RED, beach=2)
"""

from __future__ import annotations

from typing import TypeAlias

import attrs

from .colours import Colour
from .hexgrid import Hex


@attrs.frozen(slots=True)
class SetupPlace:
    """Setup: put one boat of the deciding player on a Tonga beach (SETUP-4, SETUP-5)."""

    beach: int


@attrs.frozen(slots=True)
class Expand:
    """Turn action: expand on ``island``, one new boat on each beach listed (EXPAND-1..5).

    ``beaches`` is sorted and has no repeats.
    """

    island: Hex
    beaches: tuple[int, ...]


@attrs.frozen(slots=True)
class ExpandFromBoard:
    """Turn action with an empty reserve: move one own boat from ``source`` to ``island``.

    The boat leaves beach ``source_beach`` of the island at ``source`` and is
    placed on beach ``beach`` of ``island`` as the whole expansion
    (EMPTYRESERVE-1, EMPTYRESERVE-2).
    """

    island: Hex
    beach: int
    source: Hex
    source_beach: int


@attrs.frozen(slots=True)
class FoundRoyal:
    """Turn action: make ``island`` a royal island (ROYAL-1..5)."""

    island: Hex


@attrs.frozen(slots=True)
class Recolonize:
    """Turn action: New Colonisation (RECOLONIZE-1..5)."""


@attrs.frozen(slots=True)
class PlaceNewBoats:
    """Turn action with no boats in play: two boats on Tonga or one elsewhere (NOBOATS-1).

    ``beaches`` lists the beach of each new boat, sorted; a beach may appear
    twice (two boats on one Tonga beach).
    """

    island: Hex
    beaches: tuple[int, ...]


@attrs.frozen(slots=True)
class Depart:
    """Send the boats of the full beach ``beach`` of ``island`` out by one jetty.

    ``jetty`` is the board direction the chosen jetty points in. Choosing
    which full beach departs next also fixes the order of pending departures
    (DEPART-2, DEPART-3, CHAIN-2).
    """

    island: Hex
    beach: int
    jetty: int


@attrs.frozen(slots=True)
class PlaceTile:
    """Place the tile just drawn at ``position`` with ``rotation`` (RECOLONIZE-3, Rody)."""

    position: Hex
    rotation: int


@attrs.frozen(slots=True)
class Berth:
    """Landing: put one arriving boat of ``colour`` on ``beach`` (LAND-1..3)."""

    colour: Colour
    beach: int


@attrs.frozen(slots=True)
class ReturnBoat:
    """Landing: send one arriving boat of ``colour`` back to its reserve (LAND-4)."""

    colour: Colour


@attrs.frozen(slots=True)
class Draw:
    """A chance outcome: the tile with id ``tile`` is drawn from the pile."""

    tile: str


TurnAction: TypeAlias = Expand | ExpandFromBoard | FoundRoyal | Recolonize | PlaceNewBoats
"""The choices that start a turn (TURN-1 and the special situations)."""

Action: TypeAlias = (
    SetupPlace
    | Expand
    | ExpandFromBoard
    | FoundRoyal
    | Recolonize
    | PlaceNewBoats
    | Depart
    | PlaceTile
    | Berth
    | ReturnBoat
    | Draw
)
"""Any action, decision or chance outcome, that :meth:`GameState.apply` accepts."""

ACTION_TYPES: tuple[type, ...] = (
    SetupPlace,
    Expand,
    ExpandFromBoard,
    FoundRoyal,
    Recolonize,
    PlaceNewBoats,
    Depart,
    PlaceTile,
    Berth,
    ReturnBoat,
    Draw,
)
