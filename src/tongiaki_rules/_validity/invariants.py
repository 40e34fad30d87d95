"""The invariants every reachable state keeps, checked on any state.

:func:`check_invariants` raises :class:`InvariantError`, :func:`invariant_violations`
lists the broken invariants: the boats of each colour (COMP-1), the tiles, the
royal islands (ROYAL-2, ROYAL-3, ROYAL-6), the phase bookkeeping (CHAIN-3,
TURN-3, SETUP-5, DEPART-1, LAND-1) and the end of the game (END-1, AMB-11);
what play can reach is :mod:`~tongiaki_rules._validity.reachability`'s.
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Callable

from .._state import GameState
from ..colours import BOATS_PER_COLOUR, COLOURS
from ..errors import SearchLimitReached
from ..rules import EndTrigger
from ..views import NO_KING, VACANT_KING, Phase
from .reachability import reachability_problems

_PROBABILITY_TOLERANCE = 1e-9


class InvariantError(AssertionError):
    """A game state breaks an invariant that every reachable state keeps.

    An ``AssertionError``, so test runners report it as a failed check. The
    message lists every broken invariant, with the clause id where one applies.

    >>> issubclass(InvariantError, AssertionError)
    True
    """


def invariant_violations(state: GameState, *, exact_tiles: bool = True) -> list[str]:
    """Every invariant ``state`` breaks, one message each (empty if none).

    The same checks as :func:`check_invariants`, returned instead of raised.

    >>> from tongiaki_rules import new_game
    >>> invariant_violations(new_game(2))
    []
    """
    try:
        problems = _structure(state)
    except Exception as exc:  # a broken state is reported, not raised
        problems = [f"the state's fields have the wrong shape ({type(exc).__name__}: {exc})"]
    if problems:  # the other checks index the parallel tuples; stop here
        return problems
    checks: list[Callable[[GameState], list[str]]] = [
        _boats,
        lambda s: _tiles(s, exact_tiles),
        _royal,
        lambda s: [problem.text for problem in reachability_problems(s)],
        _phase,
    ]
    if exact_tiles:
        checks.append(_end)
    for check in checks:
        try:
            problems.extend(check(state))
        except (MemoryError, SearchLimitReached):
            raise  # the machine ran short, or the caller's cap: that says nothing of the state
        except Exception as exc:  # a broken state is reported, not raised
            problems.append(f"the state cannot be evaluated ({type(exc).__name__}: {exc})")
    return problems


def check_invariants(state: GameState, *, exact_tiles: bool = True) -> None:
    """Raise :class:`InvariantError` if ``state`` breaks an invariant of the game.

    Checked:

    * every colour in play has exactly 15 boats across reserve, beaches, royal
      statues, the group under way and the boats out of the game (COMP-1);
    * no beach holds more boats than it has slots;
    * tiles are conserved: the tiles on the table, in the pile, removed and the
      drawn tile waiting to be placed are, as a multiset, the start island plus
      the tile set's pile (with ``exact_tiles=False`` only that no tile is used
      more often than the set has it, for positions built with a partial
      ``pile=`` by :func:`~tongiaki_rules.position`);
    * no two tiles share a hex;
    * a royal island has no boats on its beaches (ROYAL-6), unless
      ``royal_owner_may_land`` is set and they are its king's (AMB-34), is
      never Tonga (ROYAL-2); no colour holds more kings than it founded, and
      nobody has founded more than two (ROYAL-3);
    * every tile lies within reach of Tonga; a group at sea faces an empty hex
      that the jetty or route behind it leads to (DEPART-4); a landing group
      is on an island, a royal one only as its king's own boats (ROYAL-7)
      (these are :func:`reachability_problems`, with JSON paths);
    * at a turn decision no beach is full (CHAIN-3, TURN-3), unless a flag lets
      a turn end with full beaches left (``failure_ends_turn``,
      ``closed_forced_colonize_ends_turn_immediately``);
    * a decision state has at least one legal action and a deciding player; a
      chance node has outcomes whose probabilities sum to 1;
    * the phase bookkeeping agrees: boats are under way only during a voyage,
      placement or landing; a departure decision has a full beach (DEPART-1);
      a landing has boats and an island to land on; a drawn tile is held
      exactly while a placement is pending; a finished game had its end
      triggered (END-1);
    * once a tile type has run out (or, with ``end_trigger="sixteen_on_table"``,
      is all on the table) and the drawn tile is placed, the end is triggered
      (END-1; skipped with ``exact_tiles=False``, whose pile is artificial);
    * the engine's cached lookups (full beaches, tile positions) match the
      position.

    >>> from tongiaki_rules import new_game
    >>> check_invariants(new_game(4))
    >>> import attrs
    >>> broken = attrs.evolve(new_game(2), reserve_=(15, 14))
    >>> try:
    ...     check_invariants(broken)
    ... except InvariantError as exc:
    ...     print(str(exc).split(": ", 1)[1])
    colour 1 (red) has 14 boats, not 15: reserve 14, table 0, at sea 0, out 0 [COMP-1]
    """
    problems = invariant_violations(state, exact_tiles=exact_tiles)
    if problems:
        raise InvariantError(
            f"{state!r} breaks {len(problems)} invariant(s): " + "; ".join(problems)
        )


def _colour_name(c: int) -> str:
    return f"colour {c} ({COLOURS[c].name.lower()})" if 0 <= c < len(COLOURS) else f"colour {c}"


def _structure(state: GameState) -> list[str]:
    """Shapes of the parallel tuples; the other checks rely on them."""
    view = state.compact
    ts = state.config.tiles
    agents = len(state.config.agent_seats)
    problems: list[str] = []
    if not len(view.tiles) == len(view.boats) == len(view.kings):
        problems.append(
            f"tiles_/boats_/kings_ lengths differ: "
            f"{len(view.tiles)}/{len(view.boats)}/{len(view.kings)}"
        )
        return problems
    for name, values in (
        ("reserve_", view.reserve),
        ("out_", view.out),
        ("founded_", view.founded),
    ):
        if len(values) != agents:
            problems.append(f"{name} has {len(values)} entries for {agents} colours")
    n_kinds = len(ts.kinds)
    for k, (pos, t, rot) in enumerate(view.tiles):
        if not 0 <= t < n_kinds:
            problems.append(f"placed tile #{k} at {pos} has unknown tile index {t}")
            continue
        if not 0 <= rot < 6:
            problems.append(f"tile {ts.kinds[t].id} at {pos} has rotation {rot}")
        if len(view.boats[k]) != len(ts.slots[t]):
            problems.append(
                f"tile {ts.kinds[t].id} at {pos} has {len(view.boats[k])} boat lists "
                f"for {len(ts.slots[t])} beaches"
            )
    for name, indices in (("pile_", view.pile), ("removed_", view.removed)):
        bad = [t for t in indices if not 0 <= t < n_kinds]
        if bad:
            problems.append(f"{name} holds unknown tile indices {bad}")
    if view.tile != -1 and not 0 <= view.tile < n_kinds:
        problems.append(f"the drawn tile index {view.tile} is unknown")
    if not 0 <= view.agent < agents:
        problems.append(f"the turn colour {view.agent} is not in play")
    if not Phase.SETUP <= view.phase <= Phase.OVER:
        problems.append(f"unknown phase {view.phase}")
    for c in view.group:
        if not 0 <= c < agents:
            problems.append(f"the group under way holds a boat of {_colour_name(c)}")
    return problems


def _boats(state: GameState) -> list[str]:
    view = state.compact
    ts = state.config.tiles
    agents = len(state.config.agent_seats)
    problems: list[str] = []
    counts = [0] * agents
    for (pos, t, _rot), beaches, king in zip(view.tiles, view.boats, view.kings, strict=True):
        for b, beach in enumerate(beaches):
            slots = ts.slots[t][b]
            if len(beach) > slots:
                problems.append(
                    f"beach {b} of {ts.kinds[t].id} at {pos} holds {len(beach)} boats "
                    f"in {slots} slots"
                )
            if list(beach) != sorted(beach):
                problems.append(f"beach {b} of {ts.kinds[t].id} at {pos} is not sorted: {beach}")
            for c in beach:
                if 0 <= c < agents:
                    counts[c] += 1
                else:
                    problems.append(
                        f"beach {b} of {ts.kinds[t].id} at {pos} holds a boat of {_colour_name(c)}"
                    )
        if 0 <= king < agents:
            counts[king] += 1
    for c in range(agents):
        reserve = view.reserve[c]
        out = view.out[c]
        if reserve < 0:
            problems.append(f"{_colour_name(c)} has a negative reserve ({reserve})")
        if out < 0:
            problems.append(f"{_colour_name(c)} has {out} boats out of the game")
        at_sea = view.group.count(c)
        total = counts[c] + at_sea + reserve + out
        if total != BOATS_PER_COLOUR:
            problems.append(
                f"{_colour_name(c)} has {total} boats, not {BOATS_PER_COLOUR}: reserve {reserve}, "
                f"table {counts[c]}, at sea {at_sea}, out {out} [COMP-1]"
            )
    return problems


def _tiles(state: GameState, exact: bool) -> list[str]:
    view = state.compact
    ts = state.config.tiles
    problems: list[str] = []
    seen: dict[tuple[int, int], int] = {}
    for pos, t, _rot in view.tiles:
        if pos in seen:
            problems.append(f"two tiles at {pos}: {ts.kinds[seen[pos]].id} and {ts.kinds[t].id}")
        seen[pos] = t
    if list(view.pile) != sorted(view.pile):
        problems.append("the pile is not sorted")
    if list(view.removed) != sorted(view.removed):
        problems.append("the removed tiles are not sorted")
    non_islands = [ts.kinds[t].id for t in view.removed if not ts.is_island[t]]
    if non_islands:
        problems.append(f"ocean tiles were removed: {non_islands} [CLOSED-1]")
    used: Counter[int] = Counter(t for _pos, t, _rot in view.tiles)
    used.update(view.pile)
    used.update(view.removed)
    if view.tile >= 0:
        used[view.tile] += 1
    expected: Counter[int] = Counter(ts.pile_indices)
    expected[0] += 1
    extra = used - expected
    missing = expected - used
    if extra:
        names = sorted(ts.kinds[t].id for t in extra.elements())
        problems.append(f"tiles are used more often than the tile set has them: {names}")
    if exact and missing:
        names = sorted(ts.kinds[t].id for t in missing.elements())
        problems.append(f"tiles are lost (not on the table, in the pile or removed): {names}")
    if (view.phase == Phase.PLACE) != (view.tile >= 0):
        problems.append(
            f"a drawn tile is held ({view.tile}) exactly when a placement is pending "
            f"(pending {state.pending.kind.value})"
        )
    where = view.where
    actual = {pos: k for k, (pos, _t, _r) in enumerate(view.tiles)}
    if where != actual:
        problems.append("the cached tile positions do not match the tiles on the table")
    return problems


def _royal(state: GameState) -> list[str]:
    view = state.compact
    ts = state.config.tiles
    agents = len(state.config.agent_seats)
    problems: list[str] = []
    for (pos, t, _rot), king in zip(view.tiles, view.kings, strict=True):
        if king == NO_KING:
            continue
        name = ts.kinds[t].id
        if not ts.is_island[t]:
            problems.append(f"the ocean tile {name} at {pos} has a king")
            continue
        if t == 0:
            problems.append(f"Tonga at {pos} is royal [ROYAL-2]")
        if not 0 <= king < agents and king != VACANT_KING:
            problems.append(f"the royal island {name} at {pos} has king value {king}")
    return problems


def _phase(state: GameState) -> list[str]:
    view = state.compact
    cfg = state.config
    ts = cfg.tiles
    rules = cfg.rules
    problems: list[str] = []
    phase = view.phase
    kind = state.pending.kind.value
    full = sorted(
        (pos, b)
        for (pos, t, _r), beaches in zip(view.tiles, view.boats, strict=True)
        for b, beach in enumerate(beaches)
        if len(beach) == ts.slots[t][b]
    )
    cached = sorted(view.full)
    if cached != full:
        problems.append(f"the cached full beaches {cached} do not match the position {full}")
    turn_may_leave_full = (
        rules.failure_ends_turn or rules.closed_forced_colonize_ends_turn_immediately
    )
    if phase == Phase.TURN and full and not turn_may_leave_full:
        problems.append(f"a turn decision with full beaches {full} [CHAIN-3, TURN-3]")
    if phase == Phase.SETUP and full:
        problems.append(f"a Tonga beach is full during setup: {full} [SETUP-5]")
    if phase == Phase.DEPART and not full:
        problems.append("a departure decision with no full beach [DEPART-1]")
    if phase in (Phase.SETUP, Phase.TURN, Phase.DEPART, Phase.OVER) and view.group:
        problems.append(f"boats {view.group} are under way at a {kind} decision")
    if phase == Phase.LAND and not view.group:
        problems.append("a landing decision with no boat to land [LAND-1]")
    legal = state.legal_actions()
    if phase == Phase.DRAW:
        if legal:
            problems.append("a chance node offers legal actions")
        if state.current_player is not None:
            problems.append("a chance node has a deciding player")
        outcomes = state.chance_outcomes()
        if not outcomes:
            problems.append("a chance node with an empty pile")
        total = math.fsum(p for _draw, p in outcomes)
        if abs(total - 1.0) > _PROBABILITY_TOLERANCE:
            problems.append(f"chance outcome probabilities sum to {total!r}, not 1")
        if any(not 0.0 < p <= 1.0 for _draw, p in outcomes):
            problems.append(f"a chance outcome has a probability outside (0, 1]: {outcomes}")
        tiles = [draw.tile for draw, _p in outcomes]
        if len(set(tiles)) != len(tiles):
            problems.append(f"a tile appears twice among the chance outcomes: {tiles}")
    elif phase == Phase.OVER:
        if legal:
            problems.append("a finished game offers legal actions")
        if not view.ended:
            problems.append("the game is over but its end was never triggered [END-1]")
        if state.current_player is not None:
            problems.append("a finished game has a deciding player")
    else:
        if not legal:
            problems.append(f"no legal action at a {kind} decision")
        player = state.current_player
        if player is None or not 0 <= player < cfg.num_players:
            problems.append(f"a {kind} decision has no valid deciding seat ({player!r})")
    return problems


def _end(state: GameState) -> list[str]:
    """END-1 (AMB-11): once a tile type has run out, the end has been triggered."""
    view = state.compact
    if view.ended or view.phase == Phase.PLACE:  # a drawn tile is not placed yet
        return []
    ts = state.config.tiles
    if state.config.rules.end_trigger is EndTrigger.TYPE_EXHAUSTED:
        islands = sum(1 for t in view.pile if ts.is_island[t])
        if islands == 0 or islands == len(view.pile):
            kind = "island" if islands == 0 else "ocean"
            return [f"no {kind} tile is left in the pile but the end is not triggered [END-1]"]
        return []
    on_table = sum(1 for _p, t, _r in view.tiles if ts.is_island[t])
    if on_table == ts.island_total or len(view.tiles) - on_table == ts.ocean_total:
        return ["every tile of a type is on the table but the end is not triggered [END-1]"]
    return []
