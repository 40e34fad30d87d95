"""Shared positions and helpers for the scenario tests of the special rules.

Used by test_royal, test_recolonize, test_special, test_closed, test_end,
test_scoring and test_variants. Geometry reminder (hexgrid): directions 0
bottom, 1 lower-left, 2 upper-left, 3 top, 4 upper-right, 5 lower-right; a
tile with rotation ``r`` has its printed edge ``k`` on board direction
``(k + r) % 6``; Tonga's beach ``b`` has its one jetty on direction ``b``.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import pytest

from tongiaki_rules import ORIGIN, Action, GameState, Hex, IllegalActionError, Rules, position

ABOVE: Hex = (0, -1)
"""The hex on top of Tonga, reached through the jetty of Tonga's beach 3."""
BELOW: Hex = (0, 1)
"""The hex under Tonga, reached through the jetty of Tonga's beach 0."""

# --------------------------------------------------------------------------
# A closed island (CLOSED-1).
#
# Tubuai (beaches "3:12 3:45": jetties on printed edges 1, 2 | 4, 5, none on
# 0 and 3) lies on top of Tonga with rotation 0, so its jetties point in board
# directions 1, 2, 4 and 5. Two pairs of ocean tiles link its jetties pairwise:
#
# * jetty 1 -> (-1, 0) ocean-p, route 4-3 -> (-1, -1) ocean-l, route 0-5 ->
#   back into Tubuai by the side of jetty 2 (and the same way round);
# * jetty 4 -> (1, -2) ocean-o, route 1-0 -> (1, -1) ocean-k, route 3-2 ->
#   back into Tubuai by the side of jetty 5 (and the same way round).
#
# All four routes are unnumbered. Every way out of Tubuai leads straight back
# to it: the island is closed.
# --------------------------------------------------------------------------
TUBUAI: Hex = ABOVE
LEFT_PAIR: list[tuple[Hex, str, int]] = [
    ((-1, 0), "ocean-p", 0),  # route 3-4 (unnumbered)
    ((-1, -1), "ocean-l", 0),  # route 0-5 (unnumbered)
]
RIGHT_PAIR: list[tuple[Hex, str, int]] = [
    ((1, -2), "ocean-o", 0),  # route 0-1 (unnumbered)
    ((1, -1), "ocean-k", 0),  # route 2-3 (unnumbered)
]
CLOSED_TUBUAI: list[tuple[Hex, str, int]] = [(TUBUAI, "tubuai", 0), *LEFT_PAIR, *RIGHT_PAIR]

# A second closed island, Muroroa (jetties on printed edges 1 | 2 | 4, 5), at
# (0, -4), built the same way with other ocean tiles, joined to the first
# group by two ocean tiles whose routes play no part.
MUROROA: Hex = (0, -4)
CLOSED_MUROROA: list[tuple[Hex, str, int]] = [
    (MUROROA, "muroroa", 0),
    ((-1, -3), "ocean-h", 1),  # printed route 2-3 (unnumbered) on board edges 3-4
    ((-1, -4), "ocean-n", 0),  # route 0-5 (unnumbered)
    ((1, -5), "ocean-e", 0),  # route 0-1 (a "3")
    ((1, -4), "ocean-j", 1),  # printed route 1-2 (a "2") on board edges 2-3
    ((0, -2), "ocean-a", 0),  # filler between the two groups
    ((0, -3), "ocean-b", 0),  # filler between the two groups
]


def play(state: GameState, *actions: Action) -> GameState:
    """Apply ``actions`` (decisions and ``Draw`` outcomes) one after the other."""
    for action in actions:
        state = state.apply(action)
    return state


def clause_of(state: GameState, action: Action) -> str | None:
    """The clause named by the IllegalActionError that ``action`` raises in ``state``."""
    with pytest.raises(IllegalActionError) as caught:
        state.apply(action)
    return caught.value.clause


def game_over(num_players: int, *, boats: Mapping[tuple[Hex, int], str], **kw: Any) -> GameState:
    """The position given, at the very end of the game.

    The last turn ends with one more expedition: three blue boats on Tonga's
    beach 0 sail to the empty hex below Tonga while the draw pile is exhausted,
    so they are lost (AMB-13) and the game is over with exactly ``boats`` (and
    ``kings``) on the table. Tonga's beach 0 and the hex below Tonga must not be
    used by the caller.
    """
    assert (ORIGIN, 0) not in boats
    state = position(
        num_players,
        boats={**boats, (ORIGIN, 0): "BBB"},
        pile=[],
        end_triggered=True,
        **kw,
    )
    assert state.is_terminal
    return state


def spread(tile_ids: list[str], row: int = 6) -> list[tuple[Hex, str, int]]:
    """Tiles laid in a row far from Tonga (for positions late in the game)."""
    return [((q - len(tile_ids) // 2, row), tile_id, 0) for q, tile_id in enumerate(tile_ids)]


def tubuai_among_royal_islands(rules: Rules) -> GameState:
    """Tubuai at (0, -3) with its four jetties facing royal islands, both beaches full of green.

    With ``bounce_counts_as_closed_route=False`` every group bounces home and
    refills a beach: no choice can ever end the chain (AMB-10, AMB-25).
    """
    tubuai = (0, -3)
    return position(
        3,
        tiles=[
            (tubuai, "tubuai", 0),
            ((-1, -2), "nauru", 0),
            ((-1, -3), "tokelau", 0),
            ((1, -4), "hawaii", 0),
            ((1, -3), "samoa", 0),
        ],
        kings={(-1, -2): "B", (-1, -3): "B", (1, -4): "R", (1, -3): "R"},
        boats={(tubuai, 0): "GGG", (tubuai, 1): "GG"},
        to_move=2,
        rules=rules,
    )
