"""``tongiaki toncc play``: Tóncc at the terminal, and the words that tell a turn.

The game opens with the colour draw (TC-SETUP-4): each player, human or bot,
draws the King he plays (``--human`` chooses Kings instead, with no draw).
Each turn every King on the board picks a Compass number (1 to 6) in
secret: under the board a table shows, for every move number, the cell each
King would reach; the humans at the terminal type theirs, then the bots'
choices are revealed with everybody's move, landing and conquests. With
several humans (hot-seat), a choice typed at a terminal is not echoed.
``help``, ``board``, ``moves``, ``map`` and ``quit`` are commands. The input
may be piped: one line per choice; if it ends before the game, the program
stops with exit status 1. ``--resume FILE`` goes on with the game of a record.
"""

from __future__ import annotations

import argparse
import getpass
import random
import sys
from pathlib import Path
from typing import Any

import attrs

from ..errors import TongiakiError
from ..toncc import KINGS, ColourDraw, King, Move, TonccRules, TonccState, TurnReport
from ..toncc.board import DIRECTION_NAMES, LABELS
from ..toncc.bots import BOT_NAMES, Bot, make_bot
from ..toncc.record import TonccRecord, TonccRecorder
from ..toncc.regions import position_name
from ..toncc.rules import COMPASS_DIRECTIONS
from ..toncc.textview import (
    board_text,
    colours_code,
    destinations_text,
    map_text,
    render_text,
    scores_text,
)
from ._common import CliError, ask, read_text, write_text

__all__ = [
    "add_play_parser",
    "rules_of",
    "run_play",
    "tell_challenge_end",
    "tell_draw",
    "tell_turn",
]

STATUS_INPUT_ENDED = 1
"""Exit status when the input ends before the game does."""

HELP = """\
Type the Compass number of your move, 1 to 6 (the Compass line above the
board says which direction each number is). Moving onto the Mind jumps over
it; moving off the board turns back along the same line to its far end. The
table under the board shows where each number takes each King. Commands:
  board   show the board again     moves  show where each move number leads
  map     show the Map and scores  help   this text
  quit    stop the game here"""


def add_rules_option(parser: argparse.ArgumentParser) -> None:
    """``--rule NAME=VALUE``: a Tóncc rules flag (repeatable)."""
    names = ", ".join(_flag_names())
    parser.add_argument(
        "--rule",
        action="append",
        default=[],
        metavar="NAME=VALUE",
        help=f"set a Tóncc rules flag ({names}), e.g. --rule compass=d6; repeatable",
    )


def _flag_names() -> list[str]:
    return [f.name for f in attrs.fields(TonccRules)]


def rules_of(items: list[str]) -> TonccRules:
    """The rules of ``--rule NAME=VALUE`` items; :class:`CliError` naming the bad one.

    >>> rules_of(["compass=d6"])
    TonccRules(compass=Compass.D6)
    """
    flags: dict[str, str] = {}
    for item in items:
        name, sep, value = item.partition("=")
        if not sep:
            raise CliError(f"--rule {item!r}: expected NAME=VALUE")
        flags[name.strip().replace("-", "_")] = value.strip()
    try:
        return TonccRules(**flags)
    except TongiakiError as exc:
        raise CliError(f"--rule: {exc}") from None


def parse_kings(text: str, option: str) -> tuple[King, ...]:
    """Kings named in ``text``: ``red,blue``, ``R,B``, ``all`` or ``none``.

    >>> parse_kings("r,blue", "--human")
    (<King.RED: 0>, <King.BLUE: 2>)
    """
    word = text.strip().lower()
    if word == "all":
        return KINGS
    if word == "none":
        return ()
    found: list[King] = []
    for part in word.split(","):
        name = part.strip()
        match = [k for k in KINGS if name in (k.name.lower(), k.name[0].lower())]
        if not match:
            raise CliError(f"{option}: {part!r} is not a King (red, yellow, blue, all or none)")
        if match[0] not in found:
            found.append(match[0])
    return tuple(sorted(found))


def parse_bots(text: str, option: str = "--bots") -> list[str]:
    """Bot names of a comma-separated list; :class:`CliError` for an unknown one."""
    names = [part.strip().lower() for part in text.split(",")]
    for name in names:
        if name not in BOT_NAMES:
            raise CliError(f"{option}: {name!r} is not a bot ({', '.join(BOT_NAMES)})")
    return names


def move_text(state: TonccState, king: King, move: Move) -> str:
    """``3 (NW)``: a Compass number and the direction it names under the rules."""
    direction = COMPASS_DIRECTIONS[state.rules.compass][move.number - 1]
    return f"{move.number} ({DIRECTION_NAMES[direction]})"


def tell_turn(before: TonccState, moves: dict[King, Move], report: TurnReport) -> list[str]:
    """What a turn did, in words: every move revealed, the conquests and contests, the end."""
    lines = []
    reveal = []
    for king in KINGS:
        landing = report.destinations[king.value]
        if king in moves and landing is not None:
            reveal.append(
                f"{king.name.title()} {move_text(before, king, moves[king])} -> {LABELS[landing]}"
            )
    lines.append("Revealed: " + ", ".join(reveal))
    for conquest in report.conquests:
        region = before.toncc_map.regions[conquest.region]
        what = f"{LABELS[conquest.cell]} ({colours_code(region)})"
        if len(conquest.contenders) > 1:
            names = " and ".join(k.name.title() for k in conquest.contenders)
            lines.append(
                f"  Contest on {what}: {names}; {conquest.king.name.title()} is strongest in "
                f"{region.background.name.lower()} and conquers it"
            )
        else:
            lines.append(f"  {conquest.king.name.title()} conquers {what}")
        lines.append(
            f"  {conquest.king.name.title()} seals its picture, "
            f"{position_name(conquest.region)}, on the Map"
        )
    if not report.conquests:
        lines.append("  No conquest this turn.")
    for king in report.finished:
        lines.append(f"  {king.name.title()} has placed his last seal and leaves the challenge.")
    if report.stalled:
        lines.append("  Three moves without a conquest: the challenge stalls.")
    return lines


def tell_draw(state: TonccState, who: dict[int, str] | None = None) -> str:
    """The colour draw in words: the King each player drew (``who[player]`` names him).

    >>> from tongiaki_rules.toncc import DrawColours, new_game
    >>> drawn = new_game().apply_chance(DrawColours((King.BLUE, King.RED, King.YELLOW)))
    >>> print(tell_draw(drawn, {0: "you", 1: "greedy", 2: "greedy"}))
    The colours are drawn:
      player 1 (you) plays Blue
      player 2 (greedy) plays Red
      player 3 (greedy) plays Yellow
    """
    how = "drawn" if state.rules.colour_draw is ColourDraw.DRAW else "fixed"
    lines = [f"The colours are {how}:"]
    for p in range(3):
        name = f" ({who[p]})" if who else ""
        lines.append(f"  player {p + 1}{name} plays {state.king_of(p).name.title()}")
    return "\n".join(lines)


def tell_challenge_end(state: TonccState) -> list[str]:
    """The last challenge's result, after a turn that ended it."""
    result = state.results[-1]
    k = len(state.results)
    scores = ", ".join(
        f"{king.name.title()} {result.kingdom_points[king.value]} + "
        f"{result.king_points[king.value]} = {result.scores[king.value]}"
        for king in KINGS
    )
    toncc = ", ".join(f"{king.name.title()} {result.toncc_points[king.value]}" for king in KINGS)
    return [
        f"Challenge {k} is over. Scores (Kingdoms + king points): {scores}.",
        f"Tóncc points: {toncc}.",
    ]


def add_play_parser(sub: Any) -> None:
    """Register ``tongiaki toncc play``."""
    parser = sub.add_parser(
        "play",
        help="play Tóncc at the terminal against bots or friends",
        description="Play a game of Tóncc. The players draw their colours, then each "
        "turn every King picks a Compass number 1 to 6 in secret; all moves are "
        "revealed together.",
        epilog="Exit status: 0 when the game is over or after quit, 1 if the input ends "
        "before the game does, 2 for bad arguments.",
    )
    parser.add_argument(
        "--humans",
        type=int,
        choices=range(4),
        default=None,
        metavar="N",
        help="players at this terminal, 0 to 3 (default 1; 2 or 3 is hot-seat); "
        "each draws his King",
    )
    parser.add_argument(
        "--human",
        default=None,
        metavar="KINGS",
        help="choose the Kings played here instead of drawing them: red, yellow, blue "
        "(or R, Y, B), comma-separated, 'all' or 'none' (the colours are then fixed: "
        "player 1 Red, 2 Yellow, 3 Blue)",
    )
    parser.add_argument(
        "--bots",
        default="greedy",
        metavar="LIST",
        help=f"bots for the other players in order, repeated as needed "
        f"({', '.join(BOT_NAMES)}; default greedy)",
    )
    parser.add_argument("--seed", type=int, default=None, help="seed of the draws and bots")
    parser.add_argument(
        "--record",
        metavar="FILE",
        help="write the game record (JSON) to FILE when the program ends, finished or not",
    )
    parser.add_argument(
        "--resume",
        metavar="RECORD",
        help="go on with the game of RECORD (a Tóncc record, as --record writes), with its "
        "rules, colours and seed",
    )
    add_rules_option(parser)
    parser.set_defaults(run=run_play)


def _seats(args: argparse.Namespace, rules: TonccRules) -> tuple[tuple[int, ...], TonccRules]:
    """The players at this terminal and the rules (``--human`` fixes the colours)."""
    if args.human is not None and args.humans is not None:
        raise CliError("--human and --humans: give one (--human chooses Kings, --humans counts)")
    if args.human is None:
        count = 1 if args.humans is None else args.humans
        return tuple(range(count)), rules
    kings = parse_kings(args.human, "--human")
    named = {item.partition("=")[0].strip().replace("-", "_") for item in args.rule}
    if rules.colour_draw is not ColourDraw.FIXED:
        if "colour_draw" in named or args.resume is not None:
            raise CliError(
                "--human: choosing Kings needs fixed colours; the colours here are drawn "
                "(use --humans N)"
            )
        rules = attrs.evolve(rules, colour_draw=ColourDraw.FIXED)
    return tuple(k.value for k in kings), rules


def _resumed(path: str, rules_given: bool) -> TonccRecord:
    if rules_given:
        raise CliError("--rule: a resumed game keeps the rules of its record")
    if path == "-":
        raise CliError("--resume: standard input holds the game's answers; give a file name")
    try:
        record = TonccRecord.from_json(read_text(path))
    except TongiakiError as exc:
        raise CliError(f"--resume {path}: not a valid Tóncc record: {exc}") from None
    if record.replay().is_terminal:
        raise CliError(f"--resume {path}: that game is over; replay it with tongiaki toncc replay")
    return record


def run_play(args: argparse.Namespace) -> int:
    """Play one game; 0 at its end or on ``quit``, 1 if the input ends first."""
    names = parse_bots(args.bots)
    if args.record is not None:
        if args.record == "-":
            raise CliError("--record: the game is told on standard output; give a file name")
        if not Path(args.record).parent.is_dir() or Path(args.record).is_dir():
            raise CliError(f"--record {args.record}: not a file in an existing folder")
    record = None if args.resume is None else _resumed(args.resume, bool(args.rule))
    rules = rules_of(args.rule) if record is None else record.rules
    humans, rules = _seats(args, rules)
    if record is None:
        seed = args.seed if args.seed is not None else random.SystemRandom().randrange(10**6)
        recorder = TonccRecorder(rules, metadata={"seed": str(seed)})
    else:
        seed = args.seed if args.seed is not None else _record_seed(record)
        recorder = TonccRecorder.resume(record)
    bots = {
        player: make_bot(names[i % len(names)], seed * 3 + player)
        for i, player in enumerate(p for p in range(3) if p not in humans)
    }
    who = ", ".join(
        f"player {p + 1} ({'human' if p in humans else bots[p].name})" for p in range(3)
    )
    print(f"At the table: {who}; seed {seed}")
    if record is not None:
        state = recorder.state
        print(
            f"Resumed from {args.resume}: challenge {state.challenge + 1}, turn {state.turn + 1}."
        )
    if humans:
        print("Type help for the commands.")
    steps = 0 if record is None else len(record.states())
    game = _Game(recorder, humans, bots, random.Random(f"{seed}/{steps}"))
    try:
        status = game.play()
    finally:
        if args.record is not None:
            write_text(args.record, recorder.record.to_json(indent=2) + "\n")
    if args.record is not None:
        print(f"Game record written to {args.record}")
    return status


def _record_seed(record: TonccRecord) -> int:
    try:
        return int(record.metadata.get("seed", "0"))
    except ValueError:
        return 0


class _Game:
    """One game at the terminal: the recorder, the players, the conversation."""

    def __init__(
        self,
        recorder: TonccRecorder,
        humans: tuple[int, ...],
        bots: dict[int, Bot],
        rng: random.Random,
    ) -> None:
        self.recorder = recorder
        self.humans = humans
        self.bots = bots
        self.rng = rng
        self.hidden = len(humans) > 1
        self.shown_legend = False
        if recorder.state.seating is not None:
            self.tell_seating()

    def who(self, player: int) -> str:
        if player in self.bots:
            return self.bots[player].name
        return "you" if len(self.humans) == 1 else "human"

    def tell_seating(self) -> None:
        print(tell_draw(self.recorder.state, {p: self.who(p) for p in range(3)}))

    def play(self) -> int:
        while not self.recorder.state.is_terminal:
            if self.recorder.state.is_chance:
                drawing = self.recorder.state.is_colour_draw
                self.recorder.shuffle(self.rng)
                if drawing:
                    self.tell_seating()
                state = self.recorder.state
                print(f"\n== Challenge {state.challenge + 1} of 3: the regions are shuffled ==")
            state = self.recorder.state
            moves: dict[King, Move] = {}
            humans = [k for k in state.active_kings if state.player_of(k) in self.humans]
            if humans:
                print()
                print(board_text(state, legend=not self.shown_legend))
                print(destinations_text(state))
                self.shown_legend = True
            for king in humans:
                move = self.ask_move(king)
                if move is None:
                    print(
                        f"Game stopped in challenge {state.challenge + 1}, turn {state.turn + 1}."
                    )
                    return 0
                if isinstance(move, str):
                    print(
                        "tongiaki toncc play: the input ended before the game did", file=sys.stderr
                    )
                    return STATUS_INPUT_ENDED
                moves[king] = move
            for king in state.active_kings:
                player = state.player_of(king)
                if player in self.bots:
                    moves[king] = self.bots[player].choose(state, king)
            report = self.recorder.apply(moves)
            print(f"Turn {state.turn + 1}: " + "\n".join(tell_turn(state, moves, report)))
            if report.challenge_over:
                print("\n".join(tell_challenge_end(self.recorder.state)))
        print()
        print(render_text(self.recorder.state))
        return 0

    def ask_move(self, king: King) -> Move | str | None:
        """The human's move; ``None`` on quit, ``"ended"`` at the end of the input."""
        player = self.recorder.state.player_of(king)
        prompt = f"{king.name.title()} (player {player + 1}), your move (1-6)> "
        while True:
            line = self._read(prompt)
            if line is None:
                return "ended"
            text = line.strip().lower()
            if text in ("1", "2", "3", "4", "5", "6"):
                if self.hidden:
                    print(f"{king.name.title()} has chosen (hidden until all have).")
                return Move(int(text))
            if text in ("help", "?"):
                print(HELP)
            elif text == "board":
                print(board_text(self.recorder.state))
            elif text == "moves":
                print(destinations_text(self.recorder.state))
            elif text == "map":
                print(map_text(self.recorder.state))
                print(scores_text(self.recorder.state))
            elif text in ("quit", "exit"):
                return None
            else:
                print(f"{line.strip()!r} is not a move: type 1 to 6, or help")

    def _read(self, prompt: str) -> str | None:
        if self.hidden and sys.stdin.isatty():
            try:
                return getpass.getpass(prompt)
            except EOFError:
                return None
        return ask(prompt)
