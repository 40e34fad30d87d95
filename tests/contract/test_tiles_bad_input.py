"""Issue 13: tiles and tile sets with inconsistent data raise a TileSetError naming the field."""

from __future__ import annotations

import pickle
from typing import Any

import pytest
from contract_garbage import HUGE_INTS, NOT_INTS, NOT_STRINGS
from hypothesis import given
from hypothesis import strategies as st

from tongiaki_rules import (
    STANDARD_TILES,
    BeachSpec,
    IslandTile,
    OceanTile,
    QueryError,
    Route,
    TileSet,
    TileSetError,
)

TONGA = STANDARD_TILES.start
ISLAND = IslandTile("atoll", "Atoll", 2, (BeachSpec(2, (1,)), BeachSpec(3, (3, 4))))
OCEAN = OceanTile("sea", (Route(0, 3, 0), Route(1, 5, 2), Route(2, 4, 4)))
BAD_NUMBERS = st.one_of(NOT_INTS, HUGE_INTS)


@given(slots=BAD_NUMBERS)
def test_a_beach_needs_an_int_number_of_slots(slots: Any) -> None:
    with pytest.raises(TileSetError, match=r"BeachSpec.slots"):
        BeachSpec(slots, (1,))


@given(jetty=BAD_NUMBERS)
def test_a_jetty_is_an_int_edge(jetty: Any) -> None:
    with pytest.raises(TileSetError, match=r"BeachSpec.jetties\[1\]"):
        BeachSpec(2, (0, jetty))


@pytest.mark.parametrize("jetties", [[1], None, 1, "1", {1}])
def test_the_jetties_of_a_beach_are_a_tuple(jetties: Any) -> None:
    with pytest.raises(TileSetError, match=r"BeachSpec.jetties must be a tuple"):
        BeachSpec(2, jetties)


@given(text=st.one_of(NOT_STRINGS, st.just(""), st.just("\ud800")))
def test_an_island_needs_text_for_its_id_and_name(text: Any) -> None:
    with pytest.raises(TileSetError, match=r"IslandTile.id"):
        IslandTile(text, "Atoll", 2, ISLAND.beaches)
    with pytest.raises(TileSetError, match=r"IslandTile.name"):
        IslandTile("atoll", text, 2, ISLAND.beaches)
    with pytest.raises(TileSetError, match=r"OceanTile.id"):
        OceanTile(text, OCEAN.routes)


@given(value=BAD_NUMBERS)
def test_an_island_value_is_an_int(value: Any) -> None:
    with pytest.raises(TileSetError, match=r"IslandTile.value"):
        IslandTile("atoll", "Atoll", value, ISLAND.beaches)


@pytest.mark.parametrize("beaches", [[BeachSpec(2, (1,))], (BeachSpec(2, (1,)), (2, (3,))), None])
def test_the_beaches_of_an_island_are_a_tuple_of_beach_specs(beaches: Any) -> None:
    with pytest.raises(TileSetError, match=r"IslandTile.beaches"):
        IslandTile("atoll", "Atoll", 2, beaches)


@pytest.mark.parametrize("flag", [1, 0, "yes", None])
def test_is_start_is_true_or_false(flag: Any) -> None:
    with pytest.raises(TileSetError, match=r"IslandTile.is_start"):
        IslandTile("atoll", "Atoll", 2, ISLAND.beaches, is_start=flag)


@pytest.mark.parametrize("field", ["a", "b", "colours"])
@given(value=BAD_NUMBERS)
def test_a_route_is_made_of_ints(field: str, value: Any) -> None:
    numbers = {"a": 0, "b": 3, "colours": 0, field: value}
    with pytest.raises(TileSetError, match=rf"Route.{field}"):
        Route(**numbers)


@pytest.mark.parametrize("routes", [list(OCEAN.routes), (Route(0, 3, 0), (1, 5, 2)), None])
def test_the_routes_of_an_ocean_tile_are_a_tuple_of_routes(routes: Any) -> None:
    with pytest.raises(TileSetError, match=r"OceanTile.routes"):
        OceanTile("sea", routes)


@pytest.mark.parametrize("start", [None, OCEAN, "tonga"])
def test_a_tile_set_needs_a_start_island(start: Any) -> None:
    with pytest.raises(TileSetError, match=r"TileSet.start must be an IslandTile"):
        TileSet(start, (ISLAND, OCEAN))


@pytest.mark.parametrize("pile", [[ISLAND, OCEAN], (ISLAND, OCEAN, "hawaii"), None])
def test_the_pile_is_a_tuple_of_tiles(pile: Any) -> None:
    with pytest.raises(TileSetError, match=r"TileSet.pile"):
        TileSet(TONGA, pile)


def test_a_negative_beach_is_refused_by_the_tile_set() -> None:
    bad = IslandTile("bad", "Bad", 2, (BeachSpec(-2, (1,)),))
    with pytest.raises(TileSetError, match=r"a beach without slots"):
        TileSet(TONGA, (bad, OCEAN))


def test_a_negative_island_value_is_refused_by_the_tile_set() -> None:
    bad = IslandTile("bad", "Bad", -1, ISLAND.beaches)
    with pytest.raises(TileSetError, match=r"value -1 is negative"):
        TileSet(TONGA, (bad, OCEAN))


def test_a_custom_tile_set_keeps_working() -> None:
    tiles = TileSet(TONGA, (ISLAND, OCEAN, OCEAN))
    assert tiles.tile("sea") is OCEAN
    assert pickle.loads(pickle.dumps(tiles)) == tiles


@given(tile_id=st.one_of(NOT_STRINGS, st.text(max_size=6)))
def test_looking_up_a_tile_that_is_not_in_the_set_is_a_query_error(tile_id: Any) -> None:
    if isinstance(tile_id, str) and tile_id in STANDARD_TILES.index:
        return
    with pytest.raises(QueryError, match=r"tile_id: no tile"):
        STANDARD_TILES.tile(tile_id)


def test_the_index_of_a_tile_set_cannot_be_changed() -> None:
    with pytest.raises(TypeError):
        STANDARD_TILES.index["hawaii"] = 0  # type: ignore[index]
    assert STANDARD_TILES.tile("hawaii").id == "hawaii"
