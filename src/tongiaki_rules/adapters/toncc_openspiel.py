"""Tóncc as an OpenSpiel game: importing this module registers ``python_toncc``.

Needs the ``openspiel`` extra (``pip install 'tongiaki_rules[openspiel]'``).
The game is **simultaneous-move** (``Dynamics.SIMULTANEOUS``): at each turn
of a challenge the three Kings choose at once and one joint action moves
them all (TC-MOVE-1); the colour draw at the start of the game (TC-SETUP-4)
and the shuffle of the regions at the start of each challenge are explicit
chance nodes (``EXPLICIT_STOCHASTIC``); the information is imperfect, as a
King chooses without seeing the others' choices. Returns come at the end and
are zero-sum (the winners share +1, the others -1; all 0 when the three
share the win).

- **Players are not Kings.** The first chance node draws the colours: player
  ``p`` plays King ``toncc_state.king_of(p)``. Legal actions, ``apply_actions``,
  observations and returns are by player. With ``colour_draw="fixed"``
  there is no draw and player 0 is Red, 1 Yellow, 2 Blue.
- Actions ``0..5`` are the Compass numbers 1..6 (:data:`MOVE_ACTIONS`).
- :data:`PASS` (6) is the **pass**: the one and only legal action of a player
  whose King has left the challenge (his last seal placed, TC-END-1), since
  OpenSpiel wants an action from every player at a simultaneous node. It is
  never legal for a King on the board, and it changes nothing.
- Chance outcomes: at the colour draw, ``0..5`` index
  :data:`~tongiaki_rules.toncc.SEATINGS` (1/6 each); during a shuffle, ``0..17``
  are region ids, the region put on the next cell (I1..I6, then O1..O12),
  each with probability 1/regions left.
- Parameters (strings): every flag of :class:`~tongiaki_rules.toncc.TonccRules`
  under its own name, its value as in the enum (``compass="d6"``); the Map is
  :data:`~tongiaki_rules.toncc.STANDARD_MAP`.
- ``max_game_length`` is :data:`MAX_GAME_LENGTH`, three challenges of at most
  ``MAX_TURNS_PER_CHALLENGE`` turns: every game ends within it.
- Observations: the vector and text of :mod:`._toncc_observation`; the
  information state is the history (all public once a turn is revealed).

>>> import pyspiel
>>> game = pyspiel.load_game("python_toncc")
>>> game.num_players(), game.num_distinct_actions(), game.max_chance_outcomes()
(3, 7, 18)
>>> state = game.new_initial_state()
>>> state.is_chance_node(), len(state.chance_outcomes())  # the colour draw
(True, 6)
"""

from __future__ import annotations

import types
from collections.abc import Mapping
from typing import Any, Final

import attrs

try:
    import numpy as np
    import pyspiel
    from open_spiel.python.observation import IIGObserverForPublicInfoGame
except ModuleNotFoundError as error:  # pragma: no cover - depends on what is installed
    raise ModuleNotFoundError(
        "tongiaki_rules.adapters.toncc_openspiel needs OpenSpiel and numpy: "
        f"pip install 'tongiaki_rules[openspiel]' ({error})",
        name=error.name,
    ) from error

from ..errors import InvalidPositionError, SettingsError, shown
from ..pergame import as_index, index_problem
from ..toncc import (
    LABELS,
    MAX_TURNS_PER_CHALLENGE,
    MOVES,
    SEATINGS,
    DrawColours,
    JointAction,
    PlaceRegion,
    TonccIllegalActionError,
    TonccRules,
    TonccState,
    new_game,
)
from ._toncc_observation import (
    OBSERVATION_SIZE,
    SECTIONS,
    board_text,
    move_name,
    player_observation_text,
    player_observation_vector,
)

__all__ = [
    "GAME_NAME",
    "MAX_GAME_LENGTH",
    "MOVE_ACTIONS",
    "PARAMETERS",
    "PASS",
    "TonccGame",
    "TonccObserver",
    "TonccSpielState",
    "load_game",
    "rules_of",
]

GAME_NAME: Final = "python_toncc"
"""The name ``pyspiel.load_game`` knows the game by."""

MOVE_ACTIONS: Final = tuple(range(6))
"""The actions of a King on the board: action ``k`` is Compass number ``k + 1``."""

PASS: Final = 6
"""The one action of a King who has left the challenge."""

MAX_GAME_LENGTH: Final = 3 * MAX_TURNS_PER_CHALLENGE
"""Joint actions in the longest game: three challenges of at most ``MAX_TURNS_PER_CHALLENGE``."""

_REGIONS: Final = 18


def _value(flag: object) -> str:
    """A flag's value as a game parameter: its enum value string."""
    return str(getattr(flag, "value", flag))


PARAMETERS: Final[Mapping[str, str]] = types.MappingProxyType(
    {field.name: _value(field.default) for field in attrs.fields(TonccRules)}
)
"""The game parameters and their defaults: the flags of ``TonccRules``, by value."""

_GAME_TYPE: Final = pyspiel.GameType(
    short_name=GAME_NAME,
    long_name="Tóncc",
    dynamics=pyspiel.GameType.Dynamics.SIMULTANEOUS,
    chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
    information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
    utility=pyspiel.GameType.Utility.ZERO_SUM,
    reward_model=pyspiel.GameType.RewardModel.TERMINAL,
    max_num_players=3,
    min_num_players=3,
    provides_information_state_string=True,
    provides_information_state_tensor=False,
    provides_observation_string=True,
    provides_observation_tensor=True,
    provides_factored_observation_string=False,
    parameter_specification=dict(PARAMETERS),
)

_TERMINAL: Final = int(pyspiel.PlayerId.TERMINAL)
_CHANCE: Final = int(pyspiel.PlayerId.CHANCE)
_SIMULTANEOUS: Final = int(pyspiel.PlayerId.SIMULTANEOUS)


def rules_of(params: Mapping[str, Any]) -> TonccRules:
    """The :class:`~tongiaki_rules.toncc.TonccRules` that game parameters name.

    >>> rules_of({"compass": "d6"})
    TonccRules(compass=Compass.D6)

    Raises :class:`~tongiaki_rules.errors.SettingsError` naming the
    parameter for an unknown name or a value that is not one of the flag's.
    """
    if not isinstance(params, Mapping):
        raise SettingsError(f"params: expected a mapping of parameters, not {shown(params)}")
    flags: dict[str, str] = {}
    for name, value in params.items():
        if name not in PARAMETERS:
            raise SettingsError(f"parameter {shown(name)}: no such parameter")
        if type(value) is not str:
            raise SettingsError(f"parameter {name}: expected a string, not {shown(value)}")
        flags[name] = value
    try:
        return TonccRules(**flags)
    except SettingsError as error:
        raise SettingsError(f"parameter {error}") from None


class TonccGame(pyspiel.Game):
    """The OpenSpiel game; build it with ``pyspiel.load_game`` or :func:`load_game`.

    >>> game = load_game(TonccRules(top_tie="winner_takes_both"))
    >>> str(game), game.max_game_length()
    ('python_toncc(top_tie=winner_takes_both)', 171)
    """

    def __init__(self, params: Mapping[str, Any] | None = None) -> None:
        rules = rules_of({} if params is None else params)
        info = pyspiel.GameInfo(
            num_distinct_actions=len(MOVE_ACTIONS) + 1,
            max_chance_outcomes=_REGIONS,
            num_players=3,
            min_utility=-1.0,
            max_utility=1.0,
            utility_sum=0.0,
            max_game_length=MAX_GAME_LENGTH,
        )
        changed = {name: _value(value) for name, value in rules.changed().items()}
        super().__init__(_GAME_TYPE, info, changed)
        self._rules = rules

    @property
    def rules(self) -> TonccRules:
        """The rules flags the parameters name."""
        rules: TonccRules | None = getattr(self, "_rules", None)
        if rules is None:  # an unpickled game keeps only its parameters
            rules = rules_of({k: v for k, v in self.get_parameters().items() if k in PARAMETERS})
            self._rules = rules
        return rules

    def new_initial_state(self) -> TonccSpielState:
        """A state at the first chance node: the shuffle of the first challenge."""
        return TonccSpielState(self)

    def make_py_observer(
        self, iig_obs_type: Any = None, params: Mapping[str, Any] | None = None
    ) -> Any:
        """The observer: the observation vector and text, or the history as information state.

        Raises :class:`~tongiaki_rules.errors.SettingsError` naming
        ``iig_obs_type`` if it is neither ``None`` nor a
        ``pyspiel.IIGObservationType``.
        """
        if iig_obs_type is not None and not isinstance(iig_obs_type, pyspiel.IIGObservationType):
            raise SettingsError(
                f"iig_obs_type must be None or a pyspiel.IIGObservationType, "
                f"not {shown(iig_obs_type)}"
            )
        if iig_obs_type is None or not iig_obs_type.perfect_recall:
            return TonccObserver(params)
        return IIGObserverForPublicInfoGame(iig_obs_type, params)

    def max_chance_nodes_in_history(self) -> int:
        """The colour draw, then eighteen draws for each of the three challenges."""
        return 1 + 3 * _REGIONS


@attrs.frozen(slots=True)
class _Now:
    """The immutable state: shared by clones (OpenSpiel deep-copies attributes), pickled whole."""

    state: TonccState

    def __deepcopy__(self, memo: dict[int, object]) -> _Now:
        return self

    def __copy__(self) -> _Now:
        return self


class TonccSpielState(pyspiel.State):
    """An OpenSpiel state wrapping one immutable :class:`~tongiaki_rules.toncc.TonccState`.

    >>> state = load_game().new_initial_state()
    >>> state.apply_action(3)  # the colour draw: players 0, 1, 2 get SEATINGS[3]
    >>> [state.toncc_state.king_of(p).name for p in range(3)]
    ['YELLOW', 'BLUE', 'RED']
    >>> for region in range(18):
    ...     state.apply_action(region)
    >>> state.current_player() == pyspiel.PlayerId.SIMULTANEOUS
    True
    >>> state.apply_actions([0, 3, 0])  # players 0, 2 (Yellow, Red) contest I1, Blue takes I4
    >>> state.toncc_state.seals  # by King: Red, Yellow, Blue
    (5, 6, 5)
    """

    def __init__(self, game: TonccGame) -> None:
        super().__init__(game)
        self._now = _Now(new_game(game.rules))

    @property
    def toncc_state(self) -> TonccState:
        """The position as a :class:`~tongiaki_rules.toncc.TonccState`."""
        return self._now.state

    # ---------------------------------------------------------- the OpenSpiel API
    def current_player(self) -> int:
        """``pyspiel.PlayerId.SIMULTANEOUS`` during a challenge, else ``CHANCE`` or ``TERMINAL``."""
        state = self._now.state
        if state.is_terminal:
            return _TERMINAL
        return _CHANCE if state.is_chance else _SIMULTANEOUS

    def _legal_actions(self, player: int) -> list[int]:
        state = self._now.state
        if state.is_terminal:
            return []
        if state.is_chance:
            return [index for index, _ in self.chance_outcomes()]
        if player not in (0, 1, 2):  # legal_actions() of the simultaneous node: use (player)
            return []
        return list(MOVE_ACTIONS) if state.legal_actions(state.king_of(player)) else [PASS]

    def chance_outcomes(self) -> list[tuple[int, float]]:
        """The seatings of the colour draw (1/6 each), or the regions left to place."""
        state = self._now.state
        if state.is_colour_draw:
            return [(index, 1.0 / len(SEATINGS)) for index in range(len(SEATINGS))]
        return [(o.region, p) for o, p in state.chance_outcomes()]  # type: ignore[union-attr]

    def apply_action(self, action: Any) -> None:
        """Apply a chance outcome: the region id to put on the next cell.

        At a simultaneous node the Kings' actions go to :meth:`apply_actions`.

        Raises :class:`~tongiaki_rules.toncc.TonccIllegalActionError` naming
        the action, and changes nothing, if it is not an int (a bool is
        not one), not legal here, or the game is over.
        """
        index = as_index(action)
        state = self._now.state
        if index is None or state.is_terminal:
            if state.is_terminal:
                raise TonccIllegalActionError(
                    f"action {shown(action)}: the game is over", "TC-GAME-1"
                )
            raise TonccIllegalActionError(
                index_problem("action", action, self.get_game().num_distinct_actions()),
                "TC-SETUP-2" if state.is_chance else "TC-MOVE-1",
            )
        if not state.is_chance:
            raise TonccIllegalActionError(
                f"action {index}: the Kings choose together here; give one action per King "
                "to apply_actions",
                "TC-MOVE-1",
            )
        if index not in self._legal_actions(_CHANCE):
            if state.is_colour_draw:
                raise TonccIllegalActionError(
                    f"chance outcome {index}: the colour draw has outcomes 0..5", "TC-SETUP-4"
                )
            raise TonccIllegalActionError(
                f"chance outcome {index}: region {index} is not one left to place", "TC-SETUP-2"
            )
        super().apply_action(index)

    def apply_actions(self, actions: Any) -> None:
        """Apply one action per player (:data:`PASS` for a player whose King has left).

        Raises :class:`~tongiaki_rules.toncc.TonccIllegalActionError` naming
        the King and the action, and changes nothing, if ``actions`` is not
        three ints, if this is not a simultaneous node, or if an action is
        not one of that King's.
        """
        chosen = self._checked_joint(actions)
        super().apply_actions(list(chosen))

    def _checked_joint(self, actions: Any) -> tuple[int, int, int]:
        state = self._now.state
        if state.is_terminal or state.is_chance:
            raise TonccIllegalActionError(
                f"joint action {shown(actions)}: nobody chooses now "
                f"({'the game is over' if state.is_terminal else 'the regions are shuffled'})",
                "TC-MOVE-1",
            )
        if isinstance(actions, str | bytes) or not hasattr(actions, "__len__"):
            raise TonccIllegalActionError(
                f"joint action: expected one action per King, not {shown(actions)}", "TC-MOVE-1"
            )
        if len(actions) != 3:
            raise TonccIllegalActionError(
                f"joint action: expected 3 actions (players 0, 1, 2), got {len(actions)}",
                "TC-MOVE-1",
            )
        chosen = []
        for player, action in enumerate(actions):
            index = as_index(action)
            legal = self._legal_actions(player)
            if index is None or index not in legal:
                what = (
                    index_problem("action", action, PASS + 1)
                    if index is None
                    else (f"action {index} is not one of his: {legal}")
                )
                king = state.king_of(player)
                raise TonccIllegalActionError(
                    f"player {player} (King {king.name}): {what}", "TC-MOVE-2"
                )
            chosen.append(index)
        return (chosen[0], chosen[1], chosen[2])

    def _apply_action(self, action: int) -> None:
        state = self._now.state
        if state.is_colour_draw:
            self._now = _Now(state.apply_chance(DrawColours(SEATINGS[int(action)])))
        else:
            self._now = _Now(state.apply_chance(PlaceRegion(int(action))))

    def _apply_actions(self, actions: list[int]) -> None:
        state = self._now.state
        chosen = self._checked_joint([int(a) for a in actions])
        by_king: list[Any] = [None, None, None]
        for player, action in enumerate(chosen):
            by_king[state.king_of(player).value] = None if action == PASS else MOVES[action]
        self._now = _Now(state.apply_joint(JointAction((by_king[0], by_king[1], by_king[2]))))

    def _action_to_string(self, player: int, action: int) -> str:
        state = self._now.state
        index = int(action)
        if player == _CHANCE:
            if state.is_colour_draw and 0 <= index < len(SEATINGS):
                kings = ", ".join(k.name.title() for k in SEATINGS[index])
                return f"colours drawn: players 0, 1, 2 play {kings}"
            cell = LABELS[len(state.layout)] if state.is_chance else "the next cell"
            return f"region {index} on {cell}"
        if index == PASS:
            return "pass (off the board)"
        if 0 <= index < PASS:
            return move_name(state, index + 1)
        return f"action {index} (none)"

    def is_terminal(self) -> bool:
        """True once the three challenges are played."""
        return self._now.state.is_terminal

    def returns(self) -> list[float]:
        """Zero-sum returns by player at the end (see ``TonccState.returns``); 0 before."""
        state = self._now.state
        by_king = state.returns()
        if state.seating is None:
            return list(by_king)
        return [by_king[king.value] for king in state.seating]

    def __str__(self) -> str:
        return board_text(self._now.state)


class TonccObserver:
    """One King's observation: the vector and text of :mod:`._toncc_observation`.

    ``tensor`` is the whole float32 vector; ``dict`` has one view per section.

    >>> game = load_game()
    >>> observer = game.make_py_observer()
    >>> state = game.new_initial_state()
    >>> state.apply_action(0)  # the colour draw: SEATINGS[0], player 2 plays Blue
    >>> observer.set_from(state, 2)
    >>> observer.dict["king"].tolist(), observer.tensor.shape
    ([0.0, 0.0, 1.0], (473,))
    """

    def __init__(self, params: Mapping[str, Any] | None) -> None:
        if params:
            raise SettingsError(f"{GAME_NAME} observations take no parameters, not {params!r}")
        self.tensor = np.zeros(OBSERVATION_SIZE, np.float32)
        self.dict: dict[str, Any] = {}
        offset = 0
        for name, size in SECTIONS:
            self.dict[name] = self.tensor[offset : offset + size]
            offset += size

    def set_from(self, state: TonccSpielState, player: int) -> None:
        """Write ``player``'s observation of ``state`` into ``tensor``.

        Raises :class:`~tongiaki_rules.errors.InvalidPositionError` if
        ``state`` is not a :class:`TonccSpielState`, and
        :class:`~tongiaki_rules.errors.SettingsError` if ``player`` is not a
        seat 0..2; the tensor is then unchanged.
        """
        self.tensor[:] = player_observation_vector(_toncc_state(state), _player(player))

    def string_from(self, state: TonccSpielState, player: int) -> str:
        """``player``'s observation of ``state`` as text (errors as :meth:`set_from`)."""
        return player_observation_text(_toncc_state(state), _player(player))


def _toncc_state(state: object) -> TonccState:
    if not isinstance(state, TonccSpielState):
        raise InvalidPositionError(f"state must be a TonccSpielState, not {shown(state)}")
    return state.toncc_state


def _player(player: object) -> int:
    index = as_index(player)
    if index is None or not 0 <= index < 3:
        raise SettingsError(f"player must be a seat 0..2, not {shown(player)}")
    return index


pyspiel.register_game(_GAME_TYPE, TonccGame)


def load_game(rules: TonccRules | None = None) -> TonccGame:
    """``pyspiel.load_game("python_toncc", ...)`` with the parameters of a ``TonccRules`` value.

    >>> load_game(TonccRules(compass="d6")).get_parameters()
    {'compass': 'd6'}

    Raises :class:`~tongiaki_rules.errors.SettingsError` if ``rules`` is
    neither ``None`` nor a :class:`~tongiaki_rules.toncc.TonccRules`.
    """
    if rules is not None and type(rules) is not TonccRules:
        raise SettingsError(f"rules: expected TonccRules or None, not {shown(rules)}")
    params = {name: _value(value) for name, value in (rules or TonccRules()).changed().items()}
    game: TonccGame = pyspiel.load_game(GAME_NAME, params)
    return game
