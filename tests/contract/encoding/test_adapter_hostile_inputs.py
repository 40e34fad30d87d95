"""Hostile input to the OpenSpiel and PettingZoo adapters: only a TongiakiError escapes."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tongiaki_rules import (
    Draw,
    GameRecord,
    IllegalActionError,
    InvalidPositionError,
    RecordError,
    ReplayError,
    Rules,
    SettingsError,
    SetupPlace,
    TongiakiError,
)
from tongiaki_rules.fuzzing import garbage, hostile_ints

np = pytest.importorskip("numpy")

HOSTILE = settings(
    max_examples=40,
    derandomize=True,
    deadline=None,
    database=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
not_an_index = st.one_of(hostile_ints(), garbage()).filter(
    lambda v: not (type(v) is int and 0 <= v < 6)
)


def rejected(function: object, *args: object, **kwargs: object) -> TongiakiError:
    """The TongiakiError the call raises; anything else fails the test."""
    assert callable(function)
    try:
        result = function(*args, **kwargs)
    except TongiakiError as error:
        assert str(error).strip()
        return error
    raise AssertionError(f"{function!r} accepted {args!r} {kwargs!r} and returned {result!r}")


# --------------------------------------------------------------------------- OpenSpiel


@pytest.fixture(scope="module")
def openspiel() -> Any:
    pytest.importorskip("pyspiel")
    from tongiaki_rules.adapters import openspiel

    return openspiel


@pytest.mark.parametrize(
    ("kwargs", "named"),
    [
        ({"players": True}, "players"),
        ({"players": 2.0}, "players"),
        ({"rules": "x"}, "rules"),
        ({"rules": 0}, "rules"),
        ({"returns": "\ud800"}, "returns"),
        ({"max_game_length": 2**70}, "max_game_length"),
        ({"start_player": 2.0}, "start_player"),
    ],
)
def test_load_game_names_a_bad_argument(
    openspiel: Any, kwargs: dict[str, object], named: str
) -> None:
    error = rejected(openspiel.load_game, **kwargs)
    assert isinstance(error, SettingsError) and named in str(error)


@pytest.mark.parametrize("params", [5, "players=2", [("players", 2)], {1: 2, "a": 3}])
def test_game_parameters_that_are_not_a_mapping_of_names_are_refused(
    openspiel: Any, params: object
) -> None:
    rejected(openspiel.TongiakiGame, params)


@pytest.mark.parametrize("action", [True, -1, 20452, 2.0, "3", None, np.float64(1.0)])
def test_apply_action_refuses_what_is_not_an_index_and_changes_nothing(
    openspiel: Any, action: object
) -> None:
    state = openspiel.load_game(2).new_initial_state()
    before = state.game_state
    error = rejected(state.apply_action, action)
    assert isinstance(error, IllegalActionError) and "action index" in str(error)
    assert state.game_state is before and state.history() == []
    state.apply_action(np.int64(3))  # numpy's integers are indices
    assert state.history() == [3]


def test_a_game_cut_short_takes_no_more_actions(openspiel: Any) -> None:
    state = openspiel.load_game(2, max_game_length=1).new_initial_state()
    state.apply_action(0)
    assert state.is_terminal()
    error = rejected(state.apply_action, 1)
    assert isinstance(error, IllegalActionError) and error.clause == "END-2"
    assert state.history() == [0]


def test_records_and_observers_name_what_is_not_theirs(openspiel: Any) -> None:
    game = openspiel.load_game(2)
    assert isinstance(rejected(openspiel.to_record, None), InvalidPositionError)
    assert isinstance(rejected(openspiel.from_record, "record"), RecordError)
    observer = game.make_py_observer()
    assert isinstance(rejected(observer.set_from, None, 0), InvalidPositionError)
    assert isinstance(rejected(observer.string_from, game, 0), InvalidPositionError)
    assert isinstance(rejected(observer.set_from, game.new_initial_state(), 2), SettingsError)
    assert isinstance(rejected(game.make_py_observer, "public"), SettingsError)


@pytest.mark.parametrize(
    ("actions", "index"),
    [
        ([SetupPlace(3), SetupPlace(3), SetupPlace(3)], 2),
        ([Draw("hawaii")], 0),  # a draw where a seat decides: never read as index 13
        ([SetupPlace(9)], 0),  # Tonga has no beach 9
    ],
)
def test_from_record_names_the_first_action_it_cannot_play(
    openspiel: Any, actions: list[Any], index: int
) -> None:
    record = GameRecord(2, actions=actions)
    error = rejected(openspiel.from_record, record)
    assert isinstance(error, ReplayError) and error.index == index
    assert str(error).startswith(f"actions[{index}]:")


@HOSTILE
@given(not_an_index)
def test_only_tongiaki_errors_escape_an_openspiel_action(openspiel: Any, action: object) -> None:
    state = openspiel.load_game(2).new_initial_state()
    with pytest.raises(IllegalActionError, match=r"action index|must choose an action"):
        state.apply_action(action)
    assert state.history() == []


# --------------------------------------------------------------------------- PettingZoo


@pytest.fixture(scope="module")
def pettingzoo() -> Any:
    pytest.importorskip("pettingzoo")
    from tongiaki_rules.adapters import pettingzoo

    return pettingzoo


@pytest.mark.parametrize(
    ("args", "kwargs", "named"),
    [
        ((True,), {}, "num_players"),
        ((2, 0), {}, "rules"),
        ((2, "standard"), {}, "rules"),
        ((2,), {"seed": 1.5}, "seed"),
        ((2,), {"seed": "x"}, "seed"),
        ((2,), {"seed": True}, "seed"),
        ((2,), {"max_game_length": 2**80}, "max_game_length"),
        ((2,), {"reward": ["win"]}, "reward"),
        ((2,), {"render_mode": ["ansi"]}, "render_mode"),
    ],
)
def test_an_environment_with_a_bad_argument_is_refused_naming_it(
    pettingzoo: Any, args: tuple[object, ...], kwargs: dict[str, object], named: str
) -> None:
    for build in (pettingzoo.raw_env, pettingzoo.env):
        error = rejected(build, *args, **kwargs)
        assert isinstance(error, SettingsError) and named in str(error)


def test_reset_refuses_a_bad_seed_or_options_and_changes_nothing(pettingzoo: Any) -> None:
    game = pettingzoo.raw_env(2, seed=1)
    game.reset()
    game.step(3)
    state = game.game_state
    assert "seed" in str(rejected(game.reset, seed=2.5))
    assert "options" in str(rejected(game.reset, options=["x"]))
    assert game.game_state is state
    game.reset(options={"anything": 1})  # PettingZoo's own API test passes options


def test_step_before_reset_and_unknown_agents_are_errors(pettingzoo: Any) -> None:
    game = pettingzoo.raw_env(2)
    assert isinstance(rejected(game.step, 0), IllegalActionError)
    for method in (game.observe, game.action_space, game.observation_space):
        error = rejected(method, "player_2")
        assert isinstance(error, SettingsError) and "player_2" in str(error)


@pytest.mark.parametrize("action", [True, 1.7, "3", -1, 20452, [3], np.float32(2)])
def test_step_refuses_what_is_not_an_index_wrapped_or_not(pettingzoo: Any, action: object) -> None:
    raw = pettingzoo.raw_env(2, seed=0)
    wrapped = pettingzoo.env(2, seed=0)
    for game in (raw, wrapped):
        game.reset()
        state = game.unwrapped.game_state
        error = rejected(game.step, action)
        assert isinstance(error, IllegalActionError) and "action index" in str(error)
        assert game.unwrapped.game_state is state
        game.step(np.int64(3))
        assert game.unwrapped.game_state is not state


@HOSTILE
@given(not_an_index)
def test_only_tongiaki_errors_escape_a_pettingzoo_step(pettingzoo: Any, action: object) -> None:
    game = pettingzoo.env(2, seed=0)
    game.reset()
    state = game.unwrapped.game_state
    with pytest.raises(IllegalActionError, match=r"action index|must choose an action"):
        game.step(action)
    assert game.unwrapped.game_state is state
    assert not any(game.unwrapped.terminations.values())


def test_rules_none_is_the_recommended_reading(pettingzoo: Any) -> None:
    game = pettingzoo.raw_env(2, None)
    assert game.game_state.config.rules == Rules()
