"""The errors of the game service, each with the HTTP status it answers with.

>>> error = Conflict("move 3 was already played")
>>> error.status, error.message, error.clause
(409, 'move 3 was already played', None)
"""

from __future__ import annotations

__all__ = [
    "BadRequest",
    "Conflict",
    "Forbidden",
    "LookAheadTooLong",
    "NotFound",
    "ServiceError",
    "TooMany",
    "Unauthorized",
    "Unavailable",
    "Unprocessable",
    "Unsupported",
]


class ServiceError(Exception):
    """A request the game service refuses: an HTTP ``status``, a ``message``, maybe a ``clause``.

    ``reason`` is a fixed word for a refusal a player may meet in the browser
    (``"stale_move"``, ``"invite_needed"``, ...): the client tells it as a
    sentence in the player's language, where ``message`` is the API's English
    for programs and logs.

    >>> ServiceError(418, "no tea here").status
    418
    """

    def __init__(
        self, status: int, message: str, clause: str | None = None, *, reason: str | None = None
    ) -> None:
        super().__init__(message)
        self.status = status
        self.message = message
        self.clause = clause
        self.reason = reason


class _Fixed(ServiceError):
    STATUS = 500

    def __init__(
        self, message: str, clause: str | None = None, *, reason: str | None = None
    ) -> None:
        super().__init__(self.STATUS, message, clause, reason=reason)


class BadRequest(_Fixed):
    """400: the request cannot be read."""

    STATUS = 400


class Unauthorized(_Fixed):
    """401: no token, or a token this game never issued."""

    STATUS = 401


class Forbidden(_Fixed):
    """403: the token's seat is not the one to move."""

    STATUS = 403


class NotFound(_Fixed):
    """404: no such game, or no such seat."""

    STATUS = 404


class Conflict(_Fixed):
    """409: a stale ``expect_move``, or a seat already taken."""

    STATUS = 409


class Unprocessable(_Fixed):
    """422: not a game setting, or not a legal action (``clause`` names the rule)."""

    STATUS = 422


class Unsupported(_Fixed):
    """415: a state-changing request whose body is not declared ``application/json``."""

    STATUS = 415


class Unavailable(_Fixed):
    """503: the storage cannot take a write now (its file gone or read-only, the disk full)."""

    STATUS = 503


class LookAheadTooLong(_Fixed):
    """503: a decision of the game needs a longer look-ahead than the server allows.

    The engine answers every decision exactly; a table built to be expensive
    (AMB-25, issue 36) can need hundreds of thousands of positions, so the
    service caps each decision (:data:`~.service.SEARCH_POSITIONS`) and
    answers this instead, with the game unchanged.
    """

    STATUS = 503


class TooMany(ServiceError):
    """429: a limit was reached; ``retry_after`` seconds until it may be tried again.

    >>> TooMany("too many games created", 12).retry_after
    12
    """

    def __init__(self, message: str, retry_after: int) -> None:
        super().__init__(429, message)
        self.retry_after = retry_after
