"""Handing games to a :class:`concurrent.futures.Executor`, with the checks that go with it.

:func:`~tongiaki_rules.bots.play_match` and
:func:`~tongiaki_rules.simulation.simulate` take any executor: a
:class:`~concurrent.futures.ThreadPoolExecutor`, a
:class:`~concurrent.futures.ProcessPoolExecutor`, or another engine's, such
as dask.distributed's ``Client.get_executor()``. Whatever it is, a game's
result depends only on its settings and seeds, so the results are the same.

>>> from concurrent.futures import ThreadPoolExecutor
>>> with ThreadPoolExecutor(1) as pool:
...     submit_to("executor", check_executor("executor", pool), sum, (1, 2)).result()
3
>>> check_executor("executor", 4)
Traceback (most recent call last):
...
tongiaki_rules.errors.SettingsError: executor must be a concurrent.futures.Executor \
(a ThreadPoolExecutor, a ProcessPoolExecutor, a dask Client's get_executor(), ...) or None, not 4
"""

from __future__ import annotations

from collections.abc import Callable
from concurrent.futures import Executor, Future
from typing import TypeVar

from ..errors import SettingsError
from ._checks import shown

__all__ = ["check_executor", "submit_to"]

T = TypeVar("T")


def check_executor(name: str, executor: object) -> Executor:
    """``executor`` if it is an :class:`~concurrent.futures.Executor`, else a SettingsError."""
    if not isinstance(executor, Executor):
        raise SettingsError(
            f"{name} must be a concurrent.futures.Executor (a ThreadPoolExecutor, a "
            "ProcessPoolExecutor, a dask Client's get_executor(), ...) or None, "
            f"not {shown(executor)}"
        )
    return executor


def submit_to(name: str, executor: Executor, work: Callable[..., T], *args: object) -> Future[T]:
    """``executor.submit(work, *args)``; an executor that takes no work is a :class:`SettingsError`.

    A shut-down executor (or a broken process pool) refuses new work with a
    :class:`RuntimeError`; it is told as a :class:`SettingsError` naming
    ``name``, before any game is played.

    >>> from concurrent.futures import ThreadPoolExecutor
    >>> pool = ThreadPoolExecutor(1)
    >>> pool.shutdown()
    >>> submit_to("executor", pool, sum, (1, 2))
    Traceback (most recent call last):
    ...
    tongiaki_rules.errors.SettingsError: executor takes no more work (is it shut down?): \
cannot schedule new futures after shutdown
    """
    try:
        return executor.submit(work, *args)
    except RuntimeError as exc:  # shut down, or a broken pool (BrokenExecutor is one)
        raise SettingsError(f"{name} takes no more work (is it shut down?): {exc}") from None
