"""A real ``tongiaki serve`` process on a free port, for the tests that need one."""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager, suppress
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING, Any

import tongiaki_rules

if TYPE_CHECKING:
    import httpx

SOURCE = Path(tongiaki_rules.__file__).resolve().parents[1]


@cache
def http_client() -> httpx.Client:
    """One client for the tests' one-off requests (in place of ``httpx.get``/``httpx.post``).

    Like those, it sends each request on a new connection (no keep-alive) with httpx's default
    timeout; unlike them, it does not build a new TLS context for each request, which costs
    about 25 ms of CPU (loading the CA bundle) though the tests speak plain HTTP. httpx's
    clients may be shared between threads.
    """
    import httpx

    return httpx.Client(limits=httpx.Limits(max_keepalive_connections=0))


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


def start_server(
    db: Path | str, port: int, *options: str, log: Path | None = None
) -> subprocess.Popen[bytes]:
    """Start ``python -m tongiaki_rules serve [options]`` and wait until it answers.

    Its standard error is a pipe, or the file ``log`` (for long runs, whose log no one
    reads while they run: a full pipe would stop the server).
    """
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
    errors: Any = subprocess.PIPE if log is None else log.open("ab")
    process = subprocess.Popen(command, env=env, stdout=subprocess.DEVNULL, stderr=errors)
    if log is not None:
        errors.close()
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        if process.poll() is not None:
            said = process.stderr.read() if process.stderr else log.read_bytes()  # type: ignore[union-attr]
            raise RuntimeError(f"the server stopped: {said!r}")
        try:
            http_client().get(f"http://127.0.0.1:{port}/api/games", timeout=1.0)
            return process
        except httpx.TransportError:
            time.sleep(0.1)
    _kill(process)
    raise RuntimeError("the server did not answer within 30 s")


def worker_pids(pid: int) -> list[int]:
    """The live worker processes of a ``--workers`` server ``pid`` (uvicorn's, spawned by
    multiprocessing: not its resource tracker, nor a killed worker not yet reaped)."""
    found = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                fields = (entry / "stat").read_text().rsplit(")", 1)[1].split()
                command = (entry / "cmdline").read_bytes()
            except OSError:
                continue
            if int(fields[1]) == pid and fields[0] != "Z" and b"spawn_main" in command:
                found.append(int(entry.name))
    return found


def _children(pid: int) -> list[int]:
    found = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                fields = (entry / "stat").read_text().rsplit(")", 1)[1].split()
            except OSError:
                continue
            if int(fields[1]) == pid:
                found.append(int(entry.name))
    return found


@contextmanager
def live_server(
    db: Path | str, *options: str, log: Path | None = None
) -> Iterator[tuple[subprocess.Popen[bytes], str]]:
    """A running server on ``db`` (a path or URL), with more ``tongiaki serve`` options;
    killed at the end (with its worker processes, if it has any)."""
    port = free_port()
    process = start_server(db, port, *options, log=log)
    try:
        yield process, f"http://127.0.0.1:{port}"
    finally:
        _kill(process)
        if process.stderr is not None:
            process.stderr.close()


def _kill(process: subprocess.Popen[bytes]) -> None:
    """Kill ``process`` and its worker processes (left running, they would outlive the test)."""
    children = _children(process.pid)
    if process.poll() is None:
        process.kill()
    process.wait()
    for pid in children:
        with suppress(ProcessLookupError):
            os.kill(pid, signal.SIGKILL)
