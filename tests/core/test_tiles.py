"""Unit tests for the tile data (tongiaki_rules.tiles and tongiaki_rules._standard_tiles).

The expected data below is transcribed independently from shared/tiles.md (the
32 tiles of a real copy), in the transcription's own notation, so every fact of
the physical game is checked against the library's data.
"""

from __future__ import annotations

from collections import Counter

import attrs
import pytest

import tongiaki_rules
from tongiaki_rules import (
    STANDARD_TILES,
    TONGA,
    BeachSpec,
    Draw,
    IslandTile,
    OceanTile,
    Route,
    Tile,
    TileSet,
    TileSetError,
)
from tongiaki_rules._standard_tiles import ISLANDS, OCEANS
from tongiaki_rules.hexgrid import DIRECTIONS

# island name -> (value, [(slots, [jetty edges]), ...]), as in the table of tiles.md
ISLAND_TABLE: dict[str, tuple[int, list[tuple[int, list[int]]]]] = {
    "Muroroa": (2, [(2, [1]), (2, [2]), (3, [4, 5])]),
    "Nauru": (2, [(2, [1, 2]), (3, [3]), (2, [4, 5])]),
    "Tubuai": (2, [(3, [1, 2]), (3, [4, 5])]),
    "Rarotonga": (3, [(3, [1, 2]), (4, [3, 4, 5])]),
    "Rapa Nui": (3, [(5, [1, 2]), (3, [3, 4, 5])]),
    "Tokelau": (3, [(4, [1]), (3, [2, 3]), (2, [4, 5])]),
    "Tuamotu": (3, [(4, [1, 2, 3]), (4, [4, 5])]),
    "Hiva Oa": (4, [(2, [1, 2]), (2, [3]), (5, [4, 5])]),
    "Mangareva": (4, [(2, [1, 2]), (3, [3, 4]), (4, [5])]),
    "Oahu": (4, [(3, [1, 2]), (5, [3]), (3, [4, 5])]),
    "Tahiti": (4, [(2, [1, 2]), (3, [3, 4]), (4, [5])]),
    "Tuvalu": (4, [(2, [1, 2]), (4, [3]), (3, [4, 5])]),
    "Fidschi": (5, [(5, [1]), (4, [2, 3]), (4, [4, 5])]),
    "Hawaii": (5, [(3, [1, 2]), (5, [3]), (2, [4, 5])]),
    "Samoa": (5, [(3, [1, 2]), (4, [3, 4]), (5, [5])]),
}

# ocean letter -> (pattern, "edge-edge: number" routes, "-" = no number), as in tiles.md
OCEAN_TABLE: dict[str, tuple[str, str]] = {
    "a": ("X", "0-3: 4; 1-5: 4; 2-4: 4"),
    "b": ("Y", "0-4: 4; 1-3: 4; 2-5: 3"),
    "c": ("X", "0-3: 4; 1-5: 3; 2-4: -"),
    "d": ("Y", "0-4: 3; 1-3: 3; 2-5: 4"),
    "e": ("A", "0-1: 3; 2-3: 2; 4-5: 4"),
    "f": ("X", "0-3: 3; 1-5: 3; 2-4: 3"),
    "g": ("X", "0-3: 3; 1-5: 2; 2-4: -"),
    "h": ("A", "0-1: 3; 2-3: -; 4-5: 2"),
    "i": ("Y", "0-4: 2; 1-3: 3; 2-5: 4"),
    "j": ("B", "0-5: 2; 1-2: 2; 3-4: 2"),
    "k": ("A", "0-1: 2; 2-3: -; 4-5: 2"),
    "l": ("B", "0-5: -; 1-2: 3; 3-4: 4"),
    "m": ("Y", "0-4: -; 1-3: 4; 2-5: 2"),
    "n": ("B", "0-5: -; 1-2: 4; 3-4: 2"),
    "o": ("A", "0-1: -; 2-3: 2; 4-5: -"),
    "p": ("B", "0-5: -; 1-2: -; 3-4: -"),
}

# pattern -> (pairing of edges, edge by which a group entering at edge 0 leaves)
PATTERNS: dict[str, tuple[frozenset[frozenset[int]], int]] = {
    "A": (frozenset({frozenset({0, 1}), frozenset({2, 3}), frozenset({4, 5})}), 1),
    "B": (frozenset({frozenset({0, 5}), frozenset({1, 2}), frozenset({3, 4})}), 5),
    "X": (frozenset({frozenset({0, 3}), frozenset({1, 5}), frozenset({2, 4})}), 3),
    "Y": (frozenset({frozenset({0, 4}), frozenset({1, 3}), frozenset({2, 5})}), 4),
}

# clause SCORE-3 of shared/rules/clauses.md
SCORE_3_VALUES: dict[int, set[str]] = {
    2: {"Muroroa", "Nauru", "Tubuai"},
    3: {"Rapa Nui", "Rarotonga", "Tokelau", "Tuamotu"},
    4: {"Hiva Oa", "Mangareva", "Oahu", "Tahiti", "Tuvalu"},
    5: {"Fidschi", "Hawaii", "Samoa"},
}


def parse_routes(text: str) -> dict[frozenset[int], int]:
    """Routes in the notation of tiles.md, as {edge pair: colours} (0 for no number)."""
    routes: dict[frozenset[int], int] = {}
    for part in text.split(";"):
        edges, number = part.split(":")
        a, b = (int(e) for e in edges.strip().split("-"))
        routes[frozenset({a, b})] = 0 if number.strip() == "-" else int(number)
    return routes


def routes_of(tile: OceanTile) -> dict[frozenset[int], int]:
    return {frozenset({r.a, r.b}): r.colours for r in tile.routes}


def beaches_of(tile: IslandTile) -> list[tuple[int, list[int]]]:
    return [(b.slots, sorted(b.jetties)) for b in tile.beaches]


def islands() -> list[IslandTile]:
    found = [t for t in STANDARD_TILES.pile if isinstance(t, IslandTile)]
    assert len(found) == len(STANDARD_TILES.pile_islands)
    return found


def oceans() -> list[OceanTile]:
    found = [t for t in STANDARD_TILES.pile if isinstance(t, OceanTile)]
    assert len(found) == len(STANDARD_TILES.pile_oceans)
    return found


def island_named(name: str) -> IslandTile:
    (tile,) = (t for t in islands() if t.name == name)
    return tile


def ocean_lettered(letter: str) -> OceanTile:
    tile = STANDARD_TILES.tile(f"ocean-{letter}")
    assert isinstance(tile, OceanTile)
    return tile


def exit_from(tile: OceanTile, edge: int) -> int:
    return tile.route_from(edge).other_end(edge)


# ------------------------------------------------------------------ island counts


@pytest.mark.clause("COMP-2")
def test_there_are_sixteen_islands_including_tonga() -> None:
    assert len(islands()) == 15
    assert STANDARD_TILES.start is TONGA
    assert TONGA.name == "Tonga"
    assert TONGA.is_start
    assert TONGA not in STANDARD_TILES.pile
    assert STANDARD_TILES.island_total == 16


@pytest.mark.clause("COMP-2")
def test_the_draw_pile_holds_fifteen_islands_and_sixteen_oceans() -> None:
    assert len(STANDARD_TILES.pile) == 31
    assert len(STANDARD_TILES.pile_islands) == 15
    assert len(STANDARD_TILES.pile_oceans) == 16
    assert STANDARD_TILES.ocean_total == 16
    assert len({t.id for t in STANDARD_TILES.pile}) == 31


@pytest.mark.clause("COMP-2", "SCORE-3")
def test_island_values_are_three_twos_four_threes_five_fours_three_fives() -> None:
    assert Counter(t.value for t in islands()) == {2: 3, 3: 4, 4: 5, 5: 3}


@pytest.mark.clause("COMP-6")
def test_tonga_is_worth_nothing() -> None:
    assert TONGA.value == 0
    assert STANDARD_TILES.values[0] == 0


@pytest.mark.clause("COMP-6")
def test_every_island_shows_a_value_of_two_to_five_three_four_five_and_three_of_each() -> None:
    # COMP-6: the value at the statue's foot; tiles.md: values 3x2, 4x3, 5x4, 3x5
    values = {tile.name: tile.value for tile in islands()}
    assert values == {name: value for name, (value, _beaches) in ISLAND_TABLE.items()}
    assert Counter(values.values()) == {2: 3, 3: 4, 4: 5, 5: 3}
    assert all(STANDARD_TILES.values[STANDARD_TILES.index[t.id]] == t.value for t in islands())


@pytest.mark.clause("COMP-6", "SETUP-2")
def test_tonga_with_its_distinct_back_is_laid_face_up_and_never_drawn() -> None:
    # COMP-6: Tonga's back differs, so it is found and laid face up, never shuffled in
    assert TONGA.is_start and STANDARD_TILES.start is TONGA
    assert not any(isinstance(t, IslandTile) and t.is_start for t in STANDARD_TILES.pile)
    with pytest.raises(TileSetError, match="cannot be in the pile"):
        TileSet(start=TONGA, pile=(*STANDARD_TILES.pile, TONGA))
    for players in range(2, 7):
        game = tongiaki_rules.new_game(players)
        assert [(p.tile.id, p.position) for p in game.placed_tiles] == [("tonga", (0, 0))]
        assert "tonga" not in game.pile.tiles
    # the first draw of a game: blue and red each put a boat on beaches 0 and 1,
    # blue's expansion fills both, beach 0 sails and a tile is drawn from the pile
    state = tongiaki_rules.new_game(2)
    for beach in (0, 0, 1, 1):
        state = state.apply(tongiaki_rules.SetupPlace(beach))
    state = state.apply(tongiaki_rules.Expand((0, 0), (0, 1)))
    state = state.apply(tongiaki_rules.Depart((0, 0), 0, 0))
    drawn = {draw.tile for draw, _p in state.chance_outcomes()}
    assert len(drawn) == 31 and "tonga" not in drawn


@pytest.mark.clause("SCORE-3")
def test_island_names_and_values_match_the_score_table() -> None:
    by_value: dict[int, set[str]] = {}
    for tile in islands():
        by_value.setdefault(tile.value, set()).add(tile.name)
    assert by_value == SCORE_3_VALUES


@pytest.mark.clause("COMP-3")
def test_the_fifteen_islands_have_forty_one_beaches() -> None:
    assert sum(len(t.beaches) for t in islands()) == 41


@pytest.mark.clause("COMP-3")
def test_beach_sizes_are_eleven_twos_fourteen_threes_ten_fours_six_fives() -> None:
    sizes = Counter(b.slots for t in islands() for b in t.beaches)
    assert sizes == {2: 11, 3: 14, 4: 10, 5: 6}


@pytest.mark.clause("COMP-3")
def test_the_islands_have_134_slots_and_152_with_tonga() -> None:
    assert sum(t.slots for t in islands()) == 134
    assert sum(t.slots for t in islands()) + TONGA.slots == 152


@pytest.mark.clause("COMP-3")
def test_tonga_has_six_beaches_of_three_with_one_jetty_per_edge() -> None:
    assert len(TONGA.beaches) == 6
    assert all(b.slots == 3 for b in TONGA.beaches)
    assert all(len(b.jetties) == 1 for b in TONGA.beaches)
    assert sorted(e for b in TONGA.beaches for e in b.jetties) == list(DIRECTIONS)
    assert TONGA.slots == 18


@pytest.mark.clause("COMP-3")
@pytest.mark.parametrize("name", sorted(ISLAND_TABLE))
def test_other_islands_have_two_or_three_beaches_of_two_to_five_slots(name: str) -> None:
    tile = island_named(name)
    assert 2 <= len(tile.beaches) <= 3
    for beach in tile.beaches:
        assert 2 <= beach.slots <= 5
        assert 1 <= len(beach.jetties) <= 3


# ------------------------------------------------------------------ jetties


@pytest.mark.clause("COMP-5")
@pytest.mark.parametrize("name", sorted(ISLAND_TABLE))
def test_no_island_but_tonga_has_a_jetty_on_the_marker_edge(name: str) -> None:
    tile = island_named(name)
    assert all(0 not in b.jetties for b in tile.beaches)
    assert tile.beach_at_edge(0) is None


@pytest.mark.clause("COMP-3")
@pytest.mark.parametrize("name", sorted(ISLAND_TABLE))
def test_jetty_edges_of_each_island(name: str) -> None:
    tile = island_named(name)
    edges = Counter(e for b in tile.beaches for e in b.jetties)
    if name in ("Muroroa", "Tubuai"):
        assert edges == {1: 1, 2: 1, 4: 1, 5: 1}
    else:
        assert edges == {1: 1, 2: 1, 3: 1, 4: 1, 5: 1}


@pytest.mark.clause("COMP-3")
@pytest.mark.parametrize("tile", [TONGA, *ISLANDS], ids=lambda t: t.id)
def test_each_jetty_belongs_to_exactly_one_beach(tile: IslandTile) -> None:
    jetties = [e for b in tile.beaches for e in b.jetties]
    assert len(jetties) == len(set(jetties))
    for index, beach in enumerate(tile.beaches):
        for edge in beach.jetties:
            assert tile.beach_at_edge(edge) == index


# ------------------------------------------------------------------ island data


@pytest.mark.clause("COMP-3", "SCORE-3")
@pytest.mark.parametrize("name", sorted(ISLAND_TABLE))
def test_island_data_matches_the_transcription(name: str) -> None:
    value, beaches = ISLAND_TABLE[name]
    tile = island_named(name)
    assert tile.value == value
    assert beaches_of(tile) == beaches
    assert not tile.is_start
    assert tile.is_island


@pytest.mark.clause("COMP-3", "SCORE-3")
def test_fidschi_has_beaches_of_five_four_and_four() -> None:
    tile = STANDARD_TILES.tile("fidschi")
    assert isinstance(tile, IslandTile)
    assert tile.name == "Fidschi"
    assert tile.value == 5
    assert tile.beaches == (BeachSpec(5, (1,)), BeachSpec(4, (2, 3)), BeachSpec(4, (4, 5)))
    assert tile.slots == 13


@pytest.mark.clause("COMP-3", "SCORE-3")
def test_samoa_has_beaches_of_three_four_and_five() -> None:
    tile = STANDARD_TILES.tile("samoa")
    assert isinstance(tile, IslandTile)
    assert tile.name == "Samoa"
    assert tile.value == 5
    assert tile.beaches == (BeachSpec(3, (1, 2)), BeachSpec(4, (3, 4)), BeachSpec(5, (5,)))
    assert tile.slots == 12


def test_mangareva_and_tahiti_share_a_layout() -> None:
    mangareva = island_named("Mangareva")
    tahiti = island_named("Tahiti")
    assert mangareva.beaches == tahiti.beaches
    assert mangareva.value == tahiti.value
    assert mangareva.id != tahiti.id
    layouts = Counter(t.beaches for t in islands())
    assert [n for n in layouts.values() if n > 1] == [2]


def test_fidschi_is_spelt_as_printed() -> None:
    assert "Fidschi" in {t.name for t in islands()}


# ------------------------------------------------------------------ ocean tiles


@pytest.mark.clause("COMP-4")
@pytest.mark.parametrize("tile", OCEANS, ids=lambda t: t.id)
def test_each_ocean_tile_has_three_routes_using_each_edge_once(tile: OceanTile) -> None:
    assert len(tile.routes) == 3
    assert sorted(e for r in tile.routes for e in (r.a, r.b)) == list(DIRECTIONS)
    assert not tile.is_island


@pytest.mark.clause("COMP-4")
def test_there_are_48_routes_numbered_twelve_each_of_2_3_4_and_none() -> None:
    numbers = Counter(r.colours for t in oceans() for r in t.routes)
    assert sum(numbers.values()) == 48
    assert numbers == {0: 12, 2: 12, 3: 12, 4: 12}


@pytest.mark.clause("COMP-4")
@pytest.mark.parametrize("letter", sorted(OCEAN_TABLE))
def test_ocean_data_matches_the_transcription(letter: str) -> None:
    _, routes = OCEAN_TABLE[letter]
    assert routes_of(ocean_lettered(letter)) == parse_routes(routes)


@pytest.mark.clause("COMP-4")
@pytest.mark.parametrize("letter", sorted(OCEAN_TABLE))
def test_ocean_tile_has_the_pattern_of_the_transcription(letter: str) -> None:
    pattern, _ = OCEAN_TABLE[letter]
    pairing, exit_edge = PATTERNS[pattern]
    tile = ocean_lettered(letter)
    assert frozenset(routes_of(tile)) == pairing
    assert exit_from(tile, 0) == exit_edge


@pytest.mark.clause("COMP-4")
def test_each_of_the_four_patterns_has_four_tiles() -> None:
    patterns: Counter[str] = Counter()
    for tile in oceans():
        (pattern,) = (
            p for p, (pairing, _) in PATTERNS.items() if frozenset(routes_of(tile)) == pairing
        )
        patterns[pattern] += 1
    assert patterns == {"A": 4, "B": 4, "X": 4, "Y": 4}


@pytest.mark.clause("COMP-4")
def test_groups_entering_at_the_marker_leave_by_edges_1_5_3_4_four_times_each() -> None:
    assert Counter(exit_from(t, 0) for t in oceans()) == {1: 4, 5: 4, 3: 4, 4: 4}


@pytest.mark.clause("COMP-4")
def test_no_ocean_tile_sends_a_group_from_the_marker_to_edge_2() -> None:
    assert all(exit_from(t, 0) != 2 for t in oceans())


@pytest.mark.clause("COMP-4")
def test_ocean_a_has_three_routes_of_four() -> None:
    tile = ocean_lettered("a")
    assert routes_of(tile) == {frozenset({0, 3}): 4, frozenset({1, 5}): 4, frozenset({2, 4}): 4}


@pytest.mark.clause("COMP-4")
def test_ocean_h_has_a_route_without_number() -> None:
    tile = ocean_lettered("h")
    assert routes_of(tile) == {frozenset({0, 1}): 3, frozenset({2, 3}): 0, frozenset({4, 5}): 2}
    assert tile.route_from(2).colours == 0
    assert tile.route_from(5) == tile.route_from(4)


@pytest.mark.clause("COMP-4")
def test_ocean_p_lets_any_group_pass() -> None:
    tile = ocean_lettered("p")
    assert routes_of(tile) == {frozenset({0, 5}): 0, frozenset({1, 2}): 0, frozenset({3, 4}): 0}


@pytest.mark.parametrize("tile", OCEANS, ids=lambda t: t.id)
def test_following_a_route_twice_comes_back(tile: OceanTile) -> None:
    for edge in DIRECTIONS:
        route = tile.route_from(edge)
        assert edge in (route.a, route.b)
        assert exit_from(tile, exit_from(tile, edge)) == edge
        assert exit_from(tile, edge) != edge


def test_ocean_tiles_have_a_display_name_naming_the_tile() -> None:
    for tile in oceans():
        letter = tile.id.removeprefix("ocean-")
        assert tile.name == f"ocean {letter}"


# ------------------------------------------------------------------ derived tables


def test_tile_ids_index_the_kinds_with_tonga_first() -> None:
    ts = STANDARD_TILES
    assert ts.kinds[0] is TONGA
    assert ts.index[TONGA.id] == 0
    assert len(ts.kinds) == 32
    assert set(ts.index) == {t.id for t in ts.kinds}
    for tile_id, k in ts.index.items():
        assert ts.kinds[k].id == tile_id
        assert ts.tile(tile_id) is ts.kinds[k]


def test_looking_up_an_unknown_tile_raises_key_error() -> None:
    with pytest.raises(KeyError):
        STANDARD_TILES.tile("atlantis")


def test_pile_indices_are_sorted_with_islands_first() -> None:
    ts = STANDARD_TILES
    indices = ts.pile_indices
    assert list(indices) == sorted(indices)
    assert len(indices) == 31
    assert 0 not in indices
    kinds = [ts.is_island[k] for k in indices]
    assert kinds == [True] * 15 + [False] * 16
    assert Counter(ts.kinds[k].id for k in indices) == Counter(t.id for t in ts.pile)


def test_per_kind_tables_describe_each_tile() -> None:
    ts = STANDARD_TILES
    for k, tile in enumerate(ts.kinds):
        assert ts.is_island[k] == tile.is_island
        assert ts.draws[k] == Draw(tile.id)
        if isinstance(tile, IslandTile):
            assert ts.values[k] == tile.value
            assert ts.slots[k] == tuple(b.slots for b in tile.beaches)
            assert ts.jetties[k] == tuple(b.jetties for b in tile.beaches)
        else:
            assert ts.values[k] == 0
            assert ts.slots[k] == ()
            assert ts.jetties[k] == ()


def test_edge_beach_names_the_beach_of_each_jetty() -> None:
    ts = STANDARD_TILES
    for k, tile in enumerate(ts.kinds):
        if isinstance(tile, IslandTile):
            expected = tuple(
                -1 if tile.beach_at_edge(e) is None else tile.beach_at_edge(e) for e in DIRECTIONS
            )
            assert ts.edge_beach[k] == expected
        else:
            assert ts.edge_beach[k] == ()
    assert ts.edge_beach[0] == (0, 1, 2, 3, 4, 5)
    muroroa = ts.index["muroroa"]
    assert ts.edge_beach[muroroa] == (-1, 0, 1, -1, 2, 2)


def test_route_tables_agree_with_the_routes() -> None:
    ts = STANDARD_TILES
    for k, tile in enumerate(ts.kinds):
        if isinstance(tile, OceanTile):
            for edge in DIRECTIONS:
                route = tile.route_from(edge)
                assert ts.route_exit[k][edge] == route.other_end(edge)
                assert ts.route_need[k][edge] == route.colours
        else:
            assert ts.route_exit[k] == ()
            assert ts.route_need[k] == ()
    c = ts.index["ocean-c"]
    assert ts.route_exit[c] == (3, 5, 4, 0, 2, 1)
    assert ts.route_need[c] == (4, 3, 0, 4, 0, 3)


def test_tile_sets_are_values() -> None:
    again = TileSet.of(TONGA, list(STANDARD_TILES.pile))
    assert again == STANDARD_TILES
    assert hash(again) == hash(STANDARD_TILES)
    shorter = TileSet(TONGA, STANDARD_TILES.pile[1:])
    assert shorter != STANDARD_TILES
    assert STANDARD_TILES != "not a tile set"


def test_tiles_are_frozen() -> None:
    with pytest.raises(attrs.exceptions.FrozenInstanceError):
        TONGA.value = 9  # type: ignore[misc]
    with pytest.raises(attrs.exceptions.FrozenInstanceError):
        OCEANS[0].routes = ()  # type: ignore[misc]


# ------------------------------------------------------------------ invalid custom tiles

SMALL_ISLAND = IslandTile("atoll", "Atoll", 2, (BeachSpec(2, (1,)), BeachSpec(3, (3, 4))))
SMALL_OCEAN = OceanTile("sea", (Route(0, 3, 0), Route(1, 5, 2), Route(2, 4, 0)))


def test_tile_set_error_is_a_value_error() -> None:
    assert issubclass(TileSetError, ValueError)
    assert issubclass(TileSetError, tongiaki_rules.TongiakiError)


@pytest.mark.parametrize(
    "routes",
    [
        pytest.param((Route(0, 3, 0), Route(1, 5, 2)), id="two-routes"),
        pytest.param((Route(0, 3, 0), Route(0, 5, 2), Route(2, 4, 0)), id="edge-used-twice"),
        pytest.param((Route(0, 3, 0), Route(1, 5, 2), Route(2, 4, 0), Route(1, 2, 0)), id="four"),
        pytest.param((Route(0, 3, 0), Route(1, 5, 2), Route(2, 6, 0)), id="edge-out-of-range"),
        pytest.param((Route(0, 0, 0), Route(1, 5, 2), Route(2, 4, 0)), id="loop"),
    ],
)
def test_ocean_routes_must_use_every_edge_once(routes: tuple[Route, ...]) -> None:
    with pytest.raises(TileSetError, match="each edge"):
        TileSet(TONGA, (SMALL_ISLAND, OceanTile("bad", routes)))


def test_a_route_number_must_be_a_colour_count() -> None:
    bad = OceanTile("bad", (Route(0, 3, 1), Route(1, 5, 2), Route(2, 4, 0)))
    with pytest.raises(TileSetError):
        TileSet(TONGA, (SMALL_ISLAND, bad))


def test_a_beach_needs_a_jetty() -> None:
    bad = IslandTile("bad", "Bad", 2, (BeachSpec(2, ()), BeachSpec(3, (3,))))
    with pytest.raises(TileSetError, match="jetty"):
        TileSet(TONGA, (bad, SMALL_OCEAN))


def test_a_beach_needs_a_slot() -> None:
    bad = IslandTile("bad", "Bad", 2, (BeachSpec(0, (1,)),))
    with pytest.raises(TileSetError):
        TileSet(TONGA, (bad, SMALL_OCEAN))


def test_an_island_needs_a_beach() -> None:
    bad = IslandTile("bad", "Bad", 2, ())
    with pytest.raises(TileSetError):
        TileSet(TONGA, (bad, SMALL_OCEAN))


@pytest.mark.parametrize(
    "beaches",
    [
        pytest.param((BeachSpec(2, (1,)), BeachSpec(3, (1, 4))), id="two-beaches"),
        pytest.param((BeachSpec(2, (4, 4)),), id="one-beach"),
    ],
)
def test_an_edge_cannot_carry_two_jetties(beaches: tuple[BeachSpec, ...]) -> None:
    bad = IslandTile("bad", "Bad", 2, beaches)
    with pytest.raises(TileSetError, match="two jetties"):
        TileSet(TONGA, (bad, SMALL_OCEAN))


def test_a_jetty_must_be_on_an_edge_0_to_5() -> None:
    bad = IslandTile("bad", "Bad", 2, (BeachSpec(2, (6,)),))
    with pytest.raises(TileSetError):
        TileSet(TONGA, (bad, SMALL_OCEAN))


def test_invalid_tiles_are_rejected_on_the_start_island_too() -> None:
    bad_start = IslandTile("home", "Home", 0, (BeachSpec(3, ()),), is_start=True)
    with pytest.raises(TileSetError):
        TileSet(bad_start, (SMALL_ISLAND, SMALL_OCEAN))


@pytest.mark.parametrize(
    "pile",
    [
        pytest.param(
            (SMALL_ISLAND, SMALL_OCEAN, IslandTile("atoll", "Atoll", 3, SMALL_ISLAND.beaches)),
            id="two-islands",
        ),
        pytest.param(
            (SMALL_ISLAND, SMALL_OCEAN, OceanTile("sea", OCEANS[0].routes)),
            id="two-oceans",
        ),
        pytest.param(
            (SMALL_ISLAND, OceanTile("atoll", SMALL_OCEAN.routes)),
            id="island-and-ocean",
        ),
        pytest.param(
            (SMALL_ISLAND, SMALL_OCEAN, IslandTile("tonga", "Tonga II", 2, SMALL_ISLAND.beaches)),
            id="start-island-id",
        ),
    ],
)
def test_two_different_tiles_cannot_share_an_id(pile: tuple[Tile, ...]) -> None:
    with pytest.raises(TileSetError):
        TileSet(TONGA, pile)


def test_a_pile_needs_an_island() -> None:
    with pytest.raises(TileSetError, match="island"):
        TileSet(TONGA, (SMALL_OCEAN, SMALL_OCEAN))


def test_a_pile_needs_an_ocean_tile() -> None:
    with pytest.raises(TileSetError, match="ocean"):
        TileSet(TONGA, (SMALL_ISLAND,))


def test_an_empty_pile_is_rejected() -> None:
    with pytest.raises(TileSetError):
        TileSet(TONGA, ())


def test_the_start_island_must_be_marked_as_start() -> None:
    with pytest.raises(TileSetError):
        TileSet(SMALL_ISLAND, (SMALL_OCEAN, IslandTile("b", "B", 2, SMALL_ISLAND.beaches)))


def test_the_start_island_cannot_be_in_the_pile() -> None:
    with pytest.raises(TileSetError):
        TileSet(TONGA, (SMALL_ISLAND, SMALL_OCEAN, TONGA))


# ------------------------------------------------------------------ custom tile sets


def custom_tiles() -> TileSet:
    """A small set: three islands (one given twice) and four ocean tiles."""
    return TileSet.of(
        TONGA,
        [
            STANDARD_TILES.tile("hawaii"),
            STANDARD_TILES.tile("tubuai"),
            SMALL_ISLAND,
            SMALL_ISLAND,
            STANDARD_TILES.tile("ocean-p"),
            STANDARD_TILES.tile("ocean-j"),
            SMALL_OCEAN,
            SMALL_OCEAN,
        ],
    )


def test_a_pile_may_hold_copies_of_one_tile() -> None:
    tiles = custom_tiles()
    assert len(tiles.pile) == 8
    assert len(tiles.kinds) == 7
    assert tiles.island_total == 5
    assert tiles.ocean_total == 4
    atoll = tiles.index["atoll"]
    assert list(tiles.pile_indices).count(atoll) == 2
    assert [tiles.is_island[k] for k in tiles.pile_indices] == [True] * 4 + [False] * 4


def test_a_new_game_uses_a_custom_tile_set() -> None:
    tiles = custom_tiles()
    state = tongiaki_rules.new_game(3, tiles=tiles)
    assert state.pile.islands == 4
    assert state.pile.oceans == 4
    assert state.island_at(tongiaki_rules.ORIGIN) is not None


def test_draws_from_a_custom_pile_count_copies() -> None:
    tiles = custom_tiles()
    state = tongiaki_rules.position(
        2,
        boats={(tongiaki_rules.ORIGIN, 0): "BRB"},
        pile=["atoll", "atoll", "ocean-p"],
        tile_set=tiles,
    )
    assert state.is_chance_node
    assert dict(state.chance_outcomes()) == pytest.approx(
        {Draw("atoll"): 2 / 3, Draw("ocean-p"): 1 / 3}
    )


@pytest.mark.parametrize("seed", range(5))
def test_a_random_game_on_a_custom_tile_set_finishes(seed: int) -> None:
    tiles = custom_tiles()
    states = tongiaki_rules.play_random_game(3, seed, tiles=tiles)
    final = states[-1]
    assert final.is_terminal
    assert len(final.scores()) == 3
    known = set(tiles.kinds)
    assert {placed.tile for placed in final.placed_tiles} <= known
