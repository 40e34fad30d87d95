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

from tongiaki_rules import Action, GameRecord, GameState, format_action, render_svg
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
"""Of a run of positions measured at once, one in this many is walked (see ``nbytes``)."""
_ACTIONS: tuple[type, ...] = get_args(Action)
"""The action classes: the engine shares their instances between positions, uncounted."""
_SLOT = 8
"""The bytes a list spends on each item it holds (a pointer)."""

_Line = TypeVar("_Line")


class GameLog:
    """The positions, actions and narration of one game, extended one action at a time."""

    def __init__(self, record: GameRecord) -> None:
        first = record.initial_state()
        self.record = record
        self.states: list[GameState] = [first]
        self.actions: list[Action] = []
        self._narrator = Narrator(first)
        self._told_en = _Told(first, "en", self._narrator)
        self._boards: SizedCache[BoardKey, str] = SizedCache(_OWN_BOARDS)
        self._name = ""
        self._sized = 1
        """The positions (from the first) whose sizes :attr:`_bytes` holds, with the actions
        that made them."""
        self._bytes = added_bytes(first, shared=_ACTIONS)
        self._rules_bytes = 0
        self._last = (1, 0)
        """The number of positions when the last was measured, and its size then."""
        self._rules: list[str | None] = []
        """The rules page of each English narration line, found when first asked for."""
        self._ruled = 0
        """The moves whose lines :attr:`_rules` covers."""
        self._told: dict[str, _Told] = {}
        """The narration in the other languages asked for: told again from the first move."""
        self._told_words: dict[str, _Told] = {}
        """The narration in players' words by language, for the seats' names last asked for
        (told again from the first move when a name changes)."""

    @property
    def moves(self) -> int:
        """The number of actions applied so far."""
        return len(self.actions)

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
        counted, and the drawn boards are in their cache, not here. A
        position is measured once the next one is made (its derived caches
        are filled by then); the last one is measured once, as it is first
        counted. Of many positions made at once (a game read back from the
        database), one in :data:`_SAMPLED` is measured, standing for the
        others: measuring costs about half as much as making a position.

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
            step = _SAMPLED if len(states) - 1 - k >= _SAMPLED else 1
            self._bytes += step * added_bytes(states[k], states[k - 1], _ACTIONS)
            self._sized += step
        count, last = self._last
        if count != len(states):  # measured once a move, not on every call
            last = added_bytes(states[-1], states[-2], _ACTIONS) if len(states) > 1 else 0
            self._last = (len(states), last)
        told = self._told_en.nbytes + sum(t.nbytes for t in self._told.values())
        told += sum(t.nbytes for t in self._told_words.values())
        return self._bytes + last + told + self._rules_bytes + _SLOT * 2 * len(states)

    def extend(self, action: Action) -> GameState:
        """Apply ``action`` (checked) to the position now and return the new position."""
        self._told_en.add(self._narrator.step(action))
        self.states.append(self._narrator.state)
        self.actions.append(action)
        return self._narrator.state

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

        The coordinates stay in :meth:`narration`, the same line at the same index.
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
        while self._ruled < at:
            k = self._ruled
            before, after = self.states[k], self.states[k + 1]
            events = before.apply_with_events(self.actions[k])[1]
            clauses = line_clauses(before, self.actions[k], after, events)
            count = told.ends[k + 1] - told.ends[k]
            if len(clauses) == count:
                urls = [rule_url(c) for c in clauses]
                self._rules.extend(urls)
                self._rules_bytes += sum(map(sys.getsizeof, urls))
            else:  # never seen: no link rather than a wrong one
                self._rules.extend([None] * count)
            self._rules_bytes += _SLOT * count
            self._ruled += 1
        footer = [rule_url("SCORE-4")] * len(self._footer(told, at))
        header: list[str | None] = [None] * len(told.header)
        count = MAX_NARRATION_LINES - len(footer)
        return _last(header, self._rules, told.ends[at], count) + footer

    def step(
        self, move: int, language: str = "en", names: Sequence[str | None] | None = None
    ) -> dict[str, Any]:
        """Move ``move`` (1 for the first) as JSON: its events and lines (:mod:`.steps`); with
        ``names``, each line also in players' words (:meth:`narration_words`)."""
        told = self._told_in(language)
        lines = told.lines[told.ends[move - 1] : told.ends[move]]
        words = None
        if names is not None:
            in_words = self._words_in(language, names)
            words = in_words.lines[in_words.ends[move - 1] : in_words.ends[move]]
        before, action = self.states[move - 1], self.actions[move - 1]
        return step_json(move, before, action, format_action(action), lines, words)

    def _told_in(self, language: str) -> _Told:
        """The narration in ``language``, caught up with every move."""
        if language == "en":
            return self._told_en
        told = self._told.get(language)
        if told is None:
            told = self._told[language] = _Told(self.states[0], language)
        told.catch_up(self.actions)
        return told

    def _words_in(self, language: str, names: Sequence[str | None]) -> _Told:
        """The narration in players' words in ``language`` for ``names``, caught up."""
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
            svg = render_svg(
                self.states[at], highlight=highlight, language=language, show_panel=panel
            )
            svg = self._boards.put(key, svg, sys.getsizeof(svg) + added_bytes(key))
        return svg

    def to_record(self) -> GameRecord:
        """The game so far as a record."""
        return GameRecord(
            self.record.num_players,
            rules=self.record.rules,
            tiles=self.record.tiles,
            start_player=self.record.start_player,
            metadata=self.record.metadata,
            actions=self.actions,
        )


class _Told:
    """The narration of a game in one language: every line in one list, and where each move's
    lines end (so the last lines up to any move are a slice)."""

    def __init__(
        self,
        first: GameState,
        language: str,
        narrator: Narrator | None = None,
        *,
        names: tuple[str | None, ...] = (),
        coordinates: bool = True,
    ) -> None:
        self.names = names
        if narrator is None:
            narrator = Narrator(first, language, names=names, coordinates=coordinates)
        self.narrator = narrator
        self.header = self.narrator.header()
        self.lines: list[str] = []
        self.ends: list[int] = [0]
        self.nbytes = sum(map(sys.getsizeof, self.header))
        """The bytes of the lines and their ends, measured as they are told."""

    def add(self, lines: list[str]) -> None:
        self.lines.extend(lines)
        self.ends.append(len(self.lines))
        self.nbytes += sum(map(sys.getsizeof, lines)) + _SLOT * (len(lines) + 1)
        self.nbytes += sys.getsizeof(self.ends[-1]) if self.ends[-1] > 256 else 0

    def catch_up(self, actions: list[Action]) -> None:
        for action in actions[len(self.ends) - 1 :]:
            self.add(self.narrator.step(action))

    def last(self, at: int, count: int) -> list[str]:
        """The last ``count`` lines (the header first) up to move ``at``."""
        return _last(self.header, self.lines, self.ends[at], count)


def _last(header: Sequence[_Line], lines: Sequence[_Line], end: int, count: int) -> list[_Line]:
    """The last ``count`` of ``header`` followed by ``lines[:end]``."""
    kept = list(lines[max(0, end - count) : end])
    if len(kept) < count:
        kept = list(header[max(0, len(header) - (count - len(kept))) :]) + kept
    return kept
