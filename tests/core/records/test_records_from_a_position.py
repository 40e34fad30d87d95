"""Records that start from any position: ``start``, Recorder.from_state, version 3 and before."""

from __future__ import annotations

import copy
import json
import pickle
import random
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from record_helpers import CUSTOM_TILES, VARIANTS, play_on, players_for, playout, recorded

from tongiaki_rules import (
    Draw,
    GameRecord,
    GameState,
    Recorder,
    RecordError,
    ReplayError,
    Rules,
    SettingsError,
    SetupPlace,
    TongiakiError,
    new_game,
    replay,
    replay_states,
)
from tongiaki_rules.record import (
    RECORD_VERSION,
    STATE_VERSION,
    VERSION,
    state_to_dict,
)
from tongiaki_rules.record._schema import READ_VERSIONS, RECORD_READ_VERSIONS
from tongiaki_rules.testing import check_invariants

PROPERTY = settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])

GAMES = [
    playout(players_for(rules, 2 + k % 5), k, rules) for k, rules in enumerate(VARIANTS.values())
] + [playout(3, 1, Rules(), CUSTOM_TILES)]


def mid_game() -> GameState:
    return playout(3, 11)[60]


def test_the_versions_written_and_read() -> None:
    assert (RECORD_VERSION, RECORD_READ_VERSIONS) == (3, (1, 2, 3))
    assert VERSION == STATE_VERSION == 2 and READ_VERSIONS == (1, 2)
    assert GameRecord(2).to_dict()["version"] == 3
    assert state_to_dict(new_game(2))["version"] == 2


@PROPERTY
@given(st.sampled_from(GAMES), st.data())
def test_a_record_from_any_position_replays_and_round_trips(
    game: tuple[GameState, ...], data: st.DataObject
) -> None:
    first = data.draw(st.integers(0, len(game) - 1))
    last = data.draw(st.integers(first, len(game) - 1))
    record = GameRecord.from_states(game[first : last + 1], metadata={"from": first})
    assert record.initial_state() == game[first]
    assert (record.start is None) == (first == 0)
    assert replay(record) == game[last]
    again = GameRecord.from_json(record.to_json())
    assert again == record and hash(again) == hash(record)
    assert pickle.loads(pickle.dumps(record)) == record
    assert GameRecord.from_json(record.to_json(indent=2)) == record


@pytest.mark.parametrize("moment", [60, 61, -1])
def test_recorder_from_state_records_from_mid_game_chance_nodes_and_the_end(moment: int) -> None:
    game = playout(3, 11)
    state = game[moment]
    recorder = Recorder.from_state(state, metadata={"event": "puzzle"})
    assert recorder.state == state and recorder.states == (state,)
    assert recorder.record.start == state and recorder.record.actions == ()
    play_on(recorder, 5)
    record = GameRecord.from_json(recorder.record.to_json())
    assert record.initial_state() == state
    assert replay(record) == recorder.state
    check_invariants(recorder.state)


def test_a_record_can_start_at_a_chance_node() -> None:
    chance = next(s for s in playout(2, 4) if s.is_chance_node)
    recorder = Recorder.from_state(chance)
    after = recorder.resolve_chance(random.Random(1))
    assert isinstance(recorder.actions[0], Draw)
    assert replay(GameRecord.from_json(recorder.record.to_json())) == after


def test_a_finished_game_records_with_no_actions() -> None:
    final = playout(2, 4)[-1]
    record = Recorder.from_state(final).record
    assert record.actions == () and replay(record) == final
    assert GameRecord.from_json(record.to_json()).start == final


def test_a_new_game_as_start_is_written_as_null() -> None:
    record = GameRecord(3, start_player=2, start=new_game(3, start_player=2))
    assert record.start is None and record == GameRecord(3, start_player=2)
    assert record.to_dict()["start"] is None
    assert Recorder.from_state(new_game(2)).record.to_dict()["start"] is None


def test_the_start_is_written_as_a_full_state_document() -> None:
    state = mid_game()
    doc = GameRecord(3, start=state).to_dict()
    assert list(doc) == [
        "schema",
        "version",
        "num_players",
        "start_player",
        "rules",
        "tile_set",
        "metadata",
        "start",
        "actions",
    ]
    assert doc["start"] == state_to_dict(state)
    assert doc["start"]["schema"] == "tongiaki-state"


def test_resuming_a_record_from_a_position_goes_on_from_its_last_state() -> None:
    game = playout(2, 7)
    record = GameRecord.from_states(game[30:50])
    recorder = Recorder.resume(record)
    assert recorder.state == game[49] and recorder.states[0] == game[30]
    play_on(recorder, 2)
    assert recorder.actions[:19] == record.actions
    assert replay(recorder.record) == recorder.state
    assert recorder.record.start == game[30]


def test_recorder_given_a_state_by_mistake_points_to_from_state() -> None:
    with pytest.raises(SettingsError, match=r"Recorder\.from_state\(state\)") as info:
        Recorder(mid_game())  # type: ignore[arg-type]
    assert str(info.value).startswith("num_players: ")
    with pytest.raises(SettingsError, match=r"start=.*Recorder\.from_state"):
        GameRecord(mid_game())  # type: ignore[arg-type]


def test_a_start_that_is_not_a_state_is_refused() -> None:
    with pytest.raises(RecordError) as info:
        GameRecord(2, start=state_to_dict(new_game(2)))  # type: ignore[arg-type]
    assert info.value.path == "start" and "expected a GameState" in str(info.value)


@pytest.mark.parametrize(
    ("record_settings", "path", "fragment"),
    [
        ({"num_players": 2}, "start.num_players", "(3 in the start state, 2 in the record)"),
        ({"num_players": 3, "start_player": 1}, "start.start_player", "(0 in the start state"),
        (
            {"num_players": 3, "rules": Rules(variant_rody=True)},
            "start.rules",
            "({} in the start state, {'variant_rody': True} in the record)",
        ),
        ({"num_players": 3, "tiles": CUSTOM_TILES}, "start.tile_set", "differs from the record"),
    ],
)
def test_a_start_with_other_settings_than_the_record_is_refused(
    record_settings: dict[str, Any], path: str, fragment: str
) -> None:
    start = mid_game()
    with pytest.raises(RecordError) as built:
        GameRecord(start=start, **record_settings)
    assert built.value.path == path and fragment in str(built.value)
    assert "differs from the record's" in str(built.value)
    # the same in JSON: the record's own settings changed, the start left alone
    doc = GameRecord(3, start=start).to_dict()
    theirs = GameRecord(**record_settings).to_dict()
    doc.update({k: theirs[k] for k in ("num_players", "start_player", "rules", "tile_set")})
    with pytest.raises(RecordError) as read:
        GameRecord.from_json(json.dumps(doc))
    assert read.value.path == path


def record_with_start() -> dict[str, Any]:
    return GameRecord(3, start=mid_game(), metadata={"round": 1}).to_dict()


@pytest.mark.parametrize(
    ("change", "path", "fragment"),
    [
        (lambda d: d.update(start=[]), "start", "expected null or a state document, not an array"),
        (lambda d: d.update(start="tongiaki-state"), "start", "not a string"),
        (lambda d: d.pop("start"), None, "missing field 'start'"),
        (lambda d: d["start"]["table"][0].update(rotation=7), "start.table[0].rotation", "0..5"),
        (lambda d: d["start"].update(version=3), "start.version", "version 3 is not supported"),
        (lambda d: d["start"].pop("pile"), "start", "missing field 'pile'"),
        (lambda d: d["start"].update(extra=1), "start.extra", "unknown field"),
        (
            lambda d: d.update(start=GameRecord(2).to_dict()),
            "start.schema",
            "this is a game record",
        ),
    ],
)
def test_a_bad_start_is_refused_with_its_path_under_start(
    change: Any, path: str | None, fragment: str
) -> None:
    doc = record_with_start()
    change(doc)
    with pytest.raises(RecordError) as info:
        GameRecord.from_json(json.dumps(doc))
    assert info.value.path == path, str(info.value)
    assert fragment in str(info.value)


def test_an_impossible_start_position_is_refused_with_the_rule() -> None:
    doc = record_with_start()
    beaches = doc["start"]["table"][0]["beaches"]
    k = next(k for k, beach in enumerate(beaches) if beach)
    beaches[k] = beaches[k] + "BBBB"
    with pytest.raises(RecordError) as info:
        GameRecord.from_json(json.dumps(doc))
    assert (info.value.path or "").startswith("start.") and info.value.clause is not None


def test_replay_checks_every_action_from_the_start() -> None:
    start = mid_game()
    assert not start.is_chance_node
    legal = set(start.legal_actions())
    illegal = next(SetupPlace(b) for b in range(6) if SetupPlace(b) not in legal)
    with pytest.raises(ReplayError) as info:
        replay(GameRecord(3, start=start, actions=[illegal]))
    assert info.value.index == 0 and info.value.state == start
    assert info.value.path == "actions[0]"
    states = replay_states(GameRecord(3, start=start, actions=[start.legal_actions()[0]]))
    assert next(states) == start


@pytest.mark.parametrize("version", [1, 2])
def test_version_1_and_2_records_are_read_as_games_from_a_new_game(version: int) -> None:
    record = recorded(2, 3).record
    doc = record.to_dict()
    del doc["start"]
    doc["version"] = version
    again = GameRecord.from_json(json.dumps(doc))
    assert again == record and again.start is None
    assert again.to_dict()["version"] == 3 and again.to_dict()["start"] is None
    doc["start"] = None
    with pytest.raises(RecordError) as info:
        GameRecord.from_json(json.dumps(doc))
    assert info.value.path == "start" and "unknown field" in str(info.value)


@pytest.mark.parametrize("version", [0, 4, 99])
def test_other_record_versions_are_refused(version: int) -> None:
    doc = record_with_start()
    doc["version"] = version
    with pytest.raises(RecordError) as info:
        GameRecord.from_json(json.dumps(doc))
    assert info.value.path == "version"
    assert "this library reads versions 1, 2, 3" in str(info.value)


def test_a_state_document_read_as_a_record_says_what_to_do() -> None:
    with pytest.raises(RecordError, match=r"this is a state .*Recorder\.from_state"):
        GameRecord.from_dict(state_to_dict(mid_game()))


RECORD_FROM_A_POSITION = Recorder.from_state(playout(3, 11)[40])
play_on(RECORD_FROM_A_POSITION, 3)
FUZZED = RECORD_FROM_A_POSITION.record.to_dict()


def paths(value: Any, prefix: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    found = [prefix] if prefix else []
    if isinstance(value, dict):
        for key, inner in value.items():
            found.extend(paths(inner, (*prefix, key)))
    elif isinstance(value, list):
        for k, inner in enumerate(value):
            found.extend(paths(inner, (*prefix, k)))
    return found


NEAR = st.one_of(
    st.integers(-2, 17),
    st.sampled_from(["", "B", "RR", "turn", "draw", "hawaii", "ocean-a", "standard"]),
    st.lists(st.integers(-2, 2), min_size=2, max_size=2),
    st.booleans(),
    st.none(),
    st.floats(-2, 2),
    st.just("\ud800"),
)


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.data())
def test_mutated_records_from_a_position_raise_only_record_errors(data: st.DataObject) -> None:
    doc = copy.deepcopy(FUZZED)
    start_paths = [p for p in paths(doc) if p[0] == "start"]
    path = data.draw(st.sampled_from(start_paths if data.draw(st.booleans()) else paths(doc)))
    parent: Any = doc
    for key in path[:-1]:
        parent = parent[key]
    if data.draw(st.booleans()):
        del parent[path[-1]]
    else:
        parent[path[-1]] = data.draw(NEAR)
    text = json.dumps(doc, ensure_ascii=True)
    try:
        record = GameRecord.from_json(text)
    except TongiakiError as error:
        assert isinstance(error, RecordError), repr(error)
        assert str(error)
        return
    try:
        state = replay(record)
    except ReplayError as error:
        assert error.path == f"actions[{error.index}]"
        return
    check_invariants(state, exact_tiles=False)
