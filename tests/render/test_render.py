"""Rendering: the SVG board and the plain-text view show what a player needs to see."""

from __future__ import annotations

import random
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from tongiaki_rules import (
    ORIGIN,
    Colour,
    DecisionKind,
    GameState,
    Rules,
    new_game,
    play_random_game,
    position,
    render_svg,
    render_text,
)
from tongiaki_rules.i18n import LANGUAGES, colour_name, island_name
from tongiaki_rules.testing import random_playout

FIXTURES = Path(__file__).resolve().parent / "fixtures"
SVG = "{http://www.w3.org/2000/svg}"


def after_setup(players: int = 3, seed: int = 1) -> GameState:
    rng = random.Random(seed)
    state = new_game(players)
    while state.pending.kind is DecisionKind.SETUP:
        state = state.apply(rng.choice(state.legal_actions()))
    return state


def mid_game_with_a_royal_island() -> GameState:
    states = play_random_game(3, seed=3)
    return next(s for s in states if s.royal_islands and s.group is not None and s.is_chance_node)


def finished_game() -> GameState:
    return play_random_game(3, seed=2)[-1]


CASES = {
    "start": lambda: render_svg(after_setup(), highlight=True, size=900),
    "mid-game-royal": lambda: render_svg(mid_game_with_a_royal_island(), highlight=True, size=1100),
    "finished": lambda: render_svg(finished_game(), size=1100),
}


def parse(svg: str) -> ET.Element:
    return ET.fromstring(svg.encode("utf-8"))


def classes(root: ET.Element, name: str) -> list[ET.Element]:
    return [e for e in root.iter() if name in (e.get("class") or "").split()]


@pytest.mark.parametrize("name", sorted(CASES))
def test_rendered_fixtures_are_unchanged(name: str, request: pytest.FixtureRequest) -> None:
    svg = CASES[name]()
    path = FIXTURES / f"{name}.svg"
    if request.config.getoption("--update-golden"):
        path.write_text(svg, encoding="utf-8")
        return
    assert path.exists(), f"missing fixture {path}; run pytest --update-golden"
    assert svg == path.read_text(encoding="utf-8"), (
        f"{name}.svg changed: look at the new picture, then run pytest --update-golden"
    )


@pytest.mark.parametrize("seed", range(9))
def test_every_svg_is_well_formed_and_shows_every_tile_and_boat(seed: int) -> None:
    # plain rules, the Rody variant and the two-colour two-player variant, in turn
    double = seed % 3 == 2
    rules = Rules(variant_rody=seed % 3 == 1, variant_two_player_double_colour=double)
    players = 2 if double else 2 + seed % 5
    states = random_playout(new_game(players, rules), random.Random(seed))
    first_of_kind = {s.pending.kind: s for s in reversed(states)}  # every phase once
    for state in [*states[:: max(1, len(states) // 12)], *first_of_kind.values()]:
        root = parse(render_svg(state))
        assert root.tag == f"{SVG}svg"
        tiles = classes(root, "tile")
        assert len(tiles) == len(state.placed_tiles)
        drawn = {e.get("data-pos") for e in tiles}
        assert drawn == {f"{t.position[0]},{t.position[1]}" for t in state.placed_tiles}
        boats = classes(root, "boat")
        on_beaches = sum(len(b.boats) for view in state.islands for b in view.beaches)
        assert len(boats) == on_beaches
        letters = sorted(e.get("data-colour") or "" for e in boats)
        expected = sorted(c.letter for view in state.islands for b in view.beaches for c in b.boats)
        assert letters == expected
        assert len(classes(root, "king")) == len(state.royal_islands)
        if state.group is not None:
            assert len(classes(root, "sea-boat")) == len(state.group.colours)


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_board_names_every_island_and_the_panel_every_colour(language: str) -> None:
    state = finished_game()
    svg = render_svg(state, language=language)
    for view in state.islands:
        assert island_name(view.tile, language) in svg
    for colour in state.colours:
        assert colour_name(colour, language) in svg


def test_highlighting_marks_the_legal_choices_only_when_asked() -> None:
    state = position(3, tiles=[((0, -1), "hawaii", 0)], boats={((0, -1), 1): "BR"})
    plain = parse(render_svg(state))
    marked = parse(render_svg(state, highlight=True))
    assert not classes(plain, "highlight")
    assert classes(marked, "highlight")
    only = parse(render_svg(state, highlight=state.legal_actions()[:1]))
    assert 0 < len(classes(only, "highlight")) <= len(classes(marked, "highlight"))


def test_notebooks_get_the_svg_of_a_state() -> None:
    state = after_setup()
    assert state._repr_svg_() == render_svg(state)


def test_size_sets_the_width() -> None:
    root = parse(render_svg(after_setup(), size=500))
    assert root.get("width") in ("500", "500.0")


def test_the_text_view_shows_beaches_boats_and_the_decision() -> None:
    state = position(
        3,
        tiles=[((0, -1), "hawaii", 0)],
        boats={(ORIGIN, 0): "BR", ((0, -1), 1): "GGB"},
        kings={},
    )
    text = str(state)
    assert text == render_text(state)
    assert "(0, 0) Tonga, 0 points: 0[BR.]:0" in text
    assert "(0, -1) Hawaii r0, 5 points: 0[...]:1,2  1[BGG..]:3  2[..]:4,5" in text
    assert "Decision: turn by seat 0 (blue)" in text
    assert all(len(line) <= 100 for line in text.splitlines())
    text.encode("ascii")


def test_the_text_view_of_a_finished_game_names_the_winner() -> None:
    state = finished_game()
    text = str(state)
    outcome = state.outcome()
    assert outcome is not None
    assert f"Winner: seat {outcome.winners[0]}" in text
    assert "royal island, king" in text


def test_the_text_view_shows_the_group_under_way() -> None:
    state = position(3, group="RRG", group_at=(0, 1), entry=3, origin=ORIGIN)
    assert "Under way: RRG at (0, 1), arriving from the top edge" in str(state)
    assert Colour.RED.letter == "R"
