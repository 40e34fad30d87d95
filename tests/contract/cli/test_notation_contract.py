"""The notation functions answer any argument with an action, its text, or a NotationError."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tongiaki_rules import (
    Berth,
    Draw,
    Expand,
    NotationError,
    SetupPlace,
    TongiakiError,
    format_action,
    match_action,
    new_game,
    parse_action,
)
from tongiaki_rules.notation import MAX_TEXT_LENGTH

STATE = new_game(2)

ANY_TEXT = st.text(
    alphabet=st.one_of(
        st.characters(),
        st.sampled_from('0123456789,.+-> ()"\\'),
        st.sampled_from(["\ud800", "\udfff"]),
    ),
    max_size=40,
)
"""Text with lone surrogates, control characters and the notation's own punctuation."""

NOT_TEXT = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(),
    st.floats(allow_nan=True),
    st.binary(max_size=8),
    st.lists(st.text(max_size=3), max_size=3),
)


@given(
    st.one_of(
        ANY_TEXT,
        st.sampled_from(["setup ", "draw ", "move 0,0.", "place 1,0 r"]).flatmap(
            lambda word: ANY_TEXT.map(lambda rest: word + rest)
        ),
    )
)
@settings(max_examples=400, deadline=None)
def test_any_text_parses_to_an_action_that_writes_back_or_is_a_notation_error(text: str) -> None:
    try:
        action = parse_action(text)
    except NotationError as exc:
        assert str(exc)
    else:
        assert parse_action(format_action(action)) == action


@given(NOT_TEXT)
@settings(max_examples=100, deadline=None)
def test_anything_but_text_is_a_notation_error_for_both_readers(value: object) -> None:
    with pytest.raises(NotationError, match=r"^text must be a string"):
        parse_action(value)  # type: ignore[arg-type]
    with pytest.raises(NotationError, match=r"^text must be a string"):
        match_action(value, STATE)  # type: ignore[arg-type]


@given(ANY_TEXT)
@settings(max_examples=200, deadline=None)
def test_any_text_against_a_state_is_a_legal_action_or_a_notation_error(text: str) -> None:
    try:
        action = match_action(text, STATE)
    except NotationError as exc:
        assert str(exc)
    else:
        assert action in STATE.legal_actions()


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("setup \ud800", "lone surrogate '\\\\ud800' at column 6"),
        ('draw "\\ud800"', "tile id after 'draw' holds a lone surrogate"),
        ("setup " + "1" * MAX_TEXT_LENGTH, "an action is at most 1,000"),
        ("setup " + "9" * 5000, "an action is at most 1,000"),
        ("setup 99999999999", "beyond any board"),
    ],
)
def test_hostile_text_is_refused_in_words(text: str, message: str) -> None:
    with pytest.raises(NotationError, match=message):
        parse_action(text)


@pytest.mark.parametrize("state", [None, "state", 3, [STATE]])
def test_match_action_refuses_anything_but_a_state(state: Any) -> None:
    with pytest.raises(NotationError, match=r"^state must be a GameState"):
        match_action("1", state)


@pytest.mark.parametrize(
    "action",
    [
        None,
        "setup 3",
        3,
        SetupPlace,
    ],
)
def test_format_action_refuses_what_is_not_a_writable_action(action: Any) -> None:
    with pytest.raises(NotationError) as info:
        format_action(action)
    assert len(str(info.value)) < 200


@pytest.mark.parametrize(
    "build",
    [
        lambda: SetupPlace(True),  # type: ignore[arg-type]
        lambda: SetupPlace(10**5000),
        lambda: Expand((0.0, 0), (1,)),  # type: ignore[arg-type]
        lambda: Berth(True, 1),  # type: ignore[arg-type]
        lambda: Draw(10**5000),  # type: ignore[arg-type]
    ],
)
def test_an_action_that_no_notation_could_write_cannot_even_be_built(build: Any) -> None:
    with pytest.raises(TongiakiError) as info:
        build()
    assert len(str(info.value)) < 200
