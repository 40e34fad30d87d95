"""Benchmark: the most expensive decisions of AMB-25's look-ahead we can build (issue 36).

Each case is one step a client can ask for: ``state.apply(action)`` followed by
the new state's ``legal_actions()``. The script counts the positions the
look-ahead expands (calls of ``node_key``) and the CPU time, and stops a case
(for this measurement only) once it has expanded ``--cap`` positions, which it
then reports as "over the cap". The cases:

- ``issue-36``: the 4-player position under sampled flags that issue 36 quotes
  (the blue boat's berth on Hawaii's beach 0, then the next player's turn);
- ``royal-ring-N``: two or three open islands round Tonga, every other cell of
  the ring and the next one a royal island, beaches one boat short of full
  (seeded; the default rules, the position builder's checks);
- ``random`` and ``scheming``: the slowest single step met in seeded random
  4-player games (random players; players who fill beaches and sail where no
  tile is drawn);
- ``hypothesis``: with ``--search N``, hypothesis looks through N built
  positions (royal rings and the crowded positions of the termination tests,
  under sampled flags) for the step that expands the most positions
  (``hypothesis.target``), and the case is the costliest it found.

Beside them it prints the median CPU time of a whole random 4-player game,
the yardstick of the issue's target for the worst decision.

    python benchmarks/worst_decisions.py [--cap N] [--rings N] [--games N] [--search N]
                                         [--only-issue]
"""

from __future__ import annotations

import argparse
import random
import resource
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO))

from tongiaki_rules import (  # noqa: E402
    STANDARD_TILES,
    GameState,
    InvalidPositionError,
    new_game,
    position,
    state_from_position_code,
)
from tongiaki_rules._engine.finite import FiniteChoices  # noqa: E402
from tongiaki_rules.actions import Action  # noqa: E402

ISSUE_36 = (
    "T1_43.eafersObccetSetcerccfpcfesdbrfsP_bY_to000.BR.BB.BB.BB.BB.Rf00-1hw4-11.Y.YY.BtvY210o301"
    "a01-1tmB5-10hv10-2rn311.Y.YYraY4-12i5-20tkR1-21tb402.YYna32-2...GmuR3-22m13-3b24-3mg32-1.G.GG"
    ".GGsa13-2..G.G_fB1R2Y2_gB_a-1.1_h2_t2_sc_c2a0BYY2bYcB~2c2BB"
)


class OverCap(Exception):
    """The case expanded more positions than the measurement allows."""


EXPANDED = [0]
CAP = [10**12]
LIMIT = [10**12]
_node_key = FiniteChoices.node_key


def _counted(self: FiniteChoices, *known: Any) -> tuple[object, ...]:
    EXPANDED[0] += 1
    if EXPANDED[0] > CAP[0]:
        raise OverCap
    return _node_key(self, *known)


FiniteChoices.node_key = _counted  # type: ignore[method-assign]


def measure(step: Callable[[], object]) -> tuple[float, int, bool]:
    """CPU seconds, positions expanded, and whether the step finished under the cap."""
    EXPANDED[0] = 0
    CAP[0] = LIMIT[0]
    t0 = time.process_time()
    try:
        step()
        done = True
    except OverCap:
        done = False
    finally:
        CAP[0] = 10**12
    return time.process_time() - t0, EXPANDED[0], done


def step_of(state: GameState, action: Action) -> Callable[[], object]:
    return lambda: state.apply(action).legal_actions()


RING = [(0, -1), (1, -1), (1, 0), (0, 1), (-1, 1), (-1, 0)]
OUTER = [(0, -2), (1, -2), (2, -2), (2, -1), (2, 0), (1, 1), (0, 2), (-1, 2), (-2, 2), (-2, 1)]


def royal_ring(seed: int) -> GameState | None:
    """Two or three open islands round Tonga, ringed by royal islands; beaches nearly full."""
    rng = random.Random(f"royal-ring-{seed}")
    islands = [t for t in STANDARD_TILES.pile if t.is_island]
    chosen = rng.sample(islands, 10)
    opened = rng.sample(RING, rng.randint(1, 2))
    royal = [c for c in RING if c not in opened]
    royal += rng.sample(OUTER, 8 - len(royal))  # each colour founds two royal islands at most
    letters = "BRGY"
    tiles = []
    boats: dict[tuple[tuple[int, int], int], str] = {}
    kings: dict[tuple[int, int], str] = {}
    for cell, tile in zip([*opened, *royal], chosen, strict=False):
        tiles.append((cell, tile.id, rng.randrange(6)))
        if cell in royal:
            kings[cell] = letters[len(kings) % 4]
            continue
        for b, beach in enumerate(tile.beaches):
            k = max(0, beach.slots - 1 - (rng.random() < 0.3))
            if k:
                boats[cell, b] = "".join(rng.choice(letters) for _ in range(k))
    for b in range(6):
        if rng.random() < 0.7:
            boats[(0, 0), b] = "".join(rng.choice(letters) for _ in range(2))
    try:
        return position(4, tiles=tiles, boats=boats, kings=kings, to_move=0)
    except InvalidPositionError:
        return None


def slowest_in_games(games: int, keen: bool) -> tuple[float, int, bool]:
    """The slowest step of seeded random (or scheming) 4-player games."""
    worst = (0.0, 0, True)
    for seed in range(games):
        rng = random.Random(seed)
        state = new_game(4)
        while not state.is_terminal:
            if state.is_chance_node:
                state = state.resolve_chance(rng)
                continue
            acts = state.legal_actions()
            action = rng.choice(acts)
            if keen and rng.random() < 0.85:
                full = [a for a in acts if "Depart" in type(a).__name__]
                action = rng.choice(full) if full else action
            found = measure(step_of(state, action))
            if found[0] > worst[0]:
                worst = found
            if not found[2]:
                break  # the rest of this game is not measured
            state = state.apply(action)
    return worst


def hypothesis_search(examples: int) -> tuple[float, int, bool]:
    """The costliest step hypothesis finds among built positions (needs the test extra)."""
    from hypothesis import HealthCheck, given, settings, target
    from hypothesis import strategies as st
    from tests.termination.test_finite_choices import crowded_position

    worst = [(0.0, 0, True)]

    @settings(
        max_examples=examples,
        database=None,
        deadline=None,
        suppress_health_check=list(HealthCheck),
    )
    @given(st.integers(0, 10**6), st.booleans(), st.data())
    def costly(seed: int, ring: bool, data: st.DataObject) -> None:
        state = royal_ring(seed) if ring else crowded_position(seed)
        if state is None or not state.legal_actions():
            return
        action = data.draw(st.sampled_from(state.legal_actions()))
        found = measure(step_of(state, action))
        target(float(found[1]), label="positions expanded")
        worst[0] = max(worst[0], found, key=lambda f: (not f[2], f[1]))

    costly()
    return worst[0]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--cap", type=int, default=200_000, help="positions per case at most")
    parser.add_argument("--rings", type=int, default=12, help="royal-ring positions built")
    parser.add_argument("--games", type=int, default=20, help="games of each kind of player")
    parser.add_argument("--search", type=int, default=0, help="hypothesis examples (0: none)")
    parser.add_argument(
        "--only-issue",
        action="store_true",
        help="the issue-36 case alone (with a large --cap: how far its worst step goes)",
    )
    args = parser.parse_args()
    LIMIT[0] = args.cap

    def row(name: str, found: tuple[float, int, bool]) -> None:
        seconds, expanded, done = found
        mark = "" if done else f"  over the cap of {args.cap:,} positions"
        print(f"{name:<16} {seconds * 1000:>10.1f} ms  {expanded:>9,} positions{mark}", flush=True)

    if args.only_issue:
        state = state_from_position_code(ISSUE_36)
        for action in state.legal_actions():
            row(f"issue-36 {action.beach}", measure(step_of(state, action)))  # type: ignore[attr-defined]
        peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
        print(f"peak memory of the process: {peak:,.0f} MB")
        return
    times = []
    rng = random.Random(1)
    for _ in range(30):
        t0 = time.process_time()
        state = new_game(4)
        while not state.is_terminal:
            state = (
                state.resolve_chance(rng)
                if state.is_chance_node
                else state.apply(rng.choice(state.legal_actions()))
            )
        times.append(time.process_time() - t0)
    print(f"a whole random 4-player game (median of 30): {statistics.median(times) * 1000:.1f} ms")
    print(f"{'case':<16} {'CPU':>13}  {'expanded':>19}")

    state = state_from_position_code(ISSUE_36)
    for action in state.legal_actions():
        row(f"issue-36 {action.beach}", measure(step_of(state, action)))  # type: ignore[attr-defined]
    for seed in range(args.rings):
        ring = royal_ring(seed)
        if ring is None:
            continue
        worst = (0.0, 0, True)
        for action in ring.legal_actions():
            found = measure(step_of(ring, action))
            worst = max(worst, found)
        row(f"royal-ring-{seed}", worst)
    row("random", slowest_in_games(args.games, keen=False))
    row("scheming", slowest_in_games(args.games, keen=True))
    if args.search:
        row("hypothesis", hypothesis_search(args.search))


if __name__ == "__main__":
    main()
