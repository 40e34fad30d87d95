"""Observation vectors as float32 numpy arrays, for the adapters.

:class:`ObservationArrays` gives the very values of
``numpy.array(layout.observe(state, seat), numpy.float32)`` without building
the whole list each time:

- the tile sections, which change only when a tile is placed or drawn, are
  kept as an array; when the table grows, only the new tile and the pile
  and removed flags of the kinds whose counts changed are written into a
  copy of the last one (the whole list is converted only when an island
  leaves the table or another game starts);
- the beaches, royal and king sections are kept in one array for every
  seat, with colours numbered absolutely, and rewritten island by island:
  only the islands whose boats (the tuple the engine shares between a state
  and its parent while it is unchanged) or king changed since the last
  state seen. The boats on board and the points of each colour are kept up
  to date with them. Each seat takes that array through its own
  permutation of the colours, in one numpy gather;
- the short sections after them (``colour_in_play`` on) are built anew.
"""

from __future__ import annotations

from collections.abc import Iterable
from itertools import compress
from operator import is_not, ne
from typing import Any

import numpy as np

from .._state import GameState
from ..hexgrid import Hex
from ..observation import ObservationLayout, clamp, relative_colours, write_tail
from ..views import NO_KING

_Boats = tuple[tuple[int, ...], ...]
_Island = tuple[tuple[Hex, int, int], int, _Boats, int]
"""What an island's values were built from: its table entry, island slot, boats and king."""
_Share = tuple[list[int], int, int]
"""What an island adds: its boats and statue per colour, its colours (bits) and its value."""


def _cells(values: Any) -> Any:
    """A memoryview of a float32 array: it stores a float rounded as numpy does, faster."""
    return memoryview(values)


class _SeatView:
    """The array last built for one seat, and what it was built from."""

    __slots__ = ("config", "gather", "middle", "out", "rest", "state", "table")

    def __init__(self, size: int, split: int, config: object, gather: Any) -> None:
        self.config = config
        self.gather = gather
        """Where each value of the beaches and islands sections comes from in the shared array."""
        self.out = np.zeros(size, np.float32)
        self.middle = self.out[split : split + len(gather)]
        """The beaches and islands sections of ``out``."""
        self.rest = _cells(self.out)[split:]
        """The values after the tile sections, to write one by one (float32, as numpy rounds)."""
        self.state: object = None
        """The state ``out`` is the observation of."""
        self.table: object = None


class ObservationArrays:
    """Builds the float32 observation vectors of one layout.

    >>> from tongiaki_rules import new_game
    >>> layout = ObservationLayout.for_game(2)
    >>> arrays = ObservationArrays(layout)
    >>> state = new_game(2)
    >>> arrays.build(state, 1).tolist() == layout.observe(state, 1)
    True
    """

    def __init__(self, layout: ObservationLayout) -> None:
        self.layout = layout
        kinds = len(layout.tiles.kinds)
        self._table: tuple[tuple[Any, ...], object, Any, list[int], list[int]] = (
            (),
            None,
            None,
            [0] * kinds,
            [0] * kinds,
        )
        """The tiles and pile last seen, their tile sections as an array, and per kind the
        tiles on the table and in the pile."""
        by_name = layout._by_name
        self._tile_at = tuple(
            by_name[name].offset
            for name in (
                "tile_on_table",
                "tile_in_pile",
                "tile_removed",
                "tile_position",
                "tile_rotation",
            )
        )
        self._seats: dict[int, _SeatView] = {}
        self._gathers: dict[tuple[int, ...], Any] = {}
        """The gather of :meth:`_gather` for each permutation of the colours met."""
        rest = layout._rest
        self._boats_at = rest["beach_boats"]
        self._free_at = rest["beach_free"]
        self._royal_at = rest["royal"]
        self._king_at = rest["king"]
        self._middle = np.zeros(layout._tail - layout._split, np.float32)
        """The beaches and islands sections, colours numbered absolutely."""
        self._cells = _cells(self._middle)
        """``_middle``, to write one by one; it is 0 wherever no island wrote."""
        self._zeros = _cells(np.zeros(layout.size, np.float32))
        self._tail_at = layout._tail - layout._split
        self._tail_zeros = self._zeros[: layout.size - layout._tail]
        self._config: object = None
        self._tiles: tuple[tuple[Hex, int, int], ...] = ()
        self._boats: tuple[_Boats, ...] = ()
        self._kings: tuple[int, ...] = ()
        self._islands: list[_Island | None] = []
        self._shares: list[_Share | None] = []
        self._on_board: list[int] = []
        """Per colour: its boats on beaches and statues."""
        self._scores: list[int] = []
        """Per colour: the value of the islands it is on (SCORE-1/2)."""

    def build(self, state: GameState, seat: int) -> Any:
        """The observation of ``state`` from ``seat`` as a new float32 array.

        Raises the errors of :meth:`ObservationLayout.observe`.
        """
        return self.view(state, seat).copy()

    def view(self, state: GameState, seat: int) -> Any:
        """The observation of ``state`` from ``seat`` in the array kept for the seat.

        The next call for the seat may change it: copy it before handing it
        out. Raises the errors of :meth:`ObservationLayout.observe`.
        """
        found = self._seats.get(seat)
        if found is not None and found.state is state:
            return found.out
        layout = self.layout
        rel = relative_colours(state, seat)
        config = state.config
        if self._config is not config:
            if config.num_players != layout.num_players or config.tiles != layout.tiles:
                layout._observe_parts(state, seat)  # raises its error
            self._start(config, len(rel))
        island_slot = layout._island_slots(state)
        now = state.compact
        if self._boats is not now.boats or self._kings != now.kings or self._tiles is not now.tiles:
            self._update_islands(state, island_slot)
        view = self._seats.get(seat)
        if view is None or view.config is not config:
            view = _SeatView(layout.size, layout._split, config, self._gather(rel))
            self._seats[seat] = view
        out = view.out
        table = self._tile_array(state)
        if view.table is not table:
            out[: len(table)] = table
            view.table = table
        self._middle.take(view.gather, out=view.middle)
        rest = view.rest
        rest[self._tail_at :] = self._tail_zeros
        write_tail(layout, rest, state, seat, rel, island_slot, self._on_board, self._scores)
        view.state = state
        return out

    def _tile_array(self, state: GameState) -> Any:
        """The tile sections of ``state`` as an array: a new one whenever they change.

        When the table only grew (the tiles before are the very same), the
        array of the last state is copied and only what changed is written:
        the new tiles, and the pile and removed flags of the kinds whose
        count on the table or in the pile changed. Otherwise (another game,
        an island removed) the layout's list is converted whole.
        """
        view = state.compact
        tiles = view.tiles
        pile = view.pile
        seen_tiles, seen_pile, array, used, piled = self._table
        if seen_tiles is tiles and seen_pile is pile:
            return array
        layout = self.layout
        counts = [0] * len(piled)
        for t in pile:
            counts[t] += 1
        known = len(seen_tiles)
        if array is None or len(tiles) < known or any(map(is_not, seen_tiles, tiles)):
            array = np.array(layout._tile_part(state), np.float32)
            used = [0] * len(piled)
            for _pos, t, _rot in tiles:
                used[t] += 1
        else:
            array = array.copy()
            used = list(used)
            on_table, in_pile, removed, position, rotation = self._tile_at
            base = layout._tile_base
            radius = float(layout.radius)
            changed = {t for t, n in enumerate(counts) if n != piled[t]}
            for (q, r), t, rot in tiles[known:]:
                k = base[t] + used[t]
                used[t] += 1
                array[on_table + k] = 1.0
                array[position + 2 * k] = clamp(q / radius)
                array[position + 2 * k + 1] = clamp(r / radius)
                array[rotation + 6 * k + rot] = 1.0
                changed.add(t)
            copies = layout._tile_copies
            for t in changed:
                first, free, end = base[t], base[t] + used[t], base[t] + copies[t]
                array[in_pile + first : in_pile + end] = 0.0
                array[removed + first : removed + end] = 0.0
                array[in_pile + free : in_pile + free + counts[t]] = 1.0
                array[removed + free + counts[t] : removed + end] = 1.0
        self._table = (tiles, pile, array, used, counts)
        return array

    def _start(self, config: object, agents: int) -> None:
        """Forget the islands seen: the next state is of another game."""
        self._config = config
        self._middle[:] = 0.0
        self._tiles = ()
        self._boats = ()
        self._kings = ()
        self._islands = []
        self._shares = []
        self._on_board = [0] * agents
        self._scores = [0] * agents
        self._seats = {}

    def _gather(self, rel: tuple[int, ...]) -> Any:
        """Indices into the shared array: its beaches and islands sections seen with ``rel``."""
        found = self._gathers.get(rel)
        if found is not None:
            return found
        absolute = list(range(6))
        for c, k in enumerate(rel):
            absolute[k] = c
        gather = list(range(len(self._middle)))
        for at, rows in (
            (self._boats_at, self._free_at - self._boats_at),
            (self._king_at, len(self._middle) - self._king_at),
        ):
            for p in range(at, at + rows):
                row, k = divmod(p - at, 6)
                gather[p] = at + 6 * row + absolute[k]
        found = np.array(gather, np.intp)
        self._gathers[rel] = found
        return found

    def _update_islands(self, state: GameState, island_slot: dict[Hex, int]) -> None:
        """Rewrite the values of the islands that changed since the last state seen."""
        view = state.compact
        islands = self._islands
        tiles = view.tiles
        boats = view.boats
        kings = view.kings
        known = min(len(tiles), len(self._tiles))  # the islands of the last state seen
        old_tiles = self._tiles
        if old_tiles is not tiles and any(map(is_not, tiles, old_tiles)):
            which: Iterable[int] = range(len(tiles))  # not the same table plus tiles: look at all
        else:
            # only the islands whose boats tuple or king is new, and the new tiles
            which = list(compress(range(known), map(is_not, boats, self._boats)))
            if kings != self._kings or known < len(tiles):
                more = set(which)
                more.update(compress(range(known), map(ne, kings, self._kings)))
                more.update(range(known, len(tiles)))
                which = sorted(more)
        if len(islands) < len(tiles):
            grow = len(tiles) - len(islands)
            islands.extend([None] * grow)
            self._shares.extend([None] * grow)
        changed: list[int] = []
        for i in which:
            entry = tiles[i]
            beaches = boats[i]
            island = (entry, island_slot[entry[0]] if beaches else -1, beaches, kings[i])
            old = islands[i]
            if old == island:  # equal, but new objects: nothing to write
                islands[i] = island
                continue
            changed.append(i)
            if old is not None:
                self._clear(old)
                self._unshare(i)
            islands[i] = island
        for i in range(len(tiles), len(islands)):
            old = islands[i]
            if old is not None:
                self._clear(old)
                self._unshare(i)
                islands[i] = None
        for i in changed:
            self._write(i)
        self._tiles = tiles
        self._boats = boats
        self._kings = kings

    def _clear(self, island: _Island) -> None:
        """Zero the values an island wrote."""
        _entry, slot, beaches, _king = island
        if slot < 0:
            return
        cells = self._cells
        zeros = self._zeros
        first = self.layout.encoding.beach_offsets[slot]
        count = len(beaches)
        boats_at = self._boats_at + 6 * first
        cells[boats_at : boats_at + 6 * count] = zeros[: 6 * count]
        cells[self._free_at + first : self._free_at + first + count] = zeros[:count]
        cells[self._royal_at + slot] = 0.0
        cells[self._king_at + 6 * slot : self._king_at + 6 * slot + 6] = zeros[:6]

    def _unshare(self, i: int) -> None:
        """Take what island ``i`` added off the totals of boats on board and points."""
        share = self._shares[i]
        if share is None:
            return
        counts, present, value = share
        on_board = self._on_board
        scores = self._scores
        for c, n in enumerate(counts):
            on_board[c] -= n
            if present >> c & 1:
                scores[c] -= value
        self._shares[i] = None

    def _write(self, i: int) -> None:
        """Write the values of island ``i`` as :meth:`ObservationLayout.observe` does.

        The same additions in the same order, so the same floats: only the
        column of each colour differs (absolute here, relative there).
        """
        island = self._islands[i]
        assert island is not None
        (_pos, t, _rot), slot, beaches, king = island
        if slot < 0:
            return
        ts = self.layout.tiles
        agents = len(self._on_board)
        first = self.layout.encoding.beach_offsets[slot]
        sizes = ts.slots[t]
        cells = self._cells
        boats_at = self._boats_at + 6 * first
        free_at = self._free_at + first
        counts = [0] * agents
        present = 0
        for b, beach in enumerate(beaches):
            n = sizes[b]
            held = len(beach)
            if held < n:
                cells[free_at + b] = (n - held) / n
            if held == 1:
                c = beach[0]
                cells[boats_at + 6 * b + c] = 1.0 / n
                counts[c] += 1
                present |= 1 << c
            elif held:
                shares: dict[int, float] = {}
                for c in beach:  # 1/n added once per boat, as the list does
                    shares[c] = shares.get(c, 0.0) + 1.0 / n
                    counts[c] += 1
                    present |= 1 << c
                for c, share in shares.items():
                    cells[boats_at + 6 * b + c] = share
        if king != NO_KING:
            cells[self._royal_at + slot] = 1.0
            if 0 <= king < agents:
                cells[self._king_at + 6 * slot + king] = 1.0
                counts[king] += 1
                present |= 1 << king
        value = ts.values[t]
        on_board = self._on_board
        scores = self._scores
        for c, n in enumerate(counts):
            on_board[c] += n
            if present >> c & 1:
                scores[c] += value
        self._shares[i] = (counts, present, value)

    def __getstate__(self) -> dict[str, Any]:
        return {"layout": self.layout}

    def __setstate__(self, saved: dict[str, Any]) -> None:
        self.__init__(saved["layout"])  # type: ignore[misc]
