"""Proof run: every legal action of random games has a compact index, and two PlaceTile designs.

Plays ``--games`` random games (2 to 6 players, every rules flag drawn
uniformly, see :func:`tongiaki_rules.fuzzing.sample_rules`), and at every
decision checks the compact encoding (``actions="compact"``) against
``legal_actions()``: each legal action has exactly one index, in
``range(size)``, ``encode`` gives it, ``decode`` gives the action back, and
no two legal actions share an index. It fails at the first position where
that is not so, printing the seed.

It also measures what two designs of the PlaceTile block need:

- *rank* (the one built): the hexes the legal placements use, ranked in the
  disc's ring order; the block needs as many hexes as the most a position
  offers;
- *box*: a hex named relative to the table's bounding box in axial
  coordinates, grown by the furthest a tile can go (1 hex, 2 without the
  adjacency rule); the block needs the largest such box.

    python benchmarks/compact_actions.py [--games 10000] [--seed 0]
"""

from __future__ import annotations

import argparse
import random
import time
from collections import Counter

from tongiaki_rules import PlaceTile, Rules, SettingsError, new_game
from tongiaki_rules._standard_tiles import STANDARD_TILES
from tongiaki_rules._state import GameState
from tongiaki_rules.encoding import ActionEncoding
from tongiaki_rules.encoding_compact import CompactEncoding, placement_slots
from tongiaki_rules.fuzzing import sample_rules


def _box_cells(state: GameState, grow: int) -> int:
    """Hexes of the table's bounding box (axial q and r), grown by ``grow`` on every side."""
    qs = [pos[0] for pos, _t, _r in state.tiles_]
    rs = [pos[1] for pos, _t, _r in state.tiles_]
    if not qs:
        return 1
    return (max(qs) - min(qs) + 1 + 2 * grow) * (max(rs) - min(rs) + 1 + 2 * grow)


def check_position(state: GameState, compact: CompactEncoding) -> list[PlaceTile]:
    """Check every legal action of ``state``; return its placements."""
    legal = state.legal_actions()
    indices = [compact.encode(state, a) for a in legal]
    if len(set(indices)) != len(indices):
        raise AssertionError(f"two legal actions share an index: {indices}")
    for action, index in zip(legal, indices, strict=True):
        if not 0 <= index < compact.size:
            raise AssertionError(f"{action!r} has index {index}, outside 0..{compact.size - 1}")
        if compact.decode(state, index) is not action:
            raise AssertionError(f"index {index} does not decode to {action!r}")
    if sorted(indices) != compact.legal_indices(state):
        raise AssertionError("legal_indices disagrees with encode")
    return [a for a in legal if type(a) is PlaceTile]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=10_000)
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()
    started = time.perf_counter()
    positions = checked = 0
    most_hexes: Counter[bool] = Counter()
    most_box: Counter[bool] = Counter()
    most_legal = 0
    sizes: set[tuple[bool, int]] = set()
    for game in range(args.games):
        rng = random.Random(args.seed * 1_000_003 + game)
        players = rng.randint(2, 6)
        rules = sample_rules(rng, two_colour=players == 2)
        try:
            state = new_game(players, rules, start_player=rng.randrange(players))
        except SettingsError:  # flags that do not fit the player count: skip this game
            continue
        compact = ActionEncoding.for_state(state, actions="compact")
        assert isinstance(compact, CompactEncoding)
        adjacency = rules.recolonize_requires_adjacency
        sizes.add((adjacency, compact.size))
        decisions = 0
        while not state.is_terminal and decisions < 3000:
            if state.is_chance_node:
                state = state.apply(state.sample_chance(rng))
                continue
            places = check_position(state, compact)
            positions += 1
            checked += len(state.legal_actions())
            most_legal = max(most_legal, len(state.legal_actions()))
            if places:
                hexes = len({a.position for a in places})
                most_hexes[adjacency] = max(most_hexes[adjacency], hexes)
                grow = 1 if adjacency else 2
                most_box[adjacency] = max(most_box[adjacency], _box_cells(state, grow))
            state = state.apply(rng.choice(state.legal_actions()))
            decisions += 1
    seconds = time.perf_counter() - started
    full = ActionEncoding.for_game(4)
    others = full.offsets["PlaceTile"]
    print(
        f"{args.games} games (seed {args.seed}), {positions:,} decisions, "
        f"{checked:,} legal actions checked, in {seconds:.0f} s: all encodable"
    )
    print(f"most legal actions in one position: {most_legal}")
    print(f"full encoding: {full.size:,} actions ({full.lengths['PlaceTile']:,} PlaceTile)")
    for adjacency in (True, False):
        label = "adjacency rule on " if adjacency else "adjacency rule off"
        bound = placement_slots(
            Rules(recolonize_requires_adjacency=adjacency),
            STANDARD_TILES,
        )
        compact_sizes = sorted(size for adj, size in sizes if adj == adjacency)
        print(
            f"{label}: rank design: proven bound {bound} hexes = {others + 6 * bound:,} actions "
            f"(sizes met {compact_sizes}), most hexes met {most_hexes[adjacency]} "
            f"= {others + 6 * most_hexes[adjacency]:,}; box design: largest box met "
            f"{most_box[adjacency]} hexes = {others + 6 * most_box[adjacency]:,} actions"
        )


if __name__ == "__main__":
    main()
