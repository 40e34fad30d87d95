"""The three Kings and their strong, medium and weak colours (TC-KING-1).

Every King is painted in three colours: his own on the body (strong), another
on the hair (medium) and the last on the feet (weak). The rule sheet states the
hair colours (Blue has yellow hair, Yellow red, Red blue); the feet get the
colour that is left.

>>> from tongiaki_rules.toncc import Colour, King
>>> King.BLUE.medium, King.BLUE.weak
(<Colour.YELLOW: 1>, <Colour.RED: 0>)
>>> King.RED.weight(Colour.YELLOW)
3
"""

from __future__ import annotations

import enum
from collections.abc import Iterable

from ..errors import QueryError, SettingsError, TongiakiError, shown


class Colour(enum.IntEnum):
    """A colour of the game: a King's body, a region's background or symbol, a seal."""

    RED = 0
    YELLOW = 1
    BLUE = 2


class King(enum.IntEnum):
    """A player: the King of one colour. The value is the seat (0, 1, 2).

    >>> King.YELLOW.strong
    <Colour.YELLOW: 1>
    """

    RED = 0
    YELLOW = 1
    BLUE = 2

    @property
    def strong(self) -> Colour:
        """The body colour, the King's own."""
        return Colour(self.value)

    @property
    def medium(self) -> Colour:
        """The hair colour (stated: Blue yellow, Yellow red, Red blue)."""
        return Colour((self.value + 2) % 3)

    @property
    def weak(self) -> Colour:
        """The feet colour: the one left over."""
        return Colour((self.value + 1) % 3)

    def weight(self, colour: Colour) -> int:
        """1 for the strong colour, 2 for the medium, 3 for the weak (TC-SCORE-2).

        The same number orders the Kings in a contest: the lowest weight in the
        background colour is the strongest King in it (TC-CONQ-3).

        >>> from tongiaki_rules.toncc import Colour
        >>> [King.BLUE.weight(c) for c in Colour]
        [3, 2, 1]
        """
        return (self.value - as_colour(colour).value) % 3 + 1


KINGS: tuple[King, ...] = tuple(King)
"""The three Kings in seat order."""


def strongest_in(colour: Colour, kings: Iterable[King]) -> King:
    """The King strongest in ``colour`` among ``kings``: the winner of a contest (TC-CONQ-3).

    Every colour is strong for one King, medium for one and weak for one, so
    the winner is always unique.

    >>> from tongiaki_rules.toncc import Colour
    >>> strongest_in(Colour.YELLOW, [King.RED, King.BLUE])
    <King.BLUE: 2>
    """
    colour = as_colour(colour)
    if isinstance(kings, (str, bytes)) or not isinstance(kings, Iterable):
        raise QueryError(f"kings: expected Kings, got {shown(kings)}")
    found = [as_king(king, "kings") for king in kings]
    if not found:
        raise QueryError("kings: no King contests the region; expected one to three Kings")
    return min(found, key=lambda king: king.weight(colour))


def weaker_king(first: King, second: King) -> King:
    """Of two different Kings, the one weaker in two of the three colours (TC-SCORE-5).

    He wins a tie. The relation is cyclic: Blue beats Yellow, Yellow beats
    Red, Red beats Blue.

    >>> weaker_king(King.BLUE, King.YELLOW)
    <King.BLUE: 2>
    """
    first = as_king(first, "first")
    second = as_king(second, "second")
    if first is second:
        raise SettingsError(f"weaker_king: needs two different Kings, got {first.name} twice")
    weaker_in = sum(first.weight(c) > second.weight(c) for c in Colour)
    return first if weaker_in >= 2 else second


def as_colour(value: object, argument: str = "colour") -> Colour:
    """``value`` if it is a :class:`Colour`; :class:`QueryError` naming ``argument`` otherwise.

    >>> from tongiaki_rules.toncc import Colour
    >>> as_colour(Colour.BLUE)
    <Colour.BLUE: 2>
    """
    if type(value) is not Colour:
        raise QueryError(f"{argument}: expected a Colour (Colour.RED, ...), got {shown(value)}")
    return value


def as_king(value: object, argument: str = "king", error: type[TongiakiError] = QueryError) -> King:
    """``value`` if it is a :class:`King`; ``error`` naming ``argument`` otherwise.

    Plain ints and bools are refused: a King is named by the enum.

    >>> as_king(King.RED)
    <King.RED: 0>
    """
    if type(value) is not King:
        raise error(f"{argument}: expected a King (King.RED, ...), got {shown(value)}")
    return value
