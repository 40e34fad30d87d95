"""The WebSocket of a game: the view now and after every move, to a player or a spectator.

The client opens ``/api/games/{id}/ws`` (never with a token in the URL,
where proxies log it) and sends first ``{"type": "hello", "token": ...}``
(``null`` to watch). The server answers ``{"type": "view", "view": ...}``
now and after every move; ``{"type": "ping"}`` gets ``{"type": "pong"}``.
``?svg=true`` adds the board's SVG to each view. A socket from a page
of another origin is refused at the handshake; the other refusals come
after it is accepted, as close code 4000 + the HTTP status (4400 a bad
first message, 4401 an unknown token, 4404 no such game, 4408 silent for
longer than the idle timeout, 4429 too many sockets, 4503 a socket the
database cannot count now), since a browser sees codes only on an accepted
socket. The sockets are counted per address and in all across every server
process on the database (:class:`~.limits.SocketCount` with the storage).
"""

from __future__ import annotations

import json
import logging
from collections.abc import Awaitable, Callable, Collection, Mapping
from typing import Any

import anyio
from fastapi import FastAPI, WebSocket, WebSocketDisconnect

from ._errors import BadRequest, ServiceError
from ._guard import origin_allowed
from ._hub import Hub
from ._lang import language_of
from ._limits import ServeLimits, SocketCount
from ._service import GameService
from ._view_text import view_text
from .storage import StorageError, StorageUnavailable

__all__ = ["HELLO_TIMEOUT", "add_socket"]

HELLO_TIMEOUT = 10.0
"""Seconds a new socket has to send its first message."""

_log = logging.getLogger(__name__)


def _hello(message: Mapping[str, Any]) -> str | None:
    """The token of a first message ``{"type": "hello", "token": ...}``, else 400."""
    text = message.get("text")
    try:
        body = json.loads(text) if isinstance(text, str) else None
    except ValueError:
        body = None
    if not isinstance(body, dict) or body.get("type") != "hello":
        raise BadRequest('the first message must be {"type": "hello", "token": ...}')
    token = body.get("token")
    if token is not None and not isinstance(token, str):
        raise BadRequest("hello.token must be text or null")
    return token


def add_socket(
    app: FastAPI,
    service: GameService,
    hub: Hub,
    wake: Callable[[dict[str, Any]], None],
    run: Callable[..., Awaitable[Any]],
    limits: ServeLimits,
    allowed_origins: Collection[str],
) -> SocketCount:
    """Add the route ``/api/games/{game_id}/ws``; the answer counts its open sockets."""
    count = SocketCount(limits.sockets_per_address, limits.sockets_total, shared=service.storage)

    @app.websocket("/api/games/{game_id}/ws")
    async def watch(
        websocket: WebSocket, game_id: str, lang: str | None = None, svg: bool = False
    ) -> None:
        """Send the view now and after every move: ``{"type": "view", "view": ...}``.

        ``?svg=true`` adds the board's SVG to every view (the old form).
        """
        if not origin_allowed(
            websocket.headers.get("origin"), websocket.headers.get("host"), allowed_origins
        ):
            _log.warning("refused a WebSocket from origin %r", websocket.headers.get("origin"))
            await websocket.close(code=1008)
            return
        address = websocket.client.host if websocket.client else "?"
        await websocket.accept()
        try:  # counted in the database, against every worker's sockets
            await run(count.open, address)
        except ServiceError as exc:
            await websocket.close(code=4000 + exc.status, reason=exc.message[:120])
            return
        except StorageError as exc:
            _log.error("a WebSocket could not be counted: %s", exc)
            await websocket.close(code=4503, reason="the server cannot count sockets now")
            return
        language = language_of(lang, websocket.headers.get("accept-language"))
        try:
            await _serve(
                websocket, game_id, service, hub, wake, run, limits.socket_idle, language, svg
            )
        finally:
            with anyio.CancelScope(shield=True):
                await run(count.close, address)

    return count


def _view_message(view: dict[str, Any]) -> str:
    """The message ``{"type": "view", "view": ...}``, the view's shared part as written once
    (:mod:`.view_text`; every character beyond ASCII escaped, as in the HTTP answers)."""
    return '{"type":"view","view":' + view_text(view) + "}"


async def _serve(
    websocket: WebSocket,
    game_id: str,
    service: GameService,
    hub: Hub,
    wake: Callable[[dict[str, Any]], None],
    run: Callable[..., Awaitable[Any]],
    idle: float,
    language: str,
    svg: bool = False,
) -> None:
    if "token" in websocket.query_params:
        await websocket.close(code=4400, reason="send the token in the first message, not the URL")
        return
    try:
        with anyio.fail_after(HELLO_TIMEOUT):
            first = await websocket.receive()
        if first["type"] == "websocket.disconnect":
            return
        token = _hello(first)
    except TimeoutError:
        await websocket.close(code=4408, reason="no hello message in time")
        return
    except ServiceError as exc:
        await websocket.close(code=4000 + exc.status, reason=exc.message[:120])
        return
    # subscribe before reading the first view, so a move made in between is not missed
    queue = hub.subscribe(game_id)
    try:
        try:
            view = await run(lambda: service.view(game_id, token=token, svg=svg, language=language))
        except ServiceError as exc:
            await websocket.close(code=4000 + exc.status, reason=exc.message[:120])
            return
        except Exception:
            _log.exception("game %s: the WebSocket could not read the game", game_id)
            await websocket.close(code=4500, reason="the game cannot be read")
            return
        wake(view)
        await websocket.send_text(_view_message(view))
        sent = view["moves"]
        chosen = view.get("chosen")  # who has chosen now, where seats choose at once
        async with anyio.create_task_group() as tasks:

            async def push() -> None:
                # moves only grow; a notice that raced the view already sent (or a
                # view read after two moves, then the second move's notice) must not
                # send the same position twice: each view goes out once, in order
                nonlocal sent, chosen
                while True:
                    told = await queue.get()
                    while not queue.empty():  # -1: something besides a move changed
                        more = queue.get_nowait()
                        told = -1 if told < 0 or more < 0 else max(told, more)
                    if 0 <= told <= sent:  # a notice of a view sent already (or echoed back)
                        continue
                    try:
                        fresh = await run(
                            lambda: service.view(game_id, token=token, svg=svg, language=language)
                        )
                    except ServiceError as exc:  # the seat was left: its token is revoked
                        await websocket.close(code=4000 + exc.status, reason=exc.message[:120])
                        tasks.cancel_scope.cancel()
                        return
                    except StorageError as exc:  # logged; the client reconnects later
                        _log.error(
                            "game %s: the WebSocket could not read the game: %s", game_id, exc
                        )
                        code = 4503 if isinstance(exc, StorageUnavailable) else 4500
                        await websocket.close(code=code, reason="the game cannot be read now")
                        tasks.cancel_scope.cancel()
                        return
                    if fresh["moves"] > sent or (
                        fresh["moves"] == sent and fresh.get("chosen") != chosen
                    ):
                        sent, chosen = fresh["moves"], fresh.get("chosen")
                        try:
                            await websocket.send_text(_view_message(fresh))
                        except WebSocketDisconnect:  # gone while the view was read: done
                            tasks.cancel_scope.cancel()
                            return

            tasks.start_soon(push)
            while True:
                with anyio.move_on_after(idle) as timer:
                    message = await websocket.receive()
                if timer.cancelled_caught:
                    await websocket.close(code=4408, reason=f"silent for {idle:g} s")
                    break
                if message["type"] == "websocket.disconnect":
                    break
                if '"ping"' in (message.get("text") or ""):
                    await websocket.send_json({"type": "pong"})
            tasks.cancel_scope.cancel()
    except (WebSocketDisconnect, ServiceError):
        pass
    finally:
        hub.unsubscribe(game_id, queue)
