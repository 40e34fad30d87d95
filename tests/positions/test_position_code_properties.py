"""Every reachable state has a one-line, URL-safe code that reads back as the same state."""

from __future__ import annotations

import random
import re
import string

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tongiaki_rules import GameState, TongiakiError, new_game
from tongiaki_rules.fuzzing import call_safely, rules_strategy, sample_rules
from tongiaki_rules.position_code import MAX_CODE_LENGTH
from tongiaki_rules.testing import check_invariants, random_playout, reachable_states

URL_SAFE = re.compile(r"[A-Za-z0-9._~-]+")
LONGEST = 600
"""The longest code measured (556) rounded up: 0.05 % of states pass 400, all by a long chain."""
LONGEST_WITHOUT_CHAIN = 360
"""Every code without its chain part (the departures since the last draw) measured at most 351."""

PROPERTY = settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
FUZZ = settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.too_slow])
DEFAULT_RUN_EXAMPLES = 100
"""The default run's sample of the two costliest properties; their full samples are ``slow``."""


def assert_round_trip(state: GameState) -> str:
    code = state.to_position_code()
    assert URL_SAFE.fullmatch(code), code
    assert len(code) <= LONGEST, (len(code), code)
    chain = sum(len(part) + 1 for part in code.split("_")[4:] if part.startswith("c"))
    assert len(code) - chain <= LONGEST_WITHOUT_CHAIN, (len(code), code)
    back = GameState.from_position_code(code)
    assert back == state
    assert hash(back) == hash(state)
    assert back.legal_actions() == state.legal_actions()
    assert back.to_position_code() == code
    return code


REACHABLE = reachable_states(rules=rules_strategy(), max_steps=400)


@settings(PROPERTY, max_examples=DEFAULT_RUN_EXAMPLES)
@given(REACHABLE)
def test_every_reachable_state_reads_back_from_its_code(state: GameState) -> None:
    assert_round_trip(state)


@pytest.mark.slow
@PROPERTY
@given(REACHABLE)
def test_every_reachable_state_reads_back_from_its_code_on_the_full_sample(
    state: GameState,
) -> None:
    assert_round_trip(state)


def test_whole_games_under_sampled_rules_round_trip_state_by_state() -> None:
    rng = random.Random(2026)
    for _ in range(12):
        rules = sample_rules(rng)
        players = 2 if rules.variant_two_player_double_colour else rng.randint(2, 6)
        game = random_playout(new_game(players, rules, start_player=rng.randrange(players)), rng)
        for state in game:
            assert_round_trip(state)


def _mutations(code: str) -> st.SearchStrategy[str]:
    alphabet = string.ascii_letters + string.digits + "-._~"
    k = st.integers(0, len(code) - 1)
    flip = st.tuples(k, st.sampled_from(alphabet)).map(
        lambda p: code[: p[0]] + p[1] + code[p[0] + 1 :]
    )
    cut = k.map(lambda i: code[:i])
    drop = k.map(lambda i: code[:i] + code[i + 1 :])
    dup = st.tuples(k, k).map(lambda p: code[: max(p)] + code[min(p) : max(p)] + code[max(p) :])
    return st.one_of(flip, cut, drop, dup)


def _code_after(seed: int, steps: int) -> str:
    """The code of the state after ``steps`` random steps of a seeded game (or of its end): the
    state ``random_playout(...)[steps]`` would reach, without playing the rest of the game."""
    rng = random.Random(seed)
    state = new_game(2 + seed % 5)
    for _ in range(steps):
        if state.is_terminal:
            break
        if state.is_chance_node:
            state = state.apply(state.sample_chance(rng))
        else:
            state = state.apply(rng.choice(state.legal_actions()))
    return state.to_position_code()


CODES = st.builds(_code_after, st.integers(0, 2**16), st.integers(0, 300))


def test_the_codes_mutated_are_those_of_states_of_random_playouts() -> None:
    for seed in (3, 4, 70):
        game = random_playout(new_game(2 + seed % 5), random.Random(seed))
        for steps in (0, 1, 150, 300, len(game) + 5):
            assert _code_after(seed, steps) == game[min(steps, len(game) - 1)].to_position_code()


def _read_or_refuse(code: object) -> None:
    result = call_safely(GameState.from_position_code, code)
    if isinstance(result, Exception):
        assert isinstance(result, TongiakiError), repr(result)
        assert str(result).startswith("position code"), str(result)
    else:
        check_invariants(result)
        assert GameState.from_position_code(result.to_position_code()) == result


@settings(FUZZ, max_examples=DEFAULT_RUN_EXAMPLES)
@given(CODES.flatmap(_mutations))
def test_a_mutated_code_reads_to_a_sound_state_or_raises_a_code_error(code: str) -> None:
    _read_or_refuse(code)


@pytest.mark.slow
@FUZZ
@given(CODES.flatmap(_mutations))
def test_a_mutated_code_reads_to_a_sound_state_or_raises_a_code_error_on_the_full_sample(
    code: str,
) -> None:
    _read_or_refuse(code)


@FUZZ
@given(
    st.text(alphabet=string.ascii_letters + string.digits + "-._~", max_size=80).map(
        lambda text: "T1_" + text
    )
    | st.text(max_size=40)
    | st.binary(max_size=20)
    | st.integers()
)
def test_random_text_never_escapes_as_anything_but_a_code_error(code: object) -> None:
    _read_or_refuse(code)


def test_the_read_cap_leaves_room_for_every_real_code() -> None:
    assert MAX_CODE_LENGTH > 3 * LONGEST
