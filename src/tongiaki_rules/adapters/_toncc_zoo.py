"""Tóncc's numbers for PettingZoo: the encoding the shared adapter plays ``toncc_v1`` by.

:mod:`tongiaki_rules.adapters.toncc_pettingzoo` hands out what is built here:
the shared :class:`~tongiaki_rules.adapters._zoo.SimultaneousEnv` with Tóncc's
six moves, its observation by King, its chance (the colour draw and the
shuffles), its rewards by player, its infos and its text.

>>> parallel_env(seed=0).action_space("player_1")
Discrete(6)
"""

from __future__ import annotations

import random
from typing import Any, ClassVar, Final

import attrs
import numpy as np
from pettingzoo import AECEnv
from pettingzoo.utils import wrappers
from pettingzoo.utils.conversions import parallel_to_aec

from ..errors import SettingsError, shown
from ..games import TonccPosition
from ..toncc import (
    MAX_TURNS_PER_CHALLENGE,
    MOVES,
    STANDARD_MAP,
    Move,
    TonccMap,
    TonccRules,
    TonccState,
    new_game,
)
from ..toncc._textview import render_text
from ._toncc_observation import OBSERVATION_SIZE, board_text, observation_vector
from ._zoo import SimultaneousEnv

AGENTS: Final = ("player_0", "player_1", "player_2")
"""The agents, one per player; each plays the King he drew (see ``king_of``)."""

MAX_CYCLES: Final = 3 * MAX_TURNS_PER_CHALLENGE
"""Steps in the longest game (171): the default ``max_cycles``, which never truncates."""

_MOVES: Final = len(MOVES)


@attrs.frozen(slots=True)
class _Encoding:
    """Tóncc's numbers for PettingZoo: the six moves and each King's observation."""

    first: TonccState

    @property
    def num_players(self) -> int:
        return len(AGENTS)

    @property
    def num_actions(self) -> int:
        return _MOVES

    @property
    def observation_low(self) -> Any:
        return np.zeros(OBSERVATION_SIZE, np.float32)

    def initial(self) -> TonccPosition:
        return TonccPosition(self.first)

    def settle(self, position: TonccPosition, rng: random.Random) -> TonccPosition:
        """The colour draw and the shuffles, drawn with ``rng``."""
        return TonccPosition(position.state.resolve_chance(rng))

    def observation(self, position: TonccPosition, seat: int) -> Any:
        state = position.state
        return np.array(observation_vector(state, state.king_of(seat)), np.float32)

    def mask(self, position: TonccPosition, seat: int) -> Any:
        return np.ones(_MOVES, np.int8)  # a King on the board has the six moves

    def decode(self, position: TonccPosition, seat: int, index: int) -> Move:
        return MOVES[index]

    def rewards(self, position: TonccPosition) -> list[float]:
        state = position.state
        returns = state.returns()
        return [float(returns[state.king_of(seat).value]) for seat in range(len(AGENTS))]

    def text(self, position: TonccPosition) -> str:
        """The heading (challenge and turn), then the board, the Map and the scores.

        The last three as ``tongiaki toncc render --format text`` draws them.
        """
        state = position.state
        return f"{board_text(state).splitlines()[0]}\n{render_text(state)}"


class TonccParallelEnv(SimultaneousEnv):
    """The parallel environment; build it with :func:`parallel_env`.

    Bad input changes nothing and raises a
    :class:`~tongiaki_rules.errors.TongiakiError`: ``step`` raises
    :class:`~tongiaki_rules.errors.IllegalActionError` naming the agent for
    actions that are not a dict, an unknown agent, a King on the board without
    an action, an action that is not an int 0..5 (a bool, a float, a string),
    and a step before ``reset`` or after the end; bad settings, seeds and
    options raise :class:`~tongiaki_rules.errors.SettingsError` naming the
    argument.

    >>> from tongiaki_rules.errors import IllegalActionError
    >>> game = TonccParallelEnv(seed=3)
    >>> _ = game.reset()
    >>> try:
    ...     game.step({"player_0": 0, "player_1": 6, "player_2": 1})
    ... except IllegalActionError as error:
    ...     print(error)
    agent 'player_1': action 6 is outside 0..5
    """

    metadata: ClassVar[dict[str, Any]] = {
        "name": "toncc_v1",
        "render_modes": ["ansi", "human"],
        "render_fps": 2,
        "is_parallelizable": True,
    }
    _render_hint = "render() needs render_mode='ansi' or 'human' in parallel_env()"

    def __init__(
        self,
        rules: TonccRules | None = None,
        toncc_map: TonccMap | None = None,
        *,
        seed: int | None = None,
        render_mode: str | None = None,
        max_cycles: int = MAX_CYCLES,
    ) -> None:
        modes = self.metadata["render_modes"]
        if render_mode is not None and (type(render_mode) is not str or render_mode not in modes):
            raise SettingsError(
                f"render_mode must be None, 'ansi' or 'human', not {shown(render_mode)}"
            )
        if type(max_cycles) is not int or not 1 <= max_cycles <= 2**31 - 1:
            raise SettingsError(
                f"max_cycles must be an int from 1 to {2**31 - 1}, not {shown(max_cycles)}"
            )
        first = new_game(rules, STANDARD_MAP if toncc_map is None else toncc_map)
        self.max_cycles = max_cycles
        self._seat_up(_Encoding(first), seed, max_cycles, render_mode)

    def _who(self, seat: int) -> str:
        return f"King {self.toncc_state.king_of(seat).name}"

    def _info(self, seat: int) -> dict[str, Any]:
        state = self.toncc_state
        return {
            "challenge": state.challenge,
            "on_board": seat in self._position.deciders,
            "king": state.king_of(seat).name.lower(),
        }

    def king_of(self, agent: str) -> str:
        """The King ``agent`` drew (``"red"``, ``"yellow"`` or ``"blue"``); after ``reset``."""
        seat = self._seat_of(agent)
        if self.toncc_state.seating is None:
            raise SettingsError("king_of: no game under way: call reset() first")
        return self.toncc_state.king_of(seat).name.lower()

    @property
    def toncc_state(self) -> TonccState:
        """The current position as a :class:`~tongiaki_rules.toncc.TonccState`."""
        state: TonccState = self._position.state
        return state

    def observe(self, agent: str) -> dict[str, Any]:
        """The current observation of ``agent`` (``SettingsError`` naming an unknown agent)."""
        self._seat_of(agent)
        if self.toncc_state.seating is None:
            raise SettingsError("observe: no game under way: call reset() first")
        return super().observe(agent)

    def render(self) -> str | None:
        """The position as text (the heading, then the board, the Map and the scores as
        :func:`tongiaki_rules.toncc._textview.render_text` draws them): returned for
        ``"ansi"``, printed for ``"human"``.

        >>> game = parallel_env(seed=0, render_mode="ansi")
        >>> _ = game.reset()
        >>> print(game.render().splitlines()[0])
        challenge 1, turn 0
        """
        text: str | None = super().render()
        return text


def parallel_env(
    rules: TonccRules | None = None, toncc_map: TonccMap | None = None, **kwargs: Any
) -> TonccParallelEnv:
    """The Tóncc parallel environment; keyword arguments as :class:`TonccParallelEnv`.

    >>> parallel_env(seed=0).metadata["name"]
    'toncc_v1'
    """
    return TonccParallelEnv(rules, toncc_map, **kwargs)


def env(
    rules: TonccRules | None = None, toncc_map: TonccMap | None = None, **kwargs: Any
) -> AECEnv:
    """Tóncc as a PettingZoo AEC environment: :func:`parallel_env` turned by ``parallel_to_aec``.

    The players choose in turn (``player_0`` first); nothing moves until the
    last player has chosen, then all move at once. A player
    whose King has left the challenge still takes his turn, with an all-zero
    action mask, and any action 0..5 is ignored. Wrapped in PettingZoo's
    order-enforcing wrapper. Keyword arguments as :class:`TonccParallelEnv`.

    >>> game = env(seed=2)
    >>> game.reset()
    >>> game.agent_selection
    'player_0'
    >>> game.step(0); game.agent_selection
    'player_1'
    """
    aec = parallel_to_aec(TonccParallelEnv(rules, toncc_map, **kwargs))
    wrapped: AECEnv = wrappers.OrderEnforcingWrapper(aec)
    return wrapped
