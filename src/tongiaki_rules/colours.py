"""The six boat colours (COMP-1).

>>> Colour.RED.letter
'R'
>>> Colour.from_letter("g")
Colour.GREEN
"""

from __future__ import annotations

import enum
from typing import Final

from .errors import QueryError, shown

__all__ = [
    "BOATS_PER_COLOUR",
    "COLOURS",
    "Colour",
]


class Colour(enum.IntEnum):
    """A boat colour. Seat ``i`` plays colour ``i`` (see :func:`~tongiaki_rules.new_game`)."""

    BLUE = 0
    RED = 1
    GREEN = 2
    YELLOW = 3
    ORANGE = 4
    PURPLE = 5

    def __repr__(self) -> str:
        return f"Colour.{self.name}"

    def __str__(self) -> str:
        return self.name.lower()

    def __format__(self, spec: str) -> str:
        return format(str(self), spec)

    @property
    def letter(self) -> str:
        """One capital letter for text displays: B, R, G, Y, O or P."""
        return self.name[0]

    @classmethod
    def from_letter(cls, letter: str) -> Colour:
        """The colour with this letter (either case).

        Anything else raises :class:`~tongiaki_rules.errors.QueryError` (a
        ``ValueError``).

        >>> Colour.from_letter("x")
        Traceback (most recent call last):
        ...
        tongiaki_rules.errors.QueryError: letter: unknown colour letter 'x'; expected one of BRGYOP
        """
        found = _BY_LETTER.get(letter.upper()) if type(letter) is str else None
        if found is None:
            raise QueryError(
                f"letter: unknown colour letter {shown(letter)}; expected one of BRGYOP"
            )
        return found


COLOURS: Final[tuple[Colour, ...]] = tuple(Colour)
_BY_LETTER: Final = {c.name[0]: c for c in Colour}

BOATS_PER_COLOUR: Final = 15
"""Every colour has 15 boats (COMP-1)."""
