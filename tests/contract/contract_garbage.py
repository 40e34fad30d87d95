"""Hypothesis strategies for hostile input: values no public entry point should accept."""

from __future__ import annotations

from typing import Any

from hypothesis import strategies as st

from tongiaki_rules import GameState

NOT_INTS: st.SearchStrategy[Any] = st.one_of(
    st.none(),
    st.booleans(),
    st.floats(allow_nan=True, allow_infinity=True),
    st.text(max_size=5),
    st.just("\ud800"),
    st.lists(st.integers(), max_size=2),
    st.tuples(st.integers()),
    st.dictionaries(st.text(max_size=2), st.integers(), max_size=2),
    st.complex_numbers(),
    st.just(object()),
)
"""Anything but an int (bools included: ``True`` is an int to Python, never to the game)."""

HUGE_INTS: st.SearchStrategy[int] = st.one_of(
    st.integers(min_value=2**31, max_value=10**30),
    st.integers(min_value=-(10**30), max_value=-(2**31)),
    st.just(10**5000),
)
"""Ints far beyond any beach, direction, seat or coordinate."""

NOT_HEXES: st.SearchStrategy[Any] = st.one_of(
    NOT_INTS,
    st.integers(),
    st.tuples(NOT_INTS, st.integers()),
    st.tuples(st.integers(), NOT_INTS),
    st.tuples(st.integers(), st.integers(), st.integers()),
    st.tuples(),
    st.lists(st.integers(), min_size=2, max_size=2),
)
"""Anything but a pair ``(q, r)`` of ints."""

NOT_STRINGS: st.SearchStrategy[Any] = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(),
    st.floats(allow_nan=True),
    st.binary(max_size=4),
    st.lists(st.text(max_size=2), max_size=2),
)
"""Anything but a string."""


def fingerprint(state: GameState) -> tuple[object, ...]:
    """Everything a caller can observe of a state, to compare before and after."""
    return (
        state,
        hash(state),
        state.to_json(),
        state.legal_actions(),
        state.chance_outcomes(),
        state.pending,
    )
