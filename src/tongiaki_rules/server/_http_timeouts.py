"""uvicorn's HTTP protocol with a header timeout: a request half sent is dropped after a while.

uvicorn times out an idle kept-alive connection, but not one that sends
a request's headers a byte at a time (or never finishes them): thousands
of those would hold the server's sockets forever. :func:`header_timeout_protocol`
makes an ``http=`` protocol class for ``uvicorn.run`` that closes a
connection whose request headers have not all arrived ``seconds`` after it
opened (or after the previous answer). It is built on uvicorn's
``httptools`` protocol (a C parser, installed by ``uvicorn[standard]``),
which takes far less CPU a request than the pure-Python ``h11`` did.

>>> protocol = header_timeout_protocol(5.0)
>>> protocol.header_timeout
5.0
"""

from __future__ import annotations

import asyncio
from typing import Any

from uvicorn.protocols.http.httptools_impl import HttpToolsProtocol

__all__ = ["HeaderTimeoutProtocol", "header_timeout_protocol"]


class HeaderTimeoutProtocol(HttpToolsProtocol):
    """uvicorn's httptools protocol with a header clock: armed when a connection opens and
    after each answer, stopped when a request's headers are complete.

    ``header_timeout`` is a class attribute: each worker process sets it before serving
    (uvicorn's workers find this class by its import path).
    """

    header_timeout = 10.0
    _header_timer: asyncio.TimerHandle | None = None

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

    def on_headers_complete(self) -> None:
        self._disarm()
        super().on_headers_complete()

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
