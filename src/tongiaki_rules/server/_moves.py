"""The server's side of play: its secret chance, bot seats with their limits, actions from requests.

Chance is seeded per game and per move from the game's *secret* seed: the
tile drawn at move ``n`` comes from ``random.Random(f"{seed}:{n}")``, and a
bot choosing at move ``n`` for seat ``s`` is seeded from
``random.Random(f"{seed}:bot:{s}:{n}")``. The seed is drawn with
:mod:`secrets` and is never sent while the game is on (the record of a
finished game carries it, for audit); every draw is stored as a move, so a
game replays without it.

Bots think fairly (:class:`BotPolicy`). A *quick* bot (``random``,
``greedy``: milliseconds a move) thinks at once, in the thread that asks,
and never waits for a search. A *search* (``mcts``, and any bot of an
operator's module, whose cost the server cannot know) waits for one of
the ``thinking`` slots of :class:`SearchSlots`: at most one slot per game,
handed out round-robin between the games waiting, so one game (or one
client's games) cannot hold them all while others wait. An MCTS seat is
bounded twice: its iterations (:data:`MAX_MCTS_ITERATIONS`) and its wall
time a move (:data:`MAX_THINK_SECONDS`); the time cap stops a search that
runs long and changes nothing when it is not reached.

>>> chance_rng(42, 7).random() == random.Random("42:7").random()
True
"""

from __future__ import annotations

import random
import threading
from collections import deque
from collections.abc import Hashable, Iterator, Mapping
from contextlib import contextmanager
from typing import Any, Literal

import attrs

from tongiaki_rules import (
    Action,
    GameState,
    NotationError,
    SettingsError,
    parse_action,
)
from tongiaki_rules.bots import BOT_NAMES, Bot, MCTSBot, allowed_modules, make_bot, parse_bot_spec

from ._errors import Unprocessable

__all__ = [
    "MAX_MCTS_ITERATIONS",
    "MAX_SEED",
    "MAX_THINK_SECONDS",
    "QUICK_BOTS",
    "BotPolicy",
    "SearchSlots",
    "bot_cost",
    "bot_seed",
    "chance_rng",
    "chosen_action",
    "server_to_move",
    "whole",
]

MAX_MCTS_ITERATIONS = 2000
"""By default an MCTS seat thinks at most this many iterations a move."""
MAX_THINK_SECONDS = 5.0
"""By default a searching bot seat (MCTS) stops thinking after this many seconds a move."""
MCTS_ITERATIONS = 50
"""The iterations of an ``mcts`` spec that names none (the bot's own default)."""
QUICK_BOTS = frozenset({"random", "greedy", "learned"})
"""The bots that answer in milliseconds: they think at once and never wait for a search slot."""
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


def bot_cost(spec: str) -> Literal["quick", "search"]:
    """``"quick"`` for a bot of :data:`QUICK_BOTS`; ``"search"`` for MCTS and any other bot.

    A bot of an operator's module counts as a search: the server cannot know its cost.

    >>> bot_cost("greedy"), bot_cost("mcts:iterations=200"), bot_cost("mybots:Careful")
    ('quick', 'search', 'search')
    """
    try:
        name, _ = parse_bot_spec(spec)
    except SettingsError:
        return "search"
    return "quick" if name in QUICK_BOTS else "search"


class _Ticket:
    """One search waiting for (then holding) a slot of :class:`SearchSlots`."""

    __slots__ = ("game", "granted")

    def __init__(self, game: Hashable) -> None:
        self.game = game
        self.granted = False


class SearchSlots:
    """At most ``slots`` searches at once, at most one per game, handed out round-robin.

    A search waits in one queue, in the order it came; when a slot is free
    it goes to the first waiting search whose game holds none. A game whose
    search ends and who asks again goes to the back of the queue, behind the
    other games already waiting: every waiting game gets its turn.

    >>> slots = SearchSlots(2)
    >>> with slots.held("game-a"):
    ...     slots.busy(), slots.waiting()
    (1, 0)
    >>> slots.busy()
    0
    """

    def __init__(self, slots: int) -> None:
        self.slots = max(1, slots)
        self._changed = threading.Condition()
        self._holding: set[Hashable] = set()
        self._queue: deque[_Ticket] = deque()

    @contextmanager
    def held(self, game: Hashable) -> Iterator[None]:
        """Hold a slot for ``game`` while the ``with`` block runs (waiting for one first)."""
        ticket = _Ticket(game)
        with self._changed:
            self._queue.append(ticket)
            self._grant()
            try:
                while not ticket.granted:
                    self._changed.wait()
            except BaseException:  # interrupted while waiting: give the place (or slot) back
                if ticket.granted:
                    self._holding.discard(game)
                else:
                    self._queue.remove(ticket)
                self._grant()
                raise
        try:
            yield
        finally:
            with self._changed:
                self._holding.discard(game)
                self._grant()

    def busy(self) -> int:
        """How many slots are held now."""
        with self._changed:
            return len(self._holding)

    def waiting(self) -> int:
        """How many searches wait for a slot."""
        with self._changed:
            return len(self._queue)

    def holds(self, game: Hashable) -> bool:
        """Whether ``game`` holds a slot now."""
        with self._changed:
            return game in self._holding

    def _grant(self) -> None:
        """Give the free slots to the first waiting searches of games holding none."""
        for ticket in list(self._queue):
            if len(self._holding) >= self.slots:
                break
            if ticket.game in self._holding:
                continue
            self._queue.remove(ticket)
            ticket.granted = True
            self._holding.add(ticket.game)
        self._changed.notify_all()


def _searches(policy: BotPolicy) -> SearchSlots:
    return SearchSlots(policy.thinking)


@attrs.frozen
class BotPolicy:
    """The bot work one server allows: the bots, their budget a move, and searches at once.

    ``max_mcts_iterations`` and ``max_think_seconds`` bound an MCTS seat's
    move; ``thinking`` searches run at once (:class:`SearchSlots`, shared by
    every copy :meth:`for_game` makes); quick bots take no slot. ``game``
    names the game whose bots this copy plays (``None``: each search is a
    game of its own).

    >>> policy = BotPolicy(max_mcts_iterations=100, thinking=2)
    >>> policy.check("mcts:iterations=500", "seats.1")
    Traceback (most recent call last):
    ...
    tongiaki_rules.server._errors.Unprocessable: seats.1: mcts iterations are capped at 100 here
    >>> policy.for_game("g-1").searches is policy.searches
    True
    """

    max_mcts_iterations: int = MAX_MCTS_ITERATIONS
    thinking: int = 2
    max_think_seconds: float = MAX_THINK_SECONDS
    game: str | None = None
    searches: SearchSlots = attrs.field(
        default=attrs.Factory(_searches, takes_self=True), eq=False, repr=False
    )

    def for_game(self, game: str) -> BotPolicy:
        """This policy playing the bots of ``game`` (its searches count as that game's)."""
        return attrs.evolve(self, game=game)

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
                raise Unprocessable(
                    f"{where}: mcts time_limit is not allowed here; use iterations "
                    f"(every move stops after {self.max_think_seconds:g} s anyway)"
                )
            iterations = options.get("iterations", MCTS_ITERATIONS)
            if not isinstance(iterations, int) or iterations > self.max_mcts_iterations:
                raise Unprocessable(
                    f"{where}: mcts iterations are capped at {self.max_mcts_iterations} here"
                )
        return spec

    def bot(self, spec: str, seed: int) -> Bot:
        """The bot of ``spec`` within the budget: an MCTS bot stops after ``max_think_seconds``.

        >>> BotPolicy(max_think_seconds=2.5).bot("mcts:iterations=300", seed=1).time_limit
        2.5
        """
        bot = make_bot(spec, seed=seed, modules=allowed_modules())
        if isinstance(bot, MCTSBot):
            limit = bot.time_limit
            bot.time_limit = (
                self.max_think_seconds if limit is None else min(limit, self.max_think_seconds)
            )
        return bot

    def choose(self, spec: str, seed: int, state: GameState) -> Action:
        """The bot's choice: a quick bot's at once, a search's while it holds a slot."""
        bot = self.bot(spec, seed)
        if bot_cost(spec) == "quick":
            return bot.choose(state)
        with self.searches.held(self.game if self.game is not None else object()):
            return bot.choose(state)

    def offer(self) -> list[dict[str, Any]]:
        """The Tongiaki bots a seat may be given here, each with its cost and its caps.

        >>> [(b["name"], b["cost"]) for b in BotPolicy().offer()]
        [('random', 'quick'), ('greedy', 'quick'), ('mcts', 'search'), ('learned', 'quick')]
        """
        offered: list[dict[str, Any]] = []
        for name in BOT_NAMES:
            entry: dict[str, Any] = {"name": name, "cost": bot_cost(name)}
            if name == "mcts":
                entry |= {
                    "spec": "mcts:iterations=N",
                    "default_iterations": MCTS_ITERATIONS,
                    "max_iterations": self.max_mcts_iterations,
                    "max_seconds": self.max_think_seconds,
                }
            offered.append(entry)
        return offered

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
