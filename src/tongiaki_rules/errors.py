"""Exceptions raised by the library. All of them subclass :class:`ValueError`.

>>> issubclass(IllegalActionError, ValueError)
True
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from .actions import Action
    from .state import GameState


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


class SettingsError(TongiakiError):
    """Game settings that cannot be played: a player count, a start seat, a flag value."""


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


class RecordError(TongiakiError):
    """JSON text, a state document or a game record that cannot be read.

    ``path`` names the offending field (``table[2].beaches[1]``, ``colours.R``,
    ``actions[7]``; ``None`` for the document as a whole) and starts the
    message; ``clause`` names the rule the data breaks, where one applies.

    >>> str(RecordError("3 boats in 2 slots", path="table[1].beaches[0]", clause="COMP-3"))
    'table[1].beaches[0]: 3 boats in 2 slots [COMP-3]'
    """

    def __init__(self, message: str, path: str | None = None, clause: str | None = None) -> None:
        self.path = path
        self.clause = clause
        self.reason = message
        text = f"{path}: {message}" if path else message
        super().__init__(f"{text} [{clause}]" if clause else text)

    def __reduce__(self) -> tuple[object, ...]:
        return (type(self), (self.reason, self.path, self.clause))


class ReplayError(RecordError):
    """An action of a game record that is not legal where the record applies it.

    ``index`` is the position of the action in ``record.actions`` (from 0),
    ``action`` the action, ``clause`` the rule it breaks (from the
    :class:`IllegalActionError`, which is the ``__cause__``) and ``state``
    the position it was applied to.

    >>> try:
    ...     replay(GameRecord(2, actions=[SetupPlace(0), SetupPlace(9)]))
    ... except ReplayError as exc:
    ...     print(exc.index, exc.clause, exc)
    1 SETUP-4 actions[1]: SetupPlace(beach=9) is illegal: Tonga has no beach 9 [SETUP-4]
    """

    def __init__(
        self,
        message: str,
        index: int,
        action: Action,
        clause: str | None = None,
        state: GameState | None = None,
    ) -> None:
        self.index = index
        self.action = action
        self.state = state
        super().__init__(message, f"actions[{index}]", clause)

    def __reduce__(self) -> tuple[object, ...]:
        return (type(self), (self.reason, self.index, self.action, self.clause, self.state))
