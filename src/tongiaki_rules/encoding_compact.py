"""The compact action encoding: the full one with a short PlaceTile block.

:class:`~tongiaki_rules.encoding.ActionEncoding` names a placed tile by its
hex in a disc of 2,977 hexes (17,862 indices with the rotations), although a
position never offers more than a few dozen hexes. :class:`CompactEncoding`
keeps every other block of the full layout as it is and names a placement by
its *placement rank*: the place of its hex among the hexes the legal
PlaceTile actions of the state use, sorted in the disc's ring order (nearest
Tonga first), times six, plus the rotation. A voyage tile has one hex, so its
six rotations are always the first six indices of the block.

The block holds :func:`placement_slots` hexes, a bound proven from the rules:
a tile is placed on an empty hex next to a tile of the table (RECOLONIZE-3,
AMB-07), or up to two steps from one without ``recolonize_requires_adjacency``,
and while a tile is being placed the table holds at most ``len(pile)`` tiles
(Tonga plus all but the tile in hand), each with 6 hexes next to it (18
within two steps). For the standard tiles that is 186 hexes, 3,706 actions in
all (558 hexes, 5,938 actions, without the adjacency rule).

>>> from tongiaki_rules import new_game
>>> compact = ActionEncoding.for_game(3, actions="compact")
>>> compact.size, compact.lengths["PlaceTile"]
(3706, 1116)
>>> compact.legal_indices(new_game(3)) == ActionEncoding.for_game(3).legal_indices(new_game(3))
True
"""

from __future__ import annotations

from typing import Any, Final

import attrs

from ._encoding_base import _EncodingBase
from ._pergame import PerGame
from ._standard_tiles import STANDARD_TILES
from ._state import DEFAULT_RULES, GameState
from .actions import Action, Draw
from .encoding import ActionEncoding
from .errors import InvalidPositionError, SettingsError, shown
from .hexgrid import Hex
from .rules import Rules
from .tiles import TileSet

__all__ = ["ACTION_SPACES", "CompactEncoding", "placement_slots"]

ACTION_SPACES: Final = ("full", "compact")
"""Values of the ``actions`` option of the encodings and every adapter (``"full"`` by default)."""


def placement_slots(rules: Rules, tiles: TileSet) -> int:
    """The most hexes the legal PlaceTile actions of one position can use.

    >>> placement_slots(Rules(), STANDARD_TILES)
    186
    >>> placement_slots(Rules(recolonize_requires_adjacency=False), STANDARD_TILES)
    558
    """
    around = 6 if rules.recolonize_requires_adjacency else 18
    return around * max(1, len(tiles.pile))


@attrs.frozen(slots=True, eq=False, repr=False)
class CompactEncoding(_EncodingBase):
    """The compact index layout for one number of players, rules and tile set.

    Build it with ``ActionEncoding.for_game(..., actions="compact")`` or
    ``ActionEncoding.for_state(state, actions="compact")``; it has the
    methods of :class:`~tongiaki_rules.encoding.ActionEncoding` that take a
    state (``encode``, ``decode``, ``legal_indices``, ``legal_mask``, the
    chance ones) with the same errors.

    >>> from tongiaki_rules import new_game
    >>> compact = ActionEncoding.for_game(2, actions="compact")
    >>> compact.decode(new_game(2), 5), compact.describe(compact.offsets["PlaceTile"] + 8)
    (SetupPlace(beach=5), 'PlaceTile on placement rank 1, rotation 2')
    """

    full: ActionEncoding
    """The full encoding; every block but PlaceTile has the same indices."""
    actions: str = attrs.field(init=False, default="compact")
    """Always ``"compact"``."""
    slots: int = attrs.field(init=False)
    """Hexes the PlaceTile block covers (:func:`placement_slots`)."""
    size: int = attrs.field(init=False)
    """Number of action indices."""
    offsets: dict[str, int] = attrs.field(init=False)
    """First index of each block, by action type name."""
    lengths: dict[str, int] = attrs.field(init=False)
    """Number of indices of each block, by action type name."""
    _base: int = attrs.field(init=False, alias="_base")
    _last: list[Any] = attrs.field(init=False, alias="_last")

    def __attrs_post_init__(self) -> None:
        set_ = object.__setattr__
        full = self.full
        slots = placement_slots(full.rules, full.tiles)
        lengths = dict(full.lengths)
        lengths["PlaceTile"] = 6 * slots
        base = full.offsets["PlaceTile"]
        set_(self, "slots", slots)
        set_(self, "size", base + lengths["PlaceTile"])
        set_(self, "offsets", dict(full.offsets))
        set_(self, "lengths", lengths)
        set_(self, "_base", base)
        set_(self, "_last", [(None, None)])

    @property
    def num_players(self) -> int:
        """The number of players."""
        return self.full.num_players

    @property
    def rules(self) -> Rules:
        """The rules flags."""
        return self.full.rules

    @property
    def tiles(self) -> TileSet:
        """The tile set."""
        return self.full.tiles

    @property
    def version(self) -> int:
        """The layout version of the full encoding this one shortens."""
        return self.full.version

    @property
    def chance_size(self) -> int:
        """Number of chance indices, as in the full encoding."""
        return self.full.chance_size

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, CompactEncoding):
            return NotImplemented
        return self is other or self.full == other.full

    def __hash__(self) -> int:
        return hash(("compact", self.full))

    # ------------------------------------------------------------ states
    def _indices_in_order(self, state: GameState) -> list[int]:
        """Index of each legal action, in the order of ``state.legal_actions()``."""
        seen, known = self._last[0]
        if seen is state:
            cached: list[int] = known
            return cached
        indices = self.full._indices_in_order(state)  # checks the state
        base = self._base
        if indices and indices[-1] >= base:  # placements: rank their hexes
            cells = sorted({(i - base) // 6 for i in indices if i >= base})
            if len(cells) > self.slots:  # pragma: no cover - excluded by placement_slots
                raise InvalidPositionError(
                    f"state: {len(cells)} hexes to place a tile on, more than the "
                    f"{self.slots} of the compact encoding"
                )
            rank = {cell: k for k, cell in enumerate(cells)}
            indices = [
                i if i < base else base + 6 * rank[(i - base) // 6] + (i - base) % 6
                for i in indices
            ]
        self._last[0] = (state, indices)  # one store, so threads never mix the pair
        return indices

    def encode(self, state: GameState, action: Action) -> int:
        """The index of ``action``, which must be legal in ``state`` (errors as the full one's).

        >>> from tongiaki_rules import new_game, SetupPlace
        >>> ActionEncoding.for_game(2, actions="compact").encode(new_game(2), SetupPlace(3))
        3
        """
        full_index = self.full.encode(state, action)
        if full_index < self._base:
            return full_index
        return self._indices_in_order(state)[self.full._indices_in_order(state).index(full_index)]

    def placement_hexes(self, state: GameState) -> list[Hex]:
        """The hex of each placement rank in ``state`` (empty unless a tile is to be placed).

        >>> from tongiaki_rules import new_game
        >>> ActionEncoding.for_game(2, actions="compact").placement_hexes(new_game(2))
        []
        """
        base = self._base
        cells = sorted({(i - base) // 6 for i in self.full._indices_in_order(state) if i >= base})
        return [self.full.cells[c] for c in cells]

    # ------------------------------------------------------------ chance: as the full one
    def encode_chance(self, draw: Draw) -> int:
        """The chance index of a draw (see :meth:`ActionEncoding.encode_chance`)."""
        return self.full.encode_chance(draw)

    def decode_chance(self, index: int) -> Draw:
        """The draw with this chance index (see :meth:`ActionEncoding.decode_chance`)."""
        return self.full.decode_chance(index)

    def chance_outcomes(self, state: GameState) -> list[tuple[int, float]]:
        """The chance indices of the possible draws with their probabilities."""
        return self.full.chance_outcomes(state)

    # ------------------------------------------------------------ meaning
    def _block_at(self, index: int) -> tuple[str, int]:
        if index >= self._base:
            return "PlaceTile", index - self._base
        return self.full.block_of(index)

    def describe(self, index: int) -> str:
        """What an index means, without a state.

        >>> ActionEncoding.for_game(2, actions="compact").describe(2383)
        'Recolonize'
        """
        name, k = self.block_of(index)
        if name != "PlaceTile":
            return self.full.describe(index)
        rank, rotation = divmod(k, 6)
        return f"PlaceTile on placement rank {rank}, rotation {rotation}"


def _build(num_players: int, rules: Rules, tiles: TileSet) -> CompactEncoding:
    return CompactEncoding(ActionEncoding.for_game(num_players, rules, tiles))


_CACHE: PerGame[CompactEncoding] = PerGame(_build)


def compact_for_game(
    num_players: int, rules: Rules = DEFAULT_RULES, tiles: TileSet = STANDARD_TILES
) -> CompactEncoding:
    """The compact encoding for these settings (cached)."""
    return _CACHE.get(num_players, rules, tiles)


def compact_for_state(state: GameState) -> CompactEncoding:
    """The compact encoding of the game ``state`` belongs to (cached)."""
    if not isinstance(state, GameState):
        raise SettingsError(f"state must be a GameState, not {shown(state)}")
    return _CACHE.for_config(state.config)
