"""Hundreds of random full games, 2 to 6 players, checked state by state.

Three hundred games, sixty seeds for each player count: the default run (CI)
plays the first twenty seeds of each count, a hundred games; the other two
hundred are marked ``slow`` (``pytest -m slow`` plays them).

Each game is played once (cached) with uniformly random decisions and draws
from ``random.Random(seed)``; the start player varies with the seed. The
tests then check the invariants of :mod:`tongiaki_rules.testing` at every
state, that the game ends, that scores and the outcome agree with an
independent count from the public views, and that replaying the actions
reproduces the game exactly.
"""

from __future__ import annotations

import functools
import random

import pytest

from tongiaki_rules import Action, DecisionKind, GameState, TieBreak, new_game
from tongiaki_rules.testing import check_invariants

SEEDS_PER_PLAYER_COUNT = 60
SEEDS_IN_THE_DEFAULT_RUN = 20
"""The seeds of each player count that the default run plays; the others are ``slow``."""
MAX_STEPS = 5_000
"""A random game takes a few hundred steps; this bound only catches a game that never ends."""

GAMES = [
    pytest.param(
        n,
        seed,
        id=f"{n}p-seed{seed}",
        marks=() if seed < SEEDS_IN_THE_DEFAULT_RUN else pytest.mark.slow,
    )
    for n in range(2, 7)
    for seed in range(SEEDS_PER_PLAYER_COUNT)
]
DEFAULT_RUN_GAMES = [(n, seed) for n in range(2, 7) for seed in range(SEEDS_IN_THE_DEFAULT_RUN)]


@functools.cache
def play(num_players: int, seed: int) -> tuple[tuple[Action, ...], tuple[GameState, ...]]:
    """The actions and states of one random game (every state, the first included)."""
    rng = random.Random(seed)
    state = new_game(num_players, start_player=seed % num_players)
    actions: list[Action] = []
    states = [state]
    while not state.is_terminal:
        assert len(actions) < MAX_STEPS, f"game {num_players}p seed {seed} does not end [END-1]"
        action: Action = (
            state.sample_chance(rng) if state.is_chance_node else rng.choice(state.legal_actions())
        )
        state = state.apply(action)
        actions.append(action)
        states.append(state)
    return tuple(actions), tuple(states)


def expected_scores(state: GameState) -> list[int]:
    """SCORE-1/2, counted from the island views: each seat present scores the value once."""
    scores = [0] * state.num_players
    for island in state.islands:
        seats = {state.seat_of(c) for beach in island.beaches for c in beach.boats}
        if island.king is not None:
            seats.add(state.seat_of(island.king))
        for seat in seats:
            scores[seat] += island.tile.value
    return scores


def expected_tiebreak_counts(state: GameState) -> tuple[list[int], list[int]]:
    """Islands each seat is present on (SCORE-5) and boats on the board (SCORE-6)."""
    include_tonga = state.rules.tiebreak_islands_include_tonga
    islands = [0] * state.num_players
    boats = [0] * state.num_players
    for island in state.islands:
        seats: set[int] = set()
        for beach in island.beaches:
            for c in beach.boats:
                seats.add(state.seat_of(c))
                boats[state.seat_of(c)] += 1
        if island.king is not None:
            seats.add(state.seat_of(island.king))
            boats[state.seat_of(island.king)] += 1  # a royal island counts as one boat
        if include_tonga or not island.tile.is_start:
            for seat in seats:
                islands[seat] += 1
    return islands, boats


@pytest.mark.clause("COMP-1")
@pytest.mark.clause("END-1")
@pytest.mark.parametrize(("num_players", "seed"), GAMES)
def test_invariants_hold_and_the_game_ends(num_players: int, seed: int) -> None:
    _actions, states = play(num_players, seed)
    assert states[-1].is_terminal
    assert states[-1].end_triggered
    pile = states[-1].pile
    assert pile.islands == 0 or pile.oceans == 0  # the end came from END-1, no safety net
    assert all(not s.is_terminal for s in states[:-1])
    for state in states:
        check_invariants(state)


@pytest.mark.clause("SCORE-1")
@pytest.mark.clause("SCORE-2")
@pytest.mark.parametrize(("num_players", "seed"), GAMES)
def test_scores_are_the_island_values_where_each_seat_is_present(
    num_players: int, seed: int
) -> None:
    _actions, states = play(num_players, seed)
    for state in (*states[::25], states[-1]):
        assert list(state.scores()) == expected_scores(state)


@pytest.mark.parametrize(("num_players", "seed"), GAMES)
def test_replaying_the_actions_gives_equal_states_and_hashes(num_players: int, seed: int) -> None:
    actions, states = play(num_players, seed)
    state = new_game(num_players, start_player=seed % num_players)
    assert state == states[0] and hash(state) == hash(states[0])
    for action, original in zip(actions, states[1:], strict=True):
        state = state.apply(action)
        assert state == original
        assert hash(state) == hash(original)
        assert state.legal_actions() == original.legal_actions()


@pytest.mark.clause("SETUP-4")
@pytest.mark.clause("SETUP-6")
@pytest.mark.clause("TURN-3")
@pytest.mark.parametrize(("num_players", "seed"), GAMES)
def test_setup_is_two_plain_rounds_and_turns_pass_clockwise(num_players: int, seed: int) -> None:
    _actions, states = play(num_players, seed)
    start = seed % num_players
    clockwise = [(start + k) % num_players for k in range(num_players)]
    setup = [s.current_player for s in states if s.pending.kind is DecisionKind.SETUP]
    assert setup == clockwise * 2
    # the phase is TURN exactly once per turn, at its start
    turns = [s.current_player for s in states if s.pending.kind is DecisionKind.TURN]
    assert turns == [clockwise[k % num_players] for k in range(len(turns))]
    assert states[-1].turn_player == turns[-1]


@pytest.mark.clause("SCORE-4")
@pytest.mark.clause("SCORE-5")
@pytest.mark.clause("SCORE-6")
@pytest.mark.parametrize(("num_players", "seed"), GAMES)
def test_outcome_is_consistent(num_players: int, seed: int) -> None:
    _actions, states = play(num_players, seed)
    assert states[-2].outcome() is None
    final = states[-1]
    outcome = final.outcome()
    assert outcome is not None
    scores = final.scores()
    assert outcome.scores == scores
    islands, boats = expected_tiebreak_counts(final)
    assert list(outcome.islands) == islands
    assert list(outcome.boats) == boats

    best = max(scores)
    assert all(scores[s] == best for s in outcome.winners)
    tied = [s for s in range(num_players) if scores[s] == best]
    if len(tied) == 1:
        expected = TieBreak.NONE
    else:
        most = max(islands[s] for s in tied)
        tied = [s for s in tied if islands[s] == most]
        if len(tied) == 1:
            expected = TieBreak.ISLANDS
        else:
            fewest = min(boats[s] for s in tied)
            tied = [s for s in tied if boats[s] == fewest]
            expected = TieBreak.BOATS if len(tied) == 1 else TieBreak.SHARED
    assert outcome.tiebreak is expected
    assert sorted(outcome.winners) == tied

    ranked = [s for group in outcome.ranking for s in group]
    assert sorted(ranked) == list(range(num_players))
    assert sorted(outcome.ranking[0]) == tied

    def key(s: int) -> tuple[int, int, int]:
        return (scores[s], islands[s], -boats[s])

    keys = [key(group[0]) for group in outcome.ranking]
    assert keys == sorted(keys, reverse=True)
    assert len(set(keys)) == len(keys)
    for group in outcome.ranking:
        assert len({key(s) for s in group}) == 1


def test_the_games_are_varied() -> None:
    """The default run's sample exercises the interesting paths (a guard against a degenerate
    sample; the whole sample holds it, so it holds the slow run's too)."""
    finals = [play(n, seed)[1][-1] for n, seed in DEFAULT_RUN_GAMES]
    tiebreaks = {outcome.tiebreak for outcome in (f.outcome() for f in finals) if outcome}
    assert TieBreak.NONE in tiebreaks
    assert len(tiebreaks) >= 2
    assert any(final.royal_islands for final in finals)
