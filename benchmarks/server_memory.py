"""Benchmark: the memory of the game server while ``board.svg`` is asked of 1,000 games.

Issue 38 found that asking ``board.svg`` at 16 positions of each of 1,000
games grew a server from 343 to 1,375 MB, for good: each game kept 16
drawn boards, and the server 1,000 games. This script measures that.

It runs two processes on a fresh SQLite file, each importing the package
from ``--src`` (default: the tree this script belongs to; pass another
tree's ``src`` to compare two versions):

1. the writer creates ``--games`` games of two ``random`` bots and plays
   ``--moves`` moves of each (stored as the server stores them);
2. the server builds the application (``create_app``, as ``tongiaki serve``
   does) and, through FastAPI's ``TestClient``, asks each game's
   ``board.svg`` at ``--positions`` positions spread over its moves. It
   reads its resident memory (``VmRSS`` and its peak ``VmHWM`` from
   ``/proc``) before the first request and after the last, and prints them
   as JSON.

With ``--live``, step 2 is a real ``tongiaki serve`` process instead (one
worker, its default memory budgets, the limits on games and costly reads
raised out of the way), asked over HTTP on one kept-alive connection; the
script reads the server process's memory from ``/proc``, after a view of
one game (the server has started) and after the last board.

    python benchmarks/server_memory.py [--games 1000] [--positions 16] [--moves 40]
    python benchmarks/server_memory.py --src ../main/src   # another version
    python benchmarks/server_memory.py --live --games 1000  # a real server process
"""

from __future__ import annotations

import argparse
import gc
import json
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve()
SRC = HERE.parents[1] / "src"


def _memory_mb(pid: int | str = "self") -> dict[str, float]:
    """The resident memory of process ``pid`` (this one) now and at its peak, in MB."""
    found = {}
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        key, _, value = line.partition(":")
        if key in ("VmRSS", "VmHWM"):
            found[key] = int(value.split()[0]) / 1024
    return {"rss": found["VmRSS"], "peak": found["VmHWM"]}


def write(db: Path, games: int, moves: int) -> None:
    """Create ``games`` bot games of ``moves`` moves each in ``db``; their ids to stdout."""
    from tongiaki_rules.server import GameService, SqliteStorage

    service = GameService(SqliteStorage(db))
    ids = []
    for seed in range(games):
        game = service.create_game(2, seats={0: "random", 1: "random"}, seed=seed)
        for _ in range(moves):
            if service.step(game["id"]) is None:
                break
        ids.append(game["id"])
    print(json.dumps(ids))


def serve(db: Path, ids: list[str], positions: int) -> None:
    """Ask ``board.svg`` at ``positions`` positions of each game; the memory as JSON."""
    from fastapi.testclient import TestClient

    import tongiaki_rules
    from tongiaki_rules.server.app import create_app

    client = TestClient(create_app(db, bot_delay=0.0))  # no lifespan: no background bots
    moves = client.get(f"/api/games/{ids[0]}").json()["moves"]
    gc.collect()
    before = _memory_mb()
    start = time.perf_counter()
    asked = 0
    for game_id in ids:
        moves = client.get(f"/api/games/{game_id}").json()["moves"]
        for k in range(positions):
            at = round(k * moves / max(1, positions - 1))
            answer = client.get(f"/api/games/{game_id}/board.svg", params={"at": at})
            answer.raise_for_status()
            asked += 1
    seconds = time.perf_counter() - start
    gc.collect()
    after = _memory_mb()
    result = {
        "source": str(Path(tongiaki_rules.__file__).parent),
        "games": len(ids),
        "boards_asked": asked,
        "seconds": round(seconds, 1),
        "rss_before_mb": round(before["rss"], 1),
        "rss_after_mb": round(after["rss"], 1),
        "peak_mb": round(after["peak"], 1),
    }
    print(json.dumps(result))


def serve_live(db: Path, ids: list[str], positions: int) -> None:
    """As :func:`serve`, through a real ``tongiaki serve`` process on ``db``."""
    import socket

    import httpx

    import tongiaki_rules

    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    command = [sys.executable, "-m", "tongiaki_rules", "serve", f"--port={port}", f"--db={db}"]
    command += ["--costly-reads-per-minute=100000000", "--games-per-minute=100000000"]
    server = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    base = f"http://127.0.0.1:{port}"
    try:
        with httpx.Client(base_url=base, timeout=60) as client:
            deadline = time.monotonic() + 60
            while True:
                try:
                    moves = client.get(f"/api/games/{ids[0]}").json()["moves"]
                    break
                except httpx.TransportError:
                    if time.monotonic() > deadline:
                        raise
                    time.sleep(0.2)
            before = _memory_mb(server.pid)
            start = time.perf_counter()
            asked = 0
            for game_id in ids:
                moves = client.get(f"/api/games/{game_id}").json()["moves"]
                for k in range(positions):
                    at = round(k * moves / max(1, positions - 1))
                    answer = client.get(f"/api/games/{game_id}/board.svg", params={"at": at})
                    answer.raise_for_status()
                    asked += 1
            seconds = time.perf_counter() - start
            after = _memory_mb(server.pid)
            health = client.get("/api/health").status_code
    finally:
        server.terminate()
        server.wait(timeout=30)
    result = {
        "source": str(Path(tongiaki_rules.__file__).parent),
        "server": "a tongiaki serve process, 1 worker, default budgets",
        "games": len(ids),
        "boards_asked": asked,
        "seconds": round(seconds, 1),
        "rss_before_mb": round(before["rss"], 1),
        "rss_after_mb": round(after["rss"], 1),
        "peak_mb": round(after["peak"], 1),
        "health": health,
    }
    print(json.dumps(result))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--positions", type=int, default=16)
    parser.add_argument("--moves", type=int, default=40)
    parser.add_argument("--src", type=Path, default=SRC, help="the package tree to import")
    parser.add_argument("--live", action="store_true", help="ask a real server process")
    parser.add_argument("--role", choices=("write", "serve", "live"), help=argparse.SUPPRESS)
    parser.add_argument("--db", type=Path, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.role == "write":
        write(args.db, args.games, args.moves)
        return
    if args.role in ("serve", "live"):
        reader = serve_live if args.role == "live" else serve
        reader(args.db, json.loads(sys.stdin.read()), args.positions)
        return
    env = dict(os.environ, PYTHONPATH=str(args.src.resolve()))
    with tempfile.TemporaryDirectory() as folder:
        db = Path(folder) / "games.sqlite3"
        common = [sys.executable, str(HERE), f"--db={db}"]
        written = subprocess.run(
            [*common, "--role=write", f"--games={args.games}", f"--moves={args.moves}"],
            env=env,
            check=True,
            capture_output=True,
            text=True,
        ).stdout
        role = "live" if args.live else "serve"
        served = subprocess.run(
            [*common, f"--role={role}", f"--positions={args.positions}"],
            env=env,
            check=True,
            capture_output=True,
            text=True,
            input=written.strip().splitlines()[-1],
        ).stdout
    print(served.strip().splitlines()[-1])


if __name__ == "__main__":
    main()
