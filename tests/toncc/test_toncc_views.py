"""The text view and the SVG of a Tóncc position."""

from __future__ import annotations

import random
import xml.etree.ElementTree as ET

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from tests.toncc.helpers import FIXED

from tongiaki_rules.errors import QueryError
from tongiaki_rules.toncc import LABELS, MOVES, King, Move, TonccState, new_game
from tongiaki_rules.toncc._svg import render_toncc_svg
from tongiaki_rules.toncc._textview import (
    LEGEND,
    board_text,
    destinations_text,
    map_text,
    render_text,
    scores_text,
)


def known_position() -> TonccState:
    """Regions in id order; Red and Yellow contest I1 (Blue background: Red wins), Blue takes I4."""
    state = new_game(FIXED).dealt(tuple(range(18)))
    return state.apply_joint({King.RED: Move(1), King.YELLOW: Move(1), King.BLUE: Move(4)})


BOARD = """\
Compass: 1 E, 2 NE, 3 NW, 4 W, 5 SW, 6 SE
              (O5  Br    ) (O4  Br    ) (O3  Yr    )
       (O6  Br    ) (I3  By    ) (I2  By    ) (O2  Yr    )
(O7  Rb    ) (I4  #b B  ) (  Mind     ) (I1  #r RY ) (O1  Yr    )
       (O8  Rb    ) (I5  Ry    ) (I6  Ry    ) (O12 Yb    )
              (O9  Rb    ) (O10 Yb    ) (O11 Yb    )"""


def test_the_board_names_cells_one_way_and_shows_regions_kings_and_conquered_cells() -> None:
    text = board_text(known_position())
    assert text == BOARD + "\n" + LEGEND
    assert board_text(known_position(), legend=False) == BOARD
    assert all(len(line) <= 80 for line in text.splitlines())  # a terminal of 80 columns
    assert "A0" not in text and "Map" in LEGEND  # Map positions belong to the Map only


def test_the_map_shows_each_seal_on_its_picture_and_the_cell_of_its_region() -> None:
    text = map_text(known_position())
    assert "  A0 By 3 lines             [R] on I1" in text
    assert "  A3 Ry circle, 1 line      [B] on I4" in text
    assert "Kingdoms: none yet" in text
    assert "not on the board yet" in map_text(new_game(FIXED))


@pytest.mark.clause("TC-MOVE-2", "TC-MOVE-3", "TC-MOVE-4")
def test_the_destinations_show_where_each_move_number_takes_each_king() -> None:
    state = known_position()
    lines = destinations_text(state).splitlines()
    assert lines[0].split() == [
        "Move",
        "1",
        "E",
        "2",
        "NE",
        "3",
        "NW",
        "4",
        "W",
        "5",
        "SW",
        "6",
        "SE",
    ]
    # Red on I1: 4 W jumps the Mind to I4 (TC-MOVE-3); 1 E steps out to O1
    assert lines[1].split() == [
        "Red",
        "from",
        "I1",
        "O1",
        "Yr",
        "O2",
        "Yr",
        "I2",
        "By",
        "I4",
        "#b",
        "I6",
        "Ry",
        "O12",
        "Yb",
    ]
    assert lines[3].startswith("Blue   from I4    I1 #r")
    for king in state.active_kings:  # every cell named is where the move goes
        row = next(line for line in lines if line.startswith(king.name.title()))
        cells = row.split()[3::2]
        assert cells == [LABELS[state.destination(king, m)] for m in MOVES]
    edge = new_game(FIXED).dealt(tuple(range(18)))
    edge = edge.apply_joint({King.RED: Move(1), King.YELLOW: Move(1), King.BLUE: Move(1)})
    edge = edge.apply_joint({King.RED: Move(1), King.YELLOW: Move(1), King.BLUE: Move(1)})
    row = destinations_text(edge).splitlines()[1]  # on O1, 1 E runs back to the far end, O7
    assert row.split()[2:5] == ["O1", "O7", "Rb"]
    assert destinations_text(new_game(FIXED)) == ""


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
