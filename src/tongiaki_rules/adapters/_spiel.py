"""One OpenSpiel adapter for every game of the package, sequential or simultaneous.

A game of the package (its :class:`~tongiaki_rules.game.GameDescriptor`)
becomes an OpenSpiel game through two small objects: a :class:`SpielSpec`,
what OpenSpiel registers (the name, the dynamics, the parameters), and a
:class:`SpielEncoding`, built from the parameters of each game, which says
how actions and chance outcomes become integers and back, how a position is
observed and what it returns. :class:`SpielGame`, :class:`SpielState` and
:class:`SpielObserver` do the rest once for every game: who acts (a seat,
chance, every seat at once, or nobody), the checks, the cut at
``max_game_length``, free clones and pickling.

The public modules (:mod:`tongiaki_rules.adapters.openspiel` and
:mod:`tongiaki_rules.adapters.toncc_openspiel`) subclass the three classes
under their games' names and register them.

>>> SpielSpec.__name__, SpielState.__mro__[1].__name__
('SpielSpec', 'State')
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any, ClassVar, Final, Protocol

import attrs
import numpy as np
import pyspiel
from open_spiel.python.observation import IIGObserverForPublicInfoGame

from ..errors import IllegalActionError, InvalidPositionError, SettingsError, shown
from ..game import GameDescriptor, GamePosition

__all__ = ["SpielEncoding", "SpielGame", "SpielObserver", "SpielSpec", "SpielState", "register"]

_TERMINAL: Final = int(pyspiel.PlayerId.TERMINAL)
_CHANCE: Final = int(pyspiel.PlayerId.CHANCE)
_SIMULTANEOUS: Final = int(pyspiel.PlayerId.SIMULTANEOUS)

_UTILITY: Final = {
    "constant_sum": pyspiel.GameType.Utility.CONSTANT_SUM,
    "general_sum": pyspiel.GameType.Utility.GENERAL_SUM,
    "zero_sum": pyspiel.GameType.Utility.ZERO_SUM,
}
"""OpenSpiel's kinds of utility, by the names an encoding gives them."""


def _same(value: Any) -> Any:
    return value


@attrs.frozen(slots=True)
class SpielSpec:
    """What OpenSpiel registers for a game: the parts that no parameter changes.

    The short name is ``python_`` and the descriptor's name; the dynamics
    are the descriptor's (``simultaneous``), and a simultaneous game has
    imperfect information, since a player chooses without seeing the
    others' choices. ``freeze`` and ``thaw`` turn a position into what a
    pickle keeps and back (by default the position itself).

    >>> from tongiaki_rules.games import TONCC
    >>> SpielSpec(TONCC, {}, "zero_sum").short_name
    'python_toncc'
    """

    descriptor: GameDescriptor[Any]
    parameters: Mapping[str, Any]
    """Every game parameter with its default."""
    utility: str
    """The kind of utility of the default parameters (a key of ``_UTILITY``)."""
    freeze: Callable[[Any], Any] = _same
    thaw: Callable[[Any], Any] = _same

    @property
    def short_name(self) -> str:
        """The name ``pyspiel.load_game`` knows the game by."""
        return f"python_{self.descriptor.name}"

    @property
    def perfect_information(self) -> bool:
        """True for a game of turns; a simultaneous game hides each turn's choices."""
        return not self.descriptor.simultaneous

    def game_type(self, utility: str) -> Any:
        """The ``pyspiel.GameType`` of a game of this kind with ``utility``."""
        dynamics = pyspiel.GameType.Dynamics
        information = pyspiel.GameType.Information
        return pyspiel.GameType(
            short_name=self.short_name,
            long_name=self.descriptor.title,
            dynamics=dynamics.SIMULTANEOUS if self.descriptor.simultaneous else dynamics.SEQUENTIAL,
            chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
            information=(
                information.PERFECT_INFORMATION
                if self.perfect_information
                else information.IMPERFECT_INFORMATION
            ),
            utility=_UTILITY[utility],
            reward_model=pyspiel.GameType.RewardModel.TERMINAL,
            max_num_players=max(self.descriptor.player_counts),
            min_num_players=min(self.descriptor.player_counts),
            provides_information_state_string=not self.perfect_information,
            provides_information_state_tensor=False,
            provides_observation_string=True,
            provides_observation_tensor=True,
            provides_factored_observation_string=False,
            parameter_specification=dict(self.parameters),
        )


class SpielEncoding(Protocol):
    """A game's numbers for OpenSpiel, made from the parameters of one game.

    Indices are OpenSpiel's actions (``0 .. num_actions - 1``) and chance
    outcomes (``0 .. chance_size - 1``); the checks raise an
    :class:`~tongiaki_rules.errors.IllegalActionError` (or a subclass) in
    the game's own words.
    """

    @property
    def spec(self) -> SpielSpec:
        """The registered kind of game."""

    @property
    def num_players(self) -> int:
        """The seats."""

    @property
    def num_actions(self) -> int:
        """``num_distinct_actions``."""

    @property
    def chance_size(self) -> int:
        """``max_chance_outcomes``."""

    @property
    def max_game_length(self) -> int:
        """Decisions (joint ones at a simultaneous node) after which the game is cut."""

    @property
    def max_chance_nodes(self) -> int:
        """The most chance nodes one history holds."""

    @property
    def utility(self) -> tuple[str, float, float, float | None]:
        """The kind of utility, the lowest and highest return and their sum (or ``None``)."""

    @property
    def shown_parameters(self) -> dict[str, Any]:
        """The parameters ``str(game)`` shows."""

    @property
    def observation_sections(self) -> tuple[tuple[str, int], ...]:
        """The sections of the observation vector in order: name and length."""

    def initial(self) -> GamePosition[Any, Any]:
        """The first position of every game."""

    def legal_indices(self, position: Any, player: int) -> list[int]:
        """The indices ``player`` may choose where a seat or every seat decides."""

    def chance_outcomes(self, position: Any) -> list[tuple[int, float]]:
        """The chance indices with their probabilities."""

    def decode(self, position: Any, player: int, index: int) -> Any:
        """The action of ``player`` an index names (checked for a game of turns)."""

    def decode_chance(self, position: Any, index: int) -> Any:
        """The chance outcome an index names."""

    def checked_action(self, position: Any, player: int, action: object) -> int:
        """``action`` as an index for ``apply_action`` where ``player`` acts."""

    def checked_joint(self, position: Any, actions: object) -> list[int]:
        """``actions`` as one index per seat, each legal for its seat."""

    def finished(self, action: object) -> IllegalActionError:
        """The error for an action after the end."""

    def action_text(self, position: Any, player: int, index: int) -> str:
        """What an index means for ``player`` (chance included)."""

    def returns(self, position: Any) -> list[float]:
        """The returns at the end, or where the game was cut short."""

    def observe(self, position: Any, player: int) -> Any:
        """``player``'s observation vector: a sequence of floats or an array, copied at once
        by the observer (so it may be an array the encoding reuses)."""

    def observation_text(self, position: Any, player: int) -> str:
        """``player``'s observation as text."""

    def text(self, position: Any) -> str:
        """The position as text (``str(state)``)."""


class SpielGame(pyspiel.Game):
    """An OpenSpiel game of the package; a subclass names its encoding and state.

    ``make_encoding`` turns the parameters into the game's
    :class:`SpielEncoding` (raising :class:`~tongiaki_rules.errors.SettingsError`
    naming a bad one).
    """

    state_class: ClassVar[type[SpielState]]

    @staticmethod
    def make_encoding(params: Mapping[str, Any]) -> SpielEncoding:
        """The game's encoding for ``params``; each game's subclass says how."""
        raise NotImplementedError

    def __init__(self, params: Mapping[str, Any] | None = None) -> None:
        encoding = type(self).make_encoding({} if params is None else params)
        utility, lowest, best, total = encoding.utility
        info = pyspiel.GameInfo(
            num_distinct_actions=encoding.num_actions,
            max_chance_outcomes=encoding.chance_size,
            num_players=encoding.num_players,
            min_utility=lowest,
            max_utility=best,
            utility_sum=total,
            max_game_length=encoding.max_game_length,
        )
        super().__init__(encoding.spec.game_type(utility), info, encoding.shown_parameters)
        self._encoding = encoding

    @property
    def spiel_encoding(self) -> SpielEncoding:
        """The game's encoding (rebuilt from the parameters in an unpickled game)."""
        encoding: SpielEncoding | None = getattr(self, "_encoding", None)
        if encoding is None:  # an unpickled game keeps only its parameters
            encoding = type(self).make_encoding(self.get_parameters())
            self._encoding = encoding
        return encoding

    def new_initial_state(self) -> Any:
        """A state at the first position of the game."""
        return type(self).state_class(self)

    def make_py_observer(
        self, iig_obs_type: Any = None, params: Mapping[str, Any] | None = None
    ) -> Any:
        """The observer: the observation vector and text, or the history as information state.

        A perfect-recall request (or, in a game of perfect information, one
        for private information) gets OpenSpiel's public-information observer
        (the action history as a string, no tensor). Raises
        :class:`~tongiaki_rules.errors.SettingsError` naming ``iig_obs_type``
        if it is neither ``None`` nor a ``pyspiel.IIGObservationType``.
        """
        if iig_obs_type is not None and not isinstance(iig_obs_type, pyspiel.IIGObservationType):
            raise SettingsError(
                f"iig_obs_type must be None or a pyspiel.IIGObservationType, "
                f"not {shown(iig_obs_type)}"
            )
        encoding = self.spiel_encoding
        if iig_obs_type is None or (
            not iig_obs_type.perfect_recall
            and (iig_obs_type.public_info or not encoding.spec.perfect_information)
        ):
            return self.observer(params)
        return IIGObserverForPublicInfoGame(iig_obs_type, params)

    def observer(self, params: Mapping[str, Any] | None) -> SpielObserver:
        """The game's own observer (a subclass may name its own class)."""
        return SpielObserver(self, params)

    def max_chance_nodes_in_history(self) -> int:
        """The most chance nodes one history holds."""
        return self.spiel_encoding.max_chance_nodes


@attrs.frozen(slots=True)
class _Now:
    """The immutable position, the decisions so far and who acts: shared, never copied.

    OpenSpiel clones a Python state by deep-copying its attributes and
    serializes it by pickling them; this holder makes the first free and
    the second what the game's spec freezes (see :class:`SpielSpec`).
    """

    position: Any
    decisions: int
    player: int
    """The OpenSpiel player to act: a seat, ``CHANCE``, ``SIMULTANEOUS`` or ``TERMINAL``."""
    spec: SpielSpec

    @classmethod
    def of(cls, position: Any, decisions: int, encoding: SpielEncoding) -> _Now:
        if position.is_terminal or decisions >= encoding.max_game_length:
            player = _TERMINAL
        elif position.is_chance:
            player = _CHANCE
        elif encoding.spec.descriptor.simultaneous:
            player = _SIMULTANEOUS
        else:
            player = position.deciders[0]
        return cls(position, decisions, player, encoding.spec)

    def __deepcopy__(self, memo: dict[int, object]) -> _Now:
        return self

    def __copy__(self) -> _Now:
        return self

    def __reduce__(self) -> tuple[Any, tuple[Any, ...]]:
        spec = self.spec
        return _thaw, (spec.short_name, spec.freeze(self.position), self.decisions, self.player)


def _thaw(name: str, frozen: Any, decisions: int, player: int) -> _Now:
    spec = _REGISTERED[name]
    return _Now(spec.thaw(frozen), decisions, player, spec)


_REGISTERED: Final[dict[str, SpielSpec]] = {}
"""The registered games' specs by short name, for unpickling."""


def register(spec: SpielSpec, game_class: type[SpielGame]) -> None:
    """Register ``game_class`` with OpenSpiel under ``spec`` (the default parameters' type)."""
    _REGISTERED[spec.short_name] = spec
    pyspiel.register_game(spec.game_type(spec.utility), game_class)


class SpielState(pyspiel.State):
    """An OpenSpiel state wrapping one immutable position of the game protocol.

    A game of turns takes one action at a time (``apply_action``); a
    simultaneous game one per seat (``apply_actions``), and chance one
    outcome at a time in both.
    """

    def __init__(self, game: SpielGame) -> None:
        super().__init__(game)
        encoding = game.spiel_encoding
        self._now = _Now.of(encoding.initial(), 0, encoding)

    @property
    def position(self) -> Any:
        """The position under the game protocol."""
        return self._now.position

    @property
    def decisions(self) -> int:
        """The decisions taken so far (chance outcomes not counted; a joint action is one)."""
        return self._now.decisions

    def _encoding(self) -> SpielEncoding:
        game: SpielGame = self.get_game()
        return game.spiel_encoding

    def _move_to(self, position: Any) -> None:
        """Put this new state at ``position``: its history stays empty, no decision counted."""
        self._now = _Now.of(position, 0, self._encoding())

    # ---------------------------------------------------------- the OpenSpiel API
    def current_player(self) -> int:
        """The seat to decide, or ``pyspiel.PlayerId.CHANCE`` / ``SIMULTANEOUS`` / ``TERMINAL``."""
        return self._now.player

    def apply_action(self, action: Any) -> None:
        """Apply an action index (a chance index at a chance node); errors as the game says."""
        now = self._now
        super().apply_action(self._encoding().checked_action(now.position, now.player, action))

    def apply_actions(self, actions: Any) -> None:
        """Apply one action per seat at a simultaneous node; errors as the game says."""
        chosen = self._encoding().checked_joint(self._now.position, actions)
        super().apply_actions(chosen)

    def _legal_actions(self, player: int) -> list[int]:
        now = self._now
        if now.player == _TERMINAL:
            return []
        if now.player == _CHANCE:
            return [index for index, _ in self.chance_outcomes()]
        return self._encoding().legal_indices(now.position, player)

    def chance_outcomes(self) -> list[tuple[int, float]]:
        """The chance indices of the possible outcomes with their probabilities."""
        return self._encoding().chance_outcomes(self._now.position)

    def _apply_action(self, action: int) -> None:
        now = self._now
        encoding = self._encoding()
        index = int(action)
        if now.player == _TERMINAL:
            raise encoding.finished(action)
        position = now.position
        if now.player == _CHANCE:
            after = position.apply_chance(encoding.decode_chance(position, index))
            self._now = _Now.of(after, now.decisions, encoding)
        else:
            after = position.apply({now.player: encoding.decode(position, now.player, index)})
            self._now = _Now.of(after, now.decisions + 1, encoding)

    def _apply_actions(self, actions: list[int]) -> None:
        now = self._now
        encoding = self._encoding()
        position = now.position
        chosen = encoding.checked_joint(position, [int(a) for a in actions])
        choices = {p: encoding.decode(position, p, chosen[p]) for p in position.deciders}
        self._now = _Now.of(position.apply(choices), now.decisions + 1, encoding)

    def _action_to_string(self, player: int, action: int) -> str:
        return self._encoding().action_text(self._now.position, player, int(action))

    def is_terminal(self) -> bool:
        """True once the game is over (or cut short at ``max_game_length``)."""
        return self._now.player == _TERMINAL

    def returns(self) -> list[float]:
        """Per seat: the game's returns at the end; 0 before."""
        encoding = self._encoding()
        if not self.is_terminal():
            return [0.0] * encoding.num_players
        return encoding.returns(self._now.position)

    def __str__(self) -> str:
        return self._encoding().text(self._now.position)


class SpielObserver:
    """The observation of a state from one seat: a float32 vector and a text.

    ``tensor`` is the whole vector; ``dict`` has one view of it per section
    of the game's observation.
    """

    def __init__(self, game: SpielGame, params: Mapping[str, Any] | None) -> None:
        encoding = game.spiel_encoding
        if params:
            raise SettingsError(
                f"{encoding.spec.short_name} observations take no parameters, not {params!r}"
            )
        self._encoding = encoding
        self._state_class = type(game).state_class
        sections = encoding.observation_sections
        self.tensor = np.zeros(sum(size for _, size in sections), np.float32)
        self.dict: dict[str, Any] = {}
        offset = 0
        for name, size in sections:
            self.dict[name] = self.tensor[offset : offset + size]
            offset += size

    def set_from(self, state: SpielState, player: int) -> None:
        """Write the observation of ``state`` from seat ``player`` into ``tensor``.

        Raises :class:`~tongiaki_rules.errors.InvalidPositionError` if
        ``state`` is not a state of this game and
        :class:`~tongiaki_rules.errors.SettingsError` if ``player`` is not a
        seat; the tensor is then unchanged.
        """
        self.tensor[:] = self._encoding.observe(self._position(state), player)

    def string_from(self, state: SpielState, player: int) -> str:
        """The state as text, headed by whose view it is (errors as :meth:`set_from`)."""
        return self._encoding.observation_text(self._position(state), player)

    def _position(self, state: object) -> Any:
        if not isinstance(state, self._state_class):
            name = self._state_class.__name__
            raise InvalidPositionError(f"state must be a {name}, not {shown(state)}")
        return state.position
