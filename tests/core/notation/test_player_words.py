"""What a player types at the wrong moment gets an answer in the game's words, never a
Python class name, and says what to type instead."""

from __future__ import annotations

import random

import pytest

from tongiaki_rules import NotationError, match_action, new_game
from tongiaki_rules._explain import decision_words
from tongiaki_rules.actions import ACTION_TYPES
from tongiaki_rules.testing import random_playout

TYPED = [
    "setup 0",
    "expand 0,0 1",
    "move 0,0.1 > 0,-1.0",
    "royal 0,0",
    "recolonize",
    "new 0,0 0+1",
    "depart 0,0.0 0",
    "place 0,1 r0",
    "berth B 0",
    "return B",
]
CLASS_NAMES = [t.__name__ for t in ACTION_TYPES]


def one_state_per_decision() -> dict[str, object]:
    found: dict[str, object] = {}
    for seed in range(6):
        for state in random_playout(new_game(3), random.Random(seed)):
            if not state.is_chance_node:
                found.setdefault(state.pending.kind.value, state)
    return found


STATES = one_state_per_decision()


@pytest.mark.parametrize("kind", sorted(STATES))
def test_a_wrong_answer_names_the_decision_in_words_and_no_class(kind: str) -> None:
    state = STATES[kind]
    words = decision_words(state)  # type: ignore[arg-type]
    assert not any(name in words for name in CLASS_NAMES if name != "Recolonize")
    for text in TYPED:
        try:
            match_action(text, state)  # type: ignore[arg-type]
        except NotationError as exc:
            message = str(exc)
            leaked = [name for name in CLASS_NAMES if f"{name}(" in message or name in message]
            leaked = [n for n in leaked if not (n == "Recolonize" and "recolonize" in message)]
            assert leaked == [], (kind, text, message)


def test_setup_says_which_beaches_are_left() -> None:
    assert decision_words(new_game(2)) == (
        "it is the setup: place one boat on a Tonga beach (setup 0\u20135)"
    )
    with pytest.raises(NotationError, match=r"an expansion \(expand\) does not answer"):
        match_action("expand 0,0 1", new_game(2))
