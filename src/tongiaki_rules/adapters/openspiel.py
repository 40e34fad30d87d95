"""Tongiaki as an OpenSpiel game: importing this module registers ``python_tongiaki``.

Needs the ``openspiel`` extra (``pip install 'tongiaki_rules[openspiel]'``).
After ``import tongiaki_rules.adapters.openspiel``, ``pyspiel.load_game``
knows the game, with these parameters:

- ``players`` (int, default 4): 2 to 6 seats;
- ``returns`` (``"win"``, the default, or ``"score"``): what
  ``state.returns()`` gives at the end, see :data:`RETURNS`;
- ``max_game_length`` (int, default :data:`DEFAULT_MAX_GAME_LENGTH`, at
  most :data:`MAX_GAME_LENGTH_LIMIT`): decisions after which the game is
  cut short;
- ``start_player`` (int, default 0);
- ``actions`` (``"full"``, the default, or ``"compact"``): the action
  indices, see :class:`~tongiaki_rules.encoding_compact.CompactEncoding`;
- every flag of :class:`~tongiaki_rules.rules.Rules` under its own name: a
  bool for the yes/no flags, the value string for the others
  (``end_trigger="sixteen_on_table"``).

The game is sequential, with explicit chance nodes (each draw from the pile,
with its exact probability), constant-sum, zero-sum or general-sum by
``returns``, with terminal rewards and perfect
information: the pile is public (what is in it, not its order, and no rule
uses the order). Actions are the indices of
:class:`~tongiaki_rules.encoding.ActionEncoding`, chance outcomes its chance
indices, observations the vectors of
:class:`~tongiaki_rules.observation.ObservationLayout`.

>>> import pyspiel
>>> game = pyspiel.load_game("python_tongiaki", {"players": 3})
>>> game.num_players(), game.num_distinct_actions(), game.max_chance_outcomes()
(3, 20452, 31)
>>> state = game.new_initial_state()
>>> state.legal_actions()
[0, 1, 2, 3, 4, 5]
>>> state.action_to_string(state.current_player(), 4)
'setup 4'
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, Final

import attrs

try:
    import numpy as np
    import pyspiel
    from open_spiel.python.observation import IIGObserverForPublicInfoGame
except ModuleNotFoundError as error:  # pragma: no cover - depends on what is installed
    raise ModuleNotFoundError(
        "tongiaki_rules.adapters.openspiel needs OpenSpiel and numpy: "
        f"pip install 'tongiaki_rules[openspiel]' ({error})",
        name=error.name,
    ) from error

from ..actions import Draw
from ..encoding import ActionEncoding
from ..encoding_compact import CompactEncoding
from ..errors import (
    IllegalActionError,
    InvalidPositionError,
    RecordError,
    ReplayError,
    SettingsError,
    shown,
)
from ..notation import format_action
from ..observation import ObservationLayout, observation_string
from ..pergame import as_index, index_problem
from ..record import GameRecord
from ..rules import Rules
from ..standard_tiles import STANDARD_TILES
from ..state import GameState, new_game
from ..tiles import IslandTile
from ._returns import shares

# In the order they were defined here, the order the API reference shows them in.
# isort: off
from ._openspiel_parameters import (
    GAME_NAME,
    RETURNS,
    DEFAULT_MAX_GAME_LENGTH,
    MAX_GAME_LENGTH_LIMIT,
    PARAMETERS,
    GameSettings,
)

# isort: on

__all__ = [
    "DEFAULT_MAX_GAME_LENGTH",
    "GAME_NAME",
    "MAX_GAME_LENGTH_LIMIT",
    "PARAMETERS",
    "RETURNS",
    "GameSettings",
    "TongiakiGame",
    "TongiakiObserver",
    "TongiakiState",
    "from_record",
    "load_game",
    "to_record",
]

_UTILITY: Final = {
    "win": pyspiel.GameType.Utility.CONSTANT_SUM,
    "score": pyspiel.GameType.Utility.GENERAL_SUM,
    "zero_sum": pyspiel.GameType.Utility.ZERO_SUM,
}
"""The kind of game each ``returns`` makes (see :data:`RETURNS`)."""


def _game_type(utility: Any) -> Any:
    return pyspiel.GameType(
        short_name=GAME_NAME,
        long_name="Tongiaki",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=pyspiel.GameType.Information.PERFECT_INFORMATION,
        utility=utility,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=6,
        min_num_players=2,
        provides_information_state_string=False,
        provides_information_state_tensor=False,
        provides_observation_string=True,
        provides_observation_tensor=True,
        provides_factored_observation_string=False,
        parameter_specification=dict(PARAMETERS),
    )


_GAME_TYPE: Final = _game_type(_UTILITY["win"])
"""The type registered: that of the default parameters; each game has its own ``returns``'."""


@attrs.frozen(slots=True)
class _Parts:
    """What a game is built from: its settings, its new game, its encoding and layout."""

    settings: GameSettings
    initial: GameState
    encoding: ActionEncoding | CompactEncoding
    layout: ObservationLayout

    @classmethod
    def of(cls, settings: GameSettings) -> _Parts:
        initial = new_game(settings.players, settings.rules, start_player=settings.start_player)
        return cls(
            settings,
            initial,
            ActionEncoding.for_state(initial, actions=settings.actions),
            ObservationLayout.for_state(initial),
        )


class TongiakiGame(pyspiel.Game):
    """The OpenSpiel game; build it with ``pyspiel.load_game`` or :func:`load_game`.

    >>> game = load_game(2, returns="score")
    >>> game.max_utility(), game.max_game_length()
    (53.0, 3000)
    """

    def __init__(self, params: Mapping[str, Any] | None = None) -> None:
        parts = _Parts.of(GameSettings.from_parameters({} if params is None else params))
        settings = parts.settings
        tiles = parts.initial.config.tiles
        island_values = tiles.start.value + sum(
            t.value for t in tiles.pile if isinstance(t, IslandTile)
        )
        colours_per_seat = len(parts.initial.colours) // settings.players
        lowest, best, total = {
            "win": (0.0, 1.0, 1.0),
            "zero_sum": (-1.0, 1.0, 0.0),
            "score": (0.0, float(island_values * colours_per_seat), None),
        }[settings.returns]
        info = pyspiel.GameInfo(
            num_distinct_actions=parts.encoding.size,
            max_chance_outcomes=parts.encoding.chance_size,
            num_players=settings.players,
            min_utility=lowest,
            max_utility=best,
            utility_sum=total,
            max_game_length=settings.max_game_length,
        )
        shown = {  # the players and the parameters that differ from their defaults
            name: value
            for name, value in settings.parameters().items()
            if name == "players" or value != PARAMETERS[name]
        }
        super().__init__(_game_type(_UTILITY[settings.returns]), info, shown)
        self._parts = parts

    def _built(self) -> _Parts:
        parts: _Parts | None = getattr(self, "_parts", None)
        if parts is None:  # an unpickled game keeps only its parameters: rebuild the rest
            parts = _Parts.of(GameSettings.from_parameters(self.get_parameters()))
            self._parts = parts
        return parts

    @property
    def settings(self) -> GameSettings:
        """The checked parameters."""
        return self._built().settings

    @property
    def initial(self) -> GameState:
        """The new game every initial state starts from."""
        return self._built().initial

    @property
    def encoding(self) -> ActionEncoding | CompactEncoding:
        """The action indices (full or compact, by the ``actions`` parameter)."""
        return self._built().encoding

    @property
    def layout(self) -> ObservationLayout:
        """The observation vectors."""
        return self._built().layout

    def new_initial_state(self) -> TongiakiState:
        """A state at the first setup decision."""
        return TongiakiState(self)

    def make_py_observer(
        self, iig_obs_type: Any = None, params: Mapping[str, Any] | None = None
    ) -> Any:
        """The observer: the observation vector and text, or the history as information state.

        A perfect-recall request gets OpenSpiel's public-information
        observer (the action history as a string, no tensor). Raises
        :class:`~tongiaki_rules.errors.SettingsError` naming ``iig_obs_type``
        if it is neither ``None`` nor a ``pyspiel.IIGObservationType``.
        """
        if iig_obs_type is not None and not isinstance(iig_obs_type, pyspiel.IIGObservationType):
            raise SettingsError(
                f"iig_obs_type must be None or a pyspiel.IIGObservationType, "
                f"not {shown(iig_obs_type)}"
            )
        if iig_obs_type is None or (iig_obs_type.public_info and not iig_obs_type.perfect_recall):
            return TongiakiObserver(self.layout, params)
        return IIGObserverForPublicInfoGame(iig_obs_type, params)

    def max_chance_nodes_in_history(self) -> int:
        """At most one draw per tile of the pile."""
        return len(self.initial.config.tiles.pile)


_ANY_INDEX: Final = 2**62
"""Above every action index; ints from 0 below it reach ``_apply_action`` unchecked."""
_TERMINAL: Final = int(pyspiel.PlayerId.TERMINAL)
_CHANCE: Final = int(pyspiel.PlayerId.CHANCE)


@attrs.frozen(slots=True)
class _Now:
    """The immutable state, the decisions so far and who acts: shared, never copied.

    OpenSpiel clones a Python state by deep-copying its attributes and
    serializes it by pickling them; this holder makes the first free and the
    second the state's JSON (``tongiaki-state`` schema).
    """

    state: GameState
    decisions: int
    player: int
    """The OpenSpiel player to act: a seat, or ``CHANCE`` or ``TERMINAL``."""

    @classmethod
    def of(cls, state: GameState, decisions: int, longest: int) -> _Now:
        if state.is_terminal or decisions >= longest:
            player = _TERMINAL
        elif state.is_chance_node:
            player = _CHANCE
        else:
            seat = state.current_player
            assert seat is not None
            player = seat
        return cls(state, decisions, player)

    def __deepcopy__(self, memo: dict[int, object]) -> _Now:
        return self

    def __copy__(self) -> _Now:
        return self

    def __reduce__(self) -> tuple[Any, tuple[str, int, int]]:
        return _thaw, (self.state.to_json(), self.decisions, self.player)


def _thaw(text: str, decisions: int, player: int) -> _Now:
    return _Now(GameState.from_json(text), decisions, player)


class TongiakiState(pyspiel.State):
    """An OpenSpiel state wrapping one immutable :class:`~tongiaki_rules.state.GameState`.

    >>> state = load_game(2).new_initial_state()
    >>> state.apply_action(3)
    >>> state.game_state.pending.kind.value, state.current_player()
    ('setup', 1)
    """

    def __init__(self, game: TongiakiGame) -> None:
        super().__init__(game)
        self._now = _Now.of(game.initial, 0, game.settings.max_game_length)

    @property
    def game_state(self) -> GameState:
        """The position as a tongiaki_rules state."""
        return self._now.state

    @property
    def decisions(self) -> int:
        """The decisions taken so far (chance outcomes not counted)."""
        return self._now.decisions

    def _encoding(self) -> ActionEncoding | CompactEncoding:
        game: TongiakiGame = self.get_game()
        return game.encoding

    # ---------------------------------------------------------- the OpenSpiel API
    def current_player(self) -> int:
        """The seat to decide, or ``pyspiel.PlayerId.CHANCE`` / ``TERMINAL``."""
        return self._now.player

    def apply_action(self, action: Any) -> None:
        """Apply an action index (a chance index at a chance node).

        Raises :class:`~tongiaki_rules.errors.IllegalActionError` naming the
        index, and changes nothing, if it is not an int (a bool is not one),
        not in range or not legal here, or if the game is over.
        """
        if type(action) is int and 0 <= action < _ANY_INDEX:  # range and legality: _apply_action
            super().apply_action(action)
            return
        now = self._now
        encoding = self._encoding()
        if now.player == _CHANCE:
            what, size = "chance index", encoding.chance_size
        else:
            what, size = "action index", encoding.size
        index = as_index(action)
        if index is None or not 0 <= index < size:
            raise IllegalActionError(index_problem(what, action, size))
        super().apply_action(index)

    def _legal_actions(self, player: int) -> list[int]:
        return self._encoding().legal_indices(self._now.state)

    def chance_outcomes(self) -> list[tuple[int, float]]:
        """The chance indices of the possible draws with their probabilities."""
        state = self._now.state
        return ActionEncoding.for_state(state).chance_outcomes(state)  # as in the compact one

    def _apply_action(self, action: int) -> None:
        now = self._now
        state = now.state
        game: TongiakiGame = self.get_game()
        encoding = game.encoding
        longest = game.settings.max_game_length
        if now.player == _TERMINAL:
            raise IllegalActionError(f"action {action}: the game is over (or cut short)", "END-2")
        if now.player == _CHANCE:
            after = state.apply(encoding.decode_chance(int(action)))
            self._now = _Now.of(after, now.decisions, longest)
        else:
            after = state.apply(encoding.decode(state, int(action)))
            self._now = _Now.of(after, now.decisions + 1, longest)

    def _action_to_string(self, player: int, action: int) -> str:
        state = self._now.state
        encoding = self._encoding()
        index = int(action)
        if player == _CHANCE:
            draw: Draw = encoding.decode_chance(index)
            return f"draw {draw.tile}"
        try:
            return format_action(encoding.decode(state, index))
        except ValueError:  # not legal here: say what the index means in general
            return encoding.describe(index)

    def is_terminal(self) -> bool:
        """True once the game is over (or cut short at ``max_game_length``)."""
        return self._now.player == _TERMINAL

    def returns(self) -> list[float]:
        """Per seat: the win share or the final score (see :data:`RETURNS`); 0 before the end."""
        state = self._now.state
        game: TongiakiGame = self.get_game()
        if not self.is_terminal():
            return [0.0] * state.num_players
        scores = state.scores()
        if game.settings.returns == "score":
            return [float(s) for s in scores]
        outcome = state.outcome()
        if outcome is not None:
            winners: Sequence[int] = outcome.winners
        else:  # cut short: the leaders share the win
            winners = [seat for seat, s in enumerate(scores) if s == max(scores)]
        return shares(winners, state.num_players, game.settings.returns)

    def __str__(self) -> str:
        return str(self._now.state)


class TongiakiObserver:
    """The observation of a state from one seat: a float32 vector and a text.

    ``tensor`` is the whole vector; ``dict`` has one view of it per section
    of the :class:`~tongiaki_rules.observation.ObservationLayout`.

    >>> game = load_game(2)
    >>> observer = game.make_py_observer()
    >>> observer.set_from(game.new_initial_state(), 0)
    >>> observer.tensor.shape == (game.layout.size,), observer.dict["reserve"][:2].tolist()
    (True, [1.0, 1.0])
    """

    def __init__(self, layout: ObservationLayout, params: Mapping[str, Any] | None) -> None:
        if params:
            raise SettingsError(f"{GAME_NAME} observations take no parameters, not {params!r}")
        self.layout = layout
        self.tensor = np.zeros(layout.size, np.float32)
        self.dict = {s.name: self.tensor[s.offset : s.end] for s in layout.sections}

    def set_from(self, state: TongiakiState, player: int) -> None:
        """Write the observation of ``state`` from seat ``player`` into ``tensor``.

        Raises :class:`~tongiaki_rules.errors.InvalidPositionError` if
        ``state`` is not a :class:`TongiakiState` and
        :class:`~tongiaki_rules.errors.SettingsError` if ``player`` is not a
        seat; the tensor is then unchanged.
        """
        self.tensor[:] = self.layout.observe(_game_state(state), player)

    def string_from(self, state: TongiakiState, player: int) -> str:
        """The state as text, headed by whose view it is (errors as :meth:`set_from`)."""
        return observation_string(_game_state(state), player)


def _game_state(state: object) -> GameState:
    if not isinstance(state, TongiakiState):
        raise InvalidPositionError(f"state must be a TongiakiState, not {shown(state)}")
    return state.game_state


pyspiel.register_game(_GAME_TYPE, TongiakiGame)


def load_game(
    players: int = 4,
    rules: Rules | None = None,
    *,
    returns: str = "win",
    max_game_length: int = DEFAULT_MAX_GAME_LENGTH,
    start_player: int = 0,
    actions: str = "full",
) -> TongiakiGame:
    """``pyspiel.load_game`` with the parameters taken from a :class:`Rules` value.

    >>> load_game(3, Rules(variant_rody=True)).get_parameters()["variant_rody"]
    True

    Raises :class:`~tongiaki_rules.errors.SettingsError` naming the
    argument for impossible settings (``rules`` must be ``None`` or a
    :class:`Rules` value).
    """
    if rules is not None and not isinstance(rules, Rules):
        raise SettingsError(f"rules: expected a Rules value or None, not {shown(rules)}")
    params: dict[str, int | bool | str] = {
        "players": players,
        "returns": returns,
        "max_game_length": max_game_length,
        "start_player": start_player,
        "actions": actions,
    }
    for name, value in (rules or Rules()).changed().items():
        params[name] = value if isinstance(value, bool) else str(getattr(value, "value", value))
    GameSettings.from_parameters(params)  # the errors name the argument; pyspiel's would not
    game: TongiakiGame = pyspiel.load_game(GAME_NAME, params)
    return game


def to_record(state: TongiakiState, metadata: Mapping[str, str | int] | None = None) -> GameRecord:
    """The game so far as a :class:`~tongiaki_rules.record.GameRecord` (draws included).

    >>> state = load_game(2).new_initial_state()
    >>> state.apply_action(3)
    >>> to_record(state).actions
    (SetupPlace(beach=3),)

    Raises :class:`~tongiaki_rules.errors.InvalidPositionError` if ``state``
    is not a :class:`TongiakiState`, and
    :class:`~tongiaki_rules.errors.RecordError` for bad ``metadata``.
    """
    _game_state(state)
    game: TongiakiGame = state.get_game()
    settings = game.settings
    replayed = game.initial
    actions = []
    encoding = game.encoding
    for index in state.history():
        if replayed.is_chance_node:
            action: Any = encoding.decode_chance(index)
        else:
            action = encoding.decode(replayed, index)
        actions.append(action)
        replayed = replayed.apply(action)
    return GameRecord(
        settings.players,
        rules=settings.rules,
        start_player=settings.start_player,
        actions=actions,
        metadata=metadata,
    )


def from_record(
    record: GameRecord,
    *,
    returns: str = "win",
    max_game_length: int = DEFAULT_MAX_GAME_LENGTH,
    actions: str = "full",
) -> TongiakiState:
    """An OpenSpiel state reached by playing a record's actions (standard tiles only).

    >>> from tongiaki_rules import SetupPlace
    >>> state = from_record(GameRecord(2, actions=[SetupPlace(3), SetupPlace(0)]))
    >>> state.history()
    [3, 0]

    Raises :class:`~tongiaki_rules.errors.RecordError` naming ``record`` if
    it is not a :class:`~tongiaki_rules.record.GameRecord`,
    :class:`~tongiaki_rules.errors.ReplayError` naming the first action that
    is not legal where the record plays it (draws included), and
    :class:`~tongiaki_rules.errors.SettingsError` for bad settings. A
    record that starts from a position (``record.start``) is refused with a
    ``RecordError`` at ``start``: an OpenSpiel history starts at a new game.
    """
    if not isinstance(record, GameRecord):
        raise RecordError(f"expected a GameRecord, not {shown(record)}", "record")
    if record.tiles != STANDARD_TILES:
        raise SettingsError(f"{GAME_NAME} plays the standard tiles only")
    if record.start is not None:
        raise RecordError(
            "the record starts from a position, and an OpenSpiel state's history"
            " starts at a new game; replay it with tongiaki_rules.replay instead",
            "start",
        )
    game = load_game(
        record.num_players,
        record.rules,
        returns=returns,
        max_game_length=max_game_length,
        start_player=record.start_player,
        actions=actions,
    )
    state = game.new_initial_state()
    for k, action in enumerate(record.actions):
        try:
            state.apply_action(_record_index(state, action))
        except IllegalActionError as error:
            reason = str(error).removesuffix(f" [{error.clause}]") if error.clause else str(error)
            raise ReplayError(
                f"{shown(action)} is illegal: {reason}", k, action, error.clause, state.game_state
            ) from error
    return state


def _record_index(state: TongiakiState, action: Any) -> int:
    """The index ``state`` takes for a record's action (``IllegalActionError`` if none)."""
    now = state.game_state
    encoding = state._encoding()
    if state.is_terminal():
        raise IllegalActionError("the game is over (or cut short)", "END-2")
    if isinstance(action, Draw) != now.is_chance_node:
        from ..explain import explain

        raise IllegalActionError(*explain(now, action))
    if isinstance(action, Draw):
        return encoding.encode_chance(action)
    return encoding.encode(now, action)
