"""How sure a win rate is: the Wilson score interval of a share of games won.

The formula is a few lines of the standard library (:class:`statistics.NormalDist`
gives the normal quantile), so the core needs no statistics package for it:
statsmodels' ``proportion_confint(method="wilson")`` computes the same
interval but would pull numpy, scipy and pandas into a library that depends
on attrs alone.

The Wilson interval (Wilson 1927) is the one engine testers and most
statisticians recommend over the textbook "p ± z·√(p(1−p)/n)": it stays
inside 0..1, it is not empty at 0 or n wins, and its coverage is close to
the nominal one down to a few games.
"""

from __future__ import annotations

import math
from statistics import NormalDist

from ..errors import SettingsError, shown

__all__ = ["wilson_interval"]


def _z(confidence: float) -> float:
    if type(confidence) is not float or not 0.0 < confidence < 1.0:
        raise SettingsError(f"confidence must be a float between 0 and 1, not {shown(confidence)}")
    return NormalDist().inv_cdf(0.5 + confidence / 2)


def wilson_interval(wins: float, games: float, confidence: float = 0.95) -> tuple[float, float]:
    """The Wilson score interval of the share ``wins / games``, as ``(low, high)``.

    ``wins`` may be fractional (a shared victory counts ``1/k`` to each of
    its ``k`` winners); ``games`` is the number of trials. With no games the
    interval is the whole ``(0.0, 1.0)``. The games are taken as
    independent trials: a bot in two seats of one game, or the games of one
    paired deal, are not quite, so read the interval as a close guide.

    >>> low, high = wilson_interval(60, 100)
    >>> round(low, 4), round(high, 4)
    (0.502, 0.6906)
    >>> wilson_interval(0, 10)[0], round(wilson_interval(0, 10)[1], 4)
    (0.0, 0.2775)
    >>> wilson_interval(0, 0)
    (0.0, 1.0)
    """
    z = _z(confidence)
    if isinstance(wins, bool) or not isinstance(wins, int | float) or not math.isfinite(wins):
        raise SettingsError(f"wins must be a number, not {shown(wins)}")
    if isinstance(games, bool) or not isinstance(games, int | float) or not games >= 0:
        raise SettingsError(f"games must be a number from 0 up, not {shown(games)}")
    if not 0 <= wins <= games:
        raise SettingsError(f"wins must be from 0 to games ({games}), not {shown(wins)}")
    if games == 0:
        return (0.0, 1.0)
    p = wins / games
    z2 = z * z
    denominator = 1 + z2 / games
    centre = (p + z2 / (2 * games)) / denominator
    half = z / denominator * math.sqrt(p * (1 - p) / games + z2 / (4 * games * games))
    low = 0.0 if wins == 0 else max(0.0, min(p, centre - half))
    high = 1.0 if wins == games else min(1.0, max(p, centre + half))
    return (low, high)
