"""Whether a position can come from play: :func:`reachability_problems`, as JSON paths.

The one place for these rules, shared by the invariants, the state JSON reader
and :func:`~tongiaki_rules.position`: the reach of the tiles
(AMB-07), the boats on royal islands (ROYAL-6, AMB-21, AMB-34), the kings
founded (ROYAL-3), and the group at sea or landing (DEPART-4, VOYAGE-4, ROYAL-7).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Collection

import attrs

from .._state import GameState
from ..colours import COLOURS
from ..hexgrid import ORIGIN, STEPS, Hex, distance
from ..rules import Rules, TwoPlayerRoyalLimit
from ..views import NO_KING, VACANT_KING, Phase, Purpose


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
    JSON reader and :func:`~tongiaki_rules.position` all use it.
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
        for k, (pos, _t, _r) in enumerate(state.compact.tiles)
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
    if king == VACANT_KING:
        # the New Colonisation that took the king took the owner's boats too (RECOLONIZE-2)
        return Problem(None, "a royal island without its king has no boats", "AMB-21")
    if colours != {king}:
        return Problem(None, "only the king's own boats land on a royal island", "AMB-34")
    return None


def _royal_beaches(state: GameState) -> list[Problem]:
    view = state.compact
    rules = state.config.rules
    problems = []
    for k, (beaches, king) in enumerate(zip(view.boats, view.kings, strict=True)):
        if king == NO_KING:
            continue
        problem = royal_beach_problem(rules, king, beaches)
        if problem is not None:
            problems.append(attrs.evolve(problem, path=f"table[{k}].beaches"))
    return problems


def _founded(state: GameState) -> list[Problem]:
    view = state.compact
    cfg = state.config
    agents = len(cfg.agent_seats)
    kings_of = Counter(k for k in view.kings if 0 <= k < agents)
    problems = []
    for c, n in enumerate(view.founded):
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
            n = sum(f for c, f in enumerate(view.founded) if cfg.agent_seats[c] == seat)
            if n > 2:
                problems.append(
                    Problem("colours", f"seat {seat} founded {n} royal islands", "ROYAL-3")
                )
    else:
        for c, n in enumerate(view.founded):
            if n > 2:
                path = f"colours.{COLOURS[c].letter}.royal_islands_founded"
                problems.append(Problem(path, f"{n} royal islands founded", "ROYAL-3"))
    return problems


def _under_way(state: GameState) -> list[Problem]:
    view = state.compact
    phase = view.phase
    voyage = view.purpose == Purpose.VOYAGE
    if phase == Phase.LAND:
        return _landing(state, voyage)
    if phase in (Phase.DRAW, Phase.PLACE) and voyage:
        return _at_sea(state)
    return []


def _island_index(state: GameState, pos: Hex | None) -> int | None:
    view = state.compact
    k = view.where.get(pos) if pos is not None else None
    if k is None or not state.config.tiles.is_island[view.tiles[k][1]]:
        return None
    return k


def _landing(state: GameState, voyage: bool) -> list[Problem]:
    view = state.compact
    k = _island_index(state, view.at)
    if k is None:
        return [Problem("at", f"the group lands at {view.at}, where there is no island")]
    problems = []
    king = view.kings[k]
    rules = state.config.rules
    if king != NO_KING and not (
        rules.royal_owner_may_land and view.group and all(c == king for c in view.group)
    ):
        problems.append(
            Problem("at", "no group lands on a royal island but its king's own boats", "ROYAL-7")
        )
    if voyage and _island_index(state, view.origin) is None:
        problems.append(Problem("origin", "must be the island the expedition left"))
    return problems


def _at_sea(state: GameState) -> list[Problem]:
    view = state.compact
    at = view.at
    if at is None or at in view.where:
        return [Problem("at", "must be an empty hex beside the voyage")]
    problems = []
    if _island_index(state, view.origin) is None:
        problems.append(Problem("origin", "must be the island the expedition left"))
    if distance(at, ORIGIN) > _reach(state) + 1:
        problems.append(Problem("at", f"{list(at)} is far from every tile on the table"))
        return problems
    why = _no_way_in(state, at, view.entry)
    if why is not None:
        problems.append(Problem("entry", why, "DEPART-4"))
    return problems


def _no_way_in(state: GameState, at: Hex, entry: int) -> str | None:
    """Why no jetty or route of the tile across edge ``entry`` of ``at`` leads there (or None)."""
    view = state.compact
    if not 0 <= entry < 6:
        return f"{entry} is not a direction 0..5"
    dq, dr = STEPS[entry]
    behind = (at[0] + dq, at[1] + dr)
    k = view.where.get(behind)
    if k is None:
        return f"the group enters {list(at)} from {list(behind)}, an empty hex"
    ts = state.config.tiles
    _pos, t, rot = view.tiles[k]
    out = ((entry + 3) % 6 - rot) % 6  # the edge of that tile facing the group, unrotated
    if ts.is_island[t]:
        if any(out in jetties for jetties in ts.jetties[t]):
            return None
        return f"{ts.kinds[t].id} at {list(behind)} has no jetty towards {list(at)}"
    need = ts.route_need[t][out]
    colours = len(set(view.group))
    if need > colours:
        return (
            f"the route of {ts.kinds[t].id} at {list(behind)} towards {list(at)} needs "
            f"{need} colours; the group has {colours}"
        )
    return None
