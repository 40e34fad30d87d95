"""The cycle collector of a ``tongiaki serve`` process, paced so that it never stops the world long.

CPython's collector of reference cycles looks at every object it tracks
when it collects its oldest generation, and it does so whenever a quarter
as many objects as that generation holds have been promoted into it since
the last time. A server's heap is mostly long-lived: the modules, the
games kept in memory (their positions, narration and views). Under the
load of ``benchmarks/server_load.py`` (50 games, two workers) each worker
held 100,000 to 210,000 tracked objects and collected them all every 4
to 5 s, each time stopping every thread of the process for 40 to 460 ms
(hundreds of ms where the cores are shared): most of the slowest 2 % of
move requests had waited through one.

:class:`GcPacer` keeps the objects that live out of those collections:
at start-up, and then every :data:`FREEZE_EVERY` seconds after a collection
of the young generations (:func:`gc.collect` of generation 1, a few
milliseconds at most), it moves every surviving object into the
collector's permanent generation (:func:`gc.freeze`), which no automatic
collection looks at. Objects whose references drop to zero are freed as
ever, frozen or not; only *cycles* of frozen objects that become garbage
wait, so every :data:`FULL_EVERY` seconds the pacer gives the frozen
objects back (:func:`gc.unfreeze`) and collects the whole heap once (one
pause of the old length, that often instead of every few seconds).

``tongiaki serve`` paces the collector in each worker process
(:func:`~.app.create_app` with ``pace_gc=True``); an application built for
tests or embedded elsewhere leaves it alone: freezing changes the whole
interpreter.

>>> pacer = GcPacer(clock=lambda: 0.0)
>>> pacer.frozen_at, pacer.full_at
(None, None)
"""

from __future__ import annotations

import asyncio
import gc
import time
from collections.abc import Callable

__all__ = ["FREEZE_EVERY", "FULL_EVERY", "GcPacer"]

FREEZE_EVERY = 1.0
"""Seconds between two freezes of the objects that survived the young collections."""

FULL_EVERY = 600.0
"""Seconds between two collections of the whole heap (the frozen objects given back first)."""


class GcPacer:
    """Freeze the long-lived objects of the process, and collect them all now and then.

    ``clock`` gives the time in seconds (:func:`time.monotonic`);
    :meth:`start` freezes the objects of start-up, :meth:`tick` (called every
    :data:`FREEZE_EVERY` seconds or so, from the event loop) freezes the
    survivors since, and collects the whole heap once :data:`FULL_EVERY`
    seconds have passed since the last whole collection; :meth:`run` does
    both on an event loop until it is cancelled.
    """

    def __init__(
        self,
        *,
        clock: Callable[[], float] = time.monotonic,
        freeze_every: float = FREEZE_EVERY,
        full_every: float = FULL_EVERY,
    ) -> None:
        self.clock = clock
        self.freeze_every = freeze_every
        """Seconds between two freezes (the period :meth:`tick` should be called at)."""
        self.full_every = full_every
        self.frozen_at: float | None = None
        """When the survivors were last frozen (``None``: not yet)."""
        self.full_at: float | None = None
        """When the whole heap was last collected (``None``: not yet)."""
        self.full_collections = 0
        """How many whole collections :meth:`tick` has made."""

    def start(self) -> None:
        """Collect once, then freeze what is left: the modules and the application."""
        gc.collect()
        gc.freeze()
        self.frozen_at = self.full_at = self.clock()

    def tick(self) -> None:
        """Freeze the objects that survived since the last tick (after a young collection,
        so that young garbage cycles are not frozen); every :attr:`full_every` seconds,
        give the frozen objects back and collect the whole heap first."""
        now = self.clock()
        if self.full_at is None or now - self.full_at >= self.full_every:
            gc.unfreeze()
            gc.collect()
            self.full_at = now
            self.full_collections += 1
        else:
            gc.collect(1)
        gc.freeze()
        self.frozen_at = now

    async def run(self) -> None:
        """:meth:`start`, then :meth:`tick` every :attr:`freeze_every` seconds, until
        cancelled; the frozen objects are then given back to the collector, so the
        interpreter is left as it was found."""
        self.start()
        try:
            while True:
                await asyncio.sleep(self.freeze_every)
                self.tick()
        finally:
            gc.unfreeze()
