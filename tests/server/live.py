"""A real ``tongiaki serve`` process on a free port, for the tests that need one."""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import tongiaki_rules

SOURCE = Path(tongiaki_rules.__file__).resolve().parents[1]


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


def start_server(db: Path, port: int, *options: str) -> subprocess.Popen[bytes]:
    """Start ``python -m tongiaki_rules serve [options]`` and wait until it answers."""
    import httpx

    env = dict(os.environ, PYTHONPATH=str(SOURCE) + os.pathsep + os.environ.get("PYTHONPATH", ""))
    command = [
        sys.executable,
        "-m",
        "tongiaki_rules",
        "serve",
        "--port",
        str(port),
        "--db",
        str(db),
        *options,
    ]
    process = subprocess.Popen(command, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise RuntimeError(f"the server stopped: {process.stderr.read()!r}")  # type: ignore[union-attr]
        try:
            httpx.get(f"http://127.0.0.1:{port}/api/games", timeout=1.0)
            return process
        except httpx.TransportError:
            time.sleep(0.1)
    process.kill()
    raise RuntimeError("the server did not answer within 30 s")


@contextmanager
def live_server(db: Path, *options: str) -> Iterator[tuple[subprocess.Popen[bytes], str]]:
    """A running server on ``db``, with more ``tongiaki serve`` options; killed at the end."""
    port = free_port()
    process = start_server(db, port, *options)
    try:
        yield process, f"http://127.0.0.1:{port}"
    finally:
        if process.poll() is None:
            process.kill()
        process.wait()
        if process.stderr is not None:
            process.stderr.close()
