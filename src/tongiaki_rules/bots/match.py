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
from collections.abc import Mapping, Sequence
from concurrent.futures import Executor

import attrs

from ..errors import SettingsError
from ..record import GameRecord, Recorder
from ..rules import Rules
from ..standard_tiles import STANDARD_TILES
from ..state import DEFAULT_RULES
from ..tiles import TileSet
from .base import Bot
from .checks import seed_option, shown, whole_option
from .executors import check_executor, submit_to

__all__ = ["DEFAULT_MAX_DECISIONS", "MatchTooLongError", "play_match"]

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
) -> GameRecord:
    """Play a game with ``bots[i]`` in seat ``i``; return its record.

    Tile draws come from ``random.Random(seed)``, apart from the bots' own
    generators, so a seed and seeded bots give the same game every time. The
    record's metadata names the bot of each seat (``"seat0"``, ...) and the
    seed, besides ``metadata``. A bot that returns an illegal action makes
    :meth:`GameState.apply` raise :class:`~tongiaki_rules.errors.IllegalActionError`.
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
    _check_match(bots, seed, max_decisions, metadata)
    info: dict[str, str | int] = {f"seat{k}": bot.name for k, bot in enumerate(bots)}
    if seed is not None:
        info["seed"] = seed
    info.update(metadata or {})
    recorder = Recorder(len(bots), rules, tiles=tiles, start_player=start_player, metadata=info)
    if executor is None:
        return _play(recorder, bots, seed, max_decisions)
    pool = check_executor("executor", executor)
    match = _Match(_packed(bots), seed, rules, tiles, start_player, info, max_decisions)
    return submit_to("executor", pool, _play_packed, match).result()


def _play(
    recorder: Recorder, bots: Sequence[Bot], seed: int | None, max_decisions: int | None
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
            state = recorder.apply(bots[seat].choose(state))
    return recorder.record


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


def _packed(bots: Sequence[Bot]) -> tuple[bytes, ...]:
    packed = []
    for k, bot in enumerate(bots):
        try:
            packed.append(pickle.dumps(bot))
        except Exception as exc:  # pickling a foreign object may raise anything
            raise SettingsError(
                f"bots[{k}] cannot be sent to the executor: it cannot be pickled ({exc})"
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
    return _play(recorder, bots, match.seed, match.max_decisions)


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
