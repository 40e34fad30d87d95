"""Decisions dense in chains, for the reference of AMB-25 (``reference_chain``).

A choice can only be refused where a chain can come back to a position
without a draw, which needs full beaches whose routes lead round tiles
already on the table. Random games rarely get there, so besides them this
module builds positions packed with such beaches and plays them with players
who keep chains going:

- *players*: a random one, and a repeating one who prefers the choices it
  made before and, failing that, choices that fill a beach or sail to an
  island rather than to open sea;
- *games*: new games with the standard tiles, and games with generated tile
  sets (one-slot beaches, rings of ocean tiles);
- *built positions*: islands packed round Tonga with beaches one boat short
  of full, in families that stress one thing each: plain crowding, royal
  islands to bounce off, rings of ocean tiles (and ocean tiles turned so
  that jetties lead to islands), an emptied reserve for the player to move
  (boats then move from the board), one-slot beaches, generated tile sets,
  and *tight rings*: two ocean tiles that send a group leaving the hex above
  Tonga straight back to it, with custom islands there whose beaches use
  exactly those edges (the densest source of refused choices);
- *flag sets*: the defaults and the three flags that change what closes a
  route or which exits a beach may take.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator

import attrs
from tests.termination.test_every_turn_ends import _seated

from tongiaki_rules import (
    ORIGIN,
    STANDARD_TILES,
    Berth,
    DecisionKind,
    Depart,
    Expand,
    ExpandFromBoard,
    GameState,
    InvalidPositionError,
    Rules,
    TileSet,
    new_game,
    position,
)
from tongiaki_rules import _engine as E
from tongiaki_rules._standard_tiles import island
from tongiaki_rules.actions import Action
from tongiaki_rules.fuzzing import GameSettings, sample_tile_set
from tongiaki_rules.hexgrid import STEPS, Hex
from tongiaki_rules.tiles import IslandTile

FLAG_SETS: dict[str, Rules] = {
    "default": Rules(),
    "no-forced-exit": Rules(closed_route_force_other_exit=False),
    "bounces-not-closed": Rules(bounce_counts_as_closed_route=False),
    "infinite-only": Rules(closed_route_mode="infinite_only"),
}
"""The rule sets every generator is run under."""

# ------------------------------------------------------------ players

Player = Callable[[GameState, random.Random, dict[Action, int]], Action]


def random_player(state: GameState, rng: random.Random, memory: dict[Action, int]) -> Action:
    """Any legal action, uniformly."""
    return rng.choice(state.legal_actions())


def _keen(state: GameState, acts: tuple[Action, ...]) -> list[Action]:
    """The choices that keep a chain going: fill a beach, or sail to an island."""
    w = E.Work(state)
    keen: list[Action] = []
    for a in acts:
        if isinstance(a, Berth) and state.at_ is not None:
            if w.free(w.where[state.at_], a.beach) == 1:
                keen.append(a)
        elif isinstance(a, Depart):
            i = w.where[a.island]
            if w.route(i, a.jetty, w.boats[i][a.beach]) >= 0:
                keen.append(a)
        elif isinstance(a, Expand):
            if any(w.free(w.where[a.island], b) == 1 for b in a.beaches):
                keen.append(a)
        elif isinstance(a, ExpandFromBoard) and w.free(w.where[a.island], a.beach) == 1:
            keen.append(a)
    return keen


def repeating_player(state: GameState, rng: random.Random, memory: dict[Action, int]) -> Action:
    """Prefers a choice it made before; else one that keeps the chain going; else any."""
    acts = state.legal_actions()
    again = [a for a in acts if a in memory]
    roll = rng.random()
    if again and roll < 0.6:
        choice = rng.choice(again)
    else:
        keen = _keen(state, acts) if roll < 0.92 else []
        choice = rng.choice(keen or acts)
    memory[choice] = memory.get(choice, 0) + 1
    return choice


PLAYERS: dict[str, Player] = {"random": random_player, "repeating": repeating_player}

# ------------------------------------------------------------ games


def played(start: GameState, player: Player, rng: random.Random, limit: int) -> Iterator[GameState]:
    """Up to ``limit`` decisions (setup left out) of ``start`` played on by ``player``."""
    state = start
    memory: dict[Action, int] = {}
    seen = 0
    while seen < limit:
        state = state.resolve_chance(rng)
        if state.is_terminal:
            return
        if state.phase_ != E.SETUP:
            seen += 1
            yield state
        state = state.apply(player(state, rng, memory))


def standard_game(seed: int, rules: Rules) -> GameState:
    """A new game of 2 to 6 players with the standard tiles."""
    return new_game(random.Random(f"standard-{seed}").randint(2, 6), rules)


def generated_tiles_game(seed: int, rules: Rules) -> GameState:
    """A new game with a generated tile set (one-slot beaches, rings of ocean tiles)."""
    rng = random.Random(f"generated-{seed}")
    tiles = sample_tile_set(rng)
    settings = _seated(GameSettings(rng.randint(2, 6), rules, tiles))
    return settings.new_game()


# ------------------------------------------------------------ built positions

RING = [(0, -1), (1, -1), (1, 0), (0, 1), (-1, 1), (-1, 0)]
OUTER = [(0, -2), (1, -2), (2, -2), (2, -1), (2, 0), (1, 1), (0, 2), (-1, 2), (-2, 2), (-2, 1)]

SOLO = island("solo", "Solo", 2, "1:12 2:45")
"""A custom island with a one-slot beach (jetties 1, 2) and a two-slot one (jetties 4, 5)."""
LONE = island("lone", "Lone", 1, "1:0 1:3")
"""A custom island of two one-slot beaches, on opposite edges."""
ONE_SLOT_TILES = TileSet.of(
    STANDARD_TILES.start,
    [SOLO, LONE, *(t for t in STANDARD_TILES.pile if t.id not in ("tubuai", "rarotonga"))],
)
TWIN = island("twin", "Twin", 2, "2:1 2:2")
"""Two two-slot beaches, with a jetty on edge 1 and on edge 2."""
DUO = island("duo", "Duo", 1, "1:1 1:2")
"""Two one-slot beaches, with a jetty on edge 1 and on edge 2."""
TIGHT_TILES = TileSet.of(
    STANDARD_TILES.start,
    [SOLO, TWIN, DUO, *(t for t in STANDARD_TILES.pile if t.id not in ("tubuai", "rarotonga"))],
)
TIGHT_RING = [((-1, 0), "ocean-p", 0), ((-1, -1), "ocean-l", 0)]
"""Ocean tiles that lead edges 1 and 2 of the hex (0, -1) into each other."""


@attrs.frozen
class Family:
    """How a built position is packed."""

    name: str
    islands: tuple[int, int] = (2, 4)
    """How many tiles of the inner ring, and (below) of the outer ring, to place."""
    outer: tuple[int, int] = (0, 3)
    ocean_share: float = 0.25
    king_share: float = 0.15
    empty_reserve: float = 0.0
    full_share: float = 0.0
    """The share of beaches built full: the position starts at a departure with several full."""
    landing: float = 0.0
    """The chance that the position starts with a group landing on one of the islands."""
    short_pile: float = 0.0
    """The chance that the pile holds only a few tiles (draws of one-slot islands come often)."""
    draws: int = 0
    """How many draws the turn's exploration follows, every outcome of each."""
    tight: bool = False
    """A ring of two ocean tiles leads two edges of the hex above Tonga into each other.

    The hex holds an island whose beaches use those edges (or stays empty for a
    colonisation to fill), so a group that sails from there comes straight back.
    """
    ringed: bool = False
    """Ocean tiles turned and chosen so that as many jetties as possible lead to an island."""
    tiles: str = "standard"  # or "one-slot", "tight", "generated"


FAMILIES: dict[str, Family] = {
    f.name: f
    for f in (
        Family("crowded"),
        Family("royal", king_share=0.5, outer=(1, 4)),
        Family("rings", ocean_share=0.55, islands=(3, 5), outer=(1, 4)),
        Family("emptied-reserve", empty_reserve=0.8),
        Family("one-slot", tiles="one-slot", king_share=0.25, empty_reserve=0.3),
        Family("generated", tiles="generated", ocean_share=0.4, empty_reserve=0.3),
        Family("full-beaches", ocean_share=0.45, king_share=0.2, full_share=0.3, outer=(1, 4)),
        Family("landing", ocean_share=0.4, king_share=0.2, full_share=0.1, landing=0.9),
        Family(
            "one-slot-rings",
            tiles="one-slot",
            ocean_share=0.5,
            king_share=0.2,
            empty_reserve=0.6,
            full_share=0.15,
            landing=0.3,
        ),
        Family("ringed", ocean_share=0.6, islands=(4, 6), outer=(3, 7), ringed=True),
        Family(
            "ringed-full",
            ocean_share=0.6,
            islands=(4, 6),
            outer=(3, 7),
            ringed=True,
            king_share=0.25,
            full_share=0.25,
            landing=0.3,
        ),
        Family(
            "ringed-one-slot",
            tiles="one-slot",
            ocean_share=0.6,
            islands=(4, 6),
            outer=(3, 7),
            ringed=True,
            king_share=0.15,
            empty_reserve=0.5,
            full_share=0.1,
        ),
        Family(
            "ringed-colonising",
            tiles="one-slot",
            ocean_share=0.6,
            islands=(4, 6),
            outer=(3, 7),
            ringed=True,
            short_pile=0.9,
            draws=1,
        ),
        Family(
            "tight-ring",
            tiles="tight",
            tight=True,
            islands=(0, 2),
            outer=(0, 2),
            king_share=0.2,
            empty_reserve=0.4,
            full_share=0.3,
            landing=0.2,
            short_pile=0.3,
            draws=1,
        ),
        Family(
            "tight-empty",
            tiles="tight",
            tight=True,
            islands=(0, 2),
            outer=(0, 1),
            king_share=0.1,
            empty_reserve=0.9,
        ),
        Family(
            "tight-full",
            tiles="tight",
            tight=True,
            islands=(1, 3),
            outer=(0, 3),
            king_share=0.3,
            full_share=0.45,
            landing=0.2,
        ),
        Family(
            "colonising",
            tiles="one-slot",
            ocean_share=0.5,
            short_pile=0.9,
            draws=1,
            empty_reserve=0.3,
        ),
    )
}


def _tile_set(family: Family, rng: random.Random) -> TileSet:
    if family.tiles == "one-slot":
        return ONE_SLOT_TILES
    if family.tiles == "tight":
        return TIGHT_TILES
    if family.tiles == "generated":
        return sample_tile_set(rng)
    return STANDARD_TILES


Placed = list[tuple[tuple[int, int], str, int]]


def _lands(ts: TileSet, table: dict[tuple[int, int], tuple[int, int]], cell: Hex, d: int) -> bool:
    """Does a route from the island at ``cell`` in direction ``d`` reach an island?

    Only routes a group of one colour can pass count: this steers the building
    towards circuits that any group can sail round.
    """
    entry = (d + 3) % 6
    pos = (cell[0] + STEPS[d][0], cell[1] + STEPS[d][1])
    for _ in range(40):
        here = table.get(pos)
        if here is None:
            return False
        t, rot = here
        if ts.is_island[t]:
            return True
        local = (entry - rot) % 6
        if ts.route_need[t][local] > 1:
            return False
        out = (ts.route_exit[t][local] + rot) % 6
        pos = (pos[0] + STEPS[out][0], pos[1] + STEPS[out][1])
        entry = (out + 3) % 6
    return False


def _circuit_score(ts: TileSet, table: dict[tuple[int, int], tuple[int, int]]) -> int:
    score = 0
    for cell, (t, rot) in table.items():
        if ts.is_island[t]:
            for jetties in ts.jetties[t]:
                for e in jetties:
                    score += _lands(ts, table, cell, (e + rot) % 6)
    return score


def _ringed(ts: TileSet, tiles: Placed, rng: random.Random) -> Placed:
    """Choose and turn the ocean tiles so that jetties lead to islands, not to open sea."""
    table = {ORIGIN: (ts.index[ts.start.id], 0)}
    for cell, kind, rot in tiles:
        table[cell] = (ts.index[kind], rot)
    ocean_cells = [cell for cell, kind, _r in tiles if not ts.is_island[ts.index[kind]]]
    spare = [t.id for t in ts.pile if not t.is_island]
    for cell in ocean_cells:
        spare.remove(ts.kinds[table[cell][0]].id)
    for _round in range(2):
        rng.shuffle(ocean_cells)
        for cell in ocean_cells:
            current = ts.kinds[table[cell][0]].id
            best: list[tuple[str, int]] = []
            top = -1
            for kind in {current, *spare}:
                for rot in range(6):
                    table[cell] = (ts.index[kind], rot)
                    score = _circuit_score(ts, table)
                    if score > top:
                        top, best = score, [(kind, rot)]
                    elif score == top:
                        best.append((kind, rot))
            kind, rot = rng.choice(best)
            table[cell] = (ts.index[kind], rot)
            if kind != current:
                spare.remove(kind)
                spare.append(current)
    return [(cell, ts.kinds[table[cell][0]].id, table[cell][1]) for cell, _k, _r in tiles]


def built_position(family: Family, seed: int, rules: Rules) -> GameState | None:
    """A packed position of ``family`` (None when the builder refuses the draw)."""
    try:
        return position(**built_arguments(family, seed, rules))  # type: ignore[arg-type]
    except InvalidPositionError:
        return None


def built_arguments(family: Family, seed: int, rules: Rules) -> dict[str, object]:
    """The arguments of :func:`~tongiaki_rules.position` for a packed position of ``family``."""
    rng = random.Random(f"{family.name}-{seed}")
    ts = _tile_set(family, rng)
    islands = [t for t in dict.fromkeys(ts.pile) if isinstance(t, IslandTile)]
    oceans = [t for t in dict.fromkeys(ts.pile) if not isinstance(t, IslandTile)]
    tiles: list[tuple[tuple[int, int], str, int]] = []
    used: dict[str, int] = {}
    ring, outer = RING, OUTER
    if family.tight:
        tiles = list(TIGHT_RING)
        centre = rng.choice(["twin", "twin", "duo", "solo", ""])
        if centre:
            tiles.append(((0, -1), centre, 0))
        for _cell, kind, _rot in tiles:
            used[kind] = 1
        taken = {(0, -1), *(cell for cell, _k, _r in TIGHT_RING)}
        ring = [cell for cell in RING if cell not in taken]
        outer = [cell for cell in OUTER if cell not in taken]
    cells = rng.sample(ring, min(len(ring), rng.randint(*family.islands)))
    cells += rng.sample(outer, rng.randint(*family.outer))
    for cell in cells:
        pool = oceans if oceans and rng.random() < family.ocean_share else islands
        fresh = [t for t in pool if used.get(t.id, 0) < ts.pile.count(t)]
        if not fresh:
            continue
        tile = rng.choice(fresh)
        used[tile.id] = used.get(tile.id, 0) + 1
        tiles.append((cell, tile.id, rng.randrange(6)))
    if family.ringed:
        tiles = _ringed(ts, tiles, rng)
        used = {}
        for _cell, kind, _rot in tiles:
            used[kind] = used.get(kind, 0) + 1
    players = rng.randint(2, 4)
    letters = "BRGY"[:players]
    mover = rng.randrange(players)
    boats: dict[tuple[tuple[int, int], int], str] = {}
    kings: dict[tuple[int, int], str] = {}
    kinds = {t.id: t for t in islands}
    for cell, kind, _rot in tiles:
        isle = kinds.get(kind)
        if isle is None:
            continue
        if rng.random() < family.king_share:
            kings[cell] = rng.choice(letters)
            continue
        for b, beach in enumerate(isle.beaches):
            n = beach.slots
            k = (
                n
                if rng.random() < family.full_share
                else rng.choice([0, n - 1, n - 1, rng.randrange(n)])
            )
            if k:
                boats[cell, b] = "".join(rng.choice(letters[:2] + letters[mover]) for _ in range(k))
    start_beaches = ts.start.beaches
    for b in rng.sample(range(len(start_beaches)), rng.randint(1, min(3, len(start_beaches)))):
        n = start_beaches[b].slots
        if n > 1:
            k = rng.choice([n - 1, n - 1, rng.randrange(1, n)])
            boats[(0, 0), b] = "".join(rng.choice(letters) for _ in range(k))
    extra: dict[str, object] = {}
    if rng.random() < family.empty_reserve:
        extra["reserves"] = {letters[mover]: 0}
    landable = [cell for cell, kind, _r in tiles if kind in kinds and cell not in kings]
    if landable and rng.random() < family.landing:
        extra["group"] = "".join(
            rng.choice(letters[:2] + letters[mover]) for _ in range(rng.randint(1, 3))
        )
        extra["group_at"] = rng.choice(landable)
    if rng.random() < family.short_pile:
        left = [t.id for t in ts.pile]
        for kind in used:
            left.remove(kind)
        lone = [k for k in left if k in ("lone", "solo", "duo")]
        extra["pile"] = lone + rng.sample(
            [k for k in left if k not in lone], min(2, len(left) - len(lone))
        )
    return {
        "num_players": players,
        "tiles": tiles,
        "boats": boats,
        "kings": kings,
        "to_move": mover,
        "rules": rules,
        "tile_set": ts,
        **extra,
    }


Path = tuple[Action, ...]


def turn_paths(start: GameState, budget: int, draws: int = 0) -> Iterator[tuple[Path, GameState]]:
    """Decisions reachable from ``start`` before the turn's end, with the actions leading there.

    Breadth first; a draw ends the exploration unless ``draws`` allows following
    every outcome of that many draws.
    """
    seen = {start}
    queue: list[tuple[Path, GameState, int]] = [((), start, 0)]
    while queue and budget > 0:
        path, state, drawn = queue.pop(0)
        if state.is_terminal:
            continue
        if state.is_chance_node:
            if drawn < draws:
                for draw, _p in state.chance_outcomes():
                    nxt = state.apply(draw)
                    if nxt not in seen:
                        seen.add(nxt)
                        queue.append(((*path, draw), nxt, drawn + 1))
            continue
        if state is not start and state.pending.kind is DecisionKind.TURN:
            continue
        budget -= 1
        yield path, state
        for a in state.legal_actions():
            nxt = state.apply(a)
            if nxt not in seen:
                seen.add(nxt)
                queue.append(((*path, a), nxt, drawn))


def built_decisions(
    family: Family, seed: int, rules: Rules, *, turn: int = 30, after: int = 20
) -> Iterator[GameState]:
    """The decisions of a built position's turn, then more of its game by a repeating player."""
    start = built_position(family, seed, rules)
    if start is None or start.is_terminal:
        return
    for _path, state in turn_paths(start, turn, family.draws):
        yield state
    rng = random.Random(f"after-{family.name}-{seed}")
    yield from played(start, repeating_player, rng, after)
