"""Scoring: Kingdoms on the Map, challenge scores, tóncc points and the game's winner.

>>> toncc_points((12, 10, 10), TonccRules())   # Red 12, Yellow 10, Blue 10: the sheet's example
(2, 0, 1)
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence, Set

import attrs

from ..errors import QueryError, SettingsError, shown
from ._kings import KINGS, King, as_king, weaker_king
from ._rules import FinalThreeWayTie, TonccRules, TopTie
from ._values import whole
from .regions import TonccMap

NO_OWNER = -1
"""In ``owners``: no seal on this Map picture."""


def kingdoms_of(owners: Sequence[int], king: King, toncc_map: TonccMap) -> tuple[int, ...]:
    """The indices (into ``toncc_map.kingdoms``) of the Kingdoms ``king`` made (TC-SCORE-1).

    A run of n of his seals along a side holds n - 2 windows of three; seals
    in no window score nothing.
    """
    return tuple(
        index
        for index, window in enumerate(toncc_map.kingdoms)
        if all(owners[region] == king.value for region in window)
    )


def kingdom_value(window: Sequence[int], king: King, toncc_map: TonccMap) -> int:
    """A Kingdom's value: 1, 2 or 3 a region for a strong, medium, weak background (TC-SCORE-2).

    >>> from tongiaki_rules.toncc import STANDARD_MAP
    >>> kingdom_value((0, 1, 2), King.RED, STANDARD_MAP)  # three blue backgrounds: Red's medium
    6

    ``window`` must be one of the Map's 15 Kingdoms (three region ids, in
    any order); anything else raises :class:`~tongiaki_rules.errors.QueryError`.
    """
    king = as_king(king)
    if type(toncc_map) is not TonccMap:
        raise QueryError(f"toncc_map: expected a TonccMap, got {shown(toncc_map)}")
    regions = _three(window, "window", 0, 17)
    if tuple(sorted(regions)) not in {tuple(sorted(w)) for w in toncc_map.kingdoms}:
        raise QueryError(
            f"window: {shown(window)} is not one of the Map's 15 Kingdoms "
            "(three pictures in a row on a side)"
        )
    return sum(king.weight(toncc_map.regions[region].background) for region in regions)


def _three(values: object, argument: str, low: int, high: int) -> tuple[int, int, int]:
    """Three whole numbers in ``low..high`` from a sequence; QueryError naming ``argument``."""
    if isinstance(values, (str, bytes, Mapping, Set)) or not isinstance(values, Iterable):
        raise QueryError(f"{argument}: expected a sequence of 3 whole numbers, got {shown(values)}")
    items = tuple(values)
    if len(items) != 3:
        raise QueryError(f"{argument}: expected 3 values, got {len(items)}")
    a, b, c = (whole(v, f"{argument}[{i}]", low, high) for i, v in enumerate(items))
    return (a, b, c)


def kingdom_points(owners: Sequence[int], king: King, toncc_map: TonccMap) -> int:
    """The value of every Kingdom ``king`` made."""
    windows = toncc_map.kingdoms
    regions = toncc_map.regions
    return sum(
        sum(king.weight(regions[r].background) for r in windows[i])
        for i in kingdoms_of(owners, king, toncc_map)
    )


def ranking(scores: Sequence[int]) -> tuple[King, ...]:
    """The Kings from best score to worst; two tied are ordered weaker King first (TC-SCORE-5).

    With all three tied the order is the seat order (they share the points).

    >>> ranking((10, 10, 12))
    (<King.BLUE: 2>, <King.YELLOW: 1>, <King.RED: 0>)
    """
    scores = _three(scores, "scores", -(2**62), 2**62)
    if len(set(scores)) == 1:
        return KINGS
    order = sorted(KINGS, key=lambda k: -scores[k.value])
    for i in range(2):
        first, second = order[i], order[i + 1]
        if scores[first.value] == scores[second.value] and weaker_king(first, second) is second:
            order[i], order[i + 1] = second, first
    return tuple(order)


def toncc_points(scores: Sequence[int], rules: TonccRules) -> tuple[int, int, int]:
    """The tóncc points of one challenge, by seat (TC-SCORE-4..6).

    >>> toncc_points((7, 7, 7), TonccRules())
    (1, 1, 1)
    >>> toncc_points((9, 9, 4), TonccRules(top_tie=TopTie.WINNER_TAKES_BOTH))
    (0, 3, 0)
    """
    scores = _three(scores, "scores", -(2**62), 2**62)
    if type(rules) is not TonccRules:
        raise SettingsError(f"rules: expected TonccRules, got {shown(rules)}")
    if len(set(scores)) == 1:
        return (1, 1, 1)
    order = ranking(scores)
    points = [0, 0, 0]
    top_tied = scores[order[0].value] == scores[order[1].value]
    if top_tied and rules.top_tie is TopTie.WINNER_TAKES_BOTH:
        points[order[0].value] = 3
    else:
        points[order[0].value] = 2
        points[order[1].value] = 1
    return (points[0], points[1], points[2])


def game_winners(
    toncc: Sequence[int], score_totals: Sequence[int], rules: TonccRules
) -> tuple[King, ...]:
    """The winner of a game, or the Kings sharing the win (TC-GAME-2, TC-GAME-3).

    >>> game_winners((4, 4, 1), (0, 0, 0), TonccRules())  # tie: the weaker King wins
    (<King.YELLOW: 1>,)
    >>> game_winners((3, 3, 3), (20, 25, 20), TonccRules())
    (<King.RED: 0>, <King.YELLOW: 1>, <King.BLUE: 2>)
    >>> game_winners((3, 3, 3), (20, 25, 20), TonccRules(final_three_way_tie="score_total"))
    (<King.YELLOW: 1>,)
    """
    best = max(toncc)
    leaders = [k for k in KINGS if toncc[k.value] == best]
    if len(leaders) == 3 and rules.final_three_way_tie is FinalThreeWayTie.SCORE_TOTAL:
        top = max(score_totals)
        leaders = [k for k in KINGS if score_totals[k.value] == top]
    if len(leaders) == 2:
        return (weaker_king(leaders[0], leaders[1]),)
    return tuple(leaders)


def returns_of(winners: Sequence[King]) -> tuple[float, float, float]:
    """Zero-sum returns: the winners share +1, the others share -1; 0 each if all share.

    >>> returns_of((King.BLUE,))
    (-0.5, -0.5, 1.0)
    """
    if len(winners) == 3:
        return (0.0, 0.0, 0.0)
    won = 1.0 / len(winners)
    lost = -1.0 / (3 - len(winners))
    values = [won if k in winners else lost for k in KINGS]
    return (values[0], values[1], values[2])


@attrs.frozen(slots=True)
class ChallengeResult:
    """How one challenge ended: the board, the seals on the Map and the points, by seat.

    ``owners[region]`` is the seat whose seal is on that Map picture (or -1).
    """

    layout: tuple[int, ...]
    owners: tuple[int, ...]
    stalled: bool
    king_points: tuple[int, int, int]
    kingdoms: tuple[tuple[int, ...], tuple[int, ...], tuple[int, ...]]
    kingdom_points: tuple[int, int, int]
    scores: tuple[int, int, int]
    toncc_points: tuple[int, int, int]


def score_challenge(
    layout: tuple[int, ...],
    owners: tuple[int, ...],
    king_points: tuple[int, int, int],
    stalled: bool,
    toncc_map: TonccMap,
    rules: TonccRules,
) -> ChallengeResult:
    """Score a finished challenge (TC-SCORE-1..6)."""
    made = [kingdoms_of(owners, k, toncc_map) for k in KINGS]
    points = [kingdom_points(owners, k, toncc_map) for k in KINGS]
    scores = (
        points[0] + king_points[0],
        points[1] + king_points[1],
        points[2] + king_points[2],
    )
    return ChallengeResult(
        layout=layout,
        owners=owners,
        stalled=stalled,
        king_points=king_points,
        kingdoms=(made[0], made[1], made[2]),
        kingdom_points=(points[0], points[1], points[2]),
        scores=scores,
        toncc_points=toncc_points(scores, rules),
    )
