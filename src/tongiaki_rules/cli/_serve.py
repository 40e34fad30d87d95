"""``tongiaki serve``: the game server with its browser client (needs the ``server`` extra).

Starts the ASGI application of :mod:`tongiaki_rules.server.app` on uvicorn,
at ``http://127.0.0.1:8000/`` unless told otherwise. Games are kept in the
SQLite file ``--db PATH`` (or ``sqlite:///PATH``), by default
``$XDG_DATA_HOME/tongiaki/games.sqlite3`` (or
``~/.local/share/tongiaki/games.sqlite3``), or in the PostgreSQL database
``--db postgresql://...`` (the ``postgres`` extra). ``--workers N`` runs N
server processes on the one port (uvicorn's worker processes), all on that
database. Without FastAPI and uvicorn
installed, the command says so in one line with the ``pip`` command that
installs them. ``--bot-delay SECONDS`` (default 0.3) paces the moves bots
and chance make where no human's move asked for them (games of bots only, a
bot opening a game), so spectators can follow them; the replies to a human's
move come at once, after its answer.
The limits (games and seat claims a minute per address, WebSockets,
timeouts, bot work, the memory of games and boards) have safe defaults,
each an option; ``--allow-host``
names the host names the server answers for (by default the address it
listens on, and ``localhost``/``127.0.0.1``/``::1`` on loopback), and
``--allow-origin`` the other sites whose pages may open its WebSocket.

>>> from tongiaki_rules.cli import main
>>> main(["serve", "--port", "http"])  # the message goes to stderr
Traceback (most recent call last):
...
SystemExit: 2
"""

from __future__ import annotations

import argparse
import importlib.util
import ipaddress
import json
import logging
import os
from typing import Any

from ._common import CliError

__all__ = ["add_parser", "run"]

INSTALL_HINT = "pip install 'tongiaki_rules[server]'"
DEFAULT_BOT_DELAY = 0.3
"""Seconds between background bot moves (the same as ``tongiaki_rules.server._driver``'s)."""
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
        default=None,
        metavar="PATH|URL",
        help="the games' database: an SQLite file (PATH or sqlite:///PATH; default: "
        "$XDG_DATA_HOME/tongiaki/games.sqlite3) or postgresql://user@host/database",
    )
    parser.add_argument(
        "--workers",
        type=_positive(int, "workers"),
        default=1,
        metavar="N",
        help="server processes on the one port, sharing the database (default: 1)",
    )
    parser.add_argument(
        "--bot-delay",
        type=_delay,
        default=DEFAULT_BOT_DELAY,
        metavar="SECONDS",
        help="pause before each move a bot or chance makes where no human's move asked for "
        f"it (default: {DEFAULT_BOT_DELAY}; 0 to play them at once); replies come at once",
    )
    _add_security(parser)
    _add_limits(parser)
    parser.set_defaults(run=run)


def _add_security(parser: argparse.ArgumentParser) -> None:
    group = parser.add_argument_group("browser safety")
    group.add_argument(
        "--allow-host",
        action="append",
        default=[],
        metavar="NAME",
        help="a host name the server answers for (repeatable; '*' for any). Default: the --host "
        "address, plus localhost, 127.0.0.1 and ::1 when it is a loopback address",
    )
    group.add_argument(
        "--allow-origin",
        action="append",
        default=[],
        metavar="ORIGIN",
        help="another origin (https://example.org) whose pages may open the WebSocket "
        "(repeatable; the server's own origin always may)",
    )
    group.add_argument(
        "--trust-proxy",
        default=None,
        metavar="ADDRESSES",
        help="addresses of a reverse proxy whose X-Forwarded-For names the client "
        "(comma-separated); by default none is trusted",
    )


def _add_limits(parser: argparse.ArgumentParser) -> None:
    from ..server._limits import ServeLimits

    default = ServeLimits()
    group = parser.add_argument_group("limits (a client over one gets 429 with Retry-After)")
    for name, kind, help_text in (
        ("games_per_minute", int, "games one client address may create a minute"),
        ("claims_per_minute", int, "seats one client address may claim a minute"),
        (
            "costly_reads_per_minute",
            int,
            "reads one client address may make a minute that cost work: views of games not "
            "in memory, boards not drawn yet, steps of many moves",
        ),
        ("sockets_per_address", int, "WebSockets one client address may hold open"),
        ("sockets_total", int, "WebSockets open in all"),
        ("socket_idle", float, "seconds a silent WebSocket stays open"),
        ("header_timeout", float, "seconds a request's headers may take to arrive"),
        ("body_timeout", float, "seconds a request's body may take to arrive"),
        ("bot_workers", int, "MCTS searches at once, one per game (at most the cores)"),
        ("max_mcts_iterations", int, "MCTS iterations a move, at most, for any bot seat"),
        ("max_think_seconds", float, "seconds an MCTS seat thinks a move, at most"),
        ("bot_games", int, "games of bots only played at once; the others wait"),
        ("games_mib", int, "MiB of games kept in memory (the least recently used go)"),
        ("boards_mib", int, "MiB of drawn boards kept in memory, all games together"),
        ("search_positions", int, "positions the look-ahead of one decision may expand (503)"),
        ("min_clock", int, "the shortest clock a game may have, in seconds a move"),
        ("max_clock", int, "the longest clock a game may have, in seconds a move"),
    ):
        group.add_argument(
            "--" + name.replace("_", "-"),
            type=_positive(kind, name),
            default=getattr(default, name),
            metavar="N" if kind is int else "SECONDS",
            help=f"{help_text} (default: {getattr(default, name)})",
        )

    group.add_argument(
        "--turn-timeout",
        type=_positive(float, "turn_timeout"),
        default=default.turn_timeout,
        metavar="SECONDS",
        help="seconds a claimed seat may take to move; then the game's greedy bot moves for "
        "it, one move at a time (default: no limit)",
    )


def _positive(kind: type, name: str) -> Any:
    def parse(text: str) -> int | float:
        try:
            value = kind(text)
        except ValueError:
            value = 0
        if not 0 < value < 10**9:  # also refuses nan and inf
            raise argparse.ArgumentTypeError(
                f"--{name.replace('_', '-')} is a positive number, not {text!r}"
            )
        return value  # type: ignore[no-any-return]

    return parse


def allowed_hosts(host: str, named: list[str]) -> list[str] | None:
    """The host names the server answers for: ``named``, or those of the bound address.

    ``None`` means any (``--allow-host '*'``).

    >>> allowed_hosts("127.0.0.1", [])
    ['127.0.0.1', 'localhost', '::1']
    >>> allowed_hosts("192.0.2.7", ["games.example.org"])
    ['games.example.org']
    """
    if "*" in named:
        return None
    if named:
        return named
    try:
        address = ipaddress.ip_address(host)
    except ValueError:
        return [host] + (["127.0.0.1", "::1"] if host == "localhost" else [])
    if address.is_unspecified:
        raise CliError(
            f"--host {host} listens on every address: name the host names clients use "
            "with --allow-host (or --allow-host '*' to answer any)"
        )
    if address.is_loopback:
        return list(dict.fromkeys([host, "127.0.0.1", "localhost", "::1"]))
    return [host]


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
    import attrs
    import uvicorn

    from ..server._http_timeouts import header_timeout_protocol
    from ..server._limits import ServeLimits
    from ..server._workers import APP, SETTINGS
    from ..server.app import create_app, interleave_threads
    from ..server.storage import default_db_path, is_postgres_url, masked_db, open_storage

    hosts = allowed_hosts(args.host, args.allow_host)
    limits = ServeLimits(**{f.name: getattr(args, f.name) for f in attrs.fields(ServeLimits)})
    db = args.db if args.db is not None else str(default_db_path())
    if is_postgres_url(db) and importlib.util.find_spec("psycopg_pool") is None:
        raise CliError(
            f"--db {masked_db(db)}: PostgreSQL needs psycopg; install with: "
            "pip install 'tongiaki_rules[postgres]'"
        )
    interleave_threads()  # quick bots' replies take turns with searches (one process, one GIL)
    logging.basicConfig(
        level=logging.WARNING, format="%(asctime)s %(levelname)s %(name)s: %(message)s"
    )
    try:
        storage = open_storage(db)  # made (and migrated) once here, before any worker starts
        app = (
            create_app(
                storage,
                bot_delay=args.bot_delay,
                limits=limits,
                allowed_hosts=hosts,
                allowed_origins=args.allow_origin,
                pace_gc=True,
            )
            if args.workers == 1
            else None
        )
    except OSError as exc:
        raise CliError(f"--db {masked_db(db)}: {exc.strerror or exc}") from None
    except Exception as exc:  # sqlite3.DatabaseError: not a database, locked, ...
        raise CliError(f"--db {masked_db(db)}: {exc}") from None
    workers = f", {args.workers} workers" if args.workers > 1 else ""
    print(
        f"tongiaki serve: http://{args.host}:{args.port}/ (games in {masked_db(db)}{workers})",
        flush=True,
    )
    common: dict[str, Any] = {
        "host": args.host,
        "port": args.port,
        "log_level": "warning",
        "ws_max_size": 64 * 1024,
        # the compression state of permessage-deflate is ~50 KB a socket, kept while it is open
        "ws_per_message_deflate": False,
        "proxy_headers": args.trust_proxy is not None,
        "forwarded_allow_ips": args.trust_proxy,
        "server_header": False,
    }
    if app is not None:
        uvicorn.run(app, http=header_timeout_protocol(limits.header_timeout), **common)
        return 0
    storage.close()  # each worker opens its own
    os.environ[SETTINGS] = json.dumps(
        {
            "db": db,
            "bot_delay": args.bot_delay,
            "limits": attrs.asdict(limits),
            "allowed_hosts": hosts,
            "allowed_origins": args.allow_origin,
        }
    )
    uvicorn.run(
        APP,
        factory=True,
        workers=args.workers,
        http="tongiaki_rules.server._http_timeouts:HeaderTimeoutProtocol",
        **common,
    )
    return 0
