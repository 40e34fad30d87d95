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
from tests.termination.pure_build import pure_build_only

import tongiaki_rules
from tongiaki_rules import GameState, Rules
from tongiaki_rules import _engine as E
from tongiaki_rules._engine.finite import FiniteChoices
from tongiaki_rules.actions import Action

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
@pure_build_only
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


ISSUE_36 = (
    "T1_43.eafersObccetSetcerccfpcfesdbrfsP_bY_to000.BR.BB.BB.BB.BB.Rf00-1hw4-11.Y.YY.BtvY210o301"
    "a01-1tmB5-10hv10-2rn311.Y.YYraY4-12i5-20tkR1-21tb402.YYna32-2...GmuR3-22m13-3b24-3mg32-1.G.GG"
    ".GGsa13-2..G.G_fB1R2Y2_gB_a-1.1_h2_t2_sc_c2a0BYY2bYcB~2c2BB"
)
"""The position issue 36 quotes (a 4-player game under sampled flags, in its position code)."""


@pytest.mark.clause("AMB-25")
@pytest.mark.skipif(
    tongiaki_rules.COMPILED,
    reason="lowers finite._SETTLED_SIZE, a constant the compiled build folds into its code; "
    "the pure build runs it",
)
def test_a_long_look_ahead_keeps_no_settled_positions_once_its_decision_is_answered(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Memory stays flat: what a decision settled is kept for the next decisions of its
    chain only when it is small (``finite._SETTLED_SIZE`` positions at most)."""
    from tongiaki_rules import Berth, Colour, Expand, state_from_position_code
    from tongiaki_rules._engine import finite

    turn = state_from_position_code(ISSUE_36).apply(Berth(Colour.BLUE, 0))
    # red's expansions on Tonga: beach 1's group can never end the turn (80 positions), beach
    # 0's can (after about 200), beach 3's draws at once
    refused, long, drawing = (Expand((0, 0), (b,)) for b in (1, 0, 3))
    monkeypatch.setattr(finite, "_SETTLED_SIZE", 150)
    work = E.Work(turn)
    finite._settled().clear()
    assert work.finite_choices([refused, drawing]) == [drawing]
    assert len(finite._settled()) == 1  # kept for the chain's next decisions
    assert 0 < len(next(iter(finite._settled().values()))[1].marks) <= 150
    assert work.finite_choices([long, drawing]) == [long, drawing]
    assert finite._settled() == {}  # more than _SETTLED_SIZE positions: forgotten
