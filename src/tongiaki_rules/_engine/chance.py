"""The chance node's outcomes: each tile left in the pile with its probability.

:meth:`~tongiaki_rules.GameState.chance_outcomes` asks this module (compiled
with the engine in the optional mypyc build), passing only the state's own
draws and pile.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from ..actions import Draw


def outcomes(draws: tuple[Draw, ...], pile: tuple[int, ...]) -> list[tuple[Draw, float]]:
    """The draw of each tile in ``pile`` (equal tiles lie together) with its share of the pile."""
    total = len(pile)
    found: list[tuple[Draw, float]] = []
    k = 0
    while k < total:
        t = pile[k]
        n = 1
        while k + n < total and pile[k + n] == t:
            n += 1
        found.append((draws[t], n / total))
        k += n
    return found
