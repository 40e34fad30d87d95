"""Issue 13: nothing a state hands out can change it (a state is an immutable value)."""

from __future__ import annotations

import enum
from collections.abc import Iterator
from types import MappingProxyType
from typing import Any

import attrs
import pytest
from contract_garbage import fingerprint

from tongiaki_rules import (
    BeachView,
    GameState,
    IllegalActionError,
    Rules,
    SetupPlace,
    new_game,
    play_random_game,
)

GAME = play_random_game(3, seed=11, rules=Rules(variant_rody=True))
SAMPLES = (*GAME[::25], GAME[-1])
NO_ARGUMENTS = (
    "legal_actions",
    "chance_outcomes",
    "scores",
    "outcome",
    "pending",
    "placed_tiles",
    "islands",
    "royal_islands",
    "pile",
    "removed_tiles",
    "group",
    "colours",
    "rules",
    "config",
    "num_players",
    "turn_colour",
    "turn_player",
    "current_player",
    "is_chance_node",
    "is_terminal",
    "end_triggered",
)
BY_COLOUR = (
    "reserve",
    "seat_of",
    "boats_on_board",
    "boats_at_sea",
    "boats_out_of_game",
    "royal_islands_founded",
)


FRESH = {"chance_outcomes", "changed"}
"""The queries that build a new list or dict for the caller at every call."""


def _handed_out(state: GameState) -> Iterator[tuple[str, object]]:
    """Everything the public queries of ``state`` return, by query."""
    for name in NO_ARGUMENTS:
        value = getattr(state, name)
        yield name, value() if callable(value) else value
    for name in BY_COLOUR:
        for colour in state.colours:
            yield name, getattr(state, name)(colour)
    yield "changed", state.config.rules.changed()
    for placed in state.placed_tiles:
        yield "tile_at", state.tile_at(placed.position)
        island = state.island_at(placed.position)
        yield "island_at", island
        if island is not None:
            yield "colours", island.colours
            for b in island.beaches:
                yield "beach", state.beach(placed.position, b.index)


def _reachable(value: object, seen: set[int]) -> Iterator[object]:
    """``value`` and everything inside it: items of containers, fields of attrs values."""
    if id(value) in seen or isinstance(value, (str, int, float, enum.Enum, type(None))):
        return
    seen.add(id(value))
    yield value
    if isinstance(value, (list, tuple, set, frozenset)):
        inner: Any = list(value)
    elif isinstance(value, (dict, MappingProxyType)):
        inner = [*value.keys(), *value.values()]
    elif attrs.has(type(value)):
        inner = [getattr(value, f.name) for f in attrs.fields(type(value))]
    else:
        inner = []
    for item in inner:
        yield from _reachable(item, seen)


def _mutate(value: object) -> bool:
    """Change ``value`` in place if it is mutable; True if it was."""
    if isinstance(value, list):
        value.append(SetupPlace(5))
        value.reverse()
        return True
    if isinstance(value, dict):
        value.clear()
        return True
    if isinstance(value, set):
        value.add(99)
        return True
    for field in attrs.fields(type(value)) if attrs.has(type(value)) else ():
        with pytest.raises(attrs.exceptions.FrozenInstanceError):
            setattr(value, field.name, None)
    return False


@pytest.mark.parametrize("state", SAMPLES, ids=lambda s: repr(s))
def test_changing_everything_a_state_hands_out_leaves_the_state_unchanged(
    state: GameState,
) -> None:
    before = fingerprint(state)
    answers = [repr(x) for x in _handed_out(state)]
    shared_and_mutable = []
    seen: set[int] = set()
    for name, handed in _handed_out(state):
        for value in _reachable(handed, seen):
            if _mutate(value) and not (name in FRESH and value is handed):
                shared_and_mutable.append((name, type(value).__name__))
    assert fingerprint(state) == before
    assert [repr(x) for x in _handed_out(state)] == answers
    assert shared_and_mutable == []


def test_legal_actions_is_a_tuple_kept_by_the_state() -> None:
    state = new_game(2)
    legal = state.legal_actions()
    assert type(legal) is tuple
    assert state.legal_actions() is legal
    assert type(GAME[-1].legal_actions()) is tuple


def test_a_copy_of_the_legal_actions_can_be_edited_without_changing_what_apply_accepts() -> None:
    state = new_game(2)
    mine = list(state.legal_actions())
    mine.clear()
    assert state.apply(SetupPlace(0)) == new_game(2).apply(SetupPlace(0))
    with pytest.raises(IllegalActionError):
        state.apply(SetupPlace(6))


def test_chance_outcomes_are_a_fresh_list_at_every_call() -> None:
    chance = next(s for s in GAME if s.is_chance_node)
    first = chance.chance_outcomes()
    first.clear()
    assert chance.chance_outcomes() and chance.chance_outcomes() is not first


def test_the_views_of_a_state_are_frozen() -> None:
    beach = new_game(2).beach((0, 0), 0)
    assert isinstance(beach, BeachView)
    with pytest.raises(attrs.exceptions.FrozenInstanceError):
        beach.boats = ()  # type: ignore[misc]
