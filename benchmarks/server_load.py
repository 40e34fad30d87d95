"""Benchmark: ``tongiaki serve`` under 50 concurrent games of bots and scripted humans over HTTP.

Starts a real server process (``python -m tongiaki_rules serve``) on a
fresh SQLite file, then plays ``--games`` games at once for ``--seconds``
seconds: each game has one scripted human (a seeded random choice among the
legal actions the answer lists) against a greedy bot, every third game
also a random bot; a finished game is replaced by a new one. Every move
request is timed from send to answer (the answer is the new view, after
the bots and chance have moved and everything is committed).

Reports the human move requests per second, the moves stored per second
(humans, bots and chance draws: what the server accepted and committed),
and the p50/p99 latency of the move requests.

With ``--think S`` each human waits a random time (exponential, mean S
seconds) before each move, as people do; with the default 0 the humans
answer at once and the server runs flat out (the latency then is mostly
queueing behind the other 49 games).

With ``--no-svg`` the humans ask for views without the board's SVG
(``?svg=false``, the server's default since issue 27), as a front end that
draws its own board would; without it they ask for the old form
(``?svg=true``: the board's SVG, with its panel, in every answer).

With ``--cpu-per-move`` the run alternates between three forms in
``--rounds`` rounds on the same server (the old form; no SVG but the new
position's ``board.svg`` fetched after each answer, as the browser client
does; no SVG at all, as a front end drawing its own board), each for
``--seconds / (3 * rounds)``, and reports the server process's CPU time per
human move request in each, measured from ``/proc`` (Linux), with the ratios.

    python benchmarks/server_load.py [--games 50] [--seconds 30] [--think 0] [--no-svg]
                                     [--seed 1] [--cpu-per-move [--rounds 3]]
"""

from __future__ import annotations

import argparse
import asyncio
import os
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import httpx

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # the server tests' helper
from tests.server.live import live_server


class Load:
    """The counters of one run."""

    def __init__(self) -> None:
        self.latencies: list[float] = []
        self.moves = 0
        self.games = 0
        self.errors = 0


async def play_games(
    client: httpx.AsyncClient,
    k: int,
    seed: int,
    until: float,
    think: float,
    svg: bool,
    load: Load,
    board: bool = False,
) -> None:
    """Game after game in one lobby slot until the time is up.

    ``board``: after each answer, fetch the new position's ``board.svg`` as the browser client does.
    """
    rng = random.Random(f"{seed}:{k}")
    while time.perf_counter() < until:
        seats = {"1": "greedy", "2": "random"} if k % 3 == 0 else {"1": "greedy"}
        # one human seat (the creator's): a chosen seed is allowed
        body = {"players": len(seats) + 1, "seats": seats, "seed": rng.randrange(2**32), "seat": 0}
        game = (await client.post("/api/games", json=body)).json()
        load.games += 1
        headers = {"Authorization": f"Bearer {game['token']}"}
        params = {"svg": "true" if svg else "false"}
        view: dict[str, Any] = (
            await client.get(f"/api/games/{game['id']}", headers=headers)
        ).json()
        while "legal" in view and time.perf_counter() < until:
            if think:
                await asyncio.sleep(rng.expovariate(1 / think))
            move = {"action": rng.randrange(len(view["legal"])), "expect_move": view["moves"]}
            start = time.perf_counter()
            try:
                answer = await client.post(
                    f"/api/games/{game['id']}/actions", json=move, headers=headers, params=params
                )
            except httpx.TransportError:  # a kept-alive connection closed under us: ask again
                load.errors += 1
                url = f"/api/games/{game['id']}"
                view = (await client.get(url, headers=headers, params=params)).json()
                continue
            load.latencies.append(time.perf_counter() - start)
            if answer.status_code != 200:
                load.errors += 1
                break
            fresh = answer.json()
            if board:
                url = f"/api/games/{game['id']}/board.svg"
                await client.get(url, params={"at": fresh["moves"], "for": 0})
            load.moves += fresh["moves"] - view["moves"]
            view = fresh


async def run(
    base: str, games: int, seconds: float, think: float, svg: bool, seed: int, board: bool = False
) -> tuple[Load, float]:
    load = Load()
    limits = httpx.Limits(max_connections=games, max_keepalive_connections=games)
    async with httpx.AsyncClient(base_url=base, timeout=60, limits=limits) as client:
        start = time.perf_counter()
        until = start + seconds
        await asyncio.gather(
            *(play_games(client, k, seed, until, think, svg, load, board) for k in range(games))
        )
        return load, time.perf_counter() - start


def cpu_seconds(pid: int) -> float:
    """User plus system CPU time of process ``pid`` so far (Linux: ``/proc/<pid>/stat``)."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    ticks = os.sysconf("SC_CLK_TCK")
    return (int(fields[11]) + int(fields[12])) / ticks  # utime, stime


def cpu_per_move(base: str, pid: int, args: argparse.Namespace) -> None:
    """The forms interleaved on one server: CPU ms per human move request in each."""
    forms = {
        "before (SVG with its panel in every answer)": (True, False),
        "after, browser client (no SVG; board.svg fetched once per answer)": (False, True),
        "after, a front end drawing its own board (no SVG)": (False, False),
    }
    cpu = dict.fromkeys(forms, 0.0)
    requests = dict.fromkeys(forms, 0)
    span = args.seconds / (len(forms) * args.rounds)
    for k in range(args.rounds):
        for name, (svg, board) in forms.items():
            before = cpu_seconds(pid)
            load, _wall = asyncio.run(
                run(base, args.games, span, args.think, svg, args.seed + k, board)
            )
            cpu[name] += cpu_seconds(pid) - before
            requests[name] += len(load.latencies)
    print(f"{args.games} games, {args.rounds} rounds of {span:.1f} s per form, interleaved")
    per = {name: 1000 * cpu[name] / max(requests[name], 1) for name in forms}
    first = next(iter(forms))
    for name in forms:
        print(
            f"server CPU per human move, {name}: {per[name]:.2f} ms "
            f"({requests[name]} move requests, {cpu[name]:.1f} s CPU; "
            f"{per[first] / per[name]:.2f}x less than before)"
        )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=50, help="games played at once")
    parser.add_argument("--seconds", type=float, default=30.0, help="how long to play")
    parser.add_argument("--think", type=float, default=0.0, help="mean human think time (s)")
    parser.add_argument("--no-svg", action="store_true", help="views without the board's SVG")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument(
        "--cpu-per-move", action="store_true", help="server CPU per human move, both forms"
    )
    parser.add_argument("--rounds", type=int, default=3, help="rounds of --cpu-per-move")
    args = parser.parse_args()
    with (
        tempfile.TemporaryDirectory() as folder,
        # one client address plays every game: lift the per-address rate of new games
        live_server(Path(folder) / "games.sqlite3", "--games-per-minute", "100000") as (
            server,
            base,
        ),
    ):
        if args.cpu_per_move:
            cpu_per_move(base, server.pid, args)
            return
        load, wall = asyncio.run(
            run(base, args.games, args.seconds, args.think, not args.no_svg, args.seed)
        )
    ms = sorted(1000 * t for t in load.latencies)
    p99 = ms[min(len(ms) - 1, int(0.99 * len(ms)))] if ms else float("nan")
    print(
        f"{args.games} concurrent games for {wall:.1f} s (think {args.think} s, "
        f"svg {'no' if args.no_svg else 'yes'}), "
        f"{load.games} games started"
    )
    print(f"move requests: {len(ms)} ({len(ms) / wall:.1f}/s), failed: {load.errors}")
    print(f"moves stored (humans, bots, chance): {load.moves} ({load.moves / wall:.1f}/s)")
    if ms:
        print(f"latency of a move request: p50 {statistics.median(ms):.1f} ms, p99 {p99:.1f} ms")


if __name__ == "__main__":
    main()
