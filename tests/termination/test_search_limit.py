"""A caller's cap on one decision's look-ahead (issue 36): exact answers, or none at all.

The look-ahead of AMB-25 is bounded by the positions it can reach, which a
table built for it makes large. ``search_limit(positions=N)`` lets a caller
(the game server) refuse such a decision instead of working on it for
minutes: the decision raises ``SearchLimitReached`` and the state stays as it
was. What the cap must never do is change an answer.
"""

from __future__ import annotations

import threading

import pytest
from tests.termination.chain_generators import FAMILIES, FLAG_SETS, built_decisions
from tests.termination.test_search_bound import ISSUE_36

from tongiaki_rules import (
    Berth,
    Colour,
    Expand,
    GameState,
    SearchLimitReached,
    SettingsError,
    position_code,
    search_limit,
    state_from_json,
    state_from_position_code,
)


def _issue_turn() -> GameState:
    """Red's turn in issue 36's position, after blue's berth: Tonga's beach 1 never ends."""
    return state_from_position_code(ISSUE_36).apply(Berth(Colour.BLUE, 0))


@pytest.mark.clause("AMB-25")
def test_a_move_whose_look_ahead_passes_the_cap_is_refused_and_changes_nothing() -> None:
    turn = _issue_turn()
    code = position_code(turn)
    endless = Expand((0, 0), (1,))  # 283 positions to prove, then the others are looked at
    with search_limit(positions=100), pytest.raises(SearchLimitReached) as caught:
        turn.apply(endless)
    assert caught.value.limit == 100
    assert "100 positions" in str(caught.value)
    with search_limit(positions=2_000), pytest.raises(SearchLimitReached):
        turn.legal_actions()  # red's whole list: more than a million positions uncapped
    assert position_code(turn) == code


@pytest.mark.clause("AMB-25")
def test_a_move_a_certificate_settles_needs_no_allowance_at_all() -> None:
    drawing = Expand((0, 0), (3,))  # Tonga's beach 3 draws at once
    with search_limit(positions=0):
        after = _issue_turn().apply(drawing)
    assert after == _issue_turn().apply(drawing)


@pytest.mark.clause("AMB-25")
@pytest.mark.parametrize("flags", FLAG_SETS, ids=str)
def test_under_a_cap_every_decision_answered_is_the_exact_one(flags: str) -> None:
    """Decisions dense in chains: with a cap, the lists are those worked out without one."""
    rules = FLAG_SETS[flags]
    answered = 0
    for family in FAMILIES.values():
        capped = list(built_decisions(family, 0, rules, turn=10, after=6))
        exact = list(built_decisions(family, 0, rules, turn=10, after=6))  # fresh objects
        for mine, theirs in zip(capped, exact, strict=True):
            try:
                with search_limit(positions=300):
                    offered = mine.legal_actions()
            except SearchLimitReached:
                continue
            assert offered == theirs.legal_actions(), (family.name, theirs)
            answered += 1
    assert answered >= 50


def test_reading_a_state_under_a_cap_reports_the_cap_never_an_impossible_position() -> None:
    """A state document whose forced steps need a look-ahead: the cap is said, not a bad one."""
    for family in FAMILIES.values():
        for state in built_decisions(family, 1, FLAG_SETS["default"], turn=10, after=0):
            if state.is_chance_node or state.is_terminal:
                continue
            document = state.to_json()
            try:
                with search_limit(positions=0):
                    state_from_json(document)
            except SearchLimitReached:
                assert state_from_json(document) == state  # uncapped: read as before
                return
    pytest.fail("no position whose reading needs a look-ahead was found")


@pytest.mark.parametrize("bad", [-1, 1.5, "10", True, None, float("nan")])
def test_a_cap_that_is_not_a_whole_number_of_positions_is_refused(bad: object) -> None:
    with (
        pytest.raises(SettingsError, match="positions must be a whole number"),
        search_limit(positions=bad),  # type: ignore[arg-type]
    ):
        pass


def test_a_cap_holds_in_its_own_thread_only() -> None:
    """The cap is a context variable: another thread works without it (and inner blocks win)."""
    endless = Expand((0, 0), (1,))
    seen: list[str] = []

    def other() -> None:
        try:
            _issue_turn().apply(endless)
        except SearchLimitReached:
            seen.append("capped")
        except ValueError:
            seen.append("answered")  # refused by the rule, exactly: the chain never ends

    with search_limit(positions=10):
        thread = threading.Thread(target=other)
        thread.start()
        thread.join()
        with search_limit(positions=0), pytest.raises(SearchLimitReached) as caught:
            _issue_turn().apply(endless)
    assert seen == ["answered"]
    assert caught.value.limit == 0
