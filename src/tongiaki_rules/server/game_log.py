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

from tongiaki_rules import Action, GameRecord, GameState, render_svg
from tongiaki_rules.narration import Narrator

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
        self._told_en = _Told(first, "en", self._narrator)
        self._boards: OrderedDict[tuple[int, bool, str], str] = OrderedDict()
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
        told = self._told_en
        if language != "en":
            other = self._told.get(language)
            if other is None:
                other = self._told[language] = _Told(self.states[0], language)
            other.catch_up(self.actions)
            told = other
        footer = told.narrator.footer() if at == self.moves and self.state.is_terminal else []
        return told.last(at, MAX_NARRATION_LINES - len(footer)) + footer

    def board(self, at: int, highlight: bool, language: str = "en") -> str:
        """The SVG of the position after ``at`` moves (its choices marked if ``highlight``)."""
        key = (at, highlight, language)
        svg = self._boards.get(key)
        if svg is None:
            svg = render_svg(self.states[at], highlight=highlight, language=language)
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
    """The narration of a game in one language: every line in one list, and where each move's
    lines end (so the last lines up to any move are a slice)."""

    def __init__(self, first: GameState, language: str, narrator: Narrator | None = None) -> None:
        self.narrator = narrator if narrator is not None else Narrator(first, language=language)
        self.header = self.narrator.header()
        self.lines: list[str] = []
        self.ends: list[int] = [0]

    def add(self, lines: list[str]) -> None:
        self.lines.extend(lines)
        self.ends.append(len(self.lines))

    def catch_up(self, actions: list[Action]) -> None:
        for action in actions[len(self.ends) - 1 :]:
            self.add(self.narrator.step(action))

    def last(self, at: int, count: int) -> list[str]:
        """The last ``count`` lines (the header first) up to move ``at``."""
        end = self.ends[at]
        lines = self.lines[max(0, end - count) : end]
        if len(lines) < count:
            lines = self.header[max(0, len(self.header) - (count - len(lines))) :] + lines
        return lines
