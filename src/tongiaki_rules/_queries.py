"""The read-only queries of a game state: seats and colours, the table, the boats, the pile.

:class:`PositionQueries` is the base class of :class:`~tongiaki_rules.GameState`
that answers questions about a position from its compact fields: the tiles and
islands on the table with their beaches and kings (ROYAL-*), the boats of each
colour in reserve, on the board, at sea or out of the game, the royal islands
founded (ROYAL-3), the draw pile and the islands removed (CLOSED-1), the group
under way and whether the end has been triggered (END-1). It holds no data of
its own (``__slots__ = ()``); the state's fields are declared here for the type
checker only.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, cast

from . import _engine
from .colours import COLOURS, Colour
from .errors import QueryError, shown
from .hexgrid import Hex
from .tiles import IslandTile
from .views import BeachView, CompactView, GroupView, IslandView, PileView, PlacedTile

if TYPE_CHECKING:
    from ._config import GameConfig
    from ._state import GameState
    from .rules import Rules


class PositionQueries:
    """The read-only queries of :class:`~tongiaki_rules.GameState` (its base class)."""

    __slots__ = ()

    if TYPE_CHECKING:
        config: GameConfig
        tiles_: tuple[tuple[Hex, int, int], ...]
        boats_: tuple[tuple[tuple[int, ...], ...], ...]
        kings_: tuple[int, ...]
        removed_: tuple[int, ...]
        pile_: tuple[int, ...]
        reserve_: tuple[int, ...]
        out_: tuple[int, ...]
        founded_: tuple[int, ...]
        agent_: int
        group_: tuple[int, ...]
        at_: Hex | None
        entry_: int
        origin_: Hex | None
        ended_: bool

        def where_(self) -> dict[Hex, int]: ...

    # ------------------------------------------------------------ queries
    @property
    def compact(self) -> CompactView:
        """The position as tuples of ints, for programs that read many positions fast.

        >>> new_game(2).compact.reserve
        (15, 15)
        """
        return CompactView(cast("GameState", self))

    @property
    def rules(self) -> Rules:
        """The rules flags of this game."""
        return self.config.rules

    @property
    def num_players(self) -> int:
        """Number of seats."""
        return self.config.num_players

    @property
    def colours(self) -> tuple[Colour, ...]:
        """The colours in play, by colour index."""
        return COLOURS[: len(self.config.agent_seats)]

    def seat_of(self, colour: Colour | int) -> int:
        """The seat that plays ``colour`` (a colour in play, or its index).

        >>> new_game(2, Rules(variant_two_player_double_colour=True)).seat_of(Colour.GREEN)
        0
        """
        return self.config.agent_seats[self._colour_arg(colour)]

    @property
    def turn_colour(self) -> Colour:
        """The colour whose turn it is (or was, at the end)."""
        return COLOURS[self.agent_]

    @property
    def turn_player(self) -> int:
        """The seat whose turn it is."""
        return self.config.agent_seats[self.agent_]

    @property
    def placed_tiles(self) -> tuple[PlacedTile, ...]:
        """Every tile on the table, in the order it was placed."""
        kinds = self.config.tiles.kinds
        return tuple(PlacedTile(pos, rot, kinds[t]) for pos, t, rot in self.tiles_)

    def tile_at(self, position: Hex) -> PlacedTile | None:
        """The tile at ``position``, or ``None`` for an empty hex.

        >>> new_game(2).tile_at((0, 0)).tile.id, new_game(2).tile_at((3, 1))
        ('tonga', None)
        """
        k = self.where_().get(_hex_arg("position", position))
        if k is None:
            return None
        pos, t, rot = self.tiles_[k]
        return PlacedTile(pos, rot, self.config.tiles.kinds[t])

    def _island_view(self, k: int) -> IslandView:
        pos, t, rot = self.tiles_[k]
        tile = self.config.tiles.kinds[t]
        assert isinstance(tile, IslandTile)
        beaches = tuple(
            BeachView(
                pos,
                b,
                spec.slots,
                tuple(COLOURS[c] for c in self.boats_[k][b]),
                tuple((e + rot) % 6 for e in spec.jetties),
            )
            for b, spec in enumerate(tile.beaches)
        )
        king = self.kings_[k]
        return IslandView(
            pos,
            rot,
            tile,
            beaches,
            king != _engine.NO_KING,
            COLOURS[king] if 0 <= king < len(COLOURS) else None,
        )

    @property
    def islands(self) -> tuple[IslandView, ...]:
        """Every island on the table with its beaches, boats and king."""
        is_island = self.config.tiles.is_island
        return tuple(
            self._island_view(k) for k, (_p, t, _r) in enumerate(self.tiles_) if is_island[t]
        )

    def island_at(self, position: Hex) -> IslandView | None:
        """The island at ``position``, or ``None`` (an empty hex or an ocean tile)."""
        k = self.where_().get(_hex_arg("position", position))
        if k is None or not self.config.tiles.is_island[self.tiles_[k][1]]:
            return None
        return self._island_view(k)

    def beach(self, island: Hex, index: int) -> BeachView:
        """Beach ``index`` of the island at ``island``.

        Raises :class:`~tongiaki_rules.errors.QueryError` (a ``KeyError`` too)
        when there is no island there or it has no such beach.

        >>> new_game(2).beach((0, 0), 1).slots
        3
        """
        view = self.island_at(_hex_arg("island", island))
        if view is None:
            raise QueryError(f"island: there is no island at {island}")
        beaches = view.beaches
        if type(index) is not int or not 0 <= index < len(beaches):
            raise QueryError(
                f"index: {view.tile.name} has beaches 0..{len(beaches) - 1}, not {shown(index)}"
            )
        return beaches[index]

    @property
    def royal_islands(self) -> tuple[IslandView, ...]:
        """The royal islands, with their kings (ROYAL-*)."""
        return tuple(view for view in self.islands if view.is_royal)

    def reserve(self, colour: Colour | int) -> int:
        """Boats of ``colour`` in its owner's reserve."""
        return self.reserve_[self._colour_arg(colour)]

    def boats_on_board(self, colour: Colour | int) -> int:
        """Boats of ``colour`` on beaches and statues (not the group under way)."""
        colour = self._colour_arg(colour)
        n = sum(beach.count(colour) for beaches in self.boats_ for beach in beaches)
        return n + sum(1 for k in self.kings_ if k == colour)

    def boats_at_sea(self, colour: Colour | int) -> int:
        """Boats of ``colour`` in the group under way."""
        return self.group_.count(self._colour_arg(colour))

    def boats_out_of_game(self, colour: Colour | int) -> int:
        """Boats of ``colour`` out of the game (``recolonize_removed_to_reserve=False``)."""
        return self.out_[self._colour_arg(colour)]

    def royal_islands_founded(self, colour: Colour | int) -> int:
        """How many royal islands ``colour`` has founded (ROYAL-3)."""
        return self.founded_[self._colour_arg(colour)]

    def _colour_arg(self, colour: object) -> int:
        """``colour`` as the index of a colour in play (QueryError otherwise)."""
        if type(colour) is Colour or type(colour) is int:
            if 0 <= colour < len(self.config.agent_seats):
                return int(colour)
            in_play = ", ".join(c.name.lower() for c in self.colours)
            raise QueryError(f"colour: {shown(colour)} is not in play (in play: {in_play})")
        raise QueryError(f"colour must be a Colour or its int index, not {shown(colour)}")

    @property
    def pile(self) -> PileView:
        """What remains in the draw pile, by kind."""
        ts = self.config.tiles
        islands = sum(1 for t in self.pile_ if ts.is_island[t])
        return PileView(
            islands, len(self.pile_) - islands, tuple(ts.kinds[t].id for t in self.pile_)
        )

    @property
    def removed_tiles(self) -> tuple[str, ...]:
        """Islands taken out of the game because their routes were closed (CLOSED-1)."""
        return tuple(self.config.tiles.kinds[t].id for t in self.removed_)

    @property
    def group(self) -> GroupView | None:
        """The group under way (at a draw, a free placement or a landing), if any."""
        if not self.group_ or self.at_ is None:
            return None
        return GroupView(
            tuple(COLOURS[c] for c in self.group_), self.at_, self.entry_, self.origin_
        )

    @property
    def end_triggered(self) -> bool:
        """True once the last tile of a type has come out (END-1); the turn still ends."""
        return self.ended_


def _hex_arg(name: str, value: object) -> Hex:
    """``value`` as a hex ``(q, r)`` of two ints (QueryError naming ``name`` otherwise)."""
    if type(value) is tuple and len(value) == 2 and type(value[0]) is type(value[1]) is int:
        return value
    raise QueryError(f"{name} must be a hex (q, r) of two ints, not {shown(value)}")
