"""One Tóncc game as the server holds it: its steps, every position, its record, its JSON.

A step of a hosted Tóncc game is a chance outcome (the colour draw,
:class:`~tongiaki_rules.toncc.DrawColours`; one region placed by the
shuffle, :class:`~tongiaki_rules.toncc.PlaceRegion`) or one round of the
players' moves, :class:`Round`, by seat. Each step is one stored move of
the server, in the JSON of :func:`step_to_json`. A :class:`TonccLog` starts
from a game's settings (a ``toncc-record`` document with no challenges)
and grows one step at a time, each checked by the game protocol
(:class:`~tongiaki_rules.games.TonccPosition`).

>>> from tongiaki_rules.toncc import King
>>> log = TonccLog(settings_document({}, {}))
>>> log.state.is_chance, log.moves
(True, 0)
>>> step = step_from_json({"type": "DrawColours", "seating": ["blue", "red", "yellow"]}, "m")
>>> log.extend(step).state.king_of(0)
<King.BLUE: 2>
>>> step_to_json(Round.of({0: Move(3), 2: Move(5)}))
{'type': 'Round', 'moves': [3, None, 5]}
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import attrs

from tongiaki_rules import IllegalActionError, RecordError, TongiakiError
from tongiaki_rules.games import TonccPosition
from tongiaki_rules.toncc import (
    KINGS,
    LABELS,
    RECORD_SCHEMA,
    RECORD_VERSION,
    ChallengeLog,
    DrawColours,
    JointAction,
    King,
    Move,
    PlaceRegion,
    TonccRecord,
    TonccState,
)

from ._memory import added_bytes

__all__ = [
    "Round",
    "Step",
    "TonccLog",
    "move_from_json",
    "move_to_json",
    "settings_document",
    "step_from_json",
    "step_to_json",
]

_SLOT = 8
"""The bytes a list spends on each item it holds (a pointer)."""
_KINGS_BY_NAME = {king.name.lower(): king for king in KINGS}
_CELLS = LABELS.index("Mind")
"""The cells a shuffle fills: every cell of the board but the Mind (18)."""


def shown(value: object) -> str:
    """``value`` as a message shows it: its ``repr``, cut to 60 characters."""
    text = repr(value)
    return text if len(text) <= 60 else text[:57] + "..."


@attrs.frozen(slots=True)
class Round:
    """The moves of one round, by seat: ``moves[seat]`` is a :class:`Move`, or ``None`` for a
    seat whose King is off the board.

    >>> Round.of({1: Move(6)}).moves
    (None, Move(number=6), None)
    """

    moves: tuple[Move | None, Move | None, Move | None]

    @classmethod
    def of(cls, choices: Mapping[int, Move]) -> Round:
        """The round of ``choices`` (seat to move)."""
        return cls((choices.get(0), choices.get(1), choices.get(2)))

    def by_seat(self) -> dict[int, Move]:
        """The moves made, by seat."""
        return {seat: move for seat, move in enumerate(self.moves) if move is not None}


Step = DrawColours | PlaceRegion | Round
"""A stored move of a hosted Tóncc game."""


def move_to_json(move: Move) -> dict[str, Any]:
    """A King's move as JSON.

    >>> move_to_json(Move(2))
    {'type': 'Move', 'number': 2}
    """
    return {"type": "Move", "number": move.number}


def move_from_json(value: object, path: str) -> Move:
    """The move of ``{"type": "Move", "number": n}``; anything else raises
    :class:`~tongiaki_rules.errors.RecordError` naming ``path``.

    >>> move_from_json({"type": "Move", "number": 7}, "action")
    Traceback (most recent call last):
    ...
    tongiaki_rules.errors.RecordError: action: TC-MOVE-2: Move: the Compass numbers are 1 to 6, \
got 7 [TC-MOVE-2]
    """
    if (
        not isinstance(value, dict)
        or value.get("type") != "Move"
        or set(value)
        != {
            "type",
            "number",
        }
    ):
        raise RecordError(f'expected {{"type": "Move", "number": 1..6}}, not {shown(value)}', path)
    try:
        return Move(value["number"])
    except TongiakiError as exc:
        raise RecordError(str(exc), path, getattr(exc, "clause", None)) from None


def step_to_json(step: Step) -> dict[str, Any]:
    """A step as the server stores it."""
    if isinstance(step, DrawColours):
        return {"type": "DrawColours", "seating": [k.name.lower() for k in step.seating]}
    if isinstance(step, PlaceRegion):
        return {"type": "PlaceRegion", "region": step.region}
    return {"type": "Round", "moves": [None if m is None else m.number for m in step.moves]}


def step_from_json(value: object, path: str) -> Step:
    """The step of :func:`step_to_json`'s JSON; anything else raises
    :class:`~tongiaki_rules.errors.RecordError` naming ``path``."""
    kind = value.get("type") if isinstance(value, dict) else None
    try:
        if kind == "DrawColours" and isinstance(value, dict):
            seating = value.get("seating")
            if not isinstance(seating, list) or not all(n in _KINGS_BY_NAME for n in seating):
                raise RecordError(f"expected three King names, not {shown(seating)}", path)
            return DrawColours(tuple(_KINGS_BY_NAME[n] for n in seating))
        if kind == "PlaceRegion" and isinstance(value, dict):
            return PlaceRegion(value.get("region"))
        if kind == "Round" and isinstance(value, dict):
            moves = value.get("moves")
            if not isinstance(moves, list) or len(moves) != 3:
                raise RecordError(f"expected three moves or nulls, not {shown(moves)}", path)
            made = [None if m is None else Move(m) for m in moves]
            return Round((made[0], made[1], made[2]))
    except IllegalActionError as exc:
        raise RecordError(str(exc), path, exc.clause) from None
    raise RecordError(f"expected a DrawColours, PlaceRegion or Round, not {shown(value)}", path)


def settings_document(rules: Mapping[str, Any], metadata: Mapping[str, str]) -> dict[str, Any]:
    """The ``toncc-record`` document of a new game: its rules flags and metadata, checked.

    A bad flag raises :class:`~tongiaki_rules.errors.RecordError` naming it.

    >>> settings_document({"top_tie": "shared"}, {})
    Traceback (most recent call last):
    ...
    tongiaki_rules.errors.RecordError: rules: top_tie: 'shared' is not one of 'ranked', \
'winner_takes_both'
    """
    document = {
        "schema": RECORD_SCHEMA,
        "version": RECORD_VERSION,
        "rules": dict(rules),
        "map": None,
        "seating": None,
        "challenges": [],
        "metadata": dict(metadata),
    }
    return TonccRecord.from_json_value(document).to_json_value()


class TonccLog:
    """The positions and steps of one hosted Tóncc game, extended one step at a time."""

    def __init__(self, settings: Mapping[str, Any]) -> None:
        self.record = TonccRecord.from_json_value(dict(settings))
        if self.record.challenges or self.record.seating is not None:
            raise RecordError("the settings of a hosted game hold no play", "challenges")
        self.positions: list[TonccPosition] = [TonccPosition(self.record.replay())]
        self.actions: list[Step] = []
        """The steps applied so far (chance's too), as :class:`~.game_log.GameLog` names them."""
        self._sized = 1
        self._bytes = added_bytes(self.positions[0])

    def nbytes(self) -> int:
        """The bytes the log holds, as :func:`~.memory.added_bytes` measures them: what each
        position adds to the one before, and each step.

        >>> log = TonccLog(settings_document({}, {}))
        >>> 0 < log.nbytes() < 10_000
        True
        """
        positions = self.positions
        while self._sized < len(positions):
            k = self._sized
            self._bytes += added_bytes(positions[k], positions[k - 1])
            self._bytes += added_bytes(self.actions[k - 1]) + 2 * _SLOT
            self._sized += 1
        return self._bytes

    @property
    def moves(self) -> int:
        """The number of steps applied so far."""
        return len(self.actions)

    @property
    def position(self) -> TonccPosition:
        """The position now, under the game protocol."""
        return self.positions[-1]

    @property
    def state(self) -> TonccState:
        """The Tóncc state now."""
        return self.positions[-1].state

    def after(self, step: Step) -> TonccPosition:
        """The position ``step`` leads to (checked); the log does not change."""
        position = self.position
        if isinstance(step, Round):
            return position.apply(step.by_seat())
        if position.is_chance:
            return position.apply_chance(step)
        raise IllegalActionError("chance does not act now: the players choose")

    def extend(self, step: Step) -> TonccPosition:
        """Apply ``step`` (checked) and return the new position."""
        position = self.after(step)
        self.positions.append(position)
        self.actions.append(step)
        return position

    def to_record(self, metadata: Mapping[str, str]) -> TonccRecord:
        """The game so far as a record (a shuffle under way is left out until it is done)."""
        seating: tuple[King, King, King] | None = None
        challenges: list[ChallengeLog] = []
        layout: list[int] = []
        turns: list[JointAction] = []
        for before, step in zip(self.positions, self.actions, strict=False):
            if isinstance(step, DrawColours):
                seating = step.seating
            elif isinstance(step, PlaceRegion):
                if not before.state.layout and layout:  # a new shuffle: the last challenge ended
                    challenges.append(ChallengeLog(tuple(layout), tuple(turns)))
                    layout, turns = [], []
                layout.append(step.region)
            else:
                state = before.state
                moves = {state.king_of(seat): move for seat, move in step.by_seat().items()}
                turns.append(JointAction.of(moves))
        if len(layout) == _CELLS:
            challenges.append(ChallengeLog(tuple(layout), tuple(turns)))
        settings = self.record
        return TonccRecord(settings.rules, settings.toncc_map, tuple(challenges), metadata, seating)
