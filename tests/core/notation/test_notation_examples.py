"""The notation by example: canonical strings, the table of the module docstring, lenient input."""

from __future__ import annotations

import re

import pytest

from tongiaki_rules import (
    Action,
    Berth,
    Colour,
    Depart,
    Draw,
    Expand,
    ExpandFromBoard,
    FoundRoyal,
    PlaceNewBoats,
    PlaceTile,
    Recolonize,
    ReturnBoat,
    SetupPlace,
    format_action,
    parse_action,
)
from tongiaki_rules import notation as notation_module
from tongiaki_rules.hexgrid import DIRECTION_NAMES

R = Colour.RED

# canonical text -> action: format_action writes exactly this text, parse_action reads it back
CANONICAL: list[tuple[str, Action]] = [
    ("setup 3", SetupPlace(3)),
    ("expand 0,-1 0+2", Expand((0, -1), (0, 2))),
    ("expand 0,0 4", Expand((0, 0), (4,))),
    ("expand -2,13 0+1+2", Expand((-2, 13), (0, 1, 2))),
    ("move 1,0.2 > 0,-1.1", ExpandFromBoard((0, -1), 1, (1, 0), 2)),
    ("royal 0,-1", FoundRoyal((0, -1))),
    ("recolonize", Recolonize()),
    ("new 0,0 1+1", PlaceNewBoats((0, 0), (1, 1))),
    ("new 3,-2 0", PlaceNewBoats((3, -2), (0,))),
    ("depart 0,-1.2 4", Depart((0, -1), 2, 4)),
    ("depart 0,0.0 0", Depart((0, 0), 0, 0)),
    ("place 2,-1 r3", PlaceTile((2, -1), 3)),
    ("berth R 1", Berth(R, 1)),
    ("berth P 0", Berth(Colour.PURPLE, 0)),
    ("return R", ReturnBoat(R)),
    ("return B", ReturnBoat(Colour.BLUE)),
    ("draw hawaii", Draw("hawaii")),
    ("draw ocean-a", Draw("ocean-a")),
    ('draw "Odd Tile"', Draw("Odd Tile")),
]


@pytest.mark.parametrize(("text", "action"), CANONICAL, ids=[t for t, _ in CANONICAL])
def test_canonical_examples(text: str, action: Action) -> None:
    assert parse_action(text) == action
    assert format_action(action) == text


def test_the_table_in_the_module_docstring_is_right() -> None:
    doc = notation_module.__doc__
    assert doc is not None
    rows = re.findall(r"^``(\w+)``\s+``[^`]+``\s+``([^`]+)``$", doc, re.MULTILINE)
    assert len(rows) == 11
    for class_name, example in rows:
        action = parse_action(example)
        assert type(action).__name__ == class_name
        assert format_action(action) == example


# lenient input -> the action it means
LENIENT: list[tuple[str, Action]] = [
    # case and spaces
    ("SETUP 3", SetupPlace(3)),
    ("  setup\t3  ", SetupPlace(3)),
    ("Expand 0, -1  0 + 2", Expand((0, -1), (0, 2))),
    ("expand (0,-1) 0+2", Expand((0, -1), (0, 2))),
    ("expand ( 0 , -1 ) 2+0", Expand((0, -1), (0, 2))),  # beaches are sorted
    ("expand 0,-1 0 2", Expand((0, -1), (0, 2))),
    ("expand 0,-1.0+2", Expand((0, -1), (0, 2))),
    ("new 0,0 1 1", PlaceNewBoats((0, 0), (1, 1))),
    # move: '>' may be '->', 'to', or left out; the dot may be a space
    ("move 1,0.2 -> 0,-1.1", ExpandFromBoard((0, -1), 1, (1, 0), 2)),
    ("move 1,0 2 to 0,-1 1", ExpandFromBoard((0, -1), 1, (1, 0), 2)),
    ("move (1,0).2 (0,-1).1", ExpandFromBoard((0, -1), 1, (1, 0), 2)),
    ("move 1,0.2>0,-1.1", ExpandFromBoard((0, -1), 1, (1, 0), 2)),
    # jetty directions by number or name
    ("depart 0,-1 2 4", Depart((0, -1), 2, 4)),
    ("depart 0,-1.2 upper-right", Depart((0, -1), 2, 4)),
    ("depart 0,-1.2 Upper Right", Depart((0, -1), 2, 4)),
    ("depart 0,-1.2 upper_right", Depart((0, -1), 2, 4)),
    ("depart 0,-1.2 UR", Depart((0, -1), 2, 4)),
    ("depart 0,-1.2 ne", Depart((0, -1), 2, 4)),
    ("depart 0,-1.2 north-east", Depart((0, -1), 2, 4)),
    # rotation with or without its r
    ("place 2,-1 3", PlaceTile((2, -1), 3)),
    ("place 2,-1 R3", PlaceTile((2, -1), 3)),
    ("place 2,-1 r 3", PlaceTile((2, -1), 3)),
    ("place 2,-1 rotation 3", PlaceTile((2, -1), 3)),
    # colours by letter or name
    ("berth r 1", Berth(R, 1)),
    ("Berth Red 1", Berth(R, 1)),
    ("berth R1", Berth(R, 1)),
    ("return purple", ReturnBoat(Colour.PURPLE)),
    # tile ids: a bare id is read in lower case
    ("draw HAWAII", Draw("hawaii")),
    ("Draw  Rapa-Nui ", Draw("rapa-nui")),
    ('draw "Hawaii"', Draw("Hawaii")),
    # other words for the actions
    ("SetupPlace 3", SetupPlace(3)),
    ("ExpandFromBoard 1,0.2 > 0,-1.1", ExpandFromBoard((0, -1), 1, (1, 0), 2)),
    ("found 0,-1", FoundRoyal((0, -1))),
    ("found_royal 0,-1", FoundRoyal((0, -1))),
    ("RECOLONISE", Recolonize()),
    ("place-new-boats 0,0 1+1", PlaceNewBoats((0, 0), (1, 1))),
    ("PlaceTile 2,-1 r3", PlaceTile((2, -1), 3)),
    ("returnboat R", ReturnBoat(R)),
]


@pytest.mark.parametrize(("text", "action"), LENIENT, ids=[t for t, _ in LENIENT])
def test_lenient_input(text: str, action: Action) -> None:
    assert parse_action(text) == action


SHORT = ["b", "ll", "ul", "t", "ur", "lr"]
COMPASS = ["s", "sw", "nw", "n", "ne", "se"]
COMPASS_LONG = ["south", "south-west", "north-west", "north", "north-east", "south-east"]


@pytest.mark.parametrize("direction", range(6))
def test_every_name_of_every_direction(direction: int) -> None:
    name = DIRECTION_NAMES[direction]
    names = [
        str(direction),
        name,
        name.upper(),
        name.replace("-", ""),
        name.replace("-", " "),
        name.replace("-", "_"),
        SHORT[direction],
        SHORT[direction].upper(),
        COMPASS[direction],
        COMPASS_LONG[direction],
        COMPASS_LONG[direction].replace("-", ""),
    ]
    for written in names:
        assert parse_action(f"depart 1,-1.0 {written}") == Depart((1, -1), 0, direction), written
    assert format_action(Depart((1, -1), 0, direction)) == f"depart 1,-1.0 {direction}"
