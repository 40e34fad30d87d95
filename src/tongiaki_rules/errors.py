"""Exceptions raised by the library.

Every error about bad input subclasses :class:`TongiakiError`, a
:class:`ValueError`. :class:`SearchLimitReached` is the one other: a
:class:`RuntimeError` that says a cap the caller set was reached.

>>> issubclass(IllegalActionError, ValueError)
True
"""

from __future__ import annotations

from typing import TYPE_CHECKING

__all__ = [
    "IllegalActionError",
    "InvalidPositionError",
    "NotationError",
    "PositionCodeError",
    "QueryError",
    "RecordError",
    "ReplayError",
    "SearchLimitReached",
    "SettingsError",
    "TileSetError",
    "TongiakiError",
    "shown",
]

if TYPE_CHECKING:
    from ._state import GameState
    from .actions import Action


class TongiakiError(ValueError):
    """Base class of every error this library raises on bad input."""


class IllegalActionError(TongiakiError):
    """An action that is not legal in the state it was applied to.

    The message names the rule (a clause id of the rule catalogue) that the
    action breaks. The state the action was applied to is unchanged.
    """

    def __init__(self, message: str, clause: str | None = None) -> None:
        self.reason = message
        """The message without the clause id."""
        self.clause = clause
        """The clause id of the rule the action breaks (``None`` for what is not an action)."""
        super().__init__(f"{message} [{clause}]" if clause else message)


class QueryError(TongiakiError, KeyError, IndexError):
    """A question to a state or tile set about something that is not there.

    Raised by the read-only queries (:meth:`GameState.beach
    <tongiaki_rules.GameState.beach>`, ``reserve``, ``tile_at``,
    :meth:`TileSet.tile <tongiaki_rules.tiles.TileSet.tile>`, ...) for an
    argument of the wrong type or one that names nothing in the game: a hex
    that is not a pair of ints, a beach or island that does not exist, a
    colour not in play. The message names the argument.

    It is a :class:`TongiakiError` (so a ``ValueError``) and, because these
    queries raised them before, also a :class:`KeyError` and an
    :class:`IndexError`: ``except KeyError`` around ``beach()`` keeps working.

    >>> try:
    ...     new_game(2).beach((5, 5), 0)
    ... except QueryError as exc:
    ...     print(exc)
    island: there is no island at (5, 5)
    >>> issubclass(QueryError, ValueError) and issubclass(QueryError, KeyError)
    True
    """

    def __str__(self) -> str:
        # KeyError would quote the message; show it as written, like every other error
        return str(self.args[0]) if len(self.args) == 1 else super().__str__()


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


class PositionCodeError(RecordError):
    """A position code that cannot be read, or a state that has no code.

    ``part`` names the part of the code that is wrong (``table entry 3
    'hw1.0.2.BRRB'``, ``settings '70'``; ``None`` for the code as a whole)
    and starts the message after ``position code``; ``clause`` names the
    rule the position breaks, where one applies.

    It is a :class:`RecordError` because a position code is a state
    document written in one line: whoever reads states from outside (files,
    records, the command line) catches one error for both spellings.

    >>> try:
    ...     GameState.from_position_code("T1_70_sB_to000")
    ... except PositionCodeError as exc:
    ...     print(exc.part)
    ...     print(exc.reason)
    settings '70'
    expected the number of players (2 to 6) and the start seat (0 to 5), like '30', not '70'
    """

    def __init__(self, message: str, part: str | None = None, clause: str | None = None) -> None:
        self.part = part
        super().__init__(message, f"position code, {part}" if part else "position code", clause)
        self.reason = message

    def __reduce__(self) -> tuple[object, ...]:
        return (type(self), (self.reason, self.part, self.clause))


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


class SearchLimitReached(RuntimeError):
    """A decision's look-ahead needed more positions than the caller's cap allows.

    Raised only inside :func:`~tongiaki_rules.search_limit` (issue 36): the
    decision is left unanswered and the state unchanged; without the cap the
    same call gives the exact answer. ``limit`` is the cap.

    >>> SearchLimitReached(5).limit
    5
    """

    def __init__(self, limit: int) -> None:
        self.limit = limit
        super().__init__(
            f"this decision's look-ahead needs more than {limit} positions, the cap "
            "set with search_limit(); nothing was changed"
        )

    def __reduce__(self) -> tuple[object, ...]:
        return (type(self), (self.limit,))


def shown(value: object, limit: int = 60) -> str:
    """``repr(value)`` cut to ``limit`` characters, for error messages (never raises).

    >>> shown(10**5000)
    'an int of about 5001 digits'
    >>> shown("x" * 100, limit=8)
    "'xxxx..."
    """
    try:
        text = repr(value)
    except ValueError:  # an int too long to print (sys.set_int_max_str_digits)
        if isinstance(value, int):
            return f"an int of about {int(abs(value).bit_length() * 0.30103) + 1} digits"
        return f"a {type(value).__name__}"
    except Exception:  # a hostile __repr__
        return f"a {type(value).__name__}"
    return text if len(text) <= limit else text[: limit - 3] + "..."
