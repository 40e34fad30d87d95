"""The record checks compile their schemas on first use: threads that start at once all get
whole checks (found by the server's load test: a fresh worker process answered 500 to one of
several games created at the same moment)."""

from __future__ import annotations

import threading
import time
from typing import Any

import pytest

from tongiaki_rules import GameRecord
from tongiaki_rules.record import _schema_check as schema_check


def test_threads_checking_records_at_once_on_a_fresh_compiler_all_succeed(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    fresh = schema_check._Compiler(schema_check._compiler().documents)
    node = fresh.node

    def slow(schema: Any, base: str) -> Any:  # widen the window the race needs
        time.sleep(0.0005)
        return node(schema, base)

    monkeypatch.setattr(fresh, "node", slow)
    monkeypatch.setattr(schema_check, "_compiler", lambda: fresh)
    document = GameRecord(3).to_dict()
    failures: list[BaseException] = []
    start = threading.Barrier(8)

    def check() -> None:
        start.wait()
        try:
            GameRecord.from_dict(document)
        except BaseException as exc:  # an IndexError of a placeholder not yet filled
            failures.append(exc)

    threads = [threading.Thread(target=check) for _ in range(8)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert failures == []
