"""Games and drawn boards kept in memory within budgets counted in measured bytes (issue 38).

The server keeps the games it serves, and the boards it draws, in caches
whose entries carry a measured size: the least recently used go once the
sizes add up to more than the budget. What goes is read back (a game from
the database) or drawn again, and answers the same.
"""

from __future__ import annotations

import gc
import sys
import tracemalloc
from pathlib import Path

import pytest

from tongiaki_rules import GameRecord
from tongiaki_rules.server import GameLog, GameService, MemoryBudget, SqliteStorage
from tongiaki_rules.server._memory import SizedCache, added_bytes
from tongiaki_rules.server._toncc_log import TonccLog, step_from_json


def _service(tmp_path: Path, **budget: int) -> GameService:
    return GameService(SqliteStorage(tmp_path / "games.sqlite3"), memory=MemoryBudget(**budget))


def _bot_game(service: GameService, seed: int, moves: int, game: str = "tongiaki") -> str:
    """A game of bots only, ``moves`` moves in (chance's too)."""
    players = 3 if game == "toncc" else 2
    seats = dict.fromkeys(range(players), "random")
    game_id: str = service.create_game(players, seats=seats, seed=seed, game=game)["id"]
    for _ in range(moves):
        if service.step(game_id) is None:
            break
    return game_id


def _kept(service: GameService) -> list[str]:
    """The ids of the games in memory, least recently used first."""
    return list(service._games)


def test_a_size_counts_only_what_a_value_does_not_share_with_the_older_one() -> None:
    text = "a" * 100
    inner = (text,)
    old = (inner, (7, 8))
    new = (inner, (7, 8, 9))  # small ints: Python keeps one of each
    assert added_bytes(new, old) == sys.getsizeof(new) + sys.getsizeof(new[1])
    assert added_bytes(new) == added_bytes(new, old) + sys.getsizeof(inner) + sys.getsizeof(text)
    assert added_bytes(old, old) == 0


def test_a_sized_cache_drops_the_least_recently_used_entries_over_its_budget() -> None:
    cache: SizedCache[int, str] = SizedCache(budget=100)
    for key in range(10):
        cache.put(key, str(key), 30)
        assert cache.total <= 100
    assert list(cache) == [7, 8, 9]
    cache.get(7)
    cache.put(10, "10", 30)
    assert list(cache) == [9, 7, 10]


def test_a_sized_cache_keeps_its_newest_entry_even_over_the_budget() -> None:
    cache: SizedCache[str, str] = SizedCache(budget=10)
    cache.put("small", "s", 5)
    cache.put("huge", "h", 50)
    assert list(cache) == ["huge"] and cache.total == 50


def test_a_sized_cache_keeps_the_first_value_put_under_a_key() -> None:
    cache: SizedCache[str, object] = SizedCache(budget=100)
    first, second = object(), object()
    assert cache.put("k", first, 10) is first
    assert cache.put("k", second, 10) is first
    cache.resize("k", second, 90)  # not the value kept: nothing changes
    assert cache.total == 10


def test_games_in_memory_stay_within_their_budget_the_least_recently_used_going(
    tmp_path: Path,
) -> None:
    probe = _service(tmp_path)
    one = probe.memory_use()["games_bytes"] if _bot_game(probe, 0, 30) else 0
    budget = 4 * one
    service = _service(tmp_path, games=budget)
    games = []
    for seed in range(12):
        games.append(_bot_game(service, seed, 30))
        service.view(games[-1])
        assert service.memory_use()["games_bytes"] <= budget
    kept = _kept(service)
    assert 2 <= len(kept) < len(games)
    assert kept == games[-len(kept) :]  # the newest are kept, the oldest went


def test_a_game_read_again_after_going_from_memory_answers_the_same(tmp_path: Path) -> None:
    roomy = _service(tmp_path)
    games = [_bot_game(roomy, seed, 25) for seed in range(3)]
    first = [roomy.view(g, at=k) for g in games for k in (0, 10, 25)]
    tight = GameService(roomy.storage, memory=MemoryBudget(games=1, boards=1))
    again = [tight.view(g, at=k) for g in games for k in (0, 10, 25)]
    assert again == first
    assert len(_kept(tight)) == 1  # only the newest: every other view read its game back


def test_a_game_going_from_memory_while_a_request_holds_it_stays_whole(tmp_path: Path) -> None:
    service = _service(tmp_path, games=1)
    mine = service.create_game(2, seats={1: "random"}, seed=3, seat=0)
    other = _bot_game(service, 4, 10)
    held = service._game(mine["id"])
    service.view(other)  # the budget holds one game: mine goes
    assert mine["id"] not in _kept(service)
    view = service.act(mine["id"], mine["token"], 0, expect_move=0)
    assert view["moves"] >= 1 and held.log.moves == 0  # read back, the held copy untouched
    assert service.view(mine["id"])["code"] == view["code"]


def test_boards_stay_within_their_budget_and_are_drawn_again_alike(tmp_path: Path) -> None:
    probe = _service(tmp_path)
    game = _bot_game(probe, 1, 40)
    probe.board_svg(game, 20, None)
    one = probe.memory_use()["boards_bytes"]
    budget = 5 * one
    service = GameService(probe.storage, memory=MemoryBudget(boards=budget))
    games = [game] + [_bot_game(service, seed, 40) for seed in (2, 3)]
    first = {}
    for game_id in games:
        for at in range(0, 40, 4):
            first[game_id, at] = service.board_svg(game_id, at, None)
            assert service.memory_use()["boards_bytes"] <= budget
    assert 3 <= service.memory_use()["boards"] < len(first)
    newest = list(service._boards)[-1]
    assert newest[:2] == (games[-1], 36)
    for (game_id, at), svg in first.items():
        assert service.board_svg(game_id, at, None) == svg


def test_a_boards_memory_is_shared_by_every_game_not_counted_per_game(tmp_path: Path) -> None:
    service = _service(tmp_path)
    games = [_bot_game(service, seed, 20) for seed in range(3)]
    before = service.memory_use()["games_bytes"]
    for game_id in games:
        for at in range(16):
            service.board_svg(game_id, at, None)
    use = service.memory_use()
    assert use["boards"] == 48 and use["boards_bytes"] > 48 * 1000
    assert use["games_bytes"] - before < use["boards_bytes"] // 10  # not in the games' sizes


def _traced(build: object) -> tuple[object, int]:
    """What ``build()`` returns, and the bytes it left allocated as tracemalloc sees them."""
    gc.collect()
    tracemalloc.start()
    try:
        made = build()  # type: ignore[operator]
        gc.collect()
        used = tracemalloc.get_traced_memory()[0]
    finally:
        tracemalloc.stop()
    return made, used


def test_a_tongiaki_games_measured_size_is_near_what_building_it_allocates(
    tmp_path: Path,
) -> None:
    service = _service(tmp_path)
    record = GameRecord.from_dict(service.record(_bot_game(service, 7, 150)))
    empty = GameRecord(record.num_players, rules=record.rules, tiles=record.tiles)

    def build() -> GameLog:
        log = GameLog(empty)
        for action in record.actions:
            log.extend(action)
        log.narration(log.moves)
        log.narration_rules(log.moves)
        return log

    log, used = _traced(build)
    assert isinstance(log, GameLog) and log.moves == 150
    assert used / 3 <= log.nbytes() <= used * 3


def test_a_logs_sampled_positions_stand_for_the_others_move_by_move(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """One position in four is walked: move after move, the log's size stays within a fifth
    of walking every position (as a server measures it, after each move)."""
    service = _service(tmp_path)
    record = GameRecord.from_dict(service.record(_bot_game(service, 3, 150)))
    empty = GameRecord(record.num_players, rules=record.rules, tiles=record.tiles)
    sampled, every = GameLog(empty), GameLog(empty)
    worst = 0.0
    for action in record.actions:
        sampled.extend(action)
        every.extend(action)
        size = sampled.nbytes()
        with monkeypatch.context() as patch:
            patch.setattr("tongiaki_rules.server._game_log._SAMPLED", 1)
            exact = every.nbytes()
        worst = max(worst, abs(size - exact) / exact)
    assert sampled.moves == 150
    assert worst < 0.2, worst  # 16 % at worst, in the opening; 7 % after 40 moves


def test_a_toncc_games_measured_size_is_near_what_building_it_allocates(tmp_path: Path) -> None:
    service = _service(tmp_path)
    game_id = _bot_game(service, 7, 120, game="toncc")
    steps = service.storage.moves(game_id, 0)
    settings = service._game(game_id).stored.settings

    def build() -> TonccLog:
        log = TonccLog(settings)
        for k, step in enumerate(steps):
            log.extend(step_from_json(step, f"moves[{k}]"))
        return log

    log, used = _traced(build)
    assert isinstance(log, TonccLog) and log.moves == len(steps) > 50
    assert used / 3 <= log.nbytes() <= used * 3


@pytest.mark.parametrize("field", ["games", "boards"])
def test_a_memory_budget_is_a_positive_number_of_bytes(field: str) -> None:
    for bad in (0, -1, 1.5, True):
        with pytest.raises(ValueError, match=field):
            MemoryBudget(**{field: bad})  # type: ignore[arg-type]
