"""The look-ahead of AMB-25 gives every thread the same answers as one thread alone.

A server plays many games on worker threads, and a tournament may run on a
thread pool. The look-ahead keeps what its searches settled between decisions,
and a search marks the positions it has open while it runs: another thread's
search must never see those marks, or it could settle a position on the strength
of a search that is not its own. Each thread therefore keeps its own, and games
played on four threads at once, switching often, read the same legal lists as
the same games played one after another.
"""

from __future__ import annotations

import hashlib
import random
import sys
import threading
from collections.abc import Iterator

import pytest

from tongiaki_rules import new_game
from tongiaki_rules._engine import finite


def legal_lists(seed: int) -> str:
    """A digest of every legal list of a seeded random 2-player game (identical deals)."""
    rng = random.Random(seed)
    digest = hashlib.sha256()
    state = new_game(2)
    while not state.is_terminal:
        if state.is_chance_node:
            state = state.apply(state.sample_chance(rng))
            continue
        acts = state.legal_actions()
        digest.update(repr(acts).encode())
        state = state.apply(rng.choice(acts))
    return digest.hexdigest()


@pytest.fixture
def switching_often() -> Iterator[None]:
    before = sys.getswitchinterval()
    sys.setswitchinterval(1e-5)
    try:
        yield
    finally:
        sys.setswitchinterval(before)


@pytest.mark.clause("AMB-25")
@pytest.mark.usefixtures("switching_often")
def test_games_on_four_threads_read_the_legal_lists_of_one_thread() -> None:
    seeds = [1, 1, 2, 2]  # two pairs of identical games: the same positions at once
    alone = [legal_lists(seed) for seed in seeds]
    found: dict[int, str] = {}

    def play(k: int) -> None:
        found[k] = legal_lists(seeds[k])

    threads = [threading.Thread(target=play, args=(k,)) for k in range(len(seeds))]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert [found[k] for k in range(len(seeds))] == alone


def test_each_thread_keeps_its_own_settled_positions() -> None:
    mine = finite._settled()
    theirs: list[object] = []
    thread = threading.Thread(target=lambda: theirs.append(finite._settled()))
    thread.start()
    thread.join()
    assert theirs[0] is not mine
    assert finite._settled() is mine
