"""uvicorn's HTTP protocol with a header timeout: a request half sent is dropped after a while.

uvicorn times out an idle kept-alive connection, but not one that sends
a request's headers a byte at a time (or never finishes them): thousands
of those would hold the server's sockets forever. :func:`header_timeout_protocol`
makes an ``http=`` protocol class for ``uvicorn.run`` that closes a
connection whose request headers have not all arrived ``seconds`` after it
opened (or after the previous answer).

>>> protocol = header_timeout_protocol(5.0)
>>> protocol.header_timeout
5.0
"""

from __future__ import annotations

import asyncio
from typing import Any

import h11
from uvicorn.protocols.http.h11_impl import H11Protocol

__all__ = ["HeaderTimeoutH11Protocol", "header_timeout_protocol"]


class _HeaderTimeout(H11Protocol):
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
        if self.conn.their_state is h11.IDLE and not self.transport.is_closing():
            self.transport.close()  # the headers never came in full

    def data_received(self, data: bytes) -> None:
        super().data_received(data)
        if self.conn.their_state is not h11.IDLE:
            self._disarm()

    def on_response_complete(self) -> None:
        super().on_response_complete()
        if not self.transport.is_closing():
            self._arm()

    def connection_lost(self, exc: Exception | None) -> None:
        self._disarm()
        super().connection_lost(exc)


HeaderTimeoutH11Protocol = _HeaderTimeout
"""The protocol class by import path, for uvicorn's worker processes (``http="module:name"``);
each worker sets its ``header_timeout`` before serving."""


def header_timeout_protocol(seconds: float) -> Any:
    """An h11 protocol class for ``uvicorn.run(http=...)`` with a ``seconds`` header timeout."""
    return type("HeaderTimeoutH11Protocol", (_HeaderTimeout,), {"header_timeout": float(seconds)})
