"""Every public Tóncc entry point, fed garbage: only a ``TongiakiError`` may escape.

The contract of issue 13, for the second game (issue 30): a bad argument
raises a :class:`TongiakiError` subclass with a message, and changes
nothing; whatever is accepted gives states that keep every invariant. The
inputs come from :mod:`tongiaki_rules.fuzzing` and its Tóncc part; every
test runs derandomized with a fixed number of examples.
"""

from __future__ import annotations

import functools
import random
from collections.abc import Callable
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tongiaki_rules.errors import TongiakiError
from tongiaki_rules.fuzzing import garbage, hostile_ints, hostile_text, json_mutations
from tongiaki_rules.fuzzing._toncc import (
    garbage_joint_actions,
    play_checked_toncc_game,
    sample_toncc_map,
    sample_toncc_rules,
    toncc_invariant_violations,
    toncc_maps,
    toncc_rules_flag_values,
    toncc_rules_strategy,
)
from tongiaki_rules.toncc import (
    STANDARD_MAP,
    ChallengeLog,
    ColourDraw,
    DrawColours,
    GreedyBot,
    JointAction,
    King,
    Move,
    PlaceRegion,
    RandomBot,
    Region,
    TonccMap,
    TonccRecord,
    TonccRecorder,
    TonccRules,
    TonccState,
    board_text,
    destination,
    destinations_text,
    kingdom_value,
    make_bot,
    map_text,
    new_game,
    observe,
    picture_text,
    position,
    ranking,
    render_text,
    render_toncc_svg,
    scores_text,
    shared_feature,
    strongest_in,
    toncc_points,
    weaker_king,
)

FUZZ = settings(
    max_examples=60,
    derandomize=True,
    deadline=None,
    database=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)


def call(function: Callable[..., Any], *args: Any, **kwargs: Any) -> Any:
    """Call an entry point: its value, or the ``TongiakiError`` it raised; anything else fails."""
    try:
        return function(*args, **kwargs)
    except TongiakiError as exc:
        assert str(exc).strip(), f"{type(exc).__name__} without a message"
        return exc
    except Exception as exc:
        name = getattr(function, "__qualname__", repr(function))
        raise AssertionError(f"{type(exc).__name__} escaped {name}{args!r}: {exc}") from exc


@functools.cache
def states() -> tuple[TonccState, ...]:
    """A few states of every kind: the draw, the shuffle, turns, a King off, the end."""
    rng = random.Random(5)
    found = [new_game(), new_game(TonccRules(colour_draw="fixed"))]
    state = new_game()
    while not state.is_terminal:
        state = state.resolve_chance(rng)
        found.append(state)
        state = state.apply_joint(
            {k: rng.choice(state.legal_actions(k)) for k in state.active_kings}
        )
        found.append(state)
    return (*found[:: max(1, len(found) // 12)], state)


ANY = st.one_of(garbage(), hostile_ints(), hostile_text())


# --------------------------------------------------------------------------- the kit itself


def test_the_kit_samples_every_flag_value_and_valid_custom_maps() -> None:
    values = toncc_rules_flag_values()
    assert set(values) == {
        "stall_king_points",
        "top_tie",
        "final_three_way_tie",
        "compass",
        "colour_draw",
    }
    assert values["colour_draw"] == tuple(ColourDraw)
    rng = random.Random(1)
    seen = {sample_toncc_rules(rng).colour_draw for _ in range(30)}
    assert seen == set(ColourDraw)
    maps = {sample_toncc_map(rng) for _ in range(20)}
    assert len(maps) > 5 and all(m.kingdoms == STANDARD_MAP.kingdoms for m in maps)


@pytest.mark.parametrize("seed", range(30))
def test_random_games_with_sampled_rules_and_maps_keep_every_invariant(seed: int) -> None:
    rng = random.Random(seed)
    run = play_checked_toncc_game(sample_toncc_rules(rng), sample_toncc_map(rng), seed=seed)
    assert run.failure is None, run
    assert run.turns > 0


@FUZZ
@given(toncc_rules_strategy(), toncc_maps(), st.integers(0, 2**32))
def test_hypothesis_games_keep_every_invariant(
    rules: TonccRules, toncc_map: TonccMap, seed: int
) -> None:
    run = play_checked_toncc_game(rules, toncc_map, seed=seed)
    assert run.failure is None, run


# --------------------------------------------------------------------------- entry points


@FUZZ
@given(st.data(), garbage_joint_actions())
def test_a_joint_action_of_garbage_is_applied_or_refused_and_the_state_keeps(
    data: Any, joint: object
) -> None:
    state = data.draw(st.sampled_from(states()))
    digest = hash(state)
    for apply in (state.apply_joint, state.apply_joint_with_report):
        result = call(apply, joint)
        assert hash(state) == digest
        if isinstance(result, TonccState):
            assert toncc_invariant_violations(result) == []
    built = call(JointAction, joint)
    if isinstance(built, JointAction):
        call(state.apply_joint, built)
    call(JointAction.of, joint)
    recorder = TonccRecorder(TonccRules(colour_draw="fixed"))
    recorder.deal(tuple(range(18)))
    before = recorder.state
    if isinstance(call(recorder.apply, joint), TongiakiError):
        assert recorder.state == before and recorder.record.turn_count == 0


@FUZZ
@given(st.data(), ANY, ANY)
def test_state_queries_and_chance_refuse_garbage_with_nothing_changed(
    data: Any, a: object, b: object
) -> None:
    state = data.draw(st.sampled_from(states()))
    digest = hash(state)
    for query in (state.legal_actions, state.king_of, state.player_of, state.dealt):
        call(query, a)
    call(state.destination, a, b)
    call(state.apply_chance, a)
    call(state.apply_chance, call(PlaceRegion, a))
    call(state.apply_chance, call(DrawColours, a))
    call(state.resolve_chance, a)
    call(state.sample_chance, a)
    call(observe, state, a)
    call(observe, a, King.RED)
    assert hash(state) == digest


@FUZZ
@given(ANY, ANY, ANY)
def test_the_vocabulary_refuses_garbage(a: object, b: object, c: object) -> None:
    for function, args in (
        (destination, (a, b)),
        (strongest_in, (a, b)),
        (weaker_king, (a, b)),
        (King.RED.weight, (a,)),
        (shared_feature, (a, b, c)),
        (STANDARD_MAP.background, (a,)),
        (kingdom_value, (a, King.RED, STANDARD_MAP)),
        (kingdom_value, ((0, 1, 2), a, b)),
        (ranking, (a,)),
        (toncc_points, (a, b)),
        (toncc_points, ((1, 2, 3), a)),
        (Move, (a,)),
        (PlaceRegion, (a,)),
        (DrawColours, (a,)),
        (TonccMap, (a,)),
        (Region, (a, b)),
        (new_game, (a,)),
        (new_game, (None, a)),
        (RandomBot, (a,)),
        (GreedyBot, (a,)),
        (make_bot, (a, b)),
    ):
        call(function, *args)
    call(TonccRules, **{"compass": a})
    call(TonccRules, **{"colour_draw": a})


@FUZZ
@given(st.data(), ANY, ANY)
def test_bots_views_and_pictures_refuse_garbage(data: Any, a: object, b: object) -> None:
    state = data.draw(st.sampled_from(states()))
    for bot in (RandomBot(1), GreedyBot(1)):
        call(bot.choose, state, a)
        call(bot.choose, a, King.RED)
    call(GreedyBot.worth, state, a, b)
    call(GreedyBot.worth, a, King.RED, Move(1))
    for view in (board_text, destinations_text, picture_text, render_toncc_svg):
        call(view, a)
    call(map_text, state, a)
    call(board_text, state, legend=a)
    svg = call(render_toncc_svg, state, title=a)
    if isinstance(svg, str):
        assert a is None or (isinstance(a, str) and a.isprintable())


@FUZZ
@given(**{name: ANY for name in ("kings", "seals", "king_points", "layout", "turn", "seating")})
def test_the_position_builder_refuses_garbage(**kwargs: object) -> None:
    for name, value in kwargs.items():
        built = call(position, **{name: value})
        if isinstance(built, TonccState):
            assert toncc_invariant_violations(built) == []


@functools.cache
def record_text() -> str:
    recorder = TonccRecorder()
    rng = random.Random(3)
    recorder.shuffle(rng)
    for _ in range(3):
        state = recorder.state
        recorder.apply({k: rng.choice(state.legal_actions(k)) for k in state.active_kings})
    return recorder.record.to_json()


@FUZZ
@given(st.data())
def test_mutated_records_are_read_or_refused_with_a_record_error(data: Any) -> None:
    text = data.draw(json_mutations(record_text()))
    record = call(TonccRecord.from_json, text)
    if isinstance(record, TonccRecord):
        assert TonccRecord.from_json(record.to_json()) == record
        call(record.replay, data.draw(ANY))
        call(record.to_json, data.draw(ANY))
        call(TonccRecorder.resume, record)


@FUZZ
@given(ANY, ANY, ANY)
def test_records_and_the_recorder_refuse_garbage_with_nothing_changed(
    a: object, b: object, c: object
) -> None:
    for args in ((a,), (None, a), (None, None, a)):
        call(TonccRecorder, *args)
    call(TonccRecord, a)
    call(TonccRecord, TonccRules(), a)
    call(TonccRecord, TonccRules(), STANDARD_MAP, a)
    call(TonccRecord, TonccRules(), STANDARD_MAP, (), a)
    call(TonccRecord, TonccRules(), STANDARD_MAP, (), None, a)
    call(ChallengeLog, a, b)
    call(Region, a, b, c)
    recorder = TonccRecorder()
    before = recorder.state
    for method in (recorder.deal, recorder.draw, recorder.shuffle, recorder.apply):
        call(method, a)
    if recorder.state is not before:  # only a legal draw or a full shuffle changes it
        assert recorder.state.seating is not None
    call(TonccRecorder.resume, a)
    for view in (scores_text, render_text):
        call(view, a)
