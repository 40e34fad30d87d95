"""Shared states, tile sets and games for the JSON and record tests."""

from __future__ import annotations

import random
from collections.abc import Callable
from functools import cache

from tongiaki_rules import (
    TONGA,
    BeachSpec,
    Draw,
    GameState,
    IslandTile,
    OceanTile,
    Recolonize,
    Recorder,
    Route,
    Rules,
    TileSet,
    new_game,
    position,
)
from tongiaki_rules.testing import random_playout

ATOLL = IslandTile("atoll", "Atoll", 2, (BeachSpec(2, (0, 1)), BeachSpec(3, (3,))))
REEF = IslandTile("reef", "Reef", 3, (BeachSpec(3, (0, 1, 2)), BeachSpec(2, (4, 5))))
SWELL = OceanTile("swell", (Route(0, 3, 0), Route(1, 4, 2), Route(2, 5, 3)))
CURRENT = OceanTile("current", (Route(0, 1, 0), Route(2, 3, 0), Route(4, 5, 2)))
CUSTOM_TILES = TileSet(TONGA, (ATOLL, SWELL, ATOLL, REEF, SWELL, CURRENT, SWELL))
"""A small custom set with copies of tiles, in a mixed order."""

HOME = IslandTile(
    "home",
    "Home",
    0,
    (BeachSpec(4, (0, 1)), BeachSpec(4, (2, 3)), BeachSpec(4, (4, 5))),
    is_start=True,
)
CUSTOM_START = TileSet(HOME, (REEF, ATOLL, CURRENT, SWELL, REEF, SWELL, CURRENT))
"""A custom set with its own start island."""

DEFAULT = Rules()

VARIANTS: dict[str, Rules] = {
    "default": Rules(),
    "rody": Rules(variant_rody=True),
    "two_colour": Rules(variant_two_player_double_colour=True),
    "bounce_not_closed": Rules(bounce_counts_as_closed_route=False),
    "kings_removed": Rules(recolonize_keeps_royal=False, recolonize_removed_to_reserve=False),
    "owner_lands": Rules(royal_owner_may_land=True),
    "failure_ends_turn": Rules(failure_ends_turn=True),
    "distinct_setup": Rules(setup_distinct_beaches=True),
}


def players_for(rules: Rules, n: int) -> int:
    """``n``, or 2 for the two-colour variant."""
    return 2 if rules.variant_two_player_double_colour else n


@cache
def playout(
    num_players: int, seed: int, rules: Rules = DEFAULT, tiles: TileSet | None = None
) -> tuple[GameState, ...]:
    """Every state of one seeded random game (cached: several tests share games)."""
    start = (
        new_game(num_players, rules) if tiles is None else new_game(num_players, rules, tiles=tiles)
    )
    return tuple(random_playout(start, random.Random(seed)))


@cache
def recorded(
    num_players: int, seed: int, rules: Rules = DEFAULT, tiles: TileSet | None = None
) -> Recorder:
    """A seeded random game played through a :class:`Recorder`."""
    recorder = (
        Recorder(num_players, rules) if tiles is None else Recorder(num_players, rules, tiles=tiles)
    )
    return play_on(recorder, seed)


def play_on(recorder: Recorder, seed: int) -> Recorder:
    """``recorder``, played on to the end with seeded random choices and draws."""
    rng = random.Random(seed)
    while not recorder.state.is_terminal:
        if recorder.state.is_chance_node:
            recorder.resolve_chance(rng)
        else:
            recorder.apply(rng.choice(recorder.state.legal_actions()))
    return recorder


def find_state(
    rules: Rules,
    predicate: Callable[[GameState], bool],
    *,
    num_players: int = 3,
    tiles: TileSet | None = None,
    seeds: range = range(200),
) -> GameState:
    """The first state of the seeded random games that satisfies ``predicate``."""
    n = players_for(rules, num_players)
    for seed in seeds:
        for state in playout(n, seed, rules, tiles):
            if predicate(state):
                return state
    raise AssertionError("no random game reached such a state")


def positions() -> dict[str, GameState]:
    """Hand-built positions covering every phase and the odd corners of the state."""
    cases: dict[str, GameState] = {}
    cases["setup"] = new_game(3)
    cases["setup_under_way"] = new_game(4, start_player=2).apply(
        new_game(4, start_player=2).legal_actions()[1]
    )
    cases["turn"] = position(
        3,
        tiles=[((0, -1), "hawaii", 0), ((1, -1), "ocean-c", 4)],
        boats={((0, 0), 0): "BR", ((0, -1), 1): "RG"},
        to_move=1,
    )
    cases["group_at_sea"] = position(3, group="RRG", group_at=(0, 1), entry=3, origin=(0, 0))
    cases["landing"] = position(
        3, tiles=[((0, -1), "hawaii", 0)], group="RRGB", group_at=(0, -1), origin=(0, 0)
    )
    cases["royal_removed_out"] = position(
        5,
        tiles=[((0, -1), "hawaii", 0), ((0, 1), "samoa", 3), ((1, 0), "ocean-a", 2)],
        boats={((0, 0), 1): "BY", ((0, 1), 0): "GO"},
        kings={(0, -1): "R"},
        removed=["tubuai"],
        reserves={"B": 10, "O": 12},
        royal_founded={"R": 2},
        to_move=3,
    )
    cases["departure"] = position(
        3,
        tiles=[((0, -1), "hawaii", 0)],
        boats={((0, -1), 0): "BRG", ((0, 0), 2): "BBR"},
        to_move=2,
    )
    cases["colonize_place_tile"] = cases["turn"].apply(Recolonize()).apply(Draw("ocean-a"))
    return cases
