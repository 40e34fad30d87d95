"""Tóncc's numbers for OpenSpiel: the encoding the shared adapter plays ``python_toncc`` by.

:mod:`tongiaki_rules.adapters.toncc_openspiel` (and
:mod:`tongiaki_rules.adapters.openspiel`) register the game; this module
says what is Tóncc's own in it: the pass, the colour draw and the shuffle as
chance indices, the checks in the rule sheet's words, the returns by player.

>>> load_game().num_distinct_actions(), PASS
(7, 6)
"""

from __future__ import annotations

import types
from collections.abc import Mapping, Sequence
from typing import Any, Final

import attrs
import pyspiel

from ..errors import SettingsError, shown
from ..games import TONCC, TonccPosition
from .._pergame import as_index, index_problem
from ..toncc import (
    LABELS,
    MAX_TURNS_PER_CHALLENGE,
    MOVES,
    SEATINGS,
    DrawColours,
    Move,
    PlaceRegion,
    TonccIllegalActionError,
    TonccRules,
    TonccState,
    new_game,
)
from ._spiel import SpielGame, SpielObserver, SpielSpec, SpielState, register
from ._toncc_observation import (
    SECTIONS,
    board_text,
    move_name,
    player_observation_text,
    player_observation_vector,
)

GAME_NAME: Final = "python_toncc"
"""The name ``pyspiel.load_game`` knows the game by."""

MOVE_ACTIONS: Final = tuple(range(6))
"""The actions of a King on the board: action ``k`` is Compass number ``k + 1``."""

PASS: Final = 6
"""The one action of a King who has left the challenge."""

MAX_GAME_LENGTH: Final = 3 * MAX_TURNS_PER_CHALLENGE
"""Joint actions in the longest game: three challenges of at most ``MAX_TURNS_PER_CHALLENGE``."""

_REGIONS: Final = 18
_CHANCE: Final = int(pyspiel.PlayerId.CHANCE)


def _value(flag: object) -> str:
    """A flag's value as a game parameter: its enum value string."""
    return str(getattr(flag, "value", flag))


PARAMETERS: Final[Mapping[str, str]] = types.MappingProxyType(
    {field.name: _value(field.default) for field in attrs.fields(TonccRules)}
)
"""The game parameters and their defaults: the flags of ``TonccRules``, by value."""

_SPEC: Final = SpielSpec(TONCC, PARAMETERS, "zero_sum")
"""``python_toncc``: simultaneous, explicit chance, zero-sum; the parameters are the flags."""


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


def _player(player: object) -> int:
    index = as_index(player)
    if index is None or not 0 <= index < 3:
        raise SettingsError(f"player must be a seat 0..2, not {shown(player)}")
    return index


@attrs.frozen(slots=True)
class _Encoding:
    """Tóncc's numbers for one game: its rules flags; the rest is the same for every game."""

    rules: TonccRules

    @classmethod
    def from_parameters(cls, params: Mapping[str, Any]) -> _Encoding:
        return cls(rules_of(params))

    @property
    def spec(self) -> SpielSpec:
        return _SPEC

    @property
    def num_players(self) -> int:
        return 3

    @property
    def num_actions(self) -> int:
        return len(MOVE_ACTIONS) + 1

    @property
    def chance_size(self) -> int:
        return _REGIONS

    @property
    def max_game_length(self) -> int:
        return MAX_GAME_LENGTH

    @property
    def max_chance_nodes(self) -> int:
        """The colour draw, then eighteen draws for each of the three challenges."""
        return 1 + 3 * _REGIONS

    @property
    def utility(self) -> tuple[str, float, float, float | None]:
        return "zero_sum", -1.0, 1.0, 0.0

    @property
    def shown_parameters(self) -> dict[str, Any]:
        return {name: _value(value) for name, value in self.rules.changed().items()}

    @property
    def observation_sections(self) -> tuple[tuple[str, int], ...]:
        return SECTIONS

    def initial(self) -> TonccPosition:
        return TonccPosition(new_game(self.rules))

    def legal_indices(self, position: TonccPosition, player: int) -> list[int]:
        state = position.state
        if player not in (0, 1, 2):  # legal_actions() of the simultaneous node: use (player)
            return []
        return list(MOVE_ACTIONS) if state.legal_actions(state.king_of(player)) else [PASS]

    def chance_outcomes(self, position: TonccPosition) -> list[tuple[int, float]]:
        """The seatings of the colour draw (1/6 each), or the regions left to place."""
        state = position.state
        if state.is_colour_draw:
            return [(index, 1.0 / len(SEATINGS)) for index in range(len(SEATINGS))]
        return [(o.region, p) for o, p in state.chance_outcomes()]  # type: ignore[union-attr]

    def decode(self, position: TonccPosition, player: int, index: int) -> Move:
        return MOVES[index]

    def decode_chance(self, position: TonccPosition, index: int) -> DrawColours | PlaceRegion:
        if position.state.is_colour_draw:
            return DrawColours(SEATINGS[index])
        return PlaceRegion(index)

    def checked_action(self, position: TonccPosition, player: int, action: object) -> int:
        index = as_index(action)
        state = position.state
        if state.is_terminal:
            raise self.finished(action)
        if index is None:
            raise TonccIllegalActionError(
                index_problem("action", action, self.num_actions),
                "TC-SETUP-2" if state.is_chance else "TC-MOVE-1",
            )
        if not state.is_chance:
            raise TonccIllegalActionError(
                f"action {index}: the Kings choose together here; give one action per King "
                "to apply_actions",
                "TC-MOVE-1",
            )
        if index not in [i for i, _ in self.chance_outcomes(position)]:
            if state.is_colour_draw:
                raise TonccIllegalActionError(
                    f"chance outcome {index}: the colour draw has outcomes 0..5", "TC-SETUP-4"
                )
            raise TonccIllegalActionError(
                f"chance outcome {index}: region {index} is not one left to place", "TC-SETUP-2"
            )
        return index

    def checked_joint(self, position: TonccPosition, actions: object) -> list[int]:
        state = position.state
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
        given: Any = actions
        if len(given) != 3:
            raise TonccIllegalActionError(
                f"joint action: expected 3 actions (players 0, 1, 2), got {len(given)}",
                "TC-MOVE-1",
            )
        chosen = []
        for player, action in enumerate(given):
            index = as_index(action)
            legal = self.legal_indices(position, player)
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
        return chosen

    def finished(self, action: object) -> TonccIllegalActionError:
        return TonccIllegalActionError(f"action {shown(action)}: the game is over", "TC-GAME-1")

    def action_text(self, position: TonccPosition, player: int, index: int) -> str:
        state = position.state
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

    def returns(self, position: TonccPosition) -> list[float]:
        """Zero-sum returns by player (see ``TonccState.returns``)."""
        state = position.state
        by_king = state.returns()
        if state.seating is None:
            return list(by_king)
        return [by_king[king.value] for king in state.seating]

    def observe(self, position: TonccPosition, player: int) -> Sequence[float]:
        return player_observation_vector(position.state, _player(player))

    def observation_text(self, position: TonccPosition, player: int) -> str:
        return player_observation_text(position.state, _player(player))

    def text(self, position: TonccPosition) -> str:
        return board_text(position.state)


class TonccSpielState(SpielState):
    """An OpenSpiel state wrapping one immutable :class:`~tongiaki_rules.toncc.TonccState`.

    ``apply_action`` takes a chance outcome, ``apply_actions`` one action
    per player (:data:`PASS` for a player whose King has left). Both raise
    :class:`~tongiaki_rules.toncc.TonccIllegalActionError` naming the
    player, his King and the action, and change nothing, for an action that
    is not an int (a bool is not one), not legal here, or after the end.

    >>> import pyspiel
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

    @property
    def toncc_state(self) -> TonccState:
        """The position as a :class:`~tongiaki_rules.toncc.TonccState`."""
        state: TonccState = self.position.state
        return state


class TonccObserver(SpielObserver):
    """One King's observation: the float32 vector and text of the shared Tóncc observation.

    ``tensor`` is the whole vector; ``dict`` has one view per section.

    >>> game = load_game()
    >>> observer = game.make_py_observer()
    >>> state = game.new_initial_state()
    >>> state.apply_action(0)  # the colour draw: SEATINGS[0], player 2 plays Blue
    >>> observer.set_from(state, 2)
    >>> observer.dict["king"].tolist(), observer.tensor.shape
    ([0.0, 0.0, 1.0], (473,))
    """


class TonccGame(SpielGame):
    """The OpenSpiel game; build it with ``pyspiel.load_game`` or :func:`load_game`.

    >>> game = load_game(TonccRules(top_tie="winner_takes_both"))
    >>> str(game), game.max_game_length()
    ('python_toncc(top_tie=winner_takes_both)', 171)
    """

    make_encoding = staticmethod(_Encoding.from_parameters)
    state_class = TonccSpielState

    @property
    def rules(self) -> TonccRules:
        """The rules flags the parameters name."""
        encoding = self.spiel_encoding
        assert isinstance(encoding, _Encoding)
        return encoding.rules

    def new_initial_state(self) -> TonccSpielState:
        """A state at the first chance node: the colour draw (or the first shuffle)."""
        return TonccSpielState(self)

    def observer(self, params: Mapping[str, Any] | None) -> TonccObserver:
        """The observation vector and text of :class:`TonccObserver`."""
        return TonccObserver(self, params)


register(_SPEC, TonccGame)


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
