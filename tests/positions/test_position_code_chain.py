"""The chain part of a code: every departure reads back as written, short when it can."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tongiaki_rules import PositionCodeError
from tongiaki_rules.position_code._chain import Place, read_departure, write_departure

BOATS = st.text(alphabet="BRG", max_size=3)
ROW = st.lists(BOATS, min_size=1, max_size=6) | st.just([])


@st.composite
def departures(draw: st.DrawFn) -> tuple[dict[str, Any], list[list[str]], list[Place]]:
    """A later table with its hexes, and a departure's table: changed, with rows inserted back.

    The island is any hex of the later table, or one not on it (a tile removed since).
    """
    base = draw(st.lists(ROW, min_size=1, max_size=8))
    places: list[Place] = [(k, -k) for k in range(len(base))]
    rows = [[draw(BOATS) if draw(st.booleans()) else b for b in row] for row in base]
    for _ in range(draw(st.integers(0, 2))):
        rows.insert(draw(st.integers(0, len(rows))), draw(st.lists(BOATS, min_size=1, max_size=6)))
    islands = [k for k, row in enumerate(rows) if row] or [len(rows)]
    if islands == [len(rows)]:
        rows.append([""])
    k = draw(st.sampled_from(islands))
    at = draw(st.sampled_from([*places, (9, 9)]))
    dep = {
        "beaches": rows,
        "island": list(at),
        "beach": draw(st.integers(0, len(rows[k]) - 1)),
        "jetty": draw(st.integers(0, 5)),
    }
    return dep, base, places


@settings(max_examples=300, deadline=None)
@given(departures())
def test_a_written_departure_reads_back_as_the_same_departure(
    case: tuple[dict[str, Any], list[list[str]], list[Place]],
) -> None:
    dep, base, places = case
    text, row_places = write_departure(dep, base, places)
    back, back_places = read_departure(text, base, places, "chain")
    assert back == dep
    assert back_places == row_places


def test_the_departing_beach_is_written_after_the_jetty() -> None:
    dep = {"beaches": [["", "BBR"], []], "island": [0, 0], "beach": 1, "jetty": 1}
    assert write_departure(dep, [["", ""], []], [(0, 0), (1, 0)])[0] == "0b1BBR"


def test_an_island_removed_since_is_named_by_its_hex() -> None:
    dep = {"beaches": [[""], ["BB", ""]], "island": [1, 0], "beach": 0, "jetty": 2}
    text, places = write_departure(dep, [[""]], [(0, 0)])
    assert text == "1.0a2i1aBBb"
    assert places == [(0, 0), None]
    assert read_departure(text, [[""]], [(0, 0)], "chain")[0] == dep


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ("1.0a2Bi1aBBb", "need the island's row"),
        ("1a2i1aBBb", "row 1 is not a row of the table with a hex"),
        ("0g2", "expected island"),
        ("0a2i5aB", "past the end of the table"),
        ("0a2i1aBi1aB", "inserted twice"),
        ("0a20cB", "no beach 'c'"),
        ("0a2i1bB", "every beach from 'a'"),
    ],
)
def test_a_bad_departure_says_what_is_wrong(text: str, words: str) -> None:
    with pytest.raises(PositionCodeError, match=words):
        read_departure(text, [["", ""]], [(0, 0)], "chain departure 0")
