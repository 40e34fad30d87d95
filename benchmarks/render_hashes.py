"""Hash what the library shows of a few hundred random states: text, JSON and SVG.

A refactoring that must not change behaviour prints the same hashes before
and after. Each state of seeded random games (2 to 6 players, the default
rules and a few variants) is rendered with ``render_text``, ``to_json`` and
``render_svg``, together with its legal actions and scores.

    python benchmarks/render_hashes.py [--games N]
"""

from __future__ import annotations

import argparse
import hashlib
import random

from tongiaki_rules import Rules, new_game, render_svg, render_text

VARIANTS = (
    Rules(),
    Rules(variant_rody=True),
    Rules(variant_two_player_double_colour=True),
    Rules(failure_ends_turn=True, royal_owner_may_land=True),
    Rules(closed_route_force_other_exit=False, bounce_counts_as_closed_route=False),
)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=20)
    args = parser.parse_args()
    text, json_, svg = hashlib.sha256(), hashlib.sha256(), hashlib.sha256()
    states = 0
    for seed in range(args.games):
        rng = random.Random(seed)
        rules = VARIANTS[seed % len(VARIANTS)]
        players = 2 if rules.variant_two_player_double_colour else 2 + seed % 5
        state = new_game(players, rules)
        step = 0
        while not state.is_terminal:
            if step % 15 == 0:
                states += 1
                text.update(render_text(state).encode())
                text.update(repr(state.legal_actions()).encode())
                text.update(repr(state.scores()).encode())
                json_.update(state.to_json().encode())
                svg.update(render_svg(state, highlight=True).encode())
            state = (
                state.apply(state.sample_chance(rng))
                if state.is_chance_node
                else state.apply(rng.choice(state.legal_actions()))
            )
            step += 1
        json_.update(state.to_json().encode())
        svg.update(render_svg(state).encode())
    print(f"states: {states}")
    print(f"text:   {text.hexdigest()}")
    print(f"json:   {json_.hexdigest()}")
    print(f"svg:    {svg.hexdigest()}")


if __name__ == "__main__":
    main()
