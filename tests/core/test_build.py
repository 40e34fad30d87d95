"""Which build is running: ``tongiaki_rules.COMPILED`` tells the pure and the compiled apart."""

from __future__ import annotations

import ast
import os
import random
from importlib.machinery import EXTENSION_SUFFIXES
from pathlib import Path

import attrs

import tongiaki_rules
from tongiaki_rules import new_game
from tongiaki_rules._engine import work
from tongiaki_rules._state import STATE_SLOTS, GameState


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
    assert (*fields, "_attrs_cached_hash") == STATE_SLOTS
    assert set(GameState.__slots__) == {*STATE_SLOTS, "__weakref__"}


POSITION_FIELDS = [f.name for f in attrs.fields(GameState) if f.name.endswith("_")]
"""The position's parts as ``GameState`` declares them (``tiles_``, ``boats_``, ...)."""


ENGINE = Path(__file__).resolve().parents[2] / "src" / "tongiaki_rules" / "_engine"
"""The engine's sources (read as text: in the compiled build the modules are extensions)."""


def _function(module: str, qualname: str) -> ast.FunctionDef:
    tree = ast.parse((ENGINE / f"{module}.py").read_text("utf-8"))
    for node in ast.walk(tree):
        if isinstance(node, ast.ClassDef):
            for item in node.body:
                if isinstance(item, ast.FunctionDef) and f"{node.name}.{item.name}" == qualname:
                    return item
        if isinstance(node, ast.FunctionDef) and node.name == qualname:
            return node
    raise AssertionError(f"{qualname} not found")


def test_the_scratch_copy_reads_every_declared_field_of_a_state() -> None:
    """A field added to ``GameState`` and not to the engine's copy fails here, not in a game.

    ``Board.__init__`` copies ``s.<name>_`` into ``self.<name>`` for each part of the
    position, and ``Board._copy`` copies ``w.<name>`` for each of them.
    """
    init = _function("board", "Board.__init__")
    read = {
        node.attr
        for node in ast.walk(init)
        if isinstance(node, ast.Attribute)
        and isinstance(node.value, ast.Name)
        and node.value.id == "s"
    }
    assert set(POSITION_FIELDS) <= read, sorted(set(POSITION_FIELDS) - read)
    copy = _function("board", "Board._copy")
    copied = {
        target.attr
        for node in ast.walk(copy)
        if isinstance(node, ast.Assign)
        for target in node.targets
        if isinstance(target, ast.Attribute)
    }
    assert {name[:-1] for name in POSITION_FIELDS} <= copied


def test_freezing_writes_the_declared_fields_in_their_order() -> None:
    """``freeze`` hands the slots their values by position: the order is the declared one."""
    function = _function("freeze", "freeze")
    values = next(
        node.value
        for node in ast.walk(function)
        if isinstance(node, ast.AnnAssign)
        and isinstance(node.target, ast.Name)
        and node.target.id == "values"
    )
    assert isinstance(values, ast.Tuple)
    written = [ast.unparse(element) for element in values.elts]
    assert len(written) == len(STATE_SLOTS) - 1, "one value a field (the cached hash is set apart)"
    for name, text in zip(POSITION_FIELDS, written[1 : 1 + len(POSITION_FIELDS)], strict=True):
        assert text in (f"w.{name[:-1]}", name[:-1]), (name, text)


def test_states_the_engine_builds_are_those_the_class_builds() -> None:
    # the compiled build fills a new state's slots directly instead of calling attrs' __init__
    rng = random.Random(5)
    state = new_game(3)
    while not state.is_terminal:
        legal = state.legal_actions()
        state = state.apply(rng.choice(legal) if legal else state.sample_chance(rng))
        fields = {name: getattr(state, name) for name in STATE_SLOTS[:-1]}
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
