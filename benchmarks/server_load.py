"""Benchmark: ``tongiaki serve`` under 50 concurrent games of bots and scripted humans over HTTP.

Starts a real server process (``python -m tongiaki_rules serve``) on a
fresh SQLite file, then plays ``--games`` games at once for ``--seconds``
seconds: each game has one scripted human (a seeded random choice among the
legal actions the answer lists) against a greedy bot, every third game
also a random bot; a finished game is replaced by a new one. Every move
request is timed from send to answer (the answer is the view once the human's
move, and the chance draws right after it, are committed). The bots' replies
are played after the answer and pushed: each human holds its game's
WebSocket, as the browser client does, and moves again once a pushed view
gives it a choice; that wait (from the answer to the push) is timed too.

Reports the human move requests per second, the moves stored per second
(humans, bots and chance draws: what the server accepted and committed),
the p50/p90/p99 latency of the move requests and of the wait for the bots'
replies, and the load average before and after the run (the machine may be
shared: figures measured beside other work are slower).

With ``--think S`` each human waits a random time (exponential, mean S
seconds) before each move, as people do; with the default 0 the humans
answer at once and the server runs flat out (the latency then is mostly
queueing behind the other 49 games).

With ``--no-svg`` the humans ask for answers without the board's SVG
(``?svg=false`` on every move and view; ``--svg`` asks for it with
``?svg=true``), as a front end that draws its own board (or fetches it
separately) would.

This client paces its own cycle collector as the server does
(:class:`tongiaki_rules.server._gc.GcPacer`; ``--no-pace-client-gc`` leaves
it alone): otherwise its collections of the 50 games' connections and views
stop it for 50 to 100 ms every few seconds, and every request in flight is
timed that much slower than the server answered it.

``--workers N`` runs the server with N worker processes; ``--db`` picks the
database: ``sqlite`` (a fresh file, the default), ``postgresql`` (a fresh
PostgreSQL cluster in a temporary folder, from Debian's binaries, as the
tests start it) or a ``postgresql://`` URL of a server of your own (its
games are kept). The server's CPU time (every process of it, from
``/proc``) is reported per human move.

With ``--cpu-per-move`` the run alternates between three forms in
``--rounds`` rounds on the same server (the old form; no SVG but the new
position's ``board.svg`` fetched after each answer, as the browser client
does; no SVG at all, as a front end drawing its own board), each for
``--seconds / (3 * rounds)``, and reports the server process's CPU time per
human move request in each, measured from ``/proc`` (Linux), with the ratios.

    python benchmarks/server_load.py [--games 50] [--seconds 30] [--think 0] [--svg|--no-svg]
                                     [--workers 1] [--db sqlite|postgresql|URL] [--seed 1]
                                     [--no-pace-client-gc]
                                     [--cpu-per-move [--rounds 3]]
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import os
import random
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import httpx
from websockets.asyncio.client import connect as websocket_connect

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # the server tests' helpers
from tests.server.live import _children, live_server
from tests.server.pg import PostgresServer, find_bin


def cpu_seconds(pid: int) -> float:
    """The CPU time (user + system) of process ``pid`` and its live children, from /proc."""
    total = 0.0
    for one in [pid, *_children(pid)]:
        try:
            fields = Path(f"/proc/{one}/stat").read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        total += (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
    return total


class Load:
    """The counters of one run."""

    def __init__(self) -> None:
        self.latencies: list[float] = []
        self.replies: list[float] = []
        self.moves = 0
        self.games = 0
        self.errors = 0
        self.last = 0.0
        """When the last move's replies came in (``time.perf_counter``)."""


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
        created = await client.post("/api/games", json=body)
        if created.status_code != 201:
            raise SystemExit(f"a new game was refused: {created.status_code} {created.text}")
        game = created.json()
        load.games += 1
        headers = {"Authorization": f"Bearer {game['token']}"}
        params = {"svg": "true" if svg else "false"}
        socket_url = str(client.base_url).replace("http", "ws", 1) + f"/api/games/{game['id']}/ws"
        async with websocket_connect(f"{socket_url}?svg={params['svg']}") as socket:
            await socket.send(json.dumps({"type": "hello", "token": game["token"]}))
            await play_one(client, socket, game, headers, params, rng, until, think, load, board)


async def next_choice(socket: Any, after: int) -> dict[str, Any]:
    """The first view pushed with more than ``after`` moves where the player chooses (or the
    game is over): the bots' replies are in."""
    while True:
        message = json.loads(await socket.recv())
        if message.get("type") != "view":
            continue
        view: dict[str, Any] = message["view"]
        if view["moves"] > after and ("legal" in view or view["outcome"] is not None):
            return view


async def play_one(
    client: httpx.AsyncClient,
    socket: Any,
    game: dict[str, Any],
    headers: dict[str, str],
    params: dict[str, str],
    rng: random.Random,
    until: float,
    think: float,
    load: Load,
    board: bool,
) -> None:
    """One game, move after move, until it is over or the time is up."""
    view: dict[str, Any] = (
        await client.get(f"/api/games/{game['id']}", headers=headers, params=params)
    ).json()
    if "legal" not in view and view["outcome"] is None:  # a bot opens the game
        view = await asyncio.wait_for(next_choice(socket, view["moves"]), 60)
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
        if "legal" not in fresh and fresh["outcome"] is None:  # the bots reply: pushed
            answered = time.perf_counter()
            fresh = await asyncio.wait_for(next_choice(socket, fresh["moves"]), 60)
            load.replies.append(time.perf_counter() - answered)
        if board:
            url = f"/api/games/{game['id']}/board.svg"
            await client.get(url, params={"at": fresh["moves"], "for": 0})
        load.moves += fresh["moves"] - view["moves"]
        load.last = max(load.last, time.perf_counter())
        view = fresh


async def run(
    base: str, games: int, seconds: float, think: float, svg: bool, seed: int, board: bool = False
) -> tuple[Load, float]:
    """Each lobby slot is one player's own client with one kept-alive connection, as a
    browser tab's: its requests reach the same worker process while the connection lasts.

    The seconds returned are those of play, to the last move's replies: closing the
    sockets afterwards (a socket may take seconds to close) is not counted in the rates.
    """
    load = Load()
    one = httpx.Limits(max_connections=1, max_keepalive_connections=1)
    async with contextlib.AsyncExitStack() as stack:
        clients = [
            await stack.enter_async_context(
                httpx.AsyncClient(base_url=base, timeout=60, limits=one)
            )
            for _ in range(games)
        ]
        pacing = asyncio.create_task(_pace_gc()) if PACE_CLIENT_GC else None
        start = time.perf_counter()
        until = start + seconds
        await asyncio.gather(
            *(play_games(clients[k], k, seed, until, think, svg, load, board) for k in range(games))
        )
        if pacing is not None:
            pacing.cancel()
        return load, (load.last or time.perf_counter()) - start


PACE_CLIENT_GC = True
"""Whether this client paces its own cycle collector as the server does (``--pace-client-gc``)."""


async def _pace_gc() -> None:
    """This client's own collector paced as the server's is (:class:`GcPacer`): its
    collections of 50 games' connections and views otherwise stop it for 50 to 100 ms
    every few seconds, and every request in flight is timed that much slower."""
    from tongiaki_rules.server._gc import GcPacer

    await GcPacer().run()


def percentiles(ms: list[float]) -> str:
    """p50, p90 and p99 of sorted milliseconds, as text."""
    parts = []
    for name, q in (("p50", 0.5), ("p90", 0.9), ("p99", 0.99)):
        parts.append(f"{name} {ms[min(len(ms) - 1, int(q * len(ms)))]:.1f} ms")
    return ", ".join(parts) + f" ({len(ms)} timed)"


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
    parser.add_argument(
        "--svg",
        action=argparse.BooleanOptionalAction,
        default=True,
        help="ask for the board's SVG in every answer (--no-svg: ?svg=false)",
    )
    parser.add_argument("--workers", type=int, default=1, help="server worker processes")
    parser.add_argument(
        "--db", default="sqlite", help="sqlite, postgresql (a fresh cluster) or a postgresql:// URL"
    )
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument(
        "--pace-client-gc",
        action=argparse.BooleanOptionalAction,
        default=True,
        help="pace this client's own cycle collector as the server does (its pauses are timed)",
    )
    parser.add_argument(
        "--cpu-per-move", action="store_true", help="server CPU per human move, both forms"
    )
    parser.add_argument("--rounds", type=int, default=3, help="rounds of --cpu-per-move")
    args = parser.parse_args()
    global PACE_CLIENT_GC
    PACE_CLIENT_GC = args.pace_client_gc
    with contextlib.ExitStack() as stack:
        folder = stack.enter_context(tempfile.TemporaryDirectory())
        database_pid: int | None = None  # PostgreSQL's postmaster, when this run started it
        if args.db == "sqlite":
            db = str(Path(folder) / "games.sqlite3")
        elif args.db == "postgresql":
            bin_dir, why = find_bin()
            if bin_dir is None:
                raise SystemExit(f"--db postgresql: {why}")
            cluster = PostgresServer(bin_dir, fsync=True)
            stack.callback(cluster.close)
            db = cluster.url()
            database_pid = int((cluster.data / "postmaster.pid").read_text().split()[0])
        else:
            db = args.db
        # one client address plays every game: lift the per-address rate of new games and
        # its count of sockets
        options = ["--games-per-minute", "100000", "--sockets-per-address", "1000"]
        options += ["--workers", str(args.workers)] if args.workers > 1 else []
        log = Path(folder) / "server.log"
        server, base = stack.enter_context(live_server(db, *options, log=log))
        time.sleep(1.0 if args.workers > 1 else 0.0)  # every worker up
        if args.cpu_per_move:
            cpu_per_move(base, server.pid, args)
            return

        def database_cpu() -> float:
            return 0.0 if database_pid is None else cpu_seconds(database_pid)

        load_before = os.getloadavg()
        cpu_before, client_before = cpu_seconds(server.pid), time.process_time()
        database_before = database_cpu()
        try:
            load, wall = asyncio.run(
                run(base, args.games, args.seconds, args.think, args.svg, args.seed)
            )
        finally:
            said = log.read_text(errors="replace").strip()
            if said:
                print("the server's log:\n" + said[-4000:], file=sys.stderr)
        load_after = os.getloadavg()
        cpu = cpu_seconds(server.pid) - cpu_before
        client_cpu = time.process_time() - client_before
        database = database_cpu() - database_before
    ms = sorted(1000 * t for t in load.latencies)
    print(
        f"{args.games} concurrent games, {wall:.1f} s of play (think {args.think} s, "
        f"svg {'yes' if args.svg else 'no'}, {args.workers} worker(s), {args.db.split('@')[-1]}), "
        f"{load.games} games started"
    )
    print(f"move requests: {len(ms)} ({len(ms) / wall:.1f}/s), failed: {load.errors}")
    print(f"moves stored (humans, bots, chance): {load.moves} ({load.moves / wall:.1f}/s)")
    print("load average (1, 5, 15 min) before: {:.2f} {:.2f} {:.2f}".format(*load_before))
    print("load average (1, 5, 15 min) after:  {:.2f} {:.2f} {:.2f}".format(*load_after))
    if ms:
        print(f"latency of a move request: {percentiles(ms)}")
        replies = sorted(1000 * t for t in load.replies)
        if replies:
            print(f"wait from a move's answer to the bots' replies pushed: {percentiles(replies)}")
        print(f"server CPU per human move: {1000 * cpu / len(ms):.2f} ms ({cpu:.1f} s in all)")
        if database_pid is not None:
            print(f"PostgreSQL's CPU per human move: {1000 * database / len(ms):.2f} ms")
        print(f"this load client's CPU per human move: {1000 * client_cpu / len(ms):.2f} ms")


if __name__ == "__main__":
    main()
