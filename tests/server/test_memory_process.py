"""A real server process's memory while boards of many stored games are asked (issue 38,
point 3): it grows by no more than the documented allowance, about 1.5 times its two memory
budgets, however many games and boards are asked."""

from __future__ import annotations

import time
from pathlib import Path

import pytest

pytest.importorskip("fastapi", reason="the server needs the 'server' extra (fastapi)")
httpx = pytest.importorskip("httpx", reason="the test talks HTTP with httpx")
pytest.importorskip("uvicorn", reason="the test runs the real server")

from tongiaki_rules.narration import play_game  # noqa: E402
from tongiaki_rules.record import action_to_dict  # noqa: E402
from tongiaki_rules.server import GameService, SqliteStorage  # noqa: E402

from .live import live_server  # noqa: E402

MIB = 1 << 20
GAMES, POSITIONS, MOVES = 60, 16, 60
GAMES_MIB, BOARDS_MIB = 2, 1
ALLOWANCE = 1.5 * (GAMES_MIB + BOARDS_MIB) * MIB + 16 * MIB
"""The documented 1.5 times the budgets, and 16 MB for what a first answer of each kind
leaves behind (imports, the engine's caches, the allocator's arenas)."""


def _rss(pid: int) -> int:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) * 1024
    raise AssertionError("no VmRSS")


def test_boards_of_many_games_stay_within_the_budgets(db_path: Path) -> None:
    storage = SqliteStorage(db_path)
    try:
        service = GameService(storage)
        played = [[action_to_dict(a) for a in play_game(2, seed=s)[1][:MOVES]] for s in range(6)]
        ids = []
        for k in range(GAMES):  # free seats, no bot: nothing plays them in the background
            game_id = service.create_game(2)["id"]
            storage.append_moves(game_id, 0, played[k % len(played)], over=False)
            ids.append(game_id)
    finally:
        storage.close()
    options = ["--games-mib", str(GAMES_MIB), "--boards-mib", str(BOARDS_MIB)]
    options += ["--costly-reads-per-minute", "1000000"]
    with live_server(db_path, *options) as (process, base), httpx.Client(timeout=60) as client:
        assert client.get(f"{base}/api/games/{ids[0]}/board.svg", params={"at": 1}).is_success
        time.sleep(0.2)
        before = _rss(process.pid)
        for game_id in ids:
            for k in range(POSITIONS):
                at = round(k * MOVES / (POSITIONS - 1))
                url = f"{base}/api/games/{game_id}/board.svg"
                assert client.get(url, params={"at": at}).status_code == 200
        grown = _rss(process.pid) - before
    boards = GAMES * POSITIONS
    assert grown < ALLOWANCE, f"{grown / MIB:.1f} MiB more after {boards} boards"
