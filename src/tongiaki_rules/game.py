"""The game protocol: what any game of the package offers a player, a bot or an adapter.

A :class:`GamePosition` is an immutable position of some game, seen by
player (0 to ``num_players - 1``): who decides now (``deciders``: one
player in a game of turns, several when they choose at once), or whether
chance acts (``is_chance``, ``chance_outcomes`` with their probabilities,
``apply_chance``), the legal actions of a player, ``apply`` with one action
per decider, and at the end ``winners`` and zero-sum ``returns``. A
:class:`GameDescriptor` names a game, says how many may play it and makes
its new games. :mod:`tongiaki_rules.games` holds the two games of the
package, Tongiaki and Tóncc, under this protocol.

>>> import random
>>> from tongiaki_rules.games import TONCC
>>> end = random_playout(TONCC.new_game(), random.Random(5))
>>> end.is_terminal, sum(end.returns())
(True, 0.0)
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from typing import Any, Generic, Protocol, Self, TypeVar, runtime_checkable

import attrs

from .errors import SettingsError, shown

__all__ = [
    "GameDescriptor",
    "GamePosition",
    "random_playout",
    "zero_sum_returns",
]

ActionT = TypeVar("ActionT")
OutcomeT = TypeVar("OutcomeT")
PositionT = TypeVar("PositionT", bound="GamePosition[Any, Any]")


@runtime_checkable
class GamePosition(Protocol[ActionT, OutcomeT]):
    """An immutable position of a game, by player: the one protocol both games satisfy.

    Exactly one of three holds: the game is over (``is_terminal``), chance
    acts (``is_chance``), or ``deciders`` is not empty. ``apply`` takes one
    legal action for each decider and returns the next position; bad input
    raises an :class:`~tongiaki_rules.errors.IllegalActionError` and the
    position never changes.

    >>> from tongiaki_rules.games import TONGIAKI
    >>> position = TONGIAKI.new_game(2)
    >>> position.deciders, len(position.legal_actions(0))
    ((0,), 6)
    >>> position.apply({0: position.legal_actions(0)[2]}).deciders
    (1,)
    """

    @property
    def num_players(self) -> int:
        """The number of players."""

    @property
    def deciders(self) -> tuple[int, ...]:
        """The players who choose now, in order; ``()`` at chance nodes and at the end."""

    @property
    def is_chance(self) -> bool:
        """True when chance acts next (a draw, a shuffle)."""

    @property
    def is_terminal(self) -> bool:
        """True once the game is over."""

    def legal_actions(self, player: int) -> Sequence[ActionT]:
        """The actions ``player`` may choose now; empty unless he is a decider."""

    def apply(self, choices: Mapping[int, ActionT]) -> Self:
        """The position after each decider's action (``choices[player]``)."""

    def chance_outcomes(self) -> Sequence[tuple[OutcomeT, float]]:
        """The possible outcomes of chance with their probabilities (they sum to 1)."""

    def apply_chance(self, outcome: OutcomeT) -> Self:
        """The position after chance chose ``outcome``."""

    def winners(self) -> tuple[int, ...]:
        """The players who won (several when they share); only once the game is over."""

    def returns(self) -> tuple[float, ...]:
        """Per player: the winners share +1, the others -1 (see :func:`zero_sum_returns`)."""


def _player_counts(value: object) -> tuple[int, ...]:
    counts = tuple(value) if isinstance(value, Sequence | range) else ()
    if not counts or not all(type(n) is int and n >= 1 for n in counts):
        raise SettingsError(f"player_counts: expected whole numbers from 1, not {shown(value)}")
    return counts


@attrs.frozen(slots=True)
class GameDescriptor(Generic[PositionT]):
    """A game of the package: its name, how many may play it and how a new game is made.

    ``make(players)`` builds the first position of a game (the rules'
    defaults); :meth:`new_game` checks the number of players first.
    ``simultaneous`` says whether the players choose at once (then several
    may decide at one position).

    >>> from tongiaki_rules.games import TONGIAKI
    >>> TONGIAKI.name, TONGIAKI.player_counts, TONGIAKI.default_players
    ('tongiaki', (2, 3, 4, 5, 6), 4)
    """

    name: str
    title: str
    player_counts: tuple[int, ...] = attrs.field(converter=_player_counts)
    default_players: int
    simultaneous: bool
    make: Callable[[int], PositionT]

    def new_game(self, players: int | None = None) -> PositionT:
        """A new game for ``players`` (default :attr:`default_players`).

        Raises :class:`~tongiaki_rules.errors.SettingsError` naming
        ``players`` if the game is not played by that many.

        >>> from tongiaki_rules.games import TONCC
        >>> TONCC.new_game().num_players
        3
        >>> TONCC.new_game(4)
        Traceback (most recent call last):
        ...
        tongiaki_rules.errors.SettingsError: players: toncc is played by 3, not 4
        """
        count = self.default_players if players is None else players
        if type(count) is not int or count not in self.player_counts:
            allowed = ", ".join(map(str, self.player_counts))
            raise SettingsError(f"players: {self.name} is played by {allowed}, not {shown(count)}")
        return self.make(count)


def zero_sum_returns(winners: Sequence[int], players: int) -> tuple[float, ...]:
    """The winners share +1, the others share -1; all 0 when every player wins.

    >>> zero_sum_returns([1], 3), zero_sum_returns([0, 1], 2)
    ((-0.5, 1.0, -0.5), (0.0, 0.0))
    """
    if len(winners) == players:
        return (0.0,) * players
    won, lost = 1.0 / len(winners), -1.0 / (players - len(winners))
    return tuple(won if player in winners else lost for player in range(players))


def random_playout(position: PositionT, rng: random.Random) -> PositionT:
    """Play ``position`` to its end: uniform choices, chance by its probabilities.

    Only the protocol is used, so it plays any game of the package.

    >>> from tongiaki_rules.games import TONGIAKI
    >>> end = random_playout(TONGIAKI.new_game(2), random.Random(1))
    >>> end.is_terminal, len(end.winners()) >= 1
    (True, True)
    """
    while not position.is_terminal:
        if position.is_chance:
            outcomes = position.chance_outcomes()
            weights = [p for _, p in outcomes]
            chosen = rng.choices(range(len(outcomes)), weights)[0]
            position = position.apply_chance(outcomes[chosen][0])
        else:
            choices = {}
            for player in position.deciders:
                legal = position.legal_actions(player)
                choices[player] = legal[rng.randrange(len(legal))]
            position = position.apply(choices)
    return position
