"""Fuzzing: no text makes the reader fail with anything but a NotationError.

Whatever it reads, it reads consistently: an action read from any text is
written canonically and read back to the same action.
"""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from notation_games import sample

from tongiaki_rules import (
    Action,
    NotationError,
    format_action,
    match_action,
    new_game,
    parse_action,
)

CANONICAL = sorted({format_action(a) for a in sample()})
EXTRA = [
    'draw "Odd Tile"',
    "depart 0,-1 2 lower left",
    "move (1,0).2 -> (0,-1).1",
    "place 2,-1 r3",
    "berth red 1",
]
SEEDS = CANONICAL + EXTRA

# characters that matter to the notation, and some that do not
ALPHABET = (
    st.sampled_from(list(' ,.+->()"\\r0123456789-bBrRgGyYoOpPtluLn\t\n!é_')) | st.characters()
)


def read_consistently(text: str) -> Action | None:
    """Parse ``text``; if it is an action, check the canonical round trip."""
    try:
        action = parse_action(text)
    except NotationError as exc:
        assert str(exc)
        assert exc.column is None or 0 <= exc.column <= len(text)
        return None
    written = format_action(action)
    assert parse_action(written) == action
    assert format_action(parse_action(written)) == written
    return action


@settings(max_examples=400, deadline=None)
@given(st.text())
def test_arbitrary_text(text: str) -> None:
    read_consistently(text)


@settings(max_examples=300, deadline=None)
@given(
    st.sampled_from(
        [
            "setup",
            "expand",
            "move",
            "royal",
            "new",
            "depart",
            "place",
            "berth",
            "return",
            "draw",
            "recolonize",
        ]
    ),
    st.text(ALPHABET, max_size=30),
)
def test_an_action_word_then_anything(word: str, rest: str) -> None:
    read_consistently(f"{word} {rest}")


@st.composite
def mutated(draw: st.DrawFn) -> str:
    """A valid string with a few characters inserted, deleted or replaced."""
    text = draw(st.sampled_from(SEEDS))
    for _ in range(draw(st.integers(1, 4))):
        k = draw(st.integers(0, len(text)))
        op = draw(st.sampled_from(["insert", "delete", "replace", "swap"]))
        char = draw(ALPHABET)
        if op == "insert":
            text = text[:k] + char + text[k:]
        elif op == "delete":
            text = text[:k] + text[k + 1 :]
        elif op == "replace":
            text = text[:k] + char + text[k + 1 :]
        elif k + 1 < len(text):
            text = text[:k] + text[k + 1] + text[k] + text[k + 2 :]
    return text


@settings(max_examples=600, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(mutated())
def test_mutations_of_valid_strings(text: str) -> None:
    read_consistently(text)


@settings(max_examples=200, deadline=None)
@given(st.one_of(mutated(), st.text(ALPHABET, max_size=12)))
def test_match_action_raises_only_notation_errors(text: str) -> None:
    state = new_game(3)
    try:
        action = match_action(text, state)
    except NotationError:
        return
    assert action in state.legal_actions()


def test_every_seed_is_valid() -> None:
    for text in SEEDS:
        assert read_consistently(text) is not None, text
