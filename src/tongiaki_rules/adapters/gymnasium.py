"""Tongiaki as a single-agent Gymnasium environment, ``tongiaki/Tongiaki-v0``.

Needs the ``gymnasium`` extra (``pip install 'tongiaki_rules[gymnasium]'``).
Importing this module registers the environment with ``gymnasium.register``.

- The agent plays one seat (``seat=``, an int, or ``"random"`` for a seat
  drawn at every reset); bots play the others (``opponents=``: a bot spec
  such as ``"greedy"`` or ``"mcts:iterations=50"``, read by
  :func:`~tongiaki_rules.bots.make_bot`, a :class:`~tongiaki_rules.bots.Bot`,
  or a sequence with one of them per other seat, in seat order). They can
  change at any reset: ``reset(options={"opponents": ...})`` (self-play
  against a league of past policies), and stay until the next change.
- :class:`PolicyBot` turns a policy, any ``(observation, mask) -> action``
  callable such as a trained model's, into a bot that plays a seat here,
  in ``tongiaki simulate`` or anywhere a bot is taken.
- Chance (the draws from the pile) and the bots' decisions are played inside
  :meth:`~TongiakiGymEnv.step`, which returns at the agent's next decision or
  at the end of the game.
- Observation: a dict with ``"observation"``, the float32 vector of
  :class:`~tongiaki_rules.observation.ObservationLayout` from the agent's
  seat, and ``"action_mask"``, an int8 vector with 1 at the legal actions.
  :meth:`~TongiakiGymEnv.action_masks` gives the same mask as bools, which is
  what sb3-contrib's ``MaskablePPO`` asks for.
- Action: an index of the encoding, full (the default) or
  ``actions="compact"`` (3,706 indices for the standard game).
- Reward at the end only, by ``reward=`` as in the other adapters: ``"win"``
  (the agent's share of the win), ``"score"`` (its points) or ``"zero_sum"``
  (+1 shared by the winners, -1 by the others). A game still running after
  ``max_game_length`` decisions (all seats) is truncated. The info of the
  step that ends the game has the final ``"scores"`` and the ``"winners"``.
- An action that is legal nowhere in this position ends the episode with
  reward -1 and ``info["illegal_action"]`` (``illegal="lose"``, the default,
  as PettingZoo's board games do); ``illegal="raise"`` raises
  :class:`~tongiaki_rules.errors.IllegalActionError` instead, changing
  nothing. What is not an index at all (a bool, a float, a number out of
  range) always raises.

>>> import gymnasium
>>> env = gymnasium.make("tongiaki/Tongiaki-v0", num_players=2, actions="compact")
>>> observation, info = env.reset(seed=1)
>>> int(env.action_space.n), int(observation["action_mask"].sum()), info["seat"]
(3706, 6, 0)
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any, Final

try:
    import gymnasium
    import numpy as np
    from gymnasium import spaces
except ModuleNotFoundError as error:  # pragma: no cover - depends on what is installed
    raise ModuleNotFoundError(
        "tongiaki_rules.adapters.gymnasium needs Gymnasium and numpy: "
        f"pip install 'tongiaki_rules[gymnasium]' ({error})",
        name=error.name,
    ) from error

from .._pergame import as_index, check_settings, index_problem
from .._standard_tiles import STANDARD_TILES
from .._state import GameState, new_game
from ..actions import Action
from ..bots import Bot, make_bot
from ..encoding import ActionEncoding
from ..encoding_compact import CompactEncoding
from ..errors import IllegalActionError, SettingsError, shown
from ..observation import ObservationLayout
from ..rules import Rules
from ._arrays import ObservationArrays
from ._returns import REWARDS, final_rewards

__all__ = ["ENV_ID", "PolicyBot", "TongiakiGymEnv"]

ENV_ID: Final = "tongiaki/Tongiaki-v0"
"""The id ``gymnasium.make`` knows the environment by."""

_ILLEGAL: Final = ("lose", "raise")


class TongiakiGymEnv(gymnasium.Env[dict[str, Any], Any]):
    """The agent in one seat, bots in the others; see the module for the details.

    Bad arguments raise :class:`~tongiaki_rules.errors.SettingsError` naming
    them.

    >>> env = TongiakiGymEnv(3, seat="random", opponents=["random", "greedy"])
    >>> observation, info = env.reset(seed=4)
    >>> mask = env.action_masks()
    >>> observation, reward, terminated, truncated, info = env.step(int(mask.nonzero()[0][0]))
    >>> reward, terminated, truncated
    (0.0, False, False)
    """

    metadata: dict[str, Any] = {"render_modes": ["ansi"], "render_fps": 2}  # noqa: RUF012

    def __init__(
        self,
        num_players: int = 2,
        rules: Rules | None = None,
        *,
        seat: int | str = 0,
        opponents: str | Bot | Sequence[str | Bot] = "greedy",
        reward: str = "win",
        actions: str = "full",
        illegal: str = "lose",
        max_game_length: int = 3000,
        render_mode: str | None = None,
    ) -> None:
        if rules is not None and not isinstance(rules, Rules):
            raise SettingsError(f"rules: expected a Rules value or None, not {shown(rules)}")
        chosen = Rules() if rules is None else rules
        check_settings(num_players, chosen, STANDARD_TILES)
        if not (seat == "random" and type(seat) is str) and not (
            type(seat) is int and 0 <= seat < num_players
        ):
            raise SettingsError(
                f"seat must be 'random' or a seat 0..{num_players - 1}, not {shown(seat)}"
            )
        if type(reward) is not str or reward not in REWARDS:
            raise SettingsError(f"reward must be 'win', 'score' or 'zero_sum', not {shown(reward)}")
        if type(illegal) is not str or illegal not in _ILLEGAL:
            raise SettingsError(f"illegal must be 'lose' or 'raise', not {shown(illegal)}")
        if type(max_game_length) is not int or max_game_length < 1:
            raise SettingsError(
                f"max_game_length must be an int >= 1, not {shown(max_game_length)}"
            )
        if render_mode is not None and render_mode != "ansi":
            raise SettingsError(f"render_mode must be None or 'ansi', not {shown(render_mode)}")
        self._opponents = _opponent_list(opponents, num_players - 1)
        self._initial = new_game(num_players, chosen)
        self._encoding = ActionEncoding.for_state(self._initial, actions=actions)
        layout = ObservationLayout.for_state(self._initial)
        self._arrays = ObservationArrays(layout)
        low = np.zeros(layout.size, np.float32)
        for section in layout.sections:
            low[section.offset : section.end] = section.low
        self.observation_space = spaces.Dict(
            {
                "observation": spaces.Box(low, 1.0, (layout.size,), np.float32),
                "action_mask": spaces.Box(0, 1, (self._encoding.size,), np.int8),
            }
        )
        self.action_space = spaces.Discrete(self._encoding.size)
        self.num_players = num_players
        self.seat_option = seat
        self.reward_mode = reward
        self.actions = actions
        self.illegal = illegal
        self.max_game_length = max_game_length
        self.render_mode = render_mode
        self.seat = 0 if seat == "random" else int(seat)
        self._state = self._initial
        self._bots: dict[int, Bot] = {}
        self._chance = random.Random(0)
        self._decisions = 0
        self._started = False

    @property
    def opponents(self) -> list[Bot]:
        """The bots of the other seats in this episode, in seat order."""
        return [self._bots[s] for s in sorted(self._bots)]

    @property
    def game_state(self) -> GameState:
        """The current position as a tongiaki_rules state."""
        return self._state

    # ---------------------------------------------------------------- the API
    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[dict[str, Any], dict[str, Any]]:
        """Start a new game and play up to the agent's first decision.

        ``seed`` reseeds everything drawn: the seat (``seat="random"``), the
        tiles and the bots built from specs (bot objects keep their own
        randomness). ``options={"opponents": ...}`` replaces the opponents,
        as ``opponents=`` gives them, from this episode on; other options
        are ignored. A ``seed`` that is not a non-negative int or ``None`` (a
        bool is not one), ``options`` that are not a dict or ``None``, or
        opponents that are not bots, raise
        :class:`~tongiaki_rules.errors.SettingsError` naming them, changing
        nothing.

        >>> env = TongiakiGymEnv(2, opponents="greedy")
        >>> _ = env.reset(seed=1, options={"opponents": "random"})
        >>> [bot.name for bot in env.opponents]
        ['random']
        """
        if seed is not None and (type(seed) is not int or seed < 0):
            raise SettingsError(f"seed must be a non-negative int or None, not {shown(seed)}")
        if options is not None and not isinstance(options, dict):
            raise SettingsError(f"options must be None or a dict, not {shown(options)}")
        if options is not None and "opponents" in options:
            self._opponents = _opponent_list(options["opponents"], self.num_players - 1)
        super().reset(seed=seed)
        rng = self.np_random
        if self.seat_option == "random":
            self.seat = int(rng.integers(self.num_players))
        others = [s for s in range(self.num_players) if s != self.seat]
        self._bots = {
            s: make_bot(bot, seed=int(rng.integers(2**31))) if isinstance(bot, str) else bot
            for s, bot in zip(others, self._opponents, strict=True)
        }
        self._chance = random.Random(int(rng.integers(2**63)))
        self._decisions = 0
        self._state = self._initial
        self._started = True
        self._advance()
        return self._observe(), {"seat": self.seat}

    def step(self, action: Any) -> tuple[dict[str, Any], float, bool, bool, dict[str, Any]]:
        """Play the agent's action, then chance and the bots up to its next decision."""
        if not self._started:
            raise IllegalActionError("no game under way: call reset() before step()")
        state = self._state
        encoding = self._encoding
        index = as_index(action)
        if index is None or not 0 <= index < encoding.size:
            raise IllegalActionError(index_problem("action index", action, encoding.size))
        if state.is_terminal or state.current_player != self.seat:
            raise IllegalActionError("the episode is over: call reset()")
        try:
            chosen = encoding.decode(state, index)
        except IllegalActionError:
            if self.illegal == "raise":
                raise
            self._started = False
            return self._observe(), -1.0, True, False, {"seat": self.seat, "illegal_action": True}
        self._state = state.apply(chosen)
        self._decisions += 1
        self._advance()
        state = self._state
        info: dict[str, Any] = {"seat": self.seat}
        if state.is_terminal:
            self._started = False
            outcome = state.outcome()
            assert outcome is not None
            info.update(scores=list(outcome.scores), winners=list(outcome.winners))
            return (
                self._observe(),
                final_rewards(state, self.reward_mode)[self.seat],
                True,
                False,
                info,
            )
        if self._decisions >= self.max_game_length:
            self._started = False
            return self._observe(), 0.0, False, True, info
        return self._observe(), 0.0, False, False, info

    def action_masks(self) -> Any:
        """The legal actions of the agent as a bool vector (all False once the episode is over)."""
        mask = np.zeros(self._encoding.size, np.bool_)
        state = self._state
        if self._started and not state.is_terminal and state.current_player == self.seat:
            mask[self._encoding._indices_in_order(state)] = True
        return mask

    def render(self) -> str | None:
        """The text view of the board (``render_mode="ansi"``), else ``None``."""
        return str(self._state) if self.render_mode == "ansi" else None

    # ---------------------------------------------------------------- inside
    def _advance(self) -> None:
        """Draw tiles and let the bots decide until the agent must decide or the game ends."""
        state = self._state
        bots = self._bots
        rng = self._chance
        seat = self.seat
        longest = self.max_game_length
        while not state.is_terminal and self._decisions < longest:
            if state.is_chance_node:
                state = state.apply(state.sample_chance(rng))
                continue
            player = state.current_player
            if player == seat:
                break
            assert player is not None
            state = state.apply(bots[player].choose(state))
            self._decisions += 1
        self._state = state

    def _observe(self) -> dict[str, Any]:
        return {
            "observation": self._arrays.view(self._state, self.seat).copy(),
            "action_mask": self.action_masks().view(np.int8),
        }


class PolicyBot:
    """A bot that asks a policy, ``policy(observation, mask) -> action``, for its moves.

    ``observation`` is what :class:`TongiakiGymEnv` gives the agent from the
    bot's seat: the dict of the ``"observation"`` vector and the int8
    ``"action_mask"``; ``mask`` is the same mask as bools (what
    :meth:`TongiakiGymEnv.action_masks` gives and sb3-contrib's
    ``MaskablePPO.predict(observation, action_masks=mask)`` takes). The
    policy returns an action index of the encoding (``actions``, ``"full"``
    or ``"compact"``, as the env it was trained in): an int or a numpy
    integer, or a one-element array as ``predict`` gives. An index that is
    not a legal action raises :class:`~tongiaki_rules.errors.IllegalActionError`
    (in a tournament: the bot failed). The layouts are made once per
    player count and rules.

    A trained Stable-Baselines3 model is one line away:
    ``PolicyBot(lambda obs, mask: model.predict(obs, action_masks=mask,
    deterministic=True)[0], name="ppo")``.

    >>> from tongiaki_rules import new_game
    >>> first_legal = PolicyBot(lambda obs, mask: int(mask.nonzero()[0][0]), name="first")
    >>> state = new_game(2)
    >>> first_legal.choose(state) in state.legal_actions(), first_legal.name
    (True, 'first')
    >>> env = TongiakiGymEnv(2, opponents=first_legal)
    >>> _ = env.reset(seed=0)
    """

    def __init__(self, policy: Any, *, actions: str = "full", name: str = "policy") -> None:
        if not callable(policy):
            raise SettingsError(
                f"policy must be a function (observation, mask) -> action, not {shown(policy)}"
            )
        if type(actions) is not str or actions not in ("full", "compact"):
            raise SettingsError(f"actions must be 'full' or 'compact', not {shown(actions)}")
        if type(name) is not str or not name:
            raise SettingsError(f"name must be a non-empty str, not {shown(name)}")
        self._policy = policy
        self._actions = actions
        self._name = name
        self._layouts: dict[
            tuple[int, Rules], tuple[ActionEncoding | CompactEncoding, ObservationArrays]
        ] = {}

    @property
    def name(self) -> str:
        """The name given (``"policy"`` by default)."""
        return self._name

    def choose(self, state: GameState) -> Action:
        """The legal action at the index the policy gives for this seat's view."""
        key = (state.num_players, state.rules)
        if key not in self._layouts:
            encoding = ActionEncoding.for_state(state, actions=self._actions)
            self._layouts[key] = (encoding, ObservationArrays(ObservationLayout.for_state(state)))
        encoding, arrays = self._layouts[key]
        seat = state.current_player
        assert seat is not None  # a bot is asked at a decision
        mask = np.zeros(encoding.size, np.bool_)
        mask[encoding._indices_in_order(state)] = True
        observation = {
            "observation": arrays.view(state, seat).copy(),
            "action_mask": mask.view(np.int8),
        }
        answer = self._policy(observation, mask)
        if isinstance(answer, np.ndarray) and answer.size == 1:
            answer = answer.reshape(()).item()
        index = as_index(answer)
        if index is None or not 0 <= index < encoding.size:
            raise IllegalActionError(index_problem("action index", answer, encoding.size))
        return encoding.decode(state, index)


def _opponent_list(opponents: object, count: int) -> list[str | Bot]:
    """One bot (spec or object) per other seat, each checked now."""
    if isinstance(opponents, (str, Bot)):
        listed: list[object] = [opponents] * count
    elif isinstance(opponents, Sequence):
        listed = list(opponents)
        if len(listed) != count:
            raise SettingsError(
                f"opponents: {count} other seat(s) need {count} bot(s), not {len(listed)}"
            )
    else:
        raise SettingsError(
            f"opponents must be a bot spec, a Bot or a sequence of them, not {shown(opponents)}"
        )
    for k, bot in enumerate(listed):
        if isinstance(bot, str):
            make_bot(bot, seed=0)  # an unknown bot or option is told now
        elif not isinstance(bot, Bot):
            raise SettingsError(f"opponents[{k}]: expected a bot spec or a Bot, not {shown(bot)}")
    return listed  # type: ignore[return-value]


gymnasium.register(id=ENV_ID, entry_point=f"{__name__}:TongiakiGymEnv")
