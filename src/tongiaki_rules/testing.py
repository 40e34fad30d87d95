"""A testing kit: state invariants, random playouts, golden playthroughs, a Hypothesis strategy.

Use it to check an engine change, a custom tile set or a bot that builds
states of its own:

>>> import random
>>> from tongiaki_rules import new_game
>>> from tongiaki_rules.testing import check_invariants, random_playout
>>> states = random_playout(new_game(3), random.Random(5))
>>> states[-1].is_terminal
True
>>> for state in states:
...     check_invariants(state)

:func:`reachable_states` needs Hypothesis (the ``test`` extra); it is
imported only when the strategy is built, so this module works without it.
"""

from __future__ import annotations

import enum
import math
import random
from collections import Counter
from collections.abc import Callable, Collection
from typing import TYPE_CHECKING

import attrs

from . import engine as _engine
from .actions import Action
from .colours import BOATS_PER_COLOUR, COLOURS
from .hexgrid import ORIGIN, STEPS, Hex, distance
from .rules import EndTrigger, Rules, TwoPlayerRoyalLimit
from .state import DEFAULT_RULES, DecisionKind, GameState, new_game

if TYPE_CHECKING:
    from hypothesis.strategies import DrawFn, SearchStrategy

__all__ = [
    "InvariantError",
    "Problem",
    "check_invariants",
    "invariant_violations",
    "playthrough",
    "random_playout",
    "reachability_problems",
    "reachable_states",
    "royal_beach_problem",
]

_PROBABILITY_TOLERANCE = 1e-9
_UNTIL_LIMIT = 10_000


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
      ``pile=`` by :func:`~tongiaki_rules.scenario.position`);
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
    ts = state.config.tiles
    agents = len(state.config.agent_seats)
    problems: list[str] = []
    if not len(state.tiles_) == len(state.boats_) == len(state.kings_):
        problems.append(
            f"tiles_/boats_/kings_ lengths differ: "
            f"{len(state.tiles_)}/{len(state.boats_)}/{len(state.kings_)}"
        )
        return problems
    for name, values in (
        ("reserve_", state.reserve_),
        ("out_", state.out_),
        ("founded_", state.founded_),
    ):
        if len(values) != agents:
            problems.append(f"{name} has {len(values)} entries for {agents} colours")
    n_kinds = len(ts.kinds)
    for k, (pos, t, rot) in enumerate(state.tiles_):
        if not 0 <= t < n_kinds:
            problems.append(f"placed tile #{k} at {pos} has unknown tile index {t}")
            continue
        if not 0 <= rot < 6:
            problems.append(f"tile {ts.kinds[t].id} at {pos} has rotation {rot}")
        if len(state.boats_[k]) != len(ts.slots[t]):
            problems.append(
                f"tile {ts.kinds[t].id} at {pos} has {len(state.boats_[k])} boat lists "
                f"for {len(ts.slots[t])} beaches"
            )
    for name, indices in (("pile_", state.pile_), ("removed_", state.removed_)):
        bad = [t for t in indices if not 0 <= t < n_kinds]
        if bad:
            problems.append(f"{name} holds unknown tile indices {bad}")
    if state.tile_ != -1 and not 0 <= state.tile_ < n_kinds:
        problems.append(f"the drawn tile index {state.tile_} is unknown")
    if not 0 <= state.agent_ < agents:
        problems.append(f"the turn colour {state.agent_} is not in play")
    if not _engine.SETUP <= state.phase_ <= _engine.OVER:
        problems.append(f"unknown phase {state.phase_}")
    for c in state.group_:
        if not 0 <= c < agents:
            problems.append(f"the group under way holds a boat of {_colour_name(c)}")
    return problems


def _boats(state: GameState) -> list[str]:
    ts = state.config.tiles
    agents = len(state.config.agent_seats)
    problems: list[str] = []
    counts = [0] * agents
    for (pos, t, _rot), beaches, king in zip(state.tiles_, state.boats_, state.kings_, strict=True):
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
        reserve = state.reserve_[c]
        out = state.out_[c]
        if reserve < 0:
            problems.append(f"{_colour_name(c)} has a negative reserve ({reserve})")
        if out < 0:
            problems.append(f"{_colour_name(c)} has {out} boats out of the game")
        at_sea = state.group_.count(c)
        total = counts[c] + at_sea + reserve + out
        if total != BOATS_PER_COLOUR:
            problems.append(
                f"{_colour_name(c)} has {total} boats, not {BOATS_PER_COLOUR}: reserve {reserve}, "
                f"table {counts[c]}, at sea {at_sea}, out {out} [COMP-1]"
            )
    return problems


def _tiles(state: GameState, exact: bool) -> list[str]:
    ts = state.config.tiles
    problems: list[str] = []
    seen: dict[tuple[int, int], int] = {}
    for pos, t, _rot in state.tiles_:
        if pos in seen:
            problems.append(f"two tiles at {pos}: {ts.kinds[seen[pos]].id} and {ts.kinds[t].id}")
        seen[pos] = t
    if list(state.pile_) != sorted(state.pile_):
        problems.append("the pile is not sorted")
    if list(state.removed_) != sorted(state.removed_):
        problems.append("the removed tiles are not sorted")
    non_islands = [ts.kinds[t].id for t in state.removed_ if not ts.is_island[t]]
    if non_islands:
        problems.append(f"ocean tiles were removed: {non_islands} [CLOSED-1]")
    used: Counter[int] = Counter(t for _pos, t, _rot in state.tiles_)
    used.update(state.pile_)
    used.update(state.removed_)
    if state.tile_ >= 0:
        used[state.tile_] += 1
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
    if (state.phase_ == _engine.PLACE) != (state.tile_ >= 0):
        problems.append(
            f"a drawn tile is held ({state.tile_}) exactly when a placement is pending "
            f"(pending {state.pending.kind.value})"
        )
    where = state.where_()
    actual = {pos: k for k, (pos, _t, _r) in enumerate(state.tiles_)}
    if where != actual:
        problems.append("the cached tile positions do not match the tiles on the table")
    return problems


def _royal(state: GameState) -> list[str]:
    ts = state.config.tiles
    agents = len(state.config.agent_seats)
    problems: list[str] = []
    for (pos, t, _rot), king in zip(state.tiles_, state.kings_, strict=True):
        if king == _engine.NO_KING:
            continue
        name = ts.kinds[t].id
        if not ts.is_island[t]:
            problems.append(f"the ocean tile {name} at {pos} has a king")
            continue
        if t == 0:
            problems.append(f"Tonga at {pos} is royal [ROYAL-2]")
        if not 0 <= king < agents and king != _engine.VACANT_KING:
            problems.append(f"the royal island {name} at {pos} has king value {king}")
    return problems


@attrs.frozen(slots=True)
class Problem:
    """Why a position cannot be reached by play: where (a JSON path), what, and the rule.

    ``path`` names the field of the state document (see
    :func:`~tongiaki_rules.record.state_to_dict`) that is wrong, or ``None``
    for the position as a whole.

    >>> Problem("at", "no tile leads there", "DEPART-4").text
    'at: no tile leads there [DEPART-4]'
    """

    path: str | None
    message: str
    clause: str | None = None

    @property
    def text(self) -> str:
        """The path, the message and the clause in one line."""
        text = f"{self.path}: {self.message}" if self.path else self.message
        return f"{text} [{self.clause}]" if self.clause else text


def reachability_problems(state: GameState) -> list[Problem]:
    """Ways in which the boats, kings and group of ``state`` cannot come from play.

    The one place for these rules: :func:`invariant_violations`, the state
    JSON reader and :func:`~tongiaki_rules.scenario.position` all use it.
    Checked: tiles lie within reach of Tonga (each tile is placed beside the
    table); a royal island's beaches hold boats only with
    ``royal_owner_may_land``, and then only its king's (ROYAL-6, AMB-34); no
    colour holds more kings than it founded, and nobody founded more than two
    (ROYAL-3); a group at sea faces an empty hex that the jetty or ocean
    route behind it leads to (DEPART-4, VOYAGE-4); a landing group is on an
    island, on a royal one only as its king's own boats (ROYAL-7, AMB-34).
    Expects a state whose fields have the right shapes (see
    :func:`invariant_violations`).

    >>> from tongiaki_rules import new_game
    >>> reachability_problems(new_game(2))
    []
    >>> import attrs
    >>> lost = attrs.evolve(new_game(2), founded_=(-1, 0))
    >>> [problem.text for problem in reachability_problems(lost)]
    ['colours.B.royal_islands_founded: -1 is negative [ROYAL-3]']
    """
    problems = _reach_of_tiles(state)
    problems.extend(_royal_beaches(state))
    problems.extend(_founded(state))
    problems.extend(_under_way(state))
    return problems


def _reach(state: GameState) -> int:
    """How far from Tonga a tile can lie: each one goes at most two hexes beyond the table."""
    return 2 * len(state.config.tiles.pile_indices)


def _reach_of_tiles(state: GameState) -> list[Problem]:
    reach = _reach(state)
    return [
        Problem(
            f"table[{k}].at",
            f"{list(pos)} is {distance(pos, ORIGIN)} hexes from Tonga; "
            f"no tile lies more than {reach} hexes away",
            "AMB-07",
        )
        for k, (pos, _t, _r) in enumerate(state.tiles_)
        if distance(pos, ORIGIN) > reach
    ]


def royal_beach_problem(
    rules: Rules, king: int, beaches: Collection[Collection[int]]
) -> Problem | None:
    """Whether boats may be on the beaches of a royal island of ``king`` (engine colour index).

    Shared by the readers; ``path`` is left to the caller (``None``).
    """
    colours = {c for beach in beaches for c in beach}
    if not colours:
        return None
    if not rules.royal_owner_may_land:
        return Problem(None, "a royal island has no boats on its beaches", "ROYAL-6")
    if king == _engine.VACANT_KING:
        # the New Colonisation that took the king took the owner's boats too (RECOLONIZE-2)
        return Problem(None, "a royal island without its king has no boats", "AMB-21")
    if colours != {king}:
        return Problem(None, "only the king's own boats land on a royal island", "AMB-34")
    return None


def _royal_beaches(state: GameState) -> list[Problem]:
    rules = state.config.rules
    problems = []
    for k, (beaches, king) in enumerate(zip(state.boats_, state.kings_, strict=True)):
        if king == _engine.NO_KING:
            continue
        problem = royal_beach_problem(rules, king, beaches)
        if problem is not None:
            problems.append(attrs.evolve(problem, path=f"table[{k}].beaches"))
    return problems


def _founded(state: GameState) -> list[Problem]:
    cfg = state.config
    agents = len(cfg.agent_seats)
    kings_of = Counter(k for k in state.kings_ if 0 <= k < agents)
    problems = []
    for c, n in enumerate(state.founded_):
        path = f"colours.{COLOURS[c].letter}.royal_islands_founded"
        if n < 0:
            problems.append(Problem(path, f"{n} is negative", "ROYAL-3"))
        elif kings_of[c] > n:
            problems.append(
                Problem(
                    path,
                    f"{n}, but the colour is king of {kings_of[c]} royal islands",
                    "ROYAL-3",
                )
            )
    per_seat = (
        cfg.rules.variant_two_player_double_colour
        and cfg.rules.two_player_royal_limit_per is TwoPlayerRoyalLimit.SEAT
    )
    if per_seat:
        for seat in range(cfg.num_players):
            n = sum(f for c, f in enumerate(state.founded_) if cfg.agent_seats[c] == seat)
            if n > 2:
                problems.append(
                    Problem("colours", f"seat {seat} founded {n} royal islands", "ROYAL-3")
                )
    else:
        for c, n in enumerate(state.founded_):
            if n > 2:
                path = f"colours.{COLOURS[c].letter}.royal_islands_founded"
                problems.append(Problem(path, f"{n} royal islands founded", "ROYAL-3"))
    return problems


def _under_way(state: GameState) -> list[Problem]:
    phase = state.phase_
    voyage = state.purpose_ == _engine.VOYAGE
    if phase == _engine.LAND:
        return _landing(state, voyage)
    if phase in (_engine.DRAW, _engine.PLACE) and voyage:
        return _at_sea(state)
    return []


def _island_index(state: GameState, pos: Hex | None) -> int | None:
    k = state.where_().get(pos) if pos is not None else None
    if k is None or not state.config.tiles.is_island[state.tiles_[k][1]]:
        return None
    return k


def _landing(state: GameState, voyage: bool) -> list[Problem]:
    k = _island_index(state, state.at_)
    if k is None:
        return [Problem("at", f"the group lands at {state.at_}, where there is no island")]
    problems = []
    king = state.kings_[k]
    rules = state.config.rules
    if king != _engine.NO_KING and not (
        rules.royal_owner_may_land and state.group_ and all(c == king for c in state.group_)
    ):
        problems.append(
            Problem("at", "no group lands on a royal island but its king's own boats", "ROYAL-7")
        )
    if voyage and _island_index(state, state.origin_) is None:
        problems.append(Problem("origin", "must be the island the expedition left"))
    return problems


def _at_sea(state: GameState) -> list[Problem]:
    at = state.at_
    if at is None or at in state.where_():
        return [Problem("at", "must be an empty hex beside the voyage")]
    problems = []
    if _island_index(state, state.origin_) is None:
        problems.append(Problem("origin", "must be the island the expedition left"))
    if distance(at, ORIGIN) > _reach(state) + 1:
        problems.append(Problem("at", f"{list(at)} is far from every tile on the table"))
        return problems
    why = _no_way_in(state, at, state.entry_)
    if why is not None:
        problems.append(Problem("entry", why, "DEPART-4"))
    return problems


def _no_way_in(state: GameState, at: Hex, entry: int) -> str | None:
    """Why no jetty or route of the tile across edge ``entry`` of ``at`` leads there (or None)."""
    if not 0 <= entry < 6:
        return f"{entry} is not a direction 0..5"
    dq, dr = STEPS[entry]
    behind = (at[0] + dq, at[1] + dr)
    k = state.where_().get(behind)
    if k is None:
        return f"the group enters {list(at)} from {list(behind)}, an empty hex"
    ts = state.config.tiles
    _pos, t, rot = state.tiles_[k]
    out = ((entry + 3) % 6 - rot) % 6  # the edge of that tile facing the group, unrotated
    if ts.is_island[t]:
        if any(out in jetties for jetties in ts.jetties[t]):
            return None
        return f"{ts.kinds[t].id} at {list(behind)} has no jetty towards {list(at)}"
    need = ts.route_need[t][out]
    colours = len(set(state.group_))
    if need > colours:
        return (
            f"the route of {ts.kinds[t].id} at {list(behind)} towards {list(at)} needs "
            f"{need} colours; the group has {colours}"
        )
    return None


def _phase(state: GameState) -> list[str]:
    cfg = state.config
    ts = cfg.tiles
    rules = cfg.rules
    problems: list[str] = []
    phase = state.phase_
    kind = state.pending.kind.value
    full = sorted(
        (pos, b)
        for (pos, t, _r), beaches in zip(state.tiles_, state.boats_, strict=True)
        for b, beach in enumerate(beaches)
        if len(beach) == ts.slots[t][b]
    )
    cached = sorted(state.full_())
    if cached != full:
        problems.append(f"the cached full beaches {cached} do not match the position {full}")
    turn_may_leave_full = (
        rules.failure_ends_turn or rules.closed_forced_colonize_ends_turn_immediately
    )
    if phase == _engine.TURN and full and not turn_may_leave_full:
        problems.append(f"a turn decision with full beaches {full} [CHAIN-3, TURN-3]")
    if phase == _engine.SETUP and full:
        problems.append(f"a Tonga beach is full during setup: {full} [SETUP-5]")
    if phase == _engine.DEPART and not full:
        problems.append("a departure decision with no full beach [DEPART-1]")
    if phase in (_engine.SETUP, _engine.TURN, _engine.DEPART, _engine.OVER) and state.group_:
        problems.append(f"boats {state.group_} are under way at a {kind} decision")
    if phase == _engine.LAND and not state.group_:
        problems.append("a landing decision with no boat to land [LAND-1]")
    legal = state.legal_actions()
    if phase == _engine.DRAW:
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
    elif phase == _engine.OVER:
        if legal:
            problems.append("a finished game offers legal actions")
        if not state.ended_:
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
    if state.ended_ or state.phase_ == _engine.PLACE:  # a drawn tile is not placed yet
        return []
    ts = state.config.tiles
    if state.config.rules.end_trigger is EndTrigger.TYPE_EXHAUSTED:
        islands = sum(1 for t in state.pile_ if ts.is_island[t])
        if islands == 0 or islands == len(state.pile_):
            kind = "island" if islands == 0 else "ocean"
            return [f"no {kind} tile is left in the pile but the end is not triggered [END-1]"]
        return []
    on_table = sum(1 for _p, t, _r in state.tiles_ if ts.is_island[t])
    if on_table == ts.island_total or len(state.tiles_) - on_table == ts.ocean_total:
        return ["every tile of a type is on the table but the end is not triggered [END-1]"]
    return []


def random_playout(
    state: GameState,
    rng: random.Random,
    *,
    max_steps: int = 100_000,
    check: bool = False,
) -> list[GameState]:
    """Play on from ``state`` with uniformly random decisions and draws until the end.

    Returns every state passed through, ``state`` first and the terminal state
    last. Draws follow the pile's composition (copies left / tiles left).
    With ``check=True`` every state is passed to :func:`check_invariants`. A
    game that is not over after ``max_steps`` steps raises
    :class:`InvariantError` (END-1: every game ends).

    >>> import random
    >>> from tongiaki_rules import new_game
    >>> states = random_playout(new_game(2), random.Random(0), check=True)
    >>> states[0] == new_game(2), states[-1].outcome() is not None
    (True, True)
    """
    states = [state]
    if check:
        check_invariants(state)
    steps = 0
    while not state.is_terminal:
        if steps >= max_steps:
            raise InvariantError(f"the game is not over after {max_steps} steps [END-1]: {state!r}")
        state = _random_step(state, rng)
        if check:
            check_invariants(state)
        states.append(state)
        steps += 1
    return states


def _random_step(state: GameState, rng: random.Random) -> GameState:
    if state.is_chance_node:
        return state.apply(state.sample_chance(rng))
    return state.apply(rng.choice(state.legal_actions()))


def _random_prefix(
    num_players: int,
    rules: Rules,
    start_player: int,
    seed: int,
    steps: int,
    until: frozenset[DecisionKind],
) -> GameState:
    rng = random.Random(seed)
    state = new_game(num_players, rules, start_player=start_player)
    for _ in range(steps):
        if state.is_terminal:
            break
        state = _random_step(state, rng)
    if until:
        # bounded: the decision kinds asked for may never come
        for _ in range(_UNTIL_LIMIT):
            if state.is_terminal or state.pending.kind in until:
                break
            state = _random_step(state, rng)
    return state


def reachable_states(
    num_players: int | SearchStrategy[int] | None = None,
    rules: Rules | SearchStrategy[Rules] | None = None,
    *,
    max_steps: int = 200,
    until: DecisionKind | Collection[DecisionKind] | None = None,
) -> SearchStrategy[GameState]:
    """A Hypothesis strategy for states reachable from a new game by random play.

    Each example draws a player count (``num_players``: an int or a strategy,
    by default 2 to 6), the rules (a :class:`Rules` or a strategy, by default
    ``Rules()``), the start player, a seed and a number of steps up to
    ``max_steps``, then plays that many random decisions and draws with
    ``random.Random(seed)``, stopping early at the end of the game. With
    ``until``, play then goes on at random to the next decision of that kind
    (or kinds; ``DecisionKind.DRAW`` for a chance node), or to the end of the
    game (giving up after 10,000 further steps). Shrinking makes failures short. With
    ``variant_two_player_double_colour`` the game always has 2 players. Needs
    Hypothesis.

    >>> from hypothesis import given, settings
    >>> from tongiaki_rules import DecisionKind
    >>> from tongiaki_rules.testing import check_invariants, reachable_states
    >>> @settings(max_examples=5, deadline=None)
    ... @given(reachable_states(num_players=3, until=DecisionKind.BERTH))
    ... def test_landing(state):
    ...     check_invariants(state)
    ...     assert state.is_terminal or state.pending.kind is DecisionKind.BERTH
    >>> test_landing()
    """
    from hypothesis import strategies as st

    players: SearchStrategy[int] = (
        st.integers(2, 6)
        if num_players is None
        else st.just(num_players)
        if isinstance(num_players, int)
        else num_players
    )
    rules_st: SearchStrategy[Rules] = (
        st.just(Rules()) if rules is None else st.just(rules) if isinstance(rules, Rules) else rules
    )
    stop_at = (
        frozenset()
        if until is None
        else frozenset((until,))
        if isinstance(until, DecisionKind)
        else frozenset(until)
    )

    def build(draw: DrawFn) -> GameState:
        chosen_rules = draw(rules_st)
        n = draw(players)
        if chosen_rules.variant_two_player_double_colour:
            n = 2
        start = draw(st.integers(0, n - 1))
        seed = draw(st.integers(0, 2**32 - 1))
        # Hypothesis favours small integers; offsetting by the seed spreads the
        # step counts over the whole game (and still shrinks to 0 steps).
        steps = (draw(st.integers(0, max_steps)) + seed) % (max_steps + 1)
        return _random_prefix(n, chosen_rules, start, seed, steps, stop_at)

    return st.composite(build)()


_WIDTH = 100
_LIST_IN_FULL = 8
"""Legal-action lists up to this long are printed one ``repr`` a line."""

_NOTATION = (
    "notation: a list of more than 8 legal actions is grouped, with positional fields:",
    "  'Name(a, ...): b c|d; e f' stands for Name(a, b, c), Name(a, b, d), Name(a, e, f) in order;",
    "  'Name(...): c|d' stands for Name(c), Name(d); 'x..y' for the consecutive integers x to y.",
    "beaches: index, then a letter for each boat and '.' for each free slot.",
)


def playthrough(
    num_players: int,
    seed: int,
    rules: Rules = DEFAULT_RULES,
    *,
    start_player: int = 0,
    max_steps: int = 100_000,
) -> str:
    """Play one seeded random game and describe every step as deterministic text.

    ``random.Random(seed)`` makes every choice: ``rng.choice(legal_actions())``
    at a decision, :meth:`~tongiaki_rules.state.GameState.sample_chance` at a
    draw. The text has a header (players, seed, start player, the rules flags
    that differ from the defaults), then one block per step (the pending
    decision, every legal action or every chance outcome with its probability
    as copies/left, the choice), then the final table, scores and outcome.
    Golden files of these texts (``tests/golden``) make any change of engine
    behaviour show up as a diff. A game that is not over after ``max_steps``
    steps raises :class:`InvariantError` (END-1).

    >>> lines = playthrough(2, seed=1).splitlines()
    >>> print(lines[1])
    players: 2 (seat 0 blue, seat 1 red)
    >>> first = lines.index("step 1: setup by seat 0 (blue)")
    >>> for line in lines[first : first + 3] + lines[first + 8 : first + 10]:
    ...     print(line)
    step 1: setup by seat 0 (blue)
      legal (6):
        SetupPlace(beach=0)
      chosen: SetupPlace(beach=1)
    <BLANKLINE>
    >>> for line in lines[-3:]:
    ...     print(line)
    ranking: ((0,), (1,))
    winners: (0,)
    tie-break: none
    """
    rng = random.Random(seed)
    state = new_game(num_players, rules, start_player=start_player)
    lines = _playthrough_header(state, seed)
    step = 0
    while not state.is_terminal:
        if step >= max_steps:
            raise InvariantError(f"the game is not over after {max_steps} steps [END-1]: {state!r}")
        step += 1
        lines.append("")
        lines.extend(_step_lines(state, step))
        if state.is_chance_node:
            action: Action = state.sample_chance(rng)
        else:
            action = rng.choice(state.legal_actions())
        lines.append(f"  chosen: {action!r}")
        state = state.apply(action)
    lines.append("")
    lines.extend(_final_lines(state, step))
    return "\n".join(lines) + "\n"


def _seat_colours(state: GameState) -> list[list[str]]:
    seats: list[list[str]] = [[] for _ in range(state.num_players)]
    for colour, seat in enumerate(state.config.agent_seats):
        seats[seat].append(COLOURS[colour].name.lower())
    return seats


def _flag_value(value: object) -> str:
    return repr(value.value) if isinstance(value, enum.Enum) else repr(value)


def _playthrough_header(state: GameState, seed: int) -> list[str]:
    seats = ", ".join(
        f"seat {seat} {'+'.join(names)}" for seat, names in enumerate(_seat_colours(state))
    )
    changed = state.rules.changed()
    order = ", ".join(COLOURS[c].name.lower() for c in state.config.order)
    return [
        "Tongiaki playthrough: random.Random(seed) picks every decision and draw",
        f"players: {state.num_players} ({seats})",
        f"seed: {seed}",
        f"start player: seat {state.config.start_player}; turn order {order}",
        "rules changed:" if changed else "rules changed: none (the defaults)",
        *(f"  {name}={_flag_value(value)}" for name, value in changed.items()),
        *_NOTATION,
    ]


def _who(state: GameState) -> str:
    colour = state.turn_colour.name.lower()
    if state.current_player is None:
        return f"chance (turn of seat {state.turn_player}, {colour})"
    return f"seat {state.current_player} ({colour})"


def _letters(colours: Collection[int]) -> str:
    return "".join(COLOURS[c].letter for c in colours)


def _island_line(state: GameState, pos: Hex) -> str:
    placed = state.tile_at(pos)
    assert placed is not None
    text = f"{pos} {placed.tile.id} r{placed.rotation}"
    island = state.island_at(pos)
    if island is None:
        return text
    beaches = " ".join(f"{b.index}:{_letters(b.boats)}{'.' * b.free}" for b in island.beaches)
    text += f": {beaches}"
    if island.is_royal:
        text += f"; royal, king {island.king.name.lower() if island.king is not None else '-'}"
    return text


def _step_lines(state: GameState, step: int) -> list[str]:
    p = state.pending
    lines = [f"step {step}: {p.kind.value} by {_who(state)}"]
    group = state.group
    if p.kind is DecisionKind.BERTH and p.island is not None:
        lines.append(f"  island {_island_line(state, p.island)}")
        lines.append(f"  arriving: {_letters(p.group)}")
    elif p.kind is DecisionKind.PLACE_TILE:
        lines.append(f"  tile: {p.tile}")
    if p.kind in (DecisionKind.DRAW, DecisionKind.PLACE_TILE) and group is not None:
        lines.append(
            f"  group {_letters(group.colours)} at {group.position}, entering by direction "
            f"{group.entry}, from {group.origin}"
        )
    if state.is_chance_node:
        pile = state.pile
        lines.append(f"  pile: {pile.islands} islands, {pile.oceans} oceans")
        counts = Counter(pile.tiles)
        left = len(pile.tiles)
        by_fraction: dict[int, list[str]] = {}
        for draw, _p in state.chance_outcomes():
            by_fraction.setdefault(counts[draw.tile], []).append(draw.tile)
        lines.append(f"  outcomes ({len(counts)}):")
        for k, tiles in by_fraction.items():
            lines.extend(_wrap([[f"{k}/{left}:"], *([t] for t in tiles)], "    "))
        return lines
    legal = state.legal_actions()
    lines.append(f"  legal ({len(legal)}):")
    if len(legal) <= _LIST_IN_FULL:
        lines.extend(f"    {action!r}" for action in legal)
    else:
        lines.extend(_compact(list(legal)))
    return lines


def _compact(actions: list[Action]) -> list[str]:
    """Lines for a long list of actions (the notation is in :data:`_NOTATION`)."""
    # runs of one type and the same leading fields; within a run, the last field's
    # values for each value of the last field but one
    runs: list[tuple[type, tuple[object, ...], list[tuple[object, list[object]]]]] = []
    for action in actions:
        values = attrs.astuple(action, recurse=False)
        fixed, rest = values[:-2], values[-2:]
        if not runs or runs[-1][0] is not type(action) or runs[-1][1] != fixed or not rest:
            runs.append((type(action), fixed, []))
        if not rest:
            continue
        middle, last = (rest[0], rest[1]) if len(rest) == 2 else (None, rest[0])
        subruns = runs[-1][2]
        if subruns and subruns[-1][0] == middle:
            subruns[-1][1].append(last)
        else:
            subruns.append((middle, [last]))
    lines: list[str] = []
    for kind, fixed, subruns in runs:
        if not subruns:
            lines.append(f"    {kind.__name__}()")
            continue
        head = "".join(f"{v!r}, " for v in fixed)
        entries = [[f"{kind.__name__}({head}...):"]]
        for k, (middle, lasts) in enumerate(subruns):
            pieces = [v + "|" for v in _alternatives(lasts)]
            pieces[-1] = pieces[-1][:-1] + (";" if k < len(subruns) - 1 else "")
            if middle is not None:
                pieces[0] = f"{middle!r} {pieces[0]}"
            entries.append(pieces)
        lines.extend(_wrap(entries, "    ", "      "))
    return lines


def _alternatives(values: list[object]) -> list[str]:
    """The ``repr`` of each value; three or more consecutive ints become ``a..b``."""
    texts: list[str] = []
    k = 0
    while k < len(values):
        n = 1
        start = values[k]
        if isinstance(start, int) and type(start) is int:  # not a Colour
            while k + n < len(values) and values[k + n] == start + n:
                n += 1
        if n >= 3:
            texts.append(f"{start!r}..{values[k + n - 1]!r}")
        else:
            n = 1
            texts.append(repr(start))
        k += n
    return texts


def _wrap(entries: list[list[str]], indent: str, more: str | None = None) -> list[str]:
    """Fill lines with entries a space apart; an entry too long for a line breaks between pieces.

    The first line starts with ``indent``, the others with ``more`` (default: ``indent``).
    """
    lines: list[str] = []
    line = ""
    rest = indent if more is None else more

    def flush() -> None:
        nonlocal line
        lines.append((rest if lines else indent) + line)
        line = ""

    def room() -> int:
        return _WIDTH - len(rest if lines else indent)

    for pieces in entries:
        text = "".join(pieces)
        if line and len(line) + 1 + len(text) <= room():
            line += " " + text
            continue
        if line:
            flush()
        for piece in pieces:
            if line and len(line) + len(piece) > room():
                flush()
            line += piece
    if line:
        flush()
    return lines


def _final_lines(state: GameState, steps: int) -> list[str]:
    outcome = state.outcome()
    assert outcome is not None
    lines = [f"game over after {steps} steps; end triggered: {state.end_triggered}", "table:"]
    lines.extend(f"  {_island_line(state, placed.position)}" for placed in state.placed_tiles)
    removed = ", ".join(state.removed_tiles) or "none"
    lines.append(f"removed: {removed}")
    lines.extend(
        f"{c.name.lower()}: reserve {state.reserve(c)}, board {state.boats_on_board(c)}, "
        f"out {state.boats_out_of_game(c)}, royal islands founded {state.royal_islands_founded(c)}"
        for c in state.colours
    )
    lines.append(f"scores: {outcome.scores}")
    lines.append(f"islands (tie-break 1): {outcome.islands}")
    lines.append(f"boats (tie-break 2): {outcome.boats}")
    lines.append(f"ranking: {outcome.ranking}")
    lines.append(f"winners: {outcome.winners}")
    lines.append(f"tie-break: {outcome.tiebreak.value}")
    return lines
