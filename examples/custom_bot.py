"""Write your own bot and let it play against the random bot.

A bot is any object with a ``name`` and a ``choose(state)`` method that
returns one of ``state.legal_actions()``. This one founds a royal island
whenever it can (a royal island keeps its value for good), otherwise
expands where it has the most boats, otherwise plays at random. Run it with
``python examples/custom_bot.py``.
"""

from __future__ import annotations

import random

from tongiaki_rules import Action, Expand, FoundRoyal, GameState, replay
from tongiaki_rules.bots import Bot, RandomBot, play_match


class RoyalistBot:
    """Founds royal islands first, then expands where it is strongest."""

    def __init__(self, seed: int | None = None) -> None:
        self._rng = random.Random(seed)

    @property
    def name(self) -> str:
        return "royalist"

    def choose(self, state: GameState) -> Action:
        actions = state.legal_actions()
        royal = [a for a in actions if isinstance(a, FoundRoyal)]
        if royal:
            # the most valuable island first
            return max(royal, key=lambda a: _island_value(state, a.island))
        expands = [a for a in actions if isinstance(a, Expand)]
        if expands:
            return max(expands, key=lambda a: (len(a.beaches), _island_value(state, a.island)))
        return self._rng.choice(actions)


def _island_value(state: GameState, position: tuple[int, int]) -> int:
    island = state.island_at(position)
    return island.tile.value if island is not None else 0


def main(games: int = 20) -> None:
    """Play ``games`` two-player games, swapping seats, and count the wins."""
    wins = {"royalist": 0.0, "random": 0.0}
    for game in range(games):
        bots: list[Bot] = [RoyalistBot(seed=game), RandomBot(seed=game)]
        if game % 2:
            bots.reverse()
        outcome = replay(play_match(bots, seed=game)).outcome()
        assert outcome is not None
        for seat in outcome.winners:
            wins[bots[seat].name] += 1 / len(outcome.winners)
    for name, won in wins.items():
        print(f"{name}: {won:g} of {games} games")


if __name__ == "__main__":
    main()
