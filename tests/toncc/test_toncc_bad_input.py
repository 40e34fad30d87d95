"""The error contract of Tóncc: every bad input named by issue 30 raises a TongiakiError.

Each case used to raise a plain Python error (AttributeError, IndexError,
TypeError, ValueError) or be accepted. Now it raises a
:class:`~tongiaki_rules.errors.TongiakiError` subclass whose message names
the argument, and nothing it was given changes. Numpy integers, which the
adapters hand out, are taken wherever a whole number goes; bools never are.
"""

from __future__ import annotations

import random
import re
from collections.abc import Callable
from typing import Any

try:
    import numpy as np
except ModuleNotFoundError:  # the test extra alone has no numpy: its cases are left out
    np = None
import pytest
from tests.toncc.helpers import FIXED

from tongiaki_rules.errors import QueryError, RecordError, SettingsError, TongiakiError
from tongiaki_rules.toncc import (
    CLAUSES,
    MOVES,
    STANDARD_MAP,
    Colour,
    JointAction,
    King,
    Move,
    PlaceRegion,
    TonccIllegalActionError,
    destination,
    kingdom_value,
    new_game,
    ranking,
    shared_feature,
    strongest_in,
    toncc_points,
    weaker_king,
)
from tongiaki_rules.toncc._bots import GreedyBot, RandomBot
from tongiaki_rules.toncc._record import ChallengeLog, TonccRecord, TonccRecorder
from tongiaki_rules.toncc._svg import render_toncc_svg
from tongiaki_rules.toncc._textview import map_text, picture_text

ALL_MOVE_1 = {King.RED: Move(1), King.YELLOW: Move(1), King.BLUE: Move(1)}


def _dealt() -> Any:
    return new_game(FIXED).dealt(tuple(range(18)))


def _recorder() -> TonccRecorder:
    recorder = TonccRecorder(FIXED)
    recorder.deal(tuple(range(18)))
    return recorder


CASES: list[tuple[str, Callable[[], object], type[TongiakiError], str]] = [
    # a JointAction built by hand, then applied
    ("JointAction of ints", lambda: JointAction((1, 2, 3)), TonccIllegalActionError, "not a Move"),
    (
        "JointAction of two moves",
        lambda: JointAction((Move(1), Move(1))),
        TonccIllegalActionError,
        "3 moves",
    ),
    (
        "JointAction of a list",
        lambda: JointAction([Move(1), None, None]),  # type: ignore[arg-type]
        TonccIllegalActionError,
        "3 moves",
    ),
    (
        "a record with a raw dict of moves",
        lambda: TonccRecord(
            FIXED,
            challenges=(ChallengeLog(tuple(range(18)), (ALL_MOVE_1,)),),  # type: ignore[arg-type]
        ),
        RecordError,
        "JointAction",
    ),
    (
        "a ChallengeLog with a list of turns",
        lambda: ChallengeLog(tuple(range(18)), [JointAction.of({})]),  # type: ignore[arg-type]
        RecordError,
        "turns",
    ),
    # the move function
    ("destination(99, 0)", lambda: destination(99, 0), QueryError, "cell"),
    ("destination(0, 6)", lambda: destination(0, 6), QueryError, "direction"),
    ("destination('I1', 0)", lambda: destination("I1", 0), QueryError, "cell"),  # type: ignore[arg-type]
    ("destination(0, 1.0)", lambda: destination(0, 1.0), QueryError, "direction"),  # type: ignore[arg-type]
    ("destination(-1, 0)", lambda: destination(-1, 0), QueryError, "cell"),
    ("destination(True, 0)", lambda: destination(True, 0), QueryError, "cell"),
    # Kings and colours
    ("strongest_in nobody", lambda: strongest_in(Colour.RED, []), QueryError, "no King"),
    ("strongest_in(0, ...)", lambda: strongest_in(0, [King.RED]), QueryError, "colour"),  # type: ignore[arg-type]
    ("strongest_in of ints", lambda: strongest_in(Colour.RED, [0, 1]), QueryError, "kings"),  # type: ignore[list-item]
    ("strongest_in(..., None)", lambda: strongest_in(Colour.RED, None), QueryError, "kings"),  # type: ignore[arg-type]
    ("weaker_king(0, 1)", lambda: weaker_king(0, 1), QueryError, "first"),  # type: ignore[arg-type]
    ("King.RED.weight(5)", lambda: King.RED.weight(5), QueryError, "colour"),  # type: ignore[arg-type]
    # regions and the Map
    ("shared_feature(1, 2, 3)", lambda: shared_feature(1, 2, 3), QueryError, "first"),  # type: ignore[arg-type]
    ("background(18)", lambda: STANDARD_MAP.background(18), QueryError, "region"),
    ("background(-1)", lambda: STANDARD_MAP.background(-1), QueryError, "region"),
    # scoring
    (
        "kingdom_value of two regions",
        lambda: kingdom_value((0, 1), King.RED, STANDARD_MAP),
        QueryError,
        "3 values",
    ),
    (
        "kingdom_value of no Kingdom",
        lambda: kingdom_value((0, 1, 5), King.RED, STANDARD_MAP),
        QueryError,
        "not one of the Map's 15 Kingdoms",
    ),
    (
        "kingdom_value with a bad King",
        lambda: kingdom_value((0, 1, 2), 0, STANDARD_MAP),  # type: ignore[arg-type]
        QueryError,
        "king",
    ),
    ("ranking((1, 2))", lambda: ranking((1, 2)), QueryError, "scores"),
    ("ranking((1, 2, 3, 4))", lambda: ranking((1, 2, 3, 4)), QueryError, "scores"),
    ("ranking of floats", lambda: ranking((1.5, 2, 3)), QueryError, "scores[0]"),  # type: ignore[arg-type]
    ("toncc_points(..., None)", lambda: toncc_points((3, 3, 1), None), SettingsError, "rules"),  # type: ignore[arg-type]
    # bots
    ("RandomBot(seed=[1])", lambda: RandomBot(seed=[1]), SettingsError, "seed"),  # type: ignore[arg-type]
    ("GreedyBot(seed=1.5)", lambda: GreedyBot(seed=1.5), SettingsError, "seed"),  # type: ignore[arg-type]
    ("GreedyBot(seed=True)", lambda: GreedyBot(seed=True), SettingsError, "seed"),
    (
        "GreedyBot.worth(None, ...)",
        lambda: GreedyBot.worth(None, King.RED, Move(1)),  # type: ignore[arg-type]
        SettingsError,
        "state",
    ),
    (
        "GreedyBot.worth with no Move",
        lambda: GreedyBot.worth(_dealt(), King.RED, 1),  # type: ignore[arg-type]
        SettingsError,
        "move",
    ),
    # text and pictures
    ("map_text(owners=(0, 1))", lambda: map_text(_dealt(), owners=(0, 1)), QueryError, "owners"),
    (
        "map_text with a seat 7",
        lambda: map_text(_dealt(), owners=(7,) * 18),
        QueryError,
        "owners[0]",
    ),
    ("picture_text(None)", lambda: picture_text(None), QueryError, "region"),  # type: ignore[arg-type]
    (
        "an SVG title with a lone surrogate",
        lambda: render_toncc_svg(_dealt(), title="\ud800"),
        SettingsError,
        "surrogate",
    ),
    (
        "an SVG title with a control character",
        lambda: render_toncc_svg(_dealt(), title="a\x00b"),
        SettingsError,
        "printable",
    ),
    # moves
    ("Move(True)", lambda: Move(True), TonccIllegalActionError, "1 to 6"),
    ("Move(3.0)", lambda: Move(3.0), TonccIllegalActionError, "1 to 6"),  # type: ignore[arg-type]
    *(
        [("Move(np.int64(7))", lambda: Move(np.int64(7)), TonccIllegalActionError, "1 to 6")]  # type: ignore[arg-type]
        if np is not None
        else []
    ),
    ("PlaceRegion('3')", lambda: PlaceRegion("3"), TonccIllegalActionError, "region id"),  # type: ignore[arg-type]
]


@pytest.mark.parametrize(
    ("function", "error", "words"),
    [pytest.param(f, e, w, id=name) for name, f, e, w in CASES],
)
def test_bad_input_raises_a_tongiaki_error_naming_the_problem(
    function: Callable[[], object], error: type[TongiakiError], words: str
) -> None:
    with pytest.raises(error, match=re.escape(words)):
        function()


@pytest.mark.clause("TC-MOVE-1")
def test_a_hand_built_joint_action_is_refused_by_apply_joint_and_the_recorder_alike() -> None:
    state = _dealt()
    recorder = _recorder()
    before = recorder.state
    for bad in ((1, 2, 3), (Move(1), Move(1)), "123", None):
        with pytest.raises(TonccIllegalActionError):
            state.apply_joint(JointAction(bad))  # type: ignore[arg-type]
        with pytest.raises(TonccIllegalActionError):
            recorder.apply(JointAction(bad))  # type: ignore[arg-type]
    assert recorder.state == before and recorder.record.turn_count == 0


def test_the_record_of_a_raw_dict_of_moves_never_reaches_to_json() -> None:
    log = ChallengeLog.__new__(ChallengeLog)  # skip the check, as a careless caller might
    object.__setattr__(log, "layout", tuple(range(18)))
    object.__setattr__(log, "turns", (ALL_MOVE_1,))  # a mapping the state would accept
    with pytest.raises(RecordError) as caught:
        TonccRecord(FIXED, challenges=(log,))
    assert caught.value.path == "challenges[0].turns[0]"


@pytest.mark.clause("TC-MOVE-2")
def test_numpy_integers_are_taken_where_whole_numbers_go() -> None:
    pytest.importorskip("numpy")
    assert Move(np.int64(3)) == Move(3)
    assert Move(np.uint8(6)).number == 6 and type(Move(np.int32(2)).number) is int
    assert destination(np.int64(0), np.int8(3)) == destination(0, 3)
    assert STANDARD_MAP.background(np.int64(3)) is Colour.RED
    assert ranking(np.array([12, 10, 10])) == ranking((12, 10, 10))
    assert toncc_points(np.array([12, 10, 8]), FIXED) == (2, 1, 0)
    assert kingdom_value(np.array([0, 1, 2]), King.RED, STANDARD_MAP) == 6
    assert RandomBot(np.int64(4)).seed == 4
    state = new_game(FIXED).dealt(tuple(np.arange(18).tolist()))
    assert state.apply_joint({k: Move(np.int64(1)) for k in state.active_kings}).turn == 1
    assert new_game(FIXED).apply_chance(PlaceRegion(np.int64(5))).layout == (5,)


def test_the_clause_catalogue_cannot_be_changed_at_run_time() -> None:
    with pytest.raises(TypeError):
        CLAUSES["TC-MOVE-1"] = CLAUSES["TC-MOVE-2"]  # type: ignore[index]
    with pytest.raises(TypeError):
        del CLAUSES["TC-MOVE-1"]  # type: ignore[attr-defined]
    assert len(CLAUSES) > 20 and all(MOVES)


def test_nothing_given_changes_when_a_call_is_refused() -> None:
    state = _dealt()
    copy, digest = state, hash(state)
    for bad in ({King.RED: 1}, {0: Move(1)}, JointAction.of({King.RED: Move(1)})):
        with pytest.raises(TongiakiError):
            state.apply_joint(bad)  # type: ignore[arg-type]
    owners = [0] * 18
    with pytest.raises(QueryError):
        map_text(state, owners=tuple(owners[:17]))
    assert state == copy and hash(state) == digest and owners == [0] * 18
    rng = random.Random(1)
    rng_state = rng.getstate()
    with pytest.raises(TongiakiError):
        state.resolve_chance(rng).apply_joint({})
    assert rng.getstate() == rng_state  # a dealt board draws nothing
