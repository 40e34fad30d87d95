"""``render_svg(..., coords=True)`` writes what a player types, and covers no boat with it."""

from __future__ import annotations

import math
import random
import xml.etree.ElementTree as ET

import pytest

from tongiaki_rules import SettingsError, new_game, position, render_svg
from tongiaki_rules._standard_tiles import STANDARD_TILES
from tongiaki_rules.svg._geometry import _label_box
from tongiaki_rules.testing import random_playout
from tongiaki_rules.tiles import IslandTile

SVG = "{http://www.w3.org/2000/svg}"
ISLANDS = [t.id for t in STANDARD_TILES.kinds if isinstance(t, IslandTile) and not t.is_start]
AT = (0, -1)
LABELS = ("coords", "beach-number", "jetty-number")


def labels(root: ET.Element) -> list[tuple[str, str, tuple[float, float, float, float]]]:
    """(class, text, box) of every label of ``coords=True``."""
    found = []
    for text in root.iter(f"{SVG}text"):
        cls = text.get("class", "")
        if cls in LABELS:
            size = float(text.get("font-size", ""))
            y = float(text.get("y", "")) - 0.36 * size
            box = _label_box(float(text.get("x", "")), y, text.text or "", size)
            found.append((cls, text.text or "", box))
    return found


def boats_and_slots(root: ET.Element) -> list[tuple[str, float, float, float]]:
    """(class, x, y, radius with the stroke) of every slot, boat and route number."""
    return [
        (
            c.get("class", ""),
            float(c.get("cx", "")),
            float(c.get("cy", "")),
            float(c.get("r", "")) + float(c.get("stroke-width", "0")) / 2,
        )
        for c in root.iter(f"{SVG}circle")
        if c.get("class") in ("boat", "slot", "sea-boat", "route-number")
    ]


def box_meets_circle(box: tuple[float, float, float, float], x: float, y: float, r: float) -> bool:
    left, top, right, bottom = box
    return math.hypot(x - min(max(x, left), right), y - min(max(y, top), bottom)) < r


@pytest.mark.parametrize("tile_id", ISLANDS)
def test_every_beach_and_jetty_of_an_island_is_labelled_and_no_label_touches_a_boat(
    tile_id: str,
) -> None:
    tile = STANDARD_TILES.tile(tile_id)
    assert isinstance(tile, IslandTile)
    for rotation in range(6):
        boats = {
            (AT, index): "BR"[index % 2] * (beach.slots - 1)
            for index, beach in enumerate(tile.beaches)
        }
        state = position(2, tiles=[(AT, tile_id, rotation)], boats=boats)
        root = ET.fromstring(render_svg(state, coords=True, show_panel=False))
        found = labels(root)
        numbers = sorted(t for cls, t, _ in found if cls == "beach-number")
        assert numbers == sorted(str(b.index) for view in state.islands for b in view.beaches)
        jetties = sorted(t for cls, t, _ in found if cls == "jetty-number")
        every_jetty = [str(d) for view in state.islands for b in view.beaches for d in b.jetties]
        assert jetties == sorted(every_jetty)
        assert ("coords", "0,-1") in [(cls, t) for cls, t, _ in found]
        touched = [
            (cls, t)
            for cls, t, box in found
            for kind, x, y, r in boats_and_slots(root)
            if box_meets_circle(box, x, y, r)
        ]
        assert touched == [], (tile_id, rotation, touched)


@pytest.mark.parametrize("seed", [3, 15, 27])
def test_no_label_touches_a_boat_or_another_label_in_a_late_six_player_game(seed: int) -> None:
    states = random_playout(new_game(6), random.Random(seed))
    for state in states[len(states) // 2 :: 40]:
        root = ET.fromstring(render_svg(state, coords=True, show_panel=False))
        found = labels(root)
        shapes = boats_and_slots(root)
        touched = [
            (t, kind)
            for _cls, t, box in found
            for kind, x, y, r in shapes
            if box_meets_circle(box, x, y, r)
        ]
        assert touched == []
        for k, (_c, _t, a) in enumerate(found):
            for _c2, _t2, b in found[k + 1 :]:
                assert not (a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3])
        hexes = {f"{q},{r}" for q, r in (t.position for t in state.placed_tiles)}
        assert hexes <= {t for cls, t, _ in found if cls == "coords"}


def test_tonga_at_the_start_shows_the_six_setup_beaches() -> None:
    root = ET.fromstring(render_svg(new_game(2), coords=True))
    numbers = sorted(t for cls, t, _ in labels(root) if cls == "beach-number")
    assert numbers == ["0", "1", "2", "3", "4", "5"]


def test_without_coords_there_are_no_labels_and_coords_must_be_a_bool() -> None:
    assert labels(ET.fromstring(render_svg(new_game(2)))) == []
    with pytest.raises(SettingsError, match="coords"):
        render_svg(new_game(2), coords=1)  # type: ignore[arg-type]
