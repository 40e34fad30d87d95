"""Unit tests for the action types (tongiaki_rules.actions).

Actions are taken from real states: every legal action of every state of a few
random games, plus the Draw actions of every chance node.
"""

from __future__ import annotations

import functools
import inspect
from typing import Any

import attrs
import pytest

import tongiaki_rules
from tongiaki_rules import (
    Action,
    Berth,
    Colour,
    Depart,
    Draw,
    Expand,
    ExpandFromBoard,
    FoundRoyal,
    PlaceNewBoats,
    PlaceTile,
    Recolonize,
    ReturnBoat,
    SetupPlace,
    TurnAction,
)
from tongiaki_rules import actions as actions_module
from tongiaki_rules.actions import ACTION_TYPES

# (players, seed) of the random games the actions are taken from; together they
# produce every action type, ReturnBoat included
GAMES = [(2, 1), (3, 2), (4, 3), (5, 4), (6, 5), (2, 11), (3, 12)]

PUBLIC_NAMES: dict[str, Any] = {
    name: getattr(tongiaki_rules, name) for name in tongiaki_rules.__all__
}


@functools.cache
def sample_actions() -> tuple[Action, ...]:
    """Every distinct legal action and chance outcome met in the games of GAMES."""
    found: dict[Action, None] = {}
    for players, seed in GAMES:
        for state in tongiaki_rules.play_random_game(players, seed):
            for action in state.legal_actions():
                found[action] = None
            for draw, _ in state.chance_outcomes():
                found[draw] = None
    return tuple(found)


def sample_of(kind: type) -> list[Action]:
    return [a for a in sample_actions() if type(a) is kind]


def by_type() -> list[object]:
    return [pytest.param(kind, id=kind.__name__) for kind in ACTION_TYPES]


def copy_of(action: Action) -> Action:
    """A fresh action built from the field values of ``action``."""
    kind = type(action)
    copy: Action = kind(**{f.name: getattr(action, f.name) for f in attrs.fields(kind)})
    assert copy is not action or not attrs.fields(kind)
    return copy


# ------------------------------------------------------------------ the action types


def test_action_types_lists_every_action_class_of_the_module() -> None:
    defined = {
        obj
        for _, obj in inspect.getmembers(actions_module, inspect.isclass)
        if attrs.has(obj) and obj.__module__ == actions_module.__name__
    }
    assert set(ACTION_TYPES) == defined
    assert len(ACTION_TYPES) == 11


def test_every_action_type_is_public() -> None:
    for kind in ACTION_TYPES:
        assert PUBLIC_NAMES[kind.__name__] is kind


def test_the_action_alias_covers_every_action_type() -> None:
    assert set(Action.__args__) == set(ACTION_TYPES)


def test_turn_actions_are_the_choices_that_start_a_turn() -> None:
    assert set(TurnAction.__args__) == {
        Expand,
        ExpandFromBoard,
        FoundRoyal,
        Recolonize,
        PlaceNewBoats,
    }


@pytest.mark.parametrize("kind", by_type())
def test_random_games_produce_every_action_type(kind: type) -> None:
    assert sample_of(kind), f"no {kind.__name__} met in the sample games"


# ------------------------------------------------------------------ frozen


@pytest.mark.parametrize("kind", by_type())
def test_actions_are_frozen(kind: type) -> None:
    for action in sample_of(kind):
        for field in attrs.fields(kind):
            with pytest.raises(attrs.exceptions.FrozenInstanceError):
                setattr(action, field.name, getattr(action, field.name))
        with pytest.raises((attrs.exceptions.FrozenInstanceError, AttributeError)):
            action.extra = 1  # type: ignore[union-attr]


@pytest.mark.parametrize("kind", by_type())
def test_action_fields_hold_immutable_values(kind: type) -> None:
    for action in sample_of(kind):
        for field in attrs.fields(kind):
            hash(getattr(action, field.name))
            assert not isinstance(getattr(action, field.name), list | dict | set)


# ------------------------------------------------------------------ hashable, equal by value


@pytest.mark.parametrize("kind", by_type())
def test_actions_are_equal_by_value(kind: type) -> None:
    for action in sample_of(kind):
        copy = copy_of(action)
        assert copy == action
        assert not copy != action  # noqa: SIM202


@pytest.mark.parametrize("kind", by_type())
def test_equal_actions_have_equal_hashes(kind: type) -> None:
    for action in sample_of(kind):
        assert hash(copy_of(action)) == hash(action)


def test_actions_work_as_dict_keys_and_set_members() -> None:
    sample = sample_actions()
    index = {action: k for k, action in enumerate(sample)}
    assert len(index) == len(sample)
    for k, action in enumerate(sample):
        assert index[copy_of(action)] == k
    assert len({copy_of(a) for a in sample}) == len(sample)


def test_distinct_actions_are_unequal() -> None:
    sample = sample_actions()
    assert len(set(sample)) == len(sample)
    assert len({repr(a) for a in sample}) == len(sample)


def test_actions_of_different_types_with_equal_fields_differ() -> None:
    pairs: list[tuple[object, object]] = [
        (Expand((0, 0), (1, 2)), PlaceNewBoats((0, 0), (1, 2))),
        (FoundRoyal((1, 0)), PlaceTile((1, 0), 0)),
        (ReturnBoat(Colour.RED), Berth(Colour.RED, 0)),
        (SetupPlace(0), Draw("0")),
    ]
    for one, other in pairs:
        assert one != other
        assert other != one


def test_actions_with_different_fields_differ() -> None:
    assert Depart((0, 0), 1, 1) != Depart((0, 0), 1, 2)
    assert Berth(Colour.RED, 2) != Berth(Colour.BLUE, 2)
    assert Draw("hawaii") != Draw("samoa")
    assert Recolonize() == Recolonize()


# ------------------------------------------------------------------ repr


@pytest.mark.parametrize("kind", by_type())
def test_repr_evaluates_back_to_an_equal_action(kind: type) -> None:
    for action in sample_of(kind):
        text = repr(action)
        assert text.startswith(f"{kind.__name__}(")
        again = eval(text, dict(PUBLIC_NAMES))
        assert type(again) is kind
        assert again == action
        assert hash(again) == hash(action)


def test_repr_needs_only_the_public_names() -> None:
    namespace: dict[str, Any] = {}
    exec("from tongiaki_rules import *", namespace)
    for action in sample_actions():
        assert eval(repr(action), namespace) == action


@pytest.mark.parametrize(
    ("action", "text"),
    [
        (SetupPlace(3), "SetupPlace(beach=3)"),
        (Expand((0, 0), (1, 4)), "Expand(island=(0, 0), beaches=(1, 4))"),
        (
            ExpandFromBoard((1, -1), 0, (0, 0), 2),
            "ExpandFromBoard(island=(1, -1), beach=0, source=(0, 0), source_beach=2)",
        ),
        (FoundRoyal((0, -2)), "FoundRoyal(island=(0, -2))"),
        (Recolonize(), "Recolonize()"),
        (PlaceNewBoats((0, 0), (2, 2)), "PlaceNewBoats(island=(0, 0), beaches=(2, 2))"),
        (Depart((0, 0), 3, 3), "Depart(island=(0, 0), beach=3, jetty=3)"),
        (PlaceTile((0, -1), 5), "PlaceTile(position=(0, -1), rotation=5)"),
        (Berth(Colour.RED, 2), "Berth(colour=Colour.RED, beach=2)"),
        (ReturnBoat(Colour.PURPLE), "ReturnBoat(colour=Colour.PURPLE)"),
        (Draw("ocean-a"), "Draw(tile='ocean-a')"),
    ],
    ids=lambda value: type(value).__name__ if not isinstance(value, str) else "",
)
def test_repr_of_each_action_type(action: Action, text: str) -> None:
    assert repr(action) == text
    assert eval(text, dict(PUBLIC_NAMES)) == action


# ------------------------------------------------------------------ actions from states


def test_legal_actions_of_every_state_are_actions() -> None:
    for players, seed in GAMES[:3]:
        for state in tongiaki_rules.play_random_game(players, seed):
            legal = state.legal_actions()
            assert all(type(a) in ACTION_TYPES for a in legal)
            assert len(set(legal)) == len(legal)
            if state.is_chance_node or state.is_terminal:
                assert legal == ()
            else:
                assert legal
                assert not any(isinstance(a, Draw) for a in legal)


def test_chance_outcomes_are_draws_of_tiles_in_the_set() -> None:
    for players, seed in GAMES[:3]:
        for state in tongiaki_rules.play_random_game(players, seed):
            outcomes = state.chance_outcomes()
            if not state.is_chance_node:
                assert outcomes == []
                continue
            assert all(type(draw) is Draw for draw, _ in outcomes)
            assert all(draw.tile in tongiaki_rules.STANDARD_TILES.index for draw, _ in outcomes)
            assert len({draw for draw, _ in outcomes}) == len(outcomes)
            assert sum(p for _, p in outcomes) == pytest.approx(1.0)


def test_an_equal_action_built_by_hand_is_accepted() -> None:
    state = tongiaki_rules.new_game(2)
    for action in state.legal_actions():
        assert state.apply(copy_of(action)) == state.apply(action)
