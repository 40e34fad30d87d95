"""Game records: record while playing, write and read JSON, replay with every check."""

from __future__ import annotations

import json
import pickle
import random
from typing import Any

import attrs
import pytest
from record_helpers import CUSTOM_START, CUSTOM_TILES, VARIANTS, players_for, recorded

from tongiaki_rules import (
    Action,
    Berth,
    Colour,
    Depart,
    Draw,
    Expand,
    ExpandFromBoard,
    FoundRoyal,
    GameRecord,
    IllegalActionError,
    PlaceNewBoats,
    PlaceTile,
    Recolonize,
    Recorder,
    RecordError,
    ReplayError,
    ReturnBoat,
    Rules,
    SetupPlace,
    new_game,
    play_random_game,
    replay,
    replay_states,
)
from tongiaki_rules.record import action_from_dict, action_to_dict
from tongiaki_rules.testing import check_invariants


@pytest.mark.parametrize("num_players", [2, 3, 4, 5, 6])
def test_replay_gives_the_state_reached_by_playing(num_players: int) -> None:
    for seed in range(2):
        recorder = recorded(num_players, seed)
        record = recorder.record
        assert len(record.actions) == len(recorder.states) - 1
        assert any(isinstance(a, Draw) for a in record.actions)  # chance outcomes are recorded
        final = replay(record)
        assert final == recorder.state and final.is_terminal
        assert list(replay_states(record)) == list(recorder.states)
        back = GameRecord.from_json(record.to_json())
        assert back == record and hash(back) == hash(record)
        assert replay(back) == recorder.state


@pytest.mark.parametrize("variant", sorted(VARIANTS))
def test_records_of_every_variant(variant: str) -> None:
    rules = VARIANTS[variant]
    recorder = recorded(players_for(rules, 3), 5, rules)
    text = recorder.record.to_json(indent=2)
    assert replay(GameRecord.from_json(text)) == recorder.state


@pytest.mark.parametrize("tiles", [CUSTOM_TILES, CUSTOM_START], ids=["copies", "own_start"])
def test_records_with_a_custom_tile_set(tiles: Any) -> None:
    recorder = recorded(3, 2, Rules(), tiles)
    back = GameRecord.from_json(recorder.record.to_json())
    assert back.tiles == tiles
    assert replay(back) == recorder.state


def test_replay_upto_gives_the_kth_state() -> None:
    recorder = recorded(4, 7)
    record = recorder.record
    states = recorder.states
    for k in (0, 1, 8, 9, len(states) // 2, len(states) - 2, len(states) - 1):
        assert replay(record, upto=k) == states[k]
        assert list(replay_states(record, upto=k)) == list(states[: k + 1])
    assert replay(record, upto=0) == record.initial_state() == new_game(4)
    for bad in (-1, len(states), 1.0, True):
        with pytest.raises(RecordError, match="upto must be"):
            replay(record, upto=bad)  # type: ignore[arg-type]


def spoil(record: GameRecord, index: int, action: Any) -> GameRecord:
    actions = list(record.actions)
    actions[index] = action
    return attrs.evolve(record, actions=actions)


@pytest.mark.topic("records")
def test_an_illegal_action_is_reported_with_its_index_and_clause() -> None:
    record = GameRecord(2, actions=[SetupPlace(0), SetupPlace(0), SetupPlace(0), SetupPlace(1)])
    with pytest.raises(ReplayError) as info:
        replay(record)
    error = info.value
    assert error.index == 2 and error.clause == "SETUP-5" and error.path == "actions[2]"
    assert error.action == SetupPlace(0)
    assert error.state == replay(record, upto=2)
    assert isinstance(error.__cause__, IllegalActionError)
    assert error.__cause__.clause == "SETUP-5"
    assert str(error) == (
        "actions[2]: SetupPlace(beach=0) is illegal: a setup boat may not fill a Tonga beach: "
        "every beach keeps a free slot [SETUP-5]"
    )
    assert isinstance(error, RecordError) and isinstance(error, ValueError)
    assert replay(record, upto=2).reserve(Colour.RED) == 14  # the legal prefix replays


def test_illegal_actions_in_the_middle_of_a_game() -> None:
    recorder = recorded(3, 4)
    record = recorder.record
    draws = [k for k, a in enumerate(record.actions) if isinstance(a, Draw)]
    k = draws[3]
    with pytest.raises(ReplayError) as info:  # a decision where a tile is being drawn
        replay(spoil(record, k, Recolonize()))
    assert info.value.index == k and info.value.clause is not None
    placed = record.actions[k]
    assert isinstance(placed, Draw)
    with pytest.raises(ReplayError) as info:  # the same tile drawn twice
        replay(spoil(record, draws[4], placed))
    assert info.value.index == draws[4]
    with pytest.raises(ReplayError) as info:
        replay(spoil(record, 0, Expand((0, 0), (0,))))
    assert info.value.index == 0 and info.value.clause == "SETUP-4"
    # a record cut short replays to the state it reached
    short = attrs.evolve(record, actions=record.actions[:50])
    assert replay(short) == recorder.states[50]


def test_every_action_type_has_a_json_form() -> None:
    examples: list[Action] = [
        SetupPlace(3),
        Expand((0, -1), (0, 2)),
        ExpandFromBoard((1, -1), 0, (0, 0), 4),
        FoundRoyal((-2, 1)),
        Recolonize(),
        PlaceNewBoats((0, 0), (1, 1)),
        Depart((0, 0), 2, 2),
        PlaceTile((3, -4), 5),
        Berth(Colour.PURPLE, 1),
        ReturnBoat(Colour.GREEN),
        Draw("ocean-k"),
    ]
    assert action_to_dict(examples[1]) == {"type": "Expand", "island": [0, -1], "beaches": [0, 2]}
    assert action_to_dict(examples[4]) == {"type": "Recolonize"}
    assert action_to_dict(examples[8]) == {"type": "Berth", "colour": "P", "beach": 1}
    for action in examples:
        data = json.loads(json.dumps(action_to_dict(action)))
        back = action_from_dict(data)
        assert back == action and type(back) is type(action)
    with pytest.raises(RecordError, match="not an action"):
        action_to_dict("Recolonize")  # type: ignore[arg-type]


def test_actions_of_real_games_round_trip() -> None:
    seen: set[str] = set()
    for rules in (Rules(), VARIANTS["rody"]):
        for action in recorded(3, 6, rules).actions:
            assert action_from_dict(action_to_dict(action)) == action
            seen.add(type(action).__name__)
    assert {"SetupPlace", "Expand", "Depart", "Draw", "Berth", "PlaceTile"} <= seen


@pytest.mark.parametrize(
    ("value", "path", "fragment"),
    [
        ([], "", "expected an object, not an array"),
        ({}, "", "missing field 'type'"),
        ({"type": "Pass"}, "type", "expected an action type (SetupPlace, Expand"),
        ({"type": 3}, "type", "Draw), not an integer"),
        ({"type": "Recolonize", "now": True}, "now", "unknown field"),
        ({"type": "SetupPlace"}, "", "missing field 'beach'"),
        ({"type": "SetupPlace", "beach": 1.0}, "beach", "expected an integer, not a number"),
        ({"type": "SetupPlace", "beach": -1}, "beach", "-1 is not in 0..2147483647"),
        ({"type": "FoundRoyal", "island": "0,1"}, "island", "a position is an array"),
        ({"type": "Expand", "island": [0, 0], "beaches": 2}, "beaches", "expected an array"),
        ({"type": "PlaceTile", "position": [0, 1], "rotation": 7}, "rotation", "not in 0..5"),
        (
            {"type": "Berth", "colour": "W", "beach": 0},
            "colour",
            "letters B, R, G, Y, O, P, not 'W'",
        ),
        ({"type": "Berth", "colour": 1, "beach": 0}, "colour", "P, not an integer"),
        ({"type": "Draw", "tile": None}, "tile", "a tile id is a non-empty string, not null"),
    ],
)
def test_malformed_actions(value: Any, path: str, fragment: str) -> None:
    with pytest.raises(RecordError) as info:
        action_from_dict(value)
    assert (info.value.path or "") == path
    assert fragment in str(info.value)


def record_doc() -> dict[str, Any]:
    return GameRecord(
        3,
        actions=[SetupPlace(0), SetupPlace(1), SetupPlace(2)],
        metadata={"players": "Ann, Bob, Cy", "round": 2},
    ).to_dict()


@pytest.mark.parametrize(
    ("change", "path", "fragment"),
    [
        ({"schema": "tongiaki-state"}, "schema", "this is a state"),
        ({"version": 0}, "version", "version 0 is not supported"),
        ({"num_players": 7}, "num_players", "2 to 6 players, not 7"),
        ({"num_players": True}, "num_players", "2 to 6 players, not a boolean [COMP-1]"),
        ({"start_player": 3}, "start_player", "3 is not in 0..2"),
        ({"rules": {"variant_rody": 1}}, "rules.variant_rody", "expected true or false"),
        ({"tile_set": None}, "tile_set", 'expected "standard" or a tile set object, not null'),
        ({"metadata": []}, "metadata", "expected an object, not an array"),
        ({"metadata": {"rating": 1.5}}, "metadata.rating", "expected a string or an integer"),
        ({"metadata": {"ok": False}}, "metadata.ok", "expected a string or an integer"),
        ({"actions": {}}, "actions", "expected an array, not an object"),
        ({"actions": [{"type": "Draw", "tile": "atlantis"}]}, "actions[0].tile", "unknown tile"),
        ({"actions": [{"type": "SetupPlace"}]}, "actions[0]", "missing field 'beach'"),
        ({"moves": []}, "moves", "unknown field"),
    ],
)
def test_malformed_records(change: dict[str, Any], path: str, fragment: str) -> None:
    doc = record_doc()
    doc.update(change)
    with pytest.raises(RecordError) as info:
        GameRecord.from_json(json.dumps(doc))
    assert info.value.path == path, str(info.value)
    assert fragment in str(info.value)


def test_records_are_refused_whole_not_half_read() -> None:
    text = json.dumps(record_doc())
    for cut in range(0, len(text), 7):
        with pytest.raises(RecordError):
            GameRecord.from_json(text[:cut])


def test_record_json_form() -> None:
    doc = record_doc()
    assert doc == {
        "schema": "tongiaki-record",
        "version": 3,
        "num_players": 3,
        "start_player": 0,
        "rules": {},
        "tile_set": "standard",
        "metadata": {"players": "Ann, Bob, Cy", "round": 2},
        "start": None,
        "actions": [
            {"type": "SetupPlace", "beach": 0},
            {"type": "SetupPlace", "beach": 1},
            {"type": "SetupPlace", "beach": 2},
        ],
    }
    record = GameRecord.from_json(json.dumps(doc))
    assert record.metadata == {"players": "Ann, Bob, Cy", "round": 2}
    assert record.actions == (SetupPlace(0), SetupPlace(1), SetupPlace(2))


def test_game_record_is_a_frozen_value() -> None:
    record = GameRecord(2, actions=[SetupPlace(0)], metadata={"event": "club night"})
    with pytest.raises(attrs.exceptions.FrozenInstanceError):
        record.actions = ()  # type: ignore[misc]
    with pytest.raises(TypeError):
        record.metadata["event"] = "other"  # type: ignore[index]
    same = GameRecord(2, actions=(SetupPlace(0),), metadata={"event": "club night"})
    assert record == same and hash(record) == hash(same)
    assert record != GameRecord(2, actions=[SetupPlace(0)])
    with pytest.raises(RecordError, match="actions\\[1\\]: not an action"):
        GameRecord(2, actions=[SetupPlace(0), "Recolonize"])  # type: ignore[list-item]
    with pytest.raises(RecordError, match=r"metadata\.rating"):
        GameRecord(2, metadata={"rating": 1.5})  # type: ignore[dict-item]
    with pytest.raises(ValueError, match="2 to 6 players"):
        GameRecord(9)


def test_recorder_from_settings_new_game_and_record() -> None:
    recorder = Recorder(
        3, Rules(expand_allow_fewer=True), start_player=1, metadata={"date": "2024-05-01"}
    )
    assert recorder.state == new_game(3, Rules(expand_allow_fewer=True), start_player=1)
    recorder.apply(SetupPlace(2))
    recorder.metadata["event"] = "test"
    record = recorder.record
    assert record.start_player == 1 and record.rules == Rules(expand_allow_fewer=True)
    assert dict(record.metadata) == {"date": "2024-05-01", "event": "test"}
    again = Recorder.from_state(new_game(3, Rules(expand_allow_fewer=True), start_player=1))
    again.apply(SetupPlace(2))
    assert again.state == recorder.state
    assert again.record.start is None  # from a new game: nothing more to store


def test_recorder_records_nothing_for_an_illegal_action_and_can_undo() -> None:
    recorder = Recorder(2)
    recorder.apply(SetupPlace(0))
    with pytest.raises(IllegalActionError):
        recorder.apply(Recolonize())
    assert recorder.actions == (SetupPlace(0),)
    # an equal action given with another int type is stored in its canonical form
    recorder.apply(SetupPlace(Colour.RED))
    last = recorder.actions[-1]
    assert isinstance(last, SetupPlace) and type(last.beach) is int
    assert recorder.undo() == new_game(2).apply(SetupPlace(0))
    assert recorder.undo() == new_game(2)
    assert len(recorder.actions) == 0
    with pytest.raises(RecordError, match="can undo"):
        recorder.undo()


def test_recorder_resumes_a_record() -> None:
    original = recorded(2, 9)
    half = attrs.evolve(original.record, actions=original.actions[:40])
    recorder = Recorder.resume(half)
    assert recorder.state == original.states[40]
    rng = random.Random(0)
    while not recorder.state.is_terminal:
        recorder.resolve_chance(rng)
        if not recorder.state.is_terminal:
            recorder.apply(rng.choice(recorder.state.legal_actions()))
    assert recorder.actions[:40] == original.actions[:40]
    assert replay(recorder.record) == recorder.state
    check_invariants(recorder.state)


def test_a_record_from_the_states_of_a_game() -> None:
    states = play_random_game(3, seed=12, rules=Rules(variant_rody=True))
    record = GameRecord.from_states(states, metadata={"seed": 12})
    assert list(replay_states(record)) == list(states)
    assert record.metadata["seed"] == 12
    later = GameRecord.from_states(states[1:])
    assert later.start == states[1] and list(replay_states(later)) == list(states[1:])
    with pytest.raises(RecordError) as info:
        GameRecord.from_states([states[0], states[5]])
    assert info.value.path == "states[1]"
    with pytest.raises(RecordError):
        GameRecord.from_states([])


def test_errors_survive_pickling() -> None:
    with pytest.raises(ReplayError) as info:
        replay(GameRecord(2, actions=[SetupPlace(0), SetupPlace(9)]))
    error = pickle.loads(pickle.dumps(info.value))
    assert (str(error), error.index, error.clause) == (str(info.value), 1, "SETUP-4")
    assert error.state == info.value.state
    plain = pickle.loads(pickle.dumps(RecordError("bad", "table[0]", "COMP-3")))
    assert (plain.path, plain.clause, str(plain)) == (
        "table[0]",
        "COMP-3",
        "table[0]: bad [COMP-3]",
    )
