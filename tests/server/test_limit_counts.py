"""The limit counters without a server: rates per address, sockets in all, bot workers."""

from __future__ import annotations

import os

import pytest

from tongiaki_rules.server import ServeLimits, TooMany
from tongiaki_rules.server._limits import RateLimit, SocketCount


def test_a_rate_refills_with_time_and_names_the_wait() -> None:
    now = [0.0]
    rate = RateLimit(per_minute=6, clock=lambda: now[0])
    for _ in range(6):
        rate.take("a")
    with pytest.raises(TooMany) as refused:
        rate.take("a")
    assert refused.value.status == 429 and refused.value.retry_after == 10
    rate.take("b")  # another address has its own bucket
    now[0] = 10.0
    rate.take("a")  # one more after ten seconds
    with pytest.raises(TooMany):
        rate.take("a")


def test_sockets_are_counted_in_all_too() -> None:
    count = SocketCount(per_address=5, total=2)
    count.open("a")
    count.open("b")
    with pytest.raises(TooMany, match="the server holds 2"):
        count.open("c")
    count.close("a")
    count.open("c")
    assert count.total() == 2


def test_bot_workers_are_at_most_the_cores() -> None:
    cores = len(os.sched_getaffinity(0))
    assert ServeLimits(bot_workers=cores + 50).bot_workers == cores
    assert 1 <= ServeLimits().bot_workers <= cores
