"""The integer action encoding: a fixed layout, clear errors, chance indices."""

from __future__ import annotations

import random
import re
from pathlib import Path

import pytest

from tongiaki_rules import (
    ORIGIN,
    STANDARD_TILES,
    TONGA,
    Berth,
    Colour,
    Depart,
    Draw,
    Expand,
    IllegalActionError,
    InvalidPositionError,
    PlaceTile,
    Recolonize,
    ReturnBoat,
    Rules,
    SettingsError,
    SetupPlace,
    TileSet,
    new_game,
    position,
)
from tongiaki_rules._standard_tiles import ISLANDS, OCEANS
from tongiaki_rules.encoding import (
    BLOCKS,
    ENCODING_VERSION,
    ActionEncoding,
    disc_cells,
    placement_radius,
)
from tongiaki_rules.hexgrid import distance
from tongiaki_rules.testing import random_playout


def test_the_layout_is_version_1() -> None:
    assert ENCODING_VERSION == 1
    assert ActionEncoding.for_game(3).version == ENCODING_VERSION


def test_the_same_index_means_the_same_action_for_every_player_count() -> None:
    encodings = [ActionEncoding.for_game(n) for n in range(2, 7)]
    assert {e.size for e in encodings} == {20452}
    assert {tuple(e.index_table()) for e in encodings} == {tuple(encodings[0].index_table())}
    double = ActionEncoding.for_game(2, Rules(variant_two_player_double_colour=True))
    assert double.index_table() == encodings[0].index_table()


def test_the_blocks_cover_every_index_once_in_layout_order() -> None:
    encoding = ActionEncoding.for_game(4)
    table = encoding.index_table()
    assert [name for name, _start, _length in table] == list(BLOCKS)
    end = 0
    for _name, start, length in table:
        assert start == end
        end = start + length
    assert end == encoding.size


def test_the_standard_blocks_have_the_documented_lengths() -> None:
    lengths = ActionEncoding.for_game(4).lengths
    assert lengths == {
        "SetupPlace": 6,
        "Expand": 63 + 11 * 7 + 4 * 3,
        "ExpandFromBoard": 47 * 47,
        "FoundRoyal": 16,
        "Recolonize": 1,
        "PlaceNewBoats": 47 + 21,
        "Depart": 16 * 6,
        "Berth": 6 * 6,
        "ReturnBoat": 6,
        "PlaceTile": 6 * 2977,
    }


def test_free_placement_with_gaps_widens_only_the_placement_block() -> None:
    near = ActionEncoding.for_game(3)
    far = ActionEncoding.for_game(3, Rules(recolonize_requires_adjacency=False))
    assert (near.radius, far.radius) == (31, 62)
    assert far.index_table()[:-1] == near.index_table()[:-1]
    assert far.lengths["PlaceTile"] == 6 * len(disc_cells(62))


def test_disc_cells_are_numbered_ring_by_ring() -> None:
    cells = disc_cells(5)
    assert len(cells) == len(set(cells)) == 1 + 3 * 5 * 6
    assert [distance(ORIGIN, c) for c in cells] == sorted(distance(ORIGIN, c) for c in cells)
    assert placement_radius(Rules(), STANDARD_TILES) == len(STANDARD_TILES.pile)


def test_encodings_are_shared_per_settings() -> None:
    state = new_game(5)
    assert ActionEncoding.for_state(state) is ActionEncoding.for_game(5)
    assert ActionEncoding.for_game(5) == ActionEncoding(5, Rules(), STANDARD_TILES)
    assert ActionEncoding.for_game(5) != ActionEncoding.for_game(4)


def test_impossible_settings_are_refused() -> None:
    with pytest.raises(SettingsError, match="2 to 6 players"):
        ActionEncoding.for_game(7)
    with pytest.raises(SettingsError, match="two-colour"):
        ActionEncoding.for_game(3, Rules(variant_two_player_double_colour=True))


def test_setup_indices_are_the_beach_numbers() -> None:
    state = new_game(2)
    encoding = ActionEncoding.for_state(state)
    assert [encoding.encode(state, SetupPlace(b)) for b in range(6)] == list(range(6))
    assert encoding.describe(4) == "SetupPlace on Tonga beach 4"


def test_an_expansion_is_its_island_and_the_bitmask_of_its_beaches() -> None:
    state = position(2, tiles=[((0, -1), "hawaii", 0)], boats={((0, -1), 0): "BB"}, to_move=0)
    encoding = ActionEncoding.for_state(state)
    index = encoding.encode(state, Expand((0, -1), (0, 2)))
    hawaii = encoding.island_slots.index((STANDARD_TILES.index["hawaii"], 0))
    assert encoding.block_of(index)[0] == "Expand"
    assert encoding.describe(index) == "Expand on Hawaii, beaches 0+2"
    assert encoding.decode(state, index) == Expand((0, -1), (0, 2))
    assert hawaii == STANDARD_TILES.index["hawaii"]


def test_a_departure_is_named_by_the_printed_edge_of_its_jetty() -> None:
    # Hawaii turned by 2: printed edge 3 (its beach 1) points in board direction 5
    boats = {((0, -1), 1): "BRBRB", (ORIGIN, 0): "BRB"}
    state = position(2, tiles=[((0, -1), "hawaii", 2)], boats=boats, to_move=0)
    encoding = ActionEncoding.for_state(state)
    described = [encoding.describe(i) for i in encoding.legal_indices(state)]
    assert described == [
        "Depart from Tonga by the jetty on printed edge 0 (beach 0)",
        "Depart from Hawaii by the jetty on printed edge 3 (beach 1)",
    ]
    depart = next(a for a in state.legal_actions() if isinstance(a, Depart) and a.beach == 1)
    assert depart.jetty == 5
    index = encoding.encode(state, depart)
    edge = (depart.jetty - 2) % 6
    assert index == encoding.offsets["Depart"] + 6 * encoding.island_slots.index((14, 0)) + edge
    assert f"printed edge {edge} (beach 1)" in encoding.describe(index)


def test_berths_and_returns_use_absolute_colours() -> None:
    state = position(3, tiles=[((0, -1), "hawaii", 0)], group="RG", group_at=(0, -1))
    encoding = ActionEncoding.for_state(state)
    berth = encoding.offsets["Berth"] + 2 * 6 + 1
    assert encoding.encode(state, Berth(Colour.GREEN, 1)) == berth
    assert encoding.describe(berth) == "Berth a green boat on beach 1"
    assert encoding.describe(encoding.offsets["ReturnBoat"] + 3) == "ReturnBoat of a yellow boat"
    with pytest.raises(IllegalActionError):
        encoding.encode(state, ReturnBoat(Colour.RED))  # every boat is needed (LAND-4)


def test_every_index_has_a_description() -> None:
    encoding = ActionEncoding.for_game(2)
    texts = [encoding.describe(i) for i in range(encoding.size)]
    assert all(texts)
    assert texts[encoding.offsets["Recolonize"]] == "Recolonize"
    assert texts[-1] == f"PlaceTile at {disc_cells(31)[-1]}, rotation 5"


def test_decoding_an_index_that_is_not_legal_names_it_and_changes_nothing() -> None:
    state = new_game(3)
    encoding = ActionEncoding.for_state(state)
    before = state.to_json()
    recolonize = encoding.offsets["Recolonize"]
    with pytest.raises(IllegalActionError, match=rf"action index {recolonize} \(Recolonize\)"):
        encoding.decode(state, recolonize)
    with pytest.raises(IllegalActionError, match=r"outside 0\.\.20451"):
        encoding.decode(state, encoding.size)
    with pytest.raises(IllegalActionError, match="outside"):
        encoding.decode(state, -1)
    assert state.to_json() == before
    assert encoding.legal_indices(state) == list(range(6))


def test_encoding_an_illegal_action_names_the_rule() -> None:
    state = new_game(2)
    encoding = ActionEncoding.for_state(state)
    with pytest.raises(IllegalActionError) as caught:
        encoding.encode(state, Recolonize())
    assert caught.value.clause == "SETUP-4"
    with pytest.raises(IllegalActionError):
        encoding.encode(state, SetupPlace(6))


def test_masks_mark_exactly_the_legal_indices() -> None:
    state = position(2, tiles=[((0, -1), "hawaii", 0)], boats={((0, -1), 0): "BB"}, to_move=0)
    encoding = ActionEncoding.for_state(state)
    mask = encoding.legal_mask(state)
    assert isinstance(mask, bytes) and len(mask) == encoding.size
    assert [i for i, bit in enumerate(mask) if bit] == encoding.legal_indices(state)
    assert encoding.legal_mask_list(state) == list(mask)


def test_chance_nodes_have_no_legal_action_indices() -> None:
    state = position(2, boats={(ORIGIN, 0): "BRB"}, pile=["hawaii", "ocean-a"])
    encoding = ActionEncoding.for_state(state)
    assert state.is_chance_node
    assert encoding.legal_indices(state) == []
    assert sum(encoding.legal_mask(state)) == 0


def test_every_draw_has_a_chance_index_and_back() -> None:
    encoding = ActionEncoding.for_game(4)
    assert encoding.chance_size == 31
    for tile in STANDARD_TILES.pile:
        index = encoding.encode_chance(Draw(tile.id))
        assert 0 <= index < encoding.chance_size
        assert encoding.decode_chance(index) == Draw(tile.id)
    with pytest.raises(IllegalActionError, match="tonga"):
        encoding.encode_chance(Draw("tonga"))
    with pytest.raises(IllegalActionError, match="atlantis"):
        encoding.encode_chance(Draw("atlantis"))
    with pytest.raises(IllegalActionError, match=r"outside 0\.\.30"):
        encoding.decode_chance(31)


def test_chance_outcomes_follow_the_pile() -> None:
    state = position(2, boats={(ORIGIN, 0): "BRB"}, pile=["hawaii", "ocean-a", "ocean-b"])
    encoding = ActionEncoding.for_state(state)
    outcomes = encoding.chance_outcomes(state)
    assert [encoding.decode_chance(i) for i, _p in outcomes] == [
        d for d, _p in state.chance_outcomes()
    ]
    assert sum(p for _i, p in outcomes) == pytest.approx(1.0)
    assert encoding.chance_outcomes(new_game(2)) == []


def test_a_hex_outside_the_disc_is_a_clear_error() -> None:
    # the scenario builder accepts a far-away island; no game reaches it
    state = position(
        2, tiles=[((0, -40), "hawaii", 0)], boats={(ORIGIN, 0): "B", ((0, -40), 0): "R"}
    )
    placing = state.apply(Recolonize()).apply(Draw("samoa"))
    assert isinstance(placing.legal_actions()[0], PlaceTile)
    encoding = ActionEncoding.for_state(placing)
    with pytest.raises(InvalidPositionError, match=r"\(-1, -40\) lies outside .* radius 31"):
        encoding.legal_mask(placing)


def test_an_encoding_refuses_a_state_of_another_game() -> None:
    with pytest.raises(ValueError, match="does not fit"):
        ActionEncoding.for_game(2).legal_indices(new_game(2, Rules(variant_rody=True)))


def test_tile_sets_with_copies_get_one_island_slot_per_copy() -> None:
    tiles = TileSet.of(TONGA, [*ISLANDS[:2], *ISLANDS[:2], *OCEANS[:6]])
    encoding = ActionEncoding.for_game(3, tiles=tiles)
    assert encoding.island_slots == ((0, 0), (1, 0), (1, 1), (2, 0), (2, 1))
    assert encoding.describe(encoding.offsets["FoundRoyal"] + 2) == "FoundRoyal on Muroroa (copy 2)"
    rng = random.Random(3)
    for _ in range(5):
        for state in random_playout(new_game(3, tiles=tiles), rng):
            indices = [encoding.encode(state, a) for a in state.legal_actions()]
            assert len(set(indices)) == len(indices)
            assert tuple(encoding.decode(state, i) for i in indices) == state.legal_actions()


def test_the_documented_index_table_matches_the_layout() -> None:
    page = Path(__file__).resolve().parents[2] / "docs" / "explanation" / "encoding.md"
    rows = re.findall(r"^\| `(\w+)\(.*\| (\d+)(?:–(\d+))? \|$", page.read_text(), re.M)
    encoding = ActionEncoding.for_game(4)
    assert [(name, int(first), int(last or first)) for name, first, last in rows] == [
        (name, start, start + length - 1) for name, start, length in encoding.index_table()
    ]
