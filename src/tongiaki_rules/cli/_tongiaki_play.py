"""Tongiaki's part of ``tongiaki play``: the map, the list of actions, the notation, undo.

Humans answer each decision with the number of an action in the list shown,
or with the action in the text notation (:mod:`tongiaki_rules.notation`).
The board is shown as a hex map (:mod:`tongiaki_rules.textmap`), in colour
on a terminal. ``board``, ``undo`` and ``save FILE`` are Tongiaki's commands
(``help`` and ``quit`` are every game's, :mod:`._match`). Bots and the tiles
drawn are told in words as they happen (see :mod:`._story`). ``--svg-dir
DIR`` writes an SVG of each position to DIR as the game goes on
(:mod:`._svgdir`).

>>> from tongiaki_rules import new_game
>>> decision_text(new_game(2))
'it is the setup: place one boat on a Tonga beach (setup 0\u20135)'
"""

from __future__ import annotations

import sys
import textwrap
from collections.abc import Mapping
from typing import Final

from .. import (
    Action,
    DecisionKind,
    Draw,
    GameState,
    NotationError,
    SetupPlace,
    format_action,
    match_action,
)
from .._explain import decision_words
from ..bots._match import recorded_choice
from ..games import TongiakiPosition
from ..i18n import decision_name, tile_name
from ..narration import Narrator
from ._common import CliError, write_text
from ._console import MapOptions, action_hex, is_terminal, print_map, say, text_width
from ._language import current, tr
from ._match import Reply, UnreadableAnswerError
from ._story import seat_name, who_decides
from ._svgdir import SvgFolder
from ._table import Table

__all__ = ["HELP", "TongiakiFront", "action_list", "decision_text", "help_text"]

WIDTH = 80
"""The width the list of actions is laid out in (a terminal's usual width)."""
WIDTH_TEXT = 80
"""The width the lines of words are wrapped to (or the terminal's, if it is narrower)."""

HELP = """\
Answer a decision with the number of an action in the list, or with the
action itself in the notation. Commands:
  board       show the board and the choices again
  undo        take back your last decision and the bot moves after it
              (only while no tile was drawn since)
  save FILE   write the game so far to FILE as a JSON game record
              (continue it later, or watch it with: tongiaki replay FILE)
  help        this text
  quit        stop the game here
Notation (Q,R is a hex, Tonga is 0,0; beaches and jetties are numbered):
  setup BEACH                 setup 3
  expand Q,R BEACH+BEACH      expand 0,-1 0+2
  move Q,R.BEACH > Q,R.BEACH  move 1,0.2 > 0,-1.1   (empty reserve)
  royal Q,R                   royal 0,-1
  recolonize                  recolonize
  new Q,R BEACH+BEACH         new 0,0 1+1           (no boats in play)
  depart Q,R.BEACH JETTY      depart 0,-1.2 4
  place Q,R rROTATION         place 2,-1 r3
  berth COLOUR BEACH          berth R 1
  return COLOUR               return R
Jetties and rotations: 0 bottom, 1 lower-left, 2 upper-left, 3 top,
4 upper-right, 5 lower-right. Colours: B R G Y O P."""

_BERTH_NOTATION: Final = " (berth COLOUR BEACH, or return COLOUR)"
"""What to type at a berth: the notation stays English in every language."""

BOARD_MODES: Final = ("changes", "always", "never")
"""When ``play`` prints the map before a human decides (``--board``)."""

_NOTATION = HELP[HELP.index("  setup BEACH ") : HELP.index("Jetties and rotations")]
"""The notation part of :data:`HELP`: its keywords stay English in every language."""


def help_text() -> str:
    """:data:`HELP` in the players' language (``--lang``); the notation itself stays English.

    >>> help_text() == HELP
    True
    """
    t = tr()
    return (
        t.gettext(
            "Answer a decision with the number of an action in the list, or with the\n"
            "action itself in the notation. Commands:\n"
            "  board       show the board and the choices again\n"
            "  undo        take back your last decision and the bot moves after it\n"
            "              (only while no tile was drawn since)\n"
            "  save FILE   write the game so far to FILE as a JSON game record\n"
            "              (continue it later, or watch it with: tongiaki replay FILE)\n"
            "  help        this text\n"
            "  quit        stop the game here"
        )
        + "\n"
        + t.gettext("Notation (Q,R is a hex, Tonga is 0,0; beaches and jetties are numbered):")
        + "\n"
        + _NOTATION
        + t.gettext(
            "Jetties and rotations: 0 bottom, 1 lower-left, 2 upper-left, 3 top,\n"
            "4 upper-right, 5 lower-right. Colours: B R G Y O P."
        )
    )


def _asks(kind: DecisionKind) -> str | None:
    t = tr()
    if kind is DecisionKind.SETUP:
        return t.gettext("put a setup boat on a beach of Tonga")
    if kind is DecisionKind.TURN:
        return t.gettext("your turn: expand, found a royal island or start a New Colonisation")
    if kind is DecisionKind.DEPARTURE:
        return t.gettext("which full beach sails, and by which jetty")
    return None


def decision_text(state: GameState) -> str:
    """What the pending decision asks, in words.

    >>> from tongiaki_rules import new_game
    >>> decision_text(new_game(2))
    'it is the setup: place one boat on a Tonga beach (setup 0\u20135)'
    """
    pending = state.pending
    t = tr()
    asked = _asks(pending.kind)
    if asked is not None:  # in English, the decision in the game's words with what to type
        return decision_words(state) if current() == "en" else asked
    if pending.kind is DecisionKind.PLACE_TILE and pending.tile is not None:
        name = tile_name(state.config.tiles.tile(pending.tile), current())
        text = t.gettext("where {tile} goes: a hex and a rotation").format(tile=name)
        return text + " (place Q,R rROTATION)"
    if pending.kind is DecisionKind.BERTH and pending.island is not None:
        island = state.island_at(pending.island)
        boats = "".join(c.letter for c in pending.group)
        q, r = pending.island
        if island is None:
            text = t.gettext(
                "berth the boats landing on the island ({q}, {r}), one at a time: {boats}"
            )
            return text.format(q=q, r=r, boats=boats) + _BERTH_NOTATION
        text = t.gettext("berth the boats landing on {island} ({q}, {r}), one at a time: {boats}")
        named = text.format(island=tile_name(island.tile, current()), q=q, r=r, boats=boats)
        return named + _BERTH_NOTATION
    return (
        decision_words(state) if current() == "en" else decision_name(pending.kind.value, current())
    )


def action_list(state: GameState, width: int = WIDTH) -> list[str]:
    """The legal actions, numbered from 1, in as many columns as fit in ``width``.

    >>> from tongiaki_rules import new_game
    >>> action_list(new_game(2))
    ['  1. setup 0    3. setup 2    5. setup 4', '  2. setup 1    4. setup 3    6. setup 5']
    >>> action_list(new_game(2), width=100)
    ['  1. setup 0    2. setup 1    3. setup 2    4. setup 3    5. setup 4    6. setup 5']
    """
    items = [f"{k:>3}. {format_action(a)}" for k, a in enumerate(state.legal_actions(), 1)]
    column = max(len(item) for item in items) + 2
    columns = max(1, min(len(items), (width + 2) // column))
    rows = -(-len(items) // columns)
    lines = []
    for row in range(rows):
        cells = [items[k] for k in range(row, len(items), rows)]
        lines.append("".join(cell.ljust(column) for cell in cells).rstrip())
    return lines


def _table_of(state: GameState) -> object:
    """What the map shows of ``state``: the tiles, the boats, the kings and the group."""
    return (state.placed_tiles, state.islands, state.group)


def _summary(state: GameState) -> str:
    """One line about the table: the tiles and the scores.

    >>> from tongiaki_rules import new_game
    >>> _summary(new_game(2))
    'Table: 1 tile, 31 in the pile; scores: seat 0 Blue 0, seat 1 Red 0.'
    """
    tiles = len(state.placed_tiles)
    scores = ", ".join(f"{seat_name(state, k)} {p}" for k, p in enumerate(state.scores()))
    pile = state.pile.islands + state.pile.oceans
    return f"Table: {tiles} tile{'s' * (tiles != 1)}, {pile} in the pile; scores: {scores}."


class TongiakiFront:
    """Tongiaki at the terminal: the recorder, who plays which seat, the map and the notation.

    The part of ``tongiaki play`` that only Tongiaki has: the map (as
    ``--board`` says), the numbered list of legal actions, the text
    notation, the story of each move, ``board``, ``save`` and ``undo``.

    >>> from tongiaki_rules.cli import _parser
    >>> from tongiaki_rules.cli._table import set_table
    >>> args = _parser()[0].parse_args(["play", "--players", "2", "--human", "none"])
    >>> front = TongiakiFront(set_table(args))
    >>> front.position.deciders, front.bot_name(0)
    ((0,), 'random')
    """

    def __init__(
        self,
        table: Table,
        pictures: SvgFolder | None = None,
        options: MapOptions | None = None,
        board: str = "changes",
        *,
        saved: bool = False,
    ) -> None:
        self.table = table
        self.simultaneous = False
        """One seat decides at a time."""
        self.humans = table.humans
        self.seed = table.seed
        self.help_hint = tr().gettext("Type help for the commands and the notation.")
        self.options = MapOptions(coords=True) if options is None else options
        self.board = board
        """``--board``: when the map is printed before a human decides."""
        self.shown: object = None
        """The table as it was when the map was last printed (to tell whether it changed)."""
        self.kept = saved
        """Whether the game is written when the program ends, whatever happens (``--record``)."""
        self.saved_after = len(table.recorder.actions) if table.resumed else -1
        """The number of moves when the game was last saved (or resumed from its file)."""
        self.pictures = pictures
        """Where ``--svg-dir`` writes a picture of each position, if it was given."""
        self.recorder = table.recorder
        self.bots = table.bots
        self.draws = table.draws
        self.narrator = self.told_up_to(len(self.recorder.actions))

    # ------------------------------------------------------------------ the table
    @property
    def position(self) -> TongiakiPosition:
        """The position now, under the game protocol."""
        return TongiakiPosition(self.recorder.state)

    def heading(self) -> None:
        """The narrator's header: the players and who starts (wrapped on a narrow terminal)."""
        for line in self.narrator.header():
            say(line)

    def seat_label(self, player: int) -> str:
        """``seat 1 Red``."""
        return seat_name(self.recorder.states[0], player)

    def bot_name(self, player: int) -> str | None:
        """The bot of ``player``'s seat, ``None`` for a human."""
        bot = self.bots.get(player)
        return None if bot is None else bot.name

    def origin(self) -> str | None:
        """``Starting from the position ...`` or ``Resuming the game ...``."""
        return None if self.table.origin is None else f"{self.table.origin}."

    def start(self) -> None:
        """The pictures of the positions so far, with ``--svg-dir``."""
        for moves, state in enumerate(self.recorder.states):
            self.draw(moves, state)

    # ------------------------------------------------------------------ moves
    def told_up_to(self, moves: int) -> Narrator:
        """A narrator that has told, silently, the first ``moves`` moves of the game."""
        narrator = Narrator(self.recorder.states[0], language=current())
        for action in self.recorder.actions[:moves]:
            narrator.step(action)
        return narrator

    def chance(self) -> None:
        """Draw a tile from the pile with the session's seeded draws."""
        self.move(self.recorder.state.sample_chance(self.draws))

    def bot_choice(self, player: int) -> Action:
        """The bot's action, checked (a failure carries the game so far)."""
        return recorded_choice(self.bots[player], self.recorder, player)

    def apply(self, choices: Mapping[int, Action]) -> None:
        """Play the one decider's action."""
        (action,) = choices.values()
        self.move(action)

    def move(self, action: Action) -> None:
        """Apply ``action`` and tell what it did (a bot's setup boat too)."""
        before = self.recorder.state
        self.recorder.apply(action)
        self.draw(len(self.recorder.actions), self.recorder.state)
        if isinstance(action, SetupPlace) and before.current_player in self.bots:
            said = tr().gettext("{who} puts a setup boat on Tonga beach {beach}")
            print(said.format(who=who_decides(before), beach=action.beach))
        for line in self.narrator.step(action):
            say(line)  # wrapped between words on a narrow terminal, one line to a pipe

    def draw(self, moves: int, state: GameState) -> None:
        """Write the picture of the position after ``moves`` actions, with ``--svg-dir``.

        If it cannot be written (a full disk, the folder removed), the game
        goes on without pictures, after a warning on stderr.
        """
        if self.pictures is None:
            return
        try:
            self.pictures.write(moves, state)
        except CliError as exc:
            self.pictures = None
            print(f"tongiaki play: {exc}; no more pictures are written", file=sys.stderr)

    # ------------------------------------------------------------------ what humans see
    def print_map(self, state: GameState) -> None:
        actions = self.recorder.actions
        focus = action_hex(actions[-1]) if actions else None
        # the end of the game is told once, by the footer (scores, then the winner)
        print_map(state, options=self.options, focus=focus, outcome=False)
        self.shown = _table_of(state)

    def show(self, *, asked: bool = False) -> None:
        """The map (as ``--board`` says, always when ``asked``), the decision and the choices."""
        state = self.recorder.state
        print()
        if (
            asked
            or self.board == "always"
            or (self.board == "changes" and _table_of(state) != self.shown)
        ):
            self.print_map(state)
        elif self.board == "changes":
            same = tr().gettext("(The table is as shown above; type board to see it again.)")
            print(f"{same} {_summary(state)}")
        else:
            print(_summary(state))
        print()
        asks = (
            tr()
            .gettext("{who}, {decision}:")
            .format(who=who_decides(state), decision=decision_text(state))
        )
        width = text_width(WIDTH_TEXT) if is_terminal(sys.stdout) else WIDTH_TEXT
        print(textwrap.fill(asks, width, subsequent_indent="    ", break_on_hyphens=False))
        for line in action_list(state):
            print(line)

    def ask_order(self, players: list[int]) -> list[int]:
        """One seat decides at a time."""
        return players

    def prompt(self, player: int) -> str:
        """``seat 0 Blue> ``."""
        return f"{who_decides(self.recorder.state)}> "

    def chooser(self, player: int) -> str:
        """The seat deciding (its choice is never secret: one seat decides at a time)."""
        return who_decides(self.recorder.state)

    def help_text(self) -> str:
        """The commands and the notation, in the players' language."""
        return help_text()

    def command(self, word: str, rest: str) -> Reply | None:
        """``board``, ``save FILE`` and ``undo``."""
        if word == "board":
            self.show(asked=True)
        elif word == "save":
            self.save(rest)
        elif word == "undo":
            return Reply.RETRACTED if self.undo() else Reply.SHOWN
        else:
            return None
        return Reply.SHOWN

    def parse(self, text: str, player: int) -> Action:
        """The action of a number in the list or of the notation."""
        t = tr()
        if not text:
            raise UnreadableAnswerError(
                t.gettext("Type the number of an action, an action, or help.")
            )
        try:
            return match_action(text, self.recorder.state)
        except NotationError as exc:
            told = t.gettext("{error} (type help for the commands)").format(error=exc)
            raise UnreadableAnswerError(told) from None

    # ------------------------------------------------------------------ the record
    def record_text(self) -> str:
        """The game so far as a JSON game record."""
        return self.recorder.record.to_json(indent=2) + "\n"

    def save(self, path: str) -> None:
        if not path:
            say(tr().gettext("save needs a file name: save FILE"))
            return
        try:
            write_text(path, self.record_text())
        except CliError as exc:
            say(str(exc))
            return
        moves = len(self.recorder.actions)
        saved = tr().ngettext(
            "Saved the game so far ({count} move) to {file}",
            "Saved the game so far ({count} moves) to {file}",
            moves,
        )
        say(saved.format(count=moves, file=path))
        self.saved_after = moves

    def unsaved(self) -> bool:
        """Whether moves were made since the game was last saved, with no ``--record``."""
        moves = len(self.recorder.actions)
        return not self.kept and moves > 0 and self.saved_after != moves

    def undo(self) -> bool:
        """Take back the last human decision and what followed it, if no tile came since."""
        states, actions = self.recorder.states, self.recorder.actions
        mine = [
            k
            for k, state in enumerate(states[:-1])
            if state.current_player is not None and state.current_player not in self.bots
        ]
        t = tr()
        if not mine:
            say(t.gettext("Nothing to undo: no decision was made at this terminal yet."))
            return False
        last = mine[-1]
        if any(isinstance(action, Draw) for action in actions[last + 1 :]):
            say(
                t.gettext(
                    "Cannot undo {action}: a tile has been drawn since, "
                    "and the draw cannot be taken back."
                ).format(action=repr(format_action(actions[last])))
            )
            return False
        later = len(actions) - last - 1
        self.recorder.undo(len(actions) - last)
        if self.pictures is not None:
            self.pictures.forget_after(last)
        self.narrator = self.told_up_to(last)  # told again, silently, up to the position kept
        taken = repr(format_action(actions[last]))
        if later:
            text = t.ngettext(
                "Took back {action} and {count} bot move after it.",
                "Took back {action} and {count} bot moves after it.",
                later,
            )
        else:
            text = t.gettext("Took back {action}.")
        say(text.format(action=taken, count=later))
        return True

    # ------------------------------------------------------------------ the end
    def tell_end(self) -> None:
        for line in self.narrator.footer():
            say(line)

    def tell_stopped(self) -> None:
        """``Game stopped after N moves.`` and the scores."""
        moves = len(self.recorder.actions)
        stopped = tr().ngettext(
            "Game stopped after {count} move.", "Game stopped after {count} moves.", moves
        )
        print(stopped.format(count=moves))
        self.tell_end()

    def tell_input_ended(self) -> str:
        """The scores; the stderr line says after how many moves."""
        self.tell_end()
        return f" (after {len(self.recorder.actions)} moves)"

    def finish(self) -> None:
        """The final map, the scores and the winner."""
        print()
        self.print_map(self.recorder.state)
        self.tell_end()
