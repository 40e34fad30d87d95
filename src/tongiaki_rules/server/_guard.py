"""ASGI middleware that guards every request before a route sees it.

:class:`Guard` checks the ``Host`` header against the allowed names (a
page on another site reached through DNS rebinding is refused with 421),
refuses a request whose head is over :data:`MAX_HEAD` bytes or has over
:data:`MAX_HEADER_LINES` header lines (431; ``tongiaki serve``'s HTTP
protocol refuses them before they are read whole, :mod:`.http_timeouts`),
refuses a state-changing request whose body is not declared
``application/json`` (415: a cross-origin ``fetch`` in ``no-cors`` mode
cannot declare it), caps a request body at ``max_body`` bytes (413) and the
time it may take to arrive (408), and adds the security headers to every
answer: a Content-Security-Policy allowing only the server's own files,
``frame-ancestors 'none'``, ``X-Content-Type-Options: nosniff`` and
``Referrer-Policy: no-referrer``.

>>> sorted(SECURITY_HEADERS)[:2]
[b'content-security-policy', b'cross-origin-opener-policy']
"""

from __future__ import annotations

import json
from collections.abc import Collection

import anyio
from starlette.types import ASGIApp, Message, Receive, Scope, Send

__all__ = [
    "HEAD_TOO_LARGE",
    "MAX_BODY",
    "MAX_HEAD",
    "MAX_HEADER_LINES",
    "SECURITY_HEADERS",
    "Guard",
    "head_size",
    "host_name",
    "origin_allowed",
]

MAX_BODY = 64 * 1024
"""Request bodies over this many bytes are refused with 413."""

MAX_HEAD = 16 * 1024
"""A request's head (its request line, header lines and the blank line) over this many bytes
is refused with 431."""

MAX_HEADER_LINES = 100
"""A request with more header lines than this is refused with 431."""

HEAD_TOO_LARGE = f"the request's head is over {MAX_HEAD} bytes or {MAX_HEADER_LINES} header lines"
"""The ``detail`` of a 431."""

SECURITY_HEADERS: dict[bytes, bytes] = {
    b"content-security-policy": b"default-src 'self'; img-src 'self' data:; object-src 'none'; "
    b"base-uri 'none'; "
    b"form-action 'self'; frame-ancestors 'none'",
    b"x-content-type-options": b"nosniff",
    b"referrer-policy": b"no-referrer",
    b"x-frame-options": b"DENY",
    b"cross-origin-opener-policy": b"same-origin",
    b"cross-origin-resource-policy": b"same-origin",
}
_CHANGING = {"POST", "PUT", "PATCH", "DELETE"}


def host_name(host: str) -> str:
    """The name in a ``Host`` header or an origin's authority, without its port, lower case.

    >>> host_name("LocalHost:8000"), host_name("[::1]:80"), host_name("::1")
    ('localhost', '::1', '::1')
    """
    host = host.strip().lower()
    if host.startswith("["):
        return host[1 : host.find("]")] if "]" in host else host
    if host.count(":") == 1:
        return host.partition(":")[0]
    return host


def head_size(scope: Scope) -> int:
    """The fewest bytes the head of the request ``scope`` took on the wire: ``GET /x HTTP/1.1``,
    each ``name:value`` line, the blank line.

    >>> head_size({"method": "GET", "path": "/", "headers": [(b"host", b"a")]})
    26
    """
    target = len(scope.get("raw_path") or scope["path"].encode("utf-8"))
    query = scope.get("query_string", b"")
    line = len(scope.get("method", "GET")) + 1 + target + (1 + len(query) if query else 0) + 11
    return line + sum(len(name) + 1 + len(value) + 2 for name, value in scope["headers"]) + 2


def origin_allowed(origin: str | None, host: str | None, allowed: Collection[str]) -> bool:
    """Whether a WebSocket's ``Origin`` is the server's own (same authority as ``Host``) or allowed.

    A client that sends no ``Origin`` is not a browser page, and is allowed.

    >>> origin_allowed("http://127.0.0.1:8000", "127.0.0.1:8000", ())
    True
    >>> origin_allowed("http://evil.example", "127.0.0.1:8000", ())
    False
    """
    if origin is None:
        return True
    origin = origin.strip().lower().rstrip("/")
    if origin in {a.lower().rstrip("/") for a in allowed}:
        return True
    scheme, _, authority = origin.partition("://")
    return scheme in ("http", "https") and host is not None and authority == host.strip().lower()


async def _answer(send: Send, status: int, detail: str, extra: dict[bytes, bytes]) -> None:
    body = json.dumps({"detail": detail}, ensure_ascii=True).encode("ascii")
    headers = [(b"content-type", b"application/json"), (b"content-length", str(len(body)).encode())]
    headers += list(extra.items())
    await send({"type": "http.response.start", "status": status, "headers": headers})
    await send({"type": "http.response.body", "body": body})


class Guard:
    """The ASGI middleware described in the module docstring.

    ``allowed_hosts``: the host names accepted in ``Host`` (``None``: any).
    """

    def __init__(
        self,
        app: ASGIApp,
        *,
        allowed_hosts: Collection[str] | None = None,
        max_body: int = MAX_BODY,
        body_timeout: float = 10.0,
    ) -> None:
        self.app = app
        self.allowed_hosts = (
            None if allowed_hosts is None else {host_name(h) for h in allowed_hosts}
        )
        self.max_body = max_body
        self.body_timeout = body_timeout

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] not in ("http", "websocket"):
            await self.app(scope, receive, send)
            return
        if len(scope["headers"]) > MAX_HEADER_LINES or head_size(scope) > MAX_HEAD:
            if scope["type"] == "websocket":
                await send({"type": "websocket.close", "code": 1008, "reason": HEAD_TOO_LARGE})
                return
            await _answer(send, 431, HEAD_TOO_LARGE, SECURITY_HEADERS)
            return
        headers = dict(scope["headers"])
        host = headers.get(b"host", b"").decode("latin-1")
        if self.allowed_hosts is not None and host_name(host) not in self.allowed_hosts:
            if scope["type"] == "websocket":
                await send({"type": "websocket.close", "code": 1008, "reason": "host not allowed"})
                return
            await _answer(send, 421, "this server does not answer for that Host", SECURITY_HEADERS)
            return
        if scope["type"] == "websocket":
            await self.app(scope, receive, send)
            return
        if scope["method"] in _CHANGING:
            media = headers.get(b"content-type", b"").split(b";")[0].strip().lower()
            if media != b"application/json":
                await _answer(
                    send,
                    415,
                    "a request that changes something needs Content-Type: application/json",
                    SECURITY_HEADERS,
                )
                return
        declared = headers.get(b"content-length", b"0")
        if not declared.isdigit() or int(declared) > self.max_body:
            await _answer(send, 413, f"the body is over {self.max_body} bytes", SECURITY_HEADERS)
            return
        body = await self._body(receive)
        if isinstance(body, int):
            if body:
                detail = (
                    f"the body is over {self.max_body} bytes"
                    if body == 413
                    else f"the body did not arrive within {self.body_timeout} s"
                )
                await _answer(send, body, detail, SECURITY_HEADERS)
            return
        whole: list[bytes] = [body]

        async def replay() -> Message:
            if whole:
                return {"type": "http.request", "body": whole.pop(), "more_body": False}
            return await receive()

        async def with_headers(message: Message) -> None:
            if message["type"] == "http.response.start":
                present = {key.lower() for key, _ in message.get("headers", [])}
                message = dict(message)
                message["headers"] = list(message.get("headers", [])) + [
                    (key, value) for key, value in SECURITY_HEADERS.items() if key not in present
                ]
            await send(message)

        await self.app(scope, replay, with_headers)

    async def _body(self, receive: Receive) -> bytes | int:
        """The whole body; or 413 (too large), 408 (too slow), 0 (the client went away)."""
        chunks: list[bytes] = []
        size = 0
        with anyio.move_on_after(self.body_timeout) as timer:
            while True:
                message = await receive()
                if message["type"] == "http.disconnect":
                    return 0
                chunk = message.get("body", b"")
                size += len(chunk)
                if size > self.max_body:
                    return 413
                chunks.append(chunk)
                if not message.get("more_body"):
                    break
        if timer.cancelled_caught:
            return 408
        return b"".join(chunks)
