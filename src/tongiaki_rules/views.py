"""The read-only views of a game state: what a front end or a bot reads about a position.

The decision the state waits for (:class:`Pending`, :class:`DecisionKind`: SETUP-4,
TURN-1, DEPART-2/3, LAND-1..4), the tiles and islands on the table with their beaches
and boats (:class:`PlacedTile`, :class:`IslandView`, :class:`BeachView`: DEPART-1,
ROYAL-*), the group under way (:class:`GroupView`) and the draw pile (:class:`PileView`).
:class:`~tongiaki_rules.GameState` builds them on demand; they hold plain values.

For programs that read many positions fast (bots, encoders, serialisers),
:class:`CompactView` (``state.compact``) is the position as the engine keeps it:
tuples of ints, with :class:`Phase`, :class:`Purpose`, :data:`NO_KING` and
:data:`VACANT_KING` to read them. It is the only way a module outside the engine
and the state reads the state's fields, so a change of the engine's representation
changes this class, not its readers.
"""

from __future__ import annotations

from enum import IntEnum
from importlib.machinery import EXTENSION_SUFFIXES
from typing import TYPE_CHECKING, Final

import attrs

from ._engine import board as _board
from ._engine import work as _work
from .colours import Colour
from .hexgrid import Hex
from .rules import NamedStrEnum
from .tiles import IslandTile, Tile

__all__ = [
    "COMPILED",
    "NO_KING",
    "VACANT_KING",
    "BeachView",
    "CompactView",
    "DecisionKind",
    "GroupView",
    "IslandView",
    "Pending",
    "Phase",
    "PileView",
    "PlacedTile",
    "Purpose",
]

if TYPE_CHECKING:
    from ._state import GameState


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


COMPILED: Final = str(_work.__file__).endswith(tuple(EXTENSION_SUFFIXES))
"""True in the optional compiled build (mypyc), False in the pure-Python one.

The compiled build plays exactly the same games; see "The compiled build" in
the performance notes.

>>> COMPILED in (True, False)
True
"""


class Phase(IntEnum):
    """The step a position is at, as :attr:`CompactView.phase` gives it.

    The public kinds of decision are :class:`DecisionKind`; this is the
    engine's finer number for the same thing, for code that compares it often.

    >>> from tongiaki_rules import new_game
    >>> new_game(2).compact.phase == Phase.SETUP
    True
    """

    SETUP = _board.SETUP
    """Setup boats are placed on Tonga (SETUP-4)."""
    TURN = _board.TURN
    """The turn's choice (TURN-1)."""
    DEPART = _board.DEPART
    """A full beach departs: which one and by which jetty (DEPART-2/3)."""
    DRAW = _board.DRAW
    """A chance node: a tile is drawn."""
    PLACE = _board.PLACE
    """The tile just drawn is placed freely (RECOLONIZE-3, VARIANT-RODY-1)."""
    LAND = _board.LAND
    """The arriving boats berth one at a time (LAND-1..4)."""
    OVER = _board.OVER
    """The game has ended."""


class Purpose(IntEnum):
    """What a draw or a free placement is for (:attr:`CompactView.purpose`)."""

    VOYAGE = _board.VOYAGE
    """A group at sea reached an empty hex (DEPART-4, VOYAGE-4)."""
    COLONIZE = _board.COLONIZE
    """A New Colonisation chosen as the turn (RECOLONIZE-1)."""
    FORCED_COLONIZE = _board.FORCED_COLONIZE
    """A New Colonisation the rules impose after an island is removed (CLOSED-4)."""


NO_KING: Final = _board.NO_KING
"""In :attr:`CompactView.kings`: the island is not royal."""
VACANT_KING: Final = _board.VACANT_KING
"""In :attr:`CompactView.kings`: a royal island whose king was removed."""


class CompactView:
    """A position as the engine keeps it: tuples of ints, read without copying.

    Tiles on the table are numbered by their place in :attr:`tiles`, and
    every per-tile tuple (:attr:`boats`, :attr:`kings`) follows that order;
    colours are indices into ``state.colours``; tiles in the pile and the
    removed ones are indices into ``state.config.tiles``. The tuples are the
    state's own (immutable); :attr:`where` is a shared dict, not to be changed.

    >>> from tongiaki_rules import new_game
    >>> view = new_game(2).compact
    >>> view.tiles[0], view.boats[0], view.kings[0] == NO_KING
    (((0, 0), 0, 0), ((), (), (), (), (), ()), True)
    """

    __slots__ = ("_state",)

    def __init__(self, state: GameState) -> None:
        self._state = state

    @property
    def tiles(self) -> tuple[tuple[Hex, int, int], ...]:
        """Every tile on the table: ``(position, tile index, rotation)``, in table order."""
        return self._state.tiles_

    @property
    def where(self) -> dict[Hex, int]:
        """The table order of the tile at each occupied hex."""
        return self._state.where_()

    @property
    def boats(self) -> tuple[tuple[tuple[int, ...], ...], ...]:
        """By tile, by beach: the colours of the boats there, sorted (ocean tiles have none)."""
        return self._state.boats_

    @property
    def kings(self) -> tuple[int, ...]:
        """By tile: the colour on the statue, :data:`NO_KING` or :data:`VACANT_KING`."""
        return self._state.kings_

    @property
    def full(self) -> tuple[tuple[Hex, int], ...]:
        """The full beaches as ``(island position, beach)`` (DEPART-1)."""
        return self._state.full_()

    @property
    def pile(self) -> tuple[int, ...]:
        """The tiles in the draw pile, sorted (islands first)."""
        return self._state.pile_

    @property
    def removed(self) -> tuple[int, ...]:
        """The tiles that left the game (CLOSED-1), sorted."""
        return self._state.removed_

    @property
    def reserve(self) -> tuple[int, ...]:
        """By colour: boats in the reserve."""
        return self._state.reserve_

    @property
    def out(self) -> tuple[int, ...]:
        """By colour: boats out of the game (kings removed with their island)."""
        return self._state.out_

    @property
    def founded(self) -> tuple[int, ...]:
        """By colour: royal islands founded (ROYAL-3)."""
        return self._state.founded_

    @property
    def agent(self) -> int:
        """The colour whose turn it is (or was, at the end)."""
        return self._state.agent_

    @property
    def phase(self) -> int:
        """The step the position is at (a :class:`Phase`)."""
        return self._state.phase_

    @property
    def purpose(self) -> int:
        """What the current draw or placement is for (a :class:`Purpose`)."""
        return self._state.purpose_

    @property
    def group(self) -> tuple[int, ...]:
        """The colours of the group under way, sorted (empty when none is)."""
        return self._state.group_

    @property
    def at(self) -> Hex | None:
        """The hex the group is about to enter, or the island it lands on."""
        return self._state.at_

    @property
    def entry(self) -> int:
        """The side of :attr:`at` the group arrives by (a board direction)."""
        return self._state.entry_

    @property
    def origin(self) -> Hex | None:
        """The island the expedition left (``None`` for colonising boats)."""
        return self._state.origin_

    @property
    def turn_origin(self) -> Hex | None:
        """The island the turn's boats were placed on (AMB-09), if any."""
        return self._state.turn_origin_

    @property
    def drawn(self) -> int:
        """Tiles drawn so far on the current voyage."""
        return self._state.drawn_

    @property
    def tile(self) -> int:
        """The tile waiting to be placed (:attr:`Phase.PLACE`), else ``-1``."""
        return self._state.tile_

    @property
    def served(self) -> int:
        """Bit ``b`` set: beach ``b`` took a boat of the current landing (LAND-2)."""
        return self._state.served_

    @property
    def ended(self) -> bool:
        """Has the end of the game been triggered (END-1)?"""
        return self._state.ended_

    @property
    def setup_firsts(self) -> tuple[int, ...]:
        """By colour: the beach of its first setup boat, ``-1`` before it (AMB-29)."""
        return self._state.setup_firsts_

    @property
    def setup_count(self) -> int:
        """Setup boats placed so far."""
        return self._state.setup_count_

    @property
    def chain(self) -> tuple[tuple[object, ...], ...]:
        """The departures since the last draw: the boats on the table at each (AMB-25)."""
        return self._state.chain_
