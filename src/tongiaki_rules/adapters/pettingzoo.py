"""Tongiaki as a PettingZoo AEC environment, ``tongiaki_v0``.

Needs the ``pettingzoo`` extra (``pip install 'tongiaki_rules[pettingzoo]'``).

- Agents ``"player_0"`` .. ``"player_{n-1}"``, one per seat; they act one at
  a time, in the order the rules give (``agent_selection``).
- Observation of an agent: a dict with ``"observation"``, the float32
  vector of :class:`~tongiaki_rules.observation.ObservationLayout` seen
  from its seat, and ``"action_mask"``, an int8 vector of
  :class:`~tongiaki_rules.encoding.ActionEncoding` size with 1 at the legal
  actions (all 0 for an agent that is not to act).
- Action: an index of the encoding (``Discrete(encoding.size)``), the full
  one or, with ``actions="compact"``, the compact one (3,706 indices for
  the standard rules).
- Chance: every draw from the pile is made inside the environment, from a
  ``random.Random`` seeded by ``env(seed=...)`` or ``reset(seed=...)``.
- Rewards only at the end: ``reward="win"`` (the default) gives each winner
  ``1/k`` when ``k`` seats share the victory and the others 0;
  ``reward="score"`` gives the final points; ``reward="zero_sum"`` +1
  shared by the winners and -1 by the others. A game still running after
  ``max_game_length`` decisions is truncated, without rewards.
- ``render()`` returns (``"ansi"``) or prints (``"human"``) the text view,
  or returns the SVG picture of the board as an RGB array
  (``"rgb_array"``, 720 x 960 pixels, rasterised by resvg).

The environment holds one immutable :class:`~tongiaki_rules._state.GameState`
plus a little bookkeeping, so ``copy.deepcopy`` and ``pickle`` work.

>>> from tongiaki_rules.adapters.pettingzoo import env
>>> game = env(num_players=3, seed=1)
>>> game.reset()
>>> game.agent_selection, int(game.action_space("player_0").n)
('player_0', 20452)
>>> observation, reward, terminated, truncated, info = game.last()
>>> int(observation["action_mask"].sum()), observation["observation"].dtype
(6, dtype('float32'))
"""

from __future__ import annotations

import random
from typing import Any, ClassVar, Final

import attrs

try:
    import gymnasium  # noqa: F401  (the spaces are Gymnasium's)
    import numpy as np
    from pettingzoo.utils import wrappers
    from pettingzoo.utils.env_logger import EnvLogger
except ModuleNotFoundError as error:  # pragma: no cover - depends on what is installed
    raise ModuleNotFoundError(
        "tongiaki_rules.adapters.pettingzoo needs PettingZoo, Gymnasium and numpy: "
        f"pip install 'tongiaki_rules[pettingzoo]' ({error})",
        name=error.name,
    ) from error

from ..actions import Action
from ..encoding import ActionEncoding
from ..encoding_compact import CompactEncoding
from ..errors import IllegalActionError, SettingsError, shown
from ..games import TongiakiPosition
from ..observation import ObservationLayout
from .._pergame import as_index, check_settings, index_problem
from ..rules import Rules
from .._standard_tiles import STANDARD_TILES
from .._state import GameState, new_game
from . import _raster
from ._arrays import ObservationArrays
from ._returns import REWARDS, final_rewards
from ._zoo import SequentialEnv, checked_seed

__all__ = [
    "DEFAULT_MAX_GAME_LENGTH",
    "MAX_GAME_LENGTH_LIMIT",
    "REWARDS",
    "TongiakiEnv",
    "env",
    "raw_env",
]


DEFAULT_MAX_GAME_LENGTH: Final = 3000
"""Decisions after which a game is truncated (random games take at most about 1,300)."""

MAX_GAME_LENGTH_LIMIT: Final = 2**31 - 1
"""The largest ``max_game_length`` accepted."""


@attrs.frozen(slots=True)
class _Encoding:
    """Tongiaki's numbers for PettingZoo: the action indices and the observation views."""

    actions: ActionEncoding | CompactEncoding
    arrays: ObservationArrays
    first: GameState
    reward: str

    @classmethod
    def of(cls, first: GameState, actions: str, reward: str) -> _Encoding:
        encoding = ActionEncoding.for_state(first, actions=actions)
        return cls(encoding, ObservationArrays(ObservationLayout.for_state(first)), first, reward)

    @property
    def num_players(self) -> int:
        return self.first.num_players

    @property
    def num_actions(self) -> int:
        return self.actions.size

    @property
    def observation_low(self) -> Any:
        layout = self.arrays.layout
        low = np.zeros(layout.size, np.float32)
        for section in layout.sections:
            low[section.offset : section.end] = section.low
        return low

    def initial(self) -> TongiakiPosition:
        return TongiakiPosition(self.first)

    def settle(self, position: TongiakiPosition, rng: random.Random) -> TongiakiPosition:
        """Draw from the pile until someone must decide or the game is over."""
        state = position.state
        if not state.is_chance_node:
            return position
        while state.is_chance_node:
            state = state.apply(state.sample_chance(rng))
        return TongiakiPosition(state)

    def observation(self, position: TongiakiPosition, seat: int) -> Any:
        return self.arrays.view(position.state, seat).copy()  # kept per seat: copied

    def mask(self, position: TongiakiPosition, seat: int) -> Any:
        return _mask(self.actions.size, self.actions._indices_in_order(position.state))

    def decode(self, position: TongiakiPosition, seat: int, index: int) -> Action:
        return self.actions.decode(position.state, index)

    def rewards(self, position: TongiakiPosition) -> list[float]:
        return final_rewards(position.state, self.reward)

    def text(self, position: TongiakiPosition) -> str:
        return str(position.state)


class TongiakiEnv(SequentialEnv):
    """The raw AEC environment; :func:`env` adds PettingZoo's usual wrappers.

    An action that is not legal (or not an action index: a bool, a float,
    a string, a number out of range) raises
    :class:`~tongiaki_rules.errors.IllegalActionError` and changes nothing;
    bad settings, seeds, reset options (not a dict) and agent names raise
    :class:`~tongiaki_rules.errors.SettingsError` naming the argument.

    >>> game = TongiakiEnv(num_players=2, seed=3)
    >>> game.reset()
    >>> try:
    ...     game.step(7)
    ... except IllegalActionError as error:
    ...     print(error)
    action index 7 (Expand on Tonga, beaches 1) is not legal at this setup decision
    """

    metadata: ClassVar[dict[str, Any]] = {
        "name": "tongiaki_v0",
        "render_modes": ["ansi", "human", "rgb_array"],
        "render_fps": 2,
        "is_parallelizable": False,
    }
    _render_hint = "render() needs render_mode='ansi', 'human' or 'rgb_array' in env(...)"

    def __init__(
        self,
        num_players: int = 4,
        rules: Rules | None = None,
        *,
        seed: int | None = None,
        render_mode: str | None = None,
        reward: str = "win",
        max_game_length: int = DEFAULT_MAX_GAME_LENGTH,
        actions: str = "full",
    ) -> None:
        super().__init__()
        modes = self.metadata["render_modes"]
        if render_mode is not None and (type(render_mode) is not str or render_mode not in modes):
            shown_modes = ", ".join(map(repr, modes))
            raise SettingsError(
                f"render_mode must be None, {shown_modes}, not {shown(render_mode)}"
            )
        if type(reward) is not str or reward not in REWARDS:
            raise SettingsError(f"reward must be 'win', 'score' or 'zero_sum', not {shown(reward)}")
        if type(max_game_length) is not int or not 1 <= max_game_length <= MAX_GAME_LENGTH_LIMIT:
            raise SettingsError(
                f"max_game_length must be from 1 to {MAX_GAME_LENGTH_LIMIT}, "
                f"not {shown(max_game_length)}"
            )
        if rules is not None and not isinstance(rules, Rules):
            raise SettingsError(f"rules: expected a Rules value or None, not {shown(rules)}")
        if render_mode == "rgb_array":
            _raster.rasteriser()  # a missing package is told now, not at the first frame
        checked_seed(seed)
        chosen = Rules() if rules is None else rules
        check_settings(num_players, chosen, STANDARD_TILES)
        encoding = _Encoding.of(new_game(num_players, chosen), actions, reward)
        self.reward_mode = reward
        self.max_game_length = max_game_length
        self.actions = actions
        self._seat_up(encoding, seed, max_game_length, render_mode)

    def __getstate__(self) -> dict[str, Any]:
        """What a copy or a pickle keeps: not the encoding, the layout or the views built."""
        saved = dict(self.__dict__)
        del saved["_encoding"]
        return saved

    def __setstate__(self, saved: dict[str, Any]) -> None:
        self.__dict__.update(saved)
        self._encoding = _Encoding.of(self._initial.state, self.actions, self.reward_mode)

    @property
    def game_state(self) -> GameState:
        """The current position as a tongiaki_rules state."""
        state: GameState = self._position.state
        return state

    def render(self) -> Any:
        """The board: text for ``"ansi"`` and ``"human"`` (printed), a picture for ``"rgb_array"``.

        The picture is the SVG view with its side panel (see
        :func:`~tongiaki_rules.svg.render_svg`), scaled to fit a frame of
        720 x 960 pixels: a ``(720, 960, 3)`` uint8 numpy array, the same for
        the same position.

        >>> game = env(2, seed=1, render_mode="rgb_array")
        >>> game.reset()
        >>> frame = game.render()
        >>> frame.shape, frame.dtype.name
        ((720, 960, 3), 'uint8')
        """
        return super().render()

    def _frame(self) -> Any:
        return _raster.board_frame(self.game_state)


def _mask(size: int, indices: list[int]) -> Any:
    """An int8 vector of ``size`` zeros with 1 at ``indices``.

    A few ones are set one by one in a bytearray, which is faster than
    numpy's fancy indexing with a short list; many at once by numpy.
    """
    if len(indices) > 32:
        mask = np.zeros(size, np.int8)
        mask[indices] = 1
        return mask
    ones = bytearray(size)
    for index in indices:
        ones[index] = 1
    return np.frombuffer(ones, np.int8)


def raw_env(num_players: int = 4, rules: Rules | None = None, **kwargs: Any) -> TongiakiEnv:
    """The environment without wrappers (an illegal action raises).

    >>> raw_env(2).metadata["name"]
    'tongiaki_v0'
    """
    return TongiakiEnv(num_players, rules, **kwargs)


def env(num_players: int = 4, rules: Rules | None = None, **kwargs: Any) -> Any:
    """The environment with PettingZoo's usual wrappers for board games.

    An illegal action ends the game for everyone, with reward -1 for the
    agent that played it (``TerminateIllegalWrapper``); what is not an
    action index (a bool, a float, a number outside the action space) raises
    :class:`~tongiaki_rules.errors.IllegalActionError` and changes nothing;
    calls out of order are errors (``OrderEnforcingWrapper``). Keyword
    arguments: ``seed``, ``render_mode``, ``reward``, ``max_game_length``
    and ``actions`` (see
    :class:`TongiakiEnv`).

    The wrappers are PettingZoo's, except that they read the environment's
    attributes (``agent_selection``, ``terminations``, ...) from it directly
    instead of asking each wrapper in turn.

    >>> game = env(2, seed=0)
    >>> game.reset()
    >>> game.unwrapped.game_state.pending.kind.value
    'setup'
    """
    wrapped: Any = raw_env(num_players, rules, **kwargs)
    wrapped = _TerminateIllegal(wrapped, illegal_reward=-1)
    wrapped = _IndexCheck(wrapped)
    return _OrderEnforcing(wrapped)


_FORWARDED: Final = (
    "agent_selection",
    "agents",
    "terminations",
    "truncations",
    "rewards",
    "infos",
    "_cumulative_rewards",
)
"""Read by the wrappers at every step; PettingZoo's ``__getattr__`` passes them level by level."""


def _forwarded(name: str, *, after_reset: bool = False) -> property:
    """A property reading ``name`` from the unwrapped environment.

    With ``after_reset``, it fails as ``OrderEnforcingWrapper`` does before
    the first reset (its ``AttributeError`` comes from the wrapper's
    ``__getattr__``, which then runs).
    """

    def get(self: Any) -> Any:
        if after_reset and not self._has_reset:
            raise AttributeError(name)
        return getattr(self._raw, name)

    return property(get, doc=f"The environment's ``{name}``.")


class _Forwarding(wrappers.BaseWrapper):
    """A wrapper that reads the environment's per-step attributes from it directly."""

    def __init__(self, env: Any, *args: Any, **kwargs: Any) -> None:
        super().__init__(env, *args, **kwargs)
        self._raw = env.unwrapped

    def __str__(self) -> str:
        return str(self.env)


class _TerminateIllegal(_Forwarding, wrappers.TerminateIllegalWrapper):
    """PettingZoo's ``TerminateIllegalWrapper``, forwarding as :class:`_Forwarding`.

    It wraps the raw environment itself. Its ``observe`` is PettingZoo's
    reading the environment directly; its ``step`` passes a legal action of
    an agent still playing straight on, and leaves every other case
    (illegal actions, agents done) to PettingZoo's.
    """

    def observe(self, agent: Any) -> Any:
        raw = self._raw
        observation = raw.observe(agent)
        selected = raw.agent_selection
        if agent == selected:
            self._prev_obs = observation
            infos = raw.infos
            self._prev_info = infos.get(selected, {})
        return observation

    def step(self, action: Any) -> None:
        raw = self._raw
        agent = raw.agent_selection
        seen = self._prev_obs
        mask = seen.get("action_mask") if type(seen) is dict else None
        if (
            mask is not None
            and not self._terminated
            and not (raw.terminations[agent] or raw.truncations[agent])
            and mask[action]
        ):
            self._prev_obs = None
            self._prev_info = None
            raw.step(action)
        else:
            super().step(action)


class _OrderEnforcing(_Forwarding, wrappers.OrderEnforcingWrapper):
    """PettingZoo's ``OrderEnforcingWrapper``, forwarding as :class:`_Forwarding`.

    ``last``, ``observe`` and ``step`` are PettingZoo's, reading the
    environment's attributes directly.
    """

    def observe(self, agent: Any) -> Any:
        if not self._has_reset:
            EnvLogger.error_observe_before_reset()
        return self.env.observe(agent)

    def step(self, action: Any) -> None:
        if not self._has_reset:
            EnvLogger.error_step_before_reset()
        elif not self._raw.agents:
            self._has_updated = True
            EnvLogger.warn_step_after_terminated_truncated()
        else:
            self._has_updated = True
            self.env.step(action)

    def last(self, observe: bool = True) -> tuple[Any, float, bool, bool, dict[str, Any]]:
        agent = self.agent_selection  # fails as PettingZoo's does before the first reset
        assert agent is not None
        observation = self.observe(agent) if observe else None
        raw = self._raw
        return (
            observation,
            raw._cumulative_rewards[agent],
            raw.terminations[agent],
            raw.truncations[agent],
            raw.infos[agent],
        )


for _name in _FORWARDED:
    setattr(_Forwarding, _name, _forwarded(_name))
    setattr(_OrderEnforcing, _name, _forwarded(_name, after_reset=True))


class _IndexCheck(_Forwarding):
    """Refuses what is not an index of the action space with ``IllegalActionError``.

    It stands where PettingZoo's ``AssertOutOfBoundsWrapper`` would, which
    fails an assertion instead.
    """

    def step(self, action: Any) -> None:
        raw = self._raw
        agent = raw.agent_selection
        finished = raw.terminations[agent] or raw.truncations[agent]
        if not (action is None and finished):
            size = raw._encoding.num_actions  # the n of every agent's action space
            index = as_index(action)
            if index is None or not 0 <= index < size:
                raise IllegalActionError(index_problem("action index", action, size))
        super().step(action)
