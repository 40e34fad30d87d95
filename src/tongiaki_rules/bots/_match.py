"""Playing one whole game between bots.

>>> from tongiaki_rules.bots import RandomBot, play_match
>>> record = play_match([RandomBot(seed=1), RandomBot(seed=2)], seed=7)
>>> from tongiaki_rules import replay
>>> replay(record).is_terminal
True
"""

from __future__ import annotations

import pickle
import random
import time
from collections.abc import Mapping, Sequence
from concurrent.futures import Executor
from typing import Any

import attrs

from .._standard_tiles import STANDARD_TILES
from .._state import DEFAULT_RULES, GameState
from ..actions import Action
from ..errors import IllegalActionError, SettingsError
from ..record import GameRecord, Recorder
from ..rules import Rules
from ..tiles import TileSet
from ._base import Bot
from ._checks import seed_option, shown, whole_option
from ._executors import check_executor, submit_to

__all__ = [
    "DEFAULT_MAX_DECISIONS",
    "BotFailedError",
    "MatchTooLongError",
    "checked_choice",
    "play_match",
    "recorded_choice",
]

DEFAULT_MAX_DECISIONS = 5000
"""The cap on decisions per game in :func:`play_match` (tile draws not counted).

No rule bounds a game: a player may, by choice, keep a beach sailing round a
loop. Random games need about 150 decisions and the longest of tens of
thousands of random games needed about 1,350, so a game past the cap means a
bot is going round in circles.
"""


class MatchTooLongError(RuntimeError):
    """A game between bots went on past the cap on decisions.

    ``record`` holds the game so far, to replay and see where the bots looped.
    """

    def __init__(self, message: str, record: GameRecord) -> None:
        super().__init__(message)
        self.record = record

    def __reduce__(self) -> tuple[type[MatchTooLongError], tuple[str, GameRecord]]:
        # so that the error crosses process boundaries (simulate --jobs)
        return (type(self), (str(self), self.record))


class BotFailedError(RuntimeError):
    """A bot failed at its move: it raised, returned an illegal action, or took too long.

    The message names the seat, the bot and the move number (moves count
    every action of the record from 1, tile draws included, as ``tongiaki
    replay`` numbers them); ``seat``, ``move`` and ``record`` (the game up
    to the failed move) say it to programs.
    """

    def __init__(self, message: str, seat: int, move: int, record: GameRecord) -> None:
        super().__init__(message)
        self.seat = seat
        self.move = move
        self.record = record

    def __reduce__(self) -> tuple[type[BotFailedError], tuple[str, int, int, GameRecord]]:
        return (type(self), (str(self), self.seat, self.move, self.record))


def play_match(
    bots: Sequence[Bot],
    *,
    seed: int | None = None,
    rules: Rules = DEFAULT_RULES,
    tiles: TileSet = STANDARD_TILES,
    start_player: int = 0,
    metadata: Mapping[str, str | int] | None = None,
    max_decisions: int | None = DEFAULT_MAX_DECISIONS,
    executor: Executor | None = None,
    move_time_limit: float | None = None,
) -> GameRecord:
    """Play a game with ``bots[i]`` in seat ``i``; return its record.

    A bot may be given as a factory (a class, or a callable taking
    ``seed=``): it is built with a seed drawn from ``seed`` and the seat.

    Tile draws come from ``random.Random(seed)``, apart from the bots' own
    generators, so a seed and seeded bots give the same game every time. The
    record's metadata names the bot of each seat (``"seat0"``, ...) and the
    seed, besides ``metadata``. A bot that raises, returns an illegal action,
    or (with ``move_time_limit``, in seconds) took longer than that over a
    move, stops the game with :class:`BotFailedError` naming its seat and
    the move (the time is measured when the bot answers: a bot that never
    answers is not stopped).
    A game that needs more than ``max_decisions`` decisions (``None``: no cap)
    raises :class:`MatchTooLongError` instead of running for ever.

    With an ``executor`` (any :class:`concurrent.futures.Executor`: threads,
    processes, dask.distributed's ``Client.get_executor()``) the game is
    played there as one work unit, on copies of the bots made with
    :mod:`pickle`, and its record comes back: the same record as without an
    executor, but the bots passed in are left as they were (their random
    generators do not move on). Errors of the game (an illegal action,
    :class:`MatchTooLongError`) are raised here as without an executor.

    Bad arguments raise :class:`~tongiaki_rules.errors.SettingsError`
    before anything is played: ``bots`` not a sequence of bots (objects
    with a ``name`` and a ``choose`` method), a ``seed`` that is not
    ``None`` or a whole number, ``max_decisions`` below 1, ``metadata`` not
    a mapping of text to text or whole numbers, ``rules`` not a
    :class:`~tongiaki_rules.rules.Rules`, ``tiles`` not a
    :class:`~tongiaki_rules.tiles.TileSet`, ``executor`` not an executor
    or shut down, a bot that cannot be pickled for an ``executor``.

    >>> from tongiaki_rules.bots import RandomBot
    >>> try:
    ...     play_match([RandomBot(seed=1), RandomBot(seed=2)], seed=7, max_decisions=20)
    ... except MatchTooLongError as exc:
    ...     print(exc, len(exc.record.actions) > 20)
    the game went past 20 decisions without ending (bots: random, random; seed 7) True
    """
    bots, recorder = _prepared(
        bots, seed, rules, tiles, start_player, metadata, max_decisions, move_time_limit
    )
    if executor is None:
        return _play(recorder, bots, seed, max_decisions, move_time_limit)
    pool = check_executor("executor", executor)
    match = _Match(
        _packed(bots),
        seed,
        rules,
        tiles,
        start_player,
        recorder.metadata,
        max_decisions,
        move_time_limit,
    )
    return submit_to("executor", pool, _play_packed, match).result()


def recorded_match(
    bots: Sequence[Bot],
    *,
    seed: int | None,
    rules: Rules,
    metadata: Mapping[str, str | int],
    move_time_limit: float | None,
) -> Recorder:
    """:func:`play_match` in this process, returning the recorder: the record and every position.

    A tournament counts what happened in a game from its positions
    (:func:`tongiaki_rules.simulation.play_game`) instead of replaying its
    record.

    >>> from tongiaki_rules.bots import RandomBot
    >>> recorder = recorded_match([RandomBot(seed=1)] * 2, seed=7, rules=DEFAULT_RULES,
    ...                           metadata={}, move_time_limit=None)
    >>> recorder.state.is_terminal, len(recorder.states) == len(recorder.actions) + 1
    (True, True)
    """
    built, recorder = _prepared(
        bots, seed, rules, STANDARD_TILES, 0, metadata, DEFAULT_MAX_DECISIONS, move_time_limit
    )
    _play(recorder, built, seed, DEFAULT_MAX_DECISIONS, move_time_limit)
    return recorder


def _prepared(
    bots: Sequence[Bot],
    seed: int | None,
    rules: Rules,
    tiles: TileSet,
    start_player: int,
    metadata: Mapping[str, str | int] | None,
    max_decisions: int | None,
    move_time_limit: float | None,
) -> tuple[Sequence[Bot], Recorder]:
    """The bots built and every setting of :func:`play_match` checked; the recorder to play in."""
    bots = _built(bots, seed)
    _check_match(bots, seed, max_decisions, metadata)
    if move_time_limit is not None and (
        not isinstance(move_time_limit, (int, float))
        or isinstance(move_time_limit, bool)
        or not 0 < move_time_limit < float("inf")
    ):
        raise SettingsError(
            "move_time_limit must be None or a number of seconds above 0, "
            f"not {shown(move_time_limit)}"
        )
    info: dict[str, str | int] = {f"seat{k}": bot.name for k, bot in enumerate(bots)}
    if seed is not None:
        info["seed"] = seed
    info.update(metadata or {})
    recorder = Recorder(len(bots), rules, tiles=tiles, start_player=start_player, metadata=info)
    return bots, recorder


def _built(bots: object, seed: object) -> Sequence[Bot]:
    """The bots of ``bots``, factories (a class, or a callable taking ``seed=``) built with a
    seed of their seat drawn from ``seed``; anything else is left for the checks."""
    from ._specs import build_bot, is_bot_object

    if isinstance(bots, (str, bytes)) or not isinstance(bots, Sequence):
        return bots  # type: ignore[return-value]  # refused by _check_match
    built: list[Any] = []
    for k, bot in enumerate(bots):
        if not is_bot_object(bot) and callable(bot) and type(seed) in (int, type(None)):
            seat_seed = None if seed is None else random.Random(f"{seed}/seat{k}").getrandbits(48)
            try:
                bot = build_bot(bot, seed=seat_seed)
            except SettingsError as exc:
                raise SettingsError(f"bots[{k}]: {exc}") from None
        built.append(bot)
    return built


def _play(
    recorder: Recorder,
    bots: Sequence[Bot],
    seed: int | None,
    max_decisions: int | None,
    move_time_limit: float | None = None,
) -> GameRecord:
    """Play the game ``recorder`` starts, tile draws from ``random.Random(seed)``."""
    rng = random.Random(seed)
    state = recorder.state
    decisions = 0
    while not state.is_terminal:
        if state.is_chance_node:
            state = recorder.apply(state.sample_chance(rng))
        else:
            if max_decisions is not None and decisions >= max_decisions:
                names = ", ".join(bot.name for bot in bots)
                raise MatchTooLongError(
                    f"the game went past {max_decisions} decisions without ending "
                    f"(bots: {names}; seed {seed})",
                    recorder.record,
                )
            decisions += 1
            seat = state.current_player
            assert seat is not None
            state = _bot_move(recorder, bots[seat], seat, move_time_limit)
    return recorder.record


def _bot_move(recorder: Recorder, bot: Bot, seat: int, move_time_limit: float | None) -> GameState:
    """Ask ``bot`` for its move and record it; its failure is a :class:`BotFailedError`.

    The check applies the move already, so the recorder takes the position it
    made instead of applying the move a second time.
    """
    action, after = _recorded_step(bot, recorder, seat, move_time_limit)
    return recorder._applied(action, after)


def recorded_choice(
    bot: Bot, recorder: Recorder, seat: int, move_time_limit: float | None = None
) -> Action:
    """:func:`checked_choice` in ``recorder``'s current position, numbered after its moves;
    a failure carries the game so far (``recorder.record``).

    >>> from tongiaki_rules import Recorder
    >>> from tongiaki_rules.bots import RandomBot
    >>> recorder = Recorder(2)
    >>> recorded_choice(RandomBot(seed=1), recorder, 0) in recorder.state.legal_actions()
    True
    """
    return _recorded_step(bot, recorder, seat, move_time_limit)[0]


def _recorded_step(
    bot: Bot, recorder: Recorder, seat: int, move_time_limit: float | None
) -> tuple[Action, GameState]:
    """:func:`recorded_choice`, and the position the checked move leads to."""
    move = len(recorder.actions) + 1
    try:
        return _checked_step(bot, recorder.state, seat, move, move_time_limit)
    except BotFailedError as exc:
        # the record is built only on failure: building it checks every action so far, and
        # doing that at every move made a whole game quadratic in its length
        raise BotFailedError(str(exc), exc.seat, exc.move, recorder.record) from exc.__cause__


def checked_choice(
    bot: Bot,
    state: GameState,
    seat: int,
    move: int,
    move_time_limit: float | None = None,
    record: GameRecord | None = None,
) -> Action:
    """What ``bot`` chooses in ``state``, checked: a bot that raises, chooses an action that
    is not legal, or answers after ``move_time_limit`` seconds is a :class:`BotFailedError`.

    >>> from tongiaki_rules import new_game
    >>> class Broken:
    ...     name = "broken"
    ...     def choose(self, state):
    ...         raise ValueError("oops")
    >>> checked_choice(Broken(), new_game(2), 0, 1)
    Traceback (most recent call last):
    ...
    tongiaki_rules.bots._match.BotFailedError: the bot of seat 0 (broken) raised ValueError at \
move 1: oops
    """
    return _checked_step(bot, state, seat, move, move_time_limit, record)[0]


def _checked_step(
    bot: Bot,
    state: GameState,
    seat: int,
    move: int,
    move_time_limit: float | None = None,
    record: GameRecord | None = None,
) -> tuple[Action, GameState]:
    """:func:`checked_choice`, and the position the checked move leads to."""
    who = f"the bot of seat {seat} ({bot.name})"

    def failed(message: str) -> BotFailedError:
        # the record is built only on failure: an empty record checks its settings, and
        # building one at every move cost a tenth of a tournament
        kept = GameRecord(state.num_players) if record is None else record
        return BotFailedError(message, seat, move, kept)

    start = time.perf_counter()
    try:
        action = bot.choose(state)
    except Exception as exc:  # the bot's own code failing: told with its seat and move
        raise failed(f"{who} raised {type(exc).__name__} at move {move}: {exc}") from exc
    elapsed = time.perf_counter() - start
    if move_time_limit is not None and elapsed > move_time_limit:
        raise failed(
            f"{who} took {elapsed:.2f} s over move {move}, more than the limit of "
            f"{move_time_limit:g} s"
        )
    try:
        after = state.apply(action)
    except IllegalActionError as exc:
        raise failed(f"{who} chose an illegal action at move {move}: {exc}") from None
    except Exception:  # not an action at all: apply tells it as an IllegalActionError anyway
        raise failed(
            f"{who} chose something that is not an action at move {move}: {action!r:.80}"
        ) from None
    return action, after


@attrs.frozen(slots=True)
class _Match:
    """One game of :func:`play_match` as a self-contained work unit for an executor."""

    bots: tuple[bytes, ...]  # each bot pickled, so that every executor plays on copies
    seed: int | None
    rules: Rules
    tiles: TileSet
    start_player: int
    metadata: dict[str, str | int]
    max_decisions: int | None
    move_time_limit: float | None = None


def _packed(bots: Sequence[Bot]) -> tuple[bytes, ...]:
    packed = []
    for k, bot in enumerate(bots):
        try:
            packed.append(pickle.dumps(bot))
        except Exception as exc:  # pickling a foreign object may raise anything
            raise SettingsError(
                f"bots[{k}] ({bot.name}) cannot be sent to the executor: it cannot be "
                f"pickled ({exc}); define it at the top level of a module, or play "
                "without an executor"
            ) from None
    return tuple(packed)


def _play_packed(match: _Match) -> GameRecord:
    """Play ``match`` (in a worker): the bots unpickled, the record built afresh."""
    bots = [pickle.loads(bot) for bot in match.bots]
    recorder = Recorder(
        len(bots),
        match.rules,
        tiles=match.tiles,
        start_player=match.start_player,
        metadata=match.metadata,
    )
    return _play(recorder, bots, match.seed, match.max_decisions, match.move_time_limit)


def _check_match(bots: object, seed: object, max_decisions: object, metadata: object) -> None:
    """Refuse the arguments of :func:`play_match` that cannot make a game."""
    if isinstance(bots, (str, bytes)) or not isinstance(bots, Sequence):
        raise SettingsError(f"bots must be a sequence of bots, one per seat, not {shown(bots)}")
    for k, bot in enumerate(bots):
        if not isinstance(bot, Bot) or not isinstance(bot.name, str):
            raise SettingsError(
                f"bots[{k}] is not a bot (an object with a name and a choose method): {shown(bot)}"
            )
    seed_option("play_match", seed)
    if max_decisions is not None:
        whole_option("play_match", "max_decisions", max_decisions, low=1, high=10**9)
    if metadata is not None and not isinstance(metadata, Mapping):
        raise SettingsError(f"metadata must be a mapping, not {type(metadata).__name__}")
    for key, value in (metadata or {}).items():
        if not isinstance(key, str) or type(value) not in (str, int):
            raise SettingsError(
                f"metadata[{shown(key)}] must be text or a whole number, not {shown(value)}"
            )
