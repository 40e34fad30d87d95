"""``tongiaki serve``: the game server with its browser client (needs the ``server`` extra).

Starts the ASGI application of :mod:`tongiaki_rules.server.app` on uvicorn,
at ``http://127.0.0.1:8000/`` unless told otherwise. Games are kept in the
SQLite file ``--db PATH``, by default
``$XDG_DATA_HOME/tongiaki/games.sqlite3`` (or
``~/.local/share/tongiaki/games.sqlite3``). Without FastAPI and uvicorn
installed, the command says so in one line with the ``pip`` command that
installs them. ``--bot-delay SECONDS`` (default 0.3) paces the moves bots
and chance make while no human is to move, so spectators can follow them.

>>> from tongiaki_rules.cli import main
>>> main(["serve", "--port", "http"])  # the message goes to stderr
Traceback (most recent call last):
...
SystemExit: 2
"""

from __future__ import annotations

import argparse
import importlib.util
from pathlib import Path
from typing import Any

from .common import CliError

__all__ = ["add_parser", "run"]

INSTALL_HINT = "pip install 'tongiaki_rules[server]'"
DEFAULT_BOT_DELAY = 0.3
"""Seconds between background bot moves (the same as ``tongiaki_rules.server.driver``'s)."""
MAX_BOT_DELAY = 60.0


def add_parser(sub: Any) -> None:
    """Register ``tongiaki serve``."""
    parser = sub.add_parser(
        "serve",
        help="serve games over HTTP, with a browser client",
        description="Serve Tongiaki games: a JSON API (OpenAPI at /api/openapi.json), "
        "a WebSocket per game and the browser client at /. Needs the 'server' extra.",
    )
    parser.add_argument(
        "--host", default="127.0.0.1", help="address to listen on (default: 127.0.0.1)"
    )
    parser.add_argument(
        "--port", type=_port, default=8000, help="port to listen on (default: 8000)"
    )
    parser.add_argument(
        "--db",
        type=Path,
        default=None,
        metavar="PATH",
        help="the SQLite file of the games (default: $XDG_DATA_HOME/tongiaki/games.sqlite3)",
    )
    parser.add_argument(
        "--bot-delay",
        type=_delay,
        default=DEFAULT_BOT_DELAY,
        metavar="SECONDS",
        help="pause before each move a bot or chance makes while no human is to move "
        f"(default: {DEFAULT_BOT_DELAY}; 0 to play them at once)",
    )
    parser.set_defaults(run=run)


def _port(text: str) -> int:
    if not text.isdigit() or not 0 <= int(text) <= 65535:
        raise argparse.ArgumentTypeError(f"a port is a number from 0 to 65535, not {text!r}")
    return int(text)


def _delay(text: str) -> float:
    try:
        seconds = float(text)
    except ValueError:
        seconds = -1.0
    if not 0 <= seconds <= MAX_BOT_DELAY:  # also refuses nan and inf
        raise argparse.ArgumentTypeError(
            f"a delay is a number of seconds from 0 to {MAX_BOT_DELAY}, not {text!r}"
        )
    return seconds


def run(args: argparse.Namespace) -> int:
    """Serve until interrupted."""
    missing = [name for name in ("fastapi", "uvicorn") if importlib.util.find_spec(name) is None]
    if missing:
        raise CliError(f"{' and '.join(missing)} not installed; install with: {INSTALL_HINT}")
    import uvicorn

    from ..server.app import create_app
    from ..server.storage import default_db_path

    db = args.db if args.db is not None else default_db_path()
    try:
        app = create_app(db, bot_delay=args.bot_delay)
    except OSError as exc:
        raise CliError(f"--db {db}: {exc.strerror or exc}") from None
    except Exception as exc:  # sqlite3.DatabaseError: not a database, locked, ...
        raise CliError(f"--db {db}: {exc}") from None
    print(f"tongiaki serve: http://{args.host}:{args.port}/ (games in {db})", flush=True)
    uvicorn.run(app, host=args.host, port=args.port, log_level="warning")
    return 0
