"""Which build is running: ``tongiaki_rules.COMPILED`` tells the pure and the compiled apart."""

from __future__ import annotations

import os
import random
from importlib.machinery import EXTENSION_SUFFIXES

import attrs

import tongiaki_rules
from tongiaki_rules import new_game
from tongiaki_rules._engine import freeze, work
from tongiaki_rules._state import GameState


def test_compiled_says_whether_the_engine_is_an_extension_module() -> None:
    is_extension = str(work.__file__).endswith(tuple(EXTENSION_SUFFIXES))
    assert tongiaki_rules.COMPILED is is_extension


def test_the_build_under_test_is_the_one_ci_asked_for() -> None:
    # .ci/run sets TONGIAKI_EXPECT_BUILD for each of its two runs; unset, any build will do
    expected = os.environ.get(
        "TONGIAKI_EXPECT_BUILD", "compiled" if tongiaki_rules.COMPILED else "pure"
    )
    assert ("compiled" if tongiaki_rules.COMPILED else "pure") == expected


def test_the_engine_sets_every_slot_of_a_state_in_field_order() -> None:
    fields = tuple(field.name for field in attrs.fields(GameState))
    assert (*fields, "_attrs_cached_hash") == freeze.STATE_SLOTS
    assert set(GameState.__slots__) == {*freeze.STATE_SLOTS, "__weakref__"}


def test_states_the_engine_builds_are_those_the_class_builds() -> None:
    # the compiled build fills a new state's slots directly instead of calling attrs' __init__
    rng = random.Random(5)
    state = new_game(3)
    while not state.is_terminal:
        legal = state.legal_actions()
        state = state.apply(rng.choice(legal) if legal else state.sample_chance(rng))
        fields = {name: getattr(state, name) for name in freeze.STATE_SLOTS[:-1]}
        rebuilt = GameState(**fields)
        assert rebuilt == state and hash(rebuilt) == hash(state)
        assert all(getattr(rebuilt, name) is v for name, v in fields.items())


def test_actions_the_engine_offers_are_those_the_classes_build() -> None:
    # the engine makes its actions slot by slot, without the classes' field checks
    rng = random.Random(8)
    for players in (2, 4, 6):
        state = new_game(players)
        while not state.is_terminal:
            legal = state.legal_actions()
            for action in legal:
                fields = attrs.asdict(action, recurse=False)
                rebuilt = type(action)(**fields)
                assert rebuilt == action and hash(rebuilt) == hash(action)
                assert repr(rebuilt) == repr(action)  # the same field types too (1, not True)
            state = state.apply(rng.choice(legal) if legal else state.sample_chance(rng))
