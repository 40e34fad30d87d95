"""What happened in a tournament's games: each game's stats, summed up per seat and per bot.

:class:`GameStats` counts one finished game (its end, END-1; royal islands;
New Colonisations; closed routes, CLOSED-1); a :class:`Summary` sums them up
and gives them as JSON-ready data (its text tables are :mod:`.tables`').
"""

from __future__ import annotations

import statistics
from collections.abc import Sequence
from fractions import Fraction
from typing import Any

import attrs

from .._state import DecisionKind, new_game
from ..actions import Draw, Recolonize
from ..colours import Colour
from ..errors import RecordError
from ..events import EndTriggered, IslandRemoved, RoyalIslandFounded
from ..record import GameRecord, Recorder
from ..rules import Rules
from ._intervals import wilson_interval
from ._tables import _json_value, _render_text

SUMMARY_SCHEMA = "tongiaki-simulation"
SUMMARY_VERSION = 1

ENDINGS: tuple[str, ...] = ("island", "ocean", "other")
"""How a game ended: the last ``"island"`` tile or the last ``"ocean"`` tile
triggered the end (END-1; with the ``sixteen_on_table`` reading, the type
whose tiles were all on the table), or ``"other"``: the game stopped
without that trigger (the engine's safety net when a player has no move)."""

_EVENT_NAMES = ("royal_islands", "recolonizations", "closed_routes")


@attrs.frozen(slots=True)
class GameStats:
    """What happened in one finished game (see :func:`game_stats`).

    >>> from tongiaki_rules.simulation import play_game
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


def counted_stats(recorder: Recorder) -> GameStats:
    """:func:`game_stats` of a game just played, counted from its positions without a replay.

    The royal islands and closed routes are the finished game's own counts
    (each player's royal islands founded; the islands removed), the decisions
    and draws are counted from the actions, and only the step that ended the
    game is played again, with its events, to tell which tile ended it. A
    tournament keeps every position of a game anyway
    (:class:`~tongiaki_rules.Recorder`), so this costs one step a game where
    a replay cost every step again. The same numbers as :func:`game_stats`
    (``tests/simulation/test_counted_stats.py``).

    >>> from tongiaki_rules import Recorder
    >>> import random
    >>> recorder, rng = Recorder(2), random.Random(3)
    >>> while not recorder.state.is_terminal:
    ...     if recorder.state.is_chance_node:
    ...         _ = recorder.resolve_chance(rng)
    ...     else:
    ...         _ = recorder.apply(rng.choice(recorder.state.legal_actions()))
    >>> counted_stats(recorder) == game_stats(recorder.record)
    True
    """
    states = recorder.states
    actions = recorder.actions
    last = states[-1]
    if not last.is_terminal:
        raise RecordError("the game is not over", "actions")
    turns = moves = draws = recolonized = 0
    ending = "other"
    for k, action in enumerate(actions):
        before = states[k]
        if isinstance(action, Draw):
            draws += 1
        else:
            moves += 1
            if before.pending.kind is DecisionKind.TURN:
                turns += 1
            if isinstance(action, Recolonize):
                recolonized += 1
        if not before.end_triggered and states[k + 1].end_triggered:
            # the step in which the game ended: its events say whether a tile triggered it
            for event in before.apply_with_events(action)[1]:
                if isinstance(event, EndTriggered):
                    ending = "island" if last.config.tiles.tile(event.tile).is_island else "ocean"
    outcome = last.outcome()
    assert outcome is not None  # the game is over
    metadata = recorder.metadata
    return GameStats(
        seats=tuple(str(metadata.get(f"seat{s}", "?")) for s in range(last.num_players)),
        scores=outcome.scores,
        winners=outcome.winners,
        turns=turns,
        actions=moves,
        draws=draws,
        ending=ending,
        royal_islands=sum(map(last.royal_islands_founded, last.colours))
        - sum(map(states[0].royal_islands_founded, last.colours)),
        recolonizations=recolonized,
        closed_routes=len(last.removed_tiles) - len(states[0].removed_tiles),
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
    interval: tuple[float, float] = (0.0, 1.0)
    """The 95 % Wilson interval of ``win_rate`` (:func:`wilson_interval`)."""


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
    interval: tuple[float, float] = (0.0, 1.0)
    """The 95 % Wilson interval of ``win_rate``, the seat-games taken as trials."""


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

    >>> from tongiaki_rules.simulation import simulate
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
    failures: tuple[str, ...] = ()
    """Games a bot failed in, left out of ``results`` (``simulate(on_bot_error="skip")``):
    each says the game, the seat, the bot and the move."""
    paired: bool = False
    """Each deal (the tile draws) was played once per rotation of the seats
    (``simulate(paired=True)``)."""

    @property
    def games(self) -> int:
        """Number of games played to the end (the failed ones are in :attr:`failures`)."""
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
                    interval=wilson_interval(float(won), self.games),
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
                    interval=wilson_interval(float(won), seats),
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

        >>> from tongiaki_rules.simulation import simulate
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
                "paired": self.paired,
                "rules": {name: _json_value(v) for name, v in self.rules.changed().items()},
            },
            "seats": [
                {
                    "seat": r.seat,
                    "colours": list(r.colours),
                    "games": r.games,
                    "wins": _round(r.wins),
                    "win_rate": _round(r.win_rate),
                    "interval": [_round(r.interval[0]), _round(r.interval[1])],
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
                    "interval": [_round(r.interval[0]), _round(r.interval[1])],
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

        >>> from tongiaki_rules.simulation import simulate
        >>> print(simulate(["random"], games=2, players=2).to_text().splitlines()[0])
        2 games, 2 players, bots: random (rotated through the seats), seed 1
        """
        return _render_text(self)
