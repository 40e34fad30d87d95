"""Observations: a documented fixed layout, seen from the observer's colour."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from tongiaki_rules import (
    ORIGIN,
    STANDARD_TILES,
    Draw,
    GameState,
    Recolonize,
    Rules,
    SettingsError,
    new_game,
    position,
)
from tongiaki_rules.observation import (
    OBSERVATION_VERSION,
    ObservationLayout,
    observation_string,
    relative_colours,
)


def values(layout: ObservationLayout, state: GameState, player: int, name: str) -> list[float]:
    section = layout.section(name)
    return layout.observe(state, player)[section.offset : section.end]


def contested() -> GameState:
    """Blue and green share Hawaii's full beach 0; red sits on Tonga; red decides."""
    return position(
        3,
        tiles=[((0, -1), "hawaii", 0)],
        boats={((0, -1), 0): "BBG", (ORIGIN, 2): "R"},
        reserves={"B": 5, "R": 9, "G": 12},
        to_move=1,
    )


def test_the_layout_is_version_1_and_its_sections_tile_the_observation() -> None:
    layout = ObservationLayout.for_game(4)
    assert OBSERVATION_VERSION == layout.version == 1
    end = 0
    for section in layout.sections:
        assert section.offset == end and section.length > 0
        end = section.end
    assert end == layout.size
    assert len({s.name for s in layout.sections}) == len(layout.sections)


def test_the_size_is_the_same_for_every_player_count_and_variant() -> None:
    sizes = {ObservationLayout.for_game(n).size for n in range(2, 7)}
    sizes.add(ObservationLayout.for_game(2, Rules(variant_two_player_double_colour=True)).size)
    sizes.add(ObservationLayout.for_game(3, Rules(variant_rody=True), STANDARD_TILES).size)
    assert sizes == {991}


def test_a_new_game_shows_every_pile_tile_in_the_pile_and_tonga_on_the_table() -> None:
    state = new_game(2)
    layout = ObservationLayout.for_state(state)
    assert values(layout, state, 0, "tile_on_table") == [1.0] + [0.0] * 31
    assert values(layout, state, 0, "tile_in_pile") == [0.0] + [1.0] * 31
    assert values(layout, state, 0, "pile") == [1.0, 1.0]
    assert values(layout, state, 0, "colour_in_play") == [1.0, 1.0, 0.0, 0.0, 0.0, 0.0]


def test_colours_are_seen_relative_to_the_observer_in_turn_order() -> None:
    state = contested()
    layout = ObservationLayout.for_state(state)
    # reserves: blue 5, red 9, green 12 (of 15)
    assert values(layout, state, 0, "reserve")[:3] == [5 / 15, 9 / 15, 12 / 15]
    assert values(layout, state, 1, "reserve")[:3] == [9 / 15, 12 / 15, 5 / 15]
    assert values(layout, state, 2, "reserve")[:3] == [12 / 15, 5 / 15, 9 / 15]
    assert relative_colours(state, 1) == (2, 0, 1)


def test_beaches_and_scores_turn_with_the_observer() -> None:
    state = contested()
    layout = ObservationLayout.for_state(state)
    hawaii = layout.encoding.island_slots.index((STANDARD_TILES.index["hawaii"], 0))
    beach = layout.encoding.beach_offsets[hawaii]  # Hawaii's beach 0
    for player, blue in ((0, 0), (1, 2), (2, 1)):
        boats = values(layout, state, player, "beach_boats")[6 * beach : 6 * beach + 6]
        green = (blue + 2) % 3
        assert boats[blue] == pytest.approx(2 / 3)
        assert boats[green] == pytest.approx(1 / 3)
        scores = values(layout, state, player, "score")
        assert scores[blue] == scores[green] == pytest.approx(5 / 53)  # Hawaii is worth 5
    assert values(layout, state, 0, "beach_free")[beach] == 0.0


def test_only_the_deciding_seat_sees_that_it_decides() -> None:
    state = contested()
    layout = ObservationLayout.for_state(state)
    assert [values(layout, state, p, "observer_decides") for p in range(3)] == [[0.0], [1.0], [0.0]]
    decision = values(layout, state, 0, "decision")
    assert decision == [0.0, 0.0, 1.0, 0.0, 0.0, 0.0, 0.0]  # DEPARTURE
    # the turn colour is red: relative 1 for blue, 0 for red
    assert values(layout, state, 0, "turn_colour")[1] == 1.0
    assert values(layout, state, 1, "turn_colour")[0] == 1.0


def test_the_two_colour_variant_marks_both_colours_of_the_observer() -> None:
    state = new_game(2, Rules(variant_two_player_double_colour=True))
    layout = ObservationLayout.for_state(state)
    for player in (0, 1):
        assert values(layout, state, player, "colour_is_observer") == [1, 0, 1, 0, 0, 0]
        assert values(layout, state, player, "colour_in_play") == [1, 1, 1, 1, 0, 0]


def test_a_free_placement_shows_the_tile_to_place() -> None:
    state = position(2, boats={(ORIGIN, 0): "B", (ORIGIN, 3): "R"}).apply(Recolonize())
    placing = state.apply(Draw("samoa"))
    layout = ObservationLayout.for_state(placing)
    shown = values(layout, placing, 0, "place_tile")
    assert shown.index(1.0) == layout.encoding.encode_chance(Draw("samoa"))
    assert sum(shown) == 1.0
    assert values(layout, placing, 0, "purpose") == [0.0, 1.0, 0.0]  # New Colonisation


def test_a_landing_shows_the_island_and_the_group() -> None:
    state = position(3, tiles=[((0, -1), "hawaii", 0)], group="RG", group_at=(0, -1))
    layout = ObservationLayout.for_state(state)
    hawaii = layout.encoding.island_slots.index((STANDARD_TILES.index["hawaii"], 0))
    assert values(layout, state, 0, "landing_island").index(1.0) == hawaii
    assert values(layout, state, 0, "group_colours")[1:3] == [1 / 5, 1 / 5]
    assert values(layout, state, 0, "group_position") == [0.0, -1 / 31]


def test_observing_does_not_change_the_state() -> None:
    state = contested()
    before = state.to_json()
    ObservationLayout.for_state(state).observe(state, 2)
    assert state.to_json() == before


def test_a_seat_that_is_not_in_the_game_is_refused() -> None:
    state = new_game(3)
    layout = ObservationLayout.for_state(state)
    with pytest.raises(SettingsError, match=r"seat 0\.\.2, not 3"):
        layout.observe(state, 3)
    with pytest.raises(SettingsError):
        observation_string(state, -1)


def test_a_layout_refuses_a_state_of_another_game() -> None:
    with pytest.raises(ValueError, match="does not fit"):
        ObservationLayout.for_game(2).observe(new_game(3), 0)


def test_every_index_is_described_by_its_section() -> None:
    layout = ObservationLayout.for_game(2)
    assert layout.describe(layout.section("pile").offset + 1).startswith("pile[1]:")
    with pytest.raises(ValueError, match="outside"):
        layout.describe(layout.size)
    with pytest.raises(KeyError, match="no observation section 'board'"):
        layout.section("board")


def test_the_text_observation_names_the_viewer_and_shows_the_board() -> None:
    state = contested()
    text = observation_string(state, 1)
    header, board = text.split("\n", 1)
    assert header == "Seen from seat 1 (red); relative colours: 0 red, 1 green, 2 blue"
    assert board == str(state)


def test_the_documented_observation_table_matches_the_layout() -> None:
    page = Path(__file__).resolve().parents[2] / "docs" / "explanation" / "encoding.md"
    rows = re.findall(r"^\| `(\w+)` \| (\d+) \| (\d+) \| (\S+) \|", page.read_text(), re.M)
    layout = ObservationLayout.for_game(4)
    assert [(name, int(offset), int(length)) for name, offset, length, _range in rows] == [
        (s.name, s.offset, s.length) for s in layout.sections
    ]
    assert [r[3] for r in rows] == [
        f"{s.low:g}..{s.high:g}".replace("-", "−") for s in layout.sections
    ]
