"""The FastAPI application of ``tongiaki serve``: the JSON API, the WebSocket, the client files.

Every route calls :class:`~.service.GameService` in a worker thread, so a
bot thinking in one game does not hold up the others. Bot and chance moves
no request waits for (a game of bots only, a game a bot opens, a game left
waiting by a server killed mid-game) are played in the background by a
:class:`~.driver.BotDriver`, ``bot_delay`` seconds apart, each stored and
pushed over the WebSocket: such games are woken when created, when viewed
or watched, and at startup. Every refusal is a
JSON body ``{"detail": "..."}`` (with ``"clause"`` for an illegal action):
bad JSON 400, a body over :data:`MAX_BODY` bytes 413, unknown fields and
wrong types 422, and never a traceback.

>>> import tempfile, pathlib
>>> from fastapi.testclient import TestClient
>>> client = TestClient(create_app(pathlib.Path(tempfile.mkdtemp()) / "g.sqlite3"))
>>> client.post("/api/games", json={"players": 2, "seats": {"1": "greedy"}}).status_code
201
>>> client.post("/api/games", json={"players": 2, "colour": "red"}).json()["detail"]
'body.colour: Extra inputs are not permitted'
"""

from __future__ import annotations

import functools
import html
import json
import os
import re
from collections.abc import AsyncIterator, Callable
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Annotated, Any, TypeVar

import anyio
from fastapi import FastAPI, Header, Query, Request, WebSocket, WebSocketDisconnect
from fastapi.exceptions import RequestValidationError
from fastapi.responses import FileResponse, HTMLResponse, JSONResponse
from fastapi.staticfiles import StaticFiles
from pydantic import BaseModel, ConfigDict, Field
from starlette.exceptions import HTTPException
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from tongiaki_rules.i18n import (
    LANGUAGE_NAMES,
    messages,
    negotiate_language,
    resolve_language,
)

from .driver import DEFAULT_BOT_DELAY, BotDriver
from .errors import ServiceError, Unauthorized, Unprocessable
from .hub import Hub
from .service import GameService, server_to_move
from .storage import SqliteStorage, Storage

__all__ = ["MAX_BODY", "STATIC_DIR", "WORKER_THREADS", "create_app"]

T = TypeVar("T")

MAX_BODY = 64 * 1024
"""Request bodies over this many bytes are refused with 413."""
STATIC_DIR = Path(__file__).parent / "static"
"""The browser client's files, shipped in the package."""

WORKER_THREADS = int(os.environ.get("TONGIAKI_SERVE_THREADS", "8"))
"""Threads that run the game service at once: a slow bot holds one, the other games go on."""

_SEAT_KEY = re.compile(r"[0-9]{1,2}")
_WORKERS: list[anyio.CapacityLimiter] = []


async def run_in_threadpool(call: Callable[..., T], *args: Any) -> T:
    """``call(*args)`` in one of :data:`WORKER_THREADS` worker threads.

    Few threads keep the event loop (which reads requests and writes answers)
    from waiting for the interpreter lock behind dozens of busy threads.
    """
    if not _WORKERS:
        _WORKERS.append(anyio.CapacityLimiter(WORKER_THREADS))
    return await anyio.to_thread.run_sync(functools.partial(call, *args), limiter=_WORKERS[0])


class AsciiJSONResponse(JSONResponse):
    """JSON with every non-ASCII character escaped: any text can be sent, lone surrogates too."""

    def render(self, content: Any) -> bytes:
        return json.dumps(content, ensure_ascii=True, separators=(",", ":")).encode("ascii")


class NewGame(BaseModel):
    """The body of ``POST /api/games``."""

    model_config = ConfigDict(extra="forbid", strict=True)
    players: int = Field(description="number of players, 2 to 6")
    seats: dict[str, str] = Field(
        default_factory=dict, description='bot seats: {"1": "greedy", "2": "mcts:iterations=200"}'
    )
    rules: dict[str, Any] = Field(
        default_factory=dict, description='rule flags by name: {"end_trigger": "sixteen_on_table"}'
    )
    seed: int | None = Field(default=None, description="seed of the game's chance and bots")


class Move(BaseModel):
    """The body of ``POST /api/games/{id}/actions``."""

    model_config = ConfigDict(extra="forbid", strict=True)
    action: int | str = Field(description="notation text, or the index of a legal action")
    expect_move: int = Field(description="the number of moves the player saw")


class BodyLimit:
    """ASGI middleware: a request body over ``limit`` bytes gets 413 before any route sees it."""

    def __init__(self, app: ASGIApp, limit: int = MAX_BODY) -> None:
        self.app = app
        self.limit = limit

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        declared = dict(scope["headers"]).get(b"content-length", b"0")
        if not declared.isdigit() or int(declared) > self.limit:
            await _too_large(scope, receive, send, self.limit)
            return
        chunks: list[bytes] = []
        size = 0
        while True:
            message = await receive()
            if message["type"] == "http.disconnect":
                return
            chunk = message.get("body", b"")
            size += len(chunk)
            if size > self.limit:
                await _too_large(scope, receive, send, self.limit)
                return
            chunks.append(chunk)
            if not message.get("more_body"):
                break
        whole: list[bytes] = [b"".join(chunks)]

        async def replay() -> Message:
            if whole:
                return {"type": "http.request", "body": whole.pop(), "more_body": False}
            return await receive()

        await self.app(scope, replay, send)


async def _too_large(scope: Scope, receive: Receive, send: Send, limit: int) -> None:
    body = AsciiJSONResponse({"detail": f"the body is over {limit} bytes"}, status_code=413)
    await body(scope, receive, send)


_LANG = (
    "language of the narration and the picture: en, de, fr or it (default: the "
    "Accept-Language header; anything else: English)"
)


def _language(lang: str | None, accept_language: str | None) -> str:
    """The players' language of a request: ``lang`` if it names one, else Accept-Language."""
    if lang is not None:
        code, notice = resolve_language(lang[:100])
        if notice is None:
            return code
    return negotiate_language(accept_language)


def _bearer(authorization: str | None) -> str | None:
    """The token of an ``Authorization: Bearer <token>`` header; a malformed one is refused."""
    if authorization is None:
        return None
    scheme, _, token = authorization.partition(" ")
    if scheme.lower() != "bearer" or not token.strip():
        raise Unauthorized("the Authorization header must be 'Bearer <token>'")
    return token.strip()


def _seat_numbers(seats: dict[str, str]) -> dict[int, str]:
    found: dict[int, str] = {}
    for key, spec in seats.items():
        if not _SEAT_KEY.fullmatch(key):
            raise Unprocessable(f'seats: a seat is a number such as "1", not {ascii(key)[:40]}')
        found[int(key)] = spec
    return found


def _validation_detail(exc: RequestValidationError) -> tuple[int, str]:
    errors = exc.errors()
    if any(error.get("type") == "json_invalid" for error in errors):
        return 400, "the body is not valid JSON"
    parts = []
    for error in errors[:5]:
        where = ".".join(str(part) for part in error.get("loc", ()))
        parts.append(f"{where}: {error.get('msg', 'invalid')}")
    return 422, "; ".join(parts)


def _install_handlers(app: FastAPI) -> None:
    @app.exception_handler(ServiceError)
    async def refused(request: Request, exc: ServiceError) -> AsciiJSONResponse:
        body: dict[str, Any] = {"detail": exc.message}
        if exc.clause is not None:
            body["clause"] = exc.clause
        return AsciiJSONResponse(body, status_code=exc.status)

    @app.exception_handler(RequestValidationError)
    async def invalid(request: Request, exc: RequestValidationError) -> AsciiJSONResponse:
        status, detail = _validation_detail(exc)
        return AsciiJSONResponse({"detail": detail}, status_code=status)

    @app.exception_handler(HTTPException)
    async def http_error(request: Request, exc: HTTPException) -> AsciiJSONResponse:
        return AsciiJSONResponse(
            {"detail": str(exc.detail)}, status_code=exc.status_code, headers=exc.headers
        )

    @app.exception_handler(Exception)
    async def failed(request: Request, exc: Exception) -> AsciiJSONResponse:
        return AsciiJSONResponse({"detail": "internal server error"}, status_code=500)


def create_app(
    db: str | os.PathLike[str] | Storage,
    *,
    static_dir: str | os.PathLike[str] | None = None,
    bot_delay: float = DEFAULT_BOT_DELAY,
) -> FastAPI:
    """The application serving the games in ``db`` (an SQLite path, or any :class:`Storage`).

    ``static_dir`` holds the browser client (index.html, game.html, ...);
    by default the files shipped in the package (:data:`STATIC_DIR`).
    ``bot_delay`` is the pause, in seconds, before each background move of
    a bot or of chance. At startup the unfinished games with a bot seat are
    resumed; at shutdown the background moves stop.
    """
    storage = SqliteStorage(db) if isinstance(db, (str, os.PathLike)) else db
    service = GameService(storage)
    hub = Hub()
    driver = BotDriver(service, delay=bot_delay, notify=hub.publish)

    @asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        for game_id in await run_in_threadpool(service.unfinished_bot_games):
            driver.wake(game_id)
        yield
        driver.close()

    app = FastAPI(
        lifespan=lifespan,
        title="tongiaki serve",
        summary="Play Tongiaki over HTTP: games, seats, views, moves, and a WebSocket.",
        default_response_class=AsciiJSONResponse,
        openapi_url="/api/openapi.json",
        docs_url="/api/docs",
        redoc_url=None,
    )
    app.state.service = service
    app.state.hub = hub
    app.state.driver = driver
    app.add_middleware(BodyLimit)
    _install_handlers(app)
    _add_api(app, service, hub, driver)
    _add_socket(app, service, hub, driver)
    _add_pages(app, service, Path(static_dir) if static_dir is not None else STATIC_DIR)
    return app


_GAME_ERRORS: dict[int | str, dict[str, Any]] = {
    404: {"description": "no such game"},
    422: {"description": "a bad value"},
}


def _drive_if_waiting(driver: BotDriver, view: dict[str, Any]) -> dict[str, Any]:
    """Wake the background bots for a game whose present view waits for a bot or chance."""
    if server_to_move(view):
        driver.wake(view["id"])
    return view


def _add_api(app: FastAPI, service: GameService, hub: Hub, driver: BotDriver) -> None:
    @app.post("/api/games", status_code=201, responses={422: {"description": "bad settings"}})
    async def create_game(body: NewGame) -> dict[str, Any]:
        """Create a game; the answer holds a token for every human seat (seats stay free).

        Bots (and chance) then play in the background while no human is to move.
        """
        seats = _seat_numbers(body.seats)
        game = await run_in_threadpool(
            service.create_game, body.players, seats, body.rules, body.seed
        )
        if seats:
            driver.wake(game["id"])
        return game

    @app.get("/api/games")
    async def list_games() -> dict[str, Any]:
        """The newest games (at most 100), newest first, with their free human seats."""
        return {"games": await run_in_threadpool(service.list_games)}

    @app.post(
        "/api/games/{game_id}/seats/{seat}",
        responses={
            404: {"description": "no such game, or no such seat in it"},
            409: {"description": "taken, or a bot's"},
        },
    )
    async def claim_seat(game_id: str, seat: int) -> dict[str, Any]:
        """Claim a free human seat: ``{"seat": k, "token": ...}``.

        404 for a number that is not a seat of the game (such as -1).
        """
        return await run_in_threadpool(service.claim_seat, game_id, seat)

    @app.get(
        "/api/games/{game_id}", responses={401: {"description": "unknown token"}, **_GAME_ERRORS}
    )
    async def view(
        game_id: str,
        at: Annotated[int | None, Query(description="moves to show (time travel)")] = None,
        svg: Annotated[bool, Query(description="false: leave out the board's SVG")] = True,
        authorization: Annotated[str | None, Header()] = None,
        lang: Annotated[str | None, Query(description=_LANG)] = None,
        accept_language: Annotated[str | None, Header()] = None,
    ) -> dict[str, Any]:
        """The game as the token's seat (or a spectator) sees it, after ``at`` moves."""
        token = _bearer(authorization)
        language = _language(lang, accept_language)
        view = await run_in_threadpool(
            lambda: service.view(game_id, at=at, token=token, svg=svg, language=language)
        )
        return _drive_if_waiting(driver, view)

    @app.get("/api/i18n")
    async def words(
        lang: Annotated[str | None, Query(description=_LANG)] = None,
        accept_language: Annotated[str | None, Header()] = None,
    ) -> dict[str, Any]:
        """The browser client's words: the chosen language, the languages offered, the catalog."""
        language = _language(lang, accept_language)
        return {
            "language": language,
            "languages": dict(LANGUAGE_NAMES),
            "messages": messages(language),
        }

    @app.get("/api/games/{game_id}/record", responses={404: {"description": "no such game"}})
    async def record(game_id: str) -> dict[str, Any]:
        """The game so far as a ``tongiaki-record`` document."""
        return await run_in_threadpool(service.record, game_id)

    @app.post(
        "/api/games/{game_id}/actions",
        responses={
            401: {"description": "missing or unknown token"},
            403: {"description": "not this seat's move"},
            409: {"description": "expect_move is stale"},
            **_GAME_ERRORS,
        },
    )
    async def act(
        game_id: str,
        body: Move,
        svg: Annotated[bool, Query(description="false: leave out the board's SVG")] = True,
        authorization: Annotated[str | None, Header()] = None,
        lang: Annotated[str | None, Query(description=_LANG)] = None,
        accept_language: Annotated[str | None, Header()] = None,
    ) -> dict[str, Any]:
        """Play an action; bots and chance follow; the answer is the view after them."""
        token = _bearer(authorization)
        language = _language(lang, accept_language)
        view = await run_in_threadpool(
            lambda: service.act(
                game_id, token, body.action, body.expect_move, svg=svg, language=language
            )
        )
        hub.publish(game_id, view["moves"])
        return view


def _add_socket(app: FastAPI, service: GameService, hub: Hub, driver: BotDriver) -> None:
    @app.websocket("/api/games/{game_id}/ws")
    async def watch(
        websocket: WebSocket, game_id: str, token: str | None = None, lang: str | None = None
    ) -> None:
        """Send the view now and after every move: ``{"type": "view", "view": ...}``.

        A socket for an unknown game or token is accepted, then closed with
        code 4000 + the HTTP status (4404, 4401) and the reason: a browser
        sees those codes only on a socket that was accepted first.
        """
        await websocket.accept()
        language = _language(lang, websocket.headers.get("accept-language"))
        # subscribe before reading the first view, so a move made in between is not missed
        queue = hub.subscribe(game_id)
        try:
            view = await run_in_threadpool(
                lambda: service.view(game_id, token=token, language=language)
            )
        except ServiceError as exc:
            hub.unsubscribe(game_id, queue)
            await websocket.close(code=4000 + exc.status, reason=exc.message[:120])
            return
        _drive_if_waiting(driver, view)
        try:
            await websocket.send_json({"type": "view", "view": view})
            sent = view["moves"]
            async with anyio.create_task_group() as tasks:

                async def push() -> None:
                    # moves only grow; a notice that raced the view already sent (or a
                    # view read after two moves, then the second move's notice) must not
                    # send the same position twice: each view goes out once, in order
                    nonlocal sent
                    while True:
                        await queue.get()
                        while not queue.empty():
                            queue.get_nowait()
                        fresh = await run_in_threadpool(
                            lambda: service.view(game_id, token=token, language=language)
                        )
                        if fresh["moves"] > sent:
                            sent = fresh["moves"]
                            await websocket.send_json({"type": "view", "view": fresh})

                tasks.start_soon(push)
                while (await websocket.receive())["type"] != "websocket.disconnect":
                    pass
                tasks.cancel_scope.cancel()
        except WebSocketDisconnect:
            pass
        finally:
            hub.unsubscribe(game_id, queue)


_NO_GAME_PAGE = """<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>No such game - Tongiaki</title>
<link rel="stylesheet" href="/static/app.css"></head>
<body><main><h1>No such game</h1>
<p>There is no game <code>{game}</code> on this server.</p>
<p><a href="/">Back to the lobby</a></p></main></body></html>
"""


def _add_pages(app: FastAPI, service: GameService, static_dir: Path) -> None:
    def page(name: str) -> FileResponse:
        path = static_dir / name
        if not path.is_file():
            raise HTTPException(404, f"{name} is not installed")
        return FileResponse(path, media_type="text/html")

    @app.get("/", include_in_schema=False)
    async def lobby() -> FileResponse:
        return page("index.html")

    @app.get("/games/{game_id}", include_in_schema=False, response_model=None)
    async def game_page(game_id: str) -> FileResponse | HTMLResponse:
        if not await run_in_threadpool(service.has_game, game_id):
            shown = html.escape(game_id[:100].encode("ascii", "replace").decode("ascii"))
            return HTMLResponse(_NO_GAME_PAGE.format(game=shown), status_code=404)
        return page("game.html")

    if static_dir.is_dir():
        app.mount("/static", StaticFiles(directory=static_dir), name="static")
