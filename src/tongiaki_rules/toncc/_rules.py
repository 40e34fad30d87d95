"""Rules flags of Tóncc: one field per point the rule sheet leaves open.

Each flag names the clause it decides, the default (the reading of the notes)
and the alternative. The Map and region set are not flags but data
(:class:`~tongiaki_rules.toncc.regions.TonccMap`).

>>> TonccRules()
TonccRules()
>>> TonccRules(top_tie=TopTie.WINNER_TAKES_BOTH).top_tie
TopTie.WINNER_TAKES_BOTH
"""

from __future__ import annotations

import enum
import types
from collections.abc import Mapping
from typing import TypeVar

import attrs

from ..errors import SettingsError, shown
from ..rules import NamedStrEnum

_E = TypeVar("_E", bound=enum.Enum)


class StallKingPoints(NamedStrEnum):
    """King points of the Kings still on the board when a challenge stalls (TC-END-4).

    The sheet says only "assign the king points". ``PRESENT`` (default): each
    scores the number of Kings present, as if they all placed their last seal
    then. ``ONE``: each scores 1, as if they all finished last.
    """

    PRESENT = "present"
    ONE = "one"


class TopTie(NamedStrEnum):
    """The tóncc points of two Kings tied for the best challenge score (TC-SCORE-6).

    The sheet's tie rule ("the tóncc points go to the weaker of the two") is
    shown only on a tie for second place. ``RANKED`` (default): the weaker King
    ranks first and takes 2, the other 1, the third King 0. ``WINNER_TAKES_BOTH``:
    the weaker King takes both the 2 and the 1, so 3, and the others 0.
    """

    RANKED = "ranked"
    WINNER_TAKES_BOTH = "winner_takes_both"


class FinalThreeWayTie(NamedStrEnum):
    """The winner when all three Kings end the game on 3 tóncc points (TC-GAME-3).

    The weaker-King rule cannot settle a three-way tie (it is cyclic) and the
    sheet says nothing more. ``SHARED`` (default): all three share the win.
    ``SCORE_TOTAL`` (a house rule): the highest sum of challenge scores wins;
    two still tied are settled by the weaker-King rule, three share the win.
    """

    SHARED = "shared"
    SCORE_TOTAL = "score_total"


class Compass(NamedStrEnum):
    """Which Compass number (1..6) is which direction (TC-MOVE-5, reconstructed).

    The Compass figure is lost; the game is the same under any numbering.
    ``COUNTER_CLOCKWISE`` (default): 1 E, 2 NE, 3 NW, 4 W, 5 SW, 6 SE.
    ``D6``: opposite directions sum to 7, as on a die: 1 E, 2 NE, 3 NW, 4 SE,
    5 SW, 6 W.
    """

    COUNTER_CLOCKWISE = "counter_clockwise"
    D6 = "d6"


class ColourDraw(NamedStrEnum):
    """How the players come by their Kings (TC-SETUP-4).

    ``DRAW`` (default, as the sheet says: "each draws a colour"): the game
    opens with a chance event that gives each player (0, 1, 2) one of the
    three Kings, each of the 6 seatings with probability 1/6; the players keep
    their Kings for the three challenges. ``FIXED``: player 0 is Red, 1 Yellow
    and 2 Blue, with no draw; for tests and for front ends that draw the
    colours themselves.
    """

    DRAW = "draw"
    FIXED = "fixed"


COMPASS_DIRECTIONS: Mapping[Compass, tuple[int, ...]] = types.MappingProxyType(
    {
        Compass.COUNTER_CLOCKWISE: (0, 1, 2, 3, 4, 5),
        Compass.D6: (0, 1, 2, 5, 4, 3),
    }
)
"""For each numbering, the direction index (see ``board.EAST``) of Compass numbers 1..6."""


def _value_of(kind: type[_E], flag: str, value: object) -> _E:
    if isinstance(value, kind):
        return value
    if type(value) is str:
        for member in kind:
            if member.value == value:
                return member
    allowed = ", ".join(repr(m.value) for m in kind)
    raise SettingsError(f"{flag}: {shown(value)} is not one of {allowed}")


def _to_stall(value: object) -> StallKingPoints:
    return _value_of(StallKingPoints, "stall_king_points", value)


def _to_top_tie(value: object) -> TopTie:
    return _value_of(TopTie, "top_tie", value)


def _to_final(value: object) -> FinalThreeWayTie:
    return _value_of(FinalThreeWayTie, "final_three_way_tie", value)


def _to_compass(value: object) -> Compass:
    return _value_of(Compass, "compass", value)


def _to_draw(value: object) -> ColourDraw:
    return _value_of(ColourDraw, "colour_draw", value)


@attrs.frozen(slots=True, repr=False, kw_only=True)
class TonccRules:
    """The rules flags of Tóncc, every one defaulting to the reading of the notes.

    Flags are given by name; an unknown flag or a value outside a flag's
    enum raises :class:`~tongiaki_rules.errors.SettingsError` naming the flag.

    >>> TonccRules(stall_king_points="one")
    TonccRules(stall_king_points=StallKingPoints.ONE)
    >>> try:
    ...     TonccRules(compas="d6")
    ... except SettingsError as exc:
    ...     print(str(exc)[:32])
    TonccRules has no flag 'compas';
    """

    stall_king_points: StallKingPoints = attrs.field(
        default=StallKingPoints.PRESENT,
        converter=_to_stall,
    )
    """TC-END-4: king points of the Kings still on the board after a stall."""
    top_tie: TopTie = attrs.field(default=TopTie.RANKED, converter=_to_top_tie)
    """TC-SCORE-6: tóncc points of two Kings tied for the best challenge score."""
    final_three_way_tie: FinalThreeWayTie = attrs.field(
        default=FinalThreeWayTie.SHARED,
        converter=_to_final,
    )
    """TC-GAME-3: the winner of a game ending 3-3-3."""
    compass: Compass = attrs.field(default=Compass.COUNTER_CLOCKWISE, converter=_to_compass)
    """TC-MOVE-5: the direction of each Compass number."""
    colour_draw: ColourDraw = attrs.field(default=ColourDraw.DRAW, converter=_to_draw)
    """TC-SETUP-4: colours drawn at the start (default), or players 0, 1, 2 = Red, Yellow, Blue."""

    def changed(self) -> dict[str, object]:
        """The flags that differ from the defaults, by name.

        >>> TonccRules(compass=Compass.D6).changed()
        {'compass': Compass.D6}
        """
        return {
            f.name: getattr(self, f.name)
            for f in attrs.fields(TonccRules)
            if getattr(self, f.name) != f.default
        }

    def __repr__(self) -> str:
        inner = ", ".join(f"{name}={value!r}" for name, value in self.changed().items())
        return f"TonccRules({inner})"


_ATTRS_INIT = TonccRules.__init__
_NAMES = tuple(f.name for f in attrs.fields(TonccRules))


def _checked_init(self: TonccRules, *args: object, **flags: object) -> None:
    """``TonccRules.__init__``: refuse positional arguments and unknown flags by name."""
    if args:
        raise SettingsError(f"TonccRules takes flags by name only, not {len(args)} positional")
    for name in flags:
        if name not in _NAMES:
            raise SettingsError(
                f"TonccRules has no flag {shown(name)}; the flags are {', '.join(_NAMES)}"
            )
    _ATTRS_INIT(self, **flags)


TonccRules.__init__ = _checked_init  # type: ignore[method-assign]
