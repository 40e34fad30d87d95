"""The position builder: mid-challenge positions from what a player sees, checked reachable."""

from __future__ import annotations

import random

import pytest
from tests.toncc.helpers import FIXED, invariants

from tongiaki_rules.errors import InvalidPositionError
from tongiaki_rules.toncc import (
    HAS_LEFT,
    MIND,
    MOVES,
    NO_SEAL,
    King,
    Move,
    TonccRules,
    TonccState,
    new_game,
    position,
)
from tongiaki_rules.toncc.board import cell

R, Y, B = King.RED, King.YELLOW, King.BLUE


def blue_has_left() -> TonccState:
    return position(
        kings={R: "I1", Y: "O4", B: HAS_LEFT},
        seals={0: R, 9: Y, **{r: B for r in range(12, 18)}},
        king_points={B: 3},
        turn=7,
    )


@pytest.mark.clause("TC-CONQ-4", "TC-END-1")
def test_a_position_follows_from_the_kings_cells_and_the_seals_on_the_map() -> None:
    state = blue_has_left()
    invariants(state)
    assert state.positions == (cell("I1"), cell("O4"), HAS_LEFT)
    assert state.seals == (5, 5, 0) and state.king_points == (0, 0, 3)
    assert state.owners[0] == R.value and state.owners[1] == NO_SEAL
    assert state.active_kings == (R, Y) and state.legal_actions(B) == ()
    assert len(state.face_up_cells()) == sum(state.seals)  # TC-CONQ-4
    assert state.seating == (R, Y, B) and not state.is_chance


def test_the_built_position_plays_on_like_any_other() -> None:
    state = blue_has_left()
    rng = random.Random(3)
    while not state.is_terminal:
        state = state.resolve_chance(rng)
        state = state.apply_joint({k: rng.choice(MOVES) for k in state.active_kings})
        invariants(state)
    assert sum(state.toncc_totals) == 9


def test_the_start_of_a_challenge_is_the_kings_in_the_mind_at_turn_0() -> None:
    assert position() == new_game(FIXED).dealt(tuple(range(18)))._with(rules=TonccRules())
    built = position(layout=tuple(reversed(range(18))), rules=FIXED)
    assert built == new_game(FIXED).dealt(tuple(reversed(range(18))))


def test_a_position_reached_in_play_can_be_built_again() -> None:
    state = new_game(FIXED).dealt(tuple(range(18)))
    state = state.apply_joint({R: Move(1), Y: Move(1), B: Move(4)})
    again = position(
        kings={R: "I1", Y: "I1", B: "I4"},
        seals={0: R, 3: B},
        turn=1,
        rules=FIXED,
    )
    assert again == state


@pytest.mark.parametrize(
    ("kwargs", "argument"),
    [
        ({"kings": {R: "I9"}, "turn": 1}, "kings[RED]"),
        ({"kings": {R: 1.5}}, "kings[RED]"),
        ({"kings": {0: "I1"}}, "kings"),
        ({"kings": "I1"}, "kings"),
        ({"kings": {R: "I1"}, "turn": 0}, "kings[RED]"),  # moved before the first move
        ({"kings": {R: "Mind", Y: "I1", B: "I2"}, "seals": {0: Y, 1: B}, "turn": 3}, "kings[RED]"),
        (
            {"kings": {R: HAS_LEFT, Y: "I1", B: "I2"}, "seals": {0: Y, 1: B}, "turn": 3},
            "kings[RED]",
        ),
        ({"kings": {R: "I3", Y: "I1", B: "I2"}, "seals": {0: Y, 1: B}, "turn": 3}, "kings[RED]"),
        (
            {
                "kings": {R: "I1", Y: "I1", B: "I1"},
                "seals": {0: R},
                "king_points": {R: 2},
                "turn": 2,
            },
            "king_points[RED]",
        ),
        ({"kings": {R: HAS_LEFT, Y: HAS_LEFT, B: HAS_LEFT}, "turn": 9}, "kings"),
        ({"seals": {18: R}}, "seals"),
        ({"seals": {0: "red"}}, "seals[0]"),
        (
            {"seals": {r: R for r in range(7)}, "kings": {R: "I1", Y: "I1", B: "I1"}, "turn": 9},
            "seals",
        ),
        ({"layout": [0] * 18}, "layout"),
        ({"layout": "abc"}, "layout"),
        ({"turn": True}, "turn"),
        ({"turn": -1}, "turn"),
        ({"quiet_turns": 3}, "quiet_turns"),
        ({"results": [None]}, "results"),
        ({"seating": (R, R, B)}, "seating"),
        ({"seals": {0: R}, "kings": {}, "turn": 0}, "turn"),
    ],
)
def test_a_position_play_cannot_reach_is_refused_naming_the_argument(
    kwargs: dict[str, object], argument: str
) -> None:
    with pytest.raises(InvalidPositionError) as caught:
        position(**kwargs)  # type: ignore[arg-type]
    assert str(caught.value).startswith(argument)


def test_the_constants_are_the_values_in_the_state_fields() -> None:
    state = blue_has_left()
    assert HAS_LEFT in state.positions and NO_SEAL in state.owners
    assert MIND not in state.positions
