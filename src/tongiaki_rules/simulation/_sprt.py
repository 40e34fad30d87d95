"""The sequential test of engine testers: play until a match's result is clear (SPRT).

A chess engine tester does not fix the number of games in advance: it plays
until the log-likelihood ratio (LLR) of two hypotheses crosses a bound, so a
clear difference is settled in a few dozen games and a close one gets the
thousands it needs. The hypotheses are on the Elo scale: H0, the candidate
is ``elo0`` stronger than the baseline (usually 0, "no better"); H1, it is
``elo1`` stronger. ``alpha`` is the chance of accepting H1 when H0 holds,
``beta`` the chance of accepting H0 when H1 holds (Wald 1945).

The LLR is the normal approximation of the generalised SPRT that fishtest
and cutechess use (M. Van den Bergh, "A simple approximation of the GSPRT"):
with ``n`` samples of mean ``m`` and variance ``v``, and ``s0``, ``s1`` the
expected scores at ``elo0`` and ``elo1``::

    LLR = n (s1 - s0) (2m - s0 - s1) / (2v)

A sample is the candidate's score in one *paired deal*: the same tiles
played twice with the seats swapped, so the luck of the deal cancels out
(engine testers' "pentanomial" game pairs). A variance floor of 0.001 and a
minimum of :attr:`Sprt.min_samples` deals keep a one-sided start (every deal
won) from deciding on a sample of one.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Final

import attrs

from ..errors import SettingsError, shown

__all__ = ["VERDICTS", "Sprt", "elo_score"]

VERDICTS: Final = ("H1", "H0", "continue")
"""What :meth:`Sprt.verdict` says: the candidate is ``elo1`` stronger (``"H1"``), it is
not stronger than ``elo0`` (``"H0"``), or play on (``"continue"``)."""

VARIANCE_FLOOR: Final = 0.001


def elo_score(elo: float) -> float:
    """The expected score of a player ``elo`` points stronger, on the logistic Elo scale.

    >>> elo_score(0.0), round(elo_score(400.0), 4)
    (0.5, 0.9091)
    """
    return 1.0 / (1.0 + math.pow(10.0, -elo / 400.0))


def _probability(name: str, value: object) -> float:
    if type(value) is not float or not 0.0 < value < 0.5:
        raise SettingsError(f"{name} must be a float between 0 and 0.5, not {shown(value)}")
    return value


def _elo(name: str, value: object) -> float:
    if isinstance(value, bool) or not isinstance(value, int | float) or not -2000 < value < 2000:
        raise SettingsError(f"{name} must be an Elo difference within ±2000, not {shown(value)}")
    return float(value)


def _elo0(value: object) -> float:
    return _elo("elo0", value)


def _elo1(value: object) -> float:
    return _elo("elo1", value)


def _alpha(value: object) -> float:
    return _probability("alpha", value)


def _beta(value: object) -> float:
    return _probability("beta", value)


@attrs.frozen(slots=True)
class Sprt:
    """A sequential probability ratio test of "``elo1`` stronger" against "``elo0``".

    >>> test = Sprt(elo0=0.0, elo1=50.0)
    >>> [round(b, 3) for b in test.bounds()]
    [-2.944, 2.944]
    >>> test.verdict([1.0] * 12), test.verdict([0.0] * 12), test.verdict([1.0, 0.0] * 3)
    ('H1', 'H0', 'continue')
    """

    elo0: float = attrs.field(default=0.0, converter=_elo0)
    elo1: float = attrs.field(default=50.0, converter=_elo1)
    alpha: float = attrs.field(default=0.05, converter=_alpha)
    beta: float = attrs.field(default=0.05, converter=_beta)
    min_samples: int = 10
    """Deals played before any verdict."""

    def __attrs_post_init__(self) -> None:
        if not self.elo0 < self.elo1:
            raise SettingsError(f"elo0 ({self.elo0}) must be below elo1 ({self.elo1})")
        if type(self.min_samples) is not int or self.min_samples < 1:
            raise SettingsError(f"min_samples must be an int >= 1, not {shown(self.min_samples)}")

    def bounds(self) -> tuple[float, float]:
        """The LLR below which H0 is accepted and above which H1 is: Wald's bounds."""
        return (
            math.log(self.beta / (1 - self.alpha)),
            math.log((1 - self.beta) / self.alpha),
        )

    def llr(self, scores: Sequence[float]) -> float:
        """The log-likelihood ratio of H1 to H0 after these scores (each in 0..1).

        >>> round(Sprt().llr([0.5, 1.0, 0.75, 0.5]), 3)
        1.01
        """
        n = len(scores)
        if n == 0:
            return 0.0
        if any(not 0.0 <= s <= 1.0 for s in scores):
            raise SettingsError("every score must be from 0 to 1")
        mean = math.fsum(scores) / n
        variance = max(VARIANCE_FLOOR, math.fsum((s - mean) ** 2 for s in scores) / n)
        s0, s1 = elo_score(self.elo0), elo_score(self.elo1)
        return n * (s1 - s0) * (2 * mean - s0 - s1) / (2 * variance)

    def verdict(self, scores: Sequence[float]) -> str:
        """``"H1"``, ``"H0"`` or ``"continue"`` after these scores (see :data:`VERDICTS`)."""
        if len(scores) < self.min_samples:
            return "continue"
        llr = self.llr(scores)
        low, high = self.bounds()
        if llr >= high:
            return "H1"
        if llr <= low:
            return "H0"
        return "continue"
