"""A fixed integer encoding of actions, for learning agents and game frameworks.

For a given number of players, rules and tile set, every action that can ever
be legal has one index in ``range(size)``, and every index names at most one
action in any state. Chance outcomes (:class:`~tongiaki_rules.actions.Draw`)
have their own small range, ``range(chance_size)``.

>>> from tongiaki_rules import new_game
>>> state = new_game(3)
>>> encoding = ActionEncoding.for_state(state)
>>> encoding.size, encoding.chance_size
(20452, 31)
>>> encoding.legal_indices(state)
[0, 1, 2, 3, 4, 5]
>>> encoding.decode(state, 4)
SetupPlace(beach=4)
>>> encoding.describe(2383)
'Recolonize'

The layout (``ENCODING_VERSION`` 1) is a sequence of blocks, one per action
type. Islands are named by *island slot*: the island kinds of the tile set in
the order of :attr:`TileSet.kinds <tongiaki_rules.tiles.TileSet.kinds>` (the
start island first), with one slot per copy of a kind; the copies of a kind on
the table take its slots in the order they were placed. A *beach slot* is one
beach of one island slot, in the same order. Hexes are numbered ring by ring
around Tonga (see :func:`disc_cells`). With ``I`` island slots, ``B`` beach
slots, ``C = 6`` colours (all of them, so that no index depends on the
number of players), ``M`` the most beaches of any island, ``T`` the
beaches of the start island and ``n_s`` the beaches of island slot ``s``:

=================  ==============================  ======================================
block              length                          index within the block
=================  ==============================  ======================================
SetupPlace         ``T``                           ``beach``
Expand             ``sum(2**n_s - 1)``             slot offset + beach bitmask - 1
ExpandFromBoard    ``B * B``                       ``target beach slot * B + source slot``
FoundRoyal         ``I``                           ``island slot``
Recolonize         ``1``                           ``0``
PlaceNewBoats      ``B + T * (T + 1) / 2``         one boat: beach slot; two on the start
                                                   island: ``B`` + rank of the sorted pair
Depart             ``I * 6``                       ``island slot * 6 + printed jetty edge``
Berth              ``C * M``                       ``colour * M + beach``
ReturnBoat         ``C``                           ``colour``
PlaceTile          ``6 * cells``                   ``cell * 6 + rotation``
=================  ==============================  ======================================

A departure is named by the printed (local) edge of its jetty, which also
fixes the beach; the board direction is that edge turned by the island's
rotation. Berth and ReturnBoat use absolute colours (blue is 0); the island
being landed on is the pending one. Any change to this layout is a new
``ENCODING_VERSION``.
"""

from __future__ import annotations

from itertools import repeat
from operator import is_
from typing import TYPE_CHECKING, Any, Final, Literal, cast, overload

import attrs

from ._disc import MAX_DISC_RADIUS, disc_cells, placement_radius
from ._encoding_base import BLOCKS, _EncodingBase
from ._encoding_blocks import (
    _ENCODERS,
    _Context,
    _equal_legal_action,
    _pair_rank,
    _place,
    describe_index,
)
from ._pergame import PerGame, check_settings, index_problem
from ._standard_tiles import STANDARD_TILES
from ._state import DEFAULT_RULES, GameConfig, GameState
from .actions import Action, Draw, ExpandFromBoard, PlaceTile
from .colours import COLOURS
from .errors import IllegalActionError, InvalidPositionError, SettingsError, shown
from .hexgrid import Hex
from .rules import Rules
from .tiles import IslandTile, TileSet

if TYPE_CHECKING:
    from .encoding_compact import CompactEncoding

__all__ = [
    "ENCODING_VERSION",
    "MAX_DISC_RADIUS",
    "ActionEncoding",
    "disc_cells",
    "placement_radius",
]

ENCODING_VERSION: Final = 1
"""Version of the index layout; any change to the layout gets a new number."""

_NOTHING: Final = object()
"""Stands for "no state indexed yet" in the cache of the last state."""


@attrs.frozen(slots=True, eq=False, repr=False)
class ActionEncoding(_EncodingBase):
    """The index layout for one number of players, rules and tile set.

    Build it with :meth:`for_game` or :meth:`for_state` (both cached: the
    same settings give the same object). Masks and indices are computed
    from :meth:`GameState.legal_actions`, so they always agree with it.

    >>> from tongiaki_rules import new_game
    >>> encoding = ActionEncoding.for_game(2)
    >>> encoding.version, encoding.size
    (1, 20452)
    >>> encoding is ActionEncoding.for_state(new_game(2))
    True
    """

    num_players: int
    rules: Rules
    tiles: TileSet
    version: int = attrs.field(init=False)
    """The layout version, :data:`ENCODING_VERSION`."""
    size: int = attrs.field(init=False)
    """Number of action indices: every decision index is in ``range(size)``."""
    chance_size: int = attrs.field(init=False)
    """Number of chance indices: one per tile kind of the pile."""
    radius: int = attrs.field(init=False)
    """The radius of the disc of hexes that PlaceTile indices cover."""
    colours: int = attrs.field(init=False)
    """Colours the Berth and ReturnBoat blocks cover: always all six (blue is 0)."""
    offsets: dict[str, int] = attrs.field(init=False)
    """First index of each block, by action type name (in :data:`BLOCKS` order)."""
    lengths: dict[str, int] = attrs.field(init=False)
    """Number of indices of each block, by action type name."""
    island_slots: tuple[tuple[int, int], ...] = attrs.field(init=False)
    """Each island slot as ``(tile kind index, copy number)``."""
    beach_offsets: tuple[int, ...] = attrs.field(init=False)
    """The first beach slot of each island slot (its beach ``b`` is that plus ``b``)."""
    cells: tuple[Hex, ...] = attrs.field(init=False)
    """The hexes of the PlaceTile block, in cell order (see :func:`disc_cells`)."""
    _slot_of_kind: tuple[int, ...] = attrs.field(init=False, alias="_slot_of_kind")
    _copies: tuple[int, ...] = attrs.field(init=False, alias="_copies")
    _expand_base: tuple[int, ...] = attrs.field(init=False, alias="_expand_base")
    _cell_of: dict[Hex, int] = attrs.field(init=False, alias="_cell_of")
    _pairs: dict[tuple[int, ...], int] = attrs.field(init=False, alias="_pairs")
    _pair_list: tuple[tuple[int, ...], ...] = attrs.field(init=False, alias="_pair_list")
    _max_beaches: int = attrs.field(init=False, alias="_max_beaches")
    _single: bool = attrs.field(init=False, alias="_single")
    _beach_count: int = attrs.field(init=False, alias="_beach_count")
    _last: list[Any] = attrs.field(init=False, alias="_last")
    """``[(state, indices), config]``: the last state indexed and the last game config checked."""

    def __attrs_post_init__(self) -> None:
        check_settings(self.num_players, self.rules, self.tiles)
        ts = self.tiles
        config = GameConfig.make(self.num_players, self.rules, ts, 0)  # validates the settings
        set_ = object.__setattr__
        copies = [0] * len(ts.kinds)
        copies[0] = 1
        for t in ts.pile_indices:
            copies[t] += 1
        slots: list[tuple[int, int]] = []
        slot_of_kind = [-1] * len(ts.kinds)
        for t, tile in enumerate(ts.kinds):
            if isinstance(tile, IslandTile):
                slot_of_kind[t] = len(slots)
                slots.extend((t, c) for c in range(copies[t]))
        beach_base: list[int] = []
        expand_base: list[int] = []
        beaches = 0
        expands = 0
        for t, _c in slots:
            n = len(ts.slots[t])
            beach_base.append(beaches)
            expand_base.append(expands)
            beaches += n
            expands += 2**n - 1
        start_beaches = len(ts.slots[0])
        max_beaches = max(len(ts.slots[t]) for t, _c in slots)
        del config
        colours = len(COLOURS)  # all six, so no index depends on the player count
        radius = placement_radius(self.rules, ts)
        if radius > MAX_DISC_RADIUS:
            raise SettingsError(
                f"tiles: a pile of {len(ts.pile)} tiles can spread {radius} hexes from Tonga, "
                f"more than the {MAX_DISC_RADIUS} the encoding covers"
            )
        cells = disc_cells(radius)
        pairs = _pair_rank(start_beaches)
        lengths = {
            "SetupPlace": start_beaches,
            "Expand": expands,
            "ExpandFromBoard": beaches * beaches,
            "FoundRoyal": len(slots),
            "Recolonize": 1,
            "PlaceNewBoats": beaches + len(pairs),
            "Depart": 6 * len(slots),
            "Berth": colours * max_beaches,
            "ReturnBoat": colours,
            "PlaceTile": 6 * len(cells),
        }
        offsets: dict[str, int] = {}
        total = 0
        for name in BLOCKS:
            offsets[name] = total
            total += lengths[name]
        set_(self, "version", ENCODING_VERSION)
        set_(self, "size", total)
        set_(self, "chance_size", len(ts.kinds) - 1)
        set_(self, "radius", radius)
        set_(self, "colours", colours)
        set_(self, "offsets", offsets)
        set_(self, "lengths", lengths)
        set_(self, "island_slots", tuple(slots))
        set_(self, "cells", cells)
        set_(self, "_slot_of_kind", tuple(slot_of_kind))
        set_(self, "_copies", tuple(copies))
        set_(self, "beach_offsets", tuple(beach_base))
        set_(self, "_expand_base", tuple(expand_base))
        set_(self, "_cell_of", {pos: k for k, pos in enumerate(cells)})
        set_(self, "_pairs", pairs)
        set_(self, "_pair_list", tuple(pairs))
        set_(self, "_max_beaches", max_beaches)
        set_(self, "_single", all(copies[t] == 1 for t, _c in slots))
        set_(self, "_beach_count", beaches)
        set_(self, "_last", [(_NOTHING, None), None])

    # ------------------------------------------------------------ construction
    @overload
    @classmethod
    def for_game(
        cls,
        num_players: int,
        rules: Rules = ...,
        tiles: TileSet = ...,
        *,
        actions: Literal["full"] = ...,
    ) -> ActionEncoding: ...
    @overload
    @classmethod
    def for_game(
        cls, num_players: int, rules: Rules = ..., tiles: TileSet = ..., *, actions: str
    ) -> ActionEncoding | CompactEncoding: ...
    @classmethod
    def for_game(
        cls,
        num_players: int,
        rules: Rules = DEFAULT_RULES,
        tiles: TileSet = STANDARD_TILES,
        *,
        actions: str = "full",
    ) -> ActionEncoding | CompactEncoding:
        """The encoding for these settings (cached); ``actions="compact"`` gives the compact one.

        Raises :class:`~tongiaki_rules.errors.SettingsError` naming the
        argument for impossible settings: a player count that is not an int
        from 2 to 6 (a bool is not one), rules that are not :class:`Rules`,
        tiles that are not a :class:`TileSet`, ``actions`` neither
        ``"full"`` nor ``"compact"``
        (see :class:`~tongiaki_rules.encoding_compact.CompactEncoding`).

        >>> ActionEncoding.for_game(6).size, ActionEncoding.for_game(6, actions="compact").size
        (20452, 3706)
        """
        if _full(actions):
            return _CACHE.get(num_players, rules, tiles)
        from .encoding_compact import compact_for_game

        return compact_for_game(num_players, rules, tiles)

    @overload
    @classmethod
    def for_state(cls, state: GameState, *, actions: Literal["full"] = ...) -> ActionEncoding: ...
    @overload
    @classmethod
    def for_state(cls, state: GameState, *, actions: str) -> ActionEncoding | CompactEncoding: ...
    @classmethod
    def for_state(
        cls, state: GameState, *, actions: str = "full"
    ) -> ActionEncoding | CompactEncoding:
        """The encoding for the game ``state`` belongs to (``actions`` as in :meth:`for_game`).

        >>> from tongiaki_rules import new_game
        >>> ActionEncoding.for_state(new_game(4)) is ActionEncoding.for_game(4)
        True

        Raises :class:`~tongiaki_rules.errors.SettingsError` naming ``state``
        if it is not a :class:`~tongiaki_rules.GameState`, and naming
        ``actions`` as :meth:`for_game` does.
        """
        if not isinstance(state, GameState):
            raise SettingsError(f"state must be a GameState, not {shown(state)}")
        if _full(actions):
            return _CACHE.for_config(state.config)
        from .encoding_compact import compact_for_state

        return compact_for_state(state)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, ActionEncoding):
            return NotImplemented
        return self is other or (
            self.num_players == other.num_players
            and self.rules == other.rules
            and self.tiles == other.tiles
        )

    def __hash__(self) -> int:
        return hash((self.num_players, self.rules, self.tiles))

    # ------------------------------------------------------------ states
    def _check_game(self, state: GameState) -> None:
        config = state.config
        if config.num_players != self.num_players or config.tiles != self.tiles:
            raise SettingsError(f"state: {self!r} does not fit a {config.num_players}-player game")
        if config.rules != self.rules:
            raise SettingsError(f"state: {self!r} does not fit a game with other rules")

    def _check(self, state: GameState) -> None:
        """Refuse what is not a state of this game (``InvalidPositionError``, ``SettingsError``)."""
        if not isinstance(state, GameState):
            raise InvalidPositionError(f"state must be a GameState, not {shown(state)}")
        last = self._last
        if state.config is not last[1]:
            self._check_game(state)
            last[1] = state.config

    def _island_slots_of(self, state: GameState) -> dict[Hex, int]:
        """Island slot of each island on the table of ``state``, by position."""
        slot_of_kind = self._slot_of_kind
        if self._single:  # one copy of each island kind: the kind names the slot
            return {
                pos: slot_of_kind[t] for pos, t, _r in state.compact.tiles if slot_of_kind[t] >= 0
            }
        copies = self._copies
        result: dict[Hex, int] = {}
        seen: dict[int, int] = {}
        for pos, t, _rot in state.compact.tiles:
            base = slot_of_kind[t]
            if base < 0:
                continue
            if copies[t] == 1:
                result[pos] = base
            else:
                rank = seen.get(t, 0)
                seen[t] = rank + 1
                result[pos] = base + rank
        return result

    def _indices_in_order(self, state: GameState) -> list[int]:
        """Index of each legal action, in the order of ``state.legal_actions()``."""
        seen, known = self._last[0]
        if seen is state:
            cached: list[int] = known
            return cached
        self._check(state)
        legal = state.legal_actions()
        if not legal:
            indices: list[int] = []
        elif type(legal[0]) is PlaceTile:  # the long lists: a free placement
            base = self.offsets["PlaceTile"]
            cell_of = self._cell_of
            places = cast("list[PlaceTile]", legal)
            try:
                indices = [base + 6 * cell_of[a.position] + a.rotation for a in places]
            except KeyError:
                indices = []
            if len(indices) != len(places):
                context = _Context(self, state)
                indices = [_place(context, a) for a in places]  # raises, naming the hex
        else:
            context = _Context(self, state)
            encoders = _ENCODERS
            indices = []
            add = indices.append
            slots = context.slots
            beach = self.beach_offsets
            width = self._beach_count
            moves = self.offsets["ExpandFromBoard"]
            for a in legal:
                if type(a) is ExpandFromBoard:  # many of them with an empty reserve: inline
                    target = beach[slots[a.island]] + a.beach
                    add(moves + target * width + beach[slots[a.source]] + a.source_beach)
                else:
                    add(encoders[type(a)](context, a))
        self._last[0] = (state, indices)  # one store, so threads never mix the pair
        return indices

    # ------------------------------------------------------------ the API
    def encode(self, state: GameState, action: Action) -> int:
        """The index of ``action``, which must be legal in ``state``.

        Raises :class:`~tongiaki_rules.errors.IllegalActionError` (naming the
        rule) if it is not, also for an action equal to a legal one only
        through Python's loose equality (``SetupPlace(True)``,
        ``SetupPlace(1.0)``), and
        :class:`~tongiaki_rules.errors.InvalidPositionError` if ``state`` is
        not a :class:`~tongiaki_rules.GameState`.

        >>> from tongiaki_rules import new_game
        >>> ActionEncoding.for_game(2).encode(new_game(2), SetupPlace(3))
        3
        """
        if not isinstance(state, GameState):
            raise InvalidPositionError(f"state must be a GameState, not {shown(state)}")
        legal = state.legal_actions()
        k = next((k for k, same in enumerate(map(is_, legal, repeat(action))) if same), -1)
        if k < 0:
            k = _equal_legal_action(state, legal, action)
        seen, known = self._last[0]
        if seen is state:
            cached: int = known[k]
            return cached
        self._check(state)
        found = legal[k]
        return _ENCODERS[type(found)](_Context(self, state), found)

    # ------------------------------------------------------------ chance
    def encode_chance(self, draw: Draw) -> int:
        """The chance index of a draw: its tile kind's place among the pile's kinds.

        Raises :class:`~tongiaki_rules.errors.IllegalActionError` naming
        ``draw`` if it is not a :class:`~tongiaki_rules.actions.Draw` of a
        tile of the pile.

        >>> ActionEncoding.for_game(2).encode_chance(Draw("muroroa"))
        0
        """
        is_draw = isinstance(draw, Draw) and type(draw.tile) is str
        t = self.tiles.index.get(draw.tile) if is_draw else None
        if not t:  # unknown, or the start island, which is never drawn
            raise IllegalActionError(
                f"draw: {shown(draw)} is not a draw of a pile tile of this tile set"
            )
        return t - 1

    def decode_chance(self, index: int) -> Draw:
        """The draw with this chance index.

        Raises :class:`~tongiaki_rules.errors.IllegalActionError` naming the
        index and the valid range if it is not an int in ``range(chance_size)``.

        >>> ActionEncoding.for_game(2).decode_chance(30)
        Draw(tile='ocean-p')
        """
        if type(index) is not int or not 0 <= index < self.chance_size:
            raise IllegalActionError(index_problem("chance index", index, self.chance_size))
        draw: Draw = self.tiles.draws[index + 1]
        return draw

    def chance_outcomes(self, state: GameState) -> list[tuple[int, float]]:
        """The chance indices of the possible draws with their probabilities.

        Empty unless ``state`` is a chance node.

        >>> from tongiaki_rules import ORIGIN
        >>> from tongiaki_rules import position
        >>> state = position(2, boats={(ORIGIN, 0): "BRB"}, pile=["hawaii", "ocean-a"])
        >>> ActionEncoding.for_state(state).chance_outcomes(state)
        [(13, 0.5), (15, 0.5)]
        """
        self._check(state)
        index = self.tiles.index
        return [(index[draw.tile] - 1, p) for draw, p in state.chance_outcomes()]

    # ------------------------------------------------------------ meaning
    def _block_at(self, index: int) -> tuple[str, int]:
        for name in reversed(BLOCKS):
            start = self.offsets[name]
            if index >= start and self.lengths[name]:
                return name, index - start
        raise AssertionError("unreachable")  # pragma: no cover

    def describe(self, index: int) -> str:
        """What an index means, without a state (for documentation and debugging).

        Raises :class:`~tongiaki_rules.errors.IllegalActionError` like
        :meth:`block_of` for what is not an index.

        >>> encoding = ActionEncoding.for_game(2)
        >>> encoding.describe(6 + 63 + 2)
        'Expand on Muroroa, beaches 0+1'
        >>> encoding.describe(encoding.offsets["PlaceTile"] + 6 + 3)
        'PlaceTile at (0, -1), rotation 3'
        """
        return describe_index(self, *self.block_of(index))


def _full(actions: object) -> bool:
    """``actions`` names the full layout (``SettingsError`` naming it if it is neither)."""
    if actions == "full" and type(actions) is str:
        return True
    if actions == "compact" and type(actions) is str:
        return False
    raise SettingsError(f"actions must be 'full' or 'compact', not {shown(actions)}")


_CACHE: PerGame[ActionEncoding] = PerGame(ActionEncoding)
"""``[GameConfig, ActionEncoding]`` of the last :meth:`ActionEncoding.for_state` call."""
