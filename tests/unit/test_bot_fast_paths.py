"""The bots' fast paths (issue 17): the same values and the same choices as the view-based code."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tongiaki_rules import GameState, Rules, new_game
from tongiaki_rules.bots import MCTSBot
from tongiaki_rules.bots import _heuristic as heuristic
from tongiaki_rules.bots import _mcts as mcts
from tongiaki_rules.bots import _tables as tables
from tongiaki_rules.bots._heuristic import DEFAULT_WEIGHTS, Evaluation, island_terms, seat_values
from tongiaki_rules.bots._tables import table_for


def _positions(players: int, rules: Rules, seed: int, count: int) -> list[GameState]:
    """Every 13th decision with a choice of one random game, at most ``count`` of them."""
    rng = random.Random(seed)
    state = new_game(players, rules)
    found: list[GameState] = []
    step = 0
    while not state.is_terminal and len(found) < count:
        if state.is_chance_node:
            state = state.apply(state.sample_chance(rng))
            continue
        if len(state.legal_actions()) > 1:
            step += 1
            if step % 13 == 0:
                found.append(state)
        state = state.apply(rng.choice(state.legal_actions()))
    return found


def _golden_positions() -> list[GameState]:
    return (
        _positions(2, Rules(), 21, 6)
        + _positions(4, Rules(), 22, 5)
        + _positions(2, Rules(variant_two_player_double_colour=True), 23, 3)
    )


# The choices of MCTSBot(seed=k) on the golden positions, made by commit e850bc7,
# before the heuristic read the compact fields.
BEFORE_DEFAULT = [
    "Depart(island=(0, 0), beach=1, jetty=1)",
    "FoundRoyal(island=(2, -2))",
    "Expand(island=(1, -3), beaches=(0,))",
    "PlaceNewBoats(island=(-1, -2), beaches=(0,))",
    "Expand(island=(0, 0), beaches=(1, 2, 4, 5))",
    "Berth(colour=Colour.BLUE, beach=1)",
    "Expand(island=(0, 0), beaches=(2, 5))",
    "Berth(colour=Colour.RED, beach=4)",
    "Expand(island=(0, 1), beaches=(0, 1, 2))",
    "Expand(island=(0, -4), beaches=(0,))",
    "Berth(colour=Colour.RED, beach=2)",
    "Expand(island=(0, 0), beaches=(5,))",
    "Expand(island=(0, 0), beaches=(4,))",
    "Berth(colour=Colour.BLUE, beach=1)",
]
# ... and of MCTSBot(seed=k, rollout=4, iterations=25).
BEFORE_ROLLOUT = [
    "Depart(island=(0, 0), beach=4, jetty=4)",
    "Expand(island=(2, -2), beaches=(1,))",
    "Expand(island=(1, -3), beaches=(1,))",
    "PlaceNewBoats(island=(-1, 1), beaches=(2,))",
    "Expand(island=(0, 0), beaches=(1, 2, 3, 5))",
    "Berth(colour=Colour.BLUE, beach=0)",
    "Expand(island=(0, 0), beaches=(0, 2))",
    "Berth(colour=Colour.RED, beach=4)",
    "Expand(island=(0, 1), beaches=(0, 1, 2))",
    "Recolonize()",
    "Berth(colour=Colour.BLUE, beach=0)",
    "Expand(island=(0, 0), beaches=(3,))",
    "Expand(island=(0, 0), beaches=(5,))",
    "Berth(colour=Colour.BLUE, beach=1)",
]


def test_mcts_makes_the_same_seeded_choices_as_before_the_fast_evaluation() -> None:
    positions = _golden_positions()
    assert [repr(MCTSBot(seed=k).choose(s)) for k, s in enumerate(positions)] == BEFORE_DEFAULT
    rollout = [
        repr(MCTSBot(seed=k, rollout=4, iterations=25).choose(s)) for k, s in enumerate(positions)
    ]
    assert rollout == BEFORE_ROLLOUT


def test_small_caches_change_no_choice(monkeypatch: pytest.MonkeyPatch) -> None:
    positions = _golden_positions()[:6]
    tables._TABLES.clear()
    monkeypatch.setattr(tables, "CACHE_LIMIT", 3)
    monkeypatch.setattr(mcts, "CHANCES_LIMIT", 2)
    assert [repr(MCTSBot(seed=k).choose(s)) for k, s in enumerate(positions)] == BEFORE_DEFAULT[:6]
    tables._TABLES.clear()


def _view_values(state: GameState) -> tuple[float, ...]:
    """The islands' part of the colours' values, from the public views (the reference)."""
    colours = len(state.colours)
    may_found = tuple(state.royal_islands_founded(c) < 2 for c in state.colours)
    fade = heuristic.Evaluation(state)._fade
    totals = [0.0] * colours
    for view in state.islands:
        full, points = island_terms(view, colours, may_found, DEFAULT_WEIGHTS)
        for c in range(colours):
            totals[c] += points[c] + fade * (full[c] - points[c])
    return tuple(totals)


@settings(max_examples=25, deadline=None)
@given(
    players=st.integers(min_value=2, max_value=6),
    seed=st.integers(min_value=0, max_value=10**6),
)
def test_the_compact_island_parts_equal_the_view_based_terms(players: int, seed: int) -> None:
    for state in _positions(players, Rules(), seed, 4):
        evaluation = Evaluation(state)
        assert tuple(evaluation._islands) == _view_values(state)
        table = table_for(state.config, DEFAULT_WEIGHTS)
        may_found = evaluation._may_found
        for view in state.islands:
            k = state.where_()[view.position]
            compact = table.terms(state.tiles_[k][1], state.boats_[k], state.kings_[k], may_found)
            full, points = island_terms(view, len(state.colours), may_found, DEFAULT_WEIGHTS)
            assert (tuple(compact[0]), tuple(compact[1])) == (full, points)


@settings(max_examples=20, deadline=None)
@given(
    players=st.integers(min_value=2, max_value=6),
    seed=st.integers(min_value=0, max_value=10**6),
)
def test_predicted_and_followed_values_equal_a_fresh_evaluation(players: int, seed: int) -> None:
    for state in _positions(players, Rules(), seed, 3):
        evaluation = Evaluation(state)
        for action in state.legal_actions():
            result = state.apply(action)
            fresh = seat_values(result)
            assert evaluation.applied(result) == fresh
            predicted = evaluation.predict(action)
            assert predicted is None or predicted == pytest.approx(fresh, abs=1e-9)


def test_a_bot_given_new_weights_forgets_the_win_chances_of_the_old_ones() -> None:
    positions = _golden_positions()[:6]
    hot = heuristic.Weights(temperature=0.5)
    changed = MCTSBot(seed=1, iterations=20)
    changed.choose(positions[0])  # remembers win chances at the default temperature
    changed.weights = hot
    fresh = MCTSBot(seed=1, iterations=20, weights=hot)
    fresh.choose(positions[0])
    assert [changed.choose(s) for s in positions] == [fresh.choose(s) for s in positions]
