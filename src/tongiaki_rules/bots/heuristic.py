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

import attrs

from ..actions import Action, Expand, ExpandFromBoard, FoundRoyal, PlaceNewBoats
from ..colours import Colour
from ..hexgrid import Hex
from ..state import BeachView, DecisionKind, GameState, IslandView
from ..tiles import IslandTile, OceanTile

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

    >>> Weights().royal > Weights().presence
    True
    """

    presence: float = 0.75
    """Share of an ordinary island's value for a colour present on one of its beaches."""
    spread: float = 0.1
    """Extra share for each further beach of the island the colour is on (two at most)."""
    royal: float = 1.0
    """Share of a royal island's value for its king: the points are safe."""
    boat: float = 0.25
    """Per own boat on an ordinary island, up to one per beach: what an expansion doubles."""
    alone: float = 0.15
    """Share of the value of an island a colour holds alone and may still make royal."""
    at_sea: float = 0.8
    """Share of the expected island value for each colour in a group at sea."""
    landing: float = 0.9
    """Share of the island's value for each colour of a landing group not yet there."""
    reserve: float = 0.05
    """Per boat in the reserve."""
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


class Evaluation:
    """The evaluation of a position, ready to rate the positions its actions lead to.

    ``Evaluation(state).after(action, state.apply(action))`` gives the same
    values as ``seat_values(state.apply(action))``, but for a turn action
    that fills no beach it only looks again at the island(s) the action
    touched.

    >>> from tongiaki_rules import new_game
    >>> state = new_game(2)
    >>> evaluation = Evaluation(state)
    >>> action = state.legal_actions()[0]
    >>> evaluation.after(action, state.apply(action)) == seat_values(state.apply(action))
    True
    """

    def __init__(self, state: GameState, weights: Weights = DEFAULT_WEIGHTS) -> None:
        self.state = state
        self.weights = weights
        self._colours = len(state.colours)
        self._seats = tuple(state.seat_of(c) for c in state.colours)
        self._may_found = tuple(state.royal_islands_founded(c) < 2 for c in state.colours)
        self._fade = _fade(state, weights)
        self._views: dict[Hex, IslandView] = {}
        self._terms: dict[Hex, tuple[tuple[float, ...], tuple[float, ...]]] = {}
        self._values: tuple[float, ...] | None = None
        if not state.is_terminal:
            for view in state.islands:
                self._views[view.position] = view
                self._terms[view.position] = island_terms(
                    view, self._colours, self._may_found, weights
                )

    def values(self) -> tuple[float, ...]:
        """The evaluation of each seat in this position."""
        if self._values is None:
            if self.state.is_terminal:
                self._values = tuple(float(s) for s in self.state.scores())
            else:
                state = self.state
                reserves = [state.reserve(c) for c in range(self._colours)]
                self._values = self._combine(reserves, self._terms, _underway(state, self.weights))
        return self._values

    def after(self, action: Action, result: GameState) -> tuple[float, ...]:
        """The evaluation of ``result``, the position ``action`` leads to from this one."""
        predicted = self.predict(action)
        if predicted is not None:
            return predicted
        return Evaluation(result, self.weights).values()

    def predict(self, action: Action) -> tuple[float, ...] | None:
        """The evaluation after a turn action that fills no beach, without applying it.

        Such an action changes one island (two for a boat moved from the
        board) and the reserve, and ends the turn; this rebuilds only those
        islands. Returns ``None`` for any other action, and when the action
        ends the game (the score is then exact: apply it and evaluate).
        """
        state = self.state
        if state.pending.kind is not DecisionKind.TURN:
            return None
        colour = int(state.turn_colour)
        change = self._changes(action, colour)
        if change is None:
            return None
        islands, returned = change
        may_found = self._may_found
        if isinstance(action, FoundRoyal):
            may_found = tuple(
                ok if c != colour else state.royal_islands_founded(c) + 1 < 2
                for c, ok in enumerate(may_found)
            )
        terms = dict(self._terms) if may_found is self._may_found else {
            pos: island_terms(view, self._colours, may_found, self.weights)
            for pos, view in self._views.items()
        }
        for view in islands:
            terms[view.position] = island_terms(view, self._colours, may_found, self.weights)
        reserves = [state.reserve(c) for c in range(self._colours)]
        reserves[colour] += returned
        return self._combine(reserves, terms, None)

    def _changes(
        self, action: Action, colour: int
    ) -> tuple[tuple[IslandView, ...], int] | None:
        """The islands as ``action`` leaves them, and the boats it returns to the reserve."""
        if isinstance(action, Expand | PlaceNewBoats):
            view = self._views.get(action.island)
            if view is None:
                return None
            added = [0] * len(view.beaches)
            for b in action.beaches:
                added[b] += 1
            if any(n and view.beaches[b].free <= n for b, n in enumerate(added)):
                return None  # a beach fills and sails
            beaches = tuple(
                _with_boats(beach, colour, n) if n else beach
                for beach, n in zip(view.beaches, added, strict=True)
            )
            return (attrs.evolve(view, beaches=beaches),), -len(action.beaches)
        if isinstance(action, ExpandFromBoard):
            view = self._views.get(action.island)
            source = self._views.get(action.source)
            if view is None or source is None or view.beaches[action.beach].free <= 1:
                return None
            if action.source == action.island:
                source = view
            left = tuple(
                _with_boats(beach, colour, -1) if beach.index == action.source_beach else beach
                for beach in source.beaches
            )
            source = attrs.evolve(source, beaches=left)
            if action.source == action.island:
                view = source
            beaches = tuple(
                _with_boats(beach, colour, 1) if beach.index == action.beach else beach
                for beach in view.beaches
            )
            moved = attrs.evolve(view, beaches=beaches)
            if action.source == action.island:
                return (moved,), 0
            return (source, moved), 0
        if isinstance(action, FoundRoyal):
            view = self._views.get(action.island)
            if view is None:
                return None
            boats = sum(beach.boats.count(colour) for beach in view.beaches)
            empty = tuple(attrs.evolve(beach, boats=()) for beach in view.beaches)
            royal = attrs.evolve(view, beaches=empty, is_royal=True, king=Colour(colour))
            return (royal,), boats - 1
        return None

    def _combine(
        self,
        reserves: Sequence[int],
        terms: dict[Hex, tuple[tuple[float, ...], tuple[float, ...]]],
        underway: list[float] | None,
    ) -> tuple[float, ...]:
        fade = self._fade
        reserve = self.weights.reserve
        totals = [0.0] * self._colours
        for full, points in terms.values():
            for c in range(self._colours):
                if full[c]:
                    totals[c] += points[c] + fade * (full[c] - points[c])
        for c in range(self._colours):
            totals[c] += fade * reserve * reserves[c]
            if underway:
                totals[c] += underway[c]
        seats = [0.0] * self.state.num_players
        for c, seat in enumerate(self._seats):
            seats[seat] += totals[c]
        return tuple(seats)


def _with_boats(beach: BeachView, colour: int, count: int) -> BeachView:
    """``beach`` with ``count`` more boats of ``colour`` (fewer if negative), in colour order."""
    boats = list(beach.boats)
    if count < 0:
        for _ in range(-count):
            boats.remove(Colour(colour))
    else:
        boats.extend([Colour(colour)] * count)
        boats.sort()
    return attrs.evolve(beach, boats=tuple(boats))


def seat_values(state: GameState, weights: Weights = DEFAULT_WEIGHTS) -> tuple[float, ...]:
    """The evaluation of each seat (the sum over its colours); the score once the game is over.

    >>> from tongiaki_rules import play_random_game
    >>> final = play_random_game(2, seed=3)[-1]
    >>> seat_values(final) == tuple(float(s) for s in final.scores())
    True
    """
    return Evaluation(state, weights).values()


def _fade(state: GameState, weights: Weights) -> float:
    """1 in mid-game, falling to 0 as the scarcer kind of tile runs out of the pile."""
    if state.end_triggered:
        return 0.0
    pile = state.pile
    left = min(pile.islands, pile.oceans)
    return min(1.0, left / weights.endgame) if weights.endgame > 0 else 1.0


def _pile_prospects(state: GameState) -> tuple[float, float, tuple[float, ...]]:
    """Mean island value in the pile, share of islands, and the chance of passing a drawn ocean.

    The last item is indexed by the number of distinct colours in a group
    (a drawn ocean is entered by its red-marker edge).
    """
    tiles = state.config.tiles
    ids = state.pile.tiles
    if not ids:
        return 0.0, 0.0, (0.0,) * 7
    island_values: list[int] = []
    needs: list[int] = []
    for tile_id in ids:
        tile = tiles.tile(tile_id)
        if isinstance(tile, IslandTile):
            island_values.append(tile.value)
        elif isinstance(tile, OceanTile):
            needs.append(tile.route_from(0).colours)
    mean_value = sum(island_values) / len(island_values) if island_values else 0.0
    island_share = len(island_values) / len(ids)
    passing = tuple(
        sum(1 for need in needs if need <= k) / len(needs) if needs else 0.0 for k in range(7)
    )
    return mean_value, island_share, passing


def _underway(state: GameState, weights: Weights) -> list[float]:
    """What the boats under way (landing, or at sea before a draw) promise each colour."""
    colours = len(state.colours)
    gain = [0.0] * colours
    pending = state.pending
    group = pending.group
    if not group:
        return gain
    distinct = set(group)
    if pending.kind is DecisionKind.BERTH and pending.island is not None:
        island = state.island_at(pending.island)
        if island is not None:
            here = island.colours
            for c in distinct:
                if c not in here:
                    gain[c] += weights.landing * island.tile.value
        return gain
    if pending.kind is DecisionKind.PLACE_TILE and pending.tile is not None:
        tile = state.config.tiles.tile(pending.tile)
        if isinstance(tile, IslandTile):
            for c in distinct:
                gain[c] += weights.landing * tile.value
            return gain
    mean_value, island_share, passing = _pile_prospects(state)
    view = state.group
    if view is not None and view.origin is None:
        chance = 1.0 if island_share else 0.0  # a colonist draws until an island comes
    else:
        through = (1.0 - island_share) * passing[min(len(distinct), 6)]
        chance = min(1.0, island_share / (1.0 - min(through, 0.9)))
    for c in distinct:
        gain[c] += weights.at_sea * chance * mean_value
    return gain


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
