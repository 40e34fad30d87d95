"""The pictures refuse bad arguments with a TongiakiError naming the argument."""

from __future__ import annotations

import xml.etree.ElementTree as ET
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tongiaki_rules import (
    InvalidPositionError,
    SettingsError,
    SetupPlace,
    TongiakiError,
    new_game,
    render_svg,
    render_text,
)
from tongiaki_rules.svg import MAX_SIZE, MAX_TITLE, MIN_SIZE

STATE = new_game(2)


@pytest.mark.parametrize(
    "size",
    [-5, 0, 99, MAX_SIZE + 1, 10**100, True, False, 720.0, float("nan"), float("inf"), "720", None],
)
def test_a_size_that_is_not_a_sane_whole_number_of_pixels_is_refused(size: object) -> None:
    with pytest.raises(
        SettingsError, match=r"^size must be a whole number of pixels from 100 to 20000"
    ):
        render_svg(STATE, size=size)  # type: ignore[arg-type]


@pytest.mark.parametrize("size", [MIN_SIZE, 720, MAX_SIZE])
def test_sizes_in_range_are_drawn_at_that_width(size: int) -> None:
    assert ET.fromstring(render_svg(STATE, size=size)).get("width") == str(size)


@pytest.mark.parametrize(
    ("options", "argument"),
    [
        ({"highlight": "setup 3"}, "highlight"),
        ({"highlight": None}, "highlight"),
        ({"highlight": 1}, "highlight"),
        ({"highlight": [SetupPlace(0), "setup 1"]}, r"highlight\[1\]"),
        ({"highlight": [SetupPlace(-1)]}, r"highlight\[0\]"),
        ({"show_panel": 1}, "show_panel"),
        ({"show_panel": None}, "show_panel"),
        ({"show_open_sea": "no"}, "show_open_sea"),
        ({"title": 3}, "title"),
        ({"title": b"Game"}, "title"),
        ({"title": "x" * (MAX_TITLE + 1)}, "title"),
        ({"title": "a\x00b"}, "title"),
        ({"title": "line\nbreak"}, "title"),
        ({"title": "lone \ud800"}, "title"),
    ],
)
def test_bad_keyword_options_are_refused_naming_the_keyword(
    options: dict[str, Any], argument: str
) -> None:
    with pytest.raises(SettingsError, match=f"^{argument}"):
        render_svg(STATE, **options)


@pytest.mark.parametrize(
    "state", [None, "a board", 3, STATE.to_dict() if hasattr(STATE, "to_dict") else {}]
)
def test_anything_but_a_state_is_refused_by_both_pictures(state: object) -> None:
    with pytest.raises(InvalidPositionError, match=r"^state must be a GameState"):
        render_svg(state)  # type: ignore[arg-type]
    with pytest.raises(InvalidPositionError, match=r"^state must be a GameState"):
        render_text(state)  # type: ignore[arg-type]


def test_a_generator_of_legal_actions_is_highlighted() -> None:
    drawn = render_svg(STATE, highlight=(a for a in STATE.legal_actions()))
    assert drawn == render_svg(STATE, highlight=True)


GARBAGE = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(min_value=-(10**30), max_value=10**30),
    st.floats(allow_nan=True, allow_infinity=True),
    st.text(max_size=10),
    st.binary(max_size=5),
    st.lists(st.integers(), max_size=3),
)


@given(size=GARBAGE, highlight=GARBAGE, show_panel=GARBAGE, title=GARBAGE, show_open_sea=GARBAGE)
@settings(max_examples=150, deadline=None)
def test_any_options_draw_a_picture_or_raise_a_library_error(
    size: object, highlight: object, show_panel: object, title: object, show_open_sea: object
) -> None:
    try:
        drawn = render_svg(
            STATE,
            size=size,  # type: ignore[arg-type]
            highlight=highlight,  # type: ignore[arg-type]
            show_panel=show_panel,  # type: ignore[arg-type]
            title=title,  # type: ignore[arg-type]
            show_open_sea=show_open_sea,  # type: ignore[arg-type]
        )
    except TongiakiError as exc:
        assert str(exc)
    else:
        assert ET.fromstring(drawn).get("width") == str(size)
