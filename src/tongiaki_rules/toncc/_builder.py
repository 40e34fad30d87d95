"""A mid-challenge position built from what a player sees: :func:`position`.

Where every King stands (a cell name, ``"Mind"`` or :data:`HAS_LEFT`), which
Map pictures carry whose seal, and the board; everything else follows (the
seals in hand, which regions are face down). The position is checked to be
one that play can reach, so a test or a puzzle never starts from a state the
rules could not produce; anything else raises
:class:`~tongiaki_rules.errors.InvalidPositionError` naming the argument.

>>> from tongiaki_rules.toncc import King, position
>>> state = position(
...     kings={King.RED: "I1", King.YELLOW: "O4", King.BLUE: HAS_LEFT},
...     seals={0: King.RED, 9: King.YELLOW, **{r: King.BLUE for r in range(12, 18)}},
...     king_points={King.BLUE: 3},
...     turn=7,
... )
>>> state.seals, state.active_kings
((5, 5, 0), (<King.RED: 0>, <King.YELLOW: 1>))
>>> state.owners[12] == King.BLUE and state.owners[1] == NO_SEAL
True
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from ..errors import InvalidPositionError, TongiakiError, shown
from ._actions import SEATINGS, DrawColours
from ._kings import KINGS, King
from ._rules import TonccRules
from ._scoring import NO_OWNER, ChallengeResult
from ._state import ALL_FACE_UP, SEALS, TonccState, new_game
from ._turn import OFF, STALL_TURNS
from ._values import whole
from .board import LABELS, MIND, REGION_CELLS
from .regions import TonccMap, position_name

__all__ = ["HAS_LEFT", "NO_SEAL", "position"]

HAS_LEFT = OFF
"""In ``TonccState.positions`` (and for :func:`position`): the King has left the challenge."""
NO_SEAL = NO_OWNER
"""In ``TonccState.owners``: no seal on this Map picture."""


def _fail(argument: str, message: str) -> InvalidPositionError:
    return InvalidPositionError(f"{argument}: {message}")


def _cell_of(value: object, argument: str) -> int:
    if type(value) is str:
        if value not in LABELS:
            raise _fail(argument, f"{shown(value)} is not a cell (I1..I6, O1..O12, Mind)")
        return LABELS.index(value)
    try:
        return whole(value, argument, HAS_LEFT, MIND, InvalidPositionError)
    except TongiakiError:
        raise _fail(
            argument, f"expected a cell name (I1..O12, Mind) or HAS_LEFT, got {shown(value)}"
        ) from None


def _kings(kings: object, turn: int) -> tuple[int, int, int]:
    if not isinstance(kings, Mapping):
        raise _fail("kings", f"expected a mapping King -> cell, got {shown(kings)}")
    where = [MIND, MIND, MIND]
    for king, place in kings.items():
        if type(king) is not King:
            raise _fail("kings", f"{shown(king)} is not a King")
        where[king.value] = _cell_of(place, f"kings[{king.name}]")
    for king in KINGS:
        at_mind = where[king.value] == MIND
        if at_mind != (turn == 0):
            raise _fail(
                f"kings[{king.name}]",
                f"the Kings stand in the Mind before the first move, and only then (turn {turn})",
            )
    if all(p == HAS_LEFT for p in where):
        raise _fail("kings", "every King has left: the challenge is over")
    return (where[0], where[1], where[2])


def _layout(layout: object) -> tuple[int, ...]:
    if layout is None:
        return tuple(range(REGION_CELLS))
    if isinstance(layout, (str, bytes)) or not isinstance(layout, Sequence):
        raise _fail("layout", f"expected 18 region ids, one per cell, got {shown(layout)}")
    found = tuple(
        whole(r, f"layout[{c}]", 0, REGION_CELLS - 1, InvalidPositionError)
        for c, r in enumerate(layout)
    )
    if sorted(found) != list(range(REGION_CELLS)):
        raise _fail("layout", "expected each of the 18 regions once, one per cell")
    return found


def _owners(seals: object) -> list[int]:
    if not isinstance(seals, Mapping):
        raise _fail("seals", f"expected a mapping region -> King, got {shown(seals)}")
    owners = [NO_SEAL] * REGION_CELLS
    for region, king in seals.items():
        index = whole(region, "seals", 0, REGION_CELLS - 1, InvalidPositionError)
        if type(king) is not King:
            name = position_name(index)
            raise _fail(f"seals[{index}]", f"the seal on {name} must be a King, not {shown(king)}")
        owners[index] = king.value
    return owners


def position(
    *,
    kings: Mapping[King, str | int] | None = None,
    seals: Mapping[int, King] | None = None,
    king_points: Mapping[King, int] | None = None,
    layout: Sequence[int] | None = None,
    turn: int = 0,
    quiet_turns: int = 0,
    results: Sequence[ChallengeResult] = (),
    seating: tuple[King, King, King] = SEATINGS[0],
    rules: TonccRules | None = None,
    toncc_map: TonccMap | None = None,
) -> TonccState:
    """A position in a challenge, from the Kings' cells, the seals on the Map and the board.

    - ``kings``: King -> cell name (``"I3"``), ``"Mind"`` (turn 0 only) or
      :data:`HAS_LEFT`; a King not named is in the Mind.
    - ``seals``: Map picture (region id, 0..17 = ``A0``..``C5``) -> the King
      whose seal is on it. The region of a sealed picture is face down, every
      other region face up, and each King has 6 seals less those placed.
    - ``king_points``: the points of the Kings who have left (1 to 3).
    - ``layout``: the region on each cell ``I1..I6, O1..O12`` (default: region
      ``k`` on cell ``k``); ``turn``, ``quiet_turns`` (0..2), and
      ``results``: the finished challenges (their number is the challenge).
    - ``seating``: the King of players 0, 1, 2 (default Red, Yellow, Blue).

    A position play cannot reach is refused: a King with no seal left still
    on the board, one who has left with seals in hand, a King on the board
    standing on a face-up region (whoever moves onto a face-up region, it is
    conquered that turn), king points for a King still playing.
    """
    rules = TonccRules() if rules is None else rules
    start = new_game(rules, toncc_map)  # checks rules and toncc_map
    turn = whole(turn, "turn", 0, 10**6, InvalidPositionError)
    quiet = whole(quiet_turns, "quiet_turns", 0, STALL_TURNS - 1, InvalidPositionError)
    where = _kings({} if kings is None else kings, turn)
    cells = _layout(layout)
    owners = _owners({} if seals is None else seals)
    done = tuple(results) if isinstance(results, (tuple, list)) else None
    if done is None or len(done) > 2 or any(type(r) is not ChallengeResult for r in done):
        raise _fail("results", f"expected 0 to 2 ChallengeResults, got {shown(results)}")
    try:
        seated = DrawColours(seating).seating
    except TongiakiError as exc:
        raise _fail("seating", str(exc)) from None
    placed = [owners.count(k.value) for k in KINGS]
    points = [0, 0, 0]
    king_points = {} if king_points is None else king_points
    if not isinstance(king_points, Mapping):
        raise _fail("king_points", f"expected a mapping King -> points, got {shown(king_points)}")
    for king, value in king_points.items():
        if type(king) is not King:
            raise _fail("king_points", f"{shown(king)} is not a King")
        points[king.value] = whole(value, f"king_points[{king.name}]", 0, 3, InvalidPositionError)
    region_cell = {region: cell for cell, region in enumerate(cells)}
    face_up = ALL_FACE_UP
    for region, owner in enumerate(owners):
        if owner != NO_SEAL:
            face_up &= ~(1 << region_cell[region])
    for king in KINGS:
        name, here = king.name, where[king.value]
        if placed[king.value] > SEALS:
            raise _fail("seals", f"King {name} has {placed[king.value]} seals down; he has {SEALS}")
        left = here == HAS_LEFT
        if left != (placed[king.value] == SEALS):
            raise _fail(
                f"kings[{name}]",
                "a King leaves when he places his last seal, and only then "
                f"({placed[king.value]} of his seals are down)",
            )
        if left != (points[king.value] > 0):
            raise _fail(
                f"king_points[{name}]",
                "a King who has left has 1 to 3 king points, one still playing none",
            )
        if not left and here != MIND and face_up >> here & 1:
            raise _fail(
                f"kings[{name}]",
                f"{LABELS[here]} is face up, but a King always stands on a face-down region "
                "after a move (he or a stronger King conquered it)",
            )
    if turn == 0 and (any(placed) or quiet):
        raise _fail("turn", "before the first move no seal is down and no move was quiet")
    return start._with(
        challenge=len(done),
        turn=turn,
        layout=cells,
        face_up=face_up,
        positions=where,
        seals=(SEALS - placed[0], SEALS - placed[1], SEALS - placed[2]),
        owners=tuple(owners),
        king_points=(points[0], points[1], points[2]),
        quiet_turns=quiet,
        results=done,
        seating=seated,
    )
