"""One PettingZoo adapter for every game of the package, sequential or simultaneous.

A game becomes a PettingZoo environment through a small :class:`ZooEncoding`:
how chance is drawn, how a position is observed from a seat, which indices
are legal and what they mean, the rewards at the end, the text of a
position. A game of turns (``GameDescriptor.simultaneous`` false) is an AEC
environment, :class:`SequentialEnv`, where the selected agent acts; a
simultaneous game is a ``ParallelEnv``, :class:`SimultaneousEnv`, where every
agent acts in one ``step``. Both do alike what is alike: the agents
``"player_0"`` .. ``"player_{n-1}"``, one per seat; their spaces (a dict
observation with an action mask, ``Discrete`` actions); seeds and reset
options; the cut at a number of steps; rendering as text.

The public modules (:mod:`tongiaki_rules.adapters.pettingzoo` and
:mod:`tongiaki_rules.adapters.toncc_pettingzoo`) subclass them under their
games' names.

>>> agent_name(2), checked_seed(7), checked_seed(None)
('player_2', 7, None)
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any, Protocol

import gymnasium
import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv, ParallelEnv

from ..errors import IllegalActionError, SettingsError, shown
from .._pergame import as_index, index_problem

__all__ = [
    "SequentialEnv",
    "SimultaneousEnv",
    "ZooEncoding",
    "agent_name",
    "checked_seed",
]


class ZooEncoding(Protocol):
    """A game's numbers for PettingZoo: the actions, the observations, chance, rewards.

    Positions are those of the game protocol (:mod:`tongiaki_rules.game`);
    seats are its players.
    """

    @property
    def num_players(self) -> int:
        """The seats, one agent each."""

    @property
    def num_actions(self) -> int:
        """The ``n`` of every agent's ``Discrete`` action space."""

    @property
    def observation_low(self) -> Any:
        """The lowest value of each float of the observation vector (its length too)."""

    def initial(self) -> Any:
        """The first position, before any chance."""

    def settle(self, position: Any, rng: random.Random) -> Any:
        """The position once chance has acted with ``rng`` (until a seat decides or the end)."""

    def observation(self, position: Any, seat: int) -> Any:
        """A new float32 observation vector of ``position`` seen from ``seat``."""

    def mask(self, position: Any, seat: int) -> Any:
        """A new int8 vector with 1 at the indices ``seat`` may choose (a decider)."""

    def decode(self, position: Any, seat: int, index: int) -> Any:
        """The action an index in range names for ``seat`` (``IllegalActionError`` if none)."""

    def rewards(self, position: Any) -> list[float]:
        """Per seat, the rewards of a finished game."""

    def text(self, position: Any) -> str:
        """The position as text (``render`` in ``"ansi"`` and ``"human"``)."""


def agent_name(seat: int) -> str:
    """The agent of a seat."""
    return f"player_{seat}"


def checked_seed(seed: object) -> int | None:
    """``seed`` as an int, or ``None``; ``SettingsError`` for anything else (a bool, a float)."""
    if seed is None:
        return None
    index = as_index(seed)
    if index is None:
        raise SettingsError(f"seed must be an int or None, not {shown(seed)}")
    return index


class _Seats:
    """What both kinds of environment keep alike: agents, spaces, seeds, the position."""

    render_mode: str | None
    possible_agents: list[str]
    _encoding: ZooEncoding
    _render_hint: str
    """The warning of ``render()`` without a render mode."""

    def _seat_up(
        self, encoding: ZooEncoding, seed: object, longest: int, render_mode: str | None
    ) -> None:
        """Fill in the agents, their spaces and the random draws (once the settings are checked)."""
        rng = random.Random(checked_seed(seed))
        self.render_mode = render_mode
        self.possible_agents = [agent_name(seat) for seat in range(encoding.num_players)]
        self._seats = {agent: seat for seat, agent in enumerate(self.possible_agents)}
        self._spaces(encoding)
        self._rng = rng
        self._longest = longest
        self._initial = encoding.initial()
        self._position = self._initial
        self._steps = 0
        self._started = False
        self._encoding = encoding

    def _spaces(self, encoding: ZooEncoding) -> None:
        low = encoding.observation_low
        size = encoding.num_actions
        observation = spaces.Dict(
            {
                "observation": spaces.Box(low, 1.0, low.shape, np.float32),
                "action_mask": spaces.Box(0, 1, (size,), np.int8),
            }
        )
        self._observation_spaces = {agent: observation for agent in self.possible_agents}
        self._action_spaces = {agent: spaces.Discrete(size) for agent in self.possible_agents}

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        """The observation space of ``agent`` (the same object at every call)."""
        return self._observation_spaces[self._agent_name(agent)]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        """The action space of ``agent``: ``Discrete(n)`` (the same object at every call)."""
        return self._action_spaces[self._agent_name(agent)]

    def _seat_of(self, agent: object) -> int:
        """The seat of an agent name; ``SettingsError`` naming it if there is no such agent."""
        seat = self._seats.get(agent) if type(agent) is str else None
        if seat is None:
            known = ", ".join(map(repr, self.possible_agents))
            raise SettingsError(f"agent must be one of {known}, not {shown(agent)}")
        return seat

    def _agent_name(self, agent: object) -> str:
        return self.possible_agents[self._seat_of(agent)]

    def _new_game(self, seed: object, options: object) -> None:
        """Check ``reset``'s arguments, reseed if asked, and settle a new game's chance."""
        seed = checked_seed(seed)
        if options is not None and not isinstance(options, Mapping):
            raise SettingsError(f"options must be None or a dict, not {shown(options)}")
        if seed is not None:
            self._rng = random.Random(seed)
        self._position = self._encoding.settle(self._initial, self._rng)
        self._steps = 0
        self._started = True

    def render(self) -> Any:
        """The position as text: returned for ``"ansi"``, printed for ``"human"``."""
        if self.render_mode is None:
            gymnasium.logger.warn(self._render_hint)
            return None
        if self.render_mode == "rgb_array":
            return self._frame()
        text = self._encoding.text(self._position)
        if self.render_mode == "human":
            print(text)
            return None
        return text

    def _frame(self) -> Any:
        """The picture of ``"rgb_array"``, for a game that draws one."""
        raise NotImplementedError

    def close(self) -> None:
        """Nothing to release."""


class SequentialEnv(_Seats, AECEnv):
    """An AEC environment of a game of turns: the selected agent acts, chance is drawn inside.

    An action that is not an index in range (a bool, a float, a string) or
    not legal raises :class:`~tongiaki_rules.errors.IllegalActionError` and
    changes nothing. Rewards come at the end only; a game still running
    after the longest number of steps is truncated, without rewards.
    """

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """Start a new game; ``seed`` reseeds the draws (else they go on from the last game).

        ``seed`` must be an int or ``None``, ``options`` ``None`` or a dict
        (there are no options; its contents are ignored, as PettingZoo's API
        test expects). Anything else raises
        :class:`~tongiaki_rules.errors.SettingsError` and changes nothing.
        """
        self._new_game(seed, options)
        self.agents = list(self.possible_agents)
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {agent: {} for agent in self.agents}
        self.agent_selection = self._to_act()

    def _to_act(self) -> str:
        seat: int = self._position.deciders[0]
        return self.possible_agents[seat]

    def observe(self, agent: str) -> dict[str, Any]:
        """The observation of ``agent``: its view of the position and its action mask.

        The mask is all 0 for an agent that is not to act. Raises
        :class:`~tongiaki_rules.errors.SettingsError` naming ``agent`` if
        there is no such agent.
        """
        position = self._position
        seat = self._seat_of(agent)
        encoding = self._encoding
        if self._started and seat in position.deciders and agent in self.agents:
            mask = encoding.mask(position, seat)
        else:
            mask = np.zeros(encoding.num_actions, np.int8)
        return {"observation": encoding.observation(position, seat), "action_mask": mask}

    def step(self, action: Any) -> None:
        """Apply the selected agent's action (``None`` once its game is over).

        ``action`` is an index: an int or a numpy integer, not a bool or a
        float. Anything else, an index out of range or one that is not legal
        raises :class:`~tongiaki_rules.errors.IllegalActionError` and
        changes nothing; so does a step before ``reset``.
        """
        if not self._started:
            raise IllegalActionError("no game under way: call reset() before step()")
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        position = self._position
        encoding = self._encoding
        if action is None:
            raise IllegalActionError(f"{agent} must choose an action, not None")
        index = as_index(action)
        if index is None:
            raise IllegalActionError(index_problem("action index", action, encoding.num_actions))
        seat = self._seats[agent]
        chosen = encoding.decode(position, seat, index)
        self._cumulative_rewards[agent] = 0.0
        self._position = after = encoding.settle(position.apply({seat: chosen}), self._rng)
        self._steps += 1
        self.rewards = dict.fromkeys(self.agents, 0.0)
        if after.is_terminal:
            self.rewards.update(zip(self.agents, encoding.rewards(after), strict=True))
            self.terminations = dict.fromkeys(self.agents, True)
            self._accumulate_rewards()  # rewards come only at the end: before, all are 0.0
        elif self._steps >= self._longest:
            self.truncations = dict.fromkeys(self.agents, True)
        else:
            self.agent_selection = self._to_act()
        if self.render_mode == "human":
            self.render()


class SimultaneousEnv(_Seats, ParallelEnv):
    """A ``ParallelEnv`` of a simultaneous game: every deciding agent acts in one ``step``.

    Every agent stays in ``agents`` for the whole game; one that does not
    decide now has an all-zero mask, and an action given for it is ignored
    (it may be left out). ``step`` raises
    :class:`~tongiaki_rules.errors.IllegalActionError` naming the agent,
    and changes nothing, for actions that are not a dict, an unknown agent,
    a decider without an action, an action that is not an index in range,
    and a step before ``reset`` or after the end.
    """

    def _seat_up(
        self, encoding: ZooEncoding, seed: object, longest: int, render_mode: str | None
    ) -> None:
        super()._seat_up(encoding, seed, longest, render_mode)
        self.agents: list[str] = []

    def _who(self, seat: int) -> str:
        """Who must move for ``seat`` in the game's words (a game may say more)."""
        return agent_name(seat)

    def _info(self, seat: int) -> dict[str, Any]:
        """The info of ``seat`` after a reset or a step (none by default)."""
        return {}

    def reset(
        self, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[dict[str, Any], dict[str, dict[str, Any]]]:
        """Start a new game, chance drawn until the agents decide; observations and infos.

        ``seed`` reseeds the draws (else they go on from the last game);
        ``options`` must be ``None`` or a dict (there are no options; its
        contents are ignored, as PettingZoo's API test expects).
        """
        self._new_game(seed, options)
        self.agents = list(self.possible_agents)
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
        """Apply every decider's action at once, then draw chance until the next decision.

        Returns observations, rewards, terminations, truncations and infos
        of the agents that were playing.
        """
        choices = self._choices(actions)
        after = self._encoding.settle(self._position.apply(choices), self._rng)
        self._position = after
        self._steps += 1
        agents = list(self.agents)
        observations = self._observations()
        infos = self._infos()
        over = after.is_terminal
        cut = not over and self._steps >= self._longest
        rewards = self._encoding.rewards(after) if over else [0.0] * len(self.possible_agents)
        earned = {agent: float(rewards[self._seats[agent]]) for agent in agents}
        terminations = dict.fromkeys(agents, over)
        truncations = dict.fromkeys(agents, cut)
        if over or cut:
            self.agents = []
        if self.render_mode == "human":
            self.render()
        return observations, earned, terminations, truncations, infos

    def _choices(self, actions: object) -> dict[int, Any]:
        """The deciders' actions, checked: ``IllegalActionError`` naming the agent."""
        if not self._started:
            raise IllegalActionError("no game under way: call reset() before step()")
        if not self.agents:
            raise IllegalActionError("the game is over: call reset() to play another")
        if not isinstance(actions, Mapping):
            raise IllegalActionError(
                f"actions: expected a dict agent -> action, not {shown(actions)}"
            )
        for agent in actions:
            if type(agent) is not str or agent not in self._seats:
                known = ", ".join(map(repr, self.possible_agents))
                raise IllegalActionError(f"actions: {shown(agent)} is not an agent ({known})")
        position = self._position
        encoding = self._encoding
        size = encoding.num_actions
        deciders = position.deciders
        choices = {}
        for seat, agent in enumerate(self.possible_agents):
            action = actions.get(agent)
            if action is None:
                if seat in deciders:
                    raise IllegalActionError(f"agent {agent!r}: {self._who(seat)} must move")
                continue
            index = as_index(action)
            if index is None or not 0 <= index < size:
                raise IllegalActionError(
                    f"agent {agent!r}: {index_problem('action', action, size)}"
                )
            if seat in deciders:
                choices[seat] = encoding.decode(position, seat, index)
        return choices

    def _observations(self) -> dict[str, Any]:
        position = self._position
        encoding = self._encoding
        deciders = position.deciders
        observed = {}
        for seat, agent in enumerate(self.possible_agents):
            mask = (
                encoding.mask(position, seat)
                if seat in deciders
                else np.zeros(encoding.num_actions, np.int8)
            )
            observed[agent] = {
                "observation": encoding.observation(position, seat),
                "action_mask": mask,
            }
        return observed

    def _infos(self) -> dict[str, dict[str, Any]]:
        return {agent: self._info(seat) for seat, agent in enumerate(self.possible_agents)}

    def observe(self, agent: str) -> dict[str, Any]:
        """The current observation of ``agent`` (``SettingsError`` naming an unknown agent)."""
        observed: dict[str, Any] = self._observations()[self._agent_name(agent)]
        return observed
