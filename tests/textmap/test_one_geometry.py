"""Both pictures put each beach on the edges its jetties lie on, for every tile and rotation.

The side a beach belongs on is derived here from the tile data alone (the
board directions of its jetties); the text map and the SVG are each read
back and the beach found where it was drawn.
"""

from __future__ import annotations

import math
import random
import xml.etree.ElementTree as ET

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tongiaki_rules import new_game, render_svg
from tongiaki_rules._scenario import position
from tongiaki_rules._standard_tiles import STANDARD_TILES
from tongiaki_rules._textlayout import SLANT, TOP
from tongiaki_rules.hexgrid import to_board
from tongiaki_rules.textmap import MIN_WIDTH, map_lines
from tongiaki_rules.tiles import IslandTile, OceanTile

SVG = "{http://www.w3.org/2000/svg}"
AT = (0, -1)
"""Where the tile is laid: above Tonga, so it is the top hex of the text map."""
TILES = [t.id for t in STANDARD_TILES.kinds if t.id != "tonga"]
ROW_HEIGHT = (TOP + 2 * SLANT) / (2 * SLANT) / (2 / math.sqrt(3))
"""How many columns of the text map a row is high, for a hexagon of the true shape."""


def jetty_arc(directions: tuple[int, ...], angle: float) -> bool:
    """Whether the screen ``angle`` (degrees, y down) lies on one of the edges ``directions``."""
    for d in directions:
        middle = 90.0 + 60.0 * d
        off = (angle - middle + 180.0) % 360.0 - 180.0
        if abs(off) <= 30.0 + 1e-6:
            return True
    return False


def board_jetties(tile_id: str, rotation: int) -> dict[int, tuple[int, ...]]:
    """Each beach's jetties as board directions, from the tile data."""
    tile = STANDARD_TILES.tile(tile_id)
    assert isinstance(tile, IslandTile)
    return {
        k: tuple(to_board(j, rotation) for j in beach.jetties)
        for k, beach in enumerate(tile.beaches)
    }


def laid(tile_id: str, rotation: int):  # type: ignore[no-untyped-def]
    return position(2, tiles=[(AT, tile_id, rotation)])


def text_beach_angles(tile_id: str, rotation: int) -> dict[int, float]:
    """Where the text map wrote each beach ``k[...]`` of the tile, as a screen angle."""
    lines = map_lines(laid(tile_id, rotation))
    centre_col, centre_row = SLANT + TOP / 2 - 0.5, SLANT  # the tile is the top hex
    found: dict[int, float] = {}
    for row in range(1, 2 * SLANT):
        line = lines[row][: 2 * SLANT + TOP]
        for col, char in enumerate(line):
            if char.isdigit() and line[col + 1 : col + 2] == "[":
                end = line.index("]", col)
                x = (col + end) / 2 - centre_col
                y = (row - centre_row) * ROW_HEIGHT
                found[int(char)] = math.degrees(math.atan2(y, x)) % 360.0
    return found


def svg_beach_angles(tile_id: str, rotation: int) -> dict[int, float]:
    """Where the SVG drew each beach's slots of the tile, as a screen angle of their middle."""
    root = ET.fromstring(render_svg(laid(tile_id, rotation), show_panel=False))
    tile = next(g for g in root.iter(f"{SVG}g") if g.get("data-tile") == tile_id)
    land = next(c for c in tile.iter(f"{SVG}circle") if c.get("class") == "land")
    cx, cy = float(land.get("cx", "")), float(land.get("cy", ""))
    found: dict[int, float] = {}
    for beach in tile.iter(f"{SVG}g"):
        if beach.get("class") != "beach":
            continue
        slots = [c for c in beach.iter(f"{SVG}circle") if c.get("class") in ("slot", "boat")]
        x = sum(float(c.get("cx", "")) for c in slots) / len(slots) - cx
        y = sum(float(c.get("cy", "")) for c in slots) / len(slots) - cy
        found[int(beach.get("data-beach", ""))] = math.degrees(math.atan2(y, x)) % 360.0
    return found


ISLANDS = [t for t in TILES if isinstance(STANDARD_TILES.tile(t), IslandTile)]
OCEANS = [t for t in TILES if isinstance(STANDARD_TILES.tile(t), OceanTile)]


@pytest.mark.parametrize("rotation", range(6))
@pytest.mark.parametrize("tile_id", ISLANDS)
def test_every_beach_is_on_its_jetties_edges_in_the_text_map_and_the_svg(
    tile_id: str, rotation: int
) -> None:
    jetties = board_jetties(tile_id, rotation)
    for name, angles in (
        ("text map", text_beach_angles(tile_id, rotation)),
        ("svg", svg_beach_angles(tile_id, rotation)),
    ):
        assert sorted(angles) == sorted(jetties), (name, tile_id, rotation)
        wrong = {
            k: (round(angle), jetties[k])
            for k, angle in angles.items()
            if not jetty_arc(jetties[k], angle)
        }
        assert wrong == {}, (name, tile_id, rotation, wrong)


@pytest.mark.parametrize("rotation", range(6))
@pytest.mark.parametrize("tile_id", OCEANS)
def test_every_ocean_route_joins_the_same_edges_in_the_text_map_and_the_svg(
    tile_id: str, rotation: int
) -> None:
    tile = STANDARD_TILES.tile(tile_id)
    assert isinstance(tile, OceanTile)
    expected = {
        tuple(sorted((to_board(route.a, rotation), to_board(route.b, rotation))))
        for route in tile.routes
    }
    lines = map_lines(laid(tile_id, rotation))[: 2 * SLANT]
    text = {
        (int(a), int(b))
        for line in lines
        for a, b in (item.split(":")[0].split("-") for item in line.split() if ":" in item)
    }
    root = ET.fromstring(render_svg(laid(tile_id, rotation), show_panel=False))
    svg = {
        tuple(sorted(int(e) for e in path.get("data-edges", "").split("-")))
        for path in root.iter(f"{SVG}path")
        if path.get("class") == "route"
    }
    assert text == expected == svg


def test_tonga_has_beach_k_on_edge_k_in_both_pictures() -> None:
    state = position(2)
    lines = map_lines(state)
    assert "3[" in lines[1] and "0[" in lines[2 * SLANT - 1]  # top edge, bottom edge
    svg = svg_beach_angles_of_tonga()
    for k, angle in svg.items():
        assert jetty_arc((k,), angle), (k, angle)


def svg_beach_angles_of_tonga() -> dict[int, float]:
    root = ET.fromstring(render_svg(position(2), show_panel=False))
    tile = next(g for g in root.iter(f"{SVG}g") if g.get("data-tile") == "tonga")
    land = next(c for c in tile.iter(f"{SVG}circle") if c.get("class") == "land")
    cx, cy = float(land.get("cx", "")), float(land.get("cy", ""))
    found = {}
    for beach in tile.iter(f"{SVG}g"):
        if beach.get("class") == "beach":
            slots = [c for c in beach.iter(f"{SVG}circle") if c.get("class") == "slot"]
            x = sum(float(c.get("cx", "")) for c in slots) / len(slots) - cx
            y = sum(float(c.get("cy", "")) for c in slots) / len(slots) - cy
            found[int(beach.get("data-beach", ""))] = math.degrees(math.atan2(y, x)) % 360.0
    return found


@pytest.mark.parametrize("entry", range(6))
def test_the_group_at_sea_waits_by_the_edge_it_comes_through(entry: int) -> None:
    from tongiaki_rules.hexgrid import neighbour

    at = neighbour((0, 0), 3)  # the empty hex above Tonga
    origin = neighbour(at, entry)
    tiles = [] if origin == (0, 0) else [(origin, "ocean-a", 0)]
    state = position(4, tiles=tiles, group="BRGY", group_at=at, entry=entry, origin=(0, 0))
    every = map_lines(state)
    lines = every[: next(k for k, line in enumerate(every) if line.startswith("Tongiaki"))]
    # find the hex of the group: the row of its "?" is its middle
    rows = [k for k, line in enumerate(lines) if "?" in line]
    assert len(rows) == 1
    middle = rows[0]
    (row,) = [k for k, line in enumerate(lines) if "BRGY" in line]
    col = lines[row].index("BRGY") + 1.5
    centre = lines[middle].index("?")
    angle = math.degrees(math.atan2((row - middle) * ROW_HEIGHT, col - centre)) % 360.0
    assert jetty_arc((entry,), angle), (entry, angle)


@settings(max_examples=40, deadline=None)
@given(st.integers(0, 10_000), st.integers(0, 400), st.integers(MIN_WIDTH, 200))
def test_a_map_with_a_width_keeps_its_hexes_within_it(seed: int, moves: int, width: int) -> None:
    rng = random.Random(seed)
    state = new_game(rng.choice((2, 3, 4, 5, 6)))
    for _ in range(moves):
        if state.is_terminal:
            break
        if state.current_player is None:
            state = state.apply(state.sample_chance(rng))
        else:
            state = state.apply(rng.choice(state.legal_actions()))
    lines = map_lines(state, coords=True, width=width)
    end = next(k for k, line in enumerate(lines) if line.startswith(("(not shown", "Tongiaki")))
    assert all(len(line) <= width for line in lines[:end])
    labels = {f"{q},{r}" for q, r in (t.position for t in state.placed_tiles)}
    shown = {label for label in labels if any(label in line for line in lines[:end])}
    hidden = labels - shown
    if hidden:
        assert lines[end].startswith("(not shown, to fit")
