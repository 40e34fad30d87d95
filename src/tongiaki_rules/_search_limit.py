"""A caller's cap on the look-ahead of one decision, counted in positions (AMB-25, issue 36).

The engine offers a choice only if the turn can still end after it, and
answers that exactly: where no certificate settles a choice it searches the
positions reachable without a draw, each at most once a decision. That
count is finite but can be large on tables built for it (royal rings round a
cluster of open islands, some flag sets). A caller that must answer in
bounded time, such as a game server, sets a cap with :func:`search_limit`:
a decision whose look-ahead would expand more positions raises
:class:`~tongiaki_rules.errors.SearchLimitReached` instead of answering, and
changes nothing. The cap never changes an answer: a decision is either
answered exactly or not at all.

>>> from tongiaki_rules import new_game, search_limit
>>> with search_limit(positions=10_000):
...     len(new_game(2).legal_actions())
6
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar

from .errors import SettingsError, shown

__all__ = ["search_limit"]


class Allowance:
    """What one decision may still expand: reset to ``limit`` when a decision starts."""

    __slots__ = ("left", "limit")

    def __init__(self, limit: int) -> None:
        self.limit = limit
        self.left = limit


ALLOWANCE: ContextVar[Allowance | None] = ContextVar("tongiaki_search_allowance", default=None)
"""The cap in force in this context (thread or task), if any."""


@contextmanager
def search_limit(positions: int) -> Iterator[None]:
    """Cap the look-ahead of every decision worked out inside the block at ``positions``.

    Inside the block, a decision (a legal list read, an ``apply``, a
    ``sample_action``) whose look-ahead would expand more than ``positions``
    positions raises :class:`~tongiaki_rules.errors.SearchLimitReached` and
    leaves the state as it was; every other answer is the exact one, the
    same as without the cap. The cap holds for the current thread or
    asynchronous task only (a :class:`contextvars.ContextVar`), and blocks
    nest: the innermost applies. In random games no decision expands more
    than about a hundred positions, so a cap in the tens of thousands only
    ever stops tables built to be expensive.

    >>> from tongiaki_rules import new_game, search_limit
    >>> with search_limit(positions=0):  # no look-ahead at all is needed here
    ...     new_game(2).apply(new_game(2).legal_actions()[0]).num_players
    2
    >>> with search_limit(positions=-1):
    ...     pass
    Traceback (most recent call last):
    ...
    tongiaki_rules.errors.SettingsError: positions must be a whole number of at least 0, not -1
    """
    if type(positions) is not int or positions < 0:
        raise SettingsError(
            f"positions must be a whole number of at least 0, not {shown(positions)}"
        )
    token = ALLOWANCE.set(Allowance(positions))
    try:
        yield
    finally:
        ALLOWANCE.reset(token)
