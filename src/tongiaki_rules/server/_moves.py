"""The server's side of play: its secret chance, bot seats with their limits, actions from requests.

Chance is seeded per game and per move from the game's *secret* seed: the
tile drawn at move ``n`` comes from ``random.Random(f"{seed}:{n}")``, and a
bot choosing at move ``n`` for seat ``s`` is seeded from
``random.Random(f"{seed}:bot:{s}:{n}")``. The seed is drawn with
:mod:`secrets` and is never sent while the game is on (the record of a
finished game carries it, for audit); every draw is stored as a move, so a
game replays without it.

>>> chance_rng(42, 7).random() == random.Random("42:7").random()
True
"""

from __future__ import annotations

import random
import threading
from collections.abc import Mapping
from typing import Any

import attrs

from tongiaki_rules import (
    Action,
    GameState,
    NotationError,
    SettingsError,
    parse_action,
)
from tongiaki_rules.bots import allowed_modules, make_bot, parse_bot_spec

from ._errors import Unprocessable

__all__ = [
    "MAX_MCTS_ITERATIONS",
    "MAX_SEED",
    "BotPolicy",
    "bot_seed",
    "chance_rng",
    "chosen_action",
    "server_to_move",
    "whole",
]

MAX_MCTS_ITERATIONS = 2000
"""By default an MCTS seat thinks at most this many iterations a move."""
MAX_SEED = 2**63 - 1
"""Seeds are whole numbers from 0 to this (they are stored as SQLite integers)."""


def chance_rng(seed: int, move: int) -> random.Random:
    """The random stream that draws the tile at move ``move`` of the game seeded ``seed``.

    >>> chance_rng(42, 7).random() == random.Random("42:7").random()
    True
    """
    return random.Random(f"{seed}:{move}")


def bot_seed(seed: int, seat: int, move: int) -> int:
    """The seed of the bot choosing for ``seat`` at move ``move`` of the game seeded ``seed``.

    >>> bot_seed(42, 1, 3) == random.Random("42:bot:1:3").randrange(2**63)
    True
    """
    return random.Random(f"{seed}:bot:{seat}:{move}").randrange(2**63)


def whole(value: object, name: str, low: int, high: int) -> int:
    """``value`` if it is a whole number from ``low`` to ``high``; else :class:`Unprocessable`.

    >>> whole(3, "players", 2, 6)
    3
    """
    if isinstance(value, bool) or not isinstance(value, int):
        raise Unprocessable(f"{name} must be a whole number, not {type(value).__name__}")
    if not low <= value <= high:
        shown = str(value) if abs(value) < 10**30 else "a huge number"
        raise Unprocessable(f"{name} must be from {low} to {high}, not {shown}")
    return value


@attrs.frozen
class BotPolicy:
    """The bot work one server allows: MCTS iterations a move, and bots thinking at once.

    >>> policy = BotPolicy(max_mcts_iterations=100, thinking=2)
    >>> policy.check("mcts:iterations=500", "seats.1")
    Traceback (most recent call last):
    ...
    tongiaki_rules.server._errors.Unprocessable: seats.1: mcts iterations are capped at 100 here
    """

    max_mcts_iterations: int = MAX_MCTS_ITERATIONS
    thinking: int = 2
    _slots: threading.BoundedSemaphore = attrs.field(init=False, eq=False, repr=False)

    def __attrs_post_init__(self) -> None:
        object.__setattr__(self, "_slots", threading.BoundedSemaphore(max(1, self.thinking)))

    def check(self, spec: object, where: str) -> str:
        """``spec`` if it builds a bot this server will run; else :class:`Unprocessable`."""
        try:
            if not isinstance(spec, str):
                raise SettingsError(f"a bot spec is text, not {type(spec).__name__}")
            name, options = parse_bot_spec(spec)
            make_bot(spec, seed=0, modules=allowed_modules())
        except SettingsError as exc:
            raise Unprocessable(f"{where}: {exc}") from None
        if name == "mcts":
            if "time_limit" in options:
                raise Unprocessable(f"{where}: mcts time_limit is not allowed here; use iterations")
            iterations = options.get("iterations", 50)
            if not isinstance(iterations, int) or iterations > self.max_mcts_iterations:
                raise Unprocessable(
                    f"{where}: mcts iterations are capped at {self.max_mcts_iterations} here"
                )
        return spec

    def choose(self, spec: str, seed: int, state: GameState) -> Action:
        """The bot's choice, made while holding one of the ``thinking`` slots."""
        with self._slots:
            return make_bot(spec, seed=seed, modules=allowed_modules()).choose(state)

    def server_move(
        self, seed: int, bots: Mapping[int, str], state: GameState, moves: int
    ) -> Action | None:
        """The draw or the bot's move at move ``moves``; ``None`` if a human is to move or over."""
        if state.is_terminal:
            return None
        if state.is_chance_node:
            return state.sample_chance(chance_rng(seed, moves))
        seat = state.current_player
        spec = None if seat is None else bots.get(seat)
        if seat is None or spec is None:
            return None
        return self.choose(spec, bot_seed(seed, seat, moves), state)


def server_to_move(view: Mapping[str, Any]) -> bool:
    """Whether the position of a present ``view`` waits for the server: chance or a bot.

    >>> server_to_move({"moves": 3, "at": 3, "outcome": None, "to_move": 1,
    ...                 "seats": [{"kind": "human"}, {"kind": "bot"}]})
    True
    """
    if view["at"] != view["moves"] or view["outcome"] is not None:
        return False
    if "deciders" in view:  # seats choosing at once: the server plays once every human chose
        chosen = view.get("chosen", [])
        return all(
            view["seats"][seat]["kind"] == "bot" or seat in chosen for seat in view["deciders"]
        )
    seat = view["to_move"]
    return seat is None or view["seats"][seat]["kind"] == "bot"


def chosen_action(state: GameState, action: object) -> Action:
    """The action a request names: a legal index (int) or notation (text); else 422.

    >>> from tongiaki_rules import new_game
    >>> chosen_action(new_game(2), 99)
    Traceback (most recent call last):
    ...
    tongiaki_rules.server._errors.Unprocessable: action index must be from 0 to 5
    """
    if isinstance(action, int) and not isinstance(action, bool):
        legal = state.legal_actions()
        if not 0 <= action < len(legal):
            raise Unprocessable(f"action index must be from 0 to {len(legal) - 1}")
        return legal[action]
    if not isinstance(action, str):
        raise Unprocessable(
            f"action must be notation text or a legal index, not {type(action).__name__}"
        )
    try:
        return parse_action(action)
    except NotationError as exc:
        raise Unprocessable(str(exc), exc.clause) from None
