"""Random games across every rules flag, player count and custom tile set, checked every step.

The games come from :mod:`tongiaki_rules.fuzzing`: a seeded loop over
``run_seed`` (the same games as ``benchmarks/soak.py``) and a Hypothesis
test over :func:`~tongiaki_rules.fuzzing.game_settings`. A game fails when an
invariant breaks, when the engine raises, when a turn comes back to a state
it was already in (the players could go round that loop for ever), when it
takes more than ``DEFAULT_MAX_DECISIONS`` decisions or runs past a wall-clock
alarm (a loop inside one ``apply`` included): every game must end (END-1).

CI budget: about 500 games, a few seconds on one core.
"""

from __future__ import annotations

import random
import time

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tongiaki_rules import Action, DecisionKind, GameState, Rules, TileSet, fuzzing, new_game
from tongiaki_rules.fuzzing import (
    GameSettings,
    game_settings,
    play_checked_game,
    rules_flag_values,
    rules_strategy,
    run_seed,
    sample_settings,
    settings_for_seed,
    setup_room,
    tile_sets,
)

SEEDED_GAMES = 400
CHUNK = 50
HYPOTHESIS_GAMES = 100
SAMPLES = 400

CI = settings(max_examples=HYPOTHESIS_GAMES, derandomize=True, deadline=None, database=None)


def _reports(seeds: range) -> list[str]:
    return [run.report() for run in map(run_seed, seeds) if run.failure is not None]


@pytest.mark.topic("invariants")
@pytest.mark.parametrize("first", range(0, SEEDED_GAMES, CHUNK))
def test_seeded_random_games_end_with_every_invariant_kept(first: int) -> None:
    reports = _reports(range(first, first + CHUNK))
    assert not reports, f"{len(reports)} of {CHUNK} games failed:\n\n" + "\n".join(reports)


@pytest.mark.topic("invariants")
@CI
@given(game_settings(), st.integers(0, 2**32 - 1))
def test_random_games_over_sampled_settings_end_with_every_invariant_kept(
    chosen: GameSettings, seed: int
) -> None:
    run = play_checked_game(chosen, seed)
    assert run.failure is None, run.report()


def test_every_value_of_every_flag_is_sampled() -> None:
    seen: dict[str, set[object]] = {name: set() for name in rules_flag_values()}
    rng = random.Random(0)
    for _ in range(SAMPLES):
        rules = sample_settings(rng).rules
        for name in seen:
            seen[name].add(getattr(rules, name))
    missing = {n: set(v) - seen[n] for n, v in rules_flag_values().items() if set(v) - seen[n]}
    assert not missing


def test_the_sampled_flags_are_every_field_of_rules() -> None:
    assert list(rules_flag_values()) == [f.name for f in attrs.fields(Rules)]


def test_player_counts_two_to_six_and_the_two_colour_variant_are_sampled() -> None:
    chosen = [settings_for_seed(seed) for seed in range(SAMPLES)]
    assert {s.num_players for s in chosen} == {2, 3, 4, 5, 6}
    two_colour = [s for s in chosen if s.rules.variant_two_player_double_colour]
    assert two_colour
    assert all(s.num_players == 2 for s in two_colour)


def test_custom_tile_sets_and_the_standard_set_are_both_sampled() -> None:
    kinds = {settings_for_seed(seed).tiles.start.id for seed in range(SAMPLES)}
    assert kinds == {"tonga", "start"}


@CI
@given(tile_sets())
def test_every_sampled_tile_set_seats_as_many_players_as_its_start_island_has_room(
    tiles: TileSet,
) -> None:
    for n in range(2, min(6, setup_room(tiles)) + 1):
        state = new_game(n, tiles=tiles)
        assert state.pending.kind is DecisionKind.SETUP


@CI
@given(game_settings())
def test_every_sampled_setting_starts_a_game_at_its_setup(chosen: GameSettings) -> None:
    state = chosen.new_game()
    assert state.pending.kind is DecisionKind.SETUP
    assert state.num_players == chosen.num_players


@settings(max_examples=50, derandomize=True, deadline=None, database=None)
@given(rules_strategy(two_colour=False))
def test_rules_strategy_can_leave_out_the_two_colour_variant(rules: Rules) -> None:
    assert not rules.variant_two_player_double_colour


def test_settings_for_a_seed_are_reproducible() -> None:
    assert [settings_for_seed(s) for s in range(20)] == [settings_for_seed(s) for s in range(20)]
    assert run_seed(11).actions == run_seed(11).actions


def test_a_game_past_the_decision_cap_fails_as_a_game_that_did_not_end() -> None:
    run = play_checked_game(GameSettings(3), seed=1, max_decisions=5)
    assert run.failure is not None and run.failure.startswith("game did not end")
    assert run.decisions == 5
    assert "seed 1" in run.report()


def test_a_turn_that_comes_back_to_a_state_fails_as_a_loop(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    real_apply = GameState.apply
    calls = [0]

    def stuck_after_setup(state: GameState, action: Action) -> GameState:
        calls[0] += 1
        if calls[0] > 6 and state.pending.kind is not DecisionKind.TURN:
            return state  # the action changes nothing: the players could repeat it for ever
        return real_apply(state, action)

    monkeypatch.setattr(GameState, "apply", stuck_after_setup)
    run = play_checked_game(GameSettings(2), seed=4)
    assert run.failure is not None
    assert "a turn can loop for ever" in run.failure and "a cycle of 1 actions" in run.failure


def test_a_hang_inside_one_step_fails_by_the_wall_clock_alarm(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    calls = [0]

    def hang_on_the_third_step(state: object) -> list[str]:
        calls[0] += 1
        while calls[0] > 3:
            time.sleep(0.01)
        return []

    monkeypatch.setattr(fuzzing, "invariant_violations", hang_on_the_third_step)
    began = time.perf_counter()
    run = play_checked_game(GameSettings(2), seed=2, time_limit=0.3)
    assert time.perf_counter() - began < 5
    assert run.failure is not None and "still running after 0.3 s" in run.failure
    assert len(run.actions) == 3


def test_a_broken_invariant_fails_with_the_seed_the_rules_and_the_history(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    calls = [0]

    def break_on_the_fifth_state(state: object) -> list[str]:
        calls[0] += 1
        return ["a beach holds too many boats"] if calls[0] == 5 else []

    monkeypatch.setattr(fuzzing, "invariant_violations", break_on_the_fifth_state)
    chosen = GameSettings(2, Rules(variant_rody=True))
    run = play_checked_game(chosen, seed=9)
    report = run.report()
    assert run.failure == "invariants broken after action 3: a beach holds too many boats"
    assert "seed 9" in report and "variant_rody=True" in report
    assert "3: " in report and len(run.actions) == 4


def test_an_exception_from_the_engine_fails_the_game(monkeypatch: pytest.MonkeyPatch) -> None:
    def explode(state: object) -> list[str]:
        raise KeyError("slot")

    monkeypatch.setattr(fuzzing, "invariant_violations", explode)
    run = play_checked_game(GameSettings(2), seed=0)
    assert run.failure == "KeyError raised: 'slot'"
