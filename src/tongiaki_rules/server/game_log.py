"""One game as the server holds it in memory: every position, the narration, drawn boards.

A :class:`GameLog` starts from a game's first position and grows one action
at a time, checking each (an illegal action raises
:class:`~tongiaki_rules.errors.IllegalActionError` and changes nothing). It
keeps every position, so a view of the game after any number of moves
(time travel) costs nothing to find, and the narration lines each step
completed.

>>> from tongiaki_rules import GameRecord, SetupPlace
>>> log = GameLog(GameRecord(2))
>>> log.extend(SetupPlace(0)).pending.kind.value
'setup'
>>> log.moves, log.narration(1)[0]
(1, 'Players: 2 -- seat 0 Blue, seat 1 Red; seat 0 (Blue) starts')
>>> log.narration(1, language="fr")[0]
'Joueurs : 2 -- place 0 Bleu, place 1 Rouge ; la place 0 (Bleu) commence'
"""

from __future__ import annotations

from collections import OrderedDict
from typing import Any

from tongiaki_rules import Action, GameRecord, GameState, format_action, render_svg
from tongiaki_rules.narration import Narrator

from .steps import line_clauses, rule_url, step_json

__all__ = ["MAX_NARRATION_LINES", "GameLog"]

MAX_NARRATION_LINES = 200
"""A view carries at most this many narration lines: the last ones."""

_BOARDS_KEPT = 16


class GameLog:
    """The positions, actions and narration of one game, extended one action at a time."""

    def __init__(self, record: GameRecord) -> None:
        first = record.initial_state()
        self.record = record
        self.states: list[GameState] = [first]
        self.actions: list[Action] = []
        self._narrator = Narrator(first)
        self._header = self._narrator.header()
        self._steps: list[list[str]] = []
        self._boards: OrderedDict[tuple[int, bool, str, bool], str] = OrderedDict()
        self._rules: list[list[str | None]] = []
        """The rules page of each step's narration lines, found when first asked for."""
        self._told: dict[str, _Told] = {}
        """The narration in the other languages asked for: told again from the first move."""

    @property
    def moves(self) -> int:
        """The number of actions applied so far."""
        return len(self.actions)

    @property
    def state(self) -> GameState:
        """The position now."""
        return self.states[-1]

    def extend(self, action: Action) -> GameState:
        """Apply ``action`` (checked) to the position now and return the new position."""
        lines = self._narrator.step(action)
        self.states.append(self._narrator.state)
        self.actions.append(action)
        self._steps.append(lines)
        return self._narrator.state

    def narration(self, at: int, language: str = "en") -> list[str]:
        """The account of the game up to move ``at``: its last :data:`MAX_NARRATION_LINES` lines.

        ``language`` is one of :data:`~tongiaki_rules.i18n.LANGUAGES`.
        """
        header, steps, footer = self._told_parts(at, language)
        lines = list(header)
        for step in steps[:at]:
            lines.extend(step)
        return (lines + footer)[-MAX_NARRATION_LINES:]

    def narration_rules(self, at: int) -> list[str | None]:
        """The rules page of each line of :meth:`narration` (``None`` for the header's lines).

        The lines are told alike in every language, so one list serves them all.

        >>> from tongiaki_rules import SetupPlace
        >>> log = GameLog(GameRecord(2))
        >>> log.narration_rules(0)
        [None, None]
        """
        header, _steps, footer = self._told_parts(at, "en")
        while len(self._rules) < at:
            k = len(self._rules)
            before, after = self.states[k], self.states[k + 1]
            events = before.apply_with_events(self.actions[k])[1]
            clauses = line_clauses(before, self.actions[k], after, events)
            if len(clauses) == len(self._steps[k]):
                self._rules.append([rule_url(c) for c in clauses])
            else:  # never seen: no link rather than a wrong one
                self._rules.append([None] * len(self._steps[k]))
        rules: list[str | None] = [None] * len(header)
        for step in self._rules[:at]:
            rules.extend(step)
        rules.extend([rule_url("SCORE-4")] * len(footer))
        return rules[-MAX_NARRATION_LINES:]

    def step(self, move: int, language: str = "en") -> dict[str, Any]:
        """Move ``move`` (1 for the first) as JSON: its events and lines (:mod:`.steps`)."""
        _header, steps, _footer = self._told_parts(move, language)
        before, action = self.states[move - 1], self.actions[move - 1]
        return step_json(move, before, action, format_action(action), steps[move - 1])

    def _told_parts(self, at: int, language: str) -> tuple[list[str], list[list[str]], list[str]]:
        """The header, every step's lines and the footer (empty unless ``at`` is the end)."""
        narrator, header, steps = self._narrator, self._header, self._steps
        if language != "en":
            told = self._told.get(language)
            if told is None:
                told = self._told[language] = _Told(self.states[0], language)
            told.catch_up(self.actions)
            narrator, header, steps = told.narrator, told.header, told.steps
        footer = narrator.footer() if at == self.moves and self.state.is_terminal else []
        return header, steps, footer

    def board(self, at: int, highlight: bool, language: str = "en", panel: bool = True) -> str:
        """The SVG of the position after ``at`` moves (its choices marked if ``highlight``).

        ``panel=False`` leaves out the side panel (a front end shows the scores itself).
        """
        key = (at, highlight, language, panel)
        svg = self._boards.get(key)
        if svg is None:
            svg = render_svg(
                self.states[at], highlight=highlight, language=language, show_panel=panel
            )
            self._boards[key] = svg
            while len(self._boards) > _BOARDS_KEPT:
                self._boards.popitem(last=False)
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
    """The narration of a game in one more language, caught up with its moves when asked."""

    def __init__(self, first: GameState, language: str) -> None:
        self.narrator = Narrator(first, language=language)
        self.header = self.narrator.header()
        self.steps: list[list[str]] = []

    def catch_up(self, actions: list[Action]) -> None:
        for action in actions[len(self.steps) :]:
            self.steps.append(self.narrator.step(action))
