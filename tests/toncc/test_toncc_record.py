"""Tóncc records: round trips, replay equals the game, hostile documents -> RecordError."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from tests.toncc.helpers import FIXED

from tongiaki_rules.errors import RecordError, SettingsError
from tongiaki_rules.toncc import (
    STANDARD_MAP,
    King,
    Move,
    TonccMap,
    TonccRules,
    TonccState,
)
from tongiaki_rules.toncc._bots import GreedyBot, RandomBot, make_bot
from tongiaki_rules.toncc._record import ChallengeLog, TonccRecord, TonccRecorder


def played(seed: int, rules: TonccRules | None = None, turns: int | None = None) -> TonccRecorder:
    """A game between a greedy and two random bots, stopped after ``turns`` turns if given."""
    rng = random.Random(seed)
    bots = [GreedyBot(seed), RandomBot(seed + 1), RandomBot(seed + 2)]
    recorder = TonccRecorder(rules, metadata={"seed": str(seed)})
    done = 0
    while not recorder.state.is_terminal and (turns is None or done < turns):
        recorder.shuffle(rng)
        recorder.apply(
            {k: bots[k.value].choose(recorder.state, k) for k in recorder.state.active_kings}
        )
        done += 1
    return recorder


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    seed=st.integers(0, 10**6),
    turns=st.one_of(st.none(), st.integers(0, 60)),
    compass=st.sampled_from(["counter_clockwise", "d6"]),
)
def test_a_record_read_back_replays_to_the_game_played(
    seed: int, turns: int | None, compass: str
) -> None:
    recorder = played(seed, TonccRules(compass=compass), turns)
    record = recorder.record
    for indent in (None, 2):
        back = TonccRecord.from_json(record.to_json(indent=indent))
        assert back == record
        assert back.replay() == recorder.state
    assert record.to_json(indent=2) == TonccRecord.from_json(record.to_json()).to_json(indent=2)


def test_every_state_of_a_record_is_the_state_of_the_game_at_that_step() -> None:
    recorder = played(11)
    states = recorder.record.states()
    assert states[0].is_chance
    assert states[-1] == recorder.state and states[-1].is_terminal
    draw = 1  # the colour draw is a step of its own
    assert len(states) == 1 + draw + len(recorder.record.challenges) + recorder.record.turn_count
    assert states[1].seating == recorder.record.seating and states[1].layout == ()


def test_a_custom_map_is_written_into_the_record_and_read_back() -> None:
    regions = STANDARD_MAP.regions
    custom = TonccMap(regions[6:] + regions[:6])  # the triangle turned by one side
    recorder = TonccRecorder(toncc_map=custom)
    recorder.shuffle(random.Random(2))
    record = recorder.record
    data = json.loads(record.to_json())
    assert data["map"][0] == {
        "background": "Y",
        "symbol": "R",
        "shape": None,
        "lines": 0,
        "dots": 1,
    }
    assert TonccRecord.from_json(record.to_json()).toncc_map == custom
    assert json.loads(TonccRecorder().record.to_json())["map"] is None


def good_document() -> dict[str, Any]:
    data: dict[str, Any] = json.loads(played(5, turns=4).record.to_json())
    return data


HOSTILE: list[tuple[str, Any, str]] = [
    ("schema", "tongiaki-record", "schema"),
    ("version", True, "version"),
    ("version", 3, "version"),
    ("version", 0, "version"),
    ("seating", ["red", "red", "blue"], "seating"),
    ("seating", ["red", "green", "blue"], "seating[1]"),
    ("seating", ["red", "blue"], "seating"),
    ("seating", None, "seating"),
    ("seating", "RYB", "seating"),
    ("rules", {"compass": "north"}, "rules"),
    ("rules", {"compas": "d6"}, "rules.compas"),
    ("rules", {"compass": 1}, "rules.compass"),
    ("map", [], "map"),
    ("map", "standard", "map"),
    ("challenges", {}, "challenges"),
    ("metadata", {"seed": 1}, "metadata.seed"),
    ("metadata", {"x": "\ud800"}, "metadata.x"),
]


@pytest.mark.parametrize(("field", "value", "path"), HOSTILE)
def test_a_bad_field_raises_a_record_error_naming_its_path(
    field: str, value: Any, path: str
) -> None:
    data = good_document()
    data[field] = value
    with pytest.raises(RecordError) as caught:
        TonccRecord.from_json(json.dumps(data))
    assert caught.value.path == path


@pytest.mark.parametrize(
    ("mutate", "path"),
    [
        (lambda d: d["challenges"][0]["layout"].__setitem__(3, 0), "challenges[0].layout"),
        (lambda d: d["challenges"][0]["layout"].__setitem__(3, 18), "challenges[0].layout[3]"),
        (lambda d: d["challenges"][0]["layout"].__setitem__(3, 2.0), "challenges[0].layout[3]"),
        (lambda d: d["challenges"][0]["layout"].pop(), "challenges[0].layout"),
        (lambda d: d["challenges"][0]["turns"][1].__setitem__(0, 7), "challenges[0].turns[1][0]"),
        (
            lambda d: d["challenges"][0]["turns"][1].__setitem__(2, False),
            "challenges[0].turns[1][2]",
        ),
        (lambda d: d["challenges"][0]["turns"][1].__setitem__(1, None), "challenges[0].turns[1]"),
        (lambda d: d["challenges"][0]["turns"][1].append(1), "challenges[0].turns[1]"),
        (lambda d: d["challenges"][0].__setitem__("extra", 1), "challenges[0].extra"),
        (lambda d: d["challenges"].append(d["challenges"][0]), "challenges[1]"),
    ],
)
def test_a_mutated_game_raises_a_record_error_naming_the_step(mutate: Any, path: str) -> None:
    data = good_document()
    mutate(data)
    with pytest.raises(RecordError) as caught:
        TonccRecord.from_json(json.dumps(data))
    assert caught.value.path == path


def test_a_turn_after_the_end_of_a_challenge_is_refused() -> None:
    data: dict[str, Any] = json.loads(played(8).record.to_json())
    turns = data["challenges"][0]["turns"]
    turns.append([1, 1, 1])
    with pytest.raises(RecordError, match="the challenge ended") as caught:
        TonccRecord.from_json(json.dumps(data))
    assert caught.value.path == f"challenges[0].turns[{len(turns) - 1}]"


@pytest.mark.parametrize(
    "text",
    [
        "",
        "[",
        "null",
        "[]",
        '{"schema": 1, "schema": 2}',
        '{"version": NaN}',
        "[" * 100_000,
        b"\xff",
    ],
)
def test_text_that_is_not_a_record_raises_a_record_error(text: str | bytes) -> None:
    with pytest.raises(RecordError):
        TonccRecord.from_json(text)


@settings(max_examples=150, deadline=None)
@given(data=st.data())
def test_random_mutations_of_a_record_raise_record_errors_or_replay(data: st.DataObject) -> None:
    doc = good_document()
    log = doc["challenges"][0]
    where = data.draw(st.sampled_from(["layout", "turns"]))
    items = log[where]
    k = data.draw(st.integers(0, len(items) - 1))
    junk = st.one_of(
        st.none(),
        st.booleans(),
        st.integers(-3, 30),
        st.floats(allow_nan=False, allow_infinity=False),
        st.text(max_size=3),
        st.lists(st.integers(0, 7), max_size=4),
    )
    if where == "turns":
        items[k][data.draw(st.integers(0, 2))] = data.draw(junk)
    else:
        items[k] = data.draw(junk)
    try:
        record = TonccRecord.from_json(json.dumps(doc))
    except RecordError as exc:
        assert exc.path is not None and exc.path.startswith("challenges[0]")
    else:
        assert isinstance(record.replay(), TonccState)


def test_a_record_built_in_python_is_checked_too() -> None:
    with pytest.raises(RecordError, match="challenges"):
        TonccRecord(challenges="abc")  # type: ignore[arg-type]
    with pytest.raises(RecordError) as caught:
        TonccRecord(
            FIXED, challenges=(ChallengeLog(tuple(range(18)), ()), ChallengeLog(tuple(range(18))))
        )
    assert caught.value.path == "challenges[1]"
    with pytest.raises(RecordError) as caught:
        TonccRecord(challenges=(ChallengeLog(tuple(range(18)), ()),))  # the draw is missing
    assert caught.value.path == "seating" and caught.value.clause == "TC-SETUP-4"
    with pytest.raises(RecordError) as caught:
        TonccRecord(FIXED, seating=(King.RED, King.YELLOW, King.BLUE))
    assert caught.value.path == "seating"
    with pytest.raises(RecordError):
        TonccRecord().replay(5)


def test_the_bots_choose_legal_moves_and_refuse_kings_not_on_the_board() -> None:
    state = played(3, turns=2).state
    for name in ("random", "greedy"):
        bot = make_bot(name, 1)
        assert bot.choose(state, King.RED) in state.legal_actions(King.RED)
    with pytest.raises(SettingsError, match="not one of"):
        make_bot("clever")
    assert GreedyBot.worth(state, King.RED, Move(1)) >= 0


@pytest.mark.clause("TC-SETUP-4")
def test_the_colour_draw_is_written_into_the_record_and_replayed() -> None:
    recorder = played(5, turns=4)
    record = recorder.record
    data = json.loads(record.to_json())
    assert data["version"] == 2
    assert data["seating"] == [k.name.lower() for k in recorder.state.seating]  # type: ignore[union-attr]
    again = TonccRecord.from_json(record.to_json())
    assert again == record and again.replay() == recorder.state
    fixed = TonccRecorder(FIXED)
    fixed.shuffle(random.Random(1))
    assert json.loads(fixed.record.to_json())["seating"] is None


def test_a_version_1_record_still_reads_with_the_fixed_seating() -> None:
    recorder = TonccRecorder(FIXED)
    recorder.shuffle(random.Random(8))
    state = recorder.state
    bots = [GreedyBot(1), RandomBot(2), RandomBot(3)]
    for _ in range(5):
        recorder.apply(
            {k: bots[k.value].choose(recorder.state, k) for k in recorder.state.active_kings}
        )
    data = json.loads(recorder.record.to_json())
    del data["seating"]
    data["version"] = 1
    data["rules"] = {}  # version 1 had no colour_draw flag: players sat by colour
    old = TonccRecord.from_json(json.dumps(data))
    assert old.rules.colour_draw.value == "fixed" and old.seating is None
    assert old.replay() == recorder.state and old.states()[1] == state
    assert json.loads(old.to_json())["version"] == 2  # written back as version 2
    data["rules"] = {"colour_draw": "draw"}
    with pytest.raises(RecordError) as caught:
        TonccRecord.from_json(json.dumps(data))
    assert caught.value.path == "rules.colour_draw"
    data["rules"] = {}
    data["seating"] = ["red", "yellow", "blue"]
    with pytest.raises(RecordError, match="unknown field"):
        TonccRecord.from_json(json.dumps(data))
