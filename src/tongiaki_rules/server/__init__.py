"""``tongiaki serve``: a game server with a JSON API, a WebSocket and a browser client.

The parts, one job each: :mod:`.storage` (the :class:`Storage` interface,
SQLite and PostgreSQL), ``_service`` (:class:`GameService`: games, seats, views, moves,
no web), ``_moves`` (secret chance, bot seats and their limits, actions
from requests), ``_hosting`` (what is each game's own: ``_tongiaki_host``,
``_toncc_host``), ``_game_log`` and ``_toncc_log`` (one game in memory), ``_memory``
(what games and boards in memory measure, within their budgets), ``_errors``
(refusals with their HTTP status), ``_limits`` (rates and counts per
client address), ``_hub`` (pushing views to WebSockets), and the web
parts, which need the ``server`` extra (``pip install
'tongiaki_rules[server]'``): ``_guard`` (Host, Content-Type, body and
security headers), ``_watch`` (the WebSocket), ``_pages`` (the client
files), ``_http_timeouts`` (uvicorn's header timeout) and :mod:`.app`
(the FastAPI application).

>>> import tempfile, pathlib
>>> service = GameService(SqliteStorage(pathlib.Path(tempfile.mkdtemp()) / "g.sqlite3"))
>>> game = service.create_game(3, seats={1: "random", 2: "greedy"}, seat=0)
>>> [seat["kind"] for seat in game["seats"]]
['human', 'bot', 'bot']
"""

from __future__ import annotations

from ._driver import DEFAULT_BOT_DELAY, LEASE_SECONDS, BotDriver
from ._errors import (
    BadRequest,
    Conflict,
    Forbidden,
    LookAheadTooLong,
    NotFound,
    ServiceError,
    TooMany,
    Unauthorized,
    Unavailable,
    Unprocessable,
    Unsupported,
)
from ._game_log import MAX_NARRATION_LINES, GameLog
from ._hub import Hub
from ._limits import ServeLimits
from ._memory import MemoryBudget
from ._moves import BotPolicy
from ._service import MAX_GAMES_LISTED, MAX_STEPS, SEARCH_POSITIONS, GameService
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
    "DEFAULT_BOT_DELAY",
    "LEASE_SECONDS",
    "MAX_GAMES_LISTED",
    "MAX_NARRATION_LINES",
    "MAX_STEPS",
    "SEARCH_POSITIONS",
    "BadRequest",
    "BotDriver",
    "BotPolicy",
    "Conflict",
    "CorruptGame",
    "Forbidden",
    "GameLog",
    "GameService",
    "Hub",
    "LookAheadTooLong",
    "MemoryBudget",
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
