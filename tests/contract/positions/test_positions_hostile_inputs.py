"""Hostile input to position(), the state reader, records and replay: only TongiakiError escapes."""

from __future__ import annotations

import contextlib
import copy
import json
import math
import random
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tongiaki_rules import (
    ORIGIN,
    GameRecord,
    GameState,
    InvalidPositionError,
    Recorder,
    RecordError,
    Rules,
    SettingsError,
    TongiakiError,
    new_game,
    position,
    replay,
    replay_states,
    state_from_json,
    state_to_json,
)
from tongiaki_rules.record import state_to_dict
from tongiaki_rules.testing import invariant_violations, random_playout

HOSTILE = settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])

GARBAGE = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(-3, 8),
    st.integers(-(2**80), 2**80),
    st.sampled_from([1.0, 0.5, math.nan, math.inf, -0.0]),
    st.sampled_from(["", "B", "RR", "\ud800", "hawaii", "ocean-a", "tonga", "x" * 40, "B\udfff"]),
    st.lists(st.integers(-2, 2), max_size=3),
    st.tuples(st.integers(-2, 2), st.integers(-2, 2)),
    st.tuples(st.floats(-2, 2), st.integers(-2, 2)),
    st.dictionaries(st.sampled_from(["B", "R", 0, True]), st.integers(-1, 3), max_size=2),
    st.builds(object),
)

VALID: dict[str, Any] = {
    "tiles": [((0, -1), "hawaii", 0), ((0, 1), "ocean-a", 0)],
    "boats": {((0, -1), 1): "BR"},
    "kings": None,
    "pile": None,
    "removed": (),
    "to_move": 1,
    "reserves": {"B": 12},
    "royal_founded": None,
    "end_triggered": False,
    "group": "",
    "group_at": None,
    "entry": None,
    "origin": None,
    "rules": Rules(),
    "start_player": 0,
}


# ---------------------------------------------------------------- position()
@pytest.mark.parametrize(
    ("kwargs", "fragment"),
    [
        ({"tiles": [((0.0, -1), "hawaii", 0)]}, "tiles[0]: a position is a (q, r) pair"),
        ({"tiles": [((0, -1), "hawaii", True)]}, "rotation of 'hawaii'"),
        ({"tiles": [((0, -1), "\ud800", 0)]}, "lone surrogate"),
        ({"tiles": [((0, -1), ["hawaii"], 0)]}, "expected a string"),
        ({"boats": {(ORIGIN, True): "B"}}, "tonga has no beach True"),
        ({"boats": {(ORIGIN, 0): [True]}}, "a colour is a letter"),
        ({"boats": {(ORIGIN, 0): [1.0]}}, "a colour is a letter"),
        ({"boats": {(ORIGIN, 0): "Y"}}, "colour yellow is not in play"),
        ({"boats": [(ORIGIN, 0)]}, "boats: expected a mapping"),
        ({"reserves": {"B": 1.0}}, "reserves[blue]"),
        ({"reserves": {"B": True}}, "reserves[blue]"),
        ({"reserves": {"B": 3, 0: 4}}, "named twice"),
        ({"pile": "hawaii"}, "pile: expected a sequence of tile ids"),
        ({"pile": ["hawaii", None]}, "pile[1]: expected a string"),
        ({"removed": ["ocean-a"]}, "removed[0]: only islands"),
        ({"to_move": True}, "to_move"),
        ({"to_move": 1.0}, "to_move"),
        ({"end_triggered": 1}, "end_triggered"),
        ({"group": "B", "group_at": (0, 1), "entry": True, "origin": ORIGIN}, "entry"),
        ({"group": "B", "group_at": (0, 1), "entry": 3.0, "origin": ORIGIN}, "entry"),
        ({"group": "B", "group_at": (0, 1), "entry": 3, "origin": (0, 5)}, "origin: no island"),
        ({"entry": 3}, "entry: is given but the group has no boats"),
        (
            {
                "boats": {
                    (ORIGIN, 0): "BBB",
                    (ORIGIN, 1): "BBB",
                    (ORIGIN, 2): "BBB",
                    (ORIGIN, 3): "BBB",
                    (ORIGIN, 4): "BBB",
                    (ORIGIN, 5): "B",
                }
            },
            "more than 15 boats",
        ),
        ({"rules": "default"}, "rules: expected a Rules value"),
        ({"tile_set": []}, "tile_set: expected a TileSet"),
        ({"start_player": False}, "start_player"),
    ],
)
def test_a_mistyped_or_out_of_range_argument_is_named(
    kwargs: dict[str, Any], fragment: str
) -> None:
    with pytest.raises(InvalidPositionError) as info:
        position(3, **kwargs)
    assert fragment in str(info.value)


def test_num_players_must_be_an_int() -> None:
    for bad in (True, 3.0, "3", None, 7):
        with pytest.raises(InvalidPositionError, match="num_players"):
            position(bad)  # type: ignore[arg-type]


@HOSTILE
@given(st.sampled_from(sorted(VALID)), GARBAGE, st.sampled_from(sorted(VALID)), GARBAGE)
def test_position_raises_only_tongiaki_errors_and_builds_only_sound_states(
    name: str, value: Any, other: str, other_value: Any
) -> None:
    kwargs = dict(VALID, **{name: value})
    if other != name:
        kwargs[other] = other_value
    try:
        state = position(3, **kwargs)
    except TongiakiError as error:
        assert isinstance(error, InvalidPositionError), repr(error)
        return
    assert invariant_violations(state, exact_tiles=False) == []


# ---------------------------------------------------------------- state JSON
def sample_states() -> list[GameState]:
    states: list[GameState] = []
    for k, rules in enumerate(
        [Rules(), Rules(royal_owner_may_land=True), Rules(variant_rody=True)]
    ):
        states.extend(random_playout(new_game(3 + k, rules), random.Random(k))[::9])
    states.append(position(3, group="BR", group_at=(0, 1), entry=3, origin=ORIGIN))
    states.append(
        position(3, tiles=[((0, -1), "hawaii", 0)], kings={(0, -1): "R"},
                 boats={((0, -1), 0): "RR"}, rules=Rules(royal_owner_may_land=True))
    )  # fmt: skip
    return states


STATES = sample_states()


def paths(value: Any, prefix: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    found = [prefix] if prefix else []
    if isinstance(value, dict):
        for key, inner in value.items():
            found.extend(paths(inner, (*prefix, key)))
    elif isinstance(value, list):
        for k, inner in enumerate(value):
            found.extend(paths(inner, (*prefix, k)))
    return found


def spoil(doc: Any, path: tuple[Any, ...], value: Any) -> str:
    doc = copy.deepcopy(doc)
    parent = doc
    for key in path[:-1]:
        parent = parent[key]
    parent[path[-1]] = value
    if isinstance(value, object) and type(value) is object:
        return json.dumps(doc, default=lambda _o: {"x": [[[]]]})
    return json.dumps(doc)  # NaN and Infinity become the bare literals


def accepted_or_refused(text: str) -> None:
    try:
        state = state_from_json(text)
    except RecordError as error:
        assert str(error).encode("utf-8")  # a message can always be printed
        return
    assert invariant_violations(state, exact_tiles=False) == []
    assert state_from_json(state_to_json(state)) == state


def test_every_sample_state_is_read_back() -> None:
    for state in STATES:
        assert state_from_json(state_to_json(state)) == state


@HOSTILE
@given(st.sampled_from(STATES), st.data())
def test_a_state_document_spoilt_field_by_field_is_refused_or_sound(
    state: GameState, data: st.DataObject
) -> None:
    doc = state_to_dict(state)
    path = data.draw(st.sampled_from(paths(doc)))
    accepted_or_refused(spoil(doc, path, data.draw(GARBAGE)))


@pytest.mark.parametrize(
    "text",
    [
        "[" * 50_000 + "]" * 50_000,
        '{"schema": "tongiaki-state", "version": ' + "9" * 5000 + "}",
        '{"schema": "tongiaki-state", "version": Infinity}',
        '{"schema": "tongiaki-state", "version": 1e999}',
        '{"schema": "tongiaki-state\\ud800", "version": 1}',
    ],
)
def test_json_that_breaks_the_parser_is_a_record_error(text: str) -> None:
    with pytest.raises(RecordError):
        state_from_json(text)
    with pytest.raises(RecordError):
        GameRecord.from_json(text.replace("tongiaki-state", "tongiaki-record"))


def test_a_lone_surrogate_in_a_string_field_is_refused_by_path() -> None:
    doc = state_to_dict(new_game(2))
    doc["turn_colour"] = "\ud800"
    with pytest.raises(RecordError, match=r"^turn_colour: .*lone surrogate"):
        state_from_json(json.dumps(doc))


# ---------------------------------------------------------------- records and replay
RECORD = GameRecord.from_states(random_playout(new_game(2), random.Random(4)))


def test_record_arguments_of_the_wrong_type_raise_named_errors() -> None:
    with pytest.raises(SettingsError, match="num_players"):
        GameRecord(True)
    with pytest.raises(SettingsError, match="rules"):
        GameRecord(2, rules="default")  # type: ignore[arg-type]
    with pytest.raises(SettingsError, match="start_player"):
        GameRecord(2, start_player=0.0)  # type: ignore[arg-type]
    with pytest.raises(RecordError, match=r"^actions: expected a sequence"):
        GameRecord(2, actions="SetupPlace(0)")  # type: ignore[arg-type]
    with pytest.raises(RecordError, match=r"^actions\[0\]: not an action"):
        GameRecord(2, actions=[(0, 0)])  # type: ignore[list-item]
    with pytest.raises(RecordError, match=r"^metadata: expected an object"):
        GameRecord(2, metadata=[("a", "b")])  # type: ignore[arg-type]
    with pytest.raises(RecordError, match=r"^metadata\.event: .*lone surrogate"):
        GameRecord(2, metadata={"event": "club\ud800"})
    with pytest.raises(RecordError, match=r"^metadata\.\\udc80: .*lone surrogate"):
        GameRecord(2, metadata={"\udc80": "x"})
    with pytest.raises(RecordError, match=r"^record: expected a GameRecord"):
        replay("game.json")  # type: ignore[arg-type]
    with pytest.raises(RecordError, match=r"^upto: "):
        replay_states(RECORD, upto=True)  # type: ignore[arg-type]
    with pytest.raises(SettingsError, match="num_players"):
        Recorder(2.0)  # type: ignore[arg-type]
    with pytest.raises(RecordError, match=r"^state: expected a GameState"):
        Recorder.from_state("new game")  # type: ignore[arg-type]


def test_a_recorder_whose_metadata_gains_a_surrogate_refuses_to_make_its_record() -> None:
    recorder = Recorder(2)
    recorder.metadata["note"] = "\ud83d"
    with pytest.raises(RecordError, match=r"^metadata\.note: "):
        _ = recorder.record


@HOSTILE
@given(st.data())
def test_a_record_document_spoilt_field_by_field_raises_only_record_errors(
    data: st.DataObject,
) -> None:
    doc = RECORD.to_dict()
    path = data.draw(st.sampled_from(paths(doc)))
    text = spoil(doc, path, data.draw(GARBAGE))
    try:
        record = replay(GameRecord.from_json(text))
    except RecordError as error:
        assert str(error).encode("utf-8")
        return
    assert invariant_violations(record) == []
    assert GameRecord.from_json(text).to_json().encode("utf-8")


@HOSTILE
@given(GARBAGE, GARBAGE, GARBAGE)
def test_record_constructors_and_replay_raise_only_tongiaki_errors(
    players: Any, actions: Any, metadata: Any
) -> None:
    for build in (
        lambda: GameRecord(players),
        lambda: GameRecord(2, actions=actions),
        lambda: GameRecord(2, metadata=metadata),
        lambda: Recorder(players, metadata=metadata),
        lambda: replay(RECORD, upto=players),
        lambda: list(replay_states(actions)),
    ):
        with contextlib.suppress(TongiakiError):
            build()
