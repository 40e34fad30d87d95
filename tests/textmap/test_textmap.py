"""The hex map made of text (tongiaki_rules.textmap): its layout for known positions, and
properties over random reachable states."""

from __future__ import annotations

import random
import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tongiaki_rules import GameState, InvalidPositionError, new_game
from tongiaki_rules._scenario import position
from tongiaki_rules.i18n import LANGUAGES, island_name
from tongiaki_rules.textmap import STYLES, map_lines, map_spans, render_map

NEW_GAME = r"""
    ________3______
   /    3[...]     \
  / 2[...]   4[...] \
 2                   4
/        Tonga        \
\                     /
 \ 1[...]     5[...] /
  1     0[...]      5
   \______0________/
Tongiaki, 2 players; 1 tile on the table, 15 islands and 16 oceans in the pile
Colours: reserve / on board / royal islands / score
 *B blue    seat 0: 15 /  0 / 0 / 0
  R red     seat 1: 15 /  0 / 0 / 0
Decision: setup by seat 0 (blue), 6 legal actions
"""

MID_GAME = r"""
                       _______________
                      /               \
                     /                 \
                    /                   \
    ________3______/          ?          \
   /   1[RG...]    \                     /
  /                 \ BR                /
 2                   4                 /
/ 0[...] Hawaii 2[..] \_______________/
\      5 points       /    ocean a    \
 \                   /                 \
  1                 5 0-2:4 1-4:4 3-5:4 \
   \_______^3______/                     \
   /    3[G..]     \                     /
  / 2[...]   4[...] \                   /
 2                   4                 /
/        Tonga        >_______________/
\                     /
 \ 1[...]     5[...] /
  1     0[BB.]      5
   \______0________/
Tongiaki, 3 players; 3 tiles on the table, 14 islands and 15 oceans in the pile
Under way: BR at (1, -2), arriving from the lower-left edge
Colours: reserve / on board / royal islands / score
 *B blue    seat 0: 12 /  2 / 0 / 0
  R red     seat 1: 13 /  1 / 0 / 5
  G green   seat 2: 13 /  2 / 0 / 5
Waiting for a draw from the pile (29 tiles).
"""

ROYAL_ISLAND = r"""
    ________3______
   >        0[...] \
  /                 \
 /                   4
/        Samoa        \________3______
\      5p king R      2    3[...]     \
 \ 2[.....]          / 2[BR.]   4[...] \
  1         1[....] /                   4
   \______0________5        Tonga        \
                   \                     /
                    \ 1[...]     5[...] /
                     1     0[...]      5
                      \______0________/
Tongiaki, 2 players; 2 tiles on the table, 14 islands and 16 oceans in the pile
Colours: reserve / on board / royal islands / score
  B blue    seat 0: 14 /  1 / 0 / 0
 *R red     seat 1: 13 /  2 / 1 / 5
Decision: turn by seat 1 (red), 7 legal actions
"""


def mid_game() -> GameState:
    """Hawaii above Tonga, an ocean beside it, boats on three beaches, BR sailing out by jetty 4."""
    return position(
        3,
        tiles=[((0, -1), "hawaii", 0), ((1, -1), "ocean-a", 1)],
        boats={((0, 0), 0): "BB", ((0, -1), 1): "RG", ((0, 0), 3): "G"},
        group="BR",
        group_at=(1, -2),
        entry=1,
        origin=(0, -1),
    )


def royal_island() -> GameState:
    """Samoa, turned twice, beside Tonga: a royal island with Red's statue."""
    return position(
        2,
        tiles=[((-1, 0), "samoa", 2)],
        boats={((0, 0), 2): "BR"},
        kings={(-1, 0): "R"},
        royal_founded={"R": 1},
        to_move=1,
    )


def test_a_new_two_player_game_is_tonga_alone() -> None:
    assert render_map(new_game(2)) + "\n" == NEW_GAME.removeprefix("\n")


def test_a_mid_game_map_shows_beaches_the_ocean_and_the_group_at_sea() -> None:
    assert render_map(mid_game()) + "\n" == MID_GAME.removeprefix("\n")


def test_a_royal_island_shows_its_king_and_facing_jetties_both_show() -> None:
    assert render_map(royal_island()) + "\n" == ROYAL_ISLAND.removeprefix("\n")


def random_state(seed: int, moves: int) -> GameState:
    rng = random.Random(seed)
    state = new_game(rng.choice((2, 3, 4, 5, 6)))
    for _ in range(moves):
        if state.is_terminal:
            break
        if state.current_player is None:
            state = state.apply(state.sample_chance(rng))
        else:
            state = state.apply(rng.choice(state.legal_actions()))
    return state


@settings(max_examples=40, deadline=None)
@given(st.integers(0, 10_000), st.integers(0, 400))
def test_every_tile_and_every_boat_on_a_beach_appears(seed: int, moves: int) -> None:
    state = random_state(seed, moves)
    text = "\n".join(map_lines(state))
    names = [
        t.tile.name if t.tile.is_island else t.tile.id.removeprefix("ocean-")
        for t in state.placed_tiles
    ]
    for view in state.islands:
        name = island_name(view.tile, "en")  # the players' name: Fiji, not the printed Fidschi
        whole_name = rf"(?<![A-Za-z]){re.escape(name)}(?![A-Za-z])"
        assert len(re.findall(whole_name, text)) == 1, name
        for beach in view.beaches:
            letters = "".join(c.letter for c in beach.boats)
            assert f"{beach.index}[{letters}{'.' * beach.free}]" in text
    oceans = [n for n, t in zip(names, state.placed_tiles, strict=True) if not t.tile.is_island]
    for ocean in oceans:
        assert len(re.findall(rf"ocean {ocean}(?![a-z])", text)) == 1  # not "1 ocean in"


@settings(max_examples=40, deadline=None)
@given(st.integers(0, 10_000), st.integers(0, 400))
def test_lines_are_ascii_without_trailing_spaces_and_the_same_twice(seed: int, moves: int) -> None:
    state = random_state(seed, moves)
    lines = map_lines(state)
    assert lines == map_lines(random_state(seed, moves))
    for line in lines:
        assert line == line.rstrip() and line.isascii()
    spans = map_spans(state)
    assert ["".join(s.text for s in line) for line in spans] == lines
    assert {s.style for line in spans for s in line} <= set(STYLES)


def test_colour_adds_ansi_escapes_and_nothing_else() -> None:
    coloured = render_map(mid_game(), colour=True)
    assert "\x1b[1;34mB" in coloured  # a blue boat
    assert re.sub(r"\x1b\[[0-9;]*m", "", coloured) == render_map(mid_game())


@pytest.mark.parametrize("bad", ["a board", None, 3])
def test_anything_but_a_state_is_refused_by_name(bad: object) -> None:
    with pytest.raises(InvalidPositionError, match="state must be a GameState"):
        map_lines(bad)  # type: ignore[arg-type]


def test_colour_must_be_a_bool() -> None:
    with pytest.raises(InvalidPositionError, match="colour must be True or False"):
        render_map(new_game(2), colour=1)  # type: ignore[arg-type]


@settings(max_examples=15, deadline=None)
@given(st.integers(0, 10_000), st.integers(0, 400), st.sampled_from(LANGUAGES))
def test_the_map_speaks_the_players_language_with_the_same_drawing(
    seed: int, moves: int, language: str
) -> None:
    state = random_state(seed, moves)
    local = map_lines(state, language)
    english = map_lines(state)
    assert len(local) == len(english)
    text = "\n".join(local)
    for view in state.islands:
        assert island_name(view.tile, language) in text
    summary = {"en": "Colours:", "de": "Farben:", "fr": "Couleurs :", "it": "Colori:"}
    assert summary[language] in text
    assert all(line == line.rstrip() for line in local)
