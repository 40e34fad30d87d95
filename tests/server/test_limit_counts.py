"""The limit counters without a server: rates per address, sockets in all, bot workers; and
the same counters shared by two processes through one database (SQLite and PostgreSQL)."""

from __future__ import annotations

import os
from collections.abc import Callable

import pytest

from tongiaki_rules.server import ServeLimits, Storage, TooMany
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


def test_a_bucket_left_alone_holds_no_more_than_a_minutes_worth() -> None:
    """An address that used part of its bucket, then idled, gets ``per_minute`` at once,
    never more (the idle time does not pile up)."""
    now = [0.0]
    rate = RateLimit(per_minute=2, clock=lambda: now[0])
    rate.take("a")  # one of two used
    now[0] = 120.0  # idle two minutes: without the cap it would hold 5
    rate.take("a")
    rate.take("a")
    with pytest.raises(TooMany) as refused:
        rate.take("a")
    assert refused.value.retry_after == 30


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


def test_a_rate_shared_through_the_database_is_not_multiplied_by_the_workers(
    open_db: Callable[[], Storage],
) -> None:
    """Two processes' limits on one database (as ``--workers 2``): ten games a minute
    between them, not ten each."""
    now = [1_000_000.0]
    first, second = (
        RateLimit(per_minute=10, clock=lambda: now[0], shared=open_db(), name="games")
        for _ in range(2)
    )
    for k in range(10):
        (first if k % 2 else second).take("10.0.0.1")
    for limit in (first, second):
        with pytest.raises(TooMany) as refused:
            limit.take("10.0.0.1")
        assert refused.value.retry_after == 6
    first.take("10.0.0.2")  # another address has its own bucket
    RateLimit(per_minute=10, clock=lambda: now[0], shared=open_db(), name="claims").take(
        "10.0.0.1"
    )  # and another limit too
    now[0] += 7.0
    second.take("10.0.0.1")  # one more after seven seconds, through either
    with pytest.raises(TooMany):
        first.take("10.0.0.1")


def test_sockets_shared_through_the_database_count_every_workers_and_forget_a_dead_ones(
    open_db: Callable[[], Storage],
) -> None:
    now = [1_000_000.0]

    def count() -> SocketCount:
        return SocketCount(3, 5, shared=open_db(), clock=lambda: now[0], lease=60.0)

    first, second, dying = count(), count(), count()
    first.open("a")
    first.open("a")
    second.open("a")
    for full in (first, second):
        with pytest.raises(TooMany, match="this address holds 3"):
            full.open("a")
    second.open("b")
    dying.open("c")
    with pytest.raises(TooMany, match="the server holds 5"):
        first.open("d")
    first.close("a")
    second.open("a")  # a socket closed on one worker frees a place on the other
    now[0] += 40.0
    first.renew()
    second.renew()  # the live workers renew their rows; the dying one does not
    with pytest.raises(TooMany, match="the server holds 5"):
        first.open("d")
    now[0] += 30.0  # its lease ran out: its socket no longer counts
    first.open("d")
    first.release()
    second.open("e")  # a worker shut down gives its rows up
