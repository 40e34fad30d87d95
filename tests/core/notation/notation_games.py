"""Shared sample for the notation tests: the actions of a few random full games.

The games cover every action type (Draw included) under the default rules and
both variants (Rody, two colours per player in a two-player game).
"""

from __future__ import annotations

import functools
import random

from tongiaki_rules import Action, GameState, Rules, new_game
from tongiaki_rules.testing import random_playout

DEFAULT = Rules()
RODY = Rules(variant_rody=True)
DOUBLE = Rules(variant_two_player_double_colour=True)
VARIANTS = {"default": DEFAULT, "rody": RODY, "double": DOUBLE}

# (rules name, players, seed); default 5p seed 1 and rody 4p seed 3 have ReturnBoat,
# the others ExpandFromBoard among the rest
GAMES = [
    ("default", 2, 0),
    ("default", 3, 3),
    ("default", 4, 1),
    ("default", 5, 1),
    ("default", 6, 0),
    ("rody", 3, 0),
    ("rody", 4, 3),
    ("double", 2, 1),
    ("double", 2, 2),
]


@functools.cache
def game(rules_name: str, players: int, seed: int) -> tuple[GameState, ...]:
    start = new_game(players, VARIANTS[rules_name], start_player=seed % players)
    return tuple(random_playout(start, random.Random(seed)))


def options(state: GameState) -> list[Action]:
    """The legal actions of ``state``, or the draws of a chance node."""
    if state.is_chance_node:
        return [draw for draw, _ in state.chance_outcomes()]
    return list(state.legal_actions())


@functools.cache
def sample(rules_name: str | None = None) -> tuple[Action, ...]:
    """Every distinct action met in the games (of one rules variant, if given)."""
    found: dict[Action, None] = {}
    for name, players, seed in GAMES:
        if rules_name in (None, name):
            for state in game(name, players, seed):
                found.update(dict.fromkeys(options(state)))
    return tuple(found)
