"""Every public entry point, fed garbage: only a ``TongiakiError`` may escape.

The contract (issue 13): a bad argument raises a :class:`TongiakiError`
subclass whose message says what was wrong, and changes nothing; an
ill-typed argument (a bool where an int is meant, a float, NaN, a huge int, a
lone surrogate, a wrong enum value) is rejected, never silently accepted;
whatever is accepted gives states that keep every invariant. The inputs come
from the strategies of :mod:`tongiaki_rules.fuzzing`; every test runs
derandomized with a fixed number of examples, so the module takes seconds.

Readable examples of the same contract sit next to the Hypothesis tests.
"""

from __future__ import annotations

import functools
import random
from collections.abc import Callable
from typing import Any

import attrs
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tongiaki_rules import (
    Colour,
    DecisionKind,
    Draw,
    Expand,
    GameRecord,
    GameState,
    IllegalActionError,
    Recorder,
    RecordError,
    Rules,
    SetupPlace,
    TongiakiError,
    format_action,
    match_action,
    new_game,
    parse_action,
    position,
    render_svg,
    render_text,
    replay,
)
from tongiaki_rules.bots import make_bot
from tongiaki_rules.encoding import ActionEncoding, disc_cells, placement_radius
from tongiaki_rules.fuzzing import (
    game_settings,
    garbage,
    garbage_actions,
    hostile_ints,
    hostile_text,
    json_mutations,
    plausible_actions,
    rules_flag_values,
    run_seed,
)
from tongiaki_rules.observation import (
    LayoutError,
    ObservationLayout,
    observation_string,
    relative_colours,
)
from tongiaki_rules.testing import invariant_violations

FUZZ = settings(
    max_examples=60,
    derandomize=True,
    deadline=None,
    database=None,
    report_multiple_bugs=False,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)


# --------------------------------------------------------------------------- the contract


class Rejected:
    """What a call gave back when it raised a ``TongiakiError``."""

    def __init__(self, error: TongiakiError) -> None:
        self.error = error


def call(function: Callable[..., Any], *args: Any, **kwargs: Any) -> Any:
    """Call an entry point; a ``TongiakiError`` becomes :class:`Rejected`, anything else fails."""
    try:
        return function(*args, **kwargs)
    except TongiakiError as exc:
        assert str(exc).strip(), f"{type(exc).__name__} without a message"
        return Rejected(exc)
    except Exception as exc:
        shown = ", ".join([*map(_short, args), *(f"{k}={_short(v)}" for k, v in kwargs.items())])
        name = getattr(function, "__qualname__", repr(function))
        raise AssertionError(f"{type(exc).__name__} escaped {name}({shown}): {exc}") from exc


def must_reject(function: Callable[..., Any], *args: Any, **kwargs: Any) -> TongiakiError:
    """The call must raise a ``TongiakiError`` (nonsense is never silently accepted)."""
    result = call(function, *args, **kwargs)
    shown = ", ".join([*map(_short, args), *(f"{k}={_short(v)}" for k, v in kwargs.items())])
    assert isinstance(result, Rejected), (
        f"{getattr(function, '__qualname__', function)}({shown}) accepted nonsense: "
        f"returned {_short(result)}"
    )
    return result.error


def _short(value: object) -> str:
    text = repr(value)
    return text if len(text) <= 120 else text[:117] + "..."


def unchanged(state: GameState) -> Callable[[], None]:
    """A check that ``state`` is the same value afterwards (``==``, hash and JSON)."""
    snapshot, digest, copy = state.to_json(), hash(state), attrs.evolve(state)

    def check() -> None:
        assert state == copy and hash(state) == digest and state.to_json() == snapshot

    return check


def exactly_typed(value: object) -> bool:
    """No bool, float or list hides in ``value`` (an action or one of its fields)."""
    if isinstance(value, bool | float | complex | list | dict | set):
        return False
    if attrs.has(type(value)):
        return all(exactly_typed(v) for v in attrs.astuple(value, recurse=False))  # type: ignore[arg-type]
    if isinstance(value, tuple):
        return all(exactly_typed(v) for v in value)
    if isinstance(value, str):
        return _encodable(value)
    return value is None or isinstance(value, int)


def _encodable(text: str) -> bool:
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        return False
    return True


def assert_sound(state: GameState, *, exact_tiles: bool = True) -> None:
    problems = invariant_violations(state, exact_tiles=exact_tiles)
    assert not problems, problems


# --------------------------------------------------------------------------- states


@functools.cache
def sample_states() -> tuple[GameState, ...]:
    """States of every decision kind, from random games across sampled settings."""
    picked: dict[DecisionKind, list[GameState]] = {}
    for seed in range(12):
        run = run_seed(seed)
        state = run.settings.new_game()
        for k, action in enumerate(run.actions):
            if k % 7 == 0 or state.pending.kind not in picked:
                picked.setdefault(state.pending.kind, []).append(state)
            state = state.apply(action)
        picked.setdefault(state.pending.kind, []).append(state)
    return tuple(s for states in picked.values() for s in states[:6])


states = st.deferred(lambda: st.sampled_from(sample_states()))
decision_states = st.deferred(
    lambda: st.sampled_from([s for s in sample_states() if s.current_player is not None])
)
chance_states = st.deferred(
    lambda: st.sampled_from([s for s in sample_states() if s.is_chance_node])
)

# any two ints make a hex (an empty one far off): only what is not an int is ill-typed
not_ints = hostile_ints().filter(lambda v: type(v) is not int)
ill_typed_hexes = st.one_of(
    garbage().filter(lambda v: not (isinstance(v, tuple) and len(v) == 2)),
    st.tuples(not_ints, st.integers(-3, 3)),
    st.tuples(st.integers(-3, 3), not_ints),
)
ill_typed_ints = hostile_ints().filter(lambda v: not (type(v) is int and 0 <= v < 2**31))


def test_the_sample_states_cover_every_decision_kind() -> None:
    kinds = {s.pending.kind for s in sample_states()}
    assert kinds == set(DecisionKind)


# --------------------------------------------------------------------------- GameState queries

COLOUR_QUERIES = (
    "reserve",
    "boats_on_board",
    "boats_at_sea",
    "boats_out_of_game",
    "royal_islands_founded",
    "seat_of",
)


@FUZZ
@given(
    states,
    st.sampled_from(COLOUR_QUERIES),
    st.one_of(hostile_ints(), garbage()).filter(lambda v: not isinstance(v, Colour)),
)
def test_colour_queries_reject_anything_but_a_colour_in_play(
    state: GameState, query: str, colour: object
) -> None:
    check = unchanged(state)
    must_reject(getattr(state, query), colour)
    check()


@FUZZ
@given(states, st.sampled_from(COLOUR_QUERIES), st.integers(-10, 10))
def test_colour_queries_reject_a_colour_not_in_play(
    state: GameState, query: str, colour: int
) -> None:
    if 0 <= colour < len(state.colours):
        assert type(call(getattr(state, query), colour)) is int
    else:
        must_reject(getattr(state, query), colour)


@FUZZ
@given(states, st.sampled_from(["tile_at", "island_at"]), ill_typed_hexes)
def test_position_queries_reject_what_is_not_a_hex(
    state: GameState, query: str, where: object
) -> None:
    check = unchanged(state)
    must_reject(getattr(state, query), where)
    check()


@FUZZ
@given(
    states,
    st.one_of(ill_typed_hexes, st.tuples(st.integers(-4, 4), st.integers(-4, 4))),
    st.one_of(hostile_ints(), garbage(), st.integers(-3, 9)),
)
def test_beach_names_the_bad_island_or_index(
    state: GameState, island: object, index: object
) -> None:
    result = call(state.beach, island, index)
    if not isinstance(result, Rejected):
        assert type(index) is int and result.index == index
        assert result.island == island


def test_a_beach_of_no_island_is_an_error_naming_the_position() -> None:
    error = must_reject(new_game(2).beach, (5, 5), 0)
    assert "(5, 5)" in str(error)


def test_reserve_of_a_colour_not_in_play_is_an_error() -> None:
    must_reject(new_game(2).reserve, Colour.PURPLE)
    must_reject(new_game(2).reserve, -1)
    must_reject(new_game(2).reserve, True)


# --------------------------------------------------------------------------- apply


def _check_accepted(state: GameState, action: object, after: GameState) -> None:
    assert exactly_typed(action), f"accepted the ill-typed action {action!r}"
    if state.is_chance_node:
        assert action in [draw for draw, _p in state.chance_outcomes()]
    else:
        assert action in state.legal_actions()
    assert_sound(after)


@FUZZ
@given(states, st.one_of(garbage_actions(), plausible_actions()))
def test_apply_rejects_garbage_actions_and_leaves_the_state_as_it_was(
    state: GameState, action: object
) -> None:
    check = unchanged(state)
    result = call(state.apply, action)
    check()
    if not isinstance(result, Rejected):
        _check_accepted(state, action, result)


@FUZZ
@given(states, st.one_of(garbage_actions(), plausible_actions()))
def test_apply_with_events_rejects_garbage_actions(state: GameState, action: object) -> None:
    check = unchanged(state)
    result = call(state.apply_with_events, action)
    check()
    if not isinstance(result, Rejected):
        _check_accepted(state, action, result[0])


def test_a_bool_is_not_a_beach_number() -> None:
    # refused where the action is built, so apply never sees it
    must_reject(SetupPlace, True)
    must_reject(SetupPlace, 1.0)


def test_an_action_with_a_list_is_not_an_expansion() -> None:
    must_reject(Expand, (0, 0), [0])


@FUZZ
@given(decision_states, st.one_of(garbage(), st.builds(random.Random, st.integers())))
def test_chance_functions_are_errors_at_a_decision(state: GameState, rng: object) -> None:
    check = unchanged(state)
    must_reject(state.sample_chance, rng)
    result = call(state.resolve_chance, rng)
    if not isinstance(result, Rejected):  # resolve_chance at a decision: nothing to resolve
        assert result == state
    check()


@FUZZ
@given(chance_states, garbage())
def test_chance_functions_reject_what_is_not_a_random_generator(
    state: GameState, rng: object
) -> None:
    check = unchanged(state)
    must_reject(state.sample_chance, rng)
    must_reject(state.resolve_chance, rng)
    check()


# --------------------------------------------------------------------------- games and rules


@FUZZ
@given(
    st.one_of(ill_typed_ints, garbage()),
    st.one_of(st.just(Rules()), garbage()),
    st.one_of(st.just(0), hostile_ints()),
)
def test_new_game_rejects_bad_settings(players: object, rules: object, start: object) -> None:
    must_reject(new_game, players, rules, start_player=start)


@FUZZ
@given(st.integers(2, 6), garbage())
def test_new_game_rejects_what_is_not_a_tile_set(players: int, tiles: object) -> None:
    must_reject(new_game, players, tiles=tiles)


@FUZZ
@given(st.integers(2, 6), garbage())
def test_new_game_rejects_what_is_not_rules(players: int, rules: object) -> None:
    must_reject(new_game, players, rules)


@FUZZ
@given(st.sampled_from(sorted(rules_flag_values())), st.one_of(garbage(), hostile_text()))
def test_rules_reject_a_value_that_is_not_one_of_the_flag_values(flag: str, value: object) -> None:
    result = call(Rules, **{flag: value})
    if not isinstance(result, Rejected):
        assert getattr(result, flag) in rules_flag_values()[flag]
        assert type(getattr(result, flag)) is not int


@FUZZ
@given(hostile_text().filter(lambda name: name not in rules_flag_values()), garbage())
def test_rules_reject_an_unknown_flag(name: str, value: object) -> None:
    must_reject(Rules, **{name: value})


def test_rules_reject_an_int_for_a_yes_no_flag() -> None:
    must_reject(Rules, variant_rody=1)
    must_reject(Rules, closed_route_mode="square")


def test_a_start_island_without_room_on_two_beaches_is_refused_for_distinct_setup() -> None:
    """Setup boats on two different beaches need two beaches (AMB-29): no silent empty game."""
    from tongiaki_rules import BeachSpec, IslandTile, OceanTile, Route, TileSet

    start = IslandTile("s", "S", 0, (BeachSpec(9, (0, 1, 2)),), is_start=True)
    isle = IslandTile("i", "I", 2, (BeachSpec(2, (1,)),))
    sea = OceanTile("o", (Route(0, 1, 0), Route(2, 3, 0), Route(4, 5, 0)))
    tiles = TileSet(start, (isle, sea))
    assert new_game(2, tiles=tiles).pending.kind is DecisionKind.SETUP
    must_reject(new_game, 2, Rules(setup_distinct_beaches=True), tiles=tiles)


POSITION_ARGUMENTS = (
    "tiles",
    "boats",
    "kings",
    "pile",
    "removed",
    "to_move",
    "reserves",
    "royal_founded",
    "end_triggered",
    "group",
    "group_at",
    "entry",
    "origin",
    "rules",
    "tile_set",
    "start_player",
)


@FUZZ
@given(
    st.integers(2, 6),
    st.sampled_from(POSITION_ARGUMENTS),
    st.one_of(garbage(), hostile_ints(), hostile_text()),
)
def test_position_rejects_garbage_in_any_argument(
    players: int, argument: str, value: object
) -> None:
    result = call(position, players, **{argument: value})
    if not isinstance(result, Rejected):
        assert_sound(result, exact_tiles=False)


@FUZZ
@given(ill_typed_ints)
def test_position_rejects_a_player_count_that_is_not_an_int(players: object) -> None:
    must_reject(position, players)


# --------------------------------------------------------------------------- JSON documents


@functools.cache
def state_document() -> str:
    return sample_states()[len(sample_states()) // 2].to_json()


@functools.cache
def record_document() -> str:
    run = run_seed(3)
    return GameRecord(
        run.settings.num_players,
        rules=run.settings.rules,
        tiles=run.settings.tiles,
        start_player=run.settings.start_player,
        actions=run.actions[:40],
        metadata={"event": "fuzz"},
    ).to_json()


text_garbage = st.one_of(hostile_text(), st.binary(max_size=30), garbage())


@FUZZ
@given(text_garbage)
def test_state_from_json_rejects_garbage_text(text: object) -> None:
    must_reject(GameState.from_json, text)


@FUZZ
@given(st.deferred(lambda: json_mutations(state_document())))
def test_state_from_json_rejects_a_broken_document_or_gives_a_sound_state(text: str) -> None:
    result = call(GameState.from_json, text)
    if not isinstance(result, Rejected):
        # a state document may hold a partial pile (a position built with pile=...)
        assert_sound(result, exact_tiles=False)


@FUZZ
@given(text_garbage)
def test_record_from_json_rejects_garbage_text(text: object) -> None:
    must_reject(GameRecord.from_json, text)


@FUZZ
@given(st.deferred(lambda: json_mutations(record_document())))
def test_record_from_json_rejects_a_broken_document_or_replays(text: str) -> None:
    record = call(GameRecord.from_json, text)
    if not isinstance(record, Rejected):
        state = call(replay, record)
        if not isinstance(state, Rejected):
            assert_sound(state)


def test_a_bool_beach_in_a_record_is_an_error_naming_the_field() -> None:
    text = GameRecord(2, actions=[SetupPlace(3)]).to_json().replace('"beach":3', '"beach":true')
    error = must_reject(GameRecord.from_json, text)
    assert isinstance(error, RecordError) and error.path == "actions[0].beach"


RECORD_ARGUMENTS = ("rules", "tiles", "start_player", "actions", "metadata")


@FUZZ
@given(
    st.one_of(st.integers(2, 6), ill_typed_ints),
    st.sampled_from(RECORD_ARGUMENTS),
    st.one_of(garbage(), st.lists(garbage_actions(), max_size=3)),
)
def test_game_record_rejects_garbage_settings(
    players: object, argument: str, value: object
) -> None:
    record = call(GameRecord, players, **{argument: value})
    if not isinstance(record, Rejected):
        assert type(record.num_players) is int
        call(replay, record)


@FUZZ
@given(st.lists(st.one_of(garbage_actions(), plausible_actions()), max_size=4))
def test_replay_raises_a_replay_error_for_bad_actions(actions: list[object]) -> None:
    record = call(GameRecord, 2, actions=actions)
    if not isinstance(record, Rejected):
        result = call(replay, record)
        if not isinstance(result, Rejected):
            assert all(exactly_typed(a) for a in record.actions)
            assert_sound(result)


@FUZZ
@given(st.one_of(hostile_ints(), garbage()))
def test_replay_rejects_a_bad_upto(upto: object) -> None:
    record = GameRecord(2, actions=[SetupPlace(0), SetupPlace(1)])
    if upto is None:
        return
    must_reject(replay, record, upto)


@FUZZ
@given(st.one_of(ill_typed_ints, garbage()), st.one_of(st.none(), garbage()))
def test_recorder_rejects_bad_settings(players: object, metadata: object) -> None:
    must_reject(Recorder, players, metadata=metadata)


@FUZZ
@given(st.one_of(garbage_actions(), plausible_actions()))
def test_recorder_apply_rejects_garbage_and_records_nothing(action: object) -> None:
    recorder = Recorder(3)
    before = recorder.record
    result = call(recorder.apply, action)
    if isinstance(result, Rejected):
        assert recorder.record == before and len(recorder.actions) == 0
    else:
        assert exactly_typed(action)
        assert recorder.actions == (action,)


@FUZZ
@given(st.one_of(hostile_ints(), garbage()))
def test_recorder_undo_rejects_a_bad_step_count(steps: object) -> None:
    recorder = Recorder(2)
    recorder.apply(SetupPlace(0))
    must_reject(recorder.undo, steps)
    assert len(recorder.actions) == 1


# --------------------------------------------------------------------------- notation


@FUZZ
@given(st.one_of(garbage_actions(), plausible_actions()))
def test_format_action_formats_an_action_or_rejects_garbage(action: object) -> None:
    result = call(format_action, action)
    if not isinstance(result, Rejected):
        assert exactly_typed(action), f"formatted the ill-typed {action!r} as {result!r}"
        assert parse_action(result) == action


@FUZZ
@given(st.one_of(hostile_text(), garbage()))
def test_parse_action_reads_an_action_or_says_what_was_expected(text: object) -> None:
    result = call(parse_action, text)
    if not isinstance(result, Rejected):
        assert exactly_typed(result)
        assert parse_action(format_action(result)) == result


@FUZZ
@given(states, st.one_of(hostile_text(), garbage(), st.integers(-3, 40).map(str)))
def test_match_action_finds_a_legal_action_or_rejects_the_text(
    state: GameState, text: object
) -> None:
    check = unchanged(state)
    result = call(match_action, text, state)
    check()
    if not isinstance(result, Rejected):
        outcomes = [d for d, _p in state.chance_outcomes()] if state.is_chance_node else []
        assert result in state.legal_actions() or result in outcomes


@FUZZ
@given(garbage())
def test_match_action_rejects_what_is_not_a_state(state: object) -> None:
    must_reject(match_action, "1", state)


# --------------------------------------------------------------------------- views

SVG_KEYWORDS = ("size", "highlight", "show_panel", "title", "show_open_sea")


@FUZZ
@given(states, st.sampled_from(SVG_KEYWORDS), st.one_of(garbage(), hostile_ints(), hostile_text()))
def test_render_svg_rejects_bad_keywords(state: GameState, keyword: str, value: object) -> None:
    check = unchanged(state)
    result = call(render_svg, state, **{keyword: value})
    check()
    if not isinstance(result, Rejected):
        assert isinstance(result, str) and _encodable(result)
        expected: dict[str, tuple[type, ...]] = {
            "size": (int,),
            "show_panel": (bool,),
            "show_open_sea": (bool,),
            "title": (str, type(None)),  # None is the default: no title
        }
        kinds = expected.get(keyword)
        assert kinds is None or type(value) in kinds, f"{keyword}={value!r} accepted"


@FUZZ
@given(garbage())
def test_render_functions_reject_what_is_not_a_state(state: object) -> None:
    must_reject(render_text, state)
    must_reject(render_svg, state)


# --------------------------------------------------------------------------- bots


@FUZZ
@given(
    st.one_of(hostile_text(), garbage(), st.sampled_from(["mcts:iterations=-1", "random:x=1"])),
    st.one_of(st.none(), st.integers(0, 9), hostile_ints()),
)
def test_make_bot_rejects_bad_specs_and_seeds(spec: object, seed: object) -> None:
    result = call(make_bot, spec, seed)
    if not isinstance(result, Rejected):
        assert isinstance(spec, str) and _encodable(spec)
        assert seed is None or type(seed) is int


def test_make_bot_rejects_a_negative_iteration_count() -> None:
    must_reject(make_bot, "mcts:iterations=-1")


# --------------------------------------------------------------------------- encoding, observation


@FUZZ
@given(st.one_of(ill_typed_ints, garbage()), st.one_of(st.just(Rules()), garbage()))
def test_encoding_and_observation_layouts_reject_bad_settings(
    players: object, rules: object
) -> None:
    must_reject(ActionEncoding.for_game, players, rules)
    must_reject(ObservationLayout.for_game, players, rules)


@FUZZ
@given(states, st.one_of(garbage_actions(), plausible_actions()))
def test_encode_names_an_illegal_action(state: GameState, action: object) -> None:
    encoding = ActionEncoding.for_state(state)
    result = call(encoding.encode, state, action)
    if not isinstance(result, Rejected):
        assert exactly_typed(action)
        assert encoding.decode(state, result) == action


@FUZZ
@given(states, st.one_of(hostile_ints(), garbage(), st.integers(-5, 10**6)))
def test_index_functions_reject_bad_indices(state: GameState, index: object) -> None:
    encoding = ActionEncoding.for_state(state)
    for function in (
        functools.partial(encoding.decode, state),
        encoding.decode_chance,
        encoding.block_of,
        encoding.describe,
    ):
        result = call(function, index)
        if not isinstance(result, Rejected):
            assert type(index) is int
    layout = ObservationLayout.for_state(state)
    result = call(layout.describe, index)
    if not isinstance(result, Rejected):
        assert type(index) is int and 0 <= index < layout.size


@FUZZ
@given(states, st.one_of(garbage(), hostile_text()))
def test_encode_chance_and_section_reject_unknown_names(state: GameState, name: object) -> None:
    """A garbage name is refused with the error that names it, never taken for a real one."""
    encoding = ActionEncoding.for_state(state)
    layout = ObservationLayout.for_state(state)
    tiles = {tile.id for tile in state.config.tiles.pile}
    sections = {section.name for section in layout.sections}
    # the draw itself, and a draw of a tile by that name, are both refused
    draws: list[object] = [name]
    if isinstance(name, str) and name not in tiles:
        made = call(Draw, name)
        if not isinstance(made, Rejected):
            draws.append(made)
    for draw in draws:
        refused = must_reject(encoding.encode_chance, draw)
        assert isinstance(refused, IllegalActionError), type(refused)
        assert "is not a draw of a pile tile" in str(refused)
    if not (isinstance(name, str) and name in sections):
        refused = must_reject(layout.section, name)
        assert isinstance(refused, LayoutError), type(refused)
        assert isinstance(refused, KeyError)  # as a dict's lookup would fail
        assert "no observation section" in str(refused)


def _not_huge(value: object) -> bool:
    return not (isinstance(value, int) and value > 10_000)


@FUZZ
@given(
    st.one_of(hostile_ints(), garbage()).filter(_not_huge),
    st.one_of(st.just(Rules()), garbage()),
)
def test_disc_cells_and_placement_radius_reject_garbage(radius: object, rules: object) -> None:
    """Huge radii are left out: ``disc_cells(2**40)`` would fill the memory (see the report)."""
    must_reject(disc_cells, radius)
    must_reject(placement_radius, rules, radius)


@FUZZ
@given(states, st.one_of(hostile_ints(), garbage(), st.integers(-3, 8)))
def test_observations_reject_a_seat_not_at_the_table(state: GameState, player: object) -> None:
    check = unchanged(state)
    layout = ObservationLayout.for_state(state)
    for function in (
        functools.partial(layout.observe, state),
        functools.partial(observation_string, state),
        functools.partial(relative_colours, state),
    ):
        result = call(function, player)
        if not isinstance(result, Rejected):
            assert type(player) is int and 0 <= player < state.num_players
    check()


@FUZZ
@given(garbage(), st.integers(0, 2))
def test_observe_rejects_what_is_not_a_state(state: object, player: int) -> None:
    must_reject(ObservationLayout.for_game(3).observe, state, player)
    must_reject(observation_string, state, player)


@FUZZ
@given(game_settings())
def test_layouts_exist_for_every_sampled_setting(chosen: Any) -> None:
    state = chosen.new_game()
    assert call(ActionEncoding.for_state, state) is not None
    assert call(ObservationLayout.for_state, state) is not None


@pytest.mark.parametrize("name", ["B", "R"])
def test_colours_by_letter_are_not_colour_indices(name: str) -> None:
    must_reject(new_game(2).reserve, name)
