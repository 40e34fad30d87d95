"""A human's bots' replies cost one step and one write (issue 38, CPU per move).

The driver stops at the human's turn without a step more, and the replies are stored in a
transaction that also takes the game's bot-driving lease and gives it up there: one write
where a claim, the moves and a release took three. Another process holding the lease still
keeps the game's replies from being stored until it is given up or runs out.
"""

from __future__ import annotations

import time
from collections import Counter
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from tongiaki_rules.server import GameService, SqliteStorage
from tongiaki_rules.server._driver import BotDriver


class _Counted(SqliteStorage):
    """An SQLite storage that counts its writes by kind."""

    def __init__(self, path: Path) -> None:
        super().__init__(path)
        self.writes: Counter[str] = Counter()

    def append_moves(
        self, game_id: str, first: int, moves: Sequence[dict[str, Any]], **options: Any
    ) -> bool:
        self.writes["moves with the lease" if options.get("lease") else "moves"] += 1
        return super().append_moves(game_id, first, moves, **options)

    def claim_lease(self, game_id: str, holder: str, seconds: float) -> bool:
        self.writes["claim"] += 1
        return super().claim_lease(game_id, holder, seconds)

    def release_lease(self, game_id: str, holder: str) -> None:
        self.writes["release"] += 1
        super().release_lease(game_id, holder)


def test_a_humans_bots_replies_take_one_step_and_one_write(tmp_path: Path) -> None:
    storage = _Counted(tmp_path / "games.sqlite3")
    service = GameService(storage)
    game = service.create_game(3, seats={1: "greedy", 2: "random"}, seed=6, seat=0)
    steps: list[int | None] = []
    step = service.step

    def counted(game_id: str, **options: Any) -> int | None:
        moves = step(game_id, **options)
        steps.append(moves)
        return moves

    service.step = counted  # type: ignore[method-assign]
    driver = BotDriver(service)
    replied = 0
    try:
        view = service.view(game["id"], token=game["token"])
        for _ in range(12):
            storage.writes.clear()
            lease = driver.claim()  # as the server's move route does
            answer = service.act(
                game["id"], game["token"], 0, view["moves"], replies=False, lease=lease
            )
            before = len(steps)
            if "legal" not in answer:
                assert lease.taken
                driver.reply(game["id"], leased=lease.taken)
                assert driver.wait_idle(timeout=60)
                assert len(steps) == before + 1 and steps[-1] is not None
                # the move with the lease taken, the replies with it given up: two writes
                assert storage.writes == {"moves with the lease": 2}
                assert storage.claim_lease(game["id"], "another process", 5.0)  # given up
                storage.release_lease(game["id"], "another process")
                replied += 1
            else:
                assert not lease.taken and storage.writes == {"moves": 1}  # no bot to drive
            view = service.view(game["id"], token=game["token"])
            assert "legal" in view
    finally:
        driver.close()
    assert replied >= 4


def test_replies_wait_while_another_process_holds_the_games_lease(tmp_path: Path) -> None:
    storage = _Counted(tmp_path / "games.sqlite3")
    service = GameService(storage)
    game = service.create_game(2, seats={1: "greedy"}, seed=4, seat=0)
    driver = BotDriver(service)
    assert storage.claim_lease(game["id"], "another process", 1.0)
    lease = driver.claim()
    answer = service.act(game["id"], game["token"], 0, 0, replies=False, lease=lease)
    assert "legal" not in answer and not lease.taken  # the move stored all the same
    try:
        start = time.monotonic()
        driver.reply(game["id"], leased=lease.taken)
        time.sleep(0.5)
        assert service.view(game["id"])["moves"] == answer["moves"]  # not played meanwhile
        assert driver.wait_idle(timeout=60)
        assert time.monotonic() - start >= 0.9  # stored once the other's lease ran out
        assert "legal" in service.view(game["id"], token=game["token"])
        assert storage.writes["claim"] >= 1  # refused once, it claims before playing again
    finally:
        driver.close()


class _Overtaken(SqliteStorage):
    """A storage where another server stores the bots' replies just before this one does."""

    rival: GameService | None = None

    def append_moves(
        self, game_id: str, first: int, moves: Sequence[dict[str, Any]], **options: Any
    ) -> bool:
        rival, self.rival = self.rival, None
        if rival is not None:
            assert rival.step(game_id, quick=True) is not None  # to the human's turn
        return super().append_moves(game_id, first, moves, **options)


def test_replies_another_process_stored_first_leave_the_lease_free(db_path: Path) -> None:
    storage = _Overtaken(db_path)
    ours, theirs = GameService(storage), GameService(SqliteStorage(db_path))
    game = ours.create_game(2, seats={1: "greedy"}, seed=4, seat=0)
    driver = BotDriver(ours)
    lease = driver.claim()
    answer = ours.act(game["id"], game["token"], 0, 0, replies=False, lease=lease)
    assert lease.taken and "legal" not in answer
    storage.rival = theirs
    try:
        moves = ours.step(game["id"], quick=True, lease=(driver.holder, driver.lease))
        assert moves is not None and ours.waits_for_human(game["id"])  # the rival's replies
        assert storage.claim_lease(game["id"], "another process", 5.0)  # given up all the same
    finally:
        driver.close()
