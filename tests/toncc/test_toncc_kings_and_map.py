"""The Kings' colours (TC-KING-1), the Map and its Kingdoms (TC-MAP-1..3), Map validation."""

from __future__ import annotations

from itertools import combinations

import attrs
import pytest
from tests.toncc.helpers import FIXED

from tongiaki_rules.toncc import (
    CLAUSES,
    KINGDOM_WINDOWS,
    STANDARD_MAP,
    Colour,
    King,
    Region,
    Shape,
    TonccMap,
    TonccMapError,
    kingdom_value,
    new_game,
    shared_feature,
    strongest_in,
    weaker_king,
)


@pytest.mark.clause("TC-KING-1")
def test_each_king_has_his_body_strong_his_hair_medium_and_the_last_colour_weak() -> None:
    hair = {King.BLUE: Colour.YELLOW, King.YELLOW: Colour.RED, King.RED: Colour.BLUE}
    for king in King:
        assert king.strong.name == king.name
        assert king.medium is hair[king]
        assert {king.strong, king.medium, king.weak} == set(Colour)
    for colour in Colour:  # every colour is strong for one King, medium for one, weak for one
        assert sorted(k.weight(colour) for k in King) == [1, 2, 3]


@pytest.mark.clause("TC-CONQ-3")
def test_the_sheets_contest_red_and_blue_on_a_yellow_region_goes_to_blue() -> None:
    assert strongest_in(Colour.YELLOW, [King.RED, King.BLUE]) is King.BLUE
    assert strongest_in(Colour.YELLOW, list(King)) is King.YELLOW


@pytest.mark.clause("TC-SCORE-5")
def test_of_two_tied_kings_the_one_weaker_in_two_colours_wins_blue_yellow_red_blue() -> None:
    assert weaker_king(King.BLUE, King.YELLOW) is King.BLUE
    assert weaker_king(King.YELLOW, King.RED) is King.YELLOW
    assert weaker_king(King.RED, King.BLUE) is King.RED
    for a, b in combinations(King, 2):
        assert weaker_king(a, b) is weaker_king(b, a)


@pytest.mark.clause("TC-MAP-1", "TC-MAP-2", "TC-MAP-3")
def test_exactly_fifteen_triples_share_a_feature_and_they_are_the_map_windows() -> None:
    regions = STANDARD_MAP.regions
    sharing = {t for t in combinations(range(18), 3) if shared_feature(*(regions[i] for i in t))}
    assert sharing == {tuple(sorted(w)) for w in KINGDOM_WINDOWS}
    assert len(KINGDOM_WINDOWS) == 15
    corners = [0, 6, 12]
    for corner in corners:  # a corner belongs to two sides: two windows end on it
        assert sum(corner in w for w in KINGDOM_WINDOWS) == 2


@pytest.mark.clause("TC-MAP-3", "TC-SCORE-2")
def test_the_reconstructed_map_is_fair_every_king_has_the_same_kingdom_values_3_to_9() -> None:
    values = {
        king: sorted(kingdom_value(w, king, STANDARD_MAP) for w in KINGDOM_WINDOWS) for king in King
    }
    assert values[King.RED] == values[King.YELLOW] == values[King.BLUE]
    assert values[King.RED] == [3, 3, 4, 5, 5, 5, 5, 6, 6, 7, 7, 8, 8, 9, 9]
    for colour in Colour:
        assert sum(r.background is colour for r in STANDARD_MAP.regions) == 6


@pytest.mark.clause("TC-MAP-3")
def test_a_user_map_replaces_the_standard_one() -> None:
    turned = TonccMap(STANDARD_MAP.regions[6:] + STANDARD_MAP.regions[:6])  # a side further
    state = new_game(FIXED, toncc_map=turned).dealt(tuple(range(18)))
    assert state.toncc_map is turned and turned != STANDARD_MAP
    assert kingdom_value(KINGDOM_WINDOWS[0], King.RED, turned) == 9  # B0-B2 yellow: Red weak


@pytest.mark.clause("TC-MAP-1")
@pytest.mark.parametrize(
    ("build", "named"),
    [
        (lambda: TonccMap(STANDARD_MAP.regions[:17]), "regions: expected 18"),
        (lambda: TonccMap("x" * 18), "regions: expected a tuple"),
        (lambda: TonccMap((*STANDARD_MAP.regions[:17], 5)), "regions[17]"),
        (lambda: TonccMap((*STANDARD_MAP.regions[:17], STANDARD_MAP.regions[0])), "the same"),
        (
            lambda: TonccMap(
                (
                    *STANDARD_MAP.regions[:2],
                    Region(Colour.RED, Colour.BLUE, Shape.SQUARE, 2, 2),
                    *STANDARD_MAP.regions[3:],
                )
            ),
            "window A0-A1-A2 shares no feature",
        ),
        (lambda: Region(Colour.RED, Colour.RED), "would not show"),
        (lambda: Region(0, Colour.RED), "background"),  # type: ignore[arg-type]
        (lambda: Region(Colour.RED, Colour.BLUE, lines=True), "lines"),
        (lambda: Region(Colour.RED, Colour.BLUE, dots=10), "dots"),
        (lambda: Region(Colour.RED, Colour.BLUE, shape=1), "shape"),  # type: ignore[arg-type]
    ],
)
def test_bad_map_data_raises_naming_what_is_wrong(build: object, named: str) -> None:
    with pytest.raises(TonccMapError, match=named.replace("[", r"\[").replace("]", r"\]")):
        build()  # type: ignore[operator]


def test_a_map_is_a_hashable_value() -> None:
    copy = TonccMap(STANDARD_MAP.regions)
    assert copy == STANDARD_MAP and hash(copy) == hash(STANDARD_MAP)
    with pytest.raises(attrs.exceptions.FrozenInstanceError):
        copy.regions = ()  # type: ignore[misc]


@pytest.mark.clause("TC-MAP-1", "TC-MAP-2")
def test_a_map_where_three_pictures_off_a_window_share_a_feature_is_refused() -> None:
    regions = list(STANDARD_MAP.regions)
    regions[7] = attrs.evolve(regions[7], shape=Shape.CIRCLE)  # B1 gets a circle: A1-A2-B1 ...
    with pytest.raises(TonccMapError, match="A1-A2-B1 share the shape but are not a Map window"):
        TonccMap(tuple(regions))
    regions = list(STANDARD_MAP.regions)
    regions[1] = attrs.evolve(regions[1], dots=2)  # A1 gets the 2 dots of B2, B3 and B4
    with pytest.raises(TonccMapError, match="A1-B2-B3 share the dots but are not a Map window"):
        TonccMap(tuple(regions))


@pytest.mark.clause("TC-MOVE-4")
def test_the_reversal_at_the_edge_is_a_stated_rule_not_a_derived_one() -> None:
    assert CLAUSES["TC-MOVE-4"].status == "stated"
    assert CLAUSES["TC-MOVE-3"].status == "stated"
    assert (
        CLAUSES["TC-SETUP-4"].status == "stated"
        and "draws a colour" in CLAUSES["TC-SETUP-4"].summary
    )
