"""AMB-25's look-ahead counts positions, never paths: each position is expanded once a decision.

A server operator needs a bound on one ``legal_actions()`` call that does not
grow with the number of ways to reach a position. The look-ahead of one
decision (all its choices together) expands each position it meets at most
once, and the positions it expands are positions (the scratch copy without the
chain's memory), so its work is at most the number of positions reachable from
the decision without a draw. These tests watch the expansions on decisions
dense in chains and check that no position is expanded twice in one decision,
under every flag set of the reference's generators.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator

import pytest
from tests.termination.chain_generators import FAMILIES, FLAG_SETS, built_decisions

import tongiaki_rules
from tongiaki_rules import GameState, Rules
from tongiaki_rules import engine as E
from tongiaki_rules.actions import Action
from tongiaki_rules.engine.finite import FiniteChoices

EXPANDED: list[tuple[object, ...]] = []
"""The positions the watched look-ahead expanded, in order."""


def watched_work() -> type[E.Work]:
    """A work class whose look-ahead records every position it expands.

    Made on demand: the compiled build's work class is native, and an interpreted class may
    not inherit from it (its tests skip this module).
    """

    class Watched(E.Work):
        __slots__ = ()

        def fork(self) -> E.Work:
            return Watched(self)

        def promising_first(self, acts: list[Action]) -> list[Action]:
            EXPANDED.append(self.node_key())  # called once for each position expanded
            return FiniteChoices.promising_first(self, acts)

    return Watched


def decisions(rules: Rules) -> Iterator[GameState]:
    for family in FAMILIES.values():
        for seed in range(3):
            yield from built_decisions(family, seed, rules, turn=15, after=10)


@pytest.mark.clause("AMB-25")
@pytest.mark.skipif(
    tongiaki_rules.COMPILED,
    reason="the watch subclasses the work object, which the compiled build's native class "
    "does not allow; the pure build runs it",
)
@pytest.mark.parametrize("flags", FLAG_SETS, ids=str)
def test_one_decision_expands_each_position_at_most_once(flags: str) -> None:
    watched = watched_work()
    searched = 0
    for state in decisions(FLAG_SETS[flags]):
        EXPANDED.clear()
        offered = watched(state).offered()
        assert offered == list(state.legal_actions())  # the watch changes nothing
        twice = [key for key, n in Counter(EXPANDED).items() if n > 1]
        assert not twice, (state, len(twice))
        searched += bool(EXPANDED)
    assert searched >= 20  # the sample reaches the look-ahead
