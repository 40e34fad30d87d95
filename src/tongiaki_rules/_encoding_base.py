"""What the full and the compact action encodings do the same way.

:class:`~tongiaki_rules.encoding.ActionEncoding` and
:class:`~tongiaki_rules.encoding_compact.CompactEncoding` differ only in how
they number a placed tile. Each says how it indexes the legal actions of a
state, where its blocks begin, and what an index means; this base turns that
into decoding, masks, the sorted legal indices, the block table and the repr,
with the same errors for both.

>>> from tongiaki_rules import new_game
>>> from tongiaki_rules.encoding import ActionEncoding
>>> full = ActionEncoding.for_game(2)
>>> compact = ActionEncoding.for_game(2, actions="compact")
>>> full.legal_indices(new_game(2)) == compact.legal_indices(new_game(2))
True
"""

from __future__ import annotations

from abc import abstractmethod
from typing import TYPE_CHECKING, Final

from ._pergame import index_problem
from .errors import IllegalActionError

if TYPE_CHECKING:
    from ._state import GameState
    from .actions import Action
    from .rules import Rules

__all__ = ["BLOCKS"]

BLOCKS: Final[tuple[str, ...]] = (
    "SetupPlace",
    "Expand",
    "ExpandFromBoard",
    "FoundRoyal",
    "Recolonize",
    "PlaceNewBoats",
    "Depart",
    "Berth",
    "ReturnBoat",
    "PlaceTile",
)
"""The blocks of the layout, in index order (one per action type, chance excluded)."""


class _EncodingBase:
    """The shared part of an action encoding; a subclass says what differs.

    A subclass (a frozen attrs class with slots) has the fields ``size``,
    ``offsets`` and ``lengths``, gives the settings it was built for, indexes
    the legal actions of a state (:meth:`_indices_in_order`) and says what an
    index means (:meth:`_block_at` and ``describe``).
    """

    __slots__ = ()

    size: int
    offsets: dict[str, int]
    lengths: dict[str, int]

    # ------------------------------------------------------------ what a subclass says
    @property
    @abstractmethod
    def num_players(self) -> int:
        """The number of players."""

    @property
    @abstractmethod
    def rules(self) -> Rules:
        """The rules flags."""

    @property
    @abstractmethod
    def version(self) -> int:
        """The layout version."""

    @property
    @abstractmethod
    def chance_size(self) -> int:
        """Number of chance indices."""

    @abstractmethod
    def _indices_in_order(self, state: GameState) -> list[int]:
        """Index of each legal action, in the order of ``state.legal_actions()``."""

    @abstractmethod
    def _block_at(self, index: int) -> tuple[str, int]:
        """:meth:`block_of` for an index already known to be in ``range(size)``."""

    @abstractmethod
    def describe(self, index: int) -> str:
        """What an index means, without a state."""

    # ------------------------------------------------------------ what is the same
    def __repr__(self) -> str:
        changed = self.rules.changed()
        flags = f", rules={changed}" if changed else ""
        return (
            f"<{type(self).__name__} v{self.version} for {self.num_players} players{flags}: "
            f"size {self.size}, chance_size {self.chance_size}>"
        )

    def decode(self, state: GameState, index: int) -> Action:
        """The legal action of ``state`` with this index.

        Raises :class:`~tongiaki_rules.errors.IllegalActionError` naming the
        index and what it means if no legal action has it, or the valid range
        if it is not an index at all (a bool, a float, a negative number).

        >>> from tongiaki_rules import new_game
        >>> from tongiaki_rules.encoding import ActionEncoding
        >>> ActionEncoding.for_game(2).decode(new_game(2), 5)
        SetupPlace(beach=5)
        >>> ActionEncoding.for_game(2, actions="compact").decode(new_game(2), 1)
        SetupPlace(beach=1)
        """
        if type(index) is not int:
            raise IllegalActionError(self._not_legal(state, index))
        indices = self._indices_in_order(state)
        try:
            k = indices.index(index)
        except ValueError:
            raise IllegalActionError(self._not_legal(state, index)) from None
        return state.legal_actions()[k]

    def _not_legal(self, state: GameState, index: object) -> str:
        if type(index) is not int or not 0 <= index < self.size:
            return index_problem("action index", index, self.size)
        pending = state.pending.kind.value
        return (
            f"action index {index} ({self.describe(index)}) is not legal at this {pending} decision"
        )

    def legal_indices(self, state: GameState) -> list[int]:
        """The indices of the legal actions, sorted ascending (empty at chance nodes).

        >>> from tongiaki_rules import new_game
        >>> from tongiaki_rules.encoding import ActionEncoding
        >>> ActionEncoding.for_game(2).legal_indices(new_game(2))
        [0, 1, 2, 3, 4, 5]
        """
        return sorted(self._indices_in_order(state))

    def legal_mask(self, state: GameState) -> bytes:
        """One byte per index: 1 where the action is legal, else 0 (``len == size``).

        ``numpy.frombuffer(mask, dtype=numpy.uint8)`` views it without a copy.

        >>> from tongiaki_rules import new_game
        >>> from tongiaki_rules.encoding import ActionEncoding
        >>> mask = ActionEncoding.for_game(2).legal_mask(new_game(2))
        >>> len(mask), sum(mask), mask[:7]
        (20452, 6, b'\\x01\\x01\\x01\\x01\\x01\\x01\\x00')
        """
        mask = bytearray(self.size)
        for i in self._indices_in_order(state):
            mask[i] = 1
        return bytes(mask)

    def legal_mask_list(self, state: GameState) -> list[int]:
        """The mask of :meth:`legal_mask` as a list of 0 and 1.

        >>> from tongiaki_rules import new_game
        >>> from tongiaki_rules.encoding import ActionEncoding
        >>> ActionEncoding.for_game(2).legal_mask_list(new_game(2))[4:8]
        [1, 1, 0, 0]
        """
        mask = [0] * self.size
        for i in self._indices_in_order(state):
            mask[i] = 1
        return mask

    def block_of(self, index: int) -> tuple[str, int]:
        """The block an index falls in, and its place within the block.

        Raises :class:`~tongiaki_rules.errors.IllegalActionError` naming the
        index and the valid range if it is not an int in ``range(size)``.

        >>> from tongiaki_rules.encoding import ActionEncoding
        >>> ActionEncoding.for_game(2).block_of(7)
        ('Expand', 1)
        >>> compact = ActionEncoding.for_game(2, actions="compact")
        >>> compact.block_of(compact.offsets["PlaceTile"] + 8)
        ('PlaceTile', 8)
        """
        if type(index) is not int or not 0 <= index < self.size:
            raise IllegalActionError(index_problem("action index", index, self.size))
        return self._block_at(index)

    def index_table(self) -> list[tuple[str, int, int]]:
        """The blocks as ``(action type, first index, length)``, in index order.

        >>> from tongiaki_rules.encoding import ActionEncoding
        >>> ActionEncoding.for_game(2).index_table()[:2]
        [('SetupPlace', 0, 6), ('Expand', 6, 152)]
        """
        return [(name, self.offsets[name], self.lengths[name]) for name in BLOCKS]
