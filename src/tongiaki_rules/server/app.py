"""The FastAPI application of ``tongiaki serve``: the JSON API, the WebSocket, the client files.

Every route calls :class:`~.service.GameService` in a worker thread, so a
bot thinking in one game does not hold up the others. A move's answer comes
once the move (and the chance draws right after it) is stored; the bots'
replies are then played by a :class:`~.driver.BotDriver` at once, each
stored and pushed over the WebSocket (:mod:`.watch`) as it comes. The bot
and chance moves no request made (a game of bots only, a game a bot opens,
a game left waiting by a server killed mid-game) are played by it too,
``bot_delay`` seconds apart. Every request first passes the
:class:`~.guard.Guard` (Host, Content-Type, body size and time, security
headers). Every refusal is a JSON body ``{"detail": "..."}`` (with
``"clause"`` for an illegal action): bad JSON 400, a body over
:data:`MAX_BODY` bytes 413, a state-changing request not declared JSON
415, unknown fields and wrong types 422, a limit reached 429 with
``Retry-After``, a game whose rows cannot be read 500 (for that game
alone), storage that cannot take a write 503, and never a traceback.

>>> import tempfile, pathlib
>>> from fastapi.testclient import TestClient
>>> client = TestClient(create_app(pathlib.Path(tempfile.mkdtemp()) / "g.sqlite3"))
>>> client.post("/api/games", json={"players": 2, "seats": {"1": "greedy"}}).status_code
201
>>> client.post("/api/games", json={"players": 2, "colour": "red"}).json()["detail"]
'body.colour: Extra inputs are not permitted'
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
import logging
import os
import re
import sys
import time
import weakref
from collections.abc import AsyncIterator, Callable, Collection
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Annotated, Any, TypeVar

import anyio
import attrs
from fastapi import Depends, FastAPI, Header, Query, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse
from pydantic import BaseModel, ConfigDict, Field
from starlette.exceptions import HTTPException

from tongiaki_rules.i18n import LANGUAGE_NAMES, messages

from ._board_routes import add_board_routes
from ._driver import DEFAULT_BOT_DELAY, BotDriver
from ._errors import ServiceError, TooMany, Unauthorized, Unprocessable
from ._gc import GcPacer
from ._guard import MAX_BODY, Guard
from ._hosting import host_named
from ._hub import Hub
from ._lang import Language
from ._limits import RateLimit, ServeLimits, SocketCount
from ._memory import MIB, MemoryBudget
from ._moves import BotPolicy, server_to_move
from ._pages import add_pages
from ._service import MAX_GAMES_LISTED, GameService
from ._view_text import view_text
from ._watch import add_socket
from .storage import CorruptGame, Storage, StorageError, StorageUnavailable, open_storage

__all__ = [
    "MAX_BODY",
    "STATIC_DIR",
    "SWITCH_INTERVAL",
    "WORKER_THREADS",
    "create_app",
    "interleave_threads",
]

T = TypeVar("T")

STATIC_DIR = Path(__file__).parent / "static"
"""The browser client's files, shipped in the package."""

WORKER_THREADS = int(os.environ.get("TONGIAKI_SERVE_THREADS", "8"))
"""Threads that run the game service at once: a slow bot holds one, the other games go on."""

SWITCH_INTERVAL = 0.0005
"""Seconds a thread may run Python before another may (``sys.setswitchinterval``), in serve.

Python's default, 5 ms, lets a searching bot's thread keep the interpreter
5 ms each time a request's thread gives it up to wait for the database or
the network; a quick bot's reply, which waits so dozens of times, then
waits for the searches' threads. ``benchmarks/bot_starvation.py`` measured
the greedy players' p90 beside two MCTS searches at 0.83 to 0.92 s with
5 ms, 0.36 s with 1 ms, 0.28 to 0.40 s with 0.5 ms; the searches' own speed
did not measurably change.
"""

_SVG_HELP = "true: add the board's SVG with its side panel (else see board.svg)"
_SEAT_KEY = re.compile(r"[0-9]{1,2}")
# one limiter per event loop: a limiter's waiters belong to the loop that made them
_WORKERS: weakref.WeakKeyDictionary[asyncio.AbstractEventLoop, anyio.CapacityLimiter] = (
    weakref.WeakKeyDictionary()
)
_log = logging.getLogger("tongiaki_rules.server")


def interleave_threads() -> None:
    """Let threads take turns every :data:`SWITCH_INTERVAL` (``tongiaki serve`` calls it once
    per process: it changes the whole interpreter)."""
    sys.setswitchinterval(SWITCH_INTERVAL)


async def run_in_threadpool(call: Callable[..., T], *args: Any) -> T:
    """``call(*args)`` in one of :data:`WORKER_THREADS` worker threads.

    Few threads keep the event loop (which reads requests and writes answers)
    from waiting for the interpreter lock behind dozens of busy threads.
    """
    loop = asyncio.get_running_loop()
    limiter = _WORKERS.get(loop)
    if limiter is None:
        limiter = _WORKERS[loop] = anyio.CapacityLimiter(WORKER_THREADS)
    return await anyio.to_thread.run_sync(functools.partial(call, *args), limiter=limiter)


class AsciiJSONResponse(JSONResponse):
    """JSON with every non-ASCII character escaped: any text can be sent, lone surrogates too."""

    def render(self, content: Any) -> bytes:
        # a view's shared part is written once for every answer and push of it
        return view_text(content).encode("ascii")


class NewGame(BaseModel):
    """The body of ``POST /api/games``."""

    model_config = ConfigDict(extra="forbid", strict=True)
    game: str = Field(default="tongiaki", description='the game: "tongiaki" or "toncc"')
    players: int = Field(description="number of players: 2 to 6 for Tongiaki, 3 for Tóncc")
    seats: dict[str, str] = Field(
        default_factory=dict, description='bot seats: {"1": "greedy", "2": "mcts:iterations=200"}'
    )
    rules: dict[str, Any] = Field(
        default_factory=dict, description='rule flags by name: {"end_trigger": "sixteen_on_table"}'
    )
    seed: int | None = Field(
        default=None,
        description="seed of the game's chance and bots; only with at most one human seat",
    )
    seat: int | None = Field(
        default=None, description="the creator's own seat: the answer holds its token only"
    )
    unlisted: bool = Field(
        default=False, description="keep the game out of the lobby; its seats need invitations"
    )
    name: str | None = Field(
        default=None, description="the creator's name for ``seat`` (at most 24 characters)"
    )
    clock: int | None = Field(
        default=None,
        description="seconds each seat has for a move, within GET /api/clock's bounds; a "
        "seat out of time has that move made by the server's greedy bot",
    )


class Claim(BaseModel):
    """The body of ``POST /api/games/{id}/seats/{k}`` (``{}`` for a listed game)."""

    model_config = ConfigDict(extra="forbid", strict=True)
    invite: str | None = Field(default=None, description="the seat's invitation code")
    name: str | None = Field(
        default=None, description="the name the player gives the seat (at most 24 characters)"
    )


class Move(BaseModel):
    """The body of ``POST /api/games/{id}/actions``."""

    model_config = ConfigDict(extra="forbid", strict=True)
    action: int | str | dict[str, Any] = Field(
        description="notation text, the index of a legal action, or (Tóncc) a move's JSON"
    )
    expect_move: int = Field(description="the number of moves the player saw")


def _bearer(authorization: str | None) -> str | None:
    """The token of an ``Authorization: Bearer <token>`` header; a malformed one is refused."""
    if authorization is None:
        return None
    scheme, _, token = authorization.partition(" ")
    if scheme.lower() != "bearer" or not token.strip():
        raise Unauthorized("the Authorization header must be 'Bearer <token>'")
    return token.strip()


@attrs.frozen(slots=True)
class Bearer:
    """A request's ``Authorization`` header, as a route's dependency :data:`Token` gives it.

    Its :meth:`token` is read in the route, after FastAPI has checked the
    rest of the request: a bad value is a 422 before a malformed header is a 401.

    >>> Bearer("Bearer abc").token(), Bearer(None).token()
    ('abc', None)
    """

    header: str | None

    def token(self) -> str | None:
        """The token of ``Bearer <token>``, or ``None`` with no header; a malformed one is a 401."""
        return _bearer(self.header)


async def _authorization(authorization: Annotated[str | None, Header()] = None) -> Bearer:
    # async: FastAPI runs a plain function dependency in a thread of its own pool, a hop
    # (and a wait for the interpreter lock) per request for a few lines of work
    return Bearer(authorization)


Token = Annotated[Bearer, Depends(_authorization)]
"""A route's parameter that holds the request's ``Authorization`` header (:class:`Bearer`)."""

WithSvg = Annotated[bool, Query(description=_SVG_HELP)]
"""A route's ``svg`` parameter: whether the view carries the board's picture."""


def _seat_numbers(seats: dict[str, str]) -> dict[int, str]:
    found: dict[int, str] = {}
    for key, spec in seats.items():
        if not _SEAT_KEY.fullmatch(key):
            raise Unprocessable(f'seats: a seat is a number such as "1", not {ascii(key)[:40]}')
        found[int(key)] = spec
    return found


def _address(request: Request) -> str:
    return request.client.host if request.client else "?"


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
        if exc.reason is not None:
            body["reason"] = exc.reason
        headers = {"Retry-After": str(exc.retry_after)} if isinstance(exc, TooMany) else None
        return AsciiJSONResponse(body, status_code=exc.status, headers=headers)

    @app.exception_handler(CorruptGame)
    async def corrupt(request: Request, exc: CorruptGame) -> AsciiJSONResponse:
        _log.error("%s (%s %s)", exc, request.method, request.url.path)
        return AsciiJSONResponse({"detail": f"game {exc.game_id} cannot be read"}, 500)

    @app.exception_handler(StorageUnavailable)
    async def unavailable(request: Request, exc: StorageUnavailable) -> AsciiJSONResponse:
        _log.error("storage unavailable, %s %s refused: %s", request.method, request.url.path, exc)
        return AsciiJSONResponse(
            {"detail": f"the games cannot be stored now: {exc.public}"},
            503,
            headers={"Retry-After": "30"},
        )

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
        _log.error("%s %s failed", request.method, request.url.path, exc_info=exc)
        return AsciiJSONResponse({"detail": "internal server error"}, status_code=500)


def create_app(
    db: str | os.PathLike[str] | Storage,
    *,
    static_dir: str | os.PathLike[str] | None = None,
    bot_delay: float = DEFAULT_BOT_DELAY,
    limits: ServeLimits | None = None,
    allowed_hosts: Collection[str] | None = None,
    allowed_origins: Collection[str] = (),
    pace_gc: bool = False,
) -> FastAPI:
    """The application serving the games in ``db`` (a path, a URL, or any :class:`Storage`).

    ``db`` as text is what :func:`~.storage.open_storage` takes: an SQLite
    file's path (or ``sqlite:///path``), or ``postgresql://...``.

    ``static_dir`` holds the browser client (index.html, game.html, ...);
    by default the files shipped in the package (:data:`STATIC_DIR`).
    ``bot_delay`` is the pause, in seconds, before each background move of
    a bot or of chance. ``limits`` bounds what clients and bots may do
    (:class:`~.limits.ServeLimits`' defaults if not given). ``allowed_hosts``
    are the names accepted in ``Host`` (``None``: any; ``tongiaki serve``
    always names them), ``allowed_origins`` the origins besides the server's
    own whose pages may open a WebSocket. At startup the unfinished games
    with a bot seat are resumed; at shutdown the background moves stop.
    ``pace_gc`` (``tongiaki serve`` sets it: it changes the whole interpreter)
    keeps the long-lived objects out of the cycle collector's pauses
    (:class:`~.gc.GcPacer`), from start-up on.
    """
    limits = limits if limits is not None else ServeLimits()
    storage = open_storage(db) if isinstance(db, (str, os.PathLike)) else db
    bots = BotPolicy(
        max_mcts_iterations=limits.max_mcts_iterations,
        thinking=limits.bot_workers,
        max_think_seconds=limits.max_think_seconds,
    )
    memory = MemoryBudget(games=limits.games_mib * MIB, boards=limits.boards_mib * MIB)
    service = GameService(
        storage,
        bots=bots,
        memory=memory,
        search_positions=limits.search_positions,
        clock_bounds=(limits.min_clock, limits.max_clock),
        turn_timeout=limits.turn_timeout,
    )
    hub = Hub()
    driver = BotDriver(
        service,
        delay=bot_delay,
        notify=hub.publish,
        # the quick moves (chance, greedy, random) of every game, the humans' replies among
        # them, as many at once as requests; the searches have their own slots
        workers=max(WORKER_THREADS, limits.bot_workers),
        bot_games=limits.bot_games,
        turn_timeout=limits.turn_timeout,
    )

    @asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        for game_id in await run_in_threadpool(service.unfinished_bot_games):
            driver.wake(game_id)
        # moves that other processes on the same database store reach this one's sockets
        stop_watching = storage.watch_moves(hub.publish, hub.games)
        renewing = asyncio.create_task(_renew_socket_counts(app.state.sockets))
        pacing = asyncio.create_task(app.state.gc.run()) if app.state.gc else None
        yield
        if pacing is not None:
            pacing.cancel()
        renewing.cancel()
        stop_watching()
        driver.close()
        with contextlib.suppress(StorageError):
            await run_in_threadpool(app.state.sockets.release)

    app = FastAPI(
        lifespan=lifespan,
        title="tongiaki serve",
        summary="Play Tongiaki and Tóncc over HTTP: games, seats, views, moves, and a WebSocket.",
        default_response_class=AsciiJSONResponse,
        openapi_url="/api/openapi.json",
        docs_url=None,  # swagger-ui would come from a CDN: the schema alone is served
        redoc_url=None,
    )
    app.state.service = service
    app.state.hub = hub
    app.state.driver = driver
    app.state.gc = GcPacer() if pace_gc else None
    app.add_middleware(
        Guard, allowed_hosts=allowed_hosts, max_body=MAX_BODY, body_timeout=limits.body_timeout
    )
    _install_handlers(app)
    reads = RateLimit(limits.costly_reads_per_minute, shared=service.storage, name="reads")

    async def costly_read(request: Request, costly: bool) -> None:
        """Count a costly read (:meth:`GameService.costly`) of the request's address."""
        if costly:
            await run_in_threadpool(reads.take, _address(request))

    app.state.costly_reads = costly_read
    _add_api(app, service, hub, driver, limits)
    add_board_routes(app, service, run_in_threadpool, costly_read)

    def wake(view: dict[str, Any]) -> None:
        _drive_if_waiting(driver, view)

    app.state.sockets = add_socket(
        app, service, hub, wake, run_in_threadpool, limits, allowed_origins
    )
    add_pages(app, service, Path(static_dir) if static_dir is not None else STATIC_DIR)
    return app


async def _renew_socket_counts(sockets: SocketCount) -> None:
    """Renew this process's rows of open WebSockets every third of their lease, for good."""
    while True:
        await asyncio.sleep(sockets.lease / 3)
        try:
            await run_in_threadpool(sockets.renew)
        except StorageError as exc:
            _log.warning("the count of open WebSockets could not be renewed: %s", exc)


_GAME_ERRORS: dict[int | str, dict[str, Any]] = {
    404: {"description": "no such game"},
    422: {"description": "a bad value"},
    500: {"description": "the game's stored rows cannot be read"},
}


def _drive_if_waiting(driver: BotDriver, view: dict[str, Any]) -> dict[str, Any]:
    """Wake the background bots for a game whose present view waits for a bot or chance;
    time the turn of a human seat (``--turn-timeout``)."""
    if server_to_move(view):
        driver.wake(view["id"])
    elif view["outcome"] is None and view["at"] == view["moves"]:
        driver.idle_check(view["id"], view["moves"])
    return view


class _Health:
    """Whether storage takes a write, written to at most once a second.

    Within the second, an answer of "writable" is checked again without a write
    (:meth:`~.storage.Storage.check_unchanged`: an SQLite file deleted or replaced
    since is a 503 at once). The problem is the one an answer may give (naming no
    file nor database); the log has the whole.
    """

    def __init__(self, storage: Storage) -> None:
        self.storage = storage
        self.when = -1.0
        self.problem: str | None = None

    def check(self) -> str | None:
        now = time.monotonic()
        previous = self.problem
        try:
            if now - self.when >= 1.0:
                self.when = now
                self.storage.check_writable()
                self.problem = None
            elif previous is None:
                self.storage.check_unchanged()
        except StorageUnavailable as exc:
            if exc.public != previous:  # logged when it starts or changes, not every second
                _log.error("storage unavailable, GET /api/health: %s", exc)
            self.problem = exc.public
        return self.problem


def _add_api(
    app: FastAPI, service: GameService, hub: Hub, driver: BotDriver, limits: ServeLimits
) -> None:
    # counted in the database: every worker process on it counts into the same buckets
    created = RateLimit(limits.games_per_minute, shared=service.storage, name="games")
    claimed = RateLimit(limits.claims_per_minute, shared=service.storage, name="claims")
    costly = app.state.costly_reads
    health = _Health(service.storage)

    @app.get("/api/health", responses={503: {"description": "storage cannot take a write"}})
    async def check_health() -> AsciiJSONResponse:
        """``{"storage": {"writable": true}}``, or 503 with the storage's problem."""
        problem = await run_in_threadpool(health.check)
        if problem is None:
            return AsciiJSONResponse({"storage": {"writable": True}})
        return AsciiJSONResponse({"storage": {"writable": False, "problem": problem}}, 503)

    @app.post(
        "/api/games",
        status_code=201,
        responses={422: {"description": "bad settings"}, 429: {"description": "too many"}},
    )
    async def create_game(body: NewGame, request: Request) -> dict[str, Any]:
        """Create a game; the answer holds the token of ``seat`` only (the others stay free).

        An unlisted game's answer also holds ``invites``: a code per free
        human seat. Bots (and chance) then play in the background while no
        human is to move.
        """
        await run_in_threadpool(created.take, _address(request))
        seats = _seat_numbers(body.seats)
        game = await run_in_threadpool(
            lambda: service.create_game(
                body.players,
                seats,
                body.rules,
                body.seed,
                seat=body.seat,
                unlisted=body.unlisted,
                game=body.game,
                name=body.name,
                clock=body.clock,
            )
        )
        if seats:
            driver.wake(game["id"])
        return game

    @app.get("/api/games")
    async def list_games(
        before: Annotated[
            str | None, Query(description="page on: games older than this id")
        ] = None,
        limit: Annotated[int, Query(description="games a page, 1 to 100")] = MAX_GAMES_LISTED,
    ) -> dict[str, Any]:
        """Listed games, newest first, with their free human seats; ``next`` pages on."""
        games = await run_in_threadpool(lambda: service.list_games(limit, before))
        return {"games": games, "next": games[-1]["id"] if len(games) == limit else None}

    @app.post(
        "/api/games/{game_id}/seats/{seat}",
        responses={
            403: {"description": "a missing or wrong invitation code"},
            404: {"description": "no such game, or no such seat in it"},
            409: {"description": "taken, or a bot's"},
            429: {"description": "too many claims"},
        },
    )
    async def claim_seat(game_id: str, seat: int, body: Claim, request: Request) -> dict[str, Any]:
        """Claim a free human seat: ``{"seat": k, "token": ...}``; the body is ``{}``, or
        holds the seat's ``invite`` and the player's ``name`` (422 for one that may not be
        shown: too long, invisible characters, another seat's name or a seat's label).

        404 for a number that is not a seat of the game (such as -1).
        """
        await run_in_threadpool(claimed.take, _address(request))
        answer = await run_in_threadpool(
            lambda: service.claim_seat(game_id, seat, body.invite, name=body.name)
        )
        hub.publish(game_id, -1)  # the watching pages show the seat taken, and its name
        await run_in_threadpool(driver.time_turn, game_id)  # the last seat taken starts a clock
        return answer

    @app.delete(
        "/api/games/{game_id}/seats/{seat}",
        responses={401: {"description": "missing or unknown token"}, **_GAME_ERRORS},
    )
    async def leave_seat(game_id: str, seat: int, bearer: Token) -> dict[str, Any]:
        """Leave the seat whose token this is: the token is revoked, the seat is free again."""
        answer = await run_in_threadpool(service.leave_seat, game_id, seat, bearer.token())
        hub.publish(game_id, -1)
        return answer

    @app.get(
        "/api/games/{game_id}", responses={401: {"description": "unknown token"}, **_GAME_ERRORS}
    )
    async def view(
        request: Request,
        game_id: str,
        bearer: Token,
        language: Language,
        at: Annotated[int | None, Query(description="moves to show (time travel)")] = None,
        svg: WithSvg = False,
    ) -> AsciiJSONResponse:
        """The game as the token's seat (or a spectator) sees it, after ``at`` moves."""
        token = bearer.token()
        await costly(request, service.costly(game_id))
        view = await run_in_threadpool(
            lambda: service.view(game_id, at=at, token=token, svg=svg, language=language)
        )
        return AsciiJSONResponse(_drive_if_waiting(driver, view))  # no second serialisation

    @app.get("/api/bots")
    async def offered_bots() -> dict[str, Any]:
        """The bots a seat may be given, by game, with their cost and caps, and how searches
        share the server: ``at_once`` in all, at most ``per_game`` for any one game."""
        policy = service.bots
        return {
            "games": {
                name: host_named(name).offered_bots(policy) for name in ("tongiaki", "toncc")
            },
            "searches": {
                "at_once": policy.thinking,
                "per_game": 1,
                "max_mcts_iterations": policy.max_mcts_iterations,
                "max_seconds": policy.max_think_seconds,
            },
        }

    @app.get("/api/clock")
    async def clock_settings() -> dict[str, Any]:
        """The clocks a game may be created with (``min`` to ``max`` seconds a move; none if
        ``max`` is below ``min``), the server's own limit for every game (``turn_timeout``,
        ``null``: none), and what happens to a seat out of time: ``bot``, the server's
        greedy bot makes that move for it, and the player keeps the seat."""
        low, high = service.clock_range()
        return {"min": low, "max": high, "turn_timeout": limits.turn_timeout, "runs_out": "bot"}

    @app.get("/api/i18n")
    async def words(language: Language) -> dict[str, Any]:
        """The browser client's words: the chosen language, the languages offered, the catalog."""
        return {
            "language": language,
            "languages": dict(LANGUAGE_NAMES),
            "messages": messages(language),
        }

    @app.get("/api/games/{game_id}/record", responses=_GAME_ERRORS)
    async def record(game_id: str) -> dict[str, Any]:
        """The game so far as a ``tongiaki-record`` document (the seed only once it is over)."""
        return await run_in_threadpool(service.record, game_id)

    @app.post(
        "/api/games/{game_id}/actions",
        responses={
            401: {"description": "missing or unknown token"},
            403: {"description": "not this seat's move"},
            409: {"description": "expect_move is stale"},
            503: {"description": "the move cannot be stored now"},
            **_GAME_ERRORS,
        },
    )
    async def act(
        game_id: str, body: Move, bearer: Token, language: Language, svg: WithSvg = False
    ) -> AsciiJSONResponse:
        """Play an action; the answer is the view once it is stored, with the chance draws
        right after it. Where a bot is to move next, the answer says so (its ``to_move``
        or ``deciders``) and has no ``legal``: the bots' replies follow in the background,
        pushed over the WebSocket and seen by any later ``GET`` of the game."""
        token = bearer.token()
        lease = driver.claim()  # taken with the move where the bots are to reply
        view = await run_in_threadpool(
            lambda: service.act(
                game_id,
                token,
                body.action,
                body.expect_move,
                svg=svg,
                language=language,
                replies=False,
                lease=lease,
            )
        )
        # a secret choice stored while others have yet to choose changes no move: -1 tells the
        # sockets to look again (they see who has chosen, never what)
        hub.publish(game_id, -1 if view.get("chosen") else view["moves"])
        if server_to_move(view) or lease.taken:
            # the bots' replies, played and pushed after this answer
            driver.reply(game_id, leased=lease.taken)
        return AsciiJSONResponse(_drive_if_waiting(driver, view))
