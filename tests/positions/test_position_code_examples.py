"""Position codes a person can read: hand-written positions, and what a bad code is told."""

from __future__ import annotations

import pickle

import pytest

from tongiaki_rules import (
    Colour,
    DecisionKind,
    GameState,
    PositionCodeError,
    RecordError,
    Rules,
    SetupPlace,
    TongiakiError,
    new_game,
    position_code,
    state_from_position_code,
)
from tongiaki_rules.fuzzing import sample_tile_set
from tongiaki_rules.testing import check_invariants

SETUP = "T1_30_sB_to000...R..B.G"
TURN = "T1_20_tB_to000.BB.B...Bj41-1a52-2fi23-3.R"
AT_SEA = (
    "T1_30_wB_to000.BG..BR.R.R.BBGj210hv401.B.G.RGo11-1mg50-1.B.B.B_gBBR_a-1.1_i4_h0_t0_c0b1BBR"
)
OVER = (
    "T1_30_gB_to000j210hvR401o11-1mg50-1..G.Gmu4-11..G.GGtm302p4-12g5-10saG303f00-2e4"
    "-13tb11-2c12-2b5-1-1thG211hw5-21rn120k4-31n03-1fiB5-24tk304.G.GG.Gd22-3a2-14m113"
    "raB4-34l0-20h02-1tvR30-3i112oa1-15...B_fB2R2G2_e"
)


def test_a_new_game_has_a_short_code() -> None:
    assert new_game(2).to_position_code() == "T1_20_sB_to000"
    assert new_game(4, start_player=2).to_position_code() == "T1_42_sG_to000"


def test_changed_rules_flags_are_written_by_short_name_and_read_back() -> None:
    rules = Rules(variant_rody=True, end_trigger="sixteen_on_table")
    code = new_game(3, rules).to_position_code()
    assert code == "T1_30.etSvro_sB_to000"
    assert GameState.from_position_code(code).config.rules == rules


def test_setup_code_reads_as_the_position_it_shows() -> None:
    state = GameState.from_position_code(SETUP)
    check_invariants(state)
    assert state.pending.kind is DecisionKind.SETUP
    assert state == new_game(3).apply(SetupPlace(4)).apply(SetupPlace(2)).apply(SetupPlace(5))
    assert state.reserve(Colour.RED) == 14


def test_mid_game_turn_code_gives_the_turn_colours_choices() -> None:
    state = GameState.from_position_code(TURN)
    check_invariants(state)
    assert state.pending.kind is DecisionKind.TURN and state.current_player == 0
    assert [placed.tile.id for placed in state.placed_tiles] == [
        "tonga",
        "ocean-j",
        "ocean-a",
        "fidschi",
    ]
    assert state.legal_actions()
    assert state.to_position_code() == TURN


def test_voyage_at_sea_code_keeps_the_group_and_its_chain() -> None:
    state = GameState.from_position_code(AT_SEA)
    check_invariants(state)
    assert state.is_chance_node
    assert state.group_ == (0, 0, 1)
    assert state.at_ == (-1, 1) and state.origin_ == (0, 0)
    assert len(state.chain_) == 1
    assert state.to_position_code() == AT_SEA


def test_game_over_code_scores_the_game() -> None:
    state = GameState.from_position_code(OVER)
    check_invariants(state)
    assert state.is_terminal and state.ended_
    assert state.founded_ == (2, 2, 2)
    assert state.to_position_code() == OVER


def test_trailing_empty_beaches_may_be_left_out() -> None:
    assert GameState.from_position_code("T1_20_sB_to000......") == new_game(2)


@pytest.mark.topic("positions")
def test_too_many_boats_on_a_beach_names_the_table_entry() -> None:
    bad = TURN.replace("fi23-3.R", "fi23-3.RRRRRR")
    with pytest.raises(PositionCodeError) as caught:
        GameState.from_position_code(bad)
    assert caught.value.part == "table entry 3 'fi23-3.RRRRRR'"
    assert "beaches[0]: 6 boats on a beach of 5 slots [COMP-3]" in str(caught.value)


@pytest.mark.topic("positions")
def test_more_than_fifteen_boats_of_a_colour_is_refused() -> None:
    with pytest.raises(PositionCodeError, match=r"colour R: 16 boats, more than 15.*\[COMP-1\]"):
        GameState.from_position_code("T1_20_tB_to000.B.R_oR15")


@pytest.mark.parametrize(
    ("code", "part", "words"),
    [
        ("T2_20_sB_to000", "format tag 'T2'", "starts with 'T1'"),
        ("T1_20_sB", None, "at least 4 parts"),
        ("T1_20.zzz_sB_to000", "settings '20.zzz'", "unknown rules flag 'zzz'"),
        ("T1_20.etX_sB_to000", "settings '20.etX'", "'X' is not a value of end_trigger"),
        ("T1_20.vrovro_sB_to000", "settings '20.vrovro'", "given twice"),
        ("T1_20._sB_to000", "settings '20.'", "expected the number of players"),
        ("T1_20_qB_to000", "turn 'qB'", "unknown phase 'q'"),
        ("T1_20_sG_to000", "turn 'sG'", "not the letter of a colour in play"),
        ("T1_20_sB_zz000", "table entry 0 'zz000'", "unknown tile 'zz'"),
        ("T1_20_sB_to900", "table entry 0 'to900'", "expected tile, [king], rotation"),
        ("T1_20_sB_to000.B.B.B.B.B.B.B", "table entry 0", "has 6 beaches, not 7"),
        ("T1_20_sB_to000_x1", "part 'x1'", "unknown tag 'x'"),
        ("T1_20_sB_to000_e_e", "part 'e'", "given twice"),
        ("T1_20_tB_to000a010.B", "table entry 1 'a010.B'", "no king and no beaches"),
        ("T1_20_tB_to000_dhw", "drawn tile 'dhw'", "place_tile"),
        ("T1_20_tB_to000_h5", "island the expedition left 'h5'", "the table has no row 5"),
        ("T1_20_tB_to000_rhws", "removed islands 'rhws'", "two-letter names"),
        ("T1_20_tB_to000_sz", "served beaches 'sz'", "beach letters a to f"),
        ("T1_30_tB_to000.B_c0a1~", "chain departure 1 ''", "expected island"),
        ("T1_30_tB_to000.B_c0a1i9a", "chain departure 0", "past the end of the table"),
    ],
)
def test_a_bad_code_names_the_part_that_is_wrong(code: str, part: str | None, words: str) -> None:
    with pytest.raises(PositionCodeError) as caught:
        GameState.from_position_code(code)
    if part is None:
        assert caught.value.part is None
    else:
        assert (caught.value.part or "").startswith(part), caught.value
    assert words in str(caught.value)


@pytest.mark.parametrize(
    "code",
    [None, 17, b"T1_20_sB_to000", ["T1"], "", "T1_20_sB_to000\n", "T1 20", "\ud800", "é"],
)
def test_what_is_not_a_code_at_all_is_refused_plainly(code: object) -> None:
    with pytest.raises(PositionCodeError, match=r"^position code"):
        state_from_position_code(code)  # type: ignore[arg-type]


def test_a_huge_text_is_refused_before_it_is_read() -> None:
    with pytest.raises(PositionCodeError, match="at most 4096"):
        state_from_position_code("T1_" + "a" * 10**6)


def test_a_code_error_is_a_record_error_and_pickles() -> None:
    with pytest.raises(RecordError) as caught:
        state_from_position_code("T1_99_sB_to000")
    error = caught.value
    assert isinstance(error, TongiakiError) and isinstance(error, ValueError)
    again = pickle.loads(pickle.dumps(error))
    assert type(again) is PositionCodeError and str(again) == str(error)
    assert again.part == error.part


def test_a_custom_tile_set_has_no_code_and_points_to_json() -> None:
    import random

    state = new_game(2, tiles=sample_tile_set(random.Random(4)))
    with pytest.raises(PositionCodeError, match=r"standard tiles only.*to_json\(\)"):
        state.to_position_code()


def test_position_code_refuses_what_is_not_a_state() -> None:
    with pytest.raises(PositionCodeError, match="expected a GameState, not str"):
        position_code("T1_20_sB_to000")  # type: ignore[arg-type]
