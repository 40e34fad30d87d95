"""The cycle collector of a serve process is paced (issue 38, the tail of a move request).

:class:`~tongiaki_rules.server._gc.GcPacer` freezes the objects that
survive (so the automatic collections of the oldest generation never look at
them) and, now and then, gives them back and collects the whole heap, so that
cycles of frozen objects that became garbage are still freed. ``tongiaki
serve``'s applications pace the collector; an application built otherwise
leaves the interpreter alone.
"""

from __future__ import annotations

import gc
import json
import sys
import weakref
from collections.abc import Iterator
from pathlib import Path

import pytest

pytest.importorskip("fastapi", reason="the server needs the 'server' extra (fastapi)")

from fastapi.testclient import TestClient

from tongiaki_rules.server._gc import GcPacer
from tongiaki_rules.server._workers import SETTINGS, app_from_environment
from tongiaki_rules.server.app import create_app


class _Node:
    """An object that can be part of a reference cycle."""

    other: object = None


@pytest.fixture(autouse=True)
def _unfrozen() -> Iterator[None]:
    """Give back whatever a test froze: the test process's heap is the collector's again."""
    yield
    gc.unfreeze()


class _Clock:
    def __init__(self) -> None:
        self.now = 100.0

    def __call__(self) -> float:
        return self.now


def _garbage_cycle() -> weakref.ref[_Node]:
    """A cycle of two objects nobody else refers to, and a weak reference to one of them."""
    a, b = _Node(), _Node()
    a.other, b.other = b, a
    return weakref.ref(a)


def test_start_freezes_what_start_up_made() -> None:
    gc.unfreeze()
    pacer = GcPacer(clock=_Clock())
    pacer.start()
    assert gc.get_freeze_count() > 0
    assert pacer.frozen_at == pacer.full_at == 100.0


def test_tick_freezes_the_survivors_since() -> None:
    pacer = GcPacer(clock=_Clock())
    pacer.start()
    before = gc.get_freeze_count()
    kept = [_Node() for _ in range(1000)]  # long-lived: survive the young collection
    pacer.tick()
    assert gc.get_freeze_count() >= before + len(kept)


def test_a_frozen_garbage_cycle_is_freed_by_the_next_whole_collection() -> None:
    clock = _Clock()
    pacer = GcPacer(clock=clock, full_every=600.0)
    pacer.start()
    holder = [_Node(), _Node()]
    holder[0].other, holder[1].other = holder[1], holder[0]
    alive = weakref.ref(holder[0])
    pacer.tick()  # the cycle survives (it is referred to) and is frozen
    holder.clear()  # now it is garbage, but frozen: no collection looks at it
    clock.now += 10
    pacer.tick()
    gc.collect()  # even a whole automatic-style collection: frozen objects are not looked at
    assert alive() is not None
    assert pacer.full_collections == 0
    clock.now += 600
    pacer.tick()  # the frozen objects given back and the whole heap collected
    assert alive() is None
    assert pacer.full_collections == 1
    assert gc.get_freeze_count() > 0  # and what lives is frozen again


def test_a_young_garbage_cycle_is_not_frozen() -> None:
    pacer = GcPacer(clock=_Clock())
    pacer.start()
    dead = _garbage_cycle()
    pacer.tick()  # the young collection before the freeze frees it
    assert dead() is None


def test_serve_applications_pace_the_collector(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    settings = {
        "db": str(tmp_path / "g.sqlite3"),
        "bot_delay": 0.3,
        "limits": {},
        "allowed_hosts": ["testserver"],
        "allowed_origins": [],
    }
    monkeypatch.setenv(SETTINGS, json.dumps(settings))
    switching = sys.getswitchinterval()
    try:
        app = app_from_environment()  # what each worker of --workers N builds
    finally:
        sys.setswitchinterval(switching)
    assert isinstance(app.state.gc, GcPacer)
    gc.unfreeze()
    with TestClient(app) as client:
        assert client.get("/api/games").status_code == 200
        assert app.state.gc.frozen_at is not None  # started with the application
        assert gc.get_freeze_count() > 0
    assert gc.get_freeze_count() == 0  # stopped with it: the heap given back to the collector


def test_other_applications_leave_the_collector_alone(tmp_path: Path) -> None:
    gc.unfreeze()
    app = create_app(tmp_path / "g.sqlite3")
    assert app.state.gc is None
    with TestClient(app) as client:
        assert client.get("/api/games").status_code == 200
    assert gc.get_freeze_count() == 0
