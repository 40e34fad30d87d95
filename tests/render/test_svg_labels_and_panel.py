"""The SVG picture reads cleanly: names clear of the slots, the panel saying each thing once."""

from __future__ import annotations

import math
import random
import re
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from tongiaki_rules import Recolonize, Rules, new_game, position, render_svg
from tongiaki_rules._standard_tiles import STANDARD_TILES
from tongiaki_rules.i18n import LANGUAGES, island_name
from tongiaki_rules.svg._geometry import _BOLD_WIDTHS, PANEL_WIDTH, _label_box
from tongiaki_rules.testing import random_playout
from tongiaki_rules.tiles import IslandTile

SVG = "{http://www.w3.org/2000/svg}"
ISLANDS = [t.id for t in STANDARD_TILES.kinds if isinstance(t, IslandTile) and not t.is_start]
AT = (0, -1)


def island_on_the_table(
    tile_id: str, rotation: int, *, royal: bool, boats: bool, language: str = "en"
) -> ET.Element:
    """The SVG group of ``tile_id`` laid next to Tonga, its beaches one boat short of full."""
    tile = STANDARD_TILES.tile(tile_id)
    on_beaches = {
        (AT, index): "BR"[index % 2] * (beach.slots - 1)
        for index, beach in enumerate(tile.beaches)
        if boats
    }
    state = position(
        2,
        tiles=[(AT, tile_id, rotation)],
        boats=on_beaches,
        kings={AT: "B"} if royal else None,
    )
    root = ET.fromstring(render_svg(state, show_panel=False, language=language))
    return next(g for g in root.iter(f"{SVG}g") if g.get("data-tile") == tile_id)


def name_box(tile: ET.Element) -> tuple[float, float, float, float]:
    label = next(t for t in tile.iter(f"{SVG}text") if t.get("class") == "island-name")
    size = float(label.get("font-size", ""))
    baseline = float(label.get("y", ""))
    return _label_box(float(label.get("x", "")), baseline - 0.36 * size, label.text or "", size)


def circles(tile: ET.Element) -> list[tuple[str, float, float, float]]:
    """(class, x, y, radius) of each circle of the tile, the stroke included."""
    return [
        (
            c.get("class", ""),
            float(c.get("cx", "")),
            float(c.get("cy", "")),
            float(c.get("r", "")) + float(c.get("stroke-width", "0")) / 2,
        )
        for c in tile.iter(f"{SVG}circle")
    ]


def box_meets_circle(box: tuple[float, float, float, float], x: float, y: float, r: float) -> bool:
    left, top, right, bottom = box
    nearest_x = min(max(x, left), right)
    nearest_y = min(max(y, top), bottom)
    return math.hypot(x - nearest_x, y - nearest_y) < r


@pytest.mark.parametrize(
    ("royal", "boats"),
    [(False, False), (False, True), (True, False)],  # a royal island has no boats (ROYAL-6)
    ids=["empty", "with boats", "royal"],
)
@pytest.mark.parametrize("tile_id", ISLANDS)
@pytest.mark.parametrize("language", LANGUAGES)
def test_no_island_name_touches_a_slot_a_boat_or_the_value_at_any_rotation(
    tile_id: str, royal: bool, boats: bool, language: str
) -> None:
    for rotation in range(6):
        tile = island_on_the_table(tile_id, rotation, royal=royal, boats=boats, language=language)
        label = next(t for t in tile.iter(f"{SVG}text") if t.get("class") == "island-name")
        assert label.text == island_name(STANDARD_TILES.tile(tile_id), language)  # type: ignore[arg-type]
        box = name_box(tile)
        shapes = circles(tile)
        land = [(x, y, r) for cls, x, y, r in shapes if cls == "land"]
        assert len(land) == 1
        x, y, r = land[0]
        corners = [(box[0], box[1]), (box[2], box[1]), (box[0], box[3]), (box[2], box[3])]
        assert all(math.hypot(cx - x, cy - y) < r for cx, cy in corners), (tile_id, rotation)
        touched = [
            cls for cls, x, y, r in shapes if cls != "land" and box_meets_circle(box, x, y, r)
        ]
        assert touched == [], (tile_id, rotation, touched)
        if boats:
            assert any(cls == "boat" for cls, *_ in shapes)


def test_mangareva_is_written_smaller_than_a_short_name_to_stay_on_its_island() -> None:
    mangareva = name_box(island_on_the_table("mangareva", 0, royal=False, boats=False))
    tahiti = name_box(island_on_the_table("tahiti", 0, royal=False, boats=False))
    assert mangareva[3] - mangareva[1] < tahiti[3] - tahiti[1]


DEJAVU_BOLD = Path("/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf")
DEJAVU = Path("/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf")


def test_the_label_widths_are_those_of_dejavu_sans_bold() -> None:
    image_font = pytest.importorskip("PIL.ImageFont", reason="measuring needs pillow")
    if not DEJAVU_BOLD.exists():
        pytest.skip(f"no {DEJAVU_BOLD} to measure")
    font = image_font.truetype(str(DEJAVU_BOLD), 1000)
    measured = {c: round(font.getlength(c)) for c in _BOLD_WIDTHS}
    assert measured == dict(_BOLD_WIDTHS)


def panel_text(svg: str) -> str:
    root = ET.fromstring(svg)
    panel = next(g for g in root.iter(f"{SVG}g") if g.get("class") == "panel")
    return " ".join(t.text or "" for t in panel.iter(f"{SVG}text"))


def a_turn_where_recolonising_is_legal() -> object:
    rng = random.Random(3)
    for state in random_playout(new_game(3), rng):
        if Recolonize() in state.legal_actions():
            return state
    raise AssertionError("no game of the seed reached a new colonisation")


def test_the_panel_names_new_colonisation_once_at_a_turn() -> None:
    state = a_turn_where_recolonising_is_legal()
    text = panel_text(render_svg(state, highlight=True))
    assert "expand, found a royal island or recolonise" in text
    assert "new colonisation" not in text
    assert "Also possible" not in text


def test_the_panel_still_notes_a_highlighted_new_colonisation_outside_a_turn() -> None:
    state = new_game(3)  # a setup decision: the headline does not speak of recolonising
    text = panel_text(render_svg(state, highlight=[Recolonize()]))
    assert "Also possible: new colonisation" in text
    assert len(re.findall("colonis", text)) == 1


def panel_states() -> list[object]:
    """Positions whose panels say the most: a game's every stage, the variants, the end."""
    rng = random.Random(31)
    states: list[object] = []
    for players, rules in ((6, Rules()), (2, Rules(variant_two_player_double_colour=True))):
        path = random_playout(new_game(players, rules), rng)
        states.extend(path[:: max(1, len(path) // 25)])
        states.append(path[-1])
    states.append(a_turn_where_recolonising_is_legal())
    return states


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_panel_text_stays_inside_the_panel_and_clear_of_its_neighbours(
    language: str,
) -> None:
    """Every panel text measured in DejaVu Sans (the picture's first font), in each language."""
    image_font = pytest.importorskip("PIL.ImageFont", reason="measuring needs pillow")
    if not (DEJAVU_BOLD.exists() and DEJAVU.exists()):
        pytest.skip(f"no {DEJAVU} to measure")
    fonts = {
        True: image_font.truetype(str(DEJAVU_BOLD), 100),
        False: image_font.truetype(str(DEJAVU), 100),
    }
    for state in panel_states():
        root = ET.fromstring(render_svg(state, highlight=True, language=language))  # type: ignore[arg-type]
        panel = next(g for g in root.iter(f"{SVG}g") if g.get("class") == "panel")
        left = float(next(panel.iter(f"{SVG}rect")).get("x", ""))
        boxes: list[tuple[float, float, float, float, str]] = []
        for text in panel.iter(f"{SVG}text"):
            size = float(text.get("font-size", ""))
            bold = text.get("font-weight") == "bold"
            width = fonts[bold].getlength(text.text or "") * size / 100
            x, y = float(text.get("x", "")), float(text.get("y", ""))
            start = x - width / 2 if text.get("text-anchor") == "middle" else x
            assert left < start and start + width < left + PANEL_WIDTH, (language, text.text)
            boxes.append((start, y - size, start + width, y, text.text or ""))
        for k, (x0, y0, x1, y1, what) in enumerate(boxes):
            for u0, v0, u1, v1, other in boxes[k + 1 :]:
                apart = x1 <= u0 or u1 <= x0 or y1 <= v0 or v1 <= y0
                assert apart, (language, what, other)
