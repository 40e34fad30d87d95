"""Bot specs, bot constructors, matches and tournaments refuse nonsense with a SettingsError."""

from __future__ import annotations

import math
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tongiaki_rules import SettingsError
from tongiaki_rules.bots import GreedyBot, MCTSBot, RandomBot, make_bot, play_match
from tongiaki_rules.bots._checks import MAX_ITERATIONS
from tongiaki_rules.simulation import game_seeds, lineup, simulate


@pytest.mark.parametrize(
    ("spec", "message"),
    [
        (
            "mcts:iterations=abc",
            "mcts: iterations must be a whole number from 1 to 100000, not 'abc'",
        ),
        ("mcts:iterations=0", "mcts: iterations must be a whole number from 1 to 100000, not 0"),
        ("mcts:iterations=-3", "mcts: iterations must be a whole number from 1 to 100000, not -3"),
        (
            "mcts:iterations=1e9",
            "mcts: iterations must be a whole number from 1 to 100000, not 1e+09",
        ),
        ("mcts:iterations=100001", "from 1 to 100000, not 100001"),
        (
            "mcts:iterations=2.5",
            "mcts: iterations must be a whole number from 1 to 100000, not 2.5",
        ),
        (
            "mcts:iterations=True",
            "mcts: iterations must be a whole number from 1 to 100000, not 'True'",
        ),
        ("mcts:exploration=nan", "mcts: exploration must be a number from 0 to 100, not nan"),
        ("mcts:exploration=inf", "mcts: exploration must be a number from 0 to 100, not inf"),
        ("mcts:exploration=-1", "mcts: exploration must be a number from 0 to 100, not -1"),
        ("mcts:time_limit=0", "mcts: time_limit must be a number above 0 and at most 3600, not 0"),
        ("mcts:widening=0", "mcts: widening must be a number above 0 and at most 1000, not 0"),
        ("greedy:sample=0", "greedy: sample must be a whole number from 1 to 10000, not 0"),
        ("greedy:patience=-1", "greedy: patience must be a whole number from 0 to 1000, not -1"),
        ("learned:sample=0", "learned: sample must be a whole number from 1 to 10000, not 0"),
        (
            "learned:weights=x",
            "learned: unknown option 'weights' in 'learned:weights=x'; options: patience, sample",
        ),
        (
            "greedy:depth=2",
            "greedy: unknown option 'depth' in 'greedy:depth=2'; options: patience, sample",
        ),
        ("random:x=1", "random: unknown option 'x' in 'random:x=1'; options: none"),
        ("mcts:iterations=5:iterations=6", "bot option 'iterations' is given twice"),
        ("genius", "unknown bot 'genius'; choose from random, greedy, learned, mcts"),
        ("mcts:iterations", "bot option 'iterations' of 'mcts:iterations' is not key=value"),
        ("mcts:seed=4", "a bot's seed is not an option of its spec"),
    ],
)
def test_a_bad_bot_spec_is_refused_naming_the_bot_and_the_option(spec: str, message: str) -> None:
    with pytest.raises(SettingsError) as info:
        make_bot(spec, seed=1)
    assert message in str(info.value).replace("1000000000.0", "1e+09")


def test_the_largest_iteration_count_is_accepted_and_one_more_is_refused() -> None:
    assert MCTSBot(iterations=MAX_ITERATIONS).iterations == MAX_ITERATIONS
    with pytest.raises(SettingsError, match="iterations"):
        make_bot(f"mcts:iterations={MAX_ITERATIONS + 1}")


@pytest.mark.parametrize(
    "spec", [None, b"random", 3, ["random"], "mcts:" + "x" * 1000, "random\x00"]
)
def test_a_bot_spec_that_is_not_sane_text_is_refused(spec: Any) -> None:
    with pytest.raises(SettingsError, match="bot spec"):
        make_bot(spec)


SPEC_TEXT = st.text(
    alphabet=st.one_of(
        st.characters(), st.sampled_from(":=,.-+ eE019"), st.sampled_from(["\ud800", "\udcff"])
    ),
    max_size=60,
)
"""Text with surrogates, control characters and the spec's own punctuation."""


@given(
    st.one_of(
        SPEC_TEXT,
        st.sampled_from(["mcts:", "greedy:sample=", "random:"]).flatmap(
            lambda head: SPEC_TEXT.map(lambda tail: head + tail)
        ),
    )
)
@settings(max_examples=300, deadline=None)
def test_any_text_as_a_bot_spec_builds_a_bot_or_raises_a_settings_error(spec: str) -> None:
    try:
        bot = make_bot(spec, seed=0)
    except SettingsError as exc:
        assert str(exc)
    else:
        assert bot.name in ("random", "greedy", "learned", "mcts")


_OPTION_VALUES = st.sampled_from(
    [
        "abc",
        "nan",
        "-nan",
        "inf",
        "-inf",
        "1e9",
        "1e400",
        "-1",
        "0",
        "0.0",
        "True",
        "",
        "9" * 30,
        "1_0",
    ]
)


@given(
    st.sampled_from(
        [
            "iterations",
            "exploration",
            "rollout",
            "prior",
            "widening",
            "sample",
            "patience",
            "time_limit",
        ]
    ),
    _OPTION_VALUES,
)
@settings(max_examples=200, deadline=None)
def test_garbage_option_values_build_a_sane_bot_or_are_refused(option: str, value: str) -> None:
    try:
        bot = make_bot(f"mcts:{option}={value}", seed=0)
    except SettingsError as exc:
        assert option in str(exc)
        return
    assert isinstance(bot, MCTSBot)
    assert 1 <= (bot.iterations or 1) <= MAX_ITERATIONS
    for number in (bot.exploration, bot.prior, bot.widening):
        assert math.isfinite(number) and number >= 0


_NOT_WHOLE = st.one_of(
    st.booleans(),
    st.floats(allow_nan=True, allow_infinity=True),
    st.text(max_size=5),
    st.integers(max_value=0),
    st.integers(min_value=MAX_ITERATIONS + 1),
    st.none(),
    st.just([50]),
)


@given(_NOT_WHOLE)
@settings(max_examples=200, deadline=None)
def test_the_mcts_constructor_refuses_an_iteration_count_that_is_not_sane(value: object) -> None:
    if value is None:  # no count at all, and no time limit either
        with pytest.raises(SettingsError, match="iterations or a time_limit"):
            MCTSBot(iterations=None)
        return
    with pytest.raises(SettingsError, match="iterations"):
        MCTSBot(iterations=value)  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("build", "option"),
    [
        (lambda: GreedyBot(sample=True), "sample"),
        (lambda: GreedyBot(sample=2.0), "sample"),
        (lambda: GreedyBot(patience="4"), "patience"),
        (lambda: GreedyBot(weights={"boat": 1.0}), "weights"),
        (lambda: GreedyBot(seed="seven"), "seed"),
        (lambda: RandomBot(seed=True), "seed"),
        (lambda: RandomBot(seed=2**70), "seed"),
        (lambda: RandomBot(seed=1.5), "seed"),
        (lambda: MCTSBot(time_limit=float("nan")), "time_limit"),
        (lambda: MCTSBot(exploration=True), "exploration"),
        (lambda: MCTSBot(rollout=-1), "rollout"),
        (lambda: MCTSBot(prior=float("inf")), "prior"),
    ],
)
def test_bot_constructors_called_directly_refuse_the_same(build: Any, option: str) -> None:
    with pytest.raises(SettingsError, match=option):
        build()


@pytest.mark.parametrize(
    ("arguments", "message"),
    [
        ({"bots": None}, "bots must be a sequence of bots"),
        ({"bots": "random"}, "bots must be a sequence of bots"),
        ({"bots": [RandomBot(), "random"]}, r"bots\[1\] is not a bot"),
        ({"seed": "1"}, "seed must be None or a whole number"),
        ({"seed": True}, "seed must be None or a whole number"),
        ({"max_decisions": 0}, "max_decisions"),
        ({"max_decisions": 2.5}, "max_decisions"),
        ({"metadata": [("a", 1)]}, "metadata must be a mapping"),
        ({"metadata": {"note": 1.5}}, r"metadata\['note'\]"),
        ({"rules": "default"}, "rules must be a Rules"),
        ({"tiles": None}, "tiles must be a TileSet"),
    ],
)
def test_play_match_refuses_bad_arguments(arguments: dict[str, Any], message: str) -> None:
    bots = arguments.pop("bots", [RandomBot(seed=1), RandomBot(seed=2)])
    with pytest.raises(SettingsError, match=message):
        play_match(bots, **arguments)


@pytest.mark.parametrize(
    ("arguments", "message"),
    [
        ({"games": -1}, "number of games"),
        ({"games": True}, "number of games"),
        ({"games": 2.0}, "number of games"),
        ({"games": 10**12}, "number of games"),
        ({"jobs": -1}, "jobs"),
        ({"jobs": True}, "jobs"),
        ({"jobs": 10_000}, "jobs"),
        ({"players": True}, "players"),
        ({"players": 7}, "players"),
        ({"seed": "1"}, "seed"),
        ({"seed": None}, "seed"),
        ({"rotate": "yes"}, "rotate"),
        ({"progress": 5}, "progress"),
        ({"records_dir": 5}, "records_dir"),
        ({"bots": "random"}, "list of bot specs"),
        ({"bots": []}, "at least one bot"),
        ({"bots": [None]}, r"bots\[0\]"),
        ({"bots": ["mcts:iterations=1e9"]}, "iterations"),
    ],
)
def test_simulate_refuses_bad_arguments_before_playing(
    arguments: dict[str, Any], message: str
) -> None:
    settings = {"bots": ["random"], "games": 1, "players": 2, **arguments}
    bots = settings.pop("bots")
    with pytest.raises(SettingsError, match=message):
        simulate(bots, **settings)


def test_the_seat_and_seed_helpers_refuse_bad_arguments() -> None:
    with pytest.raises(SettingsError, match="at least one bot"):
        lineup([], 2)
    with pytest.raises(SettingsError, match="players"):
        lineup(["random"], 0)
    with pytest.raises(SettingsError, match="seed"):
        game_seeds(1.5, 1, 2)  # type: ignore[arg-type]
    with pytest.raises(SettingsError, match="number"):
        game_seeds(1, 0, 2)
