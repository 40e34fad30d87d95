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
