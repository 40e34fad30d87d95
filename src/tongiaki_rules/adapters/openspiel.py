"""Tongiaki as an OpenSpiel game: importing this module registers ``python_tongiaki``.

It registers Tóncc's ``python_toncc`` too (see
:mod:`tongiaki_rules.adapters.toncc_openspiel`): both games are played by one
adapter over the game protocol (:mod:`tongiaki_rules.game`), each with its own
encoding of actions and observations.

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
    import numpy
    import pyspiel
except ModuleNotFoundError as error:  # pragma: no cover - depends on what is installed
    raise ModuleNotFoundError(
        "tongiaki_rules.adapters.openspiel needs OpenSpiel and numpy: "
        f"pip install 'tongiaki_rules[openspiel]' ({error})",
        name=error.name,
    ) from error

from .._pergame import as_index, index_problem
from .._standard_tiles import STANDARD_TILES
from .._state import GameState, new_game
from ..actions import Action, Draw
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
from ..games import TONGIAKI, TongiakiPosition
from ..notation import format_action
from ..observation import ObservationLayout, observation_string
from ..record import GameRecord
from ..rules import Rules
from ..tiles import IslandTile
from . import _toncc_spiel  # noqa: F401  (registers python_toncc beside python_tongiaki)
from ._arrays import ObservationArrays
from ._returns import shares
from ._spiel import SpielGame, SpielObserver, SpielSpec, SpielState, register

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
    "SpielBot",
    "TongiakiGame",
    "TongiakiObserver",
    "TongiakiState",
    "from_record",
    "load_game",
    "to_record",
]

_UTILITY: Final = {"win": "constant_sum", "score": "general_sum", "zero_sum": "zero_sum"}
"""The kind of game each ``returns`` makes (see :data:`RETURNS`)."""


def _freeze(position: TongiakiPosition) -> str:
    return position.state.to_json()


def _thaw(text: str) -> TongiakiPosition:
    return TongiakiPosition(GameState.from_json(text))


_SPEC: Final = SpielSpec(TONGIAKI, PARAMETERS, _UTILITY["win"], freeze=_freeze, thaw=_thaw)
"""The registered game: that of the default parameters; each game has its own ``returns``'."""


@attrs.frozen(slots=True)
class _Encoding:
    """Tongiaki's numbers for OpenSpiel: its settings, its new game, its encoding and layout."""

    settings: GameSettings
    first: GameState
    actions: ActionEncoding | CompactEncoding
    layout: ObservationLayout
    arrays: ObservationArrays = attrs.field(eq=False)
    """Builds the observation vectors incrementally, as the PettingZoo and Gymnasium
    environments do (the same floats as ``layout.observe``)."""
    first_views: dict[int, Any] = attrs.field(eq=False, factory=dict)
    """The observations of the first position by seat: OpenSpiel's ``observation_tensor``
    writes one of a new initial state each time to learn the tensor's size, which would
    otherwise make ``arrays`` rebuild seat 0's vector twice a call."""

    @classmethod
    def from_parameters(cls, params: Mapping[str, Any]) -> _Encoding:
        settings = GameSettings.from_parameters(params)
        first = new_game(settings.players, settings.rules, start_player=settings.start_player)
        layout = ObservationLayout.for_state(first)
        return cls(
            settings,
            first,
            ActionEncoding.for_state(first, actions=settings.actions),
            layout,
            ObservationArrays(layout),
        )

    @property
    def spec(self) -> SpielSpec:
        return _SPEC

    @property
    def num_players(self) -> int:
        return self.settings.players

    @property
    def num_actions(self) -> int:
        return self.actions.size

    @property
    def chance_size(self) -> int:
        return self.actions.chance_size

    @property
    def max_game_length(self) -> int:
        return self.settings.max_game_length

    @property
    def max_chance_nodes(self) -> int:
        """At most one draw per tile of the pile."""
        return len(self.first.config.tiles.pile)

    @property
    def utility(self) -> tuple[str, float, float, float | None]:
        tiles = self.first.config.tiles
        island_values = tiles.start.value + sum(
            t.value for t in tiles.pile if isinstance(t, IslandTile)
        )
        colours_per_seat = len(self.first.colours) // self.settings.players
        returns = self.settings.returns
        lowest, best, total = {
            "win": (0.0, 1.0, 1.0),
            "zero_sum": (-1.0, 1.0, 0.0),
            "score": (0.0, float(island_values * colours_per_seat), None),
        }[returns]
        return _UTILITY[returns], lowest, best, total

    @property
    def shown_parameters(self) -> dict[str, Any]:
        """The players and the parameters that differ from their defaults."""
        return {
            name: value
            for name, value in self.settings.parameters().items()
            if name == "players" or value != PARAMETERS[name]
        }

    @property
    def observation_sections(self) -> tuple[tuple[str, int], ...]:
        return tuple((s.name, s.end - s.offset) for s in self.layout.sections)

    def initial(self) -> TongiakiPosition:
        return TongiakiPosition(self.first)

    def legal_indices(self, position: TongiakiPosition, player: int) -> list[int]:
        return self.actions.legal_indices(position.state)  # OpenSpiel asks the seat to act

    def chance_outcomes(self, position: TongiakiPosition) -> list[tuple[int, float]]:
        state = position.state
        return ActionEncoding.for_state(state).chance_outcomes(state)  # as in the compact one

    def decode(self, position: TongiakiPosition, player: int, index: int) -> Action:
        return self.actions.decode(position.state, index)

    def decode_chance(self, position: TongiakiPosition, index: int) -> Draw:
        return self.actions.decode_chance(index)

    def checked_action(self, position: TongiakiPosition, player: int, action: object) -> int:
        if type(action) is int and 0 <= action < _ANY_INDEX:  # range and legality: decode
            return action
        if player == _CHANCE:
            what, size = "chance index", self.actions.chance_size
        else:
            what, size = "action index", self.actions.size
        index = as_index(action)
        if index is None or not 0 <= index < size:
            raise IllegalActionError(index_problem(what, action, size))
        return index

    def checked_joint(self, position: TongiakiPosition, actions: object) -> list[int]:
        raise IllegalActionError(
            f"joint action {shown(actions)}: one seat decides at a time in Tongiaki; "
            "give its action to apply_action"
        )

    def finished(self, action: object) -> IllegalActionError:
        return IllegalActionError(f"action {action}: the game is over (or cut short)", "END-2")

    def action_text(self, position: TongiakiPosition, player: int, index: int) -> str:
        if player == _CHANCE:
            draw: Draw = self.actions.decode_chance(index)
            return f"draw {draw.tile}"
        try:
            return format_action(self.actions.decode(position.state, index))
        except ValueError:  # not legal here: say what the index means in general
            return self.actions.describe(index)

    def returns(self, position: TongiakiPosition) -> list[float]:
        """Per seat: the win share or the final score (see :data:`RETURNS`)."""
        state = position.state
        scores = state.scores()
        if self.settings.returns == "score":
            return [float(s) for s in scores]
        outcome = state.outcome()
        if outcome is not None:
            winners: Sequence[int] = outcome.winners
        else:  # cut short: the leaders share the win
            winners = [seat for seat, s in enumerate(scores) if s == max(scores)]
        return shares(winners, state.num_players, self.settings.returns)

    def observe(self, position: TongiakiPosition, player: int) -> Any:
        # the seat's kept array, rebuilt only where the position changed; the observer copies it
        state = position.state
        if state is self.first:
            found = self.first_views.get(player)
            if found is None:
                found = numpy.array(self.layout.observe(state, player), numpy.float32)
                self.first_views[player] = found
            return found
        return self.arrays.view(state, player)

    def observation_text(self, position: TongiakiPosition, player: int) -> str:
        return observation_string(position.state, player)

    def text(self, position: TongiakiPosition) -> str:
        return str(position.state)


_ANY_INDEX: Final = 2**62
"""Above every action index; ints from 0 below it reach ``_apply_action`` unchecked."""
_CHANCE: Final = int(pyspiel.PlayerId.CHANCE)


class TongiakiGame(SpielGame):
    """The OpenSpiel game; build it with ``pyspiel.load_game`` or :func:`load_game`.

    >>> game = load_game(2, returns="score")
    >>> game.max_utility(), game.max_game_length()
    (53.0, 3000)
    """

    make_encoding = staticmethod(_Encoding.from_parameters)

    def _built(self) -> _Encoding:
        encoding = self.spiel_encoding
        assert isinstance(encoding, _Encoding)
        return encoding

    @property
    def settings(self) -> GameSettings:
        """The checked parameters."""
        return self._built().settings

    @property
    def initial(self) -> GameState:
        """The new game every initial state starts from."""
        return self._built().first

    @property
    def encoding(self) -> ActionEncoding | CompactEncoding:
        """The action indices (full or compact, by the ``actions`` parameter)."""
        return self._built().actions

    @property
    def layout(self) -> ObservationLayout:
        """The observation vectors."""
        return self._built().layout

    def new_initial_state(self) -> TongiakiState:
        """A state at the first setup decision."""
        return TongiakiState(self)

    def observer(self, params: Mapping[str, Any] | None) -> TongiakiObserver:
        """The observation vector and text of :class:`TongiakiObserver`."""
        return TongiakiObserver(self, params)


class TongiakiState(SpielState):
    """An OpenSpiel state wrapping one immutable :class:`~tongiaki_rules._state.GameState`.

    Raises :class:`~tongiaki_rules.errors.IllegalActionError` naming the
    index, and changes nothing, for an action that is not an int (a bool is
    not one), not in range or not legal here, or after the end.

    >>> state = load_game(2).new_initial_state()
    >>> state.apply_action(3)
    >>> state.game_state.pending.kind.value, state.current_player()
    ('setup', 1)
    """

    @property
    def game_state(self) -> GameState:
        """The position as a tongiaki_rules state."""
        state: GameState = self.position.state
        return state

    def observation_tensor(self, player: Any = None) -> Any:
        """The observation vector from ``player`` (the seat to act if ``None``), as a list.

        The values OpenSpiel's own ``observation_tensor`` gives, read from the
        seat's kept array without going through the C++ observer (which
        writes a new initial state's vector first, to learn the size, and
        copies the layout's sections one by one): Python callers such as
        ``rl_environment``, which asks for every seat after every step, pay
        a tenth of it. Anything but a seat of the game (a chance or terminal
        node with ``None``, a number out of range, another type) goes to
        OpenSpiel's method and its errors.

        >>> state = load_game(2).new_initial_state()
        >>> state.observation_tensor(1) == pyspiel.State.observation_tensor(state, 1)
        True
        """
        seat = self._now.player if player is None else player
        if type(seat) is not int or not 0 <= seat < self.get_game().num_players():
            if player is None:
                return super().observation_tensor()
            return super().observation_tensor(player)
        return self._encoding().observe(self._now.position, seat).tolist()


class TongiakiObserver(SpielObserver):
    """The observation of a state from one seat: a float32 vector and a text.

    ``tensor`` is the whole vector; ``dict`` has one view of it per section
    of the :class:`~tongiaki_rules.observation.ObservationLayout`.

    >>> game = load_game(2)
    >>> observer = game.make_py_observer()
    >>> observer.set_from(game.new_initial_state(), 0)
    >>> observer.tensor.shape == (game.layout.size,), observer.dict["reserve"][:2].tolist()
    (True, [1.0, 1.0])
    """

    def __init__(self, game: TongiakiGame, params: Mapping[str, Any] | None) -> None:
        super().__init__(game, params)
        self.layout = game.layout


def _game_state(state: object) -> GameState:
    if not isinstance(state, TongiakiState):
        raise InvalidPositionError(f"state must be a TongiakiState, not {shown(state)}")
    return state.game_state


TongiakiGame.state_class = TongiakiState
register(_SPEC, TongiakiGame)


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
    game: TongiakiGame = state.get_game()
    encoding = game.encoding
    if state.is_terminal():
        raise IllegalActionError("the game is over (or cut short)", "END-2")
    if isinstance(action, Draw) != now.is_chance_node:
        from .._explain import explain

        raise IllegalActionError(*explain(now, action))
    if isinstance(action, Draw):
        return encoding.encode_chance(action)
    return encoding.encode(now, action)


class SpielBot:
    """An OpenSpiel bot, anything with ``step(state) -> action``, as a bot of this library.

    For each decision it puts a new :class:`TongiakiState` of ``game`` at the
    position it is given, asks ``bot.step`` for an action index and decodes
    it, so OpenSpiel's ``MCTSBot`` (with any evaluator, AlphaZero's too)
    plays in :func:`~tongiaki_rules.bots.play_match` and
    :func:`~tongiaki_rules.simulation.simulate`. The OpenSpiel state starts
    at that position: its history is empty, and its ``max_game_length``
    counts decisions from there. ``game`` must have been loaded for the same
    seats, rules and first player as the positions the bot is given
    (otherwise :class:`~tongiaki_rules.errors.InvalidPositionError`), with
    any ``returns`` and ``actions``. An index that is not a legal action
    raises :class:`~tongiaki_rules.errors.IllegalActionError` (in a
    tournament: the bot failed).

    >>> import numpy as np
    >>> from open_spiel.python.bots.uniform_random import UniformRandomBot
    >>> from tongiaki_rules import new_game
    >>> game = load_game(2, actions="compact")
    >>> bot = SpielBot(game, UniformRandomBot(0, np.random.RandomState(1)), name="uniform")
    >>> state = new_game(2)
    >>> bot.choose(state) in state.legal_actions(), bot.name
    (True, 'uniform')
    """

    def __init__(self, game: TongiakiGame, bot: Any, *, name: str = "openspiel") -> None:
        if not isinstance(game, TongiakiGame):
            raise SettingsError(f"game must be a TongiakiGame, not {shown(game)}")
        if not callable(getattr(bot, "step", None)):
            raise SettingsError(f"bot must have a step(state) method, not {shown(bot)}")
        if type(name) is not str or not name:
            raise SettingsError(f"name must be a non-empty str, not {shown(name)}")
        self.game = game
        self.bot = bot
        self._name = name

    @property
    def name(self) -> str:
        """The name given (``"openspiel"`` by default)."""
        return self._name

    def choose(self, state: GameState) -> Action:
        """The action ``bot.step`` picks at ``state`` (a decision, not a chance node)."""
        if not isinstance(state, GameState):
            raise InvalidPositionError(f"state must be a GameState, not {shown(state)}")
        if state.config != self.game.initial.config:
            raise InvalidPositionError(
                f"the state is not of {self.game}: another player count, rules or first player"
            )
        if state.is_chance_node or state.is_terminal:
            raise InvalidPositionError("the state is a chance node or the end, not a decision")
        spiel_state = self.game.new_initial_state()
        spiel_state._move_to(TongiakiPosition(state))
        index = self.bot.step(spiel_state)
        if isinstance(index, numpy.integer):  # OpenSpiel's bots return an int or a numpy one
            index = int(index)
        return self.game.encoding.decode(state, index)
