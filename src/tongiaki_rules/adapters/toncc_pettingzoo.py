"""Tóncc for PettingZoo, ``toncc_v1``: a ``ParallelEnv`` and an AEC ``env()`` beside it.

In the ``ParallelEnv`` the three Kings move at once.

Needs the ``pettingzoo`` extra (``pip install 'tongiaki_rules[pettingzoo]'``).

- Agents ``"player_0"``, ``"player_1"`` and ``"player_2"`` (:data:`AGENTS`),
  the three players. Each draws his King at ``reset`` (TC-SETUP-4, the
  colour draw): ``infos[agent]["king"]`` names it (``"red"``, ...) and
  :meth:`TonccParallelEnv.king_of` gives it; with
  ``TonccRules(colour_draw="fixed")`` player 0 is Red, 1 Yellow and 2 Blue.
  All three stay in ``agents`` for the whole game (a King who has placed his
  last seal comes back at the next challenge) and leave together when it ends.
- Action of an agent: ``Discrete(6)``, action ``k`` is Compass number ``k + 1``.
  ``step`` takes a dict agent → action; a King on the board must have one;
  the action of a King off the board (all-zero mask) is ignored, so it may
  be left out.
- Observation of an agent: a dict with ``"observation"``, the float32
  vector of :mod:`._toncc_observation`, and ``"action_mask"``, six int8 ones
  for a King on the board and six zeros for a King off it (or at the end).
- Chance: the colour draw at ``reset`` and the shuffle at the start of each
  challenge are drawn inside the environment from a ``random.Random``
  seeded by ``reset(seed=...)`` (or ``parallel_env(seed=...)``); the same
  seed and actions give the same game.
- Rewards: 0 until the end, then the zero-sum returns of the game (the
  winners share +1, the others -1; 0 each when the three share the win).
  Every agent is terminated at the end. A game still running after
  ``max_cycles`` steps is truncated, without rewards; the default,
  :data:`MAX_CYCLES`, is the longest possible game, so it never truncates.
- ``infos[agent]``: ``{"challenge": c, "on_board": bool, "king": "red"}`` (``c`` from 0,
  3 at the end).
- :func:`env` is the same game as an AEC environment (PettingZoo's own
  ``parallel_to_aec``): the players choose one after another, and the moves
  are applied together once the last has chosen, so no player sees another's
  choice before the reveal.
- ``render()``: the position as text (``"ansi"`` returns it, ``"human"`` prints it).

>>> from tongiaki_rules.adapters.toncc_pettingzoo import parallel_env
>>> game = parallel_env(seed=1)
>>> observations, infos = game.reset()
>>> observations["player_0"]["action_mask"].tolist(), game.action_space("player_0")
([1, 1, 1, 1, 1, 1], Discrete(6))
>>> game.king_of("player_0") in ("red", "yellow", "blue")
True
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any, ClassVar, Final

try:
    import gymnasium
    import numpy as np
    from gymnasium import spaces
    from pettingzoo import AECEnv, ParallelEnv
    from pettingzoo.utils import wrappers
    from pettingzoo.utils.conversions import parallel_to_aec
except ModuleNotFoundError as error:  # pragma: no cover - depends on what is installed
    raise ModuleNotFoundError(
        "tongiaki_rules.adapters.toncc_pettingzoo needs PettingZoo, Gymnasium and numpy: "
        f"pip install 'tongiaki_rules[pettingzoo]' ({error})",
        name=error.name,
    ) from error

from ..errors import IllegalActionError, SettingsError, shown
from ..pergame import as_index, index_problem
from ..toncc import (
    MAX_TURNS_PER_CHALLENGE,
    MOVES,
    STANDARD_MAP,
    JointAction,
    TonccMap,
    TonccRules,
    TonccState,
    new_game,
)
from ..toncc.textview import render_text
from ._toncc_observation import OBSERVATION_SIZE, board_text, observation_vector

__all__ = ["AGENTS", "MAX_CYCLES", "TonccParallelEnv", "env", "parallel_env"]

AGENTS: Final = ("player_0", "player_1", "player_2")
"""The agents, one per player; each plays the King he drew (see ``king_of``)."""

MAX_CYCLES: Final = 3 * MAX_TURNS_PER_CHALLENGE
"""Steps in the longest game (171): the default ``max_cycles``, which never truncates."""

_MOVES: Final = len(MOVES)


def _seed(seed: object) -> int | None:
    """``seed`` as an int, or ``None``; ``SettingsError`` for anything else (a bool, a float)."""
    if seed is None:
        return None
    index = as_index(seed)
    if index is None:
        raise SettingsError(f"seed must be an int or None, not {shown(seed)}")
    return index


class TonccParallelEnv(ParallelEnv):
    """The parallel environment; build it with :func:`parallel_env`.

    Bad input changes nothing and raises a
    :class:`~tongiaki_rules.errors.TongiakiError`: ``step`` raises
    :class:`~tongiaki_rules.errors.IllegalActionError` naming the agent for
    actions that are not a dict, an unknown agent, a King on the board without
    an action, an action that is not an int 0..5 (a bool, a float, a string),
    and a step before ``reset`` or after the end; bad settings, seeds and
    options raise :class:`~tongiaki_rules.errors.SettingsError` naming the
    argument.

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
        checked_seed = _seed(seed)
        self._initial = new_game(rules, STANDARD_MAP if toncc_map is None else toncc_map)
        self.render_mode = render_mode
        self.max_cycles = max_cycles
        self.possible_agents = list(AGENTS)
        self.agents: list[str] = []
        self._observation_spaces = {
            agent: spaces.Dict(
                {
                    "observation": spaces.Box(0.0, 1.0, (OBSERVATION_SIZE,), np.float32),
                    "action_mask": spaces.Box(0, 1, (_MOVES,), np.int8),
                }
            )
            for agent in AGENTS
        }
        self._action_spaces = {agent: spaces.Discrete(_MOVES) for agent in AGENTS}
        self._rng = random.Random(checked_seed)
        self._state = self._initial
        self._steps = 0
        self._started = False

    # ---------------------------------------------------------------- spaces
    def observation_space(self, agent: str) -> spaces.Space[Any]:
        """The observation space of ``agent`` (the same object at every call)."""
        return self._observation_spaces[AGENTS[self._seat_of(agent)]]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        """The action space of ``agent``: ``Discrete(6)`` (the same object at every call)."""
        return self._action_spaces[AGENTS[self._seat_of(agent)]]

    @staticmethod
    def _seat_of(agent: object) -> int:
        if type(agent) is not str or agent not in AGENTS:
            raise SettingsError(
                f"agent must be one of 'player_0', 'player_1', 'player_2', not {shown(agent)}"
            )
        return AGENTS.index(agent)

    def king_of(self, agent: str) -> str:
        """The King ``agent`` drew (``"red"``, ``"yellow"`` or ``"blue"``); after ``reset``."""
        seat = self._seat_of(agent)
        if self._state.seating is None:
            raise SettingsError("king_of: no game under way: call reset() first")
        return self._state.king_of(seat).name.lower()

    # ---------------------------------------------------------------- the game
    @property
    def toncc_state(self) -> TonccState:
        """The current position as a :class:`~tongiaki_rules.toncc.TonccState`."""
        return self._state

    def reset(
        self, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[dict[str, Any], dict[str, dict[str, Any]]]:
        """Start a new game, shuffled for its first challenge; returns observations and infos.

        ``seed`` reseeds the shuffles (else they go on from the last game);
        ``options`` must be ``None`` or a dict (there are no options; its
        contents are ignored, as PettingZoo's API test expects).
        """
        checked_seed = _seed(seed)
        if options is not None and not isinstance(options, Mapping):
            raise SettingsError(f"options must be None or a dict, not {shown(options)}")
        if checked_seed is not None:
            self._rng = random.Random(checked_seed)
        self._state = self._initial.resolve_chance(self._rng)
        self._steps = 0
        self._started = True
        self.agents = list(AGENTS)
        if self.render_mode == "human":
            self.render()
        return self._observations(), self._infos()

    def step(
        self, actions: Mapping[str, Any]
    ) -> tuple[
        dict[str, Any],
        dict[str, float],
        dict[str, bool],
        dict[str, bool],
        dict[str, dict[str, Any]],
    ]:
        """Move every King on the board at once; reshuffle when a challenge ends.

        Returns observations, rewards, terminations, truncations and infos
        of the agents that were playing.
        """
        joint = self._joint(actions)
        after = self._state.apply_joint(joint).resolve_chance(self._rng)
        self._state = after
        self._steps += 1
        agents = list(self.agents)
        observations = self._observations()
        infos = self._infos()
        over = after.is_terminal
        cut = not over and self._steps >= self.max_cycles
        returns = after.returns() if over else (0.0, 0.0, 0.0)
        rewards = {
            agent: float(returns[after.king_of(AGENTS.index(agent)).value]) for agent in agents
        }
        terminations = dict.fromkeys(agents, over)
        truncations = dict.fromkeys(agents, cut)
        if over or cut:
            self.agents = []
        if self.render_mode == "human":
            self.render()
        return observations, rewards, terminations, truncations, infos

    def _joint(self, actions: object) -> JointAction:
        """The joint action of ``actions``, checked: ``IllegalActionError`` naming the agent."""
        if not self._started:
            raise IllegalActionError("no game under way: call reset() before step()")
        if not self.agents:
            raise IllegalActionError("the game is over: call reset() to play another")
        if not isinstance(actions, Mapping):
            raise IllegalActionError(
                f"actions: expected a dict agent -> action, not {shown(actions)}"
            )
        for agent in actions:
            if type(agent) is not str or agent not in AGENTS:
                raise IllegalActionError(
                    f"actions: {shown(agent)} is not an agent ('player_0', 'player_1', 'player_2')"
                )
        moves: list[Any] = [None, None, None]
        for seat, agent in enumerate(AGENTS):
            king = self._state.king_of(seat)
            on_board = bool(self._state.legal_actions(king))
            action = actions.get(agent)
            if action is None:
                if on_board:
                    raise IllegalActionError(f"agent {agent!r}: King {king.name} must move")
                continue
            index = as_index(action)
            if index is None or not 0 <= index < _MOVES:
                raise IllegalActionError(
                    f"agent {agent!r}: {index_problem('action', action, _MOVES)}"
                )
            if on_board:
                moves[king.value] = MOVES[index]
        return JointAction((moves[0], moves[1], moves[2]))

    def _observations(self) -> dict[str, Any]:
        state = self._state
        observed = {}
        for seat, agent in enumerate(AGENTS):
            king = state.king_of(seat)
            mask = (
                np.ones(_MOVES, np.int8) if state.legal_actions(king) else np.zeros(_MOVES, np.int8)
            )
            observed[agent] = {
                "observation": np.array(observation_vector(state, king), np.float32),
                "action_mask": mask,
            }
        return observed

    def _infos(self) -> dict[str, dict[str, Any]]:
        state = self._state
        kings = [state.king_of(seat) for seat in range(len(AGENTS))]
        return {
            agent: {
                "challenge": state.challenge,
                "on_board": bool(state.legal_actions(king)),
                "king": king.name.lower(),
            }
            for agent, king in zip(AGENTS, kings, strict=True)
        }

    def observe(self, agent: str) -> dict[str, Any]:
        """The current observation of ``agent`` (``SettingsError`` naming an unknown agent)."""
        seat = self._seat_of(agent)
        if self._state.seating is None:
            raise SettingsError("observe: no game under way: call reset() first")
        observed: dict[str, Any] = self._observations()[AGENTS[seat]]
        return observed

    def render(self) -> str | None:
        """The position as text (the heading, then the board, the Map and the scores as
        :func:`tongiaki_rules.toncc.textview.render_text` draws them): returned for
        ``"ansi"``, printed for ``"human"``.

        >>> game = parallel_env(seed=0, render_mode="ansi")
        >>> _ = game.reset()
        >>> print(game.render().splitlines()[0])
        challenge 1, turn 0
        """
        if self.render_mode is None:
            gymnasium.logger.warn("render() needs render_mode='ansi' or 'human' in parallel_env()")
            return None
        # the heading (challenge and turn), then the board, the Map and the scores as
        # tongiaki toncc render --format text draws them
        heading = board_text(self._state).splitlines()[0]
        text = f"{heading}\n{render_text(self._state)}"
        if self.render_mode == "human":
            print(text)
            return None
        return text

    def close(self) -> None:
        """Nothing to release."""


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
