"""The board and the move function (TC-SETUP-1, TC-MOVE-2..5), against the notes' table."""

from __future__ import annotations

import pytest
from tests.toncc.helpers import dealt

from tongiaki_rules.toncc import DESTINATIONS, LABELS, MIND, Compass, King, Move, TonccRules
from tongiaki_rules.toncc.board import AXIAL, INNER, OUTER, cell, distances_from

# The full destination table of the notes (section 2), columns E NE NW W SW SE.
NOTES_TABLE = """
Mind I1 I2 I3 I4 I5 I6
I1 O1 O2 I2 I4 I6 O12
I2 O2 O3 O4 I3 I5 I1
I3 I2 O4 O5 O6 I4 I6
I4 I1 I3 O6 O7 O8 I5
I5 I6 I2 I4 O8 O9 O10
I6 O12 I1 I3 I5 O10 O11
O1 O7 O11 O2 I1 O12 O3
O2 O6 O10 O3 I2 I1 O1
O3 O5 O9 O1 O4 I2 O2
O4 O3 O8 O12 O5 I3 I2
O5 O4 O7 O11 O3 O6 I3
O6 I3 O5 O10 O2 O7 I4
O7 I4 O6 O9 O1 O5 O8
O8 I5 I4 O7 O12 O4 O9
O9 O10 I5 O8 O11 O3 O7
O10 O11 I6 I5 O9 O2 O6
O11 O9 O12 I6 O10 O1 O5
O12 O8 O1 I1 I6 O11 O4
"""


@pytest.mark.clause("TC-MOVE-2", "TC-MOVE-3", "TC-MOVE-4")
def test_every_destination_is_the_one_of_the_notes_table() -> None:
    for row in NOTES_TABLE.strip().splitlines():
        start, *ends = row.split()
        assert [LABELS[d] for d in DESTINATIONS[cell(start)]] == ends, start


@pytest.mark.clause("TC-SETUP-1")
def test_the_board_is_a_hexagon_of_the_mind_six_inner_and_twelve_outer_regions() -> None:
    def ring(c: int) -> int:
        q, r = AXIAL[c]
        return max(abs(q), abs(r), abs(q + r))

    assert [ring(c) for c in INNER] == [1] * 6
    assert [ring(c) for c in OUTER] == [2] * 12
    assert ring(MIND) == 0 and len(set(AXIAL)) == 19


@pytest.mark.clause("TC-MOVE-3")
def test_a_king_stepping_onto_the_mind_jumps_to_the_opposite_inner_region() -> None:
    for start, direction, end in (("I1", 3, "I4"), ("I2", 4, "I5"), ("I3", 5, "I6")):
        assert LABELS[DESTINATIONS[cell(start)][direction]] == end
        assert LABELS[DESTINATIONS[cell(end)][(direction + 3) % 6]] == start


@pytest.mark.clause("TC-MOVE-4")
def test_a_king_leaving_the_board_runs_back_to_the_far_end_of_his_line() -> None:
    o1 = cell("O1")
    assert LABELS[DESTINATIONS[o1][0]] == "O7"  # long line O7 I4 (Mind) I1 O1
    assert LABELS[DESTINATIONS[o1][5]] == "O3"  # short line O1 O2 O3


@pytest.mark.clause("TC-MOVE-2")
def test_every_region_has_six_different_destinations_and_each_direction_is_a_permutation() -> None:
    for c in range(18):
        assert len(set(DESTINATIONS[c])) == 6 and c not in DESTINATIONS[c]
    for d in range(6):
        assert sorted(DESTINATIONS[c][d] for c in range(18)) == list(range(18))
        opposite = (d + 3) % 6
        assert all(DESTINATIONS[DESTINATIONS[c][d]][opposite] == c for c in range(18))


@pytest.mark.clause("TC-MOVE-2", "TC-END-3")
def test_every_region_reaches_every_other_within_three_moves() -> None:
    for c in range(18):
        profile = sorted(distances_from(c))
        far = profile.count(3)
        assert profile.count(1) == 6 and far in (1, 2) and max(profile) == 3
        assert far == (1 if c in OUTER and c % 2 == 1 else 2), LABELS[c]
    assert sorted(distances_from(MIND)) == [1] * 6 + [2] * 12
    assert {LABELS[c] for c, d in enumerate(distances_from(cell("I1"))) if d == 3} == {"O9", "O5"}
    assert {LABELS[c] for c, d in enumerate(distances_from(cell("O2"))) if d == 3} == {"O8"}


@pytest.mark.clause("TC-MOVE-1", "TC-MOVE-5")
@pytest.mark.parametrize(
    ("compass", "west"), [(Compass.COUNTER_CLOCKWISE, Move(4)), (Compass.D6, Move(6))]
)
def test_the_compass_numbering_decides_which_number_is_west(compass: Compass, west: Move) -> None:
    state = dealt(TonccRules(compass=compass))
    assert LABELS[state.destination(King.RED, west)] == "I4"
    numbers = [LABELS[state.destination(King.RED, Move(n))] for n in range(1, 7)]
    assert sorted(numbers) == ["I1", "I2", "I3", "I4", "I5", "I6"]
    if compass is Compass.D6:  # opposite directions sum to 7, as on a die
        assert all(
            state.destination(King.RED, Move(n))
            == (state.destination(King.RED, Move(7 - n)) + 3) % 6
            for n in range(1, 7)
        )
