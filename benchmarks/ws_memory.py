"""Benchmark: the memory of ``tongiaki serve`` while 20,000 WebSockets open and close.

Starts a real server process on a fresh SQLite file (its socket limits
raised for the run), creates one game, then opens ``--total`` WebSockets
to it in rounds of ``--batch`` held open at once on loopback: each sends its
``hello``, reads the first view, and is closed when the round is full. The
server's resident memory (``VmRSS`` from ``/proc``) is read before the
first round, with each round open, after each round closed, and
``--settle`` seconds after the last. The script stops by itself.

    python benchmarks/ws_memory.py [--total 20000] [--batch 4000] [--settle 3]
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import socket
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import httpx
from websockets.asyncio.client import connect


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


def _rss_mb(pid: int) -> float:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    raise RuntimeError("no VmRSS")


async def _round(url: str, count: int, pid: int) -> tuple[float, int]:
    """Open ``count`` sockets (each: hello, first view), note the RSS, close them all."""
    sockets = []
    refused = 0
    gate = asyncio.Semaphore(200)  # handshakes in flight at once

    async def one() -> None:
        nonlocal refused
        async with gate:
            try:
                ws = await connect(url, max_size=None, open_timeout=60, ping_interval=None)
                await ws.send(json.dumps({"type": "hello", "token": None}))
                await asyncio.wait_for(ws.recv(), 60)
                sockets.append(ws)
            except Exception:
                refused += 1

    await asyncio.gather(*(one() for _ in range(count)))
    peak = _rss_mb(pid)
    await asyncio.gather(*(ws.close() for ws in sockets))
    return peak, refused


async def _main(total: int, batch: int, settle: float) -> None:
    folder = Path(tempfile.mkdtemp())
    port = _free_port()
    command = [
        sys.executable, "-m", "tongiaki_rules", "serve", "--port", str(port),
        "--db", str(folder / "g.sqlite3"), "--sockets-total", str(batch + 10),
        "--sockets-per-address", str(batch + 10),
    ]  # fmt: skip
    server = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        base = f"http://127.0.0.1:{port}"
        for _ in range(300):
            try:
                httpx.get(base + "/api/health", timeout=1)
                break
            except httpx.TransportError:
                time.sleep(0.1)
        gid = httpx.post(base + "/api/games", json={"players": 2}).json()["id"]
        url = f"ws://127.0.0.1:{port}/api/games/{gid}/ws"
        print(f"server pid {server.pid}; RSS at start {_rss_mb(server.pid):.1f} MB")
        opened = 0
        started = time.perf_counter()
        while opened < total:
            count = min(batch, total - opened)
            peak, refused = await _round(url, count, server.pid)
            opened += count
            await asyncio.sleep(0.5)
            print(
                f"round of {count}: RSS {peak:.1f} MB with them open, "
                f"{_rss_mb(server.pid):.1f} MB after closing ({opened} opened so far, "
                f"{refused} refused)"
            )
        await asyncio.sleep(settle)
        seconds = time.perf_counter() - started
        print(
            f"{opened} sockets in {seconds:.0f} s; RSS {settle:g} s later: "
            f"{_rss_mb(server.pid):.1f} MB"
        )
    finally:
        server.terminate()
        server.wait(timeout=30)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--total", type=int, default=20_000)
    parser.add_argument("--batch", type=int, default=4_000)
    parser.add_argument("--settle", type=float, default=3.0)
    args = parser.parse_args()
    if args.batch * 2 + 100 > os.sysconf("SC_OPEN_MAX"):
        raise SystemExit(f"--batch {args.batch}: needs ulimit -n over {args.batch * 2 + 100}")
    asyncio.run(_main(args.total, args.batch, args.settle))


if __name__ == "__main__":
    main()
