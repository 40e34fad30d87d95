"""Views of games not in memory, rebuilt from a stored snapshot (issue 38, point 3): on a
real SQLite file and on the throw-away PostgreSQL cluster, a cold view replays at most about
``SNAPSHOT_EVERY`` moves, and says exactly what a replay of the whole game says."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from tongiaki_rules.server import GameService, Storage
from tongiaki_rules.server._memory import MemoryBudget
from tongiaki_rules.server._service import SNAPSHOT_EVERY
from tongiaki_rules.server.storage import open_storage


class _Counted:
    """A storage that tells from which move on each read of moves started; with
    ``no_snapshots``, one that neither reads nor writes snapshots (as before them)."""

    def __init__(self, inner: Storage, no_snapshots: bool = False) -> None:
        self.inner = inner
        self.firsts: list[int] = []
        self.no_snapshots = no_snapshots

    def moves(self, game_id: str, first: int = 0) -> list[dict[str, Any]]:
        self.firsts.append(first)
        return self.inner.moves(game_id, first)

    def snapshot(self, game_id: str) -> tuple[int, Any] | None:
        return None if self.no_snapshots else self.inner.snapshot(game_id)

    def add_snapshot(self, game_id: str, n: int, snapshot: Any) -> None:
        if not self.no_snapshots:
            self.inner.add_snapshot(game_id, n, snapshot)

    def __getattr__(self, name: str) -> Any:
        return getattr(self.inner, name)


def _played(service: GameService, moves: int, seed: int = 5) -> str:
    """A game of three random bots, played ``moves`` moves (or to its end) by the service."""
    game = service.create_game(3, seats={0: "random", 1: "random", 2: "random"}, seed=seed)
    for _ in range(moves):
        if service.step(game["id"]) is None:
            break
    return str(game["id"])


def _cold(storage: Any) -> GameService:
    """A service that keeps no game in memory (each view of another game is cold)."""
    return GameService(storage, memory=MemoryBudget(games=1))


def test_a_cold_view_replays_only_the_moves_after_the_snapshot(
    service: GameService, open_db: Callable[[], Storage]
) -> None:
    game_id = _played(service, 150)
    other = _played(service, 3, seed=6)
    found = service.storage.snapshot(game_id)
    assert found is not None
    snapped, _ = found
    moves = service.view(game_id)["moves"]
    assert moves - SNAPSHOT_EVERY - 12 <= snapped <= moves  # kept up as the game went on

    counted = _Counted(open_db())
    cold = _cold(counted)
    replayed = _cold(_Counted(open_db(), no_snapshots=True))
    for at in (None, moves - 1, snapped):
        cold.view(other)  # pushes the game out of memory
        counted.firsts.clear()
        view = cold.view(game_id, at=at, svg=True)
        assert counted.firsts == [snapped]  # the moves after the snapshot, no more
        replayed.view(other)
        assert "narration_words" not in view
        assert view == _but_words(replayed.view(game_id, at=at, svg=True))


def _but_words(view: dict[str, Any]) -> dict[str, Any]:
    """A cold view is the whole game's but for the narration in players' words, which is told
    from the first move: it has none (the browser then shows the lines with coordinates)."""
    return {key: value for key, value in view.items() if key != "narration_words"}


def test_views_the_snapshot_cannot_serve_replay_the_game(
    service: GameService, open_db: Callable[[], Storage]
) -> None:
    """Before the snapshot's move, or in another language: the whole game, as before."""
    game_id = _played(service, 120)
    other = _played(service, 3, seed=6)
    counted = _Counted(open_db())
    cold = _cold(counted)
    replayed = _cold(_Counted(open_db(), no_snapshots=True))
    for at, language in ((3, "en"), (None, "fr")):
        cold.view(other)
        counted.firsts.clear()
        view = cold.view(game_id, at=at, language=language)
        assert counted.firsts == [0]
        replayed.view(other)
        assert view == replayed.view(game_id, at=at, language=language)


def test_a_game_keeps_one_snapshot_and_a_damaged_one_is_replayed_round(db: str) -> None:
    storage = open_storage(db)
    try:
        service = GameService(storage)
        game_id = _played(service, 150)
        other = _played(service, 3, seed=6)
        found = storage.snapshot(game_id)
        assert found is not None
        snapped, snapshot = found
        assert snapped >= 2 * SNAPSHOT_EVERY  # an older one was stored, then replaced
        assert isinstance(snapshot["code"], str) and len(snapshot["lines"]) <= 200
        expected = _cold(_Counted(storage, no_snapshots=True)).view(game_id)

        storage.add_snapshot(game_id, snapped + 1, {"code": "not a position"})
        cold = _cold(storage)
        cold.view(other)
        assert cold.view(game_id) == expected
        assert storage.snapshot(game_id) == (snapped + 1, {"code": "not a position"})
    finally:
        storage.close()


@pytest.mark.parametrize("moves", [0, 1, SNAPSHOT_EVERY + 40])
def test_a_cold_view_of_a_seat_holder_is_theirs(
    service: GameService, open_db: Callable[[], Storage], moves: int
) -> None:
    """A player's view rebuilt cold carries their seat and legal moves, as a warm one does."""
    game = service.create_game(2, seats={1: "random"}, seed=11, seat=0)
    view = service.view(game["id"], token=game["token"])
    while view["moves"] < moves and view["outcome"] is None:
        legal = view["legal"] if view["you"] == view["to_move"] else None
        if legal is None:
            break
        view = service.act(game["id"], game["token"], 0, expect_move=view["moves"])
    other = _played(service, 2, seed=6)
    cold = _cold(open_db())
    cold.view(other)
    view = cold.view(game["id"], token=game["token"])
    warm = service.view(game["id"], token=game["token"])
    if "narration_words" in view:  # no snapshot yet: the whole game was read
        assert view == warm
    else:
        assert view == _but_words(warm)


def test_a_cold_board_is_drawn_from_the_snapshot(
    service: GameService, open_db: Callable[[], Storage]
) -> None:
    """``board.svg`` of a game not in memory, at a move since its snapshot, replays only the
    moves after the snapshot, and draws what a replay of the whole game draws; before the
    snapshot, the whole game is read."""
    game_id = _played(service, 150)
    found = service.storage.snapshot(game_id)
    assert found is not None
    snapped, moves = found[0], service.view(game_id)["moves"]
    counted = _Counted(open_db())
    cold = _cold(counted)
    replayed = _cold(_Counted(open_db(), no_snapshots=True))
    seat = service.view(game_id, at=moves)["to_move"]
    for at, for_seat, language in ((moves, seat, "de"), (snapped, None, "en"), (2, None, "en")):
        counted.firsts.clear()
        drawn = cold.board_svg(game_id, at, for_seat, language)
        assert counted.firsts == [snapped if at >= snapped else 0]
        assert drawn == replayed.board_svg(game_id, at, for_seat, language)
