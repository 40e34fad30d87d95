"""Ratings over a pool of bots from their games: Bradley–Terry (Elo) and Plackett–Luce.

* :func:`bradley_terry` rates the bots of two-player games on the Elo scale
  (a 400-point gap: 10 to 1 odds), fitted by Hunter's MM algorithm (2004) in
  the standard library, with bootstrap intervals (the games resampled).
* :func:`plackett_luce` rates the bots of games of any size, 3 to 6 players
  too, from each game's order of finish, with openskill's Plackett–Luce
  model (Weng and Lin 2011; the ``ratings`` extra, ``pip install
  'tongiaki_rules[ratings]'``): a mean ``mu`` and an uncertainty ``sigma``
  per bot.
"""

from __future__ import annotations

import importlib
import math
import random
from collections.abc import Sequence
from typing import Any

import attrs

from ..errors import SettingsError, shown
from ._intervals import _z
from ._results import GameStats

__all__ = ["Rating", "bradley_terry", "plackett_luce"]


@attrs.frozen(slots=True)
class Rating:
    """One bot's rating with its interval, and the games it is rated on.

    >>> Rating("greedy", 180.0, 150.0, 210.0, 40)
    Rating(bot='greedy', rating=180.0, low=150.0, high=210.0, games=40)
    """

    bot: str
    rating: float
    low: float
    high: float
    games: int
    """Games the bot took part in."""


def _two_player_wins(results: Sequence[GameStats]) -> list[tuple[str, str, float]]:
    """(first bot, second bot, the first's share of the win) per game of two different bots."""
    found = []
    for k, stats in enumerate(results):
        if not isinstance(stats, GameStats):
            raise SettingsError(f"results[{k}] must be a GameStats, not {shown(stats)}")
        if len(stats.seats) != 2:
            raise SettingsError(
                f"results[{k}]: bradley_terry rates two-player games; "
                f"this one has {len(stats.seats)} players (use plackett_luce)"
            )
        a, b = stats.seats
        if a != b:
            found.append((a, b, 1 / len(stats.winners) if 0 in stats.winners else 0.0))
    return found


def _fit(games: Sequence[tuple[str, str, float]], bots: Sequence[str]) -> dict[str, float]:
    """The Bradley–Terry strengths (log10 scale) by MM, with a virtual draw per pairing."""
    index = {bot: k for k, bot in enumerate(bots)}
    n = len(bots)
    wins = [0.0] * n
    played = [[0.0] * n for _ in range(n)]
    for a, b, share in games:
        i, j = index[a], index[b]
        wins[i] += share
        wins[j] += 1 - share
        played[i][j] += 1
        played[j][i] += 1
    for i in range(n):  # one virtual draw per pairing: no bot is infinitely strong or weak
        for j in range(n):
            if i != j and played[i][j]:
                played[i][j] += 1
                wins[i] += 0.5
    strength = [1.0] * n
    for _ in range(2_000):
        new = [
            wins[i] / sum(played[i][j] / (strength[i] + strength[j]) for j in range(n) if j != i)
            for i in range(n)
        ]
        centre = math.exp(sum(math.log(v) for v in new) / n)
        new = [v / centre for v in new]
        done = max(abs(math.log(x / y)) for x, y in zip(new, strength, strict=True)) < 1e-9
        strength = new
        if done:
            break
    return {bot: math.log10(strength[index[bot]]) for bot in bots}


def _connected(games: Sequence[tuple[str, str, float]], bots: Sequence[str]) -> bool:
    links: dict[str, set[str]] = {bot: set() for bot in bots}
    for a, b, _share in games:
        links[a].add(b)
        links[b].add(a)
    seen = {bots[0]}
    todo = [bots[0]]
    while todo:
        for other in links[todo.pop()] - seen:
            seen.add(other)
            todo.append(other)
    return len(seen) == len(bots)


def bradley_terry(
    results: Sequence[GameStats],
    *,
    anchor: str | None = None,
    confidence: float = 0.95,
    resamples: int = 200,
    seed: int = 1,
) -> tuple[Rating, ...]:
    """Elo ratings of the bots of two-player games (:class:`GameStats`), strongest first.

    The Bradley–Terry model says bot ``i`` beats bot ``j`` with chance
    ``p_i / (p_i + p_j)``; the fitted ``400 log10 p`` are Elo ratings,
    ``anchor`` (default: the first bot met) at 0. A shared victory counts a
    half to each; games of a bot against itself say nothing and are left
    out; every pairing gets one virtual draw so that a bot that won (or lost)
    every game still has a finite rating. The interval is the
    ``confidence`` percentile interval of ``resamples`` bootstrap refits
    (the games drawn again with replacement, seeded by ``seed``).

    >>> def game(first, second):  # the first of the two seats won, 9 points to 3
    ...     return GameStats((first, second), (9, 3), (0,), 1, 1, 1, "other", 0, 0, 0)
    >>> games = [game("greedy", "random")] * 3 + [game("random", "greedy")]
    >>> [(r.bot, round(r.rating), r.games) for r in bradley_terry(games, anchor="random")]
    [('greedy', 147, 4), ('random', 0, 4)]

    (3 wins and a half to 1 and a half, the virtual draw counted: 400
    log10(3.5 / 1.5) = 147 Elo.) Any tournaments' games go in, such as
    ``simulate(["greedy", "random"], games=100, players=2, paired=True).results``.
    """
    z = _z(confidence)
    if type(resamples) is not int or not 0 <= resamples <= 100_000:
        raise SettingsError(f"resamples must be an int from 0 to 100000, not {shown(resamples)}")
    games = _two_player_wins(results)
    bots = list(dict.fromkeys(bot for a, b, _s in games for bot in (a, b)))
    if not bots:
        raise SettingsError("no two-player game between two different bots to rate")
    if anchor is None:
        anchor = bots[0]
    if anchor not in bots:
        raise SettingsError(f"anchor {shown(anchor)} is not among the rated bots {bots}")
    if not _connected(games, bots):
        raise SettingsError(
            "the bots fall into groups that never met: ratings across them are "
            "meaningless; play games that link every bot"
        )
    counts = {bot: sum(1 for a, b, _s in games if bot in (a, b)) for bot in bots}

    def elo(fit: dict[str, float]) -> dict[str, float]:
        return {bot: 400 * (fit[bot] - fit[anchor]) for bot in bots}

    point = elo(_fit(games, bots))
    rng = random.Random(seed)
    draws: dict[str, list[float]] = {bot: [] for bot in bots}
    for _ in range(resamples):
        sample = rng.choices(games, k=len(games))
        present = list(dict.fromkeys(bot for a, b, _s in sample for bot in (a, b)))
        if len(present) < len(bots) or not _connected(sample, bots):
            continue
        for bot, value in elo(_fit(sample, bots)).items():
            draws[bot].append(value)
    tail = 1 - _normal_cdf(z)  # (1 - confidence) / 2
    found = []
    for bot in bots:
        values = sorted(draws[bot])
        if values:
            low = values[int(tail * (len(values) - 1))]
            high = values[math.ceil((1 - tail) * (len(values) - 1))]
        else:
            low = high = point[bot]
        found.append(Rating(bot, point[bot], low, high, counts[bot]))
    return tuple(sorted(found, key=lambda r: -r.rating))


def _normal_cdf(z: float) -> float:
    return 0.5 * (1 + math.erf(z / math.sqrt(2)))


def _places(stats: GameStats) -> list[int]:
    """Each seat's place, 1 the best: the winners first, then by score (equal scores tie)."""
    keys = [(s not in stats.winners, -stats.scores[s]) for s in range(len(stats.seats))]
    order = sorted(set(keys))
    return [order.index(key) + 1 for key in keys]


def plackett_luce(results: Sequence[GameStats], *, confidence: float = 0.95) -> tuple[Rating, ...]:
    """openskill's Plackett–Luce ratings of the bots from games of 2 to 6 players, best first.

    Each game is one update, in order, of the bots' ratings by the seats'
    order of finish (the winners first, then by score; equal scores tie).
    ``rating`` is openskill's ``mu`` (25 for a bot never rated), the
    interval ``mu`` ± z ``sigma``. A game with one bot in two seats is
    refused: openskill rates each player once per match. Needs the
    ``ratings`` extra (openskill).

    >>> def game(*seats):  # the seats finish in their order: 9, 5 and 1 points
    ...     return GameStats(seats, (9, 5, 1), (0,), 1, 1, 1, "other", 0, 0, 0)
    >>> games = [game("mcts", "greedy", "random")] * 4
    >>> [(r.bot, r.games) for r in plackett_luce(games)]
    [('mcts', 4), ('greedy', 4), ('random', 4)]
    """
    z = _z(confidence)
    try:
        models: Any = importlib.import_module("openskill.models")
    except ImportError:
        raise SettingsError(
            "plackett_luce needs openskill: pip install 'tongiaki_rules[ratings]'"
        ) from None
    model = models.PlackettLuce()
    ratings: dict[str, Any] = {}
    counts: dict[str, int] = {}
    for k, stats in enumerate(results):
        if not isinstance(stats, GameStats):
            raise SettingsError(f"results[{k}] must be a GameStats, not {shown(stats)}")
        if len(set(stats.seats)) != len(stats.seats):
            raise SettingsError(
                f"results[{k}]: a bot sits in two seats ({', '.join(stats.seats)}); "
                "give each seat its own bot spec"
            )
        teams = [[ratings.setdefault(bot, model.rating(name=bot))] for bot in stats.seats]
        for bot in stats.seats:
            counts[bot] = counts.get(bot, 0) + 1
        new = model.rate(teams, ranks=_places(stats))
        for bot, (rating,) in zip(stats.seats, new, strict=True):
            ratings[bot] = rating
    found = [
        Rating(bot, float(r.mu), float(r.mu - z * r.sigma), float(r.mu + z * r.sigma), counts[bot])
        for bot, r in ratings.items()
    ]
    return tuple(sorted(found, key=lambda r: -r.rating))
