"""Exceptions raised by the library. All of them subclass :class:`ValueError`.

>>> issubclass(IllegalActionError, ValueError)
True
"""

from __future__ import annotations


class TongiakiError(ValueError):
    """Base class of every error this library raises on bad input."""


class IllegalActionError(TongiakiError):
    """An action that is not legal in the state it was applied to.

    The message names the rule (a clause id of the rule catalogue) that the
    action breaks. The state the action was applied to is unchanged.
    """

    def __init__(self, message: str, clause: str | None = None) -> None:
        self.clause = clause
        super().__init__(f"{message} [{clause}]" if clause else message)


class InvalidPositionError(TongiakiError):
    """A position (for example from the scenario builder) that cannot occur."""


class TileSetError(TongiakiError):
    """A tile or tile set whose data is inconsistent."""


class NotationError(TongiakiError):
    """Text that is not an action in the text notation (see :mod:`.notation`).

    The message says what was expected where. ``column`` is the index in the
    text where reading stopped (``None`` when it does not apply). When
    :func:`~tongiaki_rules.notation.match_action` finds a well-written action
    that is not legal, ``clause`` names the rule it breaks, as in
    :class:`IllegalActionError`.

    >>> issubclass(NotationError, ValueError)
    True
    """

    def __init__(
        self, message: str, *, column: int | None = None, clause: str | None = None
    ) -> None:
        self.column = column
        self.clause = clause
        super().__init__(message)
