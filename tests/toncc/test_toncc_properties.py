"""Properties over random games, and hostile input to every public entry point."""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from tests.conformance_plugin import source_marks
from tests.toncc.helpers import dealt, invariants, midgame

from tongiaki_rules.errors import TongiakiError
from tongiaki_rules.toncc import (
    CLAUSES,
    MAX_TURNS_PER_CHALLENGE,
    MOVES,
    STANDARD_MAP,
    JointAction,
    King,
    Move,
    PlaceRegion,
    TonccMap,
    TonccRules,
    TonccState,
    new_game,
    observe,
)
from tongiaki_rules.toncc._rules import Compass, FinalThreeWayTie, StallKingPoints, TopTie

RULES = st.builds(
    TonccRules,
    stall_king_points=st.sampled_from(StallKingPoints),
    top_tie=st.sampled_from(TopTie),
    final_three_way_tie=st.sampled_from(FinalThreeWayTie),
    compass=st.sampled_from(Compass),
)


def play(seed: int, rules: TonccRules) -> list[TonccState]:
    """Every state of one random game (random shuffles, random moves)."""
    rng = random.Random(seed)
    state = new_game(rules)
    seen = [state]
    turns = 0
    while not state.is_terminal:
        if state.is_chance:
            state = state.apply_chance(state.sample_chance(rng))
            turns = 0
        else:
            state = state.apply_joint({k: rng.choice(MOVES) for k in state.active_kings})
            turns += 1
            assert turns <= MAX_TURNS_PER_CHALLENGE
        seen.append(state)
    return seen


@pytest.mark.clause("TC-CONQ-4", "TC-MOVE-2", "TC-GAME-1")
@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 2**32), rules=RULES)
def test_random_games_finish_and_the_invariants_hold_at_every_state(
    seed: int, rules: TonccRules
) -> None:
    states = play(seed, rules)
    for state in states:
        invariants(state)
    final = states[-1]
    assert len(final.results) == 3 and final.winners()
    for result in final.results:
        assert sum(result.toncc_points) == 3
        assert all(p in (0, 1, 2, 3) for p in result.king_points)


@settings(max_examples=15, deadline=None)
@given(seed=st.integers(0, 2**32))
def test_states_are_values_equal_states_hash_equal_and_replay_gives_the_same_game(
    seed: int,
) -> None:
    first, second = play(seed, TonccRules()), play(seed, TonccRules())
    assert first == second
    assert [hash(s) for s in first] == [hash(s) for s in second]
    assert len(set(first)) == len(first)  # every step changes the state


HOSTILE = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(),
    st.floats(allow_nan=True),
    st.text(max_size=3),
    st.just("\ud800"),
    st.just(10**5000),
    st.lists(st.integers(), max_size=3),
    st.just(King),
)


@pytest.mark.clause("TC-MOVE-1", "TC-MOVE-2")
@settings(max_examples=60, deadline=None)
@given(junk=HOSTILE, seed=st.integers(0, 50))
def test_hostile_input_raises_a_tongiaki_error_and_changes_nothing(junk: object, seed: int) -> None:
    state = next(s for s in play(seed, TonccRules())[40:] if s.active_kings)
    copy = next(s for s in play(seed, TonccRules())[40:] if s.active_kings)
    calls = [
        lambda: state.legal_actions(junk),  # type: ignore[arg-type]
        lambda: state.apply_joint(junk),  # type: ignore[arg-type]
        lambda: state.apply_joint({k: junk for k in King}),  # type: ignore[misc]
        lambda: state.apply_chance(junk),  # type: ignore[arg-type]
        lambda: state.apply_chance(PlaceRegion(junk)),  # type: ignore[arg-type]
        lambda: state.sample_chance(junk),  # type: ignore[arg-type]
        lambda: state.resolve_chance(junk),  # type: ignore[arg-type]
        lambda: state.dealt(junk),  # type: ignore[arg-type]
        lambda: state.destination(junk, MOVES[0]),  # type: ignore[arg-type]
        lambda: state.destination(King.RED, junk),  # type: ignore[arg-type]
        lambda: JointAction.of(junk),  # type: ignore[arg-type]
        lambda: TonccRules(compass=junk),
        lambda: TonccRules(top_tie=junk),
        lambda: TonccMap(junk),  # type: ignore[arg-type]
        lambda: observe(junk, King.RED),  # type: ignore[arg-type]
        lambda: observe(state, junk),  # type: ignore[arg-type]
    ]
    if not (type(junk) is int and 1 <= junk <= 6):  # Move(1)..Move(6) are the six moves
        calls.append(lambda: Move(junk))  # type: ignore[arg-type]
    if junk is not None:  # None asks for the default rules and Map
        calls += [lambda: new_game(junk), lambda: new_game(None, junk)]  # type: ignore[arg-type]
    if isinstance(junk, str | int | float | type):  # hashable: try it as a King
        calls.append(lambda: state.apply_joint({junk: MOVES[0]}))  # type: ignore[dict-item]
    for call in calls:
        with pytest.raises(TongiakiError):
            call()
    assert state == copy and hash(state) == hash(copy)


@pytest.mark.clause("TC-MOVE-2", "TC-END-1")
@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 2**32), drop=st.sampled_from(King), extra=st.booleans())
def test_missing_or_extra_kings_in_a_joint_action_are_refused(
    seed: int, drop: King, extra: bool
) -> None:
    states = [s for s in play(seed, TonccRules()) if s.active_kings and len(s.active_kings) < 3]
    one_left = midgame(dealt(), dict.fromkeys(range(6, 12), King.RED), ("off", "I3", "I1"))
    state = (states[0] if states else one_left) if extra else dealt()
    moves = dict.fromkeys(state.active_kings, MOVES[0])
    if extra:
        gone = next(k for k in King if k not in state.active_kings)
        moves[gone] = MOVES[0]
        clause = "TC-END-1"
    else:
        moves.pop(drop)
        clause = "TC-MOVE-2"
    with pytest.raises(TongiakiError, match=f"^{clause}: King "):
        state.apply_joint(moves)


def test_rules_take_flags_by_name_only() -> None:
    for bad in (lambda: TonccRules(compas="d6"), lambda: TonccRules("d6")):  # type: ignore[call-arg]
        with pytest.raises(TongiakiError, match="TonccRules"):
            bad()
    assert TonccRules(compass="d6") == TonccRules(compass=Compass.D6)
    assert repr(TonccRules(top_tie=TopTie.WINNER_TAKES_BOTH)) == (
        "TonccRules(top_tie=TopTie.WINNER_TAKES_BOTH)"
    )
    assert TonccMap(list(STANDARD_MAP.regions)) == STANDARD_MAP


def test_every_clause_is_checked_by_a_test_and_every_named_clause_exists() -> None:
    # the conformance plugin reads the clause marks (and the toncc_clause alias) from source
    root = Path(__file__).resolve().parents[2]
    files = (root / "tests").rglob("test_*.py")
    marks = [m for m in source_marks(files, root) if m.kind == "clause"]
    named = {str(cid) for mark in marks for cid in mark.args if str(cid).startswith("TC-")}
    assert named <= set(CLAUSES), sorted(named - set(CLAUSES))
    assert set(CLAUSES) <= named, sorted(set(CLAUSES) - named)
