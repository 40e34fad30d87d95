"""Errors of the Tóncc engine. Both are :class:`~tongiaki_rules.errors.TongiakiError` s.

>>> str(TonccIllegalActionError("King RED: no move given", "TC-MOVE-1"))
'TC-MOVE-1: King RED: no move given'
"""

from __future__ import annotations

from ..errors import IllegalActionError, TongiakiError


class TonccIllegalActionError(IllegalActionError):
    """A joint action, move or chance outcome that breaks a Tóncc rule.

    The message starts with the clause id (see :mod:`.clauses`) and names the
    King and the move; ``clause`` holds the id. The state is unchanged.
    """

    def __init__(self, message: str, clause: str) -> None:
        super().__init__(f"{clause}: {message}")
        self.clause = clause


class TonccMapError(TongiakiError):
    """A region or Map whose data cannot be played; the message names the field."""
