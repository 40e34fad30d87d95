"""Circuits: where a chain of voyages can come round again (AMB-25, computed once per table).

A chain between two draws can come back to a position it has reached only if
its groups can sail round: from an island, over the tiles on the table, to an
island whose beaches can fill and sail on, and so on back. Between two draws
the tiles only leave the table and the kings do not change, so the places a
group can sail to form a graph of the islands that stays fixed for the whole
chain: an edge from island ``i`` to island ``j`` when a jetty of ``i`` leads
over ocean tiles to ``j``, or, at a royal island, to the island the group
bounces back to (ROYAL-7, AMB-09) and, with ``royal_owner_may_land``, to the
royal island itself. Every route counts as passable, whatever the colours:
the graph may have more edges than any group can use, never fewer.

If no island that a chain can depart from can reach a cycle of that graph,
every departure moves its group one step along a graph without cycles (or
loses it), so the boats on the table never come back to an arrangement they
had, and every choice ends the turn finitely: the look-ahead has nothing to
refuse. :func:`circling` gives the islands that can reach a cycle; it is kept
per table, so each draw pays for it at most once.

>>> from tongiaki_rules import new_game
>>> from tongiaki_rules.engine import Work
>>> sorted(circling(Work(new_game(2))))
[]
"""

from __future__ import annotations

from ..hexgrid import STEPS, Hex
from ..rules import BounceTarget, ClosedRouteMode
from .board import NO_KING
from .closed_routes import ClosedRoutes

_KEPT = 512
"""How many tables' answers are kept before the memory is cleared."""

_circling: dict[tuple[object, ...], frozenset[int]] = {}
_tile_sets: dict[int, object] = {}


def circling(w: ClosedRoutes, origin: Hex | None = None) -> frozenset[int]:
    """The islands (tile indices) from which a chain of voyages can reach a circuit.

    ``origin`` is the island the turn began on, for the royal bounce of
    ``royal_bounce_target="turn_origin"``; ``None`` takes the work's own.
    """
    rules = w.cfg.rules
    turn_origin = w.turn_origin if origin is None else origin
    if rules.royal_bounce_target is not BounceTarget.TURN_ORIGIN:
        turn_origin = None
    ts = w.cfg.tiles
    # a tile set compares by identity; it is kept alive beside the answers keyed by its id
    key = (id(ts), rules.royal_owner_may_land, turn_origin, w.tiles, w.kings)
    found = _circling.get(key)
    if found is None:
        if len(_circling) >= _KEPT:
            _circling.clear()
            _tile_sets.clear()
        _tile_sets[id(ts)] = ts
        found = _circling[key] = _reach_a_cycle(_landing_graph(w, turn_origin))
    return found


def _landing_graph(w: ClosedRoutes, turn_origin: Hex | None) -> list[set[int]]:
    """For each tile, the islands a group departing from it can come to (see the module).

    A route that needs more colours than a beach's group can ever have (its
    slots, or the colours in play) loses the group. Under the default reading
    (``geometric`` closed routes, owners not landing on royal islands) an
    island whose every jetty leads back is removed when a group departs
    (CLOSED-1), and with ``closed_route_force_other_exit`` a beach with an exit
    that leads elsewhere never sails straight back (CLOSED-2).
    """
    ts = w.cfg.tiles
    rules = w.cfg.rules
    tiles = w.tiles
    where = w.where
    kings = w.kings
    may_land = rules.royal_owner_may_land
    # whether an exit leads straight back does not depend on the group here
    plain = rules.closed_route_mode is ClosedRouteMode.GEOMETRIC and not may_land
    force = plain and rules.closed_route_force_other_exit
    colours_in_play = len(w.reserve)
    back = -1
    if turn_origin is not None:
        k = where.get(turn_origin)
        if k is not None and kings[k] == NO_KING:
            back = k
    succ: list[set[int]] = [set() for _ in tiles]
    limit = 6 * len(tiles) + 6
    for i, (pos, t, rot) in enumerate(tiles):
        if not ts.is_island[t]:
            continue
        if plain and w.is_closed(i, ()):
            continue  # any departure removes the island (CLOSED-1)
        slots = ts.slots[t]
        for b, jetties in enumerate(ts.jetties[t]):
            dirs = [(e + rot) % 6 for e in jetties]
            if force:
                away = [d for d in dirs if not w.loops_back(i, d, ())]
                if away:
                    dirs = away
            most = min(slots[b], colours_in_play)
            for d in dirs:
                dq, dr = STEPS[d]
                at = (pos[0] + dq, pos[1] + dr)
                entry = (d + 3) % 6
                j = -1
                for _step in range(limit):
                    k = where.get(at)
                    if k is None:
                        break
                    _p, u, turned = tiles[k]
                    if ts.is_island[u]:
                        j = k
                        break
                    local = (entry - turned) % 6
                    if ts.route_need[u][local] > most:
                        break  # no group from this beach passes: it goes home
                    out = (ts.route_exit[u][local] + turned) % 6
                    dq, dr = STEPS[out]
                    at = (at[0] + dq, at[1] + dr)
                    entry = (out + 3) % 6
                if j < 0:
                    continue
                if kings[j] == NO_KING:
                    succ[i].add(j)
                    continue
                if may_land:
                    succ[i].add(j)
                succ[i].add(back if back >= 0 else i)
    return succ


def _reach_a_cycle(succ: list[set[int]]) -> frozenset[int]:
    """The nodes from which a cycle (a self-loop included) can be reached.

    Nodes that reach no cycle are peeled off from the sinks backwards; what
    remains reaches a cycle.
    """
    n = len(succ)
    out = [len(s) for s in succ]
    preds: list[list[int]] = [[] for _ in range(n)]
    for i, s in enumerate(succ):
        for j in s:
            preds[j].append(i)
    sinks = [i for i in range(n) if out[i] == 0]
    while sinks:
        j = sinks.pop()
        for i in preds[j]:
            out[i] -= 1
            if out[i] == 0:
                sinks.append(i)
    return frozenset(i for i in range(n) if out[i] > 0)
