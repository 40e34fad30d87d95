"""Edges that one-line changes used to slip past (issue 24's test holes), each pinned by a scenario.

- NOBOATS-1 with one boat left in the reserve: only the single-boat option.
- LAND-4 / AMB-16: a one-colour group exactly as large as the free slots left
  fills them all at once, with no choice to make.
- SETUP-4 / SETUP-5: a setup document with a full Tonga beach, or with every
  setup boat already placed, is refused at its path.
- A position code number one past its range is refused.
"""

from __future__ import annotations

import copy
import json

import pytest

from tongiaki_rules import (
    ORIGIN,
    Colour,
    DecisionKind,
    GameState,
    PlaceNewBoats,
    PositionCodeError,
    RecordError,
    Rules,
    new_game,
    position,
)

TUBUAI = (0, -1)


@pytest.mark.clause("NOBOATS-1", "AMB-19", "AMB-22")
@pytest.mark.flag("recolonize_removed_to_reserve", False)
def test_a_player_with_no_boats_and_one_in_reserve_may_place_only_one() -> None:
    state = position(
        3,
        boats={(ORIGIN, 1): "RR", (ORIGIN, 2): "GG"},
        reserves={"B": 1},
        to_move=0,
        rules=Rules(recolonize_removed_to_reserve=False),
    )
    placements = [a for a in state.legal_actions() if isinstance(a, PlaceNewBoats)]
    assert placements and all(len(a.beaches) == 1 for a in placements)
    after = state.apply(placements[0])
    assert after.reserve(Colour.BLUE) == 0


@pytest.mark.clause("LAND-2", "LAND-4", "AMB-16")
def test_a_group_exactly_as_large_as_the_free_slots_fills_them_without_a_choice() -> None:
    # Tubuai: one free slot on beach 0 and two on beach 1; three blue boats arrive
    state = position(
        3,
        tiles=[(TUBUAI, "tubuai", 0)],
        boats={(TUBUAI, 0): "RR", (TUBUAI, 1): "G"},
        group="BBB",
        group_at=TUBUAI,
        origin=ORIGIN,
        to_move=0,
    )
    assert state.pending.kind is not DecisionKind.BERTH
    tubuai = state.island_at(TUBUAI)
    assert tubuai is not None and all(beach.is_full for beach in tubuai.beaches)
    assert state.reserve(Colour.BLUE) == 15 - 3


def _setup_document() -> dict[str, object]:
    state = new_game(2)
    for _ in range(3):
        state = state.apply(state.legal_actions()[0])
    doc: dict[str, object] = json.loads(state.to_json())
    return doc


def _with_tonga(
    doc: dict[str, object], beaches: list[str], turn: str, firsts: dict[str, int]
) -> str:
    edited = copy.deepcopy(doc)
    table = edited["table"]
    assert isinstance(table, list)
    table[0]["beaches"] = beaches
    edited["turn_colour"] = turn
    edited["setup_first_beaches"] = firsts
    colours = edited["colours"]
    assert isinstance(colours, dict)
    for letter, entry in colours.items():
        entry["reserve"] = 15 - sum(beach.count(letter) for beach in beaches)
    return json.dumps(edited)


@pytest.mark.clause("SETUP-5")
def test_a_setup_document_with_a_full_tonga_beach_is_refused_at_that_beach() -> None:
    text = _with_tonga(_setup_document(), ["BBR", "", "", "", "", ""], "R", {"B": 0, "R": 0})
    with pytest.raises(RecordError) as refused:
        GameState.from_json(text)
    assert refused.value.path == "table[0].beaches[0]"
    assert "SETUP-5" in str(refused.value)


@pytest.mark.clause("SETUP-4")
def test_a_setup_document_with_every_setup_boat_placed_is_refused() -> None:
    text = _with_tonga(_setup_document(), ["B", "R", "B", "R", "", ""], "B", {"B": 0, "R": 1})
    with pytest.raises(RecordError) as refused:
        GameState.from_json(text)
    assert refused.value.path == "table[0].beaches"
    assert "SETUP-4" in str(refused.value)


def test_a_position_code_number_one_past_its_range_is_refused() -> None:
    code = "T1_30_tB_to000mu00-3.G.G.GtbR0-1-2naR0-1-3_fR2"  # red has founded two royal islands
    assert GameState.from_position_code(code).royal_islands
    with pytest.raises(PositionCodeError, match=r"3 is not in 1\.\.2"):
        GameState.from_position_code(code[:-1] + "3")
