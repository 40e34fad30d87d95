"""The testing kit itself: each invariant catches a state built to break it."""

from __future__ import annotations

import random
import subprocess
import sys
import textwrap
from functools import cache

import attrs
import pytest
from hypothesis import given, settings

from tongiaki_rules import ORIGIN, DecisionKind, GameState, Rules, new_game, position
from tongiaki_rules.testing import (
    InvariantError,
    check_invariants,
    invariant_violations,
    random_playout,
    reachable_states,
)


@cache
def sample_game(seed: int = 3, num_players: int = 3) -> tuple[GameState, ...]:
    return tuple(random_playout(new_game(num_players), random.Random(seed)))


def first(kind: DecisionKind) -> GameState:
    for seed in range(50):
        for state in sample_game(seed):
            if state.pending.kind is kind:
                return state
    raise LookupError(kind)  # pragma: no cover


def with_royal_island() -> GameState:
    for seed in range(200):
        for state in sample_game(seed):
            if state.royal_islands and state.pending.kind is DecisionKind.TURN:
                return state
    raise LookupError("no royal island")  # pragma: no cover


def only_message(state: GameState, fragment: str) -> None:
    problems = invariant_violations(state)
    assert any(fragment in p for p in problems), problems
    with pytest.raises(InvariantError, match="invariant"):
        check_invariants(state)


def test_reachable_states_of_a_random_game_pass() -> None:
    for state in sample_game():
        assert invariant_violations(state) == []


@pytest.mark.topic("invariants")
def test_a_missing_boat_is_caught() -> None:
    only_message(attrs.evolve(new_game(2), reserve_=(15, 14)), "has 14 boats, not 15")
    only_message(attrs.evolve(new_game(2), reserve_=(16, 15)), "has 16 boats, not 15")


def test_an_overfull_beach_is_caught() -> None:
    state = first(DecisionKind.TURN)
    boats = list(state.boats_)
    beaches = list(boats[0])
    beaches[0] = (0, 0, 0, 0)
    boats[0] = tuple(beaches)
    only_message(attrs.evolve(state, boats_=tuple(boats), _full=None), "holds 4 boats in 3 slots")


def test_two_tiles_at_one_hex_are_caught() -> None:
    state = next(s for s in sample_game() if len(s.tiles_) >= 3)
    tiles = list(state.tiles_)
    _pos, t, r = tiles[1]
    tiles[1] = (tiles[0][0], t, r)
    only_message(attrs.evolve(state, tiles_=tuple(tiles), _where=None), "two tiles at (0, 0)")


def test_tile_conservation() -> None:
    state = first(DecisionKind.TURN)
    lost = attrs.evolve(state, pile_=state.pile_[1:])
    only_message(lost, "tiles are lost")
    assert invariant_violations(lost, exact_tiles=False) == []
    doubled = attrs.evolve(state, pile_=tuple(sorted((*state.pile_, state.pile_[-1]))))
    only_message(doubled, "used more often")
    # a scenario position with a partial pile is fine once exact_tiles is off
    partial = position(2, boats={(ORIGIN, 0): "BR"}, pile=["hawaii", "ocean-a"])
    assert invariant_violations(partial, exact_tiles=False) == []
    assert any("tiles are lost" in p for p in invariant_violations(partial))


@pytest.mark.topic("invariants")
def test_boats_on_a_royal_island_are_caught_unless_the_owner_may_land() -> None:
    state = with_royal_island()
    k = next(i for i, king in enumerate(state.kings_) if king >= 0)
    owner = state.kings_[k]
    boats = list(state.boats_)
    boats[k] = ((owner,), *boats[k][1:])
    reserve = list(state.reserve_)
    reserve[owner] -= 1
    landed = attrs.evolve(state, boats_=tuple(boats), reserve_=tuple(reserve), _full=None)
    only_message(landed, "ROYAL-6")
    may_land = attrs.evolve(
        landed, config=attrs.evolve(state.config, rules=Rules(royal_owner_may_land=True))
    )
    assert not any("ROYAL-6" in p for p in invariant_violations(may_land))


@pytest.mark.topic("invariants")
def test_a_turn_decision_with_a_full_beach_is_caught_unless_a_flag_allows_it() -> None:
    state = first(DecisionKind.DEPARTURE)
    at_turn = attrs.evolve(state, phase_=first(DecisionKind.TURN).phase_, _legal=None)
    only_message(at_turn, "a turn decision with full beaches")
    for flag in ("failure_ends_turn", "closed_forced_colonize_ends_turn_immediately"):
        config = attrs.evolve(state.config, rules=Rules(**{flag: True}))
        allowed = attrs.evolve(at_turn, config=config)
        assert not any("full beaches" in p for p in invariant_violations(allowed))


def test_a_decision_without_legal_actions_is_caught() -> None:
    only_message(attrs.evolve(first(DecisionKind.TURN), _legal=[]), "no legal action")


def test_a_chance_node_with_an_empty_pile_is_caught() -> None:
    state = first(DecisionKind.DRAW)
    problems = invariant_violations(attrs.evolve(state, pile_=()), exact_tiles=False)
    assert any("empty pile" in p for p in problems), problems
    assert any("sum to 0" in p for p in problems), problems


@pytest.mark.topic("invariants")
def test_an_exhausted_tile_type_without_the_end_triggered_is_caught() -> None:
    state = first(DecisionKind.TURN)
    ts = state.config.tiles
    # drop the oceans from the pile (tile conservation complains too)
    islands_only = tuple(t for t in state.pile_ if ts.is_island[t])
    problems = invariant_violations(attrs.evolve(state, pile_=islands_only))
    assert any("no ocean tile is left" in p for p in problems), problems
    assert not any("END-1" in p for p in invariant_violations(state))
    final = sample_game()[-1]
    problems = invariant_violations(attrs.evolve(final, ended_=False))
    assert any("never triggered" in p for p in problems), problems


@pytest.mark.topic("invariants")
def test_random_playout() -> None:
    start = new_game(4)
    states = random_playout(start, random.Random(11), check=True)
    assert states[0] is start and states[-1].is_terminal
    assert states == random_playout(start, random.Random(11))
    with pytest.raises(InvariantError, match="not over after 5 steps"):
        random_playout(start, random.Random(11), max_steps=5)
    with pytest.raises(InvariantError, match="COMP-1"):
        random_playout(attrs.evolve(start, reserve_=(15, 15, 15, 14)), random.Random(0), check=True)


@settings(max_examples=30, deadline=None)
@given(
    reachable_states(
        num_players=2,
        rules=Rules(variant_two_player_double_colour=True),
        until=(DecisionKind.BERTH, DecisionKind.DEPARTURE),
    )
)
def test_reachable_states_options(state: GameState) -> None:
    assert state.num_players == 2 and len(state.colours) == 4
    assert state.is_terminal or state.pending.kind in (DecisionKind.BERTH, DecisionKind.DEPARTURE)
    check_invariants(state)


@settings(max_examples=10, deadline=None)
@given(reachable_states(num_players=5, rules=Rules(variant_two_player_double_colour=True)))
def test_the_two_colour_variant_forces_two_players(state: GameState) -> None:
    assert state.num_players == 2


def test_the_kit_imports_without_hypothesis() -> None:
    script = textwrap.dedent(
        """
        import random, sys
        sys.modules["hypothesis"] = None  # importing it now fails
        from tongiaki_rules import new_game
        from tongiaki_rules.testing import random_playout, reachable_states
        assert random_playout(new_game(2), random.Random(0), check=True)[-1].is_terminal
        try:
            reachable_states()
        except ImportError:
            print("needs hypothesis")
        """
    )
    result = subprocess.run(
        [sys.executable, "-c", script], capture_output=True, text=True, check=True
    )
    assert result.stdout.strip() == "needs hypothesis"
