"""The Tóncc view's parts for the browser: the pictures, the moves' landings, the last round.

The page draws the board and tells each round in the player's language. So
the view carries, besides the position (:func:`~._toncc_host.state_json`),
the 18 region pictures (:func:`pictures_json`), where each of a seat's six
moves would land (:func:`landing`), and what the last round did
(:func:`last_round_json`): the moves revealed, landings, conquests and
contests, the Kings who left, a stall, and the challenge's result once a
round ended it. These are facts, never sentences: the page words them.

>>> from tongiaki_rules.toncc import STANDARD_MAP
>>> pictures_json(STANDARD_MAP)[0]["name"]
'A0'
"""

from __future__ import annotations

from typing import Any

from tongiaki_rules.games import TonccPosition
from tongiaki_rules.toncc import (
    KINGS,
    LABELS,
    King,
    Move,
    TonccMap,
    TonccState,
    position_name,
)

from ._toncc_log import Round, TonccLog

__all__ = ["landing", "last_round_json", "pictures_json"]


def _king(king: King) -> str:
    return king.name.lower()


def pictures_json(toncc_map: TonccMap) -> list[dict[str, Any]]:
    """The Map's 18 pictures by region id: its Map name, background and symbol colours, shape,
    lines and dots (``shape`` is ``null`` and ``lines``/``dots`` 0 where a picture has none)."""
    return [
        {
            "name": position_name(region),
            "background": picture.background.name.lower(),
            "symbol": picture.symbol.name.lower(),
            "shape": None if picture.shape is None else picture.shape.name.lower(),
            "lines": picture.lines,
            "dots": picture.dots,
        }
        for region, picture in enumerate(toncc_map.regions)
    ]


def landing(state: TonccState, seat: int, move: Move) -> str:
    """The cell (``I1``..``O12``) where ``seat``'s King lands by ``move``."""
    return LABELS[state.destination(state.king_of(seat), move)]


def _last_round(log: TonccLog, at: int) -> int | None:
    """The index of the last round played in the first ``at`` steps, if any."""
    for k in range(at - 1, -1, -1):
        if isinstance(log.actions[k], Round):
            return k
    return None


def last_round_json(log: TonccLog, at: int) -> dict[str, Any] | None:
    """The last round played in the first ``at`` steps, as facts (``None`` before the first).

    ``moves`` and ``landings`` are by King (``null`` for a King off the board);
    each conquest names its King, cell, region id and everyone who entered the
    region; ``result`` is the challenge's result when the round ended one (by
    King: Kingdom points, king points, the score and the tóncc points).
    """
    k = _last_round(log, at)
    if k is None:
        return None
    before: TonccPosition = log.positions[k]
    state = before.state
    step = log.actions[k]
    assert isinstance(step, Round)
    moves = {state.king_of(seat): move for seat, move in step.by_seat().items()}
    after, report = state.apply_joint_with_report(moves)
    by_king: dict[str, Any] = {}
    for king in KINGS:
        cell = report.destinations[king.value]
        by_king[_king(king)] = {
            "move": moves[king].number if king in moves else None,
            "landing": None if cell is None else LABELS[cell],
        }
    result = None
    if report.challenge_over:
        done = after.results[-1]
        result = {
            _king(king): {
                "kingdom_points": done.kingdom_points[king.value],
                "king_points": done.king_points[king.value],
                "score": done.scores[king.value],
                "toncc_points": done.toncc_points[king.value],
            }
            for king in KINGS
        }
    return {
        "after": k + 1,
        "challenge": state.challenge,
        "turn": state.turn,
        "kings": by_king,
        "conquests": [
            {
                "king": _king(c.king),
                "cell": LABELS[c.cell],
                "region": c.region,
                "contenders": [_king(x) for x in c.contenders],
            }
            for c in report.conquests
        ],
        "finished": [_king(king) for king in report.finished],
        "stalled": report.stalled,
        "result": result,
    }
