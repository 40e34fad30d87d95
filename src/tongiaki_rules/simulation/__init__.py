"""Tournaments: many seeded games between bots, and what happened in them.

:func:`simulate` plays ``games`` games between bots given by their specs
(``"random"``, ``"greedy"``, ``"mcts:iterations=50"``, see
:func:`~tongiaki_rules.bots.make_bot`) and returns a :class:`Summary`: wins
and scores per seat and per bot, game lengths, how the games ended, and how
often royal islands, New Colonisations and closed routes came up.

Games are numbered from 1. Game ``n`` is fully determined by the settings,
the tournament ``seed`` and ``n`` (see :func:`lineup` and
:func:`game_seeds`), so a tournament gives the same summary whether it runs
in one process or several (``jobs``), and :func:`play_game` plays any one of
its games again.

Any :class:`concurrent.futures.Executor` can play the games instead
(``executor``): threads, processes, or a cluster's, such as dask.distributed's
``Client.get_executor()``; the summary is the same again.

>>> summary = simulate(["random"], games=3, players=2, seed=5)
>>> summary.games, len(summary.results)
(3, 3)
>>> summary == simulate(["random"], games=3, players=2, seed=5, jobs=2)
True
>>> from concurrent.futures import ThreadPoolExecutor
>>> with ThreadPoolExecutor(2) as pool:
...     summary == simulate(["random"], games=3, players=2, seed=5, executor=pool)
True
"""

from __future__ import annotations

import hashlib
import multiprocessing
import os
import pickle
import signal
from collections import deque
from collections.abc import Callable, Generator, Mapping, Sequence
from concurrent.futures import Executor, Future
from functools import partial
from pathlib import Path
from typing import Final, TypeVar

import attrs

from .._atomic import write_text_atomic
from .._state import DEFAULT_RULES, new_game
from ..bots import BotFailedError, BotSpec, build_bot, spec_name
from ..bots._checks import MAX_SEED, shown
from ..bots._executors import check_executor, submit_to
from ..bots._match import recorded_match
from ..bots._specs import is_bot_object
from ..errors import SettingsError
from ..record import GameRecord, Recorder
from ..rules import Rules

# the API reference lists these in import order, kept as the old module's source order
# isort: off
from ._results import (
    SUMMARY_SCHEMA as SUMMARY_SCHEMA,
    SUMMARY_VERSION as SUMMARY_VERSION,
    ENDINGS,
    GameStats,
    counted_stats,
    game_stats,
    SeatResult,
    BotResult,
    Spread,
    EventRate,
    Summary,
)

# isort: on
from ._intervals import wilson_interval
from ._ratings import Rating, bradley_terry, plackett_luce
from ._sprt import VERDICTS, Sprt, elo_score

__all__ = [
    "ENDINGS",
    "MAX_GAMES",
    "MAX_JOBS",
    "VERDICTS",
    "BotResult",
    "EventRate",
    "GameStats",
    "Rating",
    "SeatResult",
    "Spread",
    "Sprt",
    "SprtResult",
    "Summary",
    "bradley_terry",
    "deal_of",
    "elo_score",
    "game_seeds",
    "game_stats",
    "lineup",
    "plackett_luce",
    "play_game",
    "simulate",
    "sprt_match",
    "wilson_interval",
]

MAX_GAMES = 10_000_000
"""The most games :func:`simulate` plays in one tournament."""

MAX_JOBS = 256
"""The most worker processes :func:`simulate` starts."""

Played = Generator["_Played", None, None]

IN_FLIGHT = 1024
"""The most work units :func:`simulate` keeps submitted to an ``executor`` at a time."""

Progress = Callable[[int, int], None]
"""Called as ``progress(done, total)`` after each game, in game order."""


# ============================================================ one game
def lineup(
    bots: Sequence[T], players: int, number: int = 1, *, rotate: bool = True
) -> tuple[T, ...]:
    """The bot spec in each seat of game ``number`` (games count from 1).

    The specs are repeated in order until every seat has one (the base
    line-up: seat ``s`` gets ``bots[s % len(bots)]``). With ``rotate``, game
    ``n`` shifts the base line-up by ``n - 1`` seats, seat ``s`` taking the
    base line-up's entry ``(s + n - 1) % players``; so over any ``players``
    consecutive games every entry sits in every seat once.

    >>> lineup(["random", "greedy"], 3, 1)
    ('random', 'greedy', 'random')
    >>> lineup(["random", "greedy"], 3, 2)
    ('greedy', 'random', 'random')
    >>> lineup(["random", "greedy"], 3, 2, rotate=False)
    ('random', 'greedy', 'random')
    """
    _check_specs(bots)
    _check_whole("players", players, 2, 6)
    _check_whole("number", number, 1, MAX_GAMES)
    _check_flag("rotate", rotate)
    base = [bots[s % len(bots)] for s in range(players)]
    shift = (number - 1) % players if rotate else 0
    return tuple(base[(s + shift) % players] for s in range(players))


def _check_specs(bots: object) -> tuple[BotSpec, ...]:
    if isinstance(bots, (str, bytes)) or not isinstance(bots, Sequence):
        raise SettingsError(
            f"bots must be a list of bot specs such as ['random', 'greedy'], not {shown(bots)}"
        )
    if not bots:
        raise SettingsError("name at least one bot")
    specs: list[BotSpec] = []
    for k, spec in enumerate(bots):
        if isinstance(spec, str):
            specs.append(spec.strip())
        elif is_bot_object(spec) or callable(spec):
            specs.append(spec)
        else:
            raise SettingsError(
                f"bots[{k}] must be a bot spec (text such as 'greedy' or 'mymodule:MyBot'), "
                f"a bot or a factory of bots, not {shown(spec)}"
            )
    return tuple(specs)


def _check_picklable(specs: Sequence[BotSpec], where: str) -> None:
    """Bots that go to worker processes must be picklable: else a SettingsError naming them."""
    for k, spec in enumerate(specs):
        if isinstance(spec, str):
            continue
        try:
            pickle.dumps(spec)
        except Exception as exc:  # pickling a foreign object may raise anything
            raise SettingsError(
                f"bots[{k}] ({spec_name(spec)}) cannot be sent to {where}: it cannot be "
                f"pickled ({type(exc).__name__}: {exc}); define it at the top level of a "
                "module, give it as a 'module:attribute' spec, or use jobs=1"
            ) from None


def _check_whole(name: str, value: object, low: int, high: int) -> int:
    if type(value) is not int or not low <= value <= high:
        raise SettingsError(
            f"{name} must be a whole number from {low} to {high}, not {shown(value)}"
        )
    return value


def _check_flag(name: str, value: object) -> None:
    if not isinstance(value, bool):
        raise SettingsError(f"{name} must be True or False, not {shown(value)}")


def _check_seed(seed: object) -> None:
    if type(seed) is not int or not -MAX_SEED < seed < MAX_SEED:
        raise SettingsError(f"seed must be a whole number below 2**64 in size, not {shown(seed)}")


def _derived_seed(seed: int, number: int, role: str) -> int:
    text = f"tongiaki-simulate/{seed}/{number}/{role}".encode()
    return int.from_bytes(hashlib.sha256(text).digest()[:6], "big")


def deal_of(number: int, players: int) -> int:
    """The deal game ``number`` plays when deals are paired: games ``1..players`` the first.

    >>> [deal_of(n, 2) for n in range(1, 6)]
    [1, 1, 2, 2, 3]
    """
    return (number - 1) // players + 1


def game_seeds(
    seed: int, number: int, players: int, *, paired: bool = False
) -> tuple[int, tuple[int, ...]]:
    """The seed of game ``number``'s tile draws, and the seed of each seat's bot.

    Each is the first 6 bytes (big-endian) of the SHA-256 of
    ``"tongiaki-simulate/{seed}/{number}/{role}"``, the role being ``draws``
    or ``seat0``, ``seat1``, ...: it depends on nothing else, so neither on
    the other games nor on the process that plays the game. Being below
    2**48, the seeds stay exact in JSON read by any language.

    With ``paired``, the draws are those of the game numbered by the deal
    (:func:`deal_of`): the ``players`` games of one deal, which :func:`lineup`
    rotates through every seat, draw the same tiles for the same choices, so
    the luck of the deal is shared out evenly.

    >>> draws, bots = game_seeds(1, 1, 2)
    >>> len(bots), draws == game_seeds(1, 1, 4)[0], draws != game_seeds(1, 2, 2)[0]
    (2, True, True)
    >>> draws == game_seeds(1, 2, 2, paired=True)[0] != game_seeds(1, 3, 2, paired=True)[0]
    True
    """
    _check_seed(seed)
    _check_whole("number", number, 1, MAX_GAMES)
    _check_whole("players", players, 2, 6)
    _check_flag("paired", paired)
    draws = _derived_seed(seed, deal_of(number, players) if paired else number, "draws")
    return draws, tuple(_derived_seed(seed, number, f"seat{s}") for s in range(players))


def play_game(
    bots: Sequence[BotSpec],
    number: int,
    *,
    players: int,
    seed: int = 1,
    rules: Rules = DEFAULT_RULES,
    rotate: bool = True,
    move_time_limit: float | None = None,
    paired: bool = False,
) -> GameRecord:
    """Game ``number`` of the tournament :func:`simulate` plays with these settings.

    The record's metadata holds ``game`` (the number), ``simulation_seed``,
    ``seat0``, ``seat1``, ... (the bot specs), ``seat0_seed``, ... (their
    seeds) and ``seed`` (the seed of the tile draws).

    >>> record = play_game(["random", "greedy"], 2, players=2, seed=7)
    >>> record.metadata["game"], record.metadata["seat0"], record.metadata["seat1"]
    (2, 'greedy', 'random')
    >>> record == play_game(["random", "greedy"], 2, players=2, seed=7)
    True
    """
    return _recorded_game(
        bots,
        number,
        players=players,
        seed=seed,
        rules=rules,
        rotate=rotate,
        move_time_limit=move_time_limit,
        paired=paired,
    ).record


def _recorded_game(
    bots: Sequence[BotSpec],
    number: int,
    *,
    players: int,
    seed: int = 1,
    rules: Rules = DEFAULT_RULES,
    rotate: bool = True,
    move_time_limit: float | None = None,
    paired: bool = False,
) -> Recorder:
    """:func:`play_game`'s game, with every position it went through (its recorder)."""
    seats = lineup(bots, players, number, rotate=rotate)
    draws, bot_seeds = game_seeds(seed, number, players, paired=paired)
    metadata: dict[str, str | int] = {"game": number, "simulation_seed": seed}
    if paired:
        metadata["deal"] = deal_of(number, players)
    for s, (spec, bot_seed) in enumerate(zip(seats, bot_seeds, strict=True)):
        metadata[f"seat{s}"] = spec_name(spec)
        metadata[f"seat{s}_seed"] = bot_seed
    return recorded_match(
        [build_bot(spec, seed=bot_seed) for spec, bot_seed in zip(seats, bot_seeds, strict=True)],
        seed=draws,
        rules=rules,
        metadata=metadata,
        move_time_limit=move_time_limit,
    )


# ============================================================ running
@attrs.frozen(slots=True)
class _Plan:
    """Everything a worker needs to play and count games: settings and specs, no bots."""

    bots: tuple[BotSpec, ...]
    players: int
    seed: int
    rules: Rules
    rotate: bool
    keep_records: bool
    on_bot_error: str = "stop"
    move_time_limit: float | None = None
    paired: bool = False


@attrs.frozen(slots=True)
class _Played:
    """What a worker sends back for one game: its counts and its record's JSON if kept,
    or why a bot failed in it (``on_bot_error="skip"``)."""

    stats: GameStats | None
    record: str | None
    failure: str | None = None


def _play_and_count(plan: _Plan, number: int) -> _Played:
    try:
        recorder = _recorded_game(
            plan.bots,
            number,
            players=plan.players,
            seed=plan.seed,
            rules=plan.rules,
            rotate=plan.rotate,
            move_time_limit=plan.move_time_limit,
            paired=plan.paired,
        )
    except BotFailedError as exc:
        if plan.on_bot_error == "stop":
            raise BotFailedError(f"game {number}: {exc}", exc.seat, exc.move, exc.record) from None
        return _Played(None, None, f"game {number}: {exc}")
    record = recorder.record
    text = record.to_json(indent=2) + "\n" if plan.keep_records else None
    return _Played(counted_stats(recorder), text)


def _play_run(plan: _Plan, first: int, count: int) -> tuple[_Played, ...]:
    """Games ``first`` to ``first + count - 1``: one work unit for an executor."""
    return tuple(_play_and_count(plan, number) for number in range(first, first + count))


def _worker_version() -> str:
    from .. import __version__  # the package's root, imported late as presentation helpers do

    return __version__


def _ignore_interrupts() -> None:
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # the parent process handles Ctrl-C


def _cores() -> int:
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:  # pragma: no cover - not on Linux
        return os.cpu_count() or 1


def _check(
    bots: object,
    games: object,
    players: object,
    jobs: object,
    rules: object,
    settings: Mapping[str, object],
) -> tuple[BotSpec, ...]:
    specs = _check_specs(bots)
    if type(games) is not int or not 1 <= games <= MAX_GAMES:
        raise SettingsError(
            f"the number of games must be from 1 to {MAX_GAMES}, not {shown(games)}"
        )
    if type(jobs) is not int or not 0 <= jobs <= MAX_JOBS:
        raise SettingsError(f"jobs must be 0 (all cores) to {MAX_JOBS}, not {shown(jobs)}")
    if not isinstance(rules, Rules):
        raise SettingsError(f"rules must be a Rules, not {type(rules).__name__}")
    if type(players) is not int:  # new_game below tells a count out of range
        raise SettingsError(f"players must be a whole number from 2 to 6, not {shown(players)}")
    _check_seed(settings["seed"])
    _check_flag("rotate", settings["rotate"])
    progress = settings["progress"]
    if progress is not None and not callable(progress):
        raise SettingsError(f"progress must be None or a function, not {shown(progress)}")
    folder = settings["records_dir"]
    if folder is not None and not isinstance(folder, (str, os.PathLike)):
        raise SettingsError(f"records_dir must be None or a folder path, not {shown(folder)}")
    new_game(players, rules)  # SettingsError for an unplayable variant
    for spec in specs:
        if not is_bot_object(spec):
            build_bot(spec, seed=0)  # SettingsError for an unknown bot or option
    return specs


def _check_executor(executor: object, jobs: int) -> Executor | None:
    """The executor to play on, once it has shown that its workers run this package."""
    if executor is None:
        return None
    pool = check_executor("executor", executor)
    if jobs != 1:
        raise SettingsError(
            f"give jobs (worker processes of our own) or executor, not both: jobs={jobs}"
        )
    try:
        theirs = submit_to("executor", pool, _worker_version).result()
    except SettingsError:
        raise
    except Exception as exc:  # whatever the engine raises for a worker that cannot run us
        raise SettingsError(
            f"executor: its workers cannot run tongiaki_rules ({type(exc).__name__}: {exc})"
        ) from None
    from .. import __version__

    if theirs != __version__:
        raise SettingsError(
            f"executor: its workers run tongiaki_rules {theirs}, this process {__version__}"
        )
    return pool


def _on_executor(pool: Executor, plan: _Plan, games: int) -> Played:
    """The games played on ``pool`` in runs of a few, yielded in game order.

    At most :data:`IN_FLIGHT` runs are submitted at a time, so a long
    tournament does not hold millions of futures; the runs still waiting
    are cancelled if a game fails or the caller stops early.
    """
    size = max(1, min(8, games // 64))
    runs = ((first, min(size, games - first + 1)) for first in range(1, games + 1, size))
    waiting: deque[Future[tuple[_Played, ...]]] = deque()
    try:
        for first, count in runs:
            waiting.append(submit_to("executor", pool, _play_run, plan, first, count))
            if len(waiting) >= IN_FLIGHT:
                yield from waiting.popleft().result()
        while waiting:
            yield from waiting.popleft().result()
    finally:
        for future in waiting:
            future.cancel()


def _in_processes(plan: _Plan, games: int, workers: int) -> Played:
    """The games shared among ``workers`` processes of our own, in game order."""
    chunk = max(1, min(8, games // (workers * 8)))
    work = partial(_play_and_count, plan)
    with multiprocessing.get_context().Pool(workers, _ignore_interrupts) as pool:
        yield from pool.imap(work, range(1, games + 1), chunksize=chunk)


BOT_ERRORS: Final = ("stop", "skip")
"""What :func:`simulate` does when a bot fails (``on_bot_error``)."""

T = TypeVar("T")


def simulate(
    bots: Sequence[BotSpec],
    *,
    games: int,
    players: int,
    seed: int = 1,
    rules: Rules = DEFAULT_RULES,
    jobs: int = 1,
    rotate: bool = True,
    progress: Progress | None = None,
    records_dir: str | os.PathLike[str] | None = None,
    executor: Executor | None = None,
    on_bot_error: str = "stop",
    move_time_limit: float | None = None,
    paired: bool = False,
) -> Summary:
    """Play ``games`` games between ``bots`` and sum up what happened.

    Game ``n`` (from 1) is :func:`play_game` of ``n``: seats filled by
    :func:`lineup`, seeds from :func:`game_seeds`. With ``jobs`` greater
    than 1 (``0``: one per core) the games are shared among that many
    worker processes; the results are collected in game order, so the
    summary is the same for any ``jobs``. With an ``executor`` (any
    :class:`concurrent.futures.Executor`, such as dask.distributed's
    ``Client.get_executor()``) they are played there, up to 8 games a unit;
    each worker builds its bots and seeds itself, so the summary is again
    the same. The executor is not shut down. ``progress(done, total)`` is
    called after each game. With ``records_dir`` (created if needed) this
    process saves each record, whole or not at all, as ``game-00001.json``, ...

    ``bots`` are bot specs (:mod:`tongiaki_rules.bots._specs`): text
    (``"greedy"``, ``"mymodule:MyBot"``), factories (each game builds its
    own seeded bots) or bot objects (used as they are; worker processes play
    pickled copies, and a bot that cannot be pickled is refused by name).
    A bot that fails (:class:`~tongiaki_rules.bots.BotFailedError`: it
    raised, chose an illegal action, or was slower than ``move_time_limit``
    seconds) stops the tournament, or with ``on_bot_error="skip"`` its game
    is left out and told in :attr:`Summary.failures`.

    With ``paired`` (and ``rotate``) every rotation of the line-up draws
    the same tiles (a deal, :func:`game_seeds`).

    Unplayable settings (no bot, an unknown bot or option, ``games`` not
    from 1 to :data:`MAX_GAMES`, ``jobs`` not from 0 to :data:`MAX_JOBS`, a
    bad player count, a ``seed`` that is not a whole number, an
    ``executor`` that is not one, is shut down, or whose workers cannot run
    this package, an ``executor`` with ``jobs`` other than 1, anything of
    the wrong type) raise :class:`~tongiaki_rules.errors.SettingsError` before
    any game is played; a directory that cannot be written raises
    :class:`OSError`.

    >>> simulate(["random", "dummy"], games=1, players=2)
    Traceback (most recent call last):
    ...
    tongiaki_rules.errors.SettingsError: unknown bot 'dummy'; choose from random, greedy, \
learned, mcts, or name your own as module:attribute
    """
    settings = {"seed": seed, "rotate": rotate, "progress": progress, "records_dir": records_dir}
    specs = _check(bots, games, players, jobs, rules, settings)
    if on_bot_error not in BOT_ERRORS:
        raise SettingsError(f"on_bot_error must be 'stop' or 'skip', not {shown(on_bot_error)}")
    if move_time_limit is not None and (
        type(move_time_limit) not in (int, float) or not 0 < move_time_limit < float("inf")
    ):
        raise SettingsError(
            f"move_time_limit must be None or seconds above 0, not {shown(move_time_limit)}"
        )
    _check_flag("paired", paired)
    if paired and not rotate:
        raise SettingsError("paired deals are played in every rotation: leave rotate on")
    pool = _check_executor(executor, jobs)
    folder: Path | None = None
    if records_dir is not None:
        folder = Path(records_dir)
        folder.mkdir(parents=True, exist_ok=True)
    plan = _Plan(
        specs,
        players,
        seed,
        rules,
        rotate,
        folder is not None,
        on_bot_error,
        move_time_limit,
        paired,
    )
    workers = min(jobs or _cores(), games)
    if pool is not None or workers > 1:
        _check_picklable(specs, "worker processes" if pool is None else "the executor")
    if pool is not None:
        played = _on_executor(pool, plan, games)
    elif workers > 1:
        played = _in_processes(plan, games, workers)
    else:
        played = (_play_and_count(plan, number) for number in range(1, games + 1))
    results: list[GameStats] = []
    failures: list[str] = []
    try:
        for number, game in enumerate(played, start=1):
            if folder is not None and game.record is not None:
                write_text_atomic(folder / f"game-{number:05d}.json", game.record)
            if game.stats is None:
                failures.append(game.failure or f"game {number}: a bot failed")
            else:
                results.append(game.stats)
            if progress is not None:
                progress(number, games)
    finally:
        played.close()  # at once, even on Ctrl-C: our pool ends, waiting work is cancelled
    names = tuple(spec_name(spec) for spec in specs)
    return Summary(names, players, seed, rules, rotate, tuple(results), tuple(failures), paired)


# ============================================================ the sequential test
@attrs.frozen(slots=True)
class SprtResult:
    """How a :func:`sprt_match` ended: the candidate's score per deal and the verdict.

    >>> result = SprtResult("greedy", "random", Sprt(), (1.0, 0.5), "continue")
    >>> result.games, result.score
    (4, 0.75)
    """

    candidate: str
    baseline: str
    test: Sprt
    scores: tuple[float, ...]
    """The candidate's score in each deal: its share of the deal's two wins, 0 to 1."""
    verdict: str
    """One of :data:`VERDICTS`; ``"continue"`` when ``max_games`` ran out first."""

    @property
    def games(self) -> int:
        """Games played: two per deal."""
        return 2 * len(self.scores)

    @property
    def score(self) -> float:
        """The candidate's mean score, 0 to 1 (0.5: as strong as the baseline)."""
        return sum(self.scores) / len(self.scores) if self.scores else 0.0

    @property
    def llr(self) -> float:
        """The log-likelihood ratio of H1 to H0 at the end."""
        return self.test.llr(self.scores)

    def interval(self, confidence: float = 0.95) -> tuple[float, float]:
        """The Wilson interval of :attr:`score`, the games taken as trials."""
        return wilson_interval(self.score * self.games, self.games, confidence)

    def to_dict(self) -> dict[str, object]:
        """The result as JSON-ready data."""
        low, high = self.interval()
        return {
            "candidate": self.candidate,
            "baseline": self.baseline,
            "elo0": self.test.elo0,
            "elo1": self.test.elo1,
            "alpha": self.test.alpha,
            "beta": self.test.beta,
            "games": self.games,
            "score": round(self.score, 6),
            "interval": [round(low, 6), round(high, 6)],
            "llr": round(self.llr, 6),
            "bounds": [round(b, 6) for b in self.test.bounds()],
            "verdict": self.verdict,
        }

    def to_text(self) -> str:
        """Two lines: the score with its interval, and the verdict.

        >>> print(SprtResult("greedy", "random", Sprt(), (1.0,) * 10, "H1").to_text())
        SPRT greedy vs random (elo0 0, elo1 50, alpha 0.05, beta 0.05): 20 games, \
score 100.0% (95% interval 83.9-100.0%)
        LLR 331.8 (bounds -2.94, 2.94): H1 accepted, greedy is at least 50 Elo stronger
        """
        low, high = self.interval()
        t = self.test
        head = (
            f"SPRT {self.candidate} vs {self.baseline} (elo0 {t.elo0:g}, elo1 {t.elo1:g}, "
            f"alpha {t.alpha:g}, beta {t.beta:g}): {self.games} games, score "
            f"{100 * self.score:.1f}% (95% interval {100 * low:.1f}-{100 * high:.1f}%)"
        )
        below, above = t.bounds()
        if self.verdict == "H1":
            said = f"H1 accepted, {self.candidate} is at least {t.elo1:g} Elo stronger"
        elif self.verdict == "H0":
            said = f"H0 accepted, {self.candidate} is not {t.elo1:g} Elo stronger"
        else:
            said = "no verdict yet: the games ran out first"
        return f"{head}\nLLR {self.llr:.1f} (bounds {below:.2f}, {above:.2f}): {said}"


def sprt_match(
    candidate: BotSpec,
    baseline: BotSpec,
    *,
    test: Sprt | None = None,
    max_games: int = 2000,
    seed: int = 1,
    rules: Rules = DEFAULT_RULES,
    jobs: int = 1,
    progress: Progress | None = None,
) -> SprtResult:
    """Two-player paired deals between ``candidate`` and ``baseline`` until ``test`` decides.

    Games are those of ``simulate([candidate, baseline], players=2,
    paired=True)``: deal ``d`` is games ``2d - 1`` and ``2d``, the same tiles
    with the seats swapped. After each deal the candidate's score in it
    (its wins over the two games, halved) is added and :meth:`Sprt.verdict`
    asked; the match stops at ``"H1"`` or ``"H0"``, or after ``max_games``
    (rounded down to whole deals). With ``jobs`` the games are played ahead
    in that many processes and the unneeded ones dropped, so the result is
    the same for any ``jobs``. ``progress(done, max_games)`` follows the games.

    >>> result = sprt_match("random", "random", max_games=5)
    >>> result.verdict, result.games, len(result.scores)
    ('continue', 4, 2)

    (At least 10 deals before a verdict, :attr:`Sprt.min_samples`: 5 games
    are 2 whole deals. ``tongiaki simulate --sprt 0,50 --bots greedy,random``
    accepts H1 after 30 games.)
    """
    test = Sprt() if test is None else test
    if not isinstance(test, Sprt):
        raise SettingsError(f"test must be an Sprt, not {shown(test)}")
    specs = _check(
        (candidate, baseline), max_games, 2, jobs, rules, _SPRT_SETTINGS | {"seed": seed}
    )
    if max_games < 2:
        raise SettingsError(f"max_games must be at least 2 (one deal), not {max_games}")
    games = max_games - max_games % 2
    plan = _Plan(specs, 2, seed, rules, True, False, "stop", None, True)
    workers = min(jobs or _cores(), games)
    if workers > 1:
        _check_picklable(specs, "worker processes")
        played = _in_processes(plan, games, workers)
    else:
        played = (_play_and_count(plan, number) for number in range(1, games + 1))
    scores: list[float] = []
    verdict = "continue"
    pending = 0.0
    try:
        for number, game in enumerate(played, start=1):
            assert game.stats is not None  # on_bot_error="stop" raises instead
            seat = lineup(("candidate", "baseline"), 2, number).index("candidate")
            winners = game.stats.winners
            pending += 1 / len(winners) if seat in winners else 0.0
            if progress is not None:
                progress(number, games)
            if number % 2 == 0:
                scores.append(pending / 2)
                pending = 0.0
                verdict = test.verdict(scores)
                if verdict != "continue":
                    break
    finally:
        played.close()
    return SprtResult(spec_name(specs[0]), spec_name(specs[1]), test, tuple(scores), verdict)


_SPRT_SETTINGS: Final[dict[str, object]] = {
    "rotate": True,
    "progress": None,
    "records_dir": None,
}
