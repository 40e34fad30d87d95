"""The greedy bot's fast choice (issue 40, point 4) makes the very choices of the code before it.

:class:`ReferenceGreedy` is the greedy bot as it was before the fast path
(commit cae62d7): every option rated by ``rate_options`` into a values
tuple, the best picked by ``best_options``; it rates by previews
(``previews=True``), as the bot has since it stopped paying for the reply
AMB-25's look-ahead plays when only one choice of the next decision can end
the turn (a preview and the step differ only there; ``test_bot_shortcuts``). The games below put a
reference bot and a :class:`GreedyBot` with the same seed in the same seat:
at each of the seat's decisions both are asked, must answer the same
action, and must leave their random generators in the same state (so the
ties were broken by the same draws, and the options sampled alike). The
other seats play at random or greedily, so the positions cover every kind
of decision, the sampling of options (``sample=``), the impatience that
favours draws (``patience=``) and the avoidance of circles within a turn.
"""

from __future__ import annotations

import random

import pytest

from tongiaki_rules import GameState, Rules, new_game
from tongiaki_rules.actions import Action
from tongiaki_rules.bots import GreedyBot, RandomBot
from tongiaki_rules.bots._heuristic import DEFAULT_WEIGHTS, Evaluation, Weights
from tongiaki_rules.bots._options import best_options, rate_options
from tongiaki_rules.bots._pacing import Pacing


class ReferenceGreedy:
    """``GreedyBot.choose`` before the fast path, kept to compare against."""

    def __init__(
        self, seed: int, sample: int = 24, patience: int = 4, weights: Weights = DEFAULT_WEIGHTS
    ) -> None:
        self._rng = random.Random(seed)
        self.sample = sample
        self.weights = weights
        self._pacing = Pacing(patience)

    def choose(self, state: GameState) -> Action:
        self._pacing.start(state)
        actions = state.legal_actions()
        if len(actions) == 1:
            return actions[0]
        seat = state.current_player
        assert seat is not None
        evaluation = Evaluation(state, self.weights)
        options = rate_options(
            state, evaluation, self._pacing, self._rng, self.sample, previews=True
        )
        best = best_options(options, seat, evaluation)
        return best[0][0] if len(best) == 1 else self._rng.choice(best)[0]


def _lockstep(
    players: int,
    rules: Rules,
    seed: int,
    *,
    greedy_seats: tuple[int, ...],
    sample: int = 24,
    patience: int = 4,
    weights: Weights = DEFAULT_WEIGHTS,
    limit: int = 400,
) -> int:
    """Play one game with reference and fast bots side by side; the decisions compared."""
    rng = random.Random(seed)
    pairs = {
        s: (
            ReferenceGreedy(seed + s, sample, patience, weights),
            GreedyBot(seed + s, sample=sample, patience=patience, weights=weights),
        )
        for s in greedy_seats
    }
    others = {s: RandomBot(seed=seed * 7 + s) for s in range(players) if s not in pairs}
    state = new_game(players, rules)
    compared = 0
    while not state.is_terminal and compared < limit:
        if state.is_chance_node:
            state = state.apply(state.sample_chance(rng))
            continue
        seat = state.current_player
        assert seat is not None
        if seat in pairs:
            reference, fast = pairs[seat]
            expected = reference.choose(state)
            chosen = fast.choose(state)
            assert chosen == expected, (seed, compared, expected, chosen)
            assert fast._rng.getstate() == reference._rng.getstate(), (seed, compared)
            compared += 1
        else:
            chosen = others[seat].choose(state)
        state = state.apply(chosen)
    return compared


@pytest.mark.parametrize("seed", range(4))
def test_two_players_against_random(seed: int) -> None:
    assert _lockstep(2, Rules(), 100 + seed, greedy_seats=(seed % 2,)) > 20


def test_two_greedy_seats_both_compared() -> None:
    assert _lockstep(2, Rules(), 7, greedy_seats=(0, 1)) > 40


def test_four_players_and_double_colours() -> None:
    assert _lockstep(4, Rules(), 11, greedy_seats=(1, 2), limit=120) > 20
    double = Rules(variant_two_player_double_colour=True)
    assert _lockstep(2, double, 12, greedy_seats=(0,), limit=120) > 20


def test_few_options_sampled_and_no_patience() -> None:
    # sample=3 samples at nearly every turn; patience=0 makes the bot impatient early,
    # so the bonus for drawing a tile and the circles of a turn are exercised
    assert _lockstep(2, Rules(), 21, greedy_seats=(0, 1), sample=3, patience=0, limit=200) > 40


def test_other_weights() -> None:
    weights = Weights(rivalry=0.2, boat=0.9, alone=0.0)
    assert _lockstep(3, Rules(), 31, greedy_seats=(0,), weights=weights, limit=100) > 20


@pytest.mark.slow
@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_many_games(players: int) -> None:
    for seed in range(10):
        _lockstep(players, Rules(), 1000 * players + seed, greedy_seats=tuple(range(players)))


def test_the_best_options_are_picked_with_the_same_tolerance() -> None:
    # values a hair apart (within and beyond the 1e-9 of best_options), in random orders
    from tongiaki_rules.bots._greedy import _best

    state = new_game(2)
    evaluation = Evaluation(state)
    actions = list(state.legal_actions())
    rng = random.Random(5)
    steps = (0.0, 4e-10, 9e-10, 1.1e-9, 2e-9, 1e-3, 0.5)
    for _ in range(500):
        values = [1.0 + rng.choice(steps) * rng.choice((-1, 1)) for _ in actions]
        options = [(a, None, (v, 0.0), False) for a, v in zip(actions, values, strict=True)]
        expected = [o[0] for o in best_options(options, 0, evaluation)]
        # with rivalry 0.5 and the rival at 0.0, the advantage is the value itself
        assert _best([(a, v) for a, v in zip(actions, values, strict=True)]) == expected
