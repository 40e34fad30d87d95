"""Benchmark: the cost of AMB-25's look-ahead, and how often it refuses a choice (issue 24).

Plays seeded games (random players, then scheming players who fill beaches and
sail where no tile is drawn) and the turns of crowded built positions
(tests/termination/test_finite_choices.py), and at every decision measures:

- how many raw choices the rule refuses, and how many decisions have no
  finite choice at all (an endless chain that ``endless_chain`` settles);
- the exact search's work: positions visited (calls of ``node_key``) and the
  time to compute the decision's offered list.

It prints the totals and the worst decision found.

    python benchmarks/finite_choices.py [--games N] [--crowded N]
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path
from typing import Any

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO))

from tests.termination.test_finite_choices import (  # noqa: E402
    crowded_position,
    every_decision_of_the_turn,
    scheming,
)

from tongiaki_rules import GameState, Rules, new_game  # noqa: E402
from tongiaki_rules import _engine as E  # noqa: E402
from tongiaki_rules._engine.finite import FiniteChoices  # noqa: E402

VISITS = [0]
_node_key = FiniteChoices.node_key


def _counted(self: FiniteChoices, *known: Any) -> tuple[object, ...]:
    VISITS[0] += 1
    return _node_key(self, *known)


FiniteChoices.node_key = _counted  # type: ignore[method-assign]


class Tally:
    def __init__(self) -> None:
        self.decisions = 0
        self.refused = 0
        self.dead = 0
        self.searched = 0
        self.worst: tuple[int, float, str] = (0, 0.0, "")
        self.slowest: tuple[float, int, str] = (0.0, 0, "")

    def see(self, state: GameState) -> None:
        w = E.Work(state)
        raw = w.legal()
        if len(raw) < 2 or state.phase_ == E.SETUP:
            return
        VISITS[0] = 0
        t0 = time.perf_counter()
        offered = E.Work(state).offered()
        dt = time.perf_counter() - t0
        self.decisions += 1
        n = VISITS[0]
        if n:
            self.searched += 1
        refused = len(raw) - len(offered) if offered is not raw else 0
        self.refused += refused
        # all kept: either every choice is finite, or none is (an endless chain)
        if refused == 0 and not any(E.Work(state).ends_finitely(a) for a in raw):
            self.dead += 1
        code = state.to_position_code()
        if n > self.worst[0]:
            self.worst = (n, dt, code)
        if dt > self.slowest[0]:
            self.slowest = (dt, n, code)

    def report(self, name: str) -> None:
        print(
            f"{name}: {self.decisions} decisions, {self.searched} needed the search, "
            f"{self.refused} choices refused, {self.dead} with no finite choice"
        )
        n, dt, code = self.worst
        print(f"  most positions searched at one decision: {n} in {dt * 1e3:.2f} ms  ({code})")
        dt, n, code = self.slowest
        print(f"  slowest decision: {dt * 1e3:.2f} ms, {n} positions  ({code})")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--crowded", type=int, default=150)
    args = parser.parse_args()
    for label, rules, scheme in (
        ("random players, default rules", Rules(), False),
        ("scheming players, default rules", Rules(), True),
        ("scheming players, bounces not closed", Rules(bounce_counts_as_closed_route=False), True),
    ):
        tally = Tally()
        for seed in range(args.games):
            rng = random.Random(seed)
            state = new_game(2 + seed % 5, rules)
            while not state.is_terminal:
                state = state.resolve_chance(rng)
                if state.is_terminal:
                    break
                tally.see(state)
                acts = state.legal_actions()
                state = state.apply(scheming(state, rng) if scheme else rng.choice(acts))
        tally.report(label)
    tally = Tally()
    for seed in range(args.crowded):
        start = crowded_position(seed)
        if start is None:
            continue
        for state in every_decision_of_the_turn(start):
            tally.see(state)
    tally.report("crowded built positions (every decision of the turn)")


if __name__ == "__main__":
    main()
