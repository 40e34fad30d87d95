"""The text view and the SVG of a Tóncc position."""

from __future__ import annotations

import random
import xml.etree.ElementTree as ET

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from tests.toncc.helpers import FIXED

from tongiaki_rules.errors import QueryError
from tongiaki_rules.toncc import King, Move, TonccState, new_game
from tongiaki_rules.toncc.svg import render_toncc_svg
from tongiaki_rules.toncc.textview import board_text, map_text, render_text, scores_text


def known_position() -> TonccState:
    """Regions in id order; Red and Yellow contest I1 (Blue background: Red wins), Blue takes I4."""
    state = new_game(FIXED).dealt(tuple(range(18)))
    return state.apply_joint({King.RED: Move(1), King.YELLOW: Move(1), King.BLUE: Move(4)})


BOARD = """\
Compass: 1 E, 2 NE, 3 NW, 4 W, 5 SW, 6 SE
                (O5  B4 Br    ) (O4  B3 Br    ) (O3  B2 Yr    )
        (O6  B5 Br    ) (I3  A2 By    ) (I2  A1 By    ) (O2  B1 Yr    )
(O7  C0 Rb    ) (I4  A3 #b B  ) (  Mind       ) (I1  A0 #r RY ) (O1  B0 Yr    )
        (O8  C1 Rb    ) (I5  A4 Ry    ) (I6  A5 Ry    ) (O12 C5 Yb    )
                (O9  C2 Rb    ) (O10 C3 Yb    ) (O11 C4 Yb    )"""


def test_the_board_shows_regions_kings_and_conquered_cells() -> None:
    assert board_text(known_position()) == BOARD


def test_the_map_shows_each_seal_on_its_picture() -> None:
    text = map_text(known_position())
    assert "  A0 By 3 lines             [R]" in text
    assert "  A3 Ry circle, 1 line      [B]" in text
    assert "Kingdoms: none yet" in text


def test_the_scores_show_seals_points_and_where_each_king_is() -> None:
    lines = scores_text(known_position()).splitlines()
    assert lines[0].startswith("Challenge 1 of 3, turn 2")
    assert lines[2].split()[:5] == ["Red", "red/blue/yellow", "5", "0", "0"]
    assert lines[3].split()[2] == "6"  # Yellow lost the contest


def test_a_finished_game_names_the_winner() -> None:
    rng = random.Random(4)
    state = new_game()
    while not state.is_terminal:
        state = state.resolve_chance(rng)
        state = state.apply_joint(
            {k: rng.choice(state.legal_actions(k)) for k in state.active_kings}
        )
    text = render_text(state)
    assert "Game over." in text and text.count("Challenge ") == 3


def test_the_svg_is_well_formed_and_deterministic() -> None:
    state = known_position()
    svg = render_toncc_svg(state, title="<a & b>")
    root = ET.fromstring(svg)
    assert root.tag == "{http://www.w3.org/2000/svg}svg"
    assert svg == render_toncc_svg(known_position(), title="<a & b>")
    texts = [t.text for t in root.iter("{http://www.w3.org/2000/svg}text")]
    assert "#r" in texts and "#b" in texts and "Mind" in texts  # letters, not colours alone


@settings(max_examples=20, deadline=None)
@given(seed=st.integers(0, 10**6), turns=st.integers(0, 40))
def test_every_position_of_a_game_draws(seed: int, turns: int) -> None:
    rng = random.Random(seed)
    state = new_game()
    for _ in range(turns):
        if state.is_terminal:
            break
        state = (
            state.apply_chance(state.sample_chance(rng))
            if state.is_chance
            else state.apply_joint(
                {k: rng.choice(state.legal_actions(k)) for k in state.active_kings}
            )
        )
    ET.fromstring(render_toncc_svg(state))
    assert render_text(state)


def test_the_views_refuse_what_is_not_a_state() -> None:
    for view in (render_text, board_text, render_toncc_svg):
        with pytest.raises(QueryError, match="state"):
            view("board")  # type: ignore[operator]
