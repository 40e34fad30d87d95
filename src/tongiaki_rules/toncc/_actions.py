"""What a King chooses, what chance decides: Move, JointAction, PlaceRegion.

A King's move is a Compass number, 1 to 6 (TC-MOVE-2); the direction it
names depends on ``TonccRules.compass``. All Kings on the board choose at once
and one :class:`JointAction` carries every choice (TC-MOVE-1).

>>> JointAction.of({King.RED: Move(1), King.BLUE: Move(4)}).move_of(King.BLUE)
Move(number=4)
"""

from __future__ import annotations

from collections.abc import Mapping

import attrs

from ..errors import shown
from ._errors import TonccIllegalActionError
from ._kings import KINGS, King
from ._values import whole


def _compass_number(value: object) -> int:
    try:
        return whole(value, "Move", 1, 6)
    except TonccIllegalActionError:
        raise
    except Exception:
        raise TonccIllegalActionError(
            f"Move: the Compass numbers are 1 to 6, got {shown(value)}", "TC-MOVE-2"
        ) from None


def _region_id(value: object) -> int:
    try:
        return whole(value, "PlaceRegion", -(2**63), 2**63)
    except Exception:
        raise TonccIllegalActionError(
            f"PlaceRegion: expected a region id (a whole number), got {shown(value)}",
            "TC-SETUP-2",
        ) from None


@attrs.frozen(slots=True)
class Move:
    """A King's move: the Compass number on top of his Head, 1 to 6.

    Any whole number is taken (a numpy integer too, as adapters hand out),
    never a bool or a float.
    >>> try:
    ...     Move(7)
    ... except TonccIllegalActionError as exc:
    ...     print(exc)
    TC-MOVE-2: Move: the Compass numbers are 1 to 6, got 7
    """

    number: int = attrs.field(converter=_compass_number)


def _seating(value: object) -> tuple[King, King, King]:
    if type(value) not in (tuple, list) or len(value) != 3:  # type: ignore[arg-type]
        raise TonccIllegalActionError(
            f"DrawColours: expected the Kings of players 0, 1 and 2, got {shown(value)}",
            "TC-SETUP-4",
        )
    items: tuple[object, ...] = tuple(value)  # type: ignore[arg-type]
    kings = [k for k in items if type(k) is King]
    if len(kings) != 3 or len(set(kings)) != 3:
        raise TonccIllegalActionError(
            f"DrawColours: each player draws a different King, got {shown(value)}", "TC-SETUP-4"
        )
    return (kings[0], kings[1], kings[2])


@attrs.frozen(slots=True)
class DrawColours:
    """The chance outcome of the colour draw: ``seating[p]`` is the King of player ``p``.

    >>> DrawColours((King.BLUE, King.RED, King.YELLOW)).seating[0]
    <King.BLUE: 2>
    """

    seating: tuple[King, King, King] = attrs.field(converter=_seating)


SEATINGS: tuple[tuple[King, King, King], ...] = tuple(
    (a, b, c) for a in KINGS for b in KINGS for c in KINGS if len({a, b, c}) == 3
)
"""The six ways to give three players the three Kings; ``SEATINGS[0]`` is Red, Yellow, Blue."""

MOVES: tuple[Move, ...] = tuple(Move(n) for n in range(1, 7))
"""The six moves, Compass numbers 1 to 6: every King on the board has exactly these."""


@attrs.frozen(slots=True)
class PlaceRegion:
    """A chance outcome of the shuffle: region ``region`` goes on the next cell to fill.

    The board is filled cell by cell, I1..I6 then O1..O12 (TC-SETUP-2).
    Whether the region is one left to place is checked when it is applied.
    """

    region: int = attrs.field(converter=_region_id)


@attrs.frozen(slots=True)
class JointAction:
    """The moves of one turn, one per King by seat (``None`` for a King not on the board).

    Build it with :meth:`of` from a mapping King → Move; whether the right
    Kings move is checked when it is applied to a state.

    >>> JointAction.of({King.YELLOW: MOVES[0]}).moves
    (None, Move(number=1), None)
    """

    moves: tuple[Move | None, Move | None, Move | None]

    def __attrs_post_init__(self) -> None:
        moves = self.moves
        if type(moves) is not tuple or len(moves) != len(KINGS):
            raise TonccIllegalActionError(
                f"joint action: expected a tuple of 3 moves (Move or None, by seat), "
                f"got {shown(moves)}",
                "TC-MOVE-1",
            )
        for king, move in zip(KINGS, moves, strict=True):
            if move is not None and type(move) is not Move:
                raise TonccIllegalActionError(
                    f"King {king.name}: {shown(move)} is not a Move (Move(1)..Move(6)) or None",
                    "TC-MOVE-2",
                )

    @classmethod
    def of(cls, moves: Mapping[King, Move]) -> JointAction:
        """The joint action of a mapping King → Move; wrong types raise naming the entry."""
        if not isinstance(moves, Mapping):
            raise TonccIllegalActionError(
                f"joint action: expected a mapping King -> Move, got {shown(moves)}", "TC-MOVE-1"
            )
        chosen: list[Move | None] = [None, None, None]
        for king, move in moves.items():
            if type(king) is not King:
                raise TonccIllegalActionError(
                    f"joint action: {shown(king)} is not a King", "TC-MOVE-1"
                )
            if type(move) is not Move:
                raise TonccIllegalActionError(
                    f"King {king.name}: {shown(move)} is not a Move (Move(1)..Move(6))",
                    "TC-MOVE-2",
                )
            chosen[king.value] = move
        return cls((chosen[0], chosen[1], chosen[2]))

    def move_of(self, king: King) -> Move | None:
        """The move chosen by ``king``, ``None`` if he has none."""
        return self.moves[king.value]

    def kings(self) -> tuple[King, ...]:
        """The Kings that chose a move."""
        return tuple(k for k in KINGS if self.moves[k.value] is not None)
