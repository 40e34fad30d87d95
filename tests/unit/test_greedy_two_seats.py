"""The greedy bot's two-seat rating and its remembered island changes: the general path's floats.

``_predicted`` rates a two-seat decision's predicted options with the sums
written out for two values (``_predicted_two``) and asks how an island's
part changes of a ``_Shifts`` kept across the bot's decisions. Here both are
compared, bit for bit, with the general computation (``_predicted`` without
shifts, ``Evaluation._delta``) at every decision of whole games, one
``_Shifts`` kept through each game as the bot keeps it, so that its records
outlive the positions they were made in (the fade of the endgame and the
last royal foundings change what an island's part is).
"""

from __future__ import annotations

import random
from collections.abc import Iterator

import pytest

from tongiaki_rules import GameState, Rules, new_game
from tongiaki_rules.bots import GreedyBot, RandomBot
from tongiaki_rules.bots._greedy import _advantage_of, _predicted, _Shifts
from tongiaki_rules.bots._heuristic import DEFAULT_WEIGHTS, Evaluation, Weights
from tongiaki_rules.views import Phase


def _turn_decisions(seed: int, greedy: bool, rules: Rules) -> Iterator[GameState]:
    """Every turn decision with a choice of one two-player game, in order."""
    rng = random.Random(seed)
    bots = [GreedyBot(seed=seed + s) if greedy else RandomBot(seed=seed + s) for s in range(2)]
    state = new_game(2, rules)
    while not state.is_terminal:
        if state.is_chance_node:
            state = state.apply(state.sample_chance(rng))
            continue
        if state.compact.phase == Phase.TURN and len(state._moves()) > 1:
            yield state
        seat = state.current_player
        assert seat is not None
        state = state.apply(bots[seat].choose(state))


@pytest.mark.parametrize(
    ("seed", "greedy", "weights"),
    [
        (1, True, DEFAULT_WEIGHTS),
        (2, True, DEFAULT_WEIGHTS),
        (3, False, DEFAULT_WEIGHTS),
        (4, True, Weights(rivalry=0.3, boat=0.8, alone=0.0, reserve=0.11)),
    ],
)
def test_two_seat_ratings_equal_the_general_path_at_every_turn_decision(
    seed: int, greedy: bool, weights: Weights
) -> None:
    shifts = _Shifts()
    compared = 0
    for state in _turn_decisions(seed, greedy, Rules()):
        seat = state.current_player
        assert seat is not None
        moves = state._moves()
        rate = _advantage_of(seat, 2, weights)
        general = _predicted(Evaluation(state, weights), moves, rate, seat)
        fast = _predicted(Evaluation(state, weights), moves, rate, seat, shifts)
        assert fast == general, (seed, compared)
        compared += 1
    assert compared > 30


@pytest.mark.parametrize("seed", [5, 6])
def test_remembered_island_changes_equal_fresh_deltas(seed: int) -> None:
    shifts = _Shifts()
    looked_at = 0
    for state in _turn_decisions(seed, True, Rules()):
        shift = shifts.bind(Evaluation(state))
        fresh = Evaluation(state)
        view = state.compact
        colour = view.agent
        for position, k in fresh._island_at.items():
            beaches = len(view.boats[k])
            for beach in range(beaches):
                for n in (1, -1) if colour in view.boats[k][beach] else (1,):
                    added = tuple(n if b == beach else 0 for b in range(beaches))
                    assert shift(position, added) == fresh._delta(position, beach, n, colour)
                    looked_at += 1
    assert looked_at > 1000


def test_other_seating_takes_the_general_path() -> None:
    # two colours each (the double-colour variant): no seat per colour, no shortcut
    double = Rules(variant_two_player_double_colour=True)
    state = next(_turn_decisions(7, True, double))
    evaluation = Evaluation(state)
    assert not evaluation._table.seat_per_colour
    seat = state.current_player
    assert seat is not None
    rate = _advantage_of(seat, 2, DEFAULT_WEIGHTS)
    moves = state._moves()
    assert _predicted(evaluation, moves, rate, seat, _Shifts()) == _predicted(
        Evaluation(state), moves, rate, seat
    )
