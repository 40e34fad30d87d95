"""One seat, one truth: a move is stored only while its token is still the seat's.

Two services on one database, as two worker processes would be (SQLite and
PostgreSQL): one plays a move with a token while the other leaves the seat
with that same token and a stranger claims it. Whatever the order, a move
acknowledged must have been stored before the leave was: a move stored
after a leave answered is a move of a revoked token.
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from hashlib import sha256

import pytest

from tongiaki_rules.server import GameService, Storage, Unauthorized
from tongiaki_rules.server.storage import SeatLost, StoredGame, StoredSeat

TRIES = 50


def _hash(token: str) -> str:
    return sha256(token.encode("ascii")).hexdigest()


def _race(mover: GameService, leaver: GameService, seed: int) -> tuple[str, int, int]:
    """One try: seat 0 moves through ``mover`` while ``leaver`` leaves it and a stranger
    claims it. The answer: the move's outcome (``"ok"`` or ``"401"``), the moves stored as
    seen right after the leave answered, and the moves stored in the end."""
    game = mover.create_game(2, seats={1: "greedy"}, seed=seed, seat=0)
    gid, token = game["id"], game["token"]
    start = threading.Barrier(2)
    outcome: dict[str, object] = {}

    def move() -> None:
        start.wait()
        try:
            mover.act(gid, token, 0, expect_move=0)
            outcome["move"] = "ok"
        except Unauthorized:
            outcome["move"] = "401"

    def leave_and_claim() -> None:
        start.wait()
        leaver.leave_seat(gid, 0, token)
        outcome["seen"] = len(leaver.storage.moves(gid))
        leaver.claim_seat(gid, 0)

    threads = [threading.Thread(target=move), threading.Thread(target=leave_and_claim)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=30)
    seen = outcome["seen"]
    assert isinstance(seen, int)
    return str(outcome["move"]), seen, len(leaver.storage.moves(gid))


def test_no_move_of_a_token_left_and_claimed_anew_is_acknowledged_across_processes(
    open_db: Callable[[], Storage],
) -> None:
    mover, leaver = GameService(open_db()), GameService(open_db())
    outcomes = []
    for seed in range(TRIES):
        moved, seen, stored = _race(mover, leaver, seed)
        outcomes.append(moved)
        if moved == "ok":  # acknowledged: stored before the leave committed
            assert seen >= 1, f"try {seed}: a move acknowledged after its seat was left"
        else:  # refused as a stale token is: nothing of it stored
            assert stored == 0, f"try {seed}: a refused move was stored"
    assert set(outcomes) <= {"ok", "401"}


def test_a_storage_refuses_a_players_move_and_choice_once_the_seat_was_left(
    open_db: Callable[[], Storage],
) -> None:
    """The check itself, on either storage: the seat's token is read in the move's
    transaction, and a seat left (or claimed by someone else since) stores nothing."""
    storage, other = open_db(), open_db()
    game = StoredGame("g-race", 1.0, {}, (StoredSeat(0, "human", None, True),), 7)
    storage.add_game(game, [(0, _hash("mine"))], [], over=False)
    move = [{"type": "SetupPlace", "beach": 0}]
    assert other.leave_seat("g-race", 0, _hash("mine"))
    with pytest.raises(SeatLost):
        storage.append_moves("g-race", 0, move, over=False, holder=(0, _hash("mine")))
    with pytest.raises(SeatLost):
        storage.add_choice("g-race", 0, 0, {"type": "Move"}, token_hash=_hash("mine"))
    assert other.claim_seat("g-race", 0, _hash("theirs"))
    with pytest.raises(SeatLost):
        storage.append_moves("g-race", 0, move, over=False, holder=(0, _hash("mine")))
    assert storage.moves("g-race") == [] and storage.choices("g-race", 0) == {}
    assert storage.append_moves("g-race", 0, move, over=False, holder=(0, _hash("theirs")))
