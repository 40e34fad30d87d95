"""The Tóncc state: an immutable, hashable value; chance, simultaneous turns, the game's end.

A state is one of three kinds of node:

- a **chance node** while the regions are shuffled onto the board at the start
  of a challenge (``is_chance``): one :class:`~.actions.PlaceRegion` per cell;
- a **simultaneous node** while a challenge is played: every King on the
  board has the six moves of ``legal_actions(king)`` and one joint action
  moves them all (``apply_joint``); a choice is never stored, so no King can
  see another's before the reveal;
- the **end** after three challenges (``is_terminal``), with ``returns()``.

>>> import random
>>> from tongiaki_rules.toncc import new_game
>>> state = new_game().resolve_chance(random.Random(1))
>>> state.legal_actions(King.RED) == MOVES
True
>>> state = state.apply_joint({King.RED: Move(1), King.YELLOW: Move(1), King.BLUE: Move(4)})
>>> state.seals  # Red and Yellow contested I1; Blue took I4
(5, 6, 5)
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Mapping
from typing import Any

import attrs

from ..errors import QueryError, SettingsError, shown
from ._actions import MOVES, SEATINGS, DrawColours, JointAction, Move, PlaceRegion
from ._errors import TonccIllegalActionError
from ._kings import KINGS, King, as_king
from ._rules import COMPASS_DIRECTIONS, ColourDraw, TonccRules
from ._scoring import NO_OWNER, ChallengeResult, game_winners, returns_of, score_challenge
from ._turn import OFF, TurnReport, resolve_turn
from ._values import whole
from .board import DESTINATIONS, LABELS, MIND, REGION_CELLS
from .regions import STANDARD_MAP, TonccMap

CHALLENGES = 3
"""Challenges in a game (TC-GAME-1)."""
SEALS = 6
"""Seals of each King (TC-SETUP-3)."""
ALL_FACE_UP = (1 << REGION_CELLS) - 1
MAX_TURNS_PER_CHALLENGE = 3 * REGION_CELLS + 3
"""At most two quiet moves before each of the 18 conquests and three after the last."""


@attrs.frozen(slots=True, cache_hash=True, repr=False)
class TonccState:
    """A complete Tóncc position. Immutable; every transition returns a new state.

    Fields are by seat (Red, Yellow, Blue) and by cell (0..17, see
    :mod:`.board`) or region id (0..17, the Map position). ``layout[cell]`` is
    the region on ``cell`` (shorter than 18 while the shuffle goes on);
    ``face_up`` is a bit mask of cells; ``positions`` holds a cell,
    ``board.MIND`` or -1 once the King has left the challenge; ``owners[region]``
    is the seat with a seal on that Map picture, -1 for none.
    """

    rules: TonccRules
    toncc_map: TonccMap
    challenge: int
    turn: int
    layout: tuple[int, ...]
    face_up: int
    positions: tuple[int, int, int]
    seals: tuple[int, int, int]
    owners: tuple[int, ...]
    king_points: tuple[int, int, int]
    quiet_turns: int
    results: tuple[ChallengeResult, ...]
    seating: tuple[King, King, King] | None = None

    # -- what kind of node ------------------------------------------------------

    @property
    def is_terminal(self) -> bool:
        """True once the three challenges are played."""
        return self.challenge >= CHALLENGES

    @property
    def is_chance(self) -> bool:
        """True while the colours are drawn (TC-SETUP-4) or the regions shuffled (TC-SETUP-2)."""
        return not self.is_terminal and (self.seating is None or len(self.layout) < REGION_CELLS)

    @property
    def is_colour_draw(self) -> bool:
        """True at the start of a game whose colours are still to be drawn (TC-SETUP-4)."""
        return self.seating is None

    def king_of(self, player: int) -> King:
        """The King player ``player`` (0, 1, 2) plays, once the colours are drawn.

        >>> from tongiaki_rules.toncc import DrawColours, King, new_game
        >>> state = new_game().apply_chance(DrawColours((King.BLUE, King.RED, King.YELLOW)))
        >>> state.king_of(0), state.player_of(King.YELLOW)
        (<King.BLUE: 2>, 2)
        """
        index = whole(player, "player", 0, 2)
        if self.seating is None:
            raise QueryError("player: the colours are not drawn yet (TC-SETUP-4)")
        return self.seating[index]

    def player_of(self, king: King) -> int:
        """The player (0, 1, 2) who plays ``king``, once the colours are drawn."""
        king = as_king(king)
        if self.seating is None:
            raise QueryError("king: the colours are not drawn yet (TC-SETUP-4)")
        return self.seating.index(king)

    @property
    def active_kings(self) -> tuple[King, ...]:
        """The Kings who must choose a move now (none at chance nodes and at the end)."""
        if self.is_chance or self.is_terminal:
            return ()
        return tuple(k for k in KINGS if self.positions[k.value] != OFF)

    def legal_actions(self, king: King) -> tuple[Move, ...]:
        """The six moves of ``king`` if he must choose now (TC-MOVE-2), else ``()``.

        >>> from tongiaki_rules.toncc import new_game
        >>> new_game().legal_actions(King.RED)   # a chance node: nobody chooses
        ()
        """
        king = as_king(king)
        return MOVES if king in self.active_kings else ()

    def destination(self, king: King, move: Move) -> int:
        """The cell ``king`` would land on with ``move`` (he must be on the board)."""
        king = as_king(king)
        if type(move) is not Move:
            raise QueryError(f"move: expected a Move, got {shown(move)}")
        where = self.positions[king.value]
        if where == OFF:
            raise QueryError(f"king: King {king.name} is not on the board")
        return DESTINATIONS[where][self._direction(move)]

    def _direction(self, move: Move) -> int:
        return COMPASS_DIRECTIONS[self.rules.compass][move.number - 1]

    # -- chance: the shuffle ------------------------------------------------------

    def chance_outcomes(self) -> tuple[tuple[PlaceRegion | DrawColours, float], ...]:
        """The outcomes of this chance node, each with its probability.

        At the colour draw, the six seatings (:class:`~.actions.DrawColours`),
        1/6 each; during the shuffle, every region not yet on the board
        (:class:`~.actions.PlaceRegion`), each with probability 1/remaining.

        >>> from tongiaki_rules.toncc import TonccRules, new_game
        >>> fixed = TonccRules(colour_draw="fixed")
        >>> len(new_game().chance_outcomes()), len(new_game(fixed).chance_outcomes())
        (6, 18)
        """
        if not self.is_chance:
            return ()
        if self.seating is None:
            return tuple((DrawColours(seating), 1.0 / 6) for seating in SEATINGS)
        placed = set(self.layout)
        left = [r for r in range(REGION_CELLS) if r not in placed]
        return tuple((PlaceRegion(r), 1.0 / len(left)) for r in left)

    def apply_chance(self, outcome: PlaceRegion | DrawColours) -> TonccState:
        """Apply a chance outcome: the colour draw, or one region onto the next empty cell.

        At the draw (``is_colour_draw``), ``outcome`` is a
        :class:`~.actions.DrawColours`; during the shuffle, a
        :class:`~.actions.PlaceRegion` for the next cell (I1..I6, then O1..O12).
        """
        if not self.is_chance:
            raise TonccIllegalActionError(
                f"{shown(outcome)}: the regions are not being shuffled now", "TC-SETUP-2"
            )
        if self.seating is None:
            if type(outcome) is not DrawColours:
                raise TonccIllegalActionError(
                    f"chance outcome: the colours are drawn first; expected a DrawColours, "
                    f"got {shown(outcome)}",
                    "TC-SETUP-4",
                )
            return self._with(seating=outcome.seating)
        if type(outcome) is not PlaceRegion:
            raise TonccIllegalActionError(
                f"chance outcome: expected a PlaceRegion, got {shown(outcome)}", "TC-SETUP-2"
            )
        region = outcome.region
        if type(region) is not int or not 0 <= region < REGION_CELLS or region in self.layout:
            raise TonccIllegalActionError(
                f"PlaceRegion: region {shown(region)} is not one left to place", "TC-SETUP-2"
            )
        return self._with(layout=(*self.layout, region))

    def sample_chance(self, rng: random.Random) -> PlaceRegion | DrawColours:
        """One chance outcome drawn with ``rng`` (a :class:`random.Random`)."""
        if not isinstance(rng, random.Random):
            raise SettingsError(f"rng: expected a random.Random, got {shown(rng)}")
        outcomes = self.chance_outcomes()
        if not outcomes:
            raise TonccIllegalActionError("sample_chance: this is not a chance node", "TC-SETUP-2")
        return outcomes[rng.randrange(len(outcomes))][0]

    def resolve_chance(self, rng: random.Random) -> TonccState:
        """Draw the colours if due, and shuffle the whole board, with ``rng``; else ``self``."""
        if not isinstance(rng, random.Random):
            raise SettingsError(f"rng: expected a random.Random, got {shown(rng)}")
        state = self
        while state.is_chance:
            state = state.apply_chance(state.sample_chance(rng))
        return state

    def dealt(self, layout: tuple[int, ...]) -> TonccState:
        """The board shuffled to ``layout`` (region per cell, I1..O12), for tests and records.

        >>> from tongiaki_rules.toncc import TonccRules, new_game
        >>> new_game(TonccRules(colour_draw="fixed")).dealt(tuple(range(18))).layout[:3]
        (0, 1, 2)
        """
        if type(layout) is not tuple:
            raise TonccIllegalActionError(
                f"layout: expected a tuple of region ids, got {shown(layout)}", "TC-SETUP-2"
            )
        if self.seating is None:
            raise TonccIllegalActionError(
                "layout: the colours are not drawn yet; apply a DrawColours outcome first "
                "(or play with colour_draw='fixed')",
                "TC-SETUP-4",
            )
        state = self
        for region in layout:
            state = state.apply_chance(PlaceRegion(region))
        if state.is_chance:
            raise TonccIllegalActionError(
                f"layout: {len(layout)} regions do not fill the board", "TC-SETUP-2"
            )
        return state

    # -- the simultaneous turn ------------------------------------------------------

    def apply_joint(self, joint: JointAction | Mapping[King, Move]) -> TonccState:
        """Move every King on the board at once (TC-MOVE-1); see :meth:`apply_joint_with_report`."""
        return self.apply_joint_with_report(joint)[0]

    def apply_joint_with_report(
        self, joint: JointAction | Mapping[King, Move]
    ) -> tuple[TonccState, TurnReport]:
        """The next state and what the turn did: landings, conquests, contests, the end.

        ``joint`` is a :class:`~.actions.JointAction` or a mapping King → Move
        naming every King on the board and no other.
        """
        if not isinstance(joint, JointAction):
            joint = JointAction.of(joint)
        self._check(joint)
        directions = tuple(None if move is None else self._direction(move) for move in joint.moves)
        done = resolve_turn(
            directions=(directions[0], directions[1], directions[2]),
            positions=self.positions,
            layout=self.layout,
            face_up=self.face_up,
            seals=self.seals,
            owners=self.owners,
            king_points=self.king_points,
            quiet_turns=self.quiet_turns,
            toncc_map=self.toncc_map,
            rules=self.rules,
        )
        moved = self._with(
            turn=self.turn + 1,
            face_up=done.face_up,
            positions=done.positions,
            seals=done.seals,
            owners=done.owners,
            king_points=done.king_points,
            quiet_turns=done.quiet_turns,
        )
        if not done.report.challenge_over:
            return moved, done.report
        result = score_challenge(
            self.layout,
            done.owners,
            done.king_points,
            done.report.stalled,
            self.toncc_map,
            self.rules,
        )
        if self.challenge + 1 < CHALLENGES:
            return _start(
                self.rules,
                self.toncc_map,
                self.challenge + 1,
                (*self.results, result),
                self.seating,
            ), (done.report)
        return moved._with(challenge=CHALLENGES, results=(*self.results, result)), done.report

    def _check(self, joint: JointAction) -> None:
        if self.is_terminal:
            raise TonccIllegalActionError("the game is over: three challenges played", "TC-GAME-1")
        if self.seating is None:
            raise TonccIllegalActionError(
                "the colours are not drawn yet: apply a chance outcome first", "TC-SETUP-4"
            )
        if self.is_chance:
            raise TonccIllegalActionError(
                "the regions are still being shuffled: apply a chance outcome first", "TC-SETUP-2"
            )
        for king in KINGS:
            move = joint.moves[king.value]
            on_board = self.positions[king.value] != OFF
            if on_board and move is None:
                raise TonccIllegalActionError(
                    f"King {king.name}: no move given; every King on the board moves each turn",
                    "TC-MOVE-2",
                )
            if not on_board and move is not None:
                raise TonccIllegalActionError(
                    f"King {king.name}: {move} given, but he has left the challenge "
                    "(his last seal is placed)",
                    "TC-END-1",
                )

    # -- scores and the end ----------------------------------------------------------

    @property
    def toncc_totals(self) -> tuple[int, int, int]:
        """The tóncc points of each King so far."""
        return _sum3(r.toncc_points for r in self.results)

    @property
    def score_totals(self) -> tuple[int, int, int]:
        """The sum of each King's challenge scores so far (a TC-GAME-3 tie-break)."""
        return _sum3(r.scores for r in self.results)

    def winners(self) -> tuple[King, ...]:
        """The winner of a finished game, or the Kings sharing the win (TC-GAME-2/3)."""
        if not self.is_terminal:
            raise QueryError("winners: the game is not over")
        return game_winners(self.toncc_totals, self.score_totals, self.rules)

    def returns(self) -> tuple[float, float, float]:
        """Zero-sum returns by seat: 0 each until the game is over."""
        return returns_of(self.winners()) if self.is_terminal else (0.0, 0.0, 0.0)

    # -- reading the board -----------------------------------------------------------

    def face_up_cells(self) -> tuple[int, ...]:
        """The cells whose region is face up (none during the shuffle)."""
        if self.is_chance:
            return ()
        return tuple(c for c in range(REGION_CELLS) if self.face_up >> c & 1)

    def __repr__(self) -> str:
        where = ", ".join(
            f"{k.name}@{'off' if p == OFF else LABELS[p]}"
            for k, p in zip(KINGS, self.positions, strict=True)
        )
        return (
            f"<TonccState challenge {self.challenge + 1} turn {self.turn}: {where}; "
            f"seals {self.seals}; tóncc {self.toncc_totals}>"
        )

    def _with(self, **changes: Any) -> TonccState:
        return attrs.evolve(self, **changes)


def _sum3(rows: Iterable[tuple[int, int, int]]) -> tuple[int, int, int]:
    total = [0, 0, 0]
    for row in rows:
        for i in range(3):
            total[i] += row[i]
    return (total[0], total[1], total[2])


def _start(
    rules: TonccRules,
    toncc_map: TonccMap,
    challenge: int,
    results: tuple[ChallengeResult, ...],
    seating: tuple[King, King, King] | None,
) -> TonccState:
    return TonccState(
        rules=rules,
        toncc_map=toncc_map,
        challenge=challenge,
        turn=0,
        layout=(),
        face_up=ALL_FACE_UP,
        positions=(MIND, MIND, MIND),
        seals=(SEALS, SEALS, SEALS),
        owners=(NO_OWNER,) * REGION_CELLS,
        king_points=(0, 0, 0),
        quiet_turns=0,
        results=results,
        seating=seating,
    )


def new_game(rules: TonccRules | None = None, toncc_map: TonccMap | None = None) -> TonccState:
    """A new game at its first chance node: the colour draw (TC-SETUP-4).

    With ``TonccRules(colour_draw="fixed")`` there is no draw (player 0 is
    Red, 1 Yellow, 2 Blue) and the game opens with the first shuffle.

    >>> from tongiaki_rules.toncc import new_game
    >>> new_game().is_chance
    True
    """
    if rules is None:
        rules = TonccRules()
    if toncc_map is None:
        toncc_map = STANDARD_MAP
    if type(rules) is not TonccRules:
        raise SettingsError(f"rules: expected TonccRules, got {shown(rules)}")
    if type(toncc_map) is not TonccMap:
        raise SettingsError(f"toncc_map: expected a TonccMap, got {shown(toncc_map)}")
    seating = SEATINGS[0] if rules.colour_draw is ColourDraw.FIXED else None
    return _start(rules, toncc_map, 0, (), seating)
