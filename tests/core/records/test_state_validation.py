"""Bad state documents: each is refused with a RecordError naming the field."""

from __future__ import annotations

import contextlib
import copy
import json
from typing import Any

import pytest
from record_helpers import CUSTOM_TILES, VARIANTS, find_state, positions

from tongiaki_rules import (
    GameState,
    RecordError,
    TongiakiError,
    new_game,
    state_from_json,
    state_to_json,
)
from tongiaki_rules import _engine as E
from tongiaki_rules.record import state_from_dict, state_to_dict


def doc_of(name: str = "turn") -> dict[str, Any]:
    """A fresh, valid document to spoil (the ``turn`` position: 3 players, blue to move)."""
    return state_to_dict(positions()[name])


def refused(doc: Any, path: str | None, *fragments: str) -> RecordError:
    """``doc`` (data or text) is refused at ``path`` with every fragment in the message."""
    text = doc if isinstance(doc, str | bytes) else json.dumps(doc)
    with pytest.raises(RecordError) as info:
        state_from_json(text)
    error = info.value
    assert error.path == path, str(error)
    if path is not None:
        assert str(error).startswith(f"{path}: "), str(error)
    for fragment in fragments:
        assert fragment in str(error), str(error)
    return error


def test_record_error_is_a_tongiaki_value_error() -> None:
    error = refused("{", None, "not valid JSON")
    assert isinstance(error, TongiakiError) and isinstance(error, ValueError)


# ---------------------------------------------------------------- the JSON itself
@pytest.mark.parametrize(
    ("text", "fragment"),
    [
        ("", "not valid JSON"),
        ("{", "not valid JSON"),
        ('{"schema": "tongiaki-state",', "not valid JSON"),
        ("[1, 2]", "expected a JSON object, not an array"),
        ("null", "expected a JSON object, not null"),
        ('{"schema": NaN}', "NaN is not a JSON number"),
        ('{"schema": "tongiaki-state", "schema": "x"}', "duplicate key 'schema'"),
        ("[" * 100_000, "not valid JSON"),
    ],
)
def test_malformed_json(text: str, fragment: str) -> None:
    refused(text, None, fragment)


def test_text_that_is_not_utf8_or_not_text() -> None:
    refused(b"\xff\xfe{}", None, "not UTF-8")
    with pytest.raises(RecordError, match="expected JSON text"):
        state_from_json(42)  # type: ignore[arg-type]


def test_a_truncated_document() -> None:
    text = state_to_json(positions()["landing"])
    for cut in (1, len(text) // 3, len(text) // 2, len(text) - 1):
        refused(text[:cut], None, "not valid JSON")


# ---------------------------------------------------------------- header and fields
def test_wrong_schema_name() -> None:
    doc = doc_of()
    doc["schema"] = "tongiaki-game"
    refused(doc, "schema", "expected 'tongiaki-state', not 'tongiaki-game'")
    doc["schema"] = "tongiaki-record"
    refused(doc, "schema", "this is a game record")
    del doc["schema"]
    refused(doc, None, "missing field 'schema'")


def test_wrong_version() -> None:
    doc = doc_of()
    doc["version"] = 3
    refused(doc, "version", "version 3 is not supported; this library reads versions 1, 2")
    doc["version"] = "1"
    refused(doc, "version", "expected an integer, not a string")


def test_unknown_and_missing_fields() -> None:
    doc = doc_of()
    doc["colour"] = "B"
    refused(doc, "colour", "unknown field")
    doc = doc_of()
    del doc["pile"]
    refused(doc, None, "missing field 'pile'")
    doc = doc_of()
    del doc["table"][1]["king"]
    refused(doc, "table[1]", "missing field 'king'")
    doc = doc_of()
    doc["table"][2]["beaches"] = []  # an ocean tile has no beaches
    refused(doc, "table[2].beaches", "unknown field")
    doc = doc_of()
    doc["colours"]["G"]["boats"] = 3
    refused(doc, "colours.G.boats", "unknown field")


def test_floats_and_booleans_are_not_integers() -> None:
    doc = doc_of()
    doc["entry"] = 3.0
    refused(doc, "entry", "expected an integer, not a number")
    doc = doc_of()
    doc["colours"]["B"]["reserve"] = True
    refused(doc, "colours.B.reserve", "expected an integer, not a boolean")
    doc = doc_of()
    doc["num_players"] = 3.0
    refused(doc, "num_players", "2 to 6 players, not a number with a fraction or exponent")
    doc = doc_of()
    doc["end_triggered"] = 0
    refused(doc, "end_triggered", "expected true or false, not an integer")


# ---------------------------------------------------------------- settings
def test_settings() -> None:
    doc = doc_of()
    doc["num_players"] = 7
    refused(doc, "num_players", "2 to 6 players, not 7", "[COMP-1]")
    doc = doc_of()
    doc["start_player"] = 3
    refused(doc, "start_player", "3 is not in 0..2")
    doc = doc_of()
    doc["rules"] = {"variant_rody": "yes"}
    refused(doc, "rules.variant_rody", "expected true or false, not a string")
    doc["rules"] = {"end_trigger": "never"}
    refused(doc, "rules.end_trigger", "'never' is not one of 'type_exhausted', 'sixteen_on_table'")
    doc["rules"] = {"house_rule": True}
    refused(doc, "rules.house_rule", "unknown field")
    doc["rules"] = {"variant_two_player_double_colour": True}
    refused(doc, "rules.variant_two_player_double_colour", "exactly 2 players", "[VARIANT-2P-1]")
    doc["rules"] = []
    refused(doc, "rules", "expected an object of rules flags")


def test_tile_sets() -> None:
    doc = doc_of()
    doc["tile_set"] = "deluxe"
    refused(doc, "tile_set", "expected \"standard\" or a tile set object, not 'deluxe'")
    custom = state_to_dict(new_game(2, tiles=CUSTOM_TILES))
    spoilt = json.loads(json.dumps(custom))
    spoilt["tile_set"]["pile"].append("lagoon")
    refused(spoilt, "tile_set.pile[7]", "'lagoon' is not defined in tile_set.tiles")
    spoilt = json.loads(json.dumps(custom))
    spoilt["tile_set"]["tiles"][0]["beaches"][1]["jetties"] = [3, 6]
    refused(spoilt, "tile_set.tiles[0].beaches[1].jetties[1]", "6 is not in 0..5")
    spoilt = json.loads(json.dumps(custom))
    spoilt["tile_set"]["tiles"][1]["routes"][0]["edges"] = [0, 4]
    refused(spoilt, "tile_set", "routes must use each edge 0..5 once")
    spoilt = json.loads(json.dumps(custom))
    spoilt["tile_set"]["tiles"][1]["kind"] = "reef"
    refused(spoilt, "tile_set.tiles[1].kind", 'expected "island" or "ocean"')
    spoilt = json.loads(json.dumps(custom))
    spoilt["tile_set"]["tiles"].append(spoilt["tile_set"]["tiles"][0])
    refused(spoilt, "tile_set.tiles[4].id", "the id 'atoll' is defined twice")
    spoilt = json.loads(json.dumps(custom))
    spoilt["tile_set"]["pile"] = ["atoll", "swell", "reef", "swell", "current"]  # one atoll less
    refused(spoilt, "pile[1]", "'atoll' is used more often than the tile set has it (once)")


# ---------------------------------------------------------------- the table
def test_unknown_tile_id() -> None:
    doc = doc_of()
    doc["table"][1]["tile"] = "atlantis"
    refused(doc, "table[1].tile", "unknown tile id 'atlantis'")


def test_a_tile_used_twice() -> None:
    doc = doc_of()
    doc["pile"].append("hawaii")  # hawaii is on the table too
    refused(doc, f"pile[{len(doc['pile']) - 1}]", "'hawaii' is used more often", "(once)")
    doc = doc_of()
    doc["table"].append({"tile": "ocean-c", "at": [5, 5], "rotation": 0})
    refused(doc, "table[3].tile", "'ocean-c' is used more often")


def test_rotation_of_7() -> None:
    doc = doc_of()
    doc["table"][1]["rotation"] = 7
    refused(doc, "table[1].rotation", "7 is not in 0..5")


def test_a_position_as_a_string() -> None:
    doc = doc_of()
    doc["table"][1]["at"] = "0,-1"
    refused(doc, "table[1].at", "a position is an array [q, r] of two integers, not a string")
    doc["table"][1]["at"] = [0, -1, 2]
    refused(doc, "table[1].at", "a position is an array [q, r]")
    doc["table"][1]["at"] = [0, "-1"]
    refused(doc, "table[1].at[1]", "expected an integer, not a string")


def test_two_tiles_on_one_hex_and_the_start_island_out_of_place() -> None:
    doc = doc_of()
    doc["table"][2]["at"] = [0, -1]
    refused(doc, "table[2].at", "two tiles at [0, -1]: table[1] and table[2]")
    doc = doc_of()
    doc["table"][0]["at"] = [1, 1]
    refused(doc, "table[0]", "the start island 'tonga' is first, at [0, 0], with rotation 0")
    doc = doc_of()
    del doc["table"][0]
    refused(doc, "table", "the start island 'tonga' must be on the table or removed")


@pytest.mark.topic("records")
def test_a_beach_with_more_boats_than_slots() -> None:
    doc = doc_of()
    doc["table"][1]["beaches"][2] = "BBR"  # hawaii's beach 2 has 2 slots
    error = refused(doc, "table[1].beaches[2]", "3 boats on a beach of 2 slots", "[COMP-3]")
    assert error.clause == "COMP-3"
    doc = doc_of()
    doc["table"][1]["beaches"].append("")
    refused(doc, "table[1].beaches", "'hawaii' has 3 beaches, not 4")


def test_boats_of_colours_not_in_play() -> None:
    doc = doc_of()
    doc["table"][1]["beaches"][0] = "BY"
    refused(doc, "table[1].beaches[0]", "'Y' in 'BY' is not the letter of a colour in play (BRG)")
    doc = doc_of()
    doc["table"][1]["beaches"][0] = "b"
    refused(doc, "table[1].beaches[0]", "the colour letters B, R, G, Y, O, P, not 'b'")
    doc = doc_of()
    doc["turn_colour"] = "O"
    refused(doc, "turn_colour", "'O' is not the letter of a colour in play")


@pytest.mark.topic("records")
def test_a_colour_with_16_boats() -> None:
    doc = doc_of()
    doc["table"][1]["beaches"][0] = "B"  # one more blue boat, the reserve unchanged
    error = refused(
        doc, "colours.B", "16 boats, not 15: reserve 14, table 2, at sea 0, out of game 0"
    )
    assert error.clause == "COMP-1"
    doc = doc_of()
    doc["colours"]["R"]["reserve"] = 16
    refused(doc, "colours.R.reserve", "16 is not in 0..15")


@pytest.mark.topic("records")
def test_royal_islands() -> None:
    doc = doc_of()
    doc["table"][0]["king"] = "B"
    refused(doc, "table[0].king", "the start island is never a royal island", "[ROYAL-2]")
    doc = doc_of()
    doc["table"][1]["king"] = "R"  # hawaii has red and green boats
    refused(doc, "table[1].beaches", "a royal island has no boats on its beaches", "[ROYAL-6]")
    doc = doc_of("royal_removed_out")
    doc["colours"]["R"]["royal_islands_founded"] = 0
    refused(doc, "colours.R.royal_islands_founded", "is king of 1 royal islands", "[ROYAL-3]")
    doc["colours"]["R"]["royal_islands_founded"] = 3
    refused(doc, "colours.R.royal_islands_founded", "3 is not in 0..2")
    doc = doc_of("royal_removed_out")
    doc["table"][1]["king"] = "vacant"
    refused(doc, "table[1].king", "only with recolonize_keeps_royal=false", "[AMB-21]")
    doc["table"][1]["king"] = 1
    refused(doc, "table[1].king", 'expected null, a colour letter or "vacant"')


def test_removed_tiles() -> None:
    doc = doc_of("royal_removed_out")
    doc["removed"].append("ocean-p")
    refused(doc, "removed[1]", "only islands are removed", "[CLOSED-1]")


# ---------------------------------------------------------------- phase and bookkeeping
@pytest.mark.parametrize(
    ("name", "field", "value", "path", "fragment"),
    [
        ("turn", "phase", "berth", "group", "a landing needs boats to land [LAND-1]"),
        ("turn", "phase", "draw", "group", "a voyage draw needs the boats under way"),
        ("turn", "phase", "place_tile", "drawn_tile", "a drawn tile is held exactly while"),
        ("turn", "phase", "departure", None, "a departure decision with no full beach"),
        ("turn", "phase", "game_over", "end_triggered", "a finished game had its end triggered"),
        ("turn", "phase", "bidding", "phase", "'bidding' is not one of 'setup', 'turn'"),
        ("turn", "phase", "setup", "setup_first_beaches", "expected an object, not null"),
        ("turn", "at", [0, 3], "at", "must be null at a turn decision"),
        ("turn", "served_beaches", [1], "served_beaches", "only a landing serves beaches"),
        ("turn", "purpose", "colonize", "purpose", 'must be "voyage" at a turn decision'),
        ("turn", "purpose", "explore", "purpose", "'explore' is not one of"),
        ("turn", "setup_first_beaches", {}, "setup_first_beaches", "must be null once setup"),
        ("group_at_sea", "at", [0, 0], "at", "must be an empty hex beside the voyage"),
        ("group_at_sea", "origin", None, "origin", "must be the island the expedition left"),
        ("group_at_sea", "pile", [], "pile", "nothing left to draw at a draw"),
        ("landing", "at", [0, 1], "at", "a group lands on an island on the table"),
        ("landing", "served_beaches", [3], "served_beaches", "has 3 beaches"),
        ("landing", "served_beaches", [2, 0], "served_beaches", "in increasing order"),
        ("departure", "at", [0, 2], "at", "must be null at a departure decision"),
        ("setup_under_way", "turn_colour", "R", "turn_colour", "the turn order gives 'Y'"),
    ],
)
def test_a_phase_that_does_not_fit_the_data(
    name: str, field: str, value: Any, path: str | None, fragment: str
) -> None:
    doc = doc_of(name)
    doc[field] = value
    refused(doc, path, fragment)


def test_a_drawn_tile_only_at_a_placement() -> None:
    doc = doc_of()
    doc["pile"].remove("samoa")
    doc["drawn_tile"] = "samoa"
    refused(doc, "drawn_tile", "a drawn tile is held exactly while a place_tile decision")
    doc = doc_of("colonize_place_tile")
    doc["drawn_tile"] = None
    refused(doc, "drawn_tile", "a drawn tile is held exactly while a place_tile decision")


def test_setup_bookkeeping() -> None:
    doc = doc_of("setup_under_way")  # 4 players from seat 2: green placed one boat
    doc["setup_first_beaches"]["G"] = None
    refused(doc, "setup_first_beaches.G", "name the beach of its first one")
    doc["setup_first_beaches"]["G"] = 4
    refused(doc, "setup_first_beaches.G", "the colour has no boat on beach 4")
    doc = doc_of("setup_under_way")
    doc["table"][0]["beaches"][5] = "B"
    doc["colours"]["B"]["reserve"] = 14
    refused(
        doc, "colours.B", "1 setup boats on the start island; the turn order gives 0", "SETUP-4"
    )


@pytest.mark.topic("records")
def test_the_departures_of_a_turn_are_checked() -> None:
    state = find_state(VARIANTS["bounce_not_closed"], lambda s: bool(s.chain_))
    doc = state_to_dict(state)
    assert set(doc["chain"][0]) == {"beaches", "island", "beach", "jetty"}
    bad = copy.deepcopy(doc)
    bad["chain"][0]["jetty"] = 6
    refused(bad, "chain[0].jetty", "")
    bad = copy.deepcopy(doc)
    bad["chain"].append(bad["chain"][0])
    refused(bad, "chain[1].beaches", "the same position twice", "[AMB-25]")
    # the same position left by another jetty is a return too: the chain came round
    bad = copy.deepcopy(doc)
    bad["chain"].append({**bad["chain"][0], "jetty": (bad["chain"][0]["jetty"] + 1) % 6})
    refused(bad, "chain[1].beaches", "the same position twice", "[AMB-25]")
    bad = copy.deepcopy(doc)
    bad["chain"][0]["beaches"] = []
    refused(bad, "chain[0].beaches", "fewer than")
    turn = doc_of("turn")
    turn["chain"] = doc["chain"]
    refused(turn, "chain", "a turn decision remembers no departures")


def test_a_version_1_state_is_read_without_departures() -> None:
    doc = doc_of("departure")
    doc["version"] = 1
    assert "endless_chain" not in doc["rules"]  # only flags that differ are written
    assert state_from_dict(doc) == state_from_dict(doc_of("departure"))
    doc["chain"] = [{"beaches": [["", "", "", "", "", ""]], "kings": [None]}]
    refused(doc, "chain", "a version 1 state cannot carry the departures of its turn")


def test_invariant_checker_is_the_safety_net() -> None:
    # a turn decision with a full beach (CHAIN-3) passes the field checks
    doc = doc_of("departure")
    doc["phase"] = "turn"
    doc["entry"] = 0
    error = refused(doc, None, "impossible position", "[CHAIN-3, TURN-3]")
    assert error.path is None


def test_a_decision_the_engine_never_waits_at() -> None:
    # a landing with one option (the engine would berth the boat by itself)
    state: GameState = positions()["turn"]
    doc = state_to_dict(state)
    doc["table"][1]["beaches"] = ["BRR", "RRGGB", "G"]  # hawaii: one free slot, on beach 2
    doc["colours"]["B"] = {"reserve": 11, "out_of_game": 0, "royal_islands_founded": 0}
    doc["colours"]["R"] = {"reserve": 10, "out_of_game": 0, "royal_islands_founded": 0}
    doc["colours"]["G"] = {"reserve": 12, "out_of_game": 0, "royal_islands_founded": 0}
    doc.update(phase="berth", group="B", at=[0, -1], origin=[0, 0])
    refused(doc, None, "impossible position", "resolved automatically")


def test_nothing_half_built_escapes() -> None:
    """Every error is a RecordError: no KeyError, TypeError or engine assertion."""
    doc = doc_of("landing")
    assert doc["phase"] == "berth" and E.LAND == 5
    for key in list(doc):
        values: tuple[Any, ...] = (None, 1, 1.5, "", [], {}, True)
        for value in values:
            spoilt = dict(doc)
            spoilt[key] = value
            with contextlib.suppress(RecordError):
                state_from_json(json.dumps(spoilt))


def test_a_tile_the_tile_classes_refuse_is_a_record_error_at_its_path() -> None:
    doc = state_to_dict(new_game(2, tiles=CUSTOM_TILES))
    doc["tile_set"]["start"]["beaches"][1]["jetties"] = [0, 1]  # edge 0 is beach 0's too
    refused(doc, "tile_set", "two jetties on edge 0")
    doc = state_to_dict(new_game(2, tiles=CUSTOM_TILES))
    doc["tile_set"]["start"]["name"] = ""  # the schema refuses what the tile class would
    refused(doc, "tile_set.start.name", "must not be empty")


def test_running_out_of_memory_is_not_an_impossible_position(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A look-ahead that exhausts the machine says nothing about the position (issue 36).

    Both readers of a position (a state document and the position builder) let
    the MemoryError through instead of calling the position impossible.
    """
    from tongiaki_rules import position

    def exhausted(self: GameState) -> GameState:
        raise MemoryError

    doc = doc_of("departure")
    monkeypatch.setattr(GameState, "_settled", exhausted)
    with pytest.raises(MemoryError):
        state_from_json(json.dumps(doc))
    with pytest.raises(MemoryError):
        position(2)
