"""Checks of plain values handed to the Tóncc entry points: whole numbers, sequences.

Integers are taken as the adapters hand them out, numpy integers included
(``operator.index``), but a bool is never a number here and neither is a float.

>>> whole(3, "move", 1, 6)
3
>>> try:
...     whole(True, "move", 1, 6)
... except QueryError as exc:
...     print(exc)
move: expected a whole number from 1 to 6, got True
"""

from __future__ import annotations

import operator

from ..errors import QueryError, TongiakiError, shown


def whole(
    value: object,
    argument: str,
    low: int,
    high: int,
    error: type[TongiakiError] = QueryError,
) -> int:
    """``value`` as an ``int`` in ``low..high``; ``error`` naming ``argument`` otherwise.

    Accepts ``int`` and anything with ``__index__`` (numpy integers); refuses
    bools, floats and strings.
    """
    number: int | None = None
    if not isinstance(value, bool):
        try:
            number = operator.index(value)  # type: ignore[arg-type]
        except TypeError:
            number = None
    if number is None or not low <= number <= high:
        raise error(f"{argument}: expected a whole number from {low} to {high}, got {shown(value)}")
    return number


def text(value: object, argument: str, error: type[TongiakiError] = QueryError) -> str:
    """``value`` if it is a string of Unicode text (no lone surrogate); ``error`` otherwise."""
    if type(value) is not str:
        raise error(f"{argument}: expected a string, got {shown(value)}")
    try:
        value.encode("utf-8")
    except UnicodeEncodeError:
        raise error(f"{argument}: holds a lone surrogate, it is not Unicode text") from None
    return value
