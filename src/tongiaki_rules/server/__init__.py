"""``tongiaki serve``: a game server with a JSON API, a WebSocket and a browser client.

The parts, one job each: :mod:`.storage` (the :class:`Storage` interface,
SQLite and PostgreSQL), :mod:`.service` (:class:`GameService`: games, seats, views, moves,
no web), :mod:`.moves` (secret chance, bot seats and their limits, actions
from requests), :mod:`.hosting` (what is each game's own: :mod:`.tongiaki_host`,
:mod:`.toncc_host`), :mod:`.game_log` and :mod:`.toncc_log` (one game in memory), :mod:`.errors`
(refusals with their HTTP status), :mod:`.limits` (rates and counts per
client address), :mod:`.hub` (pushing views to WebSockets), and the web
parts, which need the ``server`` extra (``pip install
'tongiaki_rules[server]'``): :mod:`.guard` (Host, Content-Type, body and
security headers), :mod:`.watch` (the WebSocket), :mod:`.pages` (the client
files), :mod:`.http_timeouts` (uvicorn's header timeout) and :mod:`.app`
(the FastAPI application).

>>> import tempfile, pathlib
>>> service = GameService(SqliteStorage(pathlib.Path(tempfile.mkdtemp()) / "g.sqlite3"))
>>> game = service.create_game(3, seats={1: "random", 2: "greedy"}, seat=0)
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
    TooMany,
    Unauthorized,
    Unavailable,
    Unprocessable,
    Unsupported,
)
from .limits import ServeLimits
from .moves import BotPolicy
from .service import GameService
from .storage import (
    CorruptGame,
    SqliteStorage,
    Storage,
    StorageError,
    StorageUnavailable,
    default_db_path,
    open_storage,
)

__all__ = [
    "BadRequest",
    "BotPolicy",
    "Conflict",
    "CorruptGame",
    "Forbidden",
    "GameService",
    "NotFound",
    "ServeLimits",
    "ServiceError",
    "SqliteStorage",
    "Storage",
    "StorageError",
    "StorageUnavailable",
    "TooMany",
    "Unauthorized",
    "Unavailable",
    "Unprocessable",
    "Unsupported",
    "default_db_path",
    "open_storage",
]
