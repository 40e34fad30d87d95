"""Errors: typical mistakes get a NotationError saying what was expected where."""

from __future__ import annotations

from typing import Any

import pytest
from notation_games import game, options

from tongiaki_rules import (
    Berth,
    Depart,
    Draw,
    Expand,
    IllegalActionError,
    NotationError,
    PlaceTile,
    SetupPlace,
    TongiakiError,
    format_action,
    match_action,
    new_game,
    parse_action,
    position,
)
from tongiaki_rules.hexgrid import ORIGIN

WORD_LIST = "setup, expand, move, royal, recolonize, new, depart, place, berth, return, draw"

# text -> (the error message, the column where reading stopped)
MISTAKES: list[tuple[str, str, int]] = [
    ("", f"expected an action word ({WORD_LIST}), got nothing", 0),
    (
        "expnd 0,-1 0+2",
        f"unknown action word 'expnd'; expected one of {WORD_LIST} (did you mean 'expand'?)",
        0,
    ),
    (
        "  berht R 1",
        f"unknown action word 'berht'; expected one of {WORD_LIST} (did you mean 'berth'?)",
        2,
    ),
    ("fly 0,0", f"unknown action word 'fly'; expected one of {WORD_LIST}", 0),
    (
        "3",
        f"expected an action word ({WORD_LIST}), got '3' "
        "(a number alone picks a legal action in match_action)",
        0,
    ),
    ("berth R x", "expected a beach number after 'berth R', got 'x'", 8),
    ("berth  R", "expected a beach number after 'berth R', got nothing", 8),
    ("berth 1", "expected a colour letter (B, R, G, Y, O or P) after 'berth', got '1'", 6),
    ("return X", "expected a colour letter (B, R, G, Y, O or P) after 'return', got 'X'", 7),
    ("setup", "expected a Tonga beach number after 'setup', got nothing", 5),
    ("setup -1", "expected a Tonga beach number after 'setup', got '-1'", 6),
    ("royal", "expected an island position (like 0,-1) after 'royal', got nothing", 5),
    (
        "royal 0",
        "expected ',' between the coordinates of a position after 'royal 0', got nothing",
        7,
    ),
    (
        "royal 0;-1",
        "expected ',' between the coordinates of a position after 'royal 0', got ';'",
        7,
    ),
    ("royal 0,", "expected the r coordinate of a position after 'royal 0,', got nothing", 8),
    ("royal (0,-1", "expected ')' closing the position after 'royal (0,-1', got nothing", 11),
    ("royal 0,-1 2", "expected the end of the action after 'royal 0,-1', got '2'", 11),
    ("expand 0,-1", "expected a beach number after 'expand 0,-1', got nothing", 11),
    ("expand 0,-1 0+", "expected a beach number after 'expand 0,-1 0+', got nothing", 14),
    ("expand 0,-1 0,2", "expected the end of the action after 'expand 0,-1 0', got ','", 13),
    (
        "move 1,0.2 >",
        "expected the position of the island the boat goes to (like 0,-1) "
        "after 'move 1,0.2 >', got nothing",
        12,
    ),
    (
        "depart 0,-1.2",
        "expected a jetty direction (0 to 5 or a name like top) after 'depart 0,-1.2', got nothing",
        13,
    ),
    (
        "depart 0,-1.2 6",
        "expected a jetty direction (0 to 5 or a name like top) after 'depart 0,-1.2', got '6'",
        14,
    ),
    (
        "depart 0,-1.2 up",
        "expected a jetty direction (0 to 5 or a name like top) after 'depart 0,-1.2', got 'up'",
        14,
    ),
    ("place 2,-1 r6", "expected a rotation (0 to 5) after 'place 2,-1 r', got '6'", 12),
    ("place 2,-1", "expected a rotation (0 to 5) after 'place 2,-1', got nothing", 10),
    ("recolonize now", "expected the end of the action after 'recolonize', got 'now'", 11),
    ("draw", "expected a tile id like hawaii or a quoted string after 'draw', got nothing", 4),
    ("draw hawaii samoa", "expected the end of the action after 'draw hawaii', got 'samoa'", 12),
    ("draw hawaii!", "expected the end of the action after 'draw hawaii', got '!'", 11),
    (
        'draw "hawaii',
        "expected a tile id like hawaii or a quoted string after 'draw', "
        "got an unfinished or invalid quoted string '\"hawaii'",
        5,
    ),
    (
        "berth R 1 and a very long tail of words",
        "expected the end of the action after 'berth R 1', got 'and'",
        10,
    ),
    (
        "draw hawaii and a very long tail of words",
        "expected the end of the action after 'draw hawaii', got 'and a very long t...'",
        12,
    ),
]


@pytest.mark.parametrize(("text", "message", "column"), MISTAKES, ids=[m[0] for m in MISTAKES])
def test_typical_mistakes(text: str, message: str, column: int) -> None:
    with pytest.raises(NotationError) as info:
        parse_action(text)
    assert str(info.value) == message
    assert info.value.column == column
    assert info.value.clause is None


def test_notation_errors_are_library_errors_and_value_errors() -> None:
    assert issubclass(NotationError, TongiakiError)
    assert issubclass(NotationError, ValueError)
    with pytest.raises(ValueError, match="beach number"):
        parse_action("setup x")


def test_a_non_string_or_a_non_action_is_a_notation_error_naming_the_argument() -> None:
    with pytest.raises(NotationError, match=r"^text must be a string such as 'setup 3', not 3$"):
        parse_action(3)  # type: ignore[arg-type]
    with pytest.raises(NotationError, match=r"^text must be a string .*, not None$"):
        match_action(None, new_game(2))  # type: ignore[arg-type]
    with pytest.raises(NotationError, match=r"^action must be an action .*, not 'setup 3'$"):
        format_action("setup 3")  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("action", "why"),
    [
        (SetupPlace(-1), "the beach number -1 is negative"),
        (Depart((0, 0), 1, 6), "the jetty direction 6 is not 0 to 5"),
        (PlaceTile((0, 0), -1), "the rotation -1 is not 0 to 5"),
        (Expand((0, 0), ()), "the beaches () are not a non-empty tuple"),
    ],
)
def test_actions_the_notation_cannot_hold(action: object, why: str) -> None:
    with pytest.raises(NotationError) as info:
        format_action(action)  # type: ignore[arg-type]
    assert str(info.value) == f"cannot write {action!r} in the notation: {why}"


@pytest.mark.parametrize(
    "build",
    [
        lambda: Expand((0, 0, 0), (1,)),
        lambda: Berth(7, 1),
        lambda: SetupPlace("1"),
        lambda: Draw(3),
    ],
)
def test_ill_typed_actions_never_reach_the_notation(build: Any) -> None:
    with pytest.raises(IllegalActionError):
        build()


# ------------------------------------------------------------------ match_action


def test_match_action_by_number_and_by_text() -> None:
    state = new_game(3)
    legal = state.legal_actions()
    for k, action in enumerate(legal):
        assert match_action(str(k + 1), state) == action
        assert match_action(f"  {k + 1}\n", state) == action
        assert match_action(format_action(action), state) == action
    assert match_action("SETUP 2", state) is legal[2]  # the state's own (canonical) value


@pytest.mark.parametrize("text", ["0", "7", "0007", "99999999999999999999"])
def test_match_action_numbers_out_of_range(text: str) -> None:
    with pytest.raises(NotationError, match=r"expected a number from 1 to 6$") as info:
        match_action(text, new_game(3))
    assert f"there is no action {text} here" in str(info.value)


def test_match_action_names_the_broken_rule() -> None:
    state = new_game(3)
    with pytest.raises(NotationError) as info:
        match_action("setup 9", state)
    assert str(info.value) == "'setup 9' is not legal here: Tonga has no beach 9 [SETUP-4]"
    assert info.value.clause == "SETUP-4"
    assert isinstance(info.value.__cause__, IllegalActionError)
    with pytest.raises(NotationError) as info:
        match_action("expand 0,0 1", state)
    assert info.value.clause == "SETUP-4"
    assert str(info.value) == (
        "'expand 0,0 1' is not legal here: an expansion (expand) does not answer this "
        "decision: it is the setup: place one boat on a Tonga beach (setup 0\u20135) [SETUP-4]"
    )


def test_match_action_still_reports_notation_errors() -> None:
    with pytest.raises(NotationError, match="expected a Tonga beach number after 'setup'") as info:
        match_action("setup x", new_game(3))
    assert info.value.clause is None


def test_match_action_at_a_chance_node_picks_among_the_draws() -> None:
    state = position(2, boats={(ORIGIN, 0): "BRB"}, pile=["hawaii", "ocean-a"])
    assert state.is_chance_node
    assert match_action("1", state) == Draw("hawaii")
    assert match_action("2", state) == Draw("ocean-a")
    assert match_action("draw Ocean-A", state) == Draw("ocean-a")
    with pytest.raises(NotationError, match="expected a number from 1 to 2"):
        match_action("3", state)
    with pytest.raises(NotationError, match="'draw samoa' is not legal here") as info:
        match_action("draw samoa", state)
    assert info.value.clause is not None
    with pytest.raises(NotationError, match="'berth R 0' is not legal here"):
        match_action("berth R 0", state)


def test_match_action_after_the_end() -> None:
    final = game("default", 2, 0)[-1]
    assert final.is_terminal
    with pytest.raises(NotationError, match=r"^no action can be chosen: the game is over$"):
        match_action("1", final)
    with pytest.raises(NotationError, match=r"^'berth R 1' is not legal here: the game is over$"):
        match_action("berth R 1", final)


def test_match_action_on_a_landing() -> None:
    state = next(s for s in game("default", 3, 3) if any(isinstance(a, Berth) for a in options(s)))
    berth = next(a for a in state.legal_actions() if isinstance(a, Berth))
    assert match_action(f"berth {berth.colour.name.lower()} {berth.beach}", state) == berth
    assert match_action(f"Berth {berth.colour.letter.lower()}{berth.beach}", state) == berth
