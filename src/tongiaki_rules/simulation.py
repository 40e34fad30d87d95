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

>>> summary = simulate(["random"], games=3, players=2, seed=5)
>>> summary.games, len(summary.results)
(3, 3)
>>> summary == simulate(["random"], games=3, players=2, seed=5, jobs=2)
True
"""

from __future__ import annotations

import hashlib
import multiprocessing
import os
import signal
import statistics
from collections.abc import Callable, Mapping, Sequence
from fractions import Fraction
from functools import partial
from pathlib import Path
from typing import Any

import attrs

from .actions import Draw, Recolonize
from .atomic import write_text_atomic
from .bots import make_bot, play_match
from .bots.checks import MAX_SEED, shown
from .colours import Colour
from .errors import RecordError, SettingsError
from .events import EndTriggered, IslandRemoved, RoyalIslandFounded
from .record import GameRecord
from .rules import Rules
from .state import DEFAULT_RULES, DecisionKind, new_game

__all__ = [
    "ENDINGS",
    "MAX_GAMES",
    "MAX_JOBS",
    "BotResult",
    "EventRate",
    "GameStats",
    "SeatResult",
    "Spread",
    "Summary",
    "game_seeds",
    "game_stats",
    "lineup",
    "play_game",
    "simulate",
]

SUMMARY_SCHEMA = "tongiaki-simulation"
SUMMARY_VERSION = 1

ENDINGS: tuple[str, ...] = ("island", "ocean", "other")
"""How a game ended: the last ``"island"`` tile or the last ``"ocean"`` tile
triggered the end (END-1; with the ``sixteen_on_table`` reading, the type
whose tiles were all on the table), or ``"other"``: the game stopped
without that trigger (the engine's safety net when a player has no move)."""

_EVENT_NAMES = ("royal_islands", "recolonizations", "closed_routes")

MAX_GAMES = 10_000_000
"""The most games :func:`simulate` plays in one tournament."""

MAX_JOBS = 256
"""The most worker processes :func:`simulate` starts."""

Progress = Callable[[int, int], None]
"""Called as ``progress(done, total)`` after each game, in game order."""


# ============================================================ one game
def lineup(
    bots: Sequence[str], players: int, number: int = 1, *, rotate: bool = True
) -> tuple[str, ...]:
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


def _check_specs(bots: object) -> tuple[str, ...]:
    if isinstance(bots, (str, bytes)) or not isinstance(bots, Sequence):
        raise SettingsError(
            f"bots must be a list of bot specs such as ['random', 'greedy'], not {shown(bots)}"
        )
    if not bots:
        raise SettingsError("name at least one bot")
    for k, spec in enumerate(bots):
        if not isinstance(spec, str):
            raise SettingsError(f"bots[{k}] must be a bot spec (text), not {shown(spec)}")
    return tuple(spec.strip() for spec in bots)


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


def game_seeds(seed: int, number: int, players: int) -> tuple[int, tuple[int, ...]]:
    """The seed of game ``number``'s tile draws, and the seed of each seat's bot.

    Each is the first 6 bytes (big-endian) of the SHA-256 of
    ``"tongiaki-simulate/{seed}/{number}/{role}"``, the role being ``draws``
    or ``seat0``, ``seat1``, ...: it depends on nothing else, so neither on
    the other games nor on the process that plays the game. Being below
    2**48, the seeds stay exact in JSON read by any language.

    >>> draws, bots = game_seeds(1, 1, 2)
    >>> len(bots), draws == game_seeds(1, 1, 4)[0], draws != game_seeds(1, 2, 2)[0]
    (2, True, True)
    """
    _check_seed(seed)
    _check_whole("number", number, 1, MAX_GAMES)
    _check_whole("players", players, 2, 6)
    draws = _derived_seed(seed, number, "draws")
    return draws, tuple(_derived_seed(seed, number, f"seat{s}") for s in range(players))


def play_game(
    bots: Sequence[str],
    number: int,
    *,
    players: int,
    seed: int = 1,
    rules: Rules = DEFAULT_RULES,
    rotate: bool = True,
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
    seats = lineup(bots, players, number, rotate=rotate)
    draws, bot_seeds = game_seeds(seed, number, players)
    metadata: dict[str, str | int] = {"game": number, "simulation_seed": seed}
    for s, (spec, bot_seed) in enumerate(zip(seats, bot_seeds, strict=True)):
        metadata[f"seat{s}"] = spec
        metadata[f"seat{s}_seed"] = bot_seed
    return play_match(
        [make_bot(spec, seed=bot_seed) for spec, bot_seed in zip(seats, bot_seeds, strict=True)],
        seed=draws,
        rules=rules,
        metadata=metadata,
    )


@attrs.frozen(slots=True)
class GameStats:
    """What happened in one finished game (see :func:`game_stats`).

    >>> stats = game_stats(play_game(["random"], 1, players=2))
    >>> stats.seats, len(stats.scores), stats.ending in ENDINGS
    (('random', 'random'), 2, True)
    """

    seats: tuple[str, ...]
    """The bot of each seat, from the record's ``seat0``, ``seat1``, ... metadata
    (``"?"`` where it is missing)."""
    scores: tuple[int, ...]
    """Final score of each seat."""
    winners: tuple[int, ...]
    """The winning seats (more than one when the victory is shared)."""
    turns: int
    """Turn decisions (expand, found a royal island, New Colonisation, ...)."""
    actions: int
    """Decisions of every kind, setup included; tile draws are not decisions."""
    draws: int
    """Tiles drawn from the pile."""
    ending: str
    """One of :data:`ENDINGS`."""
    royal_islands: int
    """Royal islands founded."""
    recolonizations: int
    """New Colonisations (``Recolonize`` turn actions)."""
    closed_routes: int
    """Islands removed because every route from them led back (CLOSED-1)."""


def game_stats(record: GameRecord) -> GameStats:
    """Replay a finished game's record and count what happened in it.

    Raises :class:`~tongiaki_rules.errors.IllegalActionError` for an illegal
    action and :class:`~tongiaki_rules.errors.RecordError` if the game is
    not over.

    >>> from tongiaki_rules import GameRecord, SetupPlace
    >>> game_stats(GameRecord(2, actions=[SetupPlace(0)]))
    Traceback (most recent call last):
    ...
    tongiaki_rules.errors.RecordError: actions: the game is not over
    """
    state = record.initial_state()
    turns = actions = draws = royal = recolonized = closed = 0
    ending = "other"
    for action in record.actions:
        if isinstance(action, Draw):
            draws += 1
        else:
            actions += 1
            if state.pending.kind is DecisionKind.TURN:
                turns += 1
            if isinstance(action, Recolonize):
                recolonized += 1
        state, events = state.apply_with_events(action)
        for event in events:
            if isinstance(event, RoyalIslandFounded):
                royal += 1
            elif isinstance(event, IslandRemoved):
                closed += 1
            elif isinstance(event, EndTriggered):
                ending = "island" if record.tiles.tile(event.tile).is_island else "ocean"
    if not state.is_terminal:
        raise RecordError("the game is not over", "actions")
    outcome = state.outcome()
    assert outcome is not None  # the game is over
    seats = tuple(str(record.metadata.get(f"seat{s}", "?")) for s in range(state.num_players))
    return GameStats(
        seats=seats,
        scores=outcome.scores,
        winners=outcome.winners,
        turns=turns,
        actions=actions,
        draws=draws,
        ending=ending,
        royal_islands=royal,
        recolonizations=recolonized,
        closed_routes=closed,
    )


# ============================================================ aggregates
def _mean(values: Sequence[int | Fraction]) -> float:
    return float(sum(values, Fraction(0)) / len(values)) if values else 0.0


def _win_shares(stats: GameStats) -> dict[int, Fraction]:
    """Each winning seat's share of the game's one win."""
    return {seat: Fraction(1, len(stats.winners)) for seat in stats.winners}


@attrs.frozen(slots=True)
class SeatResult:
    """How one seat fared over a tournament."""

    seat: int
    colours: tuple[str, ...]
    """The colour names the seat plays (two in the two-colour variant)."""
    games: int
    wins: float
    """Games won, a shared victory counting ``1/k`` for each of ``k`` winners."""
    win_rate: float
    """``wins / games``."""
    mean_score: float


@attrs.frozen(slots=True)
class BotResult:
    """How one bot spec fared over a tournament.

    A bot in two seats of a game plays that game twice over: ``seats``
    counts seat-games, and ``win_rate`` and ``mean_score`` are per
    seat-game, so that equally strong bots all have a win rate of
    ``1 / players``.
    """

    bot: str
    seats: int
    """Seat-games played."""
    games: int
    """Games the bot took part in (in one seat or more)."""
    wins: float
    """Games won, a shared victory counting ``1/k`` for each of ``k`` winners."""
    win_rate: float
    """``wins / seats``."""
    mean_score: float


@attrs.frozen(slots=True)
class Spread:
    """Mean, median, least and greatest of a count over the games.

    >>> Spread.of([3, 1, 2, 10])
    Spread(mean=4.0, median=2.5, minimum=1, maximum=10)
    """

    mean: float
    median: float
    minimum: int
    maximum: int

    @classmethod
    def of(cls, values: Sequence[int]) -> Spread:
        """The spread of ``values`` (all zero when there are none)."""
        if not values:
            return cls(0.0, 0.0, 0, 0)
        return cls(_mean(values), float(statistics.median(values)), min(values), max(values))


@attrs.frozen(slots=True)
class EventRate:
    """How often something happened: in all, per game, and in how many games.

    >>> EventRate.of([0, 2, 1, 0])
    EventRate(total=3, mean=0.75, share=0.5)
    """

    total: int
    mean: float
    """Per game."""
    share: float
    """Fraction of the games where it happened at least once."""

    @classmethod
    def of(cls, counts: Sequence[int]) -> EventRate:
        """The rate of one count per game."""
        if not counts:
            return cls(0, 0.0, 0.0)
        return cls(sum(counts), _mean(counts), sum(1 for c in counts if c) / len(counts))


def _seat_colours(players: int, rules: Rules) -> list[tuple[str, ...]]:
    state = new_game(players, rules)
    found: list[list[str]] = [[] for _ in range(players)]
    for colour in state.colours:
        found[state.seat_of(colour)].append(Colour(colour).name.lower())
    return [tuple(names) for names in found]


def _round(value: float) -> float:
    return round(value, 6)


@attrs.frozen(slots=True)
class Summary:
    """A tournament: its settings and the :class:`GameStats` of each game, in order.

    The aggregates (:meth:`seat_results`, :meth:`bot_results`,
    :meth:`length`, :meth:`endings`, :meth:`event_rates`) are computed from
    ``results``; :meth:`to_dict` gives them as JSON-ready data and
    :meth:`to_text` as tables.

    >>> summary = simulate(["random", "greedy"], games=4, players=2, seed=3)
    >>> [(b.bot, b.seats) for b in summary.bot_results()]
    [('random', 4), ('greedy', 4)]
    >>> sum(s.wins for s in summary.seat_results())
    4.0
    """

    bots: tuple[str, ...]
    """The bot specs as given (before they are repeated to fill the seats)."""
    players: int
    seed: int
    rules: Rules
    rotate: bool
    results: tuple[GameStats, ...]

    @property
    def games(self) -> int:
        """Number of games."""
        return len(self.results)

    def seat_results(self) -> tuple[SeatResult, ...]:
        """Wins and scores by seat, seat 0 first."""
        colours = _seat_colours(self.players, self.rules)
        found = []
        for seat in range(self.players):
            wins = [_win_shares(g).get(seat, Fraction(0)) for g in self.results]
            won = sum(wins, Fraction(0))
            found.append(
                SeatResult(
                    seat=seat,
                    colours=colours[seat],
                    games=self.games,
                    wins=float(won),
                    win_rate=float(won / self.games) if self.games else 0.0,
                    mean_score=_mean([g.scores[seat] for g in self.results]),
                )
            )
        return tuple(found)

    def bot_results(self) -> tuple[BotResult, ...]:
        """Wins and scores by bot spec, in the order the specs were given."""
        names = list(dict.fromkeys(self.bots))
        for stats in self.results:  # records with other bots (from outside simulate)
            names.extend(spec for spec in dict.fromkeys(stats.seats) if spec not in names)
        found = []
        for name in names:
            seats = games = 0
            won = Fraction(0)
            scores: list[int] = []
            for stats in self.results:
                mine = [s for s, spec in enumerate(stats.seats) if spec == name]
                if not mine:
                    continue
                games += 1
                seats += len(mine)
                shares = _win_shares(stats)
                won += sum((shares.get(s, Fraction(0)) for s in mine), Fraction(0))
                scores.extend(stats.scores[s] for s in mine)
            found.append(
                BotResult(
                    bot=name,
                    seats=seats,
                    games=games,
                    wins=float(won),
                    win_rate=float(won / seats) if seats else 0.0,
                    mean_score=_mean(scores),
                )
            )
        return tuple(found)

    def length(self) -> dict[str, Spread]:
        """Spreads of ``"turns"``, ``"actions"`` and ``"draws"`` per game."""
        return {
            "turns": Spread.of([g.turns for g in self.results]),
            "actions": Spread.of([g.actions for g in self.results]),
            "draws": Spread.of([g.draws for g in self.results]),
        }

    def endings(self) -> dict[str, int]:
        """How many games ended each way, for every name of :data:`ENDINGS`."""
        return {name: sum(1 for g in self.results if g.ending == name) for name in ENDINGS}

    def event_rates(self) -> dict[str, EventRate]:
        """``"royal_islands"``, ``"recolonizations"`` and ``"closed_routes"``."""
        return {
            "royal_islands": EventRate.of([g.royal_islands for g in self.results]),
            "recolonizations": EventRate.of([g.recolonizations for g in self.results]),
            "closed_routes": EventRate.of([g.closed_routes for g in self.results]),
        }

    def to_dict(self) -> dict[str, Any]:
        """The summary as JSON-ready data (schema ``"tongiaki-simulation"``, version 1).

        Rates and means are rounded to 6 decimals. The layout is described
        in the how-to guide *Run a tournament between bots*.

        >>> doc = simulate(["random"], games=2, players=2).to_dict()
        >>> list(doc)
        ['schema', 'version', 'settings', 'seats', 'bots', 'length', 'endings', 'events']
        """
        return {
            "schema": SUMMARY_SCHEMA,
            "version": SUMMARY_VERSION,
            "settings": {
                "games": self.games,
                "players": self.players,
                "bots": list(self.bots),
                "seed": self.seed,
                "rotate": self.rotate,
                "rules": {name: _json_value(v) for name, v in self.rules.changed().items()},
            },
            "seats": [
                {
                    "seat": r.seat,
                    "colours": list(r.colours),
                    "games": r.games,
                    "wins": _round(r.wins),
                    "win_rate": _round(r.win_rate),
                    "mean_score": _round(r.mean_score),
                }
                for r in self.seat_results()
            ],
            "bots": [
                {
                    "bot": r.bot,
                    "seats": r.seats,
                    "games": r.games,
                    "wins": _round(r.wins),
                    "win_rate": _round(r.win_rate),
                    "mean_score": _round(r.mean_score),
                }
                for r in self.bot_results()
            ],
            "length": {
                name: {
                    "mean": _round(s.mean),
                    "median": _round(s.median),
                    "min": s.minimum,
                    "max": s.maximum,
                }
                for name, s in self.length().items()
            },
            "endings": self.endings(),
            "events": {
                name: {"total": e.total, "mean": _round(e.mean), "share": _round(e.share)}
                for name, e in self.event_rates().items()
            },
        }

    def to_text(self) -> str:
        """The summary as plain-text tables (see the how-to guide for a reading).

        >>> print(simulate(["random"], games=2, players=2).to_text().splitlines()[0])
        2 games, 2 players, bots: random (rotated through the seats), seed 1
        """
        return _render_text(self)


def _json_value(value: object) -> object:
    return value if isinstance(value, bool | int | float) else str(value)


# ============================================================ text tables
def _table(header: Sequence[str], rows: Sequence[Sequence[str]]) -> list[str]:
    """Columns padded to their widest cell; the first left-aligned, the others right."""
    widths = [max(len(row[k]) for row in [header, *rows]) for k in range(len(header))]
    lines = []
    for row in [header, *rows]:
        cells = [row[0].ljust(widths[0])] + [
            c.rjust(w) for c, w in zip(row[1:], widths[1:], strict=True)
        ]
        lines.append("  ".join(cells).rstrip())
    return lines


def _number(value: float) -> str:
    """At most two decimals, without trailing zeros: ``12``, ``50.5``, ``33.33``."""
    return f"{value:.2f}".rstrip("0").rstrip(".")


def _percent(value: float) -> str:
    return f"{100 * value:.1f}%"


def _render_text(summary: Summary) -> str:
    rotation = "rotated through the seats" if summary.rotate else "fixed seats"
    changed = summary.rules.changed()
    head = (
        f"{summary.games} games, {summary.players} players, bots: {', '.join(summary.bots)} "
        f"({rotation}), seed {summary.seed}"
    )
    lines = [head]
    if changed:
        lines.append("rules: " + ", ".join(f"{k}={_json_value(v)}" for k, v in changed.items()))
    lines.append("")
    lines += _table(
        ["Bot", "Seats", "Wins", "Win rate", "Mean score"],
        [
            [r.bot, str(r.seats), _number(r.wins), _percent(r.win_rate), f"{r.mean_score:.2f}"]
            for r in summary.bot_results()
        ],
    )
    lines.append("")
    lines += _table(
        ["Seat", "Wins", "Win rate", "Mean score"],
        [
            [
                f"{r.seat} ({'+'.join(r.colours)})",
                _number(r.wins),
                _percent(r.win_rate),
                f"{r.mean_score:.2f}",
            ]
            for r in summary.seat_results()
        ],
    )
    lines.append("")
    lines += _table(
        ["Per game", "Mean", "Median", "Min", "Max"],
        [
            [name, f"{s.mean:.1f}", _number(s.median), str(s.minimum), str(s.maximum)]
            for name, s in summary.length().items()
        ],
    )
    lines.append("")
    endings = summary.endings()
    total = max(summary.games, 1)
    lines += _table(
        ["Game ended by", "Games", "Share"],
        [
            [_ENDING_LABELS[name], str(count), _percent(count / total)]
            for name, count in endings.items()
        ],
    )
    lines.append("")
    lines += _table(
        ["Event", "Total", "Per game", "Games with one"],
        [
            [_EVENT_LABELS[name], str(e.total), f"{e.mean:.2f}", _percent(e.share)]
            for name, e in summary.event_rates().items()
        ],
    )
    return "\n".join(lines) + "\n"


_ENDING_LABELS = {
    "island": "last island tile",
    "ocean": "last ocean tile",
    "other": "other",
}
_EVENT_LABELS = {
    "royal_islands": "royal islands founded",
    "recolonizations": "New Colonisations",
    "closed_routes": "closed routes",
}


# ============================================================ running
@attrs.frozen(slots=True)
class _Plan:
    """Everything a worker needs to play and count one game."""

    bots: tuple[str, ...]
    players: int
    seed: int
    rules: Rules
    rotate: bool
    records_dir: str | None


def _play_and_count(plan: _Plan, number: int) -> GameStats:
    record = play_game(
        plan.bots,
        number,
        players=plan.players,
        seed=plan.seed,
        rules=plan.rules,
        rotate=plan.rotate,
    )
    if plan.records_dir is not None:
        path = Path(plan.records_dir) / f"game-{number:05d}.json"
        write_text_atomic(path, record.to_json(indent=2) + "\n")
    return game_stats(record)


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
) -> tuple[str, ...]:
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
        make_bot(spec, seed=0)  # SettingsError for an unknown bot or option
    return specs


def simulate(
    bots: Sequence[str],
    *,
    games: int,
    players: int,
    seed: int = 1,
    rules: Rules = DEFAULT_RULES,
    jobs: int = 1,
    rotate: bool = True,
    progress: Progress | None = None,
    records_dir: str | os.PathLike[str] | None = None,
) -> Summary:
    """Play ``games`` games between ``bots`` and sum up what happened.

    Game ``n`` (from 1) is :func:`play_game` of ``n``: seats filled by
    :func:`lineup`, seeds from :func:`game_seeds`. With ``jobs`` greater
    than 1 (``0``: one per core) the games are shared among that many
    worker processes; the results are collected in game order, so the
    summary is the same for any ``jobs``. ``progress(done, total)`` is
    called after each game. With ``records_dir`` (created if needed) each
    record is saved as ``game-00001.json``, ``game-00002.json``, ...

    Each record is written whole or not at all
    (:func:`~tongiaki_rules.atomic.write_text_atomic`): an interrupted run
    leaves no half-written record.

    Unplayable settings (no bot, an unknown bot or option, ``games`` not
    from 1 to :data:`MAX_GAMES`, ``jobs`` not from 0 to :data:`MAX_JOBS`, a
    bad player count, a ``seed`` that is not a whole number, anything of the
    wrong type) raise :class:`~tongiaki_rules.errors.SettingsError` before
    any game is played; a directory that cannot be written raises
    :class:`OSError`.

    >>> simulate(["random", "dummy"], games=1, players=2)
    Traceback (most recent call last):
    ...
    tongiaki_rules.errors.SettingsError: unknown bot 'dummy'; choose from random, greedy, mcts
    """
    settings = {"seed": seed, "rotate": rotate, "progress": progress, "records_dir": records_dir}
    specs = _check(bots, games, players, jobs, rules, settings)
    folder: str | None = None
    if records_dir is not None:
        Path(records_dir).mkdir(parents=True, exist_ok=True)
        folder = os.fspath(records_dir)
    plan = _Plan(specs, players, seed, rules, rotate, folder)
    work = partial(_play_and_count, plan)
    numbers = range(1, games + 1)
    workers = min(jobs or _cores(), games)
    results: list[GameStats] = []

    def collect(stats: GameStats) -> None:
        results.append(stats)
        if progress is not None:
            progress(len(results), games)

    if workers <= 1:
        for number in numbers:
            collect(work(number))
    else:
        chunk = max(1, min(8, games // (workers * 8)))
        with multiprocessing.get_context().Pool(workers, _ignore_interrupts) as pool:
            for stats in pool.imap(work, numbers, chunksize=chunk):
                collect(stats)
    return Summary(specs, players, seed, rules, rotate, tuple(results))
