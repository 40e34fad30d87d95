"""``tongiaki serve``: a game server with a JSON API, a WebSocket and a browser client.

The parts, one job each: :mod:`.storage` (the :class:`Storage` interface and
SQLite), :mod:`.service` (:class:`GameService`: games, seats, views, moves,
chance and bots, no web), :mod:`.game_log` (one game in memory),
:mod:`.errors` (refusals with their HTTP status), :mod:`.hub` (pushing views
to WebSockets) and :mod:`.app` (the FastAPI application, which needs the
``server`` extra: ``pip install 'tongiaki_rules[server]'``).

>>> import tempfile, pathlib
>>> service = GameService(SqliteStorage(pathlib.Path(tempfile.mkdtemp()) / "g.sqlite3"))
>>> game = service.create_game(3, seats={1: "random", 2: "greedy"}, seed=1)
>>> [seat["kind"] for seat in game["seats"]]
['human', 'bot', 'bot']
"""

from __future__ import annotations

from .errors import (
    BadRequest,
    Conflict,
    Forbidden,
    NotFound,
    ServiceError,
    Unauthorized,
    Unprocessable,
)
from .service import GameService
from .storage import SqliteStorage, Storage, default_db_path

__all__ = [
    "BadRequest",
    "Conflict",
    "Forbidden",
    "GameService",
    "NotFound",
    "ServiceError",
    "SqliteStorage",
    "Storage",
    "Unauthorized",
    "Unprocessable",
    "default_db_path",
]
