"""uvicorn's HTTP protocol with a header timeout and a cap on a request's head.

uvicorn times out an idle kept-alive connection, but not one that sends
a request's headers a byte at a time (or never finishes them): thousands
of those would hold the server's sockets forever. :func:`header_timeout_protocol`
makes an ``http=`` protocol class for ``uvicorn.run`` that closes a
connection whose request headers have not all arrived ``seconds`` after it
opened (or after the previous answer). It is built on uvicorn's
``httptools`` protocol (a C parser, installed by ``uvicorn[standard]``),
which takes far less CPU a request than the pure-Python ``h11`` did.

Neither uvicorn nor httptools bounds a request's head (httptools gathers a
header's value whole before handing it on, however long), so the protocol
does: a head over :data:`~.guard.MAX_HEAD` bytes, counted as it arrives, or
with over :data:`~.guard.MAX_HEADER_LINES` header lines, is answered 431 and
the connection closed; the application never sees it.

>>> protocol = header_timeout_protocol(5.0)
>>> protocol.header_timeout
5.0
"""

from __future__ import annotations

import asyncio
import json
from typing import Any

from uvicorn.protocols.http.httptools_impl import STATUS_LINE, HttpToolsProtocol

from ._guard import HEAD_TOO_LARGE, MAX_HEAD, MAX_HEADER_LINES, SECURITY_HEADERS

__all__ = ["HeaderTimeoutProtocol", "header_timeout_protocol", "too_large_answer"]


def too_large_answer() -> bytes:
    """The whole 431 answer the protocol sends (JSON, the security headers, then it closes).

    >>> too_large_answer().split(b"\\r\\n")[0]
    b'HTTP/1.1 431 Request Header Fields Too Large'
    """
    body = json.dumps({"detail": HEAD_TOO_LARGE}, ensure_ascii=True).encode("ascii")
    headers = {
        b"content-type": b"application/json",
        b"content-length": str(len(body)).encode("ascii"),
        b"connection": b"close",
        **SECURITY_HEADERS,
    }
    lines = b"".join(name + b": " + value + b"\r\n" for name, value in headers.items())
    return STATUS_LINE[431] + lines + b"\r\n" + body


class HeaderTimeoutProtocol(HttpToolsProtocol):
    """uvicorn's httptools protocol with a header clock (armed when a connection opens and
    after each answer, stopped when a request's headers are complete) and a cap on each
    request's head.

    ``header_timeout`` is a class attribute: each worker process sets it before serving
    (uvicorn's workers find this class by its import path).
    """

    header_timeout = 10.0
    _header_timer: asyncio.TimerHandle | None = None
    _refused = False  # a head too large was answered 431: the rest is dropped
    _in_head = True  # the bytes arriving belong to a request's head
    _head_bytes = 0  # of the head arriving, so far
    _head_tail = b""  # the last bytes of it, to find a blank line cut between two reads
    _lines = 0  # header lines of the request being parsed
    _too_large = False  # its header lines are over the cap

    def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
        super().connection_made(transport)
        self._arm()

    def _arm(self) -> None:
        self._disarm()
        self._header_timer = self.loop.call_later(self.header_timeout, self._expired)

    def _disarm(self) -> None:
        if self._header_timer is not None:
            self._header_timer.cancel()
            self._header_timer = None

    def _expired(self) -> None:
        self._header_timer = None
        if not self.transport.is_closing():
            self.transport.close()  # the headers never came in full

    def _refuse(self) -> None:
        """Answer 431, stop writing, and drop what else comes until the client closes (or the
        header clock runs out): closing at once could reset the connection before the client
        reads the answer."""
        self._refused = True
        if self.transport.is_closing():
            return
        self.transport.write(too_large_answer())
        if self.transport.can_write_eof():
            self.transport.write_eof()
            self._arm()
        else:
            self.transport.close()

    def data_received(self, data: bytes) -> None:
        if self._refused:
            return
        if self._in_head:  # count the head's bytes before the parser gathers them
            seen = self._head_tail + data
            end = seen.find(b"\r\n\r\n")
            self._head_bytes += len(data) if end < 0 else max(0, end + 4 - len(self._head_tail))
            self._head_tail = seen[-3:]
            if self._head_bytes > MAX_HEAD:
                self._refuse()
                return
            if end >= 0:
                self._in_head = False
        super().data_received(data)

    def on_message_begin(self) -> None:
        self._lines = 0
        self._too_large = False
        super().on_message_begin()

    def on_header(self, name: bytes, value: bytes) -> None:
        self._lines += 1
        if self._lines > MAX_HEADER_LINES:
            self._too_large = True
        if not self._too_large:
            super().on_header(name, value)

    def on_headers_complete(self) -> None:
        if self._too_large or self._refused:
            self._refuse()
            return
        self._disarm()
        super().on_headers_complete()

    def on_body(self, body: bytes) -> None:
        if not self._refused:
            super().on_body(body)

    def on_message_complete(self) -> None:
        if self._refused:
            return
        super().on_message_complete()
        self._in_head, self._head_bytes, self._head_tail = True, 0, b""  # the next request's

    def _should_upgrade(self) -> bool:
        return not self._refused and super()._should_upgrade()

    def _unsupported_upgrade_warning(self) -> None:
        if not self._refused:
            super()._unsupported_upgrade_warning()

    def on_response_complete(self) -> None:
        super().on_response_complete()
        if not self.transport.is_closing():
            self._arm()

    def connection_lost(self, exc: Exception | None) -> None:
        self._disarm()
        super().connection_lost(exc)


def header_timeout_protocol(seconds: float) -> Any:
    """A protocol class for ``uvicorn.run(http=...)`` with a ``seconds`` header timeout."""
    return type(
        "HeaderTimeoutProtocol", (HeaderTimeoutProtocol,), {"header_timeout": float(seconds)}
    )
