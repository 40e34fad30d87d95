"""Bots for Tóncc: a random King and a greedy one, each choosing one King's move.

A bot sees only the public state (a King's choice is hidden until all have
chosen), so :meth:`choose` takes the state and the King it plays.

>>> import random
>>> from tongiaki_rules.toncc import King, new_game
>>> state = new_game().resolve_chance(random.Random(3))
>>> GreedyBot(seed=1).choose(state, King.RED) in state.legal_actions(King.RED)
True
"""

from __future__ import annotations

import random

import attrs

from ..errors import SettingsError, shown
from ._actions import Move
from ._kings import King, as_king
from ._state import TonccState
from ._values import whole


def _seed(value: object) -> int | None:
    """A bot's seed: ``None`` or a whole number (numpy integers too), never a bool or a float."""
    if value is None:
        return None
    return whole(value, "seed", -(2**256), 2**256, SettingsError)


BOT_NAMES = ("random", "greedy")
"""The bots :func:`make_bot` builds, by name."""


@attrs.define(slots=True)
class RandomBot:
    """Chooses one of the King's six moves uniformly at random (seeded)."""

    seed: int | None = attrs.field(default=None, converter=_seed)
    rng: random.Random = attrs.field(init=False)
    name: str = attrs.field(init=False, default="random")

    def __attrs_post_init__(self) -> None:
        self.rng = random.Random(self.seed)

    def choose(self, state: TonccState, king: King) -> Move:
        """A random legal move of ``king``; :class:`SettingsError` if he has none."""
        moves = _moves_of(state, king)
        return moves[self.rng.randrange(len(moves))]


@attrs.define(slots=True)
class GreedyBot:
    """Moves to the face-up region worth the most to him now; ties broken at random.

    A region's worth is the value of its background for the King (3 weak,
    2 medium, 1 strong: TC-SCORE-2) plus 3 for each Map Kingdom it would
    complete with his seals already there; a region another King could win
    in a contest counts as little. With no region in reach he moves at random.
    """

    seed: int | None = attrs.field(default=None, converter=_seed)
    rng: random.Random = attrs.field(init=False)
    name: str = attrs.field(init=False, default="greedy")

    def __attrs_post_init__(self) -> None:
        self.rng = random.Random(self.seed)

    def choose(self, state: TonccState, king: King) -> Move:
        """The move of ``king`` landing on the most valuable face-up region."""
        moves = _moves_of(state, king)
        values = [self.worth(state, king, move) for move in moves]
        best = max(values)
        return self.rng.choice([m for m, v in zip(moves, values, strict=True) if v == best])

    @staticmethod
    def worth(state: TonccState, king: King, move: Move) -> int:
        """What landing with ``move`` is worth to ``king`` by immediate value (0: nothing).

        ``king`` must have ``move`` to choose now; else :class:`SettingsError`.
        """
        if type(move) is not Move:
            raise SettingsError(f"move: expected a Move, got {shown(move)}")
        _moves_of(state, king)
        king = as_king(king, error=SettingsError)
        cell = state.destination(king, move)
        if not state.face_up >> cell & 1:
            return 0
        region = state.layout[cell]
        toncc_map = state.toncc_map
        value = king.weight(toncc_map.regions[region].background)
        for window in toncc_map.kingdoms:
            if region in window and all(
                r == region or state.owners[r] == king.value for r in window
            ):
                value += sum(king.weight(toncc_map.regions[r].background) for r in window)
        return value


Bot = RandomBot | GreedyBot


def _moves_of(state: TonccState, king: King) -> tuple[Move, ...]:
    if type(state) is not TonccState:
        raise SettingsError(f"state: expected a TonccState, got {shown(state)}")
    king = as_king(king, error=SettingsError)
    moves = state.legal_actions(king)
    if not moves:
        raise SettingsError(f"king: King {king.name} has no move to choose now")
    return moves


def make_bot(name: str, seed: int | None = None) -> Bot:
    """The bot called ``name`` (``random`` or ``greedy``), seeded with ``seed``.

    >>> make_bot("greedy", 3).name
    'greedy'
    """
    if type(name) is not str:
        raise SettingsError(f"bot: expected a bot name, got {shown(name)}")
    if name == "random":
        return RandomBot(seed)
    if name == "greedy":
        return GreedyBot(seed)
    raise SettingsError(f"bot: {shown(name)} is not one of {', '.join(BOT_NAMES)}")
