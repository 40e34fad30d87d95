"""The greedy bot's shortcuts for three to six seats give the floats of the longer way.

With more than two seats the bot rates a turn decision's predicted options
by ``_predicted_many``: the island changes asked of the ``_Shifts`` kept
across its decisions, the sums shared by the options worked out once.
:class:`~tongiaki_rules.bots.Evaluation` finds the islands among the tiles
by the table's layout, kept per tiles object; the rivals' advantage slices
the values instead of filtering them; ``Pacing.repeats`` turns most previews
away by their boats alone. Each is compared here, bit for bit, with the
computation it shortens, at every decision of whole games of three to six
players (one ``_Shifts`` and one table kept through each game, as the bot
keeps them, so that their records outlive the positions they were made in).
"""

from __future__ import annotations

import random
from collections.abc import Iterator

import pytest

from tongiaki_rules import GameState, Rules, new_game
from tongiaki_rules.bots import GreedyBot, RandomBot
from tongiaki_rules.bots._greedy import _advantage_of, _predicted, _Shifts
from tongiaki_rules.bots._heuristic import (
    DEFAULT_WEIGHTS,
    Evaluation,
    Weights,
    advantage,
    seat_values,
)
from tongiaki_rules.bots._pacing import Pacing
from tongiaki_rules.bots._tables import column_sums
from tongiaki_rules.views import Phase


def _decisions(players: int, seed: int, greedy: int) -> Iterator[GameState]:
    """Every decision with a choice of one game: the first ``greedy`` seats play greedily."""
    rng = random.Random(seed)
    bots = [
        GreedyBot(seed=seed + s) if s < greedy else RandomBot(seed=seed + s) for s in range(players)
    ]
    state = new_game(players, Rules())
    while not state.is_terminal:
        if state.is_chance_node:
            state = state.apply(state.sample_chance(rng))
            continue
        if len(state._moves()) > 1:
            yield state
        seat = state.current_player
        assert seat is not None
        state = state.apply(bots[seat].choose(state))


GAMES = [(3, 11, 3), (4, 12, 2), (5, 13, 1), (6, 14, 6), (3, 21, 1), (4, 22, 4), (5, 23, 5)]
"""``(players, seed, greedy seats)`` of the games compared."""


@pytest.mark.parametrize(("players", "seed", "greedy"), GAMES)
def test_many_seat_ratings_equal_the_general_path_at_every_turn_decision(
    players: int, seed: int, greedy: int
) -> None:
    shifts = _Shifts()
    compared = 0
    for state in _decisions(players, seed, greedy):
        if state.compact.phase != Phase.TURN:
            continue
        seat = state.current_player
        assert seat is not None
        moves = state._moves()
        rate = _advantage_of(seat, players, DEFAULT_WEIGHTS)
        general = _predicted(Evaluation(state), moves, rate, seat)
        fast = _predicted(Evaluation(state), moves, rate, seat, shifts)
        assert fast == general, (players, seed, compared)
        compared += len(general[0])
    assert compared > 150


def test_many_seat_ratings_with_other_weights() -> None:
    weights = Weights(rivalry=0.3, boat=0.8, alone=0.0, reserve=0.11, reserve_cap=4)
    shifts = _Shifts()
    compared = 0
    for state in _decisions(4, 15, 2):
        if state.compact.phase != Phase.TURN:
            continue
        seat = state.current_player
        assert seat is not None
        moves = state._moves()
        rate = _advantage_of(seat, 4, weights)
        general = _predicted(Evaluation(state, weights), moves, rate, seat)
        assert _predicted(Evaluation(state, weights), moves, rate, seat, shifts) == general
        compared += len(general[0])
    assert compared > 150


@pytest.mark.parametrize("seats", [3, 4, 5, 6])
def test_the_rivals_advantage_is_advantage_bit_for_bit(seats: int) -> None:
    rng = random.Random(seats)
    for weights in (DEFAULT_WEIGHTS, Weights(rivalry=0.3), Weights(rivalry=1.0)):
        for _ in range(2000):
            # few distinct values, so that ties, zeros and repeated maxima come up
            values = tuple(
                rng.choice((0.0, -0.0, 1.5, 2.25, rng.uniform(-9, 9))) for _ in range(seats)
            )
            for seat in range(seats):
                fast = _advantage_of(seat, seats, weights)(values)
                slow = advantage(values, seat, weights)
                assert fast == slow and str(fast) == str(slow), (values, seat)
                assert _advantage_of(seat, seats, weights)(list(values)) == slow


def _scanned(evaluation: Evaluation) -> tuple[dict[object, int], list[int], list[int], list[float]]:
    """The islands of the position found tile by tile, as the evaluation found them before
    the layout: where each island is, the islands' tiles, each tile's place, the sums."""
    table = evaluation._table
    view = evaluation._view
    island_at: dict[object, int] = {}
    ks: list[int] = []
    ordinal: list[int] = []
    listed = []
    for k, ((position, t, _r), beaches, king) in enumerate(
        zip(view.tiles, view.boats, view.kings, strict=True)
    ):
        if table.is_island[t]:
            island_at[position] = k
            ordinal.append(len(ks))
            ks.append(k)
            listed.append(table.part(t, beaches, king, evaluation._may_found, evaluation._fade))
        else:
            ordinal.append(-1)
    return island_at, ks, ordinal, column_sums(listed, table.colours)


@pytest.mark.parametrize(("players", "seed", "greedy"), GAMES[:3])
def test_the_island_layout_is_the_scan_of_the_tiles(players: int, seed: int, greedy: int) -> None:
    kept = 0
    last_tiles: object = None
    for state in _decisions(players, seed, greedy):
        evaluation = Evaluation(state)
        if state.compact.phase == Phase.OVER:  # pragma: no cover - no decision there
            continue
        island_at, ks, ordinal, sums = _scanned(evaluation)
        assert evaluation._island_at == island_at
        assert list(evaluation._island_at) == list(island_at)  # in the order of the tiles
        assert evaluation._island_ks == ks
        assert evaluation._ordinal == ordinal
        assert evaluation._islands == sums
        assert list(evaluation._parts) == list(island_at)
        assert evaluation.values() == seat_values(state)
        kept += state.compact.tiles is last_tiles
        last_tiles = state.compact.tiles
    assert kept > 20  # the layout was looked up for tiles it had seen


@pytest.mark.parametrize(("players", "seed", "greedy"), GAMES[:3])
def test_a_repeat_is_told_as_by_comparing_every_position(
    players: int, seed: int, greedy: int
) -> None:
    pacing = Pacing()
    looked_at = 0
    turn: list[GameState] = []  # the positions decided in during this turn
    earlier = 0
    for state in _decisions(players, seed, greedy):
        pacing.start(state)
        if state.compact.phase == Phase.TURN:
            turn.clear()
        turn.append(state)
        assert all(pacing.repeats(seen) for seen in turn)  # each is a repeat, the first too
        earlier += len(turn) - 1
        for action in state._moves():
            result = state._preview(action)
            boats = result.compact.boats
            slow = any(
                boats == seen_boats and result == seen
                for seen, seen_boats in zip(pacing._this_turn, pacing._boats, strict=True)
            )
            assert pacing.repeats(result) == slow
            looked_at += 1
    assert looked_at > 500
    assert earlier > 20


@pytest.mark.parametrize(("players", "seed", "greedy"), GAMES[:4])
def test_remembered_island_changes_are_the_parts_with_the_boats_moved(
    players: int, seed: int, greedy: int
) -> None:
    # worked out by hand here: the beach with a boat more (sorted) or less, or None if it fills
    shifts = _Shifts()
    looked_at = 0
    for state in _decisions(players, seed, greedy):
        if state.compact.phase != Phase.TURN:
            continue
        evaluation = Evaluation(state)
        shift = shifts.bind(evaluation)
        table = evaluation._table
        view = state.compact
        colour = view.agent
        for position, k in evaluation._island_at.items():
            t, beaches, king = view.tiles[k][1], view.boats[k], view.kings[k]
            old = table.part(t, beaches, king, evaluation._may_found, evaluation._fade)
            for beach, boats in enumerate(beaches):
                for n in (1, -1) if colour in boats else (1,):
                    added = tuple(n if b == beach else 0 for b in range(len(beaches)))
                    if n > 0 and len(boats) + 1 >= table.slots[t][beach]:
                        expected = None
                    else:
                        moved = list(boats)
                        if n > 0:
                            moved = sorted([*moved, colour])
                        else:
                            moved.remove(colour)
                        changed = (*beaches[:beach], tuple(moved), *beaches[beach + 1 :])
                        part = table.part(t, changed, king, evaluation._may_found, evaluation._fade)
                        expected = tuple(p - o for p, o in zip(part, old, strict=True))
                    assert shift(position, added) == expected, (position, added)
                    looked_at += 1
    assert looked_at > 300


@pytest.mark.parametrize(("players", "seed", "greedy"), GAMES[:4])
def test_a_preview_is_rated_as_a_fresh_evaluation_rates_it(
    players: int, seed: int, greedy: int
) -> None:
    # applied() adds each column on from the sum of its entries before the first moved
    # island; a fresh evaluation adds every column up from 0.0
    looked_at = 0
    for state in _decisions(players, seed, greedy):
        evaluation = Evaluation(state)
        for action in state._moves():
            result = state._preview(action)
            assert evaluation.applied(result) == seat_values(result), action
            looked_at += 1
    assert looked_at > 500


def test_the_sums_with_moved_parts_are_the_sums_of_the_replaced_columns() -> None:
    rng = random.Random(3)
    compared = 0
    for state in _decisions(5, 31, 2):
        evaluation = Evaluation(state)
        listed = evaluation._listed
        colours = evaluation._table.colours
        for _ in range(5):
            places = sorted(rng.sample(range(len(listed)), rng.randint(0, min(4, len(listed)))))
            moved = [
                (n, tuple(rng.choice((0.0, 1.2, rng.uniform(0, 9))) for _ in range(colours)))
                for n in places
            ]
            replaced = list(listed)
            for n, part in moved:
                replaced[n] = part
            assert evaluation._sums_with(moved) == column_sums(replaced, colours), places
            compared += 1
    assert compared > 300
