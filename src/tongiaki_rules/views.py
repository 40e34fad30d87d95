"""The read-only views of a game state: what a front end or a bot reads about a position.

The decision the state waits for (:class:`Pending`, :class:`DecisionKind`: SETUP-4,
TURN-1, DEPART-2/3, LAND-1..4), the tiles and islands on the table with their beaches
and boats (:class:`PlacedTile`, :class:`IslandView`, :class:`BeachView`: DEPART-1,
ROYAL-*), the group under way (:class:`GroupView`) and the draw pile (:class:`PileView`).
:class:`~tongiaki_rules.state.GameState` builds them on demand; they hold plain values.
"""

from __future__ import annotations

import attrs

from .colours import Colour
from .hexgrid import Hex
from .rules import NamedStrEnum
from .tiles import IslandTile, Tile


class DecisionKind(NamedStrEnum):
    """What kind of decision the state is waiting for."""

    SETUP = "setup"
    """Place a setup boat on Tonga (SETUP-4)."""
    TURN = "turn"
    """Choose the turn action: expand, found a royal island, recolonise, ... (TURN-1)."""
    DEPARTURE = "departure"
    """Choose which full beach departs next and by which jetty (DEPART-2/3, CHAIN-2)."""
    DRAW = "draw"
    """A chance node: the top tile of the pile is revealed."""
    PLACE_TILE = "place_tile"
    """Place the tile just drawn where the player likes (RECOLONIZE-3, Rody variant)."""
    BERTH = "berth"
    """Put the next arriving boat on a beach, or send a surplus boat home (LAND-1..4)."""
    GAME_OVER = "game_over"
    """The game has ended."""


@attrs.frozen(slots=True)
class PlacedTile:
    """A tile on the table: where, turned how far, and which tile."""

    position: Hex
    rotation: int
    tile: Tile


@attrs.frozen(slots=True)
class BeachView:
    """One beach of an island on the table, with the boats in its slots.

    ``boats`` lists the colour in each occupied slot; slots are filled in
    colour order, so the view does not depend on arrival order.
    """

    island: Hex
    index: int
    slots: int
    boats: tuple[Colour, ...]
    jetties: tuple[int, ...]
    """Board directions the beach's jetties point in."""

    @property
    def free(self) -> int:
        """Number of empty slots."""
        return self.slots - len(self.boats)

    @property
    def is_full(self) -> bool:
        """True when every slot holds a boat (DEPART-1)."""
        return len(self.boats) == self.slots


@attrs.frozen(slots=True)
class IslandView:
    """An island on the table, with its beaches and its king if it is royal."""

    position: Hex
    rotation: int
    tile: IslandTile
    beaches: tuple[BeachView, ...]
    is_royal: bool
    king: Colour | None
    """The colour on the statue of a royal island (``None`` otherwise, or if removed)."""

    @property
    def colours(self) -> frozenset[Colour]:
        """Colours present on the island (beaches and statue)."""
        found = {c for beach in self.beaches for c in beach.boats}
        if self.king is not None:
            found.add(self.king)
        return frozenset(found)


@attrs.frozen(slots=True)
class GroupView:
    """The group of boats under way: its colours, where it is, where it came from."""

    colours: tuple[Colour, ...]
    position: Hex
    """The hex the group is about to enter (at a draw) or the island it lands on."""
    entry: int
    """The board direction, seen from ``position``, of the side the group arrives by."""
    origin: Hex | None
    """The island the expedition left from (``None`` for a colonising boat)."""


@attrs.frozen(slots=True)
class PileView:
    """What remains in the draw pile (public knowledge: the tiles are counted)."""

    islands: int
    oceans: int
    tiles: tuple[str, ...]

    @property
    def size(self) -> int:
        """Number of tiles left."""
        return self.islands + self.oceans


@attrs.frozen(slots=True)
class Pending:
    """The decision the state is waiting for, and who makes it."""

    kind: DecisionKind
    player: int | None
    """Seat that decides; ``None`` at a chance node and at the end."""
    colour: Colour | None
    """Colour whose turn it is."""
    tile: str | None = None
    """For ``PLACE_TILE``: the tile to place."""
    island: Hex | None = None
    """For ``BERTH``: the island the group lands on."""
    group: tuple[Colour, ...] = ()
    """For ``BERTH`` and ``DRAW`` during a voyage: the boats still under way."""
