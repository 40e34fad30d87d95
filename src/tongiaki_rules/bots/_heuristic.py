"""How promising a position is for each seat: the evaluation the bots share.

A seat scores the printed value of every island it is present on, so the
evaluation starts from that and adds what a player of Tongiaki looks at
besides the points already on the table:

* **Security.** Presence on an ordinary island can sail away with a full
  beach; presence on several of its beaches is safer, and a king on a royal
  island keeps its points for good (nothing changes on a royal island).
* **Reach.** Boats on an island are what the next expansion doubles, up to
  one per beach; a seat alone on an island may still make it royal, while it
  has foundings left.
* **Boats under way.** A group that is landing brings presence to every
  colour in it; a group at sea needs an island to come up, and as many
  distinct colours as the number on each ocean route it meets, so diverse
  groups are worth more.

Near the end (when one kind of tile is almost out of the pile) these extra
terms fade, and at the end the evaluation is the score itself.
:func:`seat_values` rates a position per seat, :func:`advantage` gives one
seat's lead over its rivals, and :func:`win_chances` turns values into
shares of one win, for searches. :class:`Evaluation` rates many positions
that follow from one position quickly, by reusing what did not change.

>>> from tongiaki_rules import new_game
>>> values = seat_values(new_game(2))
>>> values[0] == values[1]
True
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from functools import reduce
from itertools import accumulate, compress
from operator import add, is_not
from typing import Any

import attrs

from .._state import GameState, IslandView
from ..actions import Action, Expand, ExpandFromBoard, FoundRoyal, PlaceNewBoats
from ..hexgrid import Hex
from ..views import Phase
from ._tables import (
    Beaches,
    by_seat,
    column_sums,
    seat_totals,
    seat_values_of,
    table_for,
    underway_in,
)

_OVER = int(Phase.OVER)
_TURN = int(Phase.TURN)

__all__ = [
    "DEFAULT_WEIGHTS",
    "Evaluation",
    "Weights",
    "advantage",
    "island_terms",
    "seat_values",
    "win_chances",
]


@attrs.frozen(slots=True)
class Weights:
    """The weights of the evaluation, in points of score (fractions of an island's value).

    >>> Weights(boat=0.2).boat
    0.2
    """

    presence: float = 1.2
    """Share of an ordinary island's value for a colour present on one of its beaches."""
    spread: float = 0.3
    """Extra share for each further beach of the island the colour is on (two at most)."""
    royal: float = 1.2
    """Share of a royal island's value for its king: the points are safe."""
    boat: float = 0.5
    """Per own boat on an ordinary island, up to one per beach: what an expansion doubles."""
    alone: float = 0.4
    """Share of the value of an island a colour holds alone and may still make royal."""
    at_sea: float = 0.8
    """Share of the expected island value for each colour in a group at sea."""
    landing: float = 0.95
    """Share of the island's value for each colour of a landing group not yet there."""
    reserve: float = 0.05
    """Per boat in the reserve, up to ``reserve_cap`` boats: boats to expand with."""
    reserve_cap: int = 15
    """Reserve boats beyond this many add nothing."""
    endgame: float = 4.0
    """The extra terms fade over the last this-many tiles of the scarcer kind."""
    rivalry: float = 0.5
    """In :func:`advantage`: weight of the best rival against the mean of the others."""
    temperature: float = 3.0
    """In :func:`win_chances`: a lead of this many points makes a seat e times likelier to win."""


DEFAULT_WEIGHTS = Weights()
"""The weights the greedy and MCTS bots use."""


def island_terms(
    view: IslandView,
    colours: int,
    may_found: Sequence[bool],
    weights: Weights = DEFAULT_WEIGHTS,
) -> tuple[tuple[float, ...], tuple[float, ...]]:
    """What one island is worth to each colour: ``(full terms, points on the table)``.

    The first tuple is the island's part of the evaluation in mid-game, the
    second the points it gives each colour right now; the evaluation moves
    from the first to the second as the end comes near.

    >>> from tongiaki_rules import new_game
    >>> state = new_game(2)
    >>> island_terms(state.islands[0], 2, (True, True))  # Tonga: worth no points
    ((0.0, 0.0), (0.0, 0.0))
    """
    value = float(view.tile.value)
    terms = [0.0] * colours
    points = [0.0] * colours
    if view.is_royal:
        king = view.king
        if king is not None and king < colours:
            terms[king] = value * weights.royal
            points[king] = value
        return tuple(terms), tuple(points)
    boats = [0] * colours
    beaches_on = [0] * colours
    for beach in view.beaches:
        last = -1
        for boat in beach.boats:  # slots are filled in colour order
            boats[boat] += 1
            if boat != last:
                beaches_on[boat] += 1
                last = boat
    cap = len(view.beaches)
    present = 0
    for c in range(colours):
        if boats[c]:
            present += 1
            share = weights.presence + weights.spread * min(beaches_on[c] - 1, 2)
            terms[c] = value * share + weights.boat * min(boats[c], cap)
            points[c] = value
    if present == 1 and value and not view.tile.is_start:
        owner = boats.index(max(boats))
        if may_found[owner]:
            terms[owner] += weights.alone * value
    return tuple(terms), tuple(points)


_UNKNOWN: tuple[float, ...] = ()
"""Marks a part not looked at yet in the caches that also hold ``None``."""


class Evaluation:
    """The evaluation of a position, ready to rate the positions its actions lead to.

    ``Evaluation(state).after(action, state.apply(action))`` gives the same
    values as ``seat_values(state.apply(action))``. :meth:`predict` gives
    them without applying the action when it is a turn action that fills no
    beach: such an action only changes one island (two when a boat moves
    from the board) and a reserve, so only those are looked at again.

    The evaluation reads the state's compact fields, not its views, and
    keeps the parts of the islands it rated in a :class:`.tables.Table`
    shared by every state of the game.

    >>> from tongiaki_rules import new_game
    >>> state = new_game(2)
    >>> evaluation = Evaluation(state)
    >>> action = state.legal_actions()[0]
    >>> evaluation.after(action, state.apply(action)) == seat_values(state.apply(action))
    True
    """

    __slots__ = (
        "_before",
        "_changed",
        "_colour",
        "_columns",
        "_deltas",
        "_fade",
        "_island_at",
        "_island_ks",
        "_islands",
        "_listed",
        "_may_found",
        "_ordinal",
        "_parts",
        "_still",
        "_table",
        "_turn",
        "_values",
        "_view",
        "state",
        "weights",
    )

    def __init__(self, state: GameState, weights: Weights = DEFAULT_WEIGHTS) -> None:
        self.state = state
        self.weights = weights
        table = table_for(state.config, weights)
        self._table = table
        view = state.compact
        self._view = view
        self._before: tuple[Any, ...] | None = None  # the view's fields applied() compares
        self._may_found = tuple(n < 2 for n in view.founded)
        self._parts: dict[Hex, tuple[float, ...]] = {}
        self._island_at: dict[Hex, int] = {}
        self._island_ks: list[int] = []
        self._listed: list[tuple[float, ...]] = []  # the islands' parts, in the order of the tiles
        self._ordinal: list[int] = []  # per tile, its place in that list (-1: not an island)
        # the parts per colour, and the sums of each column's first entries, when asked for
        self._columns: list[tuple[list[float], list[float]]] | None = None
        self._changed: dict[tuple[Hex, tuple[int, ...]], tuple[float, ...] | None] = {}
        self._deltas: dict[tuple[Hex, int, int], tuple[float, ...] | None] = {}
        self._values: tuple[float, ...] | None = None
        self._still: list[float] | None = None
        self._turn = view.phase == _TURN
        self._colour = view.agent
        if view.phase == _OVER:
            self._fade = 0.0
            self._islands = [0.0] * table.colours
            self._values = tuple(float(s) for s in state.scores())
            return
        self._fade = 0.0 if view.ended else table.pile(view.pile)[0]
        self._islands = self._rate_islands()

    def _rate_islands(self) -> list[float]:
        """Every island's part, and their sums per colour (in the order of the tiles).

        Which tiles are islands, and where, is the table's layout of the tiles
        (:meth:`.tables.Table.layout`, shared by the positions with the same
        tiles object); the parts are rated island by island in that order.
        """
        table = self._table
        part_of = table.part
        may_found = self._may_found
        fade = self._fade
        view = self._view
        boats, kings = view.boats, view.kings
        island_at, island_ks, kinds, ordinal = table.layout(view.tiles)
        self._island_at = island_at
        self._island_ks = island_ks
        self._ordinal = ordinal
        listed = [
            part_of(t, boats[k], kings[k], may_found, fade)
            for k, t in zip(island_ks, kinds, strict=True)
        ]
        self._listed = listed
        self._parts = dict(zip(island_at, listed, strict=True))
        return column_sums(listed, table.colours)

    def values(self) -> tuple[float, ...]:
        """The evaluation of each seat in this position."""
        if self._values is None:
            self._values = seat_values_of(
                self.state, self._table, self._islands, self._fade, self._may_found
            )
        return self._values

    def after(self, action: Action, result: GameState) -> tuple[float, ...]:
        """The evaluation of ``result``, the position ``action`` leads to from this one."""
        predicted = self.predict(action)
        if predicted is not None:
            return predicted
        return self.applied(result)

    def applied(self, result: GameState) -> tuple[float, ...]:
        """The evaluation of ``result``, a position an action leads to from this one.

        What :meth:`after` gives when :meth:`predict` cannot: the islands
        whose boats did not move keep the parts rated here.

        >>> from tongiaki_rules import new_game
        >>> state = new_game(2)
        >>> result = state.apply(state.legal_actions()[0])
        >>> Evaluation(state).applied(result) == seat_values(result)
        True
        """
        table = self._table
        before = self._before
        if before is None:  # this position's fields, read once
            view = self._view
            before = self._before = (
                view.tiles,
                view.kings,
                view.pile,
                view.ended,
                view.founded,
                view.boats,
            )
        old_tiles, old_kings, old_pile, old_ended, old_founded, old = before
        after = result.compact
        tiles = after.tiles
        kings = after.kings
        if (
            after.phase == _OVER
            or not self._island_ks
            or tiles is not old_tiles
            or kings is not old_kings
        ):
            return Evaluation(result, self.weights).values()
        ended = after.ended
        pile = after.pile
        if pile is old_pile and ended == old_ended:
            fade = self._fade  # the same pile: the same look-up
        else:
            fade = 0.0 if ended else table.pile(pile)[0]
        founded = after.founded
        may_found = self._may_found if founded is old_founded else tuple(n < 2 for n in founded)
        if fade != self._fade or may_found != self._may_found:
            return Evaluation(result, self.weights).values()
        # the islands' parts in the order of the tiles, the moved ones rated again, and their
        # sums per colour: the columns of this position's parts, copied, with the moved
        # islands' entries replaced, each added up from 0.0 in that order (column_sums)
        ordinal = self._ordinal
        boats = after.boats
        part_of = table.part
        moved = [
            (n, part_of(tiles[k][1], boats[k], kings[k], may_found, fade))
            for k in compress(range(len(boats)), map(is_not, boats, old))
            if (n := ordinal[k]) >= 0
        ]
        islands = self._sums_with(moved)
        # seat_values_of(result, ...), from the view read here
        coming = underway_in(after, table, fade, may_found)
        return seat_totals(table, islands, fade, after.reserve, coming)

    def _sums_with(self, moved: list[tuple[int, tuple[float, ...]]]) -> list[float]:
        """Per colour, the sum of the islands' parts in the order of the tiles, from 0.0, with
        the parts of ``moved`` (``(place among the islands, part)``, in that order) in place
        of this position's.

        The very additions :func:`.tables.column_sums` makes of the list with
        those entries replaced: the sum of the entries before the first
        moved one is this position's (kept per place, from 0.0), and the
        additions go on from there in the same order.
        """
        prefixed = self._columns
        if prefixed is None:
            columns = [list(column) for column in zip(*self._listed, strict=True)]
            prefixed = self._columns = [
                (column, list(accumulate(column, add, initial=0.0))) for column in columns
            ]
        if not moved:
            return [sums[-1] for _column, sums in prefixed]
        if len(moved) == 1:
            ((n, part),) = moved
            return [
                reduce(add, column[n + 1 :], sums[n] + value)
                for (column, sums), value in zip(prefixed, part, strict=True)
            ]
        first = moved[0][0]
        totals: list[float] = []
        for c, (column, sums) in enumerate(prefixed):
            total = sums[first]
            start = first
            for n, part in moved:
                total = reduce(add, column[start:n], total) + part[c]
                start = n + 1
            totals.append(reduce(add, column[start:], total))
        return totals

    def _still_with(
        self, changes: Sequence[tuple[int, Beaches]], reserve: Sequence[int]
    ) -> tuple[float, ...]:
        """What :meth:`applied` gives for this position with the boats of a few islands changed.

        ``changes`` are ``(tile index, beaches)`` of islands, ``reserve`` the
        reserves. The position is otherwise this one: the same tiles, kings,
        pile and foundings, and nothing under way (no group); a departure
        decision right after a turn action that filled a beach is such a
        position.
        The islands' columns are added up in the order of the tiles, as in
        :meth:`applied`, and nothing under way adds ``0.0`` to each colour.
        """
        table = self._table
        fade = self._fade
        may_found = self._may_found
        view = self._view
        ordinal = self._ordinal
        moved = {
            ordinal[k]: table.part(view.tiles[k][1], beaches, view.kings[k], may_found, fade)
            for k, beaches in changes
        }
        islands = self._sums_with(sorted(moved.items()))
        return seat_totals(table, islands, fade, reserve, [0.0] * table.colours)

    def predict(self, action: Action) -> tuple[float, ...] | None:
        """The evaluation after a turn action that fills no beach, without applying it.

        Returns ``None`` for any other action.
        """
        if not self._turn:
            return None
        colour = self._colour
        if type(action) is ExpandFromBoard and action.source != action.island:
            assert isinstance(action, ExpandFromBoard)
            return self._predict_move(action, colour)
        change = self._changes(action, colour)
        if change is None:
            return None
        parts, returned = change
        totals = list(self._still_totals())
        colours = range(self._table.colours)
        for position, part in parts:
            old = self._parts[position]
            for c in colours:
                totals[c] += part[c] - old[c]
        boats = self._view.reserve[colour]
        totals[colour] += self._fade * (
            self._reserve_value(boats + returned) - self._reserve_value(boats)
        )
        return by_seat(self._table, totals)

    def _still_totals(self) -> list[float]:
        """The islands' and reserves' part of the values, per colour (nothing under way)."""
        still = self._still
        if still is None:
            fade = self._fade
            reserve = self._view.reserve
            still = [
                x + fade * self._reserve_value(reserve[c]) for c, x in enumerate(self._islands)
            ]
            self._still = still
        return still

    def _predict_move(self, action: ExpandFromBoard, colour: int) -> tuple[float, ...] | None:
        """:meth:`predict` for a boat moved from one island to another (the reserve is empty)."""
        deltas = self._deltas
        arrive = deltas.get((action.island, action.beach, 1), _UNKNOWN)
        if arrive is _UNKNOWN:
            arrive = self._delta(action.island, action.beach, 1, colour)
        leave = deltas.get((action.source, action.source_beach, -1), _UNKNOWN)
        if leave is _UNKNOWN:
            leave = self._delta(action.source, action.source_beach, -1, colour)
        if arrive is None or leave is None:
            return None
        # x + (part - old part) for each island; the reserve does not change (its term adds 0.0)
        return by_seat(
            self._table,
            [x + a + b for x, a, b in zip(self._still_totals(), arrive, leave, strict=True)],
        )

    def _delta(self, position: Hex, beach: int, n: int, colour: int) -> tuple[float, ...] | None:
        """How the part of the island at ``position`` changes with ``n`` boats more on ``beach``.

        ``None`` if there is no island there or the boats would fill the beach.
        """
        delta: tuple[float, ...] | None = None
        island = self._island(position)
        if island is not None:
            added = [0] * len(island[1])
            added[beach] = n
            change = self._beach_change(position, colour, tuple(added))
            if change is not None:
                old = self._parts[position]
                delta = tuple(p - o for p, o in zip(change[1], old, strict=True))
        self._deltas[(position, beach, n)] = delta
        return delta

    def _reserve_value(self, boats: int) -> float:
        return self.weights.reserve * min(boats, self.weights.reserve_cap)

    def _island(self, position: Hex) -> tuple[int, Beaches] | None:
        """The tile and beaches of the island at ``position`` (``None`` if there is none)."""
        k = self._island_at.get(position)
        if k is None:
            return None
        view = self._view
        return view.tiles[k][1], view.boats[k]

    def _beach_change(
        self, position: Hex, colour: int, added: tuple[int, ...]
    ) -> tuple[Hex, tuple[float, ...]] | None:
        """An island with ``added[b]`` more boats of ``colour`` on each beach ``b``.

        ``None`` if that fills a beach (the boats would sail).
        """
        key = (position, (colour, *added))
        changed = self._changed
        part = changed.get(key, _UNKNOWN)
        if part is _UNKNOWN:
            view = self._view
            k = self._island_at[position]
            part = self._table.part_with_boats(
                view.tiles[k][1],
                view.boats[k],
                view.kings[k],
                colour,
                added,
                self._may_found,
                self._fade,
            )
            changed[key] = part
        if part is None:
            return None
        return position, part

    def _changes(
        self, action: Action, colour: int
    ) -> tuple[list[tuple[Hex, tuple[float, ...]]], int] | None:
        """The changed islands' contributions after ``action``, and the boats it returns."""
        kind = type(action)
        if kind is Expand or kind is PlaceNewBoats:
            assert isinstance(action, Expand | PlaceNewBoats)
            island = self._island(action.island)
            if island is None:
                return None
            added = [0] * len(island[1])
            for b in action.beaches:
                added[b] += 1
            change = self._beach_change(action.island, colour, tuple(added))
            return None if change is None else ([change], -len(action.beaches))
        if kind is ExpandFromBoard:
            assert isinstance(action, ExpandFromBoard)
            return self._move_change(action, colour)
        if kind is FoundRoyal:
            assert isinstance(action, FoundRoyal)
            return self._royal_change(action, colour)
        return None

    def _move_change(
        self, action: ExpandFromBoard, colour: int
    ) -> tuple[list[tuple[Hex, tuple[float, ...]]], int] | None:
        """The islands a boat moved from the board leaves and reaches."""
        target = self._island(action.island)
        source = self._island(action.source)
        if target is None or source is None:
            return None
        added = [0] * len(target[1])
        added[action.beach] += 1
        if action.source == action.island:
            added[action.source_beach] -= 1
            change = self._beach_change(action.island, colour, tuple(added))
            return None if change is None else ([change], 0)
        taken = [0] * len(source[1])
        taken[action.source_beach] = -1
        arrive = self._beach_change(action.island, colour, tuple(added))
        leave = self._beach_change(action.source, colour, tuple(taken))
        if arrive is None or leave is None:
            return None
        return [arrive, leave], 0

    def _royal_change(
        self, action: FoundRoyal, colour: int
    ) -> tuple[list[tuple[Hex, tuple[float, ...]]], int] | None:
        """The island that becomes royal (every island, at the colour's last founding)."""
        island = self._island(action.island)
        if island is None:
            return None
        t, beaches = island
        boats = sum(beach.count(colour) for beach in beaches)
        empty = tuple(() for _ in beaches)
        table = self._table
        may_found = list(self._may_found)
        may_found[colour] = self._view.founded[colour] + 1 < 2
        if may_found[colour] == self._may_found[colour]:
            royal = table.part(t, empty, colour, self._may_found, self._fade)
            return [(action.island, royal)], boats - 1
        # the last founding: no other island of this colour may become royal any more
        now = tuple(may_found)
        view = self._view
        changes = [
            (
                pos,
                table.part(t, empty, colour, now, self._fade)
                if pos == action.island
                else table.part(kind, other, king, now, self._fade),
            )
            for (pos, kind, _r), other, king in zip(view.tiles, view.boats, view.kings, strict=True)
            if pos in self._parts
        ]
        return changes, boats - 1


def seat_values(state: GameState, weights: Weights = DEFAULT_WEIGHTS) -> tuple[float, ...]:
    """The evaluation of each seat (the sum over its colours); the score once the game is over.

    >>> from tongiaki_rules import play_random_game
    >>> final = play_random_game(2, seed=3)[-1]
    >>> seat_values(final) == tuple(float(s) for s in final.scores())
    True
    """
    return Evaluation(state, weights).values()


def advantage(values: Sequence[float], seat: int, weights: Weights = DEFAULT_WEIGHTS) -> float:
    """How far ``seat`` leads: its value minus a blend of the best rival's and the rivals' mean.

    >>> advantage((10.0, 6.0, 4.0), 0, Weights(rivalry=1.0))
    4.0
    """
    others = [v for k, v in enumerate(values) if k != seat]
    if not others:
        return values[seat]
    rival = weights.rivalry * max(others) + (1.0 - weights.rivalry) * sum(others) / len(others)
    return values[seat] - rival


def win_chances(values: Sequence[float], weights: Weights = DEFAULT_WEIGHTS) -> tuple[float, ...]:
    """Shares of one win, each in [0, 1] and summing to 1: a softmax of the seat values.

    >>> win_chances((4.0, 4.0))
    (0.5, 0.5)
    """
    top = max(values)
    scaled = [math.exp((v - top) / weights.temperature) for v in values]
    total = sum(scaled)
    return tuple(s / total for s in scaled)
