"""A one-turn heuristic bot: the action whose result looks best right now.

:class:`GreedyBot` applies each legal action and rates the position it
leads to with :mod:`.heuristic`: points on the table, how secure they are,
boats ready to expand, what a group under way promises. A position at a tile
draw is rated as it stands, from the group's colours against the ocean
routes and the islands left in the pile, so a decision costs one step
and one (mostly incremental) evaluation per legal action. The step is a
preview (``GameState._preview``): the position the action leads to, but
without the reply AMB-25's look-ahead would play for the player when only
one choice of the next decision can end the turn; finding that reply is
most of what a step costs, and random and bot play almost never meet one.
Likewise the bot rates the decision's moves as the engine lists them before
the look-ahead (``GameState._moves``) and asks only whether its pick is
legal (``GameState._offers``): a pick the look-ahead refuses is dropped for
the next best. The whole legal list would cost every move's look-ahead.

Its choice is that of :func:`.options.rate_options` and
:func:`.options.best_options` (which the MCTS bot starts from), with the
same random draws (but where a preview and the step differ, above);
:meth:`GreedyBot.choose` only skips their bookkeeping: it keeps one
advantage per option instead of a values tuple, and rates the boats moved
between islands in one loop. Every advantage is computed with
the same float operations in the same order, so it is the same number, and
``tests/unit/test_greedy_fast.py`` plays the bot side by side with the code
before this path, decision by decision.

Three shortcuts keep a decision cheap (issue 40, point 4), each giving the
very floats of the path it shortens. With two seats of one colour each the
predicted options are rated with the sums written out for two values
(``_predicted_two``). How an island's part changes with a boat more or less
is kept across decisions by the identity of its beaches, which the engine
shares between states (:class:`_Shifts`). And a turn action that fills one
beach, where the departures that beach offers are known to be the player's
decision, is rated as the position the preview would stop at, without the
preview (:class:`_Stops`); ``tests/unit/test_greedy_two_seats.py`` and
``tests/unit/test_greedy_stops.py`` compare each with the longer way.

With three to six seats (or two seats of two colours) the predicted options
ask the same :class:`_Shifts` how an island changes, and keep what the
options of a decision share: a boat's arrival added to the still totals
per beach, its leaving per beach, an expansion's advantage per beaches
(``_predicted_many``); the rivals' advantage slices the values instead of
filtering them (``many`` of :func:`_advantage_of`). ``Evaluation.applied``
goes on from the sums of the columns' first entries, and the islands are
found by the table's layout of the tiles object (``Table.layout``).
``tests/unit/test_greedy_many_seats.py`` compares each with the longer way
in games of three to six players.

>>> from tongiaki_rules import new_game
>>> state = new_game(2)
>>> GreedyBot(seed=0).choose(state) in state.legal_actions()
True
"""

from __future__ import annotations

import random
from bisect import insort
from collections.abc import Callable, Sequence
from itertools import compress
from operator import ne

from .._state import GameState
from ..actions import Action, Expand, ExpandFromBoard, PlaceNewBoats
from ..hexgrid import Hex
from ..views import Phase
from ._checks import MAX_PATIENCE, MAX_SAMPLE, seed_option, weights_option, whole_option
from ._heuristic import _UNKNOWN, DEFAULT_WEIGHTS, Evaluation, Weights
from ._options import urge_to_draw
from ._pacing import Pacing
from ._tables import Beaches, by_seat

__all__ = ["GreedyBot"]

_DEPART = int(Phase.DEPART)
Boats = tuple[Beaches, ...]
_Model = tuple[tuple[Hex, int, tuple[int, ...], bool], list[tuple[int, Beaches]], tuple[int, ...]]
"""What :meth:`_Stops.model` gives: the departure's key, the islands changed, the reserves."""

STOPS_LIMIT = 10_000
""":class:`_Stops` forgets its verdicts when it holds more than this many."""


class GreedyBot:
    """Chooses the legal action whose result the heuristic rates best for its seat.

    * ``seed``: seeds the bot's own ``random.Random``, which breaks ties and
      picks the options rated when there are too many.
    * ``sample``: turn actions that fill no beach are rated without being
      applied; of the other options (free tile placements can number
      well over a hundred) at most ``sample``, drawn at random, are rated.
    * ``patience``: after this many turns of its own in which no tile came
      off the pile, the bot starts to favour actions that draw a tile, a
      little more each turn, so that two cautious bots cannot stall a game
      (a bot that is ahead waits three times as long).

    Bad options (a bool, a float, a string, ``sample`` outside 1 to
    :data:`~tongiaki_rules.bots._checks.MAX_SAMPLE`, ``patience`` outside 0 to
    :data:`~tongiaki_rules.bots._checks.MAX_PATIENCE`) raise
    :class:`~tongiaki_rules.errors.SettingsError`.

    Within a turn the bot avoids any action that leads back to a position it
    has already decided in, so it never sends a chain round in a circle.

    >>> from tongiaki_rules import new_game
    >>> state = new_game(3)
    >>> GreedyBot(seed=5).choose(state) == GreedyBot(seed=5).choose(state)
    True
    """

    def __init__(
        self,
        seed: int | None = None,
        sample: int = 24,
        patience: int = 4,
        weights: Weights = DEFAULT_WEIGHTS,
    ) -> None:
        self._rng = random.Random(seed_option("greedy", seed))
        self.sample = whole_option("greedy", "sample", sample, low=1, high=MAX_SAMPLE)
        self.weights = weights_option("greedy", weights)
        self._pacing = Pacing(
            whole_option("greedy", "patience", patience, low=0, high=MAX_PATIENCE)
        )
        self._shifts = _Shifts()
        self._stops = _Stops(self._pacing)

    def __getstate__(self) -> dict[str, object]:
        """The bot without its caches (a copy or a pickle starts them afresh)."""
        state = dict(self.__dict__)
        del state["_shifts"], state["_stops"]
        return state

    def __setstate__(self, state: dict[str, object]) -> None:
        self.__dict__.update(state)
        self._shifts = _Shifts()
        self._stops = _Stops(self._pacing)

    @property
    def name(self) -> str:
        """Always ``"greedy"``."""
        return "greedy"

    def choose(self, state: GameState) -> Action:
        """The best-rated legal action; ties broken at random.

        The choice of :func:`~tongiaki_rules.bots.rate_options` followed by
        :func:`~tongiaki_rules.bots.best_options`, with the same random
        draws, computed without building an option tuple per action: each
        option's advantage is worked out with the same operations in the
        same order, so it is the same float (see the module docstring).
        """
        pacing = self._pacing
        pacing.start(state)
        moves = state._moves()  # the legal list before the look-ahead: nearly always the same
        if len(moves) == 1:
            return moves[0]
        choice = self._pick(state, moves, checked=False)
        if choice is None:  # every move rated was refused (AMB-25): rate the legal list itself
            choice = self._pick(state, state.legal_actions(), checked=True)
            assert choice is not None
        return choice

    def _pick(self, state: GameState, actions: Sequence[Action], checked: bool) -> Action | None:
        """The best-rated of ``actions``, ties broken at random; one the rules offer.

        Unless ``checked``, ``actions`` are the raw moves (``GameState._moves``):
        a pick the look-ahead refuses is dropped and the next best taken, and
        ``None`` says that none of the moves rated is offered.
        """
        seat = state.current_player
        assert seat is not None
        evaluation = Evaluation(state, self.weights)
        rate = _advantage_of(seat, state.num_players, self.weights)
        rated, others = _predicted(evaluation, actions, rate, seat, self._shifts)
        if len(others) > self.sample:
            others = self._rng.sample(others, self.sample)
        urge = urge_to_draw(self._pacing, evaluation, seat)
        circles: list[tuple[Action, float]] = []
        stops = self._stops
        stops.start(evaluation)
        model_of = stops.model if stops.open else None  # else no action is modelled
        preview = state._preview
        applied = evaluation.applied
        repeats = self._pacing.repeats
        for action in others:
            model = None if model_of is None else model_of(action)
            if model is not None:
                still = stops.rated(model)
                if still is not None:  # stops at the departure: no draw, no circle
                    rated.append((action, rate(still)))
                    continue
            result = preview(action)  # rated and dropped: no look-ahead needed
            values = applied(result)
            if model is not None:
                stops.learn(model, result, values)
            if urge and Pacing.draws(state, result):
                values = tuple(v + urge if k == seat else v for k, v in enumerate(values))
            (circles if repeats(result) else rated).append((action, rate(values)))
        while rated or circles:
            best = _best(rated or circles)
            choice = best[0] if len(best) == 1 else self._rng.choice(best)
            if checked or state._offers(choice):
                return choice
            rated = [option for option in rated if option[0] is not choice]
            circles = [option for option in circles if option[0] is not choice]
        return None


class _Stops:
    """Turn actions that fill one beach, rated without a preview where the result is known.

    Such an action (a boat moved from the board, or boats from the reserve)
    ends with a departure decision (DEPART-1): the full beach's boats sail,
    by one of the routes its jetties offer. When there are two or more,
    the preview stops there with nothing else changed: the boats are where
    the action put them, the beach is full, no group is under way. Which
    departures a full beach offers depends on its boats (the group) and on
    the table (tiles, kings, the rules, whether the end has come), not on
    where the boats came from, nor on the other islands' boats. So the
    first such action that fills a given beach with a given group is
    previewed as before, and if its preview is that position, every other
    action filling that beach with that group, at this decision or a later
    one on the same table, in a position with no other full beach, is rated
    as the position it leads to (:meth:`.heuristic.Evaluation._still_with`,
    the values :meth:`~.heuristic.Evaluation.applied` gives it, checked
    against the first preview), unless a position decided in this turn had
    the same boats (it might close a circle: it is previewed then).
    """

    __slots__ = (
        "_evaluation",
        "_kings",
        "_open",
        "_pacing",
        "_seen",
        "_table",
        "_tiles",
        "_verdicts",
    )

    def __init__(self, pacing: Pacing) -> None:
        self._pacing = pacing
        self._evaluation: Evaluation | None = None
        self._open = False
        self._table: object = None
        self._tiles: object = None
        self._kings: object = None
        self._verdicts: dict[tuple[Hex, int, tuple[int, ...], bool], bool] = {}
        self._seen: list[tuple[Boats, set[int]]] | None = None

    def start(self, evaluation: Evaluation) -> None:
        """Rate the options of the decision ``evaluation`` looks at next."""
        self._evaluation = evaluation
        view = evaluation._view
        self._open = evaluation._turn and not view.full
        self._seen = None  # worked out when a modelled action is first asked about
        if (
            view.tiles is not self._tiles
            or view.kings is not self._kings
            or evaluation._table is not self._table
            or len(self._verdicts) > STOPS_LIMIT
        ):
            self._tiles, self._kings, self._table = view.tiles, view.kings, evaluation._table
            self._verdicts = {}

    @property
    def open(self) -> bool:
        """May an action of this decision be modelled? (A turn decision with no full beach.)"""
        return self._open

    def model(self, action: Action) -> _Model | None:
        """The position ``action`` leads to if it stops at the departure (``None``: not such an
        action): the departure's key, the islands changed ``(tile index, beaches)`` and the
        reserves."""
        if not self._open:
            return None
        evaluation = self._evaluation
        assert evaluation is not None
        view = evaluation._view
        colour = evaluation._colour
        island_at = evaluation._island_at
        slots = evaluation._table.slots
        reserve = view.reserve
        boats = view.boats
        if type(action) is ExpandFromBoard:
            target = island_at.get(action.island)
            source = island_at.get(action.source)
            if target is None or source is None:
                return None
            left = list(boats[source])
            beach = list(left[action.source_beach])
            beach.remove(colour)
            left[action.source_beach] = tuple(beach)
            reached = left if source == target else list(boats[target])
            beach = list(reached[action.beach])
            insort(beach, colour)
            group = reached[action.beach] = tuple(beach)
            filled = action.beach
            if source == target:
                changes = [(target, tuple(reached))]
            else:
                changes = [(source, tuple(left)), (target, tuple(reached))]
        elif type(action) is Expand:
            target = island_at.get(action.island)
            if target is None:
                return None
            reached = list(boats[target])
            for b in action.beaches:
                beach = list(reached[b])
                insort(beach, colour)
                reached[b] = tuple(beach)
            full = [
                b for b in set(action.beaches) if len(reached[b]) == slots[view.tiles[target][1]][b]
            ]
            if len(full) != 1:
                return None
            filled = full[0]
            group = reached[filled]
            changes = [(target, tuple(reached))]
            left_in_reserve = list(reserve)
            left_in_reserve[colour] -= len(action.beaches)
            reserve = tuple(left_in_reserve)
        else:
            return None
        if len(group) != slots[view.tiles[target][1]][filled]:
            return None
        return (view.tiles[target][0], filled, group, view.ended), changes, reserve

    def rated(self, model: _Model) -> tuple[float, ...] | None:
        """The values of the preview of ``model``'s action, if it is known to stop."""
        key, changes, reserve = model
        if not self._verdicts.get(key, False) or self._repeats(changes):
            return None
        evaluation = self._evaluation
        assert evaluation is not None
        return evaluation._still_with(changes, reserve)

    def _repeats(self, changes: list[tuple[int, Beaches]]) -> bool:
        """May the position with ``changes`` be one decided in during this turn? (The boats
        of each such position differ from this one's on the tiles of its set, worked out by
        :meth:`_differences` once a decision: the two positions' boats are equal only if
        those tiles are among the ones changed, and the changed ones hold the same
        beaches.)"""
        changed = {k for k, _beaches in changes}
        found = self._seen
        if found is None:
            found = self._seen = self._differences()
        for seen, differ in found:
            if differ <= changed and all(seen[k] == beaches for k, beaches in changes):
                return True
        return False

    def _differences(self) -> list[tuple[Boats, set[int]]]:
        """The boats of each position decided in during this turn (of as many tiles as this
        one) and the tiles where they differ from this one's."""
        evaluation = self._evaluation
        assert evaluation is not None
        now = evaluation._view.boats
        tiles = range(len(now))
        return [
            (seen, set(compress(tiles, map(ne, seen, now))))
            for seen in self._pacing.seen_boats()
            if len(seen) == len(now)
        ]

    def learn(self, model: _Model, result: GameState, values: tuple[float, ...]) -> None:
        """Note whether the preview ``result`` of ``model``'s action (rated ``values``) stops."""
        key, changes, reserve = model
        if key in self._verdicts:
            return
        evaluation = self._evaluation
        assert evaluation is not None
        before = evaluation._view
        after = result.compact
        boats = list(before.boats)
        for k, beaches in changes:
            boats[k] = beaches
        self._verdicts[key] = (
            after.phase == _DEPART
            and not after.group
            and after.boats == tuple(boats)
            and after.reserve == reserve
            and after.tiles == before.tiles
            and after.kings == before.kings
            and after.pile == before.pile
            and after.founded == before.founded
            and after.ended == before.ended
            and evaluation._still_with(changes, reserve) == values
        )


def _advantage_of(seat: int, seats: int, weights: Weights) -> Callable[[Sequence[float]], float]:
    """:func:`~tongiaki_rules.bots.advantage` for ``seat``, as one function of the values.

    The same operations in the same order as ``advantage``; with two seats
    the rivals' list has one value ``o``, whose ``max`` is ``o`` and whose
    ``sum`` is ``0 + o`` (a float sum starts from the int 0, as ``0.0 +
    o``), divided by 1, which changes no float.
    """
    rivalry = weights.rivalry
    rest = 1.0 - weights.rivalry
    if seats == 2:
        other = 1 - seat

        def two(values: Sequence[float]) -> float:
            o = values[other]
            return values[seat] - (rivalry * o + rest * (0.0 + o))

        return two

    rivals = seats - 1
    after = seat + 1

    def many(values: Sequence[float]) -> float:
        # the rivals' values in the same order (the values are as many as the seats)
        others = [*values[:seat], *values[after:]]
        return values[seat] - (rivalry * max(others) + rest * sum(others) / rivals)

    return many


def _predicted(
    evaluation: Evaluation,
    actions: Sequence[Action],
    rate: Callable[[Sequence[float]], float],
    seat: int,
    shifts: _Shifts | None = None,
) -> tuple[list[tuple[Action, float]], list[Action]]:
    """The options rated without being applied, with their advantages, and the others.

    What :func:`~tongiaki_rules.bots.rate_options` does with
    :meth:`~tongiaki_rules.bots.Evaluation.predict`; the boats moved from
    one island to another (dozens an empty reserve offers) are rated here
    from the change of the two islands, as ``predict`` rates them, without
    its calls per option.
    """
    rated: list[tuple[Action, float]] = []
    others: list[Action] = []
    if not evaluation._turn:
        return rated, list(actions)
    table = evaluation._table
    two = shifts is not None and table.colours == 2 and table.seat_per_colour
    if two and evaluation._colour == seat:
        assert shifts is not None
        return _predicted_two(evaluation, actions, seat, shifts.bind(evaluation))
    if shifts is not None:
        return _predicted_many(evaluation, actions, rate, shifts.bind(evaluation))
    predict = evaluation.predict
    deltas = evaluation._deltas
    delta = evaluation._delta
    colour = evaluation._colour
    still = evaluation._still_totals()
    same = table.seat_per_colour
    fade = evaluation._fade
    boats = evaluation._view.reserve[colour]
    expansions: dict[tuple[Hex, tuple[int, ...]], tuple[float, ...] | None] = {}
    reserves: dict[int, float] = {}
    for action in actions:
        if type(action) is ExpandFromBoard and action.source != action.island:
            assert isinstance(action, ExpandFromBoard)
            arrive = deltas.get((action.island, action.beach, 1), _UNKNOWN)
            if arrive is _UNKNOWN:
                arrive = delta(action.island, action.beach, 1, colour)
            leave = deltas.get((action.source, action.source_beach, -1), _UNKNOWN)
            if leave is _UNKNOWN:
                leave = delta(action.source, action.source_beach, -1, colour)
            if arrive is None or leave is None:
                others.append(action)
                continue
            totals = [x + a + b for x, a, b in zip(still, arrive, leave, strict=True)]
            rated.append((action, rate(totals if same else by_seat(table, totals))))
            continue
        if type(action) is Expand or type(action) is PlaceNewBoats:
            assert isinstance(action, Expand | PlaceNewBoats)
            # predict's sum: the still totals, plus the island's change, plus the reserve's
            key = (action.island, action.beaches)
            change = expansions.get(key, _UNKNOWN)
            if change is _UNKNOWN:
                change = expansions[key] = _expansion(evaluation, action.island, action.beaches)
            if change is None:
                others.append(action)
                continue
            totals = [x + d for x, d in zip(still, change, strict=True)]
            count = len(action.beaches)
            reserve = reserves.get(count)
            if reserve is None:
                reserve = reserves[count] = fade * (
                    evaluation._reserve_value(boats - count) - evaluation._reserve_value(boats)
                )
            totals[colour] += reserve
            rated.append((action, rate(totals if same else by_seat(table, totals))))
            continue
        values = predict(action)
        if values is None:
            others.append(action)
        else:
            rated.append((action, rate(values)))
    return rated, others


def _predicted_many(
    evaluation: Evaluation,
    actions: Sequence[Action],
    rate: Callable[[Sequence[float]], float],
    shift: _Shift,
) -> tuple[list[tuple[Action, float]], list[Action]]:
    """:func:`_predicted` with the island changes asked of ``shift`` (:meth:`_Shifts.bind`).

    The same sums as the general path of :func:`_predicted`, each the same
    float operation in the same order, with what the options of a decision
    share worked out once: the still totals plus a boat's arrival on a beach
    (a move's total is ``(still + arrive) + leave``, so the first sum is
    kept per beach), how a boat's leaving changes each colour, and the
    advantage of an expansion onto given beaches. ``shift`` gives the very
    tuples ``Evaluation._delta`` and :func:`_expansion` compute; a move
    within one island is summed as :meth:`~.heuristic.Evaluation.predict`
    sums it (its reserve term adds ``fade * 0.0``).
    """
    rated: list[tuple[Action, float]] = []
    others: list[Action] = []
    table = evaluation._table
    same = table.seat_per_colour
    colour = evaluation._colour
    still = evaluation._still_totals()
    fade = evaluation._fade
    boats = evaluation._view.reserve[colour]
    predict = evaluation.predict
    sizes = _beach_counts(evaluation)
    unchanged = fade * (evaluation._reserve_value(boats) - evaluation._reserve_value(boats))
    arrivals: dict[Hex, list[list[float] | None]] = {
        position: [_UNKNOWN_LIST] * n for position, n in sizes.items()
    }
    leavings: dict[Hex, list[tuple[float, ...] | None]] = {
        position: [_UNKNOWN] * n for position, n in sizes.items()
    }
    expansions: dict[tuple[Hex, tuple[int, ...]], float | None] = {}
    last_island: Hex | None = None  # the target of the move before, and its arrival
    last_beach = -1
    last_arrive: list[float] | None = None
    for action in actions:
        if type(action) is ExpandFromBoard:
            island = action.island
            source = action.source
            if source != island:
                beach = action.beach
                if island is last_island and beach == last_beach:  # the moves come by target
                    arrive = last_arrive
                else:
                    at = arrivals.get(island)
                    if at is None:  # no island there
                        arrive = None
                    else:
                        arrive = at[beach]
                        if arrive is _UNKNOWN_LIST:
                            change = shift(island, _one(sizes, island, beach, 1))
                            arrive = at[beach] = (
                                None
                                if change is None
                                else [x + a for x, a in zip(still, change, strict=True)]
                            )
                    last_island, last_beach, last_arrive = island, beach, arrive
                if arrive is None:
                    others.append(action)
                    continue
                beach = action.source_beach
                away = leavings.get(source)
                if away is None:
                    others.append(action)
                    continue
                leave = away[beach]
                if leave is _UNKNOWN:
                    leave = away[beach] = shift(source, _one(sizes, source, beach, -1))
                if leave is None:
                    others.append(action)
                    continue
                totals = [x + b for x, b in zip(arrive, leave, strict=True)]
                rated.append((action, rate(totals if same else by_seat(table, totals))))
                continue
            # within one island: predict's sum, the island's change and the reserve's (+0.0)
            size = sizes.get(island)
            if size is None:
                others.append(action)
                continue
            added = [0] * size
            added[action.beach] += 1
            added[action.source_beach] -= 1
            change = shift(island, tuple(added))
            if change is None:
                others.append(action)
                continue
            totals = [x + d for x, d in zip(still, change, strict=True)]
            totals[colour] += unchanged
            rated.append((action, rate(by_seat(table, totals))))
            continue
        elif type(action) is Expand or type(action) is PlaceNewBoats:
            # predict's sum: the still totals, plus the island's change, plus the reserve's
            key = (action.island, action.beaches)
            if key in expansions:
                value = expansions[key]
            else:
                value = None
                size = sizes.get(action.island)
                if size is not None:
                    added = [0] * size
                    for b in action.beaches:
                        added[b] += 1
                    change = shift(action.island, tuple(added))
                    if change is not None:
                        totals = [x + d for x, d in zip(still, change, strict=True)]
                        count = len(action.beaches)
                        totals[colour] += fade * (
                            evaluation._reserve_value(boats - count)
                            - evaluation._reserve_value(boats)
                        )
                        value = rate(totals if same else by_seat(table, totals))
                expansions[key] = value
            if value is None:
                others.append(action)
            else:
                rated.append((action, value))
            continue
        values = predict(action)
        if values is None:
            others.append(action)
        else:
            rated.append((action, rate(values)))
    return rated, others


_UNKNOWN_LIST: list[float] = []
"""Marks an arrival not looked at yet in :func:`_predicted_many` (whose lists hold ``None`` too)."""


def _predicted_two(
    evaluation: Evaluation, actions: Sequence[Action], seat: int, shift: _Shift
) -> tuple[list[tuple[Action, float]], list[Action]]:
    """:func:`_predicted` for two seats of one colour each, the seat deciding for its own.

    The values are two floats, so the sums and the advantage are written
    out for them: each is the same float operation, in the same order, as
    in :func:`_predicted` and ``two`` of :func:`_advantage_of` (a total is
    ``(still + arrive) + leave``; the advantage ``mine - (rivalry * o +
    rest * (0.0 + o))``). How an island's part changes is asked of
    ``shift`` (:meth:`_Shifts.bind`), which gives the very tuple
    ``Evaluation._delta`` and :func:`_expansion` compute; what the options
    of one decision share is worked out once: the still totals plus a
    boat's arrival on a beach, and the advantage of an expansion onto given
    beaches.
    """
    rated: list[tuple[Action, float]] = []
    others: list[Action] = []
    weights = evaluation.weights
    rivalry = weights.rivalry
    rest = 1.0 - weights.rivalry
    other = 1 - seat
    still = evaluation._still_totals()
    still_mine = still[seat]
    still_other = still[other]
    fade = evaluation._fade
    boats = evaluation._view.reserve[seat]
    predict = evaluation.predict
    sizes = _beach_counts(evaluation)
    unchanged = fade * (evaluation._reserve_value(boats) - evaluation._reserve_value(boats))
    # per island, per beach: the still totals plus a boat's arrival there (None: the beach
    # fills), and how a boat's leaving changes the two values (None: no prediction)
    arrivals: dict[Hex, list[tuple[float, ...] | None]] = {
        position: [_UNKNOWN] * n for position, n in sizes.items()
    }
    leavings: dict[Hex, list[tuple[float, ...] | None]] = {
        position: [_UNKNOWN] * n for position, n in sizes.items()
    }
    expansions: dict[tuple[Hex, tuple[int, ...]], float | None] = {}
    last_island: Hex | None = None  # the target of the move before, and its arrival
    last_beach = -1
    last_arrive: tuple[float, ...] | None = None
    for action in actions:
        if type(action) is ExpandFromBoard:
            island = action.island
            source = action.source
            if source != island:
                beach = action.beach
                if island is last_island and beach == last_beach:  # the moves come by target
                    arrive = last_arrive
                else:
                    at = arrivals.get(island)
                    if at is None:  # no island there
                        arrive = None
                    else:
                        arrive = at[beach]
                        if arrive is _UNKNOWN:
                            change = shift(island, _one(sizes, island, beach, 1))
                            arrive = at[beach] = (
                                None
                                if change is None
                                else (still_mine + change[seat], still_other + change[other])
                            )
                    last_island, last_beach, last_arrive = island, beach, arrive
                if arrive is None:
                    others.append(action)
                    continue
                beach = action.source_beach
                at = leavings.get(source)
                if at is None:
                    others.append(action)
                    continue
                leave = at[beach]
                if leave is _UNKNOWN:
                    change = shift(source, _one(sizes, source, beach, -1))
                    leave = at[beach] = None if change is None else (change[seat], change[other])
                if leave is None:
                    others.append(action)
                    continue
                o = arrive[1] + leave[1]
                rated.append((action, arrive[0] + leave[0] - (rivalry * o + rest * (0.0 + o))))
                continue
            # within one island: predict's sum, the island's change and the reserve's (+0.0)
            size = sizes.get(island)
            if size is None:
                others.append(action)
                continue
            added = [0] * size
            added[action.beach] += 1
            added[action.source_beach] -= 1
            change = shift(island, tuple(added))
            if change is None:
                others.append(action)
                continue
            mine = still_mine + change[seat] + unchanged
            o = still_other + change[other]
            rated.append((action, mine - (rivalry * o + rest * (0.0 + o))))
            continue
        elif type(action) is Expand or type(action) is PlaceNewBoats:
            # predict's sum: the still totals, plus the island's change, plus the reserve's
            key2 = (action.island, action.beaches)
            if key2 in expansions:
                value = expansions[key2]
            else:
                value = None
                size = sizes.get(action.island)
                if size is not None:
                    added = [0] * size
                    for b in action.beaches:
                        added[b] += 1
                    change = shift(action.island, tuple(added))
                    if change is not None:
                        count = len(action.beaches)
                        reserve = fade * (
                            evaluation._reserve_value(boats - count)
                            - evaluation._reserve_value(boats)
                        )
                        o = still_other + change[other]
                        value = (
                            still_mine + change[seat] + reserve - (rivalry * o + rest * (0.0 + o))
                        )
                expansions[key2] = value
            if value is None:
                others.append(action)
            else:
                rated.append((action, value))
            continue
        values = predict(action)
        if values is None:
            others.append(action)
        else:
            o = values[other]
            rated.append((action, values[seat] - (rivalry * o + rest * (0.0 + o))))
    return rated, others


def _beach_counts(evaluation: Evaluation) -> dict[Hex, int]:
    """The number of beaches of each island of the position, by position."""
    boats = evaluation._view.boats
    return {position: len(boats[k]) for position, k in evaluation._island_at.items()}


def _one(sizes: dict[Hex, int], island: Hex, beach: int, n: int) -> tuple[int, ...]:
    """``added`` with ``n`` boats on ``beach`` of ``island`` (an empty tuple: no island)."""
    size = sizes.get(island)
    if size is None:
        return ()
    added = [0] * size
    added[beach] = n
    return tuple(added)


_Shift = Callable[[Hex, tuple[int, ...]], "tuple[float, ...] | None"]
"""How the part of the island at a position changes with ``added[b]`` boats more of the
deciding colour on each beach ``b``, per colour (``None``: no island there, or a beach fills)."""

SHIFTS_LIMIT = 20_000
""":class:`_Shifts` forgets the islands it remembers when it holds more than this many."""


class _Shifts:
    """How islands' parts change with the deciding colour's boats, remembered across decisions.

    The engine shares the beaches tuple of an island nobody touched between
    states, so most islands of a bot's next decision are the very objects of
    its last one: their changes are kept per island, keyed by the identity
    of its beaches (each record holds that object, so the identity cannot
    be reused while it is kept) with everything else the part depends on
    (tile, king, colour, which colours may still found, fade). An island met
    with new beaches (one a move has just changed) gets the changes kept for
    equal beaches, looked up once by value. A change is computed as
    ``Evaluation._delta`` and :func:`_expansion` do: the part with the boats
    added (``Table.part_added``: ``Table.part_with_boats`` without its cache, as the
    records are this one's) minus the part as it is
    (``Table.part``), colour by colour.
    """

    __slots__ = ("_by_value", "_records", "_table")

    def __init__(self) -> None:
        self._table: object = None
        self._records: dict[
            tuple[int, int, int, int, tuple[bool, ...], float],
            tuple[Beaches, dict[tuple[int, ...], tuple[float, ...] | None]],
        ] = {}
        self._by_value: dict[
            tuple[int, Beaches, int, int, tuple[bool, ...], float],
            dict[tuple[int, ...], tuple[float, ...] | None],
        ] = {}

    def bind(self, evaluation: Evaluation) -> _Shift:
        """The changes of the islands of ``evaluation``'s position, for its deciding colour."""
        table = evaluation._table
        if table is not self._table or len(self._records) > SHIFTS_LIMIT:
            self._table = table
            self._records = {}
            self._by_value = {}
        records = self._records
        by_value = self._by_value
        view = evaluation._view
        tiles, boats, kings = view.tiles, view.boats, view.kings
        island_at = evaluation._island_at
        colour = evaluation._colour
        may_found = evaluation._may_found
        fade = evaluation._fade
        parts = evaluation._parts

        def shift(position: Hex, added: tuple[int, ...]) -> tuple[float, ...] | None:
            k = island_at.get(position)
            if k is None:
                return None
            beaches = boats[k]
            t = tiles[k][1]
            king = kings[k]
            key = (id(beaches), t, king, colour, may_found, fade)
            record = records.get(key)
            if record is None or record[0] is not beaches:
                same = by_value.setdefault((t, beaches, king, colour, may_found, fade), {})
                record = records[key] = (beaches, same)
            changes = record[1]
            change = changes.get(added, _UNKNOWN)
            if change is _UNKNOWN:
                part = table.part_added(t, beaches, king, colour, added, may_found, fade)
                if part is None:
                    change = None
                else:
                    old = parts[position]  # table.part of the island, as the evaluation rated it
                    change = tuple(p - o for p, o in zip(part, old, strict=True))
                changes[added] = change
            return change

        return shift


def _expansion(
    evaluation: Evaluation, island: Hex, beaches: tuple[int, ...]
) -> tuple[float, ...] | None:
    """Per colour, how the island's part changes with the deciding colour's boats added on
    ``beaches``, as :meth:`~tongiaki_rules.bots.Evaluation.predict` computes it; ``None``
    if it cannot (no island there, or a beach fills)."""
    found = evaluation._island(island)
    if found is None:
        return None
    added = [0] * len(found[1])
    for b in beaches:
        added[b] += 1
    change = evaluation._beach_change(island, evaluation._colour, tuple(added))
    if change is None:
        return None
    old = evaluation._parts[island]
    return tuple(p - o for p, o in zip(change[1], old, strict=True))


def _best(options: list[tuple[Action, float]]) -> list[Action]:
    """The actions of the greatest advantage, as :func:`~tongiaki_rules.bots.best_options`
    finds them (the same tolerance, in the same order)."""
    best: list[Action] = []
    best_value = float("-inf")
    for action, value in options:
        if value > best_value + 1e-9:
            best, best_value = [action], value
        elif value >= best_value - 1e-9:
            best.append(action)
    return best
