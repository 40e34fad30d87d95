"""One game as the server holds it in memory: every position, the narration, drawn boards.

A :class:`GameLog` starts from a game's first position and grows one action
at a time, checking each (an illegal action raises
:class:`~tongiaki_rules.errors.IllegalActionError` and changes nothing). It
keeps every position, so a view of the game after any number of moves
(time travel) costs nothing to find, and the narration lines each step
completed. :meth:`GameLog.nbytes` measures what it holds (see
:mod:`.memory`); its drawn boards go to a :class:`~.memory.SizedCache`,
the server's own shared by every game (:meth:`GameLog.share_boards`).

>>> from tongiaki_rules import GameRecord, SetupPlace
>>> log = GameLog(GameRecord(2))
>>> log.extend(SetupPlace(0)).pending.kind.value
'setup'
>>> log.moves, log.narration(1)[0]
(1, 'Players: 2 -- seat 0 Blue, seat 1 Red; seat 0 (Blue) starts')
>>> log.narration(1, language="fr")[0]
'Joueurs : 2 -- place 0 Bleu, place 1 Rouge ; la place 0 (Bleu) commence'

The browser reads the same account in players' words (:meth:`GameLog.narration_words`):
the seats by their players' names, islands and places without coordinates.

>>> log.narration_words(1, "en", ("Ana", None))[0]
'Players: 2 -- Ana (Blue), seat 1 Red; Ana (Blue) starts'
"""

from __future__ import annotations

import sys
from collections.abc import Sequence
from typing import Any, TypeVar, get_args

import attrs

from tongiaki_rules import (
    Action,
    Event,
    GameRecord,
    GameState,
    TongiakiError,
    format_action,
    render_svg,
)
from tongiaki_rules.narration import Narrator

from ._memory import MIB, SizedCache, added_bytes
from ._steps import line_clauses, rule_url, step_json

__all__ = ["MAX_NARRATION_LINES", "GameLog"]

MAX_NARRATION_LINES = 200
"""A view carries at most this many narration lines: the last ones."""

BoardKey = tuple[str, int, bool, str, bool]
"""A drawn board's key: the game, the moves, whether choices are marked, language, panel."""

_OWN_BOARDS = 2 * MIB
"""The budget of the boards of a log that shares no server's cache."""
_SAMPLED = 4
"""Of the positions, one in this many is walked; the others count as the last walked (see
``nbytes``)."""
_ACTIONS: tuple[type, ...] = get_args(Action)
"""The action classes: the engine shares their instances between positions, uncounted."""
_SLOT = 8
"""The bytes a list spends on each item it holds (a pointer)."""

_Line = TypeVar("_Line")


class GameLog:
    """The positions, actions and narration of one game, extended one action at a time.

    A log made by :meth:`resume` starts from a snapshot (:meth:`snapshot`) after
    :attr:`base` moves instead of the game's first position: it holds the positions
    from there on, and the narration in English only.
    """

    def __init__(self, record: GameRecord, start: _Start | None = None) -> None:
        self.record = record
        self.base = 0 if start is None else start.moves
        """The moves made before the first position held (0 unless :meth:`resume` made it)."""
        if start is None:
            first = record.initial_state()
            self._narrator = Narrator(first)
            self._told_en = _Told(first, "en", self._narrator)
        else:
            first = start.state
            self._narrator = Narrator.resume(first, start.checkpoint)
            header = Narrator(record.initial_state()).header()
            self._told_en = _Told(first, "en", self._narrator, header, start.lines, self.base)
        self.states: list[GameState] = [first]
        self.actions: list[Action] = []
        """The actions since :attr:`base`."""
        self._clean: tuple[int, dict[str, Any]] | None = None
        """The latest move after which the narrator could be resumed, and its checkpoint."""
        self._boards: SizedCache[BoardKey, str] = SizedCache(_OWN_BOARDS)
        self._name = ""
        self._sized = 1
        """The positions (from the first) whose sizes :attr:`_bytes` holds, with the actions
        that made them."""
        self._bytes = added_bytes(first, shared=_ACTIONS)
        self._rules_bytes = 0
        self._each: int | None = None
        """What the position walked last added to the one before it (``None``: none yet)."""
        self._rules: list[str | None] = [] if start is None else list(start.rules)
        """The rules page of each English narration line, found when first asked for."""
        self._ruled = self.base
        """The moves whose lines :attr:`_rules` covers."""
        self._told: dict[str, _Told] = {}
        """The narration in the other languages asked for: told again from the first move."""
        self._told_words: dict[str, _Told] = {}
        """The narration in players' words by language, for the seats' names last asked for
        (told again from the first move when a name changes)."""

    @classmethod
    def resume(cls, record: GameRecord, moves: int, snapshot: Any) -> GameLog:
        """The log of ``record``'s game from its ``snapshot`` (a :meth:`snapshot`) after
        ``moves`` moves; a snapshot not in that form raises ``ValueError``.

        It answers for the positions from ``moves`` on, and tells them in English.

        >>> from tongiaki_rules.narration import play_game
        >>> states, actions = play_game(2, seed=4)
        >>> log = GameLog(GameRecord(2))
        >>> for action in actions[:60]:
        ...     _ = log.extend(action)
        >>> moves, snapshot = log.snapshot()
        >>> again = GameLog.resume(GameRecord(2), moves, snapshot)
        >>> for action in actions[moves:60]:
        ...     _ = again.extend(action)
        >>> again.narration(60) == log.narration(60), again.at(60) == log.at(60)
        (True, True)
        """
        return cls(record, _Start.read(moves, snapshot))

    def snapshot(self) -> tuple[int, dict[str, Any]] | None:
        """The game after the latest move its narration can be resumed from, as JSON: its
        position code, the narrator's checkpoint and the English narration's last lines
        with their rules pages; with that move. ``None`` if there is no such move yet."""
        if self._clean is None:
            return None
        moves, checkpoint = self._clean
        self.narration_rules(moves)
        end = self._told_en.end(moves)
        start = max(0, end - MAX_NARRATION_LINES)
        return moves, {
            "code": self.at(moves).to_position_code(),
            "narrator": checkpoint,
            "lines": self._told_en.lines[start:end],
            "rules": self._rules[start:end],
        }

    @property
    def moves(self) -> int:
        """The number of actions applied so far (since the game's start)."""
        return self.base + len(self.actions)

    def at(self, moves: int) -> GameState:
        """The position after ``moves`` moves (``base`` at least)."""
        if moves < self.base:
            raise IndexError(f"this log holds the positions from move {self.base} on")
        return self.states[moves - self.base]

    @property
    def state(self) -> GameState:
        """The position now."""
        return self.states[-1]

    def share_boards(self, boards: SizedCache[BoardKey, str], name: str) -> None:
        """Keep the boards drawn in ``boards`` under the game's ``name`` (a server's cache)."""
        self._boards, self._name = boards, name

    def nbytes(self) -> int:
        """The bytes the log holds, as :func:`~.memory.added_bytes` measures them.

        Each position counts what it adds to the one before (most of a
        position is shared with its parent), each narration line its own;
        actions, which the engine shares between positions, are not
        counted, and the drawn boards are in their cache, not here. One
        position in :data:`_SAMPLED` is walked, once the next one is made (its
        derived caches are filled by then; the first move's at once), and
        stands for the others up to the next one walked, the newest among
        them: a walk costs about half as
        much as making a position, and the positions of one game differ little
        in size (``tests/server/test_memory.py`` holds the measure to what
        building the log allocates).

        >>> from tongiaki_rules import SetupPlace
        >>> log = GameLog(GameRecord(2))
        >>> before = log.nbytes()
        >>> _ = log.extend(SetupPlace(0))
        >>> 0 < log.nbytes() - before < 10_000
        True
        """
        states = self.states
        while self._sized < len(states) - 1:
            k = self._sized
            if self._each is None or k % _SAMPLED == 0:
                self._each = added_bytes(states[k], states[k - 1], _ACTIONS)
            self._bytes += self._each
            self._sized += 1
        if self._each is None and len(states) > 1:  # the first move's position, walked at once
            self._each = added_bytes(states[-1], states[-2], _ACTIONS)
        last = 0 if self._each is None else self._each
        told = self._told_en.nbytes + sum(t.nbytes for t in self._told.values())
        told += sum(t.nbytes for t in self._told_words.values())
        return self._bytes + last + told + self._rules_bytes + _SLOT * 2 * len(states)

    def extend(self, action: Action) -> GameState:
        """Apply ``action`` (checked) to the position now and return the new position.

        The action is applied once: its events give the English lines, their rules pages,
        and the lines of every other narration kept up to date (other languages, players'
        words), each following the English narrator's step.
        """
        narrator = self._narrator
        before = narrator.state
        self._told_en.add(narrator.step(action))
        after = narrator.state
        self.states.append(after)
        self.actions.append(action)
        moves = self.moves
        if self._ruled == moves - 1:  # the pages of the lines so far are found: these too
            self._add_rules(before, action, after, narrator.events)
        told = len(self.actions) - 1  # the moves another narration must have told to follow
        for kept in (self._told, self._told_words):
            for language, other in list(kept.items()):
                if len(other.ends) - 1 != told:
                    continue  # behind: caught up when next asked for
                try:
                    other.add(other.narrator.follow(narrator))
                except TongiakiError:  # never seen: told again from the first move if asked
                    del kept[language]
        checkpoint = narrator.checkpoint()
        if checkpoint is not None:
            self._clean = (moves, checkpoint)
        return after

    def narration(self, at: int, language: str = "en") -> list[str]:
        """The account of the game up to move ``at``: its last :data:`MAX_NARRATION_LINES` lines.

        ``language`` is one of :data:`~tongiaki_rules.i18n.LANGUAGES`. Each
        move's lines are told once, when the move is made (or, in another
        language, when first asked for); a view then takes the last lines
        without going through the whole game again.
        """
        told = self._told_in(language)
        footer = self._footer(told, at)
        return told.last(at, MAX_NARRATION_LINES - len(footer)) + footer

    def narration_words(
        self, at: int, language: str = "en", names: Sequence[str | None] = ()
    ) -> list[str]:
        """:meth:`narration` in players' words, line for line: the seats by ``names`` (a seat
        without one keeps its number), islands and places named without coordinates.

        The coordinates stay in :meth:`narration`, the same line at the same index. A log
        resumed from a snapshot has none (``ValueError``): they are told from the first move.
        """
        told = self._words_in(language, names)
        footer = self._footer(told, at)
        return told.last(at, MAX_NARRATION_LINES - len(footer)) + footer

    def narration_rules(self, at: int) -> list[str | None]:
        """The rules page of each line of :meth:`narration` (``None`` for the header's lines).

        The lines are told alike in every language, so one list serves them all.

        >>> from tongiaki_rules import SetupPlace
        >>> log = GameLog(GameRecord(2))
        >>> log.narration_rules(0)
        [None, None]
        """
        told = self._told_en
        while self._ruled < at:  # moves not found as they were made (see extend)
            k = self._ruled
            before, after, action = self.at(k), self.at(k + 1), self.actions[k - self.base]
            self._add_rules(before, action, after, before.apply_with_events(action)[1])
        footer = [rule_url("SCORE-4")] * len(self._footer(told, at))
        header: list[str | None] = [None] * len(told.header)
        count = MAX_NARRATION_LINES - len(footer)
        return _last(header, self._rules, told.end(at), count) + footer

    def _add_rules(
        self, before: GameState, action: Action, after: GameState, events: Sequence[Event]
    ) -> None:
        """Find the rules pages of the lines of move :attr:`_ruled` + 1, made by ``action``
        from ``before`` to ``after`` with ``events``."""
        told, k = self._told_en, self._ruled
        clauses = line_clauses(before, action, after, events)
        count = told.end(k + 1) - told.end(k)
        if len(clauses) == count:
            urls = [rule_url(c) for c in clauses]
            self._rules.extend(urls)
            self._rules_bytes += sum(map(sys.getsizeof, urls))
        else:  # never seen: no link rather than a wrong one
            self._rules.extend([None] * count)
        self._rules_bytes += _SLOT * count
        self._ruled += 1

    def step(
        self, move: int, language: str = "en", names: Sequence[str | None] | None = None
    ) -> dict[str, Any]:
        """Move ``move`` (1 for the first) as JSON: its events and lines (:mod:`.steps`); with
        ``names``, each line also in players' words (:meth:`narration_words`)."""
        told = self._told_in(language)
        lines = told.lines[told.end(move - 1) : told.end(move)]
        words = None
        if names is not None:
            in_words = self._words_in(language, names)
            words = in_words.lines[in_words.end(move - 1) : in_words.end(move)]
        before, action = self.at(move - 1), self.actions[move - 1 - self.base]
        return step_json(move, before, action, format_action(action), lines, words)

    def _told_in(self, language: str) -> _Told:
        """The narration in ``language``, caught up with every move."""
        if language == "en":
            return self._told_en
        if self.base:
            raise ValueError("a log resumed from a snapshot tells the game in English only")
        told = self._told.get(language)
        if told is None:
            told = self._told[language] = _Told(self.states[0], language)
        told.catch_up(self.actions)
        return told

    def _words_in(self, language: str, names: Sequence[str | None]) -> _Told:
        """The narration in players' words in ``language`` for ``names``, caught up."""
        if self.base:
            raise ValueError("a log resumed from a snapshot tells the game with seat numbers")
        names = tuple(names)
        told = self._told_words.get(language)
        if told is None or told.names != names:
            told = _Told(self.states[0], language, names=names, coordinates=False)
            self._told_words[language] = told
        told.catch_up(self.actions)
        return told

    def _footer(self, told: _Told, at: int) -> list[str]:
        """The closing lines: only at the end of a finished game."""
        return told.narrator.footer() if at == self.moves and self.state.is_terminal else []

    def board(self, at: int, highlight: bool, language: str = "en", panel: bool = True) -> str:
        """The SVG of the position after ``at`` moves (its choices marked if ``highlight``).

        ``panel=False`` leaves out the side panel (a front end shows the scores itself).
        """
        key = (self._name, at, highlight, language, panel)
        svg = self._boards.get(key)
        if svg is None:
            svg = render_svg(self.at(at), highlight=highlight, language=language, show_panel=panel)
            svg = self._boards.put(key, svg, sys.getsizeof(svg) + added_bytes(key))
        return svg

    def to_record(self) -> GameRecord:
        """The game so far as a record (of a log that is not resumed)."""
        if self.base:
            raise ValueError("a log resumed from a snapshot lacks the moves before it")
        return GameRecord(
            self.record.num_players,
            rules=self.record.rules,
            tiles=self.record.tiles,
            start_player=self.record.start_player,
            metadata=self.record.metadata,
            actions=self.actions,
        )


@attrs.frozen
class _Start:
    """Where a resumed log starts: a snapshot read back (see :meth:`GameLog.snapshot`)."""

    moves: int
    state: GameState
    checkpoint: dict[str, Any]
    lines: list[str]
    rules: list[str | None]

    @classmethod
    def read(cls, moves: int, snapshot: Any) -> _Start:
        """The start a snapshot after ``moves`` moves describes; ``ValueError`` if it is not
        one (the position code, the checkpoint and the lines are checked)."""
        if not isinstance(snapshot, dict):
            raise ValueError("a snapshot is an object")
        code, checkpoint = snapshot.get("code"), snapshot.get("narrator")
        lines, rules = snapshot.get("lines"), snapshot.get("rules")
        if (
            not isinstance(code, str)
            or not isinstance(checkpoint, dict)
            or not isinstance(lines, list)
            or not isinstance(rules, list)
            or len(lines) != len(rules)
            or len(lines) > MAX_NARRATION_LINES
            or not all(isinstance(line, str) for line in lines)
            or not all(rule is None or isinstance(rule, str) for rule in rules)
            or isinstance(moves, bool)
            or not isinstance(moves, int)
            or moves < 0
        ):
            raise ValueError("a snapshot needs its code, narrator, lines and rules")
        try:
            state = GameState.from_position_code(code)
            Narrator.resume(state, checkpoint)
        except TongiakiError as exc:
            raise ValueError(f"a snapshot that cannot be read: {exc}") from None
        return cls(moves, state, checkpoint, lines, rules)


class _Told:
    """The narration of a game in one language: every line in one list, and where each move's
    lines end (so the last lines up to any move are a slice). A resumed game's starts with
    the last lines before its first move (``lines``), its ends counting from there."""

    def __init__(
        self,
        first: GameState,
        language: str,
        narrator: Narrator | None = None,
        header: list[str] | None = None,
        lines: list[str] | None = None,
        base: int = 0,
        *,
        names: tuple[str | None, ...] = (),
        coordinates: bool = True,
    ) -> None:
        self.base = base
        self.names = names
        if narrator is None:
            narrator = Narrator(first, language, names=names, coordinates=coordinates)
        self.narrator = narrator
        self.header = self.narrator.header() if header is None else header
        self.lines: list[str] = [] if lines is None else list(lines)
        self.ends: list[int] = [len(self.lines)]
        self.nbytes = sum(map(sys.getsizeof, self.header)) + sum(map(sys.getsizeof, self.lines))
        """The bytes of the lines and their ends, measured as they are told."""

    def add(self, lines: list[str]) -> None:
        self.lines.extend(lines)
        self.ends.append(len(self.lines))
        self.nbytes += sum(map(sys.getsizeof, lines)) + _SLOT * (len(lines) + 1)
        self.nbytes += sys.getsizeof(self.ends[-1]) if self.ends[-1] > 256 else 0

    def catch_up(self, actions: list[Action]) -> None:
        for action in actions[len(self.ends) - 1 :]:
            self.add(self.narrator.step(action))

    def end(self, at: int) -> int:
        """Where the lines up to move ``at`` end in :attr:`lines`."""
        return self.ends[at - self.base]

    def last(self, at: int, count: int) -> list[str]:
        """The last ``count`` lines (the header first) up to move ``at``."""
        return _last(self.header, self.lines, self.end(at), count)


def _last(header: Sequence[_Line], lines: Sequence[_Line], end: int, count: int) -> list[_Line]:
    """The last ``count`` of ``header`` followed by ``lines[:end]``."""
    kept = list(lines[max(0, end - count) : end])
    if len(kept) < count:
        kept = list(header[max(0, len(header) - (count - len(kept))) :]) + kept
    return kept
