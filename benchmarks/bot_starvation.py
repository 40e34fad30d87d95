"""Benchmark: do quick bots' replies wait behind other games' MCTS searches? (issue 38, point 1)

Starts a real ``tongiaki serve`` (``--bot-workers 2``, the default cap of
2000 MCTS iterations) on a fresh SQLite file and plays, for ``--seconds``
seconds each, two phases:

* **quiet**: ``--players`` players (5), each in a game of its own against a
  greedy bot, each its own client, moving at once (a seeded random legal
  action);
* **loaded**: the same players, while one more client plays ``--hogs``
  games (2) of one human against five ``mcts:iterations=2000`` bots, and
  ``--bot-games`` games (4) of six MCTS bots play in the background.

For the greedy players it reports the moves made, and the p50, p90 and
worst time from a move request sent to the greedy bot's reply seen (since
issue 38, point 2, the answer comes once the move is stored and the reply
is pushed after it: the player waits for it on the game's WebSocket; with
an older server the answer carries the reply). Run it against the code
before fair scheduling by pointing ``PYTHONPATH`` at that tree's ``src``:
the server process imports the ``tongiaki_rules`` this script imports.

    python benchmarks/bot_starvation.py [--seconds 20] [--players 5] [--hogs 2] [--bot-games 4]
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import httpx
from server_load import next_choice  # this folder's: the first view that is the human's again
from websockets.asyncio.client import connect as websocket_connect

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # the server tests' helpers
from tests.server.live import live_server

import tongiaki_rules

MCTS = "mcts:iterations=2000"


async def play(
    client: httpx.AsyncClient,
    seats: dict[str, str],
    rng: random.Random,
    until: float,
    latencies: list[float] | None,
) -> None:
    """Games of one human (seat 0) against ``seats`` until the time is up; time each move."""
    while time.perf_counter() < until:
        body = {"players": len(seats) + 1, "seats": seats, "seed": rng.randrange(2**32), "seat": 0}
        created = await client.post("/api/games", json=body)
        if created.status_code != 201:
            raise SystemExit(f"a new game was refused: {created.status_code} {created.text}")
        game = created.json()
        headers = {"Authorization": f"Bearer {game['token']}"}
        url = f"/api/games/{game['id']}"
        view: dict[str, Any] = (await client.get(url, headers=headers)).json()
        while "legal" not in view and view["outcome"] is None and time.perf_counter() < until:
            await asyncio.sleep(0.05)  # a bot opens the game: wait for the background move
            view = (await client.get(url, headers=headers)).json()
        socket_url = str(client.base_url).replace("http", "ws", 1) + f"{url}/ws"
        async with websocket_connect(socket_url) as socket:
            await socket.send(json.dumps({"type": "hello", "token": game["token"]}))
            while "legal" in view and time.perf_counter() < until:
                move = {"action": rng.randrange(len(view["legal"])), "expect_move": view["moves"]}
                start = time.perf_counter()
                answer = await client.post(f"{url}/actions", json=move, headers=headers)
                if answer.status_code != 200:
                    break
                view = answer.json()
                if "legal" not in view and view["outcome"] is None:  # the reply is pushed
                    view = await asyncio.wait_for(next_choice(socket, view["moves"]), 120)
                if latencies is not None:
                    latencies.append(time.perf_counter() - start)


async def phase(
    base: str, args: argparse.Namespace, loaded: bool
) -> tuple[list[float], list[float]]:
    """The greedy players' move latencies, with or without the MCTS games beside them, and
    the MCTS games' human's (each answered after five searches)."""
    latencies: list[float] = []
    searched: list[float] = []
    async with contextlib.AsyncExitStack() as stack:

        async def client() -> httpx.AsyncClient:
            return await stack.enter_async_context(httpx.AsyncClient(base_url=base, timeout=120))

        until = time.perf_counter() + args.seconds
        plays = [
            play(
                await client(), {"1": "greedy"}, random.Random(f"{args.seed}:{k}"), until, latencies
            )
            for k in range(args.players)
        ]
        if loaded:
            hog = await client()  # one address, several games
            mcts = {str(k): MCTS for k in range(1, 6)}
            plays += [
                play(hog, mcts, random.Random(f"{args.seed}:hog:{k}"), until, searched)
                for k in range(args.hogs)
            ]
            bots = {str(k): MCTS for k in range(6)}
            for _ in range(args.bot_games):
                body = {"players": 6, "seats": bots}
                assert (await hog.post("/api/games", json=body)).status_code == 201
        await asyncio.gather(*plays)
    return latencies, searched


def report(name: str, latencies: list[float], seconds: float, what: str = "greedy") -> None:
    ms = sorted(1000 * t for t in latencies)
    if not ms:
        print(f"{name}: no {what}-game move answered")
        return
    p90 = ms[min(len(ms) - 1, int(0.9 * len(ms)))]
    print(
        f"{name}: {len(ms)} {what}-game moves in {seconds:.0f} s; "
        f"p50 {statistics.median(ms):.0f} ms, p90 {p90:.0f} ms, worst {ms[-1]:.0f} ms"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seconds", type=float, default=20.0, help="how long each phase plays")
    parser.add_argument("--players", type=int, default=5, help="players against a greedy bot")
    parser.add_argument("--hogs", type=int, default=2, help="games of 1 human vs 5 MCTS bots")
    parser.add_argument("--bot-games", type=int, default=4, help="games of 6 MCTS bots")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    print(f"tongiaki_rules from {Path(tongiaki_rules.__file__).parent}")
    with tempfile.TemporaryDirectory() as folder:
        db = Path(folder) / "games.sqlite3"
        options = ["--games-per-minute", "100000", "--bot-workers", "2"]
        with live_server(db, *options, log=Path(folder) / "server.log") as (_server, base):
            report("quiet ", asyncio.run(phase(base, args, loaded=False))[0], args.seconds)
            greedy, mcts = asyncio.run(phase(base, args, loaded=True))
            report("loaded", greedy, args.seconds)
            report("loaded", mcts, args.seconds, "MCTS")


if __name__ == "__main__":
    main()
