"""Fuzzed JSON: nothing but RecordError ever escapes, and nothing invalid is returned."""

from __future__ import annotations

import copy
import json
from typing import Any

from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st
from record_helpers import CUSTOM_TILES, VARIANTS, players_for, playout, recorded

from tongiaki_rules import (
    GameRecord,
    GameState,
    RecordError,
    ReplayError,
    Rules,
    replay,
    state_from_json,
    state_to_json,
)
from tongiaki_rules.record import state_to_dict
from tongiaki_rules.testing import check_invariants

FUZZ = settings(max_examples=250, deadline=None, suppress_health_check=[HealthCheck.too_slow])

JSON_VALUES = st.recursive(
    st.none()
    | st.booleans()
    | st.integers(-(2**70), 2**70)
    | st.floats(allow_nan=False, allow_infinity=False)
    | st.text(max_size=8),
    lambda inner: (
        st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4)
    ),
    max_leaves=12,
)

# values that are close to right somewhere: letters, tile ids, phases, small ints, positions
NEAR_VALUES = st.one_of(
    st.integers(-2, 17),
    st.sampled_from(["", "B", "R", "G", "BR", "RRG", "BBB", "Y", "vacant", "standard"]),
    st.sampled_from(["turn", "berth", "draw", "place_tile", "departure", "game_over", "setup"]),
    st.sampled_from(["hawaii", "samoa", "tonga", "ocean-a", "ocean-p", "atoll", "swell"]),
    st.sampled_from(["voyage", "colonize", "forced_colonize"]),
    st.lists(st.integers(-2, 2), min_size=2, max_size=2),
    st.lists(st.integers(0, 5), max_size=3),
    st.booleans(),
    st.none(),
    st.floats(-2, 2),
    JSON_VALUES,
)


def pool() -> list[GameState]:
    """A few hundred states of every phase, several variants and a custom tile set."""
    states: list[GameState] = []
    for k, rules in enumerate(VARIANTS.values()):
        states.extend(playout(players_for(rules, 2 + k % 5), k, rules)[::4])
    states.extend(playout(3, 1, Rules(), CUSTOM_TILES)[::2])
    return states


POOL = pool()


def paths(value: Any, prefix: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    """Every path to a value inside a JSON document (the root excluded)."""
    found = [prefix] if prefix else []
    if isinstance(value, dict):
        for key, inner in value.items():
            found.extend(paths(inner, (*prefix, key)))
    elif isinstance(value, list):
        for k, inner in enumerate(value):
            found.extend(paths(inner, (*prefix, k)))
    return found


@st.composite
def mutated_documents(draw: st.DrawFn) -> tuple[GameState, dict[str, Any]]:
    state = draw(st.sampled_from(POOL))
    doc = copy.deepcopy(state_to_dict(state))
    for _ in range(draw(st.integers(1, 3))):
        where = paths(doc)
        path = draw(st.sampled_from(where))
        parent: Any = doc
        for key in path[:-1]:
            parent = parent[key]
        key = path[-1]
        operation = draw(st.sampled_from(["delete", "replace", "nudge", "append"]))
        if operation == "delete":
            del parent[key]
        elif operation == "replace":
            parent[key] = draw(NEAR_VALUES)
        elif operation == "nudge" and type(parent[key]) is int:
            parent[key] += draw(st.sampled_from([-1, 1]))
        elif operation == "append" and isinstance(parent[key], list | str):
            extra = (
                draw(NEAR_VALUES)
                if isinstance(parent[key], list)
                else draw(st.sampled_from("BRGY"))
            )
            parent[key] = parent[key] + ([extra] if isinstance(parent[key], list) else extra)
        else:
            parent[key] = draw(NEAR_VALUES)
    return state, doc


def load_or_refuse(text: str | bytes) -> GameState | None:
    """Read ``text``: a RecordError is fine; a state must be sound and round-trip."""
    try:
        state = state_from_json(text)
    except RecordError as error:
        assert str(error)
        return None
    check_invariants(state, exact_tiles=False)
    assert state_from_json(state_to_json(state)) == state
    return state


@FUZZ
@given(JSON_VALUES)
def test_random_json_values_are_refused(value: Any) -> None:
    text = json.dumps(value)
    assert load_or_refuse(text) is None
    try:
        GameRecord.from_json(text)
    except RecordError:
        pass
    else:  # pragma: no cover - a random value is never a record
        raise AssertionError("a random value was read as a record")


@FUZZ
@given(st.dictionaries(st.text(max_size=12), JSON_VALUES, max_size=8))
def test_random_objects_with_a_valid_header_are_refused(value: dict[str, Any]) -> None:
    value.update(schema="tongiaki-state", version=1)
    assert load_or_refuse(json.dumps(value)) is None


@FUZZ
@given(st.text(max_size=60) | st.binary(max_size=60).map(bytes))
def test_random_text_and_bytes_are_refused(text: str | bytes) -> None:
    assert load_or_refuse(text) is None


@settings(max_examples=1000, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(mutated_documents())
def test_mutated_documents_are_refused_or_sound(case: tuple[GameState, dict[str, Any]]) -> None:
    _state, doc = case
    state = load_or_refuse(json.dumps(doc))
    event("accepted" if state is not None else "refused")


@FUZZ
@given(st.sampled_from(POOL), st.data())
def test_truncated_documents_are_refused(state: GameState, data: st.DataObject) -> None:
    text = state_to_json(state)
    cut = data.draw(st.integers(0, len(text) - 1))
    assert load_or_refuse(text[:cut]) is None
    pretty = json.dumps(json.loads(text), indent=1)
    cut = data.draw(st.integers(0, len(pretty) - 1))
    assert load_or_refuse(pretty[:cut]) is None


RECORD = recorded(3, 11).record.to_dict()


@FUZZ
@given(st.data())
def test_mutated_records_raise_only_record_errors(data: st.DataObject) -> None:
    doc = copy.deepcopy(RECORD)
    path = data.draw(st.sampled_from(paths(doc)))
    parent: Any = doc
    for key in path[:-1]:
        parent = parent[key]
    if data.draw(st.booleans()):
        del parent[path[-1]]
    else:
        parent[path[-1]] = data.draw(NEAR_VALUES)
    try:
        record = GameRecord.from_json(json.dumps(doc))
    except RecordError:
        return
    try:
        state = replay(record)
    except ReplayError as error:
        assert 0 <= error.index < len(record.actions) and error.path == f"actions[{error.index}]"
        return
    check_invariants(state)
