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

SETUP = "T1_30_sB_to0.0.0...R..B.G"
TURN = "T1_20_tB_to0.0.0.BB.B...B~j1.-1.4~a2.-2.5~fi3.-3.2.R"
AT_SEA = (
    "T1_30_wB_to0.0.0.BG..BR.R.R.BBG~j1.0.2~hv0.1.4.B.G.RG~o1.-1.1~mg0.-1.5.B.B.B"
    "_gBBR_a-1.1_i4_h0.0_t0.0_c0.0.1.1.0bBBR"
)
OVER = (
    "T1_30_gB_to0.0.0~j1.0.2~hvR0.1.4~o1.-1.1~mg0.-1.5..G.G~mu-1.1.4..G.GG~tm0.2.3~p-1.2.4"
    "~g-1.0.5~saG0.3.3~f0.-2.0~e-1.3.4~tb1.-2.1~c2.-2.1~b-1.-1.5~thG1.1.2~hw-2.1.5~rn2.0.1"
    "~k-3.1.4~n3.-1.0~fiB-2.4.5~tk0.4.3.G.GG.G~d2.-3.2~a-1.4.2~m1.3.1~raB-3.4.4~l-2.0.0"
    "~h2.-1.0~tvR0.-3.3~i1.2.1~oa-1.5.1...B_fB2R2G2_e"
)


def test_a_new_game_has_a_short_code() -> None:
    assert new_game(2).to_position_code() == "T1_20_sB_to0.0.0"
    assert new_game(4, start_player=2).to_position_code() == "T1_42_sG_to0.0.0"


def test_changed_rules_flags_are_written_by_short_name_and_read_back() -> None:
    rules = Rules(variant_rody=True, end_trigger="sixteen_on_table")
    code = new_game(3, rules).to_position_code()
    assert code == "T1_30.etS.vr_sB_to0.0.0"
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
    assert GameState.from_position_code("T1_20_sB_to0.0.0......") == new_game(2)


@pytest.mark.clause("COMP-3")
def test_too_many_boats_on_a_beach_names_the_table_entry() -> None:
    bad = TURN.replace("fi3.-3.2.R", "fi3.-3.2.RRRRRR")
    with pytest.raises(PositionCodeError) as caught:
        GameState.from_position_code(bad)
    assert caught.value.part == "table entry 3 'fi3.-3.2.RRRRRR'"
    assert "beaches[0]: 6 boats on a beach of 5 slots [COMP-3]" in str(caught.value)


@pytest.mark.clause("COMP-1")
def test_more_than_fifteen_boats_of_a_colour_is_refused() -> None:
    with pytest.raises(PositionCodeError, match=r"colour R: 16 boats, more than 15.*\[COMP-1\]"):
        GameState.from_position_code("T1_20_tB_to0.0.0.B.R_oR15")


@pytest.mark.parametrize(
    ("code", "part", "words"),
    [
        ("T2_20_sB_to0.0.0", "format tag 'T2'", "starts with 'T1'"),
        ("T1_20_sB", None, "at least 4 parts"),
        ("T1_20.zz_sB_to0.0.0", "settings '20.zz'", "unknown rules flag 'zz'"),
        ("T1_20.etX_sB_to0.0.0", "settings '20.etX'", "'X' is not a value of end_trigger"),
        ("T1_20.vr.vr_sB_to0.0.0", "settings '20.vr.vr'", "given twice"),
        ("T1_20_qB_to0.0.0", "turn 'qB'", "unknown phase 'q'"),
        ("T1_20_sG_to0.0.0", "turn 'sG'", "not the letter of a colour in play"),
        ("T1_20_sB_zz0.0.0", "table entry 0 'zz0.0.0'", "unknown tile 'zz'"),
        ("T1_20_sB_to0.0.9", "table entry 0 'to0.0.9'", "rotation: 9 is not in 0..5"),
        ("T1_20_sB_to0.0.0.B.B.B.B.B.B.B", "table entry 0", "has 6 beaches, not 7"),
        ("T1_20_sB_to0.0.0_x1", "part 'x1'", "unknown tag 'x'"),
        ("T1_20_sB_to0.0.0_e_e", "part 'e'", "given twice"),
        ("T1_20_tB_to0.0.0~a1.0.0.B", "table entry 1 'a1.0.0.B'", "no king and no beaches"),
        ("T1_20_tB_to0.0.0_dhw", "drawn tile 'dhw'", "place_tile"),
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
    [None, 17, b"T1_20_sB_to0.0.0", ["T1"], "", "T1_20_sB_to0.0.0\n", "T1 20", "\ud800", "é"],
)
def test_what_is_not_a_code_at_all_is_refused_plainly(code: object) -> None:
    with pytest.raises(PositionCodeError, match=r"^position code"):
        state_from_position_code(code)  # type: ignore[arg-type]


def test_a_huge_text_is_refused_before_it_is_read() -> None:
    with pytest.raises(PositionCodeError, match="at most 4096"):
        state_from_position_code("T1_" + "a" * 10**6)


def test_a_code_error_is_a_record_error_and_pickles() -> None:
    with pytest.raises(RecordError) as caught:
        state_from_position_code("T1_99_sB_to0.0.0")
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
        position_code("T1_20_sB_to0.0.0")  # type: ignore[arg-type]
