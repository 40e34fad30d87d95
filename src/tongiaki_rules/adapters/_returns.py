"""The end-of-game rewards the adapters give: win shares, zero-sum shares or points.

>>> shares([1], 3, "win"), shares([1], 3, "zero_sum"), shares([0, 1], 2, "zero_sum")
([0.0, 1.0, 0.0], [-0.5, 1.0, -0.5], [0.0, 0.0])
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from .._state import GameState

REWARDS: Final = ("win", "score", "zero_sum")
"""What a finished game gives each seat.

``"win"``: each of ``k`` winners gets ``1/k`` (the others 0; the sum is 1).
``"score"``: each seat's final points. ``"zero_sum"``: the ``k`` winners share
+1 and the others share -1 (the sum is 0; all 0 when every seat wins).
"""


def shares(winners: Sequence[int], players: int, mode: str) -> list[float]:
    """Per seat, its share of the win under ``mode`` ``"win"`` or ``"zero_sum"``."""
    k = len(winners)
    if mode == "zero_sum":
        if k == players:
            return [0.0] * players
        won, lost = 1.0 / k, -1.0 / (players - k)
    else:
        won, lost = 1.0 / k, 0.0
    return [won if seat in winners else lost for seat in range(players)]


def final_rewards(state: GameState, mode: str) -> list[float]:
    """The rewards of a finished game (its outcome) under ``mode``, one of :data:`REWARDS`."""
    outcome = state.outcome()
    assert outcome is not None
    if mode == "score":
        return [float(s) for s in outcome.scores]
    return shares(outcome.winners, len(outcome.scores), mode)
