"""Benchmark: how long position codes get, over every state of random games.

Plays random games with the standard tiles (half with the default rules,
half with sampled flags, 2 to 6 players, the two-colour variant included)
and measures the code of every state: the whole code, the code without its
chain part, and each part alone (table, chain, the rest). Prints max, p99,
p99.9 and the share of codes over 400 characters.

    python benchmarks/position_code_sizes.py [--games N] [--seed S]
"""

from __future__ import annotations

import argparse
import random
import time
from collections.abc import Iterator

from tongiaki_rules import GameState, Rules, new_game
from tongiaki_rules.fuzzing import sample_rules
from tongiaki_rules.testing import random_playout

LIMIT = 400


def games(count: int, seed: int) -> Iterator[list[GameState]]:
    """``count`` random games, every other one under sampled rules flags."""
    rng = random.Random(seed)
    for k in range(count):
        rules = sample_rules(rng) if k % 2 else Rules()
        two_colour = rules.variant_two_player_double_colour
        players = 2 if two_colour else rng.randint(2, 6)
        start = new_game(players, rules, start_player=rng.randrange(players))
        yield random_playout(start, rng)


def sizes(code: str) -> dict[str, int]:
    """The length of the code and of its parts: table, chain, rest, code without the chain."""
    parts = code.split("_")
    chain = sum(len(p) + 1 for p in parts[4:] if p.startswith("c"))
    table = len(parts[3])
    return {
        "code": len(code),
        "no chain": len(code) - chain,
        "table": table,
        "chain": chain,
        "rest": len(code) - chain - table,
    }


def quantile(values: list[int], q: float) -> int:
    return values[min(len(values) - 1, int(q * len(values)))]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=400)
    parser.add_argument("--seed", type=int, default=2026)
    args = parser.parse_args()
    began = time.perf_counter()
    measured: dict[str, list[int]] = {}
    longest = ""
    for game in games(args.games, args.seed):
        for state in game:
            code = state.to_position_code()
            longest = max(longest, code, key=len)
            for name, size in sizes(code).items():
                measured.setdefault(name, []).append(size)
    total = len(measured["code"])
    print(f"{args.games} games, {total} states, {time.perf_counter() - began:.0f} s")
    print(f"{'part':10} {'max':>5} {'p99':>5} {'p99.9':>6} {'>400':>8}")
    for name, values in measured.items():
        values.sort()
        over = sum(v > LIMIT for v in values) / total
        print(
            f"{name:10} {values[-1]:5} {quantile(values, 0.99):5} "
            f"{quantile(values, 0.999):6} {over:8.3%}"
        )
    print(f"longest ({len(longest)}): {longest}")


if __name__ == "__main__":
    main()
