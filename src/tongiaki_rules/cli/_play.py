"""``tongiaki play``: a whole game in a plain terminal, humans and bots in any mix.

Humans answer each decision with the number of an action in the list shown,
or with the action in the text notation (:mod:`tongiaki_rules.notation`);
The board is shown as a hex map (:mod:`tongiaki_rules.textmap`), in colour
on a terminal. ``help``, ``board``, ``undo``, ``save FILE`` and ``quit`` are commands. Bots
and the tiles drawn are told in words as they happen (see :mod:`._story`). The
input may be piped: the program reads one line per answer and, if the input
ends before the game does, stops with exit status 1. ``--svg-dir DIR`` writes
an SVG of each position to DIR as the game goes on (:mod:`._svgdir`).

>>> from tongiaki_rules.cli import main
>>> main(["play", "--players", "2", "--human", "none", "--seed", "3"])  # doctest: +ELLIPSIS
Players: 2 -- seat 0 Blue, seat 1 Red; seat 0 (Blue) starts
...
Winner: seat ... points...
0
"""

from __future__ import annotations

import argparse
import sys
import textwrap
from pathlib import Path
from typing import Any, Final, Literal

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
from ..bots.match import BotFailedError, recorded_choice
from ..explain import decision_words
from ..i18n import decision_name, tile_name
from ..narration import Narrator
from ._common import CliError, add_rules_options, ask, write_text
from ._console import (
    MapOptions,
    action_hex,
    add_map_options,
    is_terminal,
    print_map,
    say,
    text_width,
)
from ._language import add_language_option, current, tr
from ._story import seat_name, who_decides
from ._svgdir import SvgFolder, add_svg_dir_option
from ._table import Table, set_table

__all__ = ["add_parser", "run"]

WIDTH = 80
"""The width the list of actions is laid out in (a terminal's usual width)."""
WIDTH_TEXT = 80
"""The width the lines of words are wrapped to (or the terminal's, if it is narrower)."""

STATUS_INPUT_ENDED = 1
"""Exit status when the input ends before the game does."""


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


Answer = Literal["moved", "quit", "ended"]


def add_parser(sub: Any) -> None:
    """Register ``tongiaki play``."""
    parser = sub.add_parser(
        "play",
        help="play a game in the terminal, against bots or friends",
        description="Play a game of Tongiaki in the terminal. Humans answer each decision "
        "with the number of an action or the action in the text notation; bots play "
        "the other seats. Type help during the game for the commands.",
        epilog="Exit status: 0 when the game is over or after quit, 1 if the input "
        "ends before the game does, 2 for bad arguments.",
    )
    parser.add_argument(
        "--players",
        type=int,
        default=None,
        metavar="N",
        help="number of players, 2 to 6 (default 4)",
    )
    parser.add_argument(
        "--human",
        default=None,
        metavar="SEATS",
        help="seats played at this terminal, comma-separated, from 0 (default 0); "
        "'all' for everyone, 'none' to watch bots play",
    )
    parser.add_argument(
        "--bots",
        default=None,
        metavar="SPECS",
        help="bots for the other seats in seat order, comma-separated, repeated if "
        "there are fewer than seats (default random), e.g. random,greedy,mcts:iterations=100",
    )
    parser.add_argument(
        "--seed",
        type=int,
        default=None,
        help="seed of the tiles drawn and of the bots (default: a new one, printed)",
    )
    parser.add_argument(
        "--start-player",
        type=int,
        default=None,
        metavar="SEAT",
        help="seat that starts (default 0)",
    )
    parser.add_argument(
        "--record",
        metavar="FILE",
        help="write the game record (JSON) to FILE when the program ends, finished or not",
    )
    parser.add_argument(
        "--resume",
        metavar="RECORD",
        help="continue the game saved in RECORD (a game record JSON, as save and --record "
        "write), with its settings, seats and seed",
    )
    parser.add_argument(
        "--from",
        dest="position",
        metavar="POSITION",
        help="start from POSITION: a state JSON file, a position code (T1_..., any "
        "length) or - for one on the first line of standard input; "
        "its settings apply",
    )
    parser.add_argument(
        "--board",
        choices=BOARD_MODES,
        default="changes",
        help="when to print the map before a decision: changes (default: only when the "
        "table changed since it was last shown, else one line), always, or never (the "
        "board command shows it)",
    )
    add_map_options(parser, coords=True)
    add_svg_dir_option(parser, "without a heading")
    add_language_option(parser)
    add_rules_options(parser)
    parser.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    """Play the game; 0 when it ends or on ``quit``, 1 if the input ends first."""
    if args.record == "-":
        raise CliError("--record: the game is told on standard output; give a file name")
    if args.record is not None:
        folder = Path(args.record).parent
        if not folder.is_dir():
            raise CliError(f"--record {args.record}: there is no folder {str(folder)!r}")
        if Path(args.record).is_dir():
            raise CliError(f"--record {args.record}: that is a folder; give a file name")
    options = MapOptions.from_args(args)
    table = set_table(args)
    recorder = table.recorder
    pictures = None if args.svg_dir is None else SvgFolder.open(args.svg_dir)
    session = _Session(table, pictures, options, args.board, saved=args.record is not None)
    try:
        status = session.play()
    except (KeyboardInterrupt, BotFailedError):  # the game so far is kept all the same
        if args.record is not None:
            write_text(args.record, recorder.record.to_json(indent=2) + "\n")
        raise
    if args.record is not None:
        write_text(args.record, recorder.record.to_json(indent=2) + "\n")
        print(tr().gettext("Game record written to {file}").format(file=args.record))
    return status


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


class _Session:
    """One game being played: the recorder, who plays which seat, and the conversation."""

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

    def told_up_to(self, moves: int) -> Narrator:
        """A narrator that has told, silently, the first ``moves`` moves of the game."""
        narrator = Narrator(self.recorder.states[0], language=current())
        for action in self.recorder.actions[:moves]:
            narrator.step(action)
        return narrator

    def play(self) -> int:
        first = self.recorder.states[0]
        for line in self.narrator.header():
            print(line)
        t = tr()
        who = []
        for k in range(first.num_players):
            bot = self.bots.get(k)
            player = t.gettext("human") if bot is None else bot.name
            who.append(f"{seat_name(first, k)} ({player})")
        print(
            t.gettext("At the table: {seats}; seed {seed}").format(
                seats=", ".join(who), seed=self.table.seed
            )
        )
        if self.table.origin is not None:
            print(f"{self.table.origin}.")
        if len(self.bots) < first.num_players:
            print(t.gettext("Type help for the commands and the notation."))
        for moves, state in enumerate(self.recorder.states):
            self.draw(moves, state)
        while not self.recorder.state.is_terminal:
            state = self.recorder.state
            seat = state.current_player
            if seat is None:
                self.move(state.sample_chance(self.draws))
            elif seat in self.bots:
                self.move(recorded_choice(self.bots[seat], self.recorder, seat))
            else:
                answer = self.consult()
                if answer == "quit":
                    moves = len(self.recorder.actions)
                    stopped = t.ngettext(
                        "Game stopped after {count} move.",
                        "Game stopped after {count} moves.",
                        moves,
                    )
                    print(stopped.format(count=moves))
                    self.tell_end()
                    return 0
                if answer == "ended":
                    self.tell_end()
                    moves = len(self.recorder.actions)
                    print(
                        f"tongiaki play: the input ended before the game did (after {moves} moves)",
                        file=sys.stderr,
                    )
                    return STATUS_INPUT_ENDED
        print()
        self.print_map(self.recorder.state)
        self.tell_end()
        return 0

    def move(self, action: Action) -> None:
        """Apply ``action`` and tell what it did (a bot's setup boat too)."""
        before = self.recorder.state
        self.recorder.apply(action)
        self.draw(len(self.recorder.actions), self.recorder.state)
        if isinstance(action, SetupPlace) and before.current_player in self.bots:
            print(f"{who_decides(before)} puts a setup boat on Tonga beach {action.beach}")
        for line in self.narrator.step(action):
            print(line)

    def print_map(self, state: GameState) -> None:
        actions = self.recorder.actions
        focus = action_hex(actions[-1]) if actions else None
        # the end of the game is told once, by the footer (scores, then the winner)
        print_map(state, options=self.options, focus=focus, outcome=False)
        self.shown = _table_of(state)

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

    def tell_end(self) -> None:
        for line in self.narrator.footer():
            print(line)

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
            print(f"(The table is as shown above; type board to see it again.) {_summary(state)}")
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

    def consult(self) -> Answer:
        """Ask the human whose decision it is until they answer with a legal action."""
        self.show()
        state = self.recorder.state
        prompt = f"{who_decides(state)}> "
        while True:
            line = ask(prompt)
            if line is None:
                return "ended"
            text = line.strip()
            word, _, rest = text.partition(" ")
            command = word.lower()
            if not text:
                say(tr().gettext("Type the number of an action, an action, or help."))
            elif command in ("help", "?"):
                print(help_text())
            elif command == "board":
                self.show(asked=True)
            elif command in ("quit", "exit"):
                if self.confirm_quit():
                    return "quit"
            elif command == "save":
                self.save(rest.strip())
            elif command == "undo":
                if self.undo():
                    return "moved"
            else:
                try:
                    action = match_action(text, state)
                except NotationError as exc:
                    say(tr().gettext("{error} (type help for the commands)").format(error=exc))
                    continue
                self.move(action)
                return "moved"

    def save(self, path: str) -> None:
        if not path:
            say(tr().gettext("save needs a file name: save FILE"))
            return
        try:
            write_text(path, self.recorder.record.to_json(indent=2) + "\n")
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

    def confirm_quit(self) -> bool:
        """Whether to quit: asked at a terminal when the game would be lost, else yes."""
        moves = len(self.recorder.actions)
        unsaved = not self.kept and moves > 0 and self.saved_after != moves
        if not unsaved or not sys.stdin.isatty():
            return True
        t = tr()
        answer = ask(t.gettext("The game is not saved (save FILE keeps it). Quit anyway? [y/N] "))
        if answer is None or answer.strip().lower() in ("y", "yes"):
            return True
        print(t.gettext("Playing on."))
        return False

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
