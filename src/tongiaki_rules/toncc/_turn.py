"""One simultaneous turn: every King on the board moves, then conquests, contests, the end.

:func:`resolve_turn` is the whole transition of a challenge turn on plain
tuples; :class:`~.state.TonccState` checks the joint action and builds the
next state from the result.
"""

from __future__ import annotations

import attrs

from ._kings import KINGS, King, strongest_in
from ._rules import StallKingPoints, TonccRules
from .board import DESTINATIONS
from .regions import TonccMap

OFF = -1
"""A King's position once he has left the challenge."""
STALL_TURNS = 3
"""Consecutive moves without a conquest that end a challenge (TC-END-3)."""


@attrs.frozen(slots=True)
class Conquest:
    """A region conquered this turn: the King, the board cell, the region, who contested it.

    ``contenders`` holds every King who entered the region, the winner too;
    a single one means there was no contest.
    """

    king: King
    cell: int
    region: int
    contenders: tuple[King, ...]


@attrs.frozen(slots=True)
class TurnReport:
    """What a turn did, for front ends and records: moves, landings, conquests, the end.

    ``destinations`` holds each King's landing cell (``None`` for a King not
    on the board); ``finished`` the Kings who placed their last seal; ``stalled``
    whether the turn ended the challenge by three moves without a conquest.
    """

    destinations: tuple[int | None, int | None, int | None]
    conquests: tuple[Conquest, ...]
    finished: tuple[King, ...]
    stalled: bool
    challenge_over: bool


@attrs.frozen(slots=True)
class TurnOutcome:
    """The new values of a challenge after a turn (see :func:`resolve_turn`)."""

    positions: tuple[int, int, int]
    face_up: int
    seals: tuple[int, int, int]
    owners: tuple[int, ...]
    king_points: tuple[int, int, int]
    quiet_turns: int
    report: TurnReport


def resolve_turn(
    *,
    directions: tuple[int | None, int | None, int | None],
    positions: tuple[int, int, int],
    layout: tuple[int, ...],
    face_up: int,
    seals: tuple[int, int, int],
    owners: tuple[int, ...],
    king_points: tuple[int, int, int],
    quiet_turns: int,
    toncc_map: TonccMap,
    rules: TonccRules,
) -> TurnOutcome:
    """Move every King on the board in his direction (0..5) and settle the turn.

    ``directions`` must hold a direction for every King on the board and
    ``None`` for the others (the state checks this).
    """
    new_positions = list(positions)
    landings: list[int | None] = [None, None, None]
    claims: dict[int, list[King]] = {}
    for king in KINGS:
        direction = directions[king.value]
        if direction is None:
            continue
        there = DESTINATIONS[positions[king.value]][direction]
        new_positions[king.value] = there
        landings[king.value] = there
        if face_up >> there & 1:  # a face-down region cannot be conquered again (TC-CONQ-2)
            claims.setdefault(there, []).append(king)
    new_seals = list(seals)
    new_owners = list(owners)
    conquests = []
    for cell in sorted(claims):
        region = layout[cell]
        contenders = tuple(claims[cell])
        winner = strongest_in(toncc_map.regions[region].background, contenders)
        new_owners[region] = winner.value
        new_seals[winner.value] -= 1
        face_up &= ~(1 << cell)
        conquests.append(Conquest(winner, cell, region, contenders))
    points = list(king_points)
    present = sum(1 for p in positions if p != OFF)
    finished = tuple(k for k in KINGS if directions[k.value] is not None and not new_seals[k.value])
    for king in finished:  # TC-END-1: as many king points as Kings on the board, then leave
        points[king.value] = present
        new_positions[king.value] = OFF
    quiet = 0 if conquests else quiet_turns + 1
    staying = [k for k in KINGS if new_positions[k.value] != OFF]
    stalled = bool(staying) and quiet >= STALL_TURNS
    if stalled:  # TC-END-3 / TC-END-4
        award = len(staying) if rules.stall_king_points is StallKingPoints.PRESENT else 1
        for king in staying:
            points[king.value] = award
            new_positions[king.value] = OFF
    report = TurnReport(
        destinations=(landings[0], landings[1], landings[2]),
        conquests=tuple(conquests),
        finished=finished,
        stalled=stalled,
        challenge_over=stalled or not staying,
    )
    return TurnOutcome(
        positions=(new_positions[0], new_positions[1], new_positions[2]),
        face_up=face_up,
        seals=(new_seals[0], new_seals[1], new_seals[2]),
        owners=tuple(new_owners),
        king_points=(points[0], points[1], points[2]),
        quiet_turns=quiet,
        report=report,
    )
