"""Events: what happened during one :meth:`GameState.apply_with_events` call, in order.

A front end can animate a turn from the events without comparing states.
Every event is a small frozen value; positions are axial hexes, jetties and
edges are board directions (see :mod:`.hexgrid`).

>>> from tongiaki_rules import new_game, SetupPlace
>>> state, events = new_game(2).apply_with_events(SetupPlace(0))
>>> events
(BoatsPlaced(island=(0, 0), beaches=(0,), colour=Colour.BLUE),)
"""

from __future__ import annotations

from typing import TypeAlias

import attrs

from .colours import Colour
from .hexgrid import Hex

__all__ = [
    "EVENT_TYPES",
    "BeachFilled",
    "Berthed",
    "BoatMoved",
    "BoatsPlaced",
    "BoatsReturned",
    "Bounced",
    "Departed",
    "EndTriggered",
    "Event",
    "GameEnded",
    "IslandRemoved",
    "Landed",
    "Recolonized",
    "RoutePassed",
    "RoyalIslandFounded",
    "TileDrawn",
    "TilePlaced",
    "TurnEnded",
    "VoyageFailed",
]


@attrs.frozen(slots=True)
class BoatsPlaced:
    """New boats from a reserve: setup (SETUP-4), expansion (EXPAND-4) or no boats (NOBOATS-1)."""

    island: Hex
    beaches: tuple[int, ...]
    colour: Colour


@attrs.frozen(slots=True)
class BoatMoved:
    """An empty-reserve expansion moved one boat across the board (EMPTYRESERVE-1)."""

    source: Hex
    source_beach: int
    island: Hex
    beach: int
    colour: Colour


@attrs.frozen(slots=True)
class BeachFilled:
    """Every slot of a beach now holds a boat: it must depart (DEPART-1)."""

    island: Hex
    beach: int


@attrs.frozen(slots=True)
class Departed:
    """The boats of a full beach set sail by a jetty (DEPART-1..3)."""

    island: Hex
    beach: int
    jetty: int
    boats: tuple[Colour, ...]


@attrs.frozen(slots=True)
class TileDrawn:
    """A tile came off the pile (a chance outcome)."""

    tile: str


@attrs.frozen(slots=True)
class TilePlaced:
    """A tile was put on the table; ``free`` when the player chose where (RECOLONIZE-3, Rody)."""

    tile: str
    position: Hex
    rotation: int
    free: bool


@attrs.frozen(slots=True)
class RoutePassed:
    """The group crossed an ocean tile from edge ``entry`` to edge ``exit`` (VOYAGE-1/2)."""

    position: Hex
    entry: int
    exit: int
    needed: int
    """The route's number (0 when it has none)."""
    colours: int
    """Distinct colours in the group."""


@attrs.frozen(slots=True)
class VoyageFailed:
    """The group lacked colours for the route it had to take (VOYAGE-3)."""

    position: Hex
    entry: int
    needed: int
    colours: int


@attrs.frozen(slots=True)
class Bounced:
    """The group reached a royal island and turned back (ROYAL-7)."""

    royal_island: Hex
    back_to: Hex


@attrs.frozen(slots=True)
class Landed:
    """A group arrived at an island and will be berthed (LAND-1)."""

    island: Hex
    boats: tuple[Colour, ...]


@attrs.frozen(slots=True)
class Berthed:
    """One arriving boat was put on a beach (LAND-2/3)."""

    island: Hex
    beach: int
    colour: Colour


@attrs.frozen(slots=True)
class BoatsReturned:
    """Boats went back to their owners' reserves, and why."""

    boats: tuple[Colour, ...]
    reason: str
    """One of ``"voyage failed"``, ``"no free slot"``, ``"lost at sea"``,
    ``"nothing left to draw"``, ``"royal island"``, ``"recolonised"``, ``"island removed"``."""


@attrs.frozen(slots=True)
class RoyalIslandFounded:
    """An island became royal; the statue holds one boat of ``colour`` (ROYAL-1..4)."""

    island: Hex
    colour: Colour


@attrs.frozen(slots=True)
class Recolonized:
    """New Colonisation: the player took ``removed`` boats off the board (RECOLONIZE-2)."""

    colour: Colour
    removed: int


@attrs.frozen(slots=True)
class IslandRemoved:
    """A closed island left the game with every boat on it (CLOSED-1)."""

    island: Hex
    tile: str


@attrs.frozen(slots=True)
class EndTriggered:
    """The last tile of a type came out: this turn is the last (END-1)."""

    tile: str


@attrs.frozen(slots=True)
class TurnEnded:
    """The turn of ``colour`` is over; ``next_colour`` moves next (TURN-3)."""

    colour: Colour
    next_colour: Colour


@attrs.frozen(slots=True)
class GameEnded:
    """The game is over (END-2); ``scores`` by seat."""

    scores: tuple[int, ...]


Event: TypeAlias = (
    BoatsPlaced
    | BoatMoved
    | BeachFilled
    | Departed
    | TileDrawn
    | TilePlaced
    | RoutePassed
    | VoyageFailed
    | Bounced
    | Landed
    | Berthed
    | BoatsReturned
    | RoyalIslandFounded
    | Recolonized
    | IslandRemoved
    | EndTriggered
    | TurnEnded
    | GameEnded
)
"""Any event."""

EVENT_TYPES: tuple[type, ...] = (
    BoatsPlaced,
    BoatMoved,
    BeachFilled,
    Departed,
    TileDrawn,
    TilePlaced,
    RoutePassed,
    VoyageFailed,
    Bounced,
    Landed,
    Berthed,
    BoatsReturned,
    RoyalIslandFounded,
    Recolonized,
    IslandRemoved,
    EndTriggered,
    TurnEnded,
    GameEnded,
)
