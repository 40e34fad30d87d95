"""The package's two games under the game protocol: :data:`TONGIAKI` and :data:`TONCC`.

Each game's own state stays as it is; a thin frozen wrapper here
(:class:`TongiakiPosition`, :class:`TonccPosition`) gives it the
:class:`~tongiaki_rules.game.GamePosition` protocol, and
:func:`game_named` finds a game's descriptor by name.

>>> [game.name for game in GAMES]
['tongiaki', 'toncc']
>>> position = TONCC.new_game()
>>> position.is_chance, position.deciders  # the colour draw comes first
(True, ())
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Final

import attrs

from ._state import GameState, new_game
from .actions import Action, Draw
from .errors import IllegalActionError, SettingsError, shown
from .game import GameDescriptor, GamePosition, zero_sum_returns
from .toncc import DrawColours, JointAction, Move, PlaceRegion, TonccState
from .toncc import new_game as new_toncc_game

__all__ = ["GAMES", "TONCC", "TONGIAKI", "TonccPosition", "TongiakiPosition", "game_named"]


def _checked_choices(choices: object, deciders: tuple[int, ...]) -> Mapping[int, object]:
    """``choices`` if it maps exactly the deciders to an action; else ``IllegalActionError``."""
    if not isinstance(choices, Mapping):
        raise IllegalActionError(f"choices: expected a dict player -> action, not {shown(choices)}")
    if not deciders:
        raise IllegalActionError("choices: nobody decides now (chance acts, or the game is over)")
    if sorted(choices) != list(deciders):
        raise IllegalActionError(
            f"choices: expected an action for players {list(deciders)}, not for {sorted(choices)}"
        )
    return choices


@attrs.frozen(slots=True)
class TongiakiPosition:
    """A Tongiaki :class:`~tongiaki_rules.GameState` under the game protocol.

    One seat decides at a time; chance draws tiles from the pile.

    >>> position = TongiakiPosition(new_game(3))
    >>> position.num_players, position.deciders, position.legal_actions(1)
    (3, (0,), ())
    """

    state: GameState

    @property
    def num_players(self) -> int:
        """The number of seats."""
        return self.state.num_players

    @property
    def deciders(self) -> tuple[int, ...]:
        """The seat to decide, alone; ``()`` at a draw and at the end."""
        seat = self.state.current_player
        return () if seat is None else (seat,)

    @property
    def is_chance(self) -> bool:
        """True when the next tile is drawn from the pile."""
        return self.state.is_chance_node

    @property
    def is_terminal(self) -> bool:
        """True once the game is over."""
        return self.state.is_terminal

    def legal_actions(self, player: int) -> Sequence[Action]:
        """The legal actions of ``player``: all of the state's if he decides, else none."""
        return self.state.legal_actions() if player in self.deciders else ()

    def apply(self, choices: Mapping[int, Action]) -> TongiakiPosition:
        """The position after the decider's action, ``{seat: action}``."""
        checked = _checked_choices(choices, self.deciders)
        (action,) = checked.values()
        return TongiakiPosition(self.state.apply(action))  # type: ignore[arg-type]

    def chance_outcomes(self) -> Sequence[tuple[Draw, float]]:
        """The tiles that may be drawn, each with its probability."""
        return self.state.chance_outcomes()

    def apply_chance(self, outcome: Draw) -> TongiakiPosition:
        """The position after drawing ``outcome``."""
        if not isinstance(outcome, Draw):
            raise IllegalActionError(f"outcome: expected a Draw, not {shown(outcome)}")
        return TongiakiPosition(self.state.apply(outcome))

    def winners(self) -> tuple[int, ...]:
        """The seats that won the finished game."""
        outcome = self.state.outcome()
        if outcome is None:
            raise IllegalActionError("winners: the game is not over")
        return tuple(outcome.winners)

    def returns(self) -> tuple[float, ...]:
        """The zero-sum returns by seat at the end; 0 each before."""
        if not self.is_terminal:
            return (0.0,) * self.num_players
        return zero_sum_returns(self.winners(), self.num_players)


@attrs.frozen(slots=True)
class TonccPosition:
    """A :class:`~tongiaki_rules.toncc.TonccState` under the game protocol, by player.

    Players are not Kings: player ``p`` plays ``state.king_of(p)``, drawn
    at the first chance node. Every player whose King is on the board
    decides at once.

    >>> import random
    >>> position = TonccPosition(new_toncc_game())
    >>> while position.is_chance:
    ...     position = position.apply_chance(position.chance_outcomes()[0][0])
    >>> position.deciders, len(position.legal_actions(2))
    ((0, 1, 2), 6)
    """

    state: TonccState

    @property
    def num_players(self) -> int:
        """Three players."""
        return 3

    @property
    def deciders(self) -> tuple[int, ...]:
        """The players whose King is on the board, in order; ``()`` at chance and the end."""
        state = self.state
        return tuple(sorted(state.player_of(king) for king in state.active_kings))

    @property
    def is_chance(self) -> bool:
        """True at the colour draw and while the regions are shuffled."""
        return self.state.is_chance

    @property
    def is_terminal(self) -> bool:
        """True once the three challenges are played."""
        return self.state.is_terminal

    def legal_actions(self, player: int) -> Sequence[Move]:
        """The moves of ``player``'s King; empty unless he decides now."""
        if player not in self.deciders:
            return ()
        return self.state.legal_actions(self.state.king_of(player))

    def apply(self, choices: Mapping[int, Move]) -> TonccPosition:
        """The position after every decider's move at once, ``{player: move}``."""
        checked = _checked_choices(choices, self.deciders)
        state = self.state
        moves = {state.king_of(player): move for player, move in checked.items()}
        return TonccPosition(state.apply_joint(JointAction.of(moves)))  # type: ignore[arg-type]

    def chance_outcomes(self) -> Sequence[tuple[PlaceRegion | DrawColours, float]]:
        """The seatings of the colour draw, or the regions left to place, with probabilities."""
        return self.state.chance_outcomes()

    def apply_chance(self, outcome: PlaceRegion | DrawColours) -> TonccPosition:
        """The position after the draw or the placing ``outcome``."""
        return TonccPosition(self.state.apply_chance(outcome))

    def winners(self) -> tuple[int, ...]:
        """The players whose King won (or shares the win)."""
        state = self.state
        if not state.is_terminal:
            raise IllegalActionError("winners: the game is not over")
        return tuple(sorted(state.player_of(king) for king in state.winners()))

    def returns(self) -> tuple[float, ...]:
        """The zero-sum returns by player at the end; 0 each before."""
        if not self.is_terminal:
            return (0.0, 0.0, 0.0)
        return zero_sum_returns(self.winners(), 3)


def _new_tongiaki(players: int) -> TongiakiPosition:
    return TongiakiPosition(new_game(players))


def _new_toncc(players: int) -> TonccPosition:
    return TonccPosition(new_toncc_game())


TONGIAKI: Final = GameDescriptor(
    "tongiaki", "Tongiaki", range(2, 7), 4, simultaneous=False, make=_new_tongiaki
)
"""Tongiaki, two to six players taking turns, tiles drawn from the pile."""

TONCC: Final = GameDescriptor("toncc", "Tóncc", (3,), 3, simultaneous=True, make=_new_toncc)
"""Tóncc, three players whose Kings move at once, regions shuffled each challenge."""

if TYPE_CHECKING:  # mypy checks that both wrappers satisfy the protocol, action types included

    def _tongiaki_is_a_game(position: TongiakiPosition) -> GamePosition[Action, Draw]:
        return position

    def _toncc_is_a_game(position: TonccPosition) -> GamePosition[Move, PlaceRegion | DrawColours]:
        return position


GAMES: Final = (TONGIAKI, TONCC)
"""Every game of the package."""


def game_named(name: str) -> GameDescriptor[TongiakiPosition] | GameDescriptor[TonccPosition]:
    """The game called ``name`` (``"tongiaki"`` or ``"toncc"``).

    >>> game_named("toncc").title
    'Tóncc'

    Raises :class:`~tongiaki_rules.errors.SettingsError` naming the game
    for any other name.
    """
    for game in GAMES:
        if name == game.name:
            return game
    known = ", ".join(game.name for game in GAMES)
    raise SettingsError(f"game: {shown(name)} is not a game of the package ({known})")
