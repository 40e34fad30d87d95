"""Tóncc's part of ``tongiaki play``: the board, the Compass numbers, the Kings at the table.

The game opens with the colour draw (TC-SETUP-4): each player, human or bot,
draws the King he plays (``--human`` chooses Kings instead, with no draw).
Each turn every King on the board picks a Compass number (1 to 6) in
secret: under the board a table shows, for every move number, the cell each
King would reach; the humans at the terminal type theirs (with several, each
choice is hidden until all have chosen, :mod:`._match`), then the bots'
choices are revealed with everybody's move, landing and conquests.
``board``, ``moves`` and ``map`` are Tóncc's commands. ``--resume FILE``
goes on with the game of a record.

>>> rules_of(["compass=d6"])
TonccRules(compass=Compass.D6)
"""

from __future__ import annotations

import argparse
import random
from collections.abc import Mapping

import attrs

from ..errors import TongiakiError
from ..games import TONCC, TonccPosition
from ..toncc import KINGS, ColourDraw, King, Move, TonccRules
from ..toncc._bots import BOT_NAMES, Bot, make_bot
from ..toncc._record import TonccRecord, TonccRecorder
from ..toncc._textview import board_text, destinations_text, map_text, render_text, scores_text
from ._common import CliError, read_text
from ._match import Reply, UnreadableAnswerError
from ._toncc_story import tell_challenge_end, tell_draw, tell_turn

__all__ = [
    "HELP",
    "TonccFront",
    "add_play_options",
    "add_rules_option",
    "parse_bots",
    "parse_kings",
    "rules_of",
    "toncc_front",
]

DEFAULT_BOTS = "greedy"
"""The bots of the players not at the terminal when ``--bots`` is not given."""

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


def add_play_options(parser: argparse.ArgumentParser, game: str = "") -> None:
    """``--humans N``: players at this terminal who draw their Kings (Tóncc only).

    ``game`` heads the help (``"Tóncc: "`` where the command plays both games).
    """
    parser.add_argument(
        "--humans",
        type=int,
        choices=range(4),
        default=None,
        metavar="N",
        help=f"{game}players at this terminal, 0 to 3 (default 1; 2 or 3 is hot-seat); "
        "each draws his King",
    )


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


def _record_seed(record: TonccRecord) -> int:
    try:
        return int(record.metadata.get("seed", "0"))
    except ValueError:
        return 0


def toncc_front(args: argparse.Namespace) -> TonccFront:
    """The game ``tongiaki play --game toncc`` was asked for: new, or ``--resume RECORD``."""
    names = parse_bots(DEFAULT_BOTS if args.bots is None else args.bots)
    record = None if args.resume is None else _resumed(args.resume, bool(args.rule))
    rules = rules_of(args.rule) if record is None else record.rules
    humans, rules = _seats(args, rules)
    if record is None:
        seed = args.seed if args.seed is not None else random.SystemRandom().randrange(10**6)
        recorder = TonccRecorder(rules, metadata={"seed": str(seed)})
        origin = None
    else:
        seed = args.seed if args.seed is not None else _record_seed(record)
        recorder = TonccRecorder.resume(record)
        state = recorder.state
        where = f"challenge {state.challenge + 1}, turn {state.turn + 1}"
        origin = f"Resumed from {args.resume}: {where}."
    bots = {
        player: make_bot(names[i % len(names)], seed * 3 + player)
        for i, player in enumerate(p for p in range(3) if p not in humans)
    }
    steps = 0 if record is None else len(record.states())
    return TonccFront(
        recorder, frozenset(humans), bots, seed, random.Random(f"{seed}/{steps}"), origin
    )


@attrs.define(slots=True)
class TonccFront:
    """Tóncc at the terminal: the recorder, the players, the board and the Compass numbers.

    >>> from tongiaki_rules.toncc._bots import make_bot
    >>> bots = {p: make_bot("greedy", p) for p in (1, 2)}
    >>> front = TonccFront(TonccRecorder(), frozenset({0}), bots, 1, random.Random(1))
    >>> front.seat_label(0), front.bot_name(0), front.bot_name(1)
    ('player 1', None, 'greedy')
    """

    recorder: TonccRecorder
    humans: frozenset[int]
    bots: dict[int, Bot]
    seed: int
    rng: random.Random
    resumed: str | None = None
    shown_legend: bool = False
    simultaneous: bool = attrs.field(default=TONCC.simultaneous, init=False)
    help_hint: str = attrs.field(default="Type help for the commands.", init=False)

    @property
    def position(self) -> TonccPosition:
        """The position now, under the game protocol."""
        return TonccPosition(self.recorder.state)

    def heading(self) -> None:
        """Nothing comes before the table line."""

    def seat_label(self, player: int) -> str:
        """``player 1``: players are counted from 1, as the rule sheet does."""
        return f"player {player + 1}"

    def bot_name(self, player: int) -> str | None:
        """The bot of ``player``, ``None`` for a human."""
        bot = self.bots.get(player)
        return None if bot is None else bot.name

    def origin(self) -> str | None:
        """``Resumed from FILE: challenge C, turn T.`` for a resumed game."""
        return self.resumed

    def start(self) -> None:
        """The colours, if a resumed game drew them already."""
        if self.recorder.state.seating is not None:
            self.tell_seating()

    def who(self, player: int) -> str:
        if player in self.bots:
            return self.bots[player].name
        return "you" if len(self.humans) == 1 else "human"

    def tell_seating(self) -> None:
        print(tell_draw(self.recorder.state, {p: self.who(p) for p in range(3)}))

    def chance(self) -> None:
        """Draw the colours if due, then shuffle the regions for the challenge."""
        drawing = self.recorder.state.is_colour_draw
        self.recorder.shuffle(self.rng)
        if drawing:
            self.tell_seating()
        state = self.recorder.state
        print(f"\n== Challenge {state.challenge + 1} of 3: the regions are shuffled ==")

    def bot_choice(self, player: int) -> Move:
        """The move of ``player``'s bot, chosen from the position alone."""
        state = self.recorder.state
        return self.bots[player].choose(state, state.king_of(player))

    def apply(self, choices: Mapping[int, Move]) -> None:
        """Every King's move at once, then the turn in words."""
        state = self.recorder.state
        moves = {state.king_of(player): move for player, move in choices.items()}
        report = self.recorder.apply(moves)
        print(f"Turn {state.turn + 1}: " + "\n".join(tell_turn(state, moves, report)))
        if report.challenge_over:
            print("\n".join(tell_challenge_end(self.recorder.state)))

    def show(self) -> None:
        """The board (its legend the first time) and where each move number leads."""
        state = self.recorder.state
        print()
        print(board_text(state, legend=not self.shown_legend))
        print(destinations_text(state))
        self.shown_legend = True

    def ask_order(self, players: list[int]) -> list[int]:
        """The humans are asked King by King (Red, Yellow, Blue), as the board lists them."""
        return sorted(players, key=lambda player: self.recorder.state.king_of(player).value)

    def prompt(self, player: int) -> str:
        """``Blue (player 1), your move (1-6)> ``."""
        return f"{self.chooser(player)} (player {player + 1}), your move (1-6)> "

    def chooser(self, player: int) -> str:
        """The colour of ``player``'s King."""
        return self.recorder.state.king_of(player).name.title()

    def help_text(self) -> str:
        """How to type a move, and the commands."""
        return HELP

    def command(self, word: str, rest: str) -> Reply | None:
        """``board``, ``moves`` and ``map``."""
        state = self.recorder.state
        if word == "board":
            print(board_text(state))
        elif word == "moves":
            print(destinations_text(state))
        elif word == "map":
            print(map_text(state))
            print(scores_text(state))
        else:
            return None
        return Reply.SHOWN

    def parse(self, text: str, player: int) -> Move:
        """A Compass number, 1 to 6."""
        if text in ("1", "2", "3", "4", "5", "6"):
            return Move(int(text))
        raise UnreadableAnswerError(
            f"{text!r} is not a move: type 1 to 6, or help",
            "That is not a move: type 1 to 6, or help",
        )

    def unsaved(self) -> bool:
        """False: ``quit`` never asks (``--record`` keeps the game)."""
        return False

    def record_text(self) -> str:
        """The game so far as a Tóncc record."""
        return self.recorder.record.to_json(indent=2) + "\n"

    def tell_stopped(self) -> None:
        state = self.recorder.state
        print(f"Game stopped in challenge {state.challenge + 1}, turn {state.turn + 1}.")

    def tell_input_ended(self) -> str:
        """Nothing more to say."""
        return ""

    def finish(self) -> None:
        """The final position: board, Map and scores."""
        print()
        print(render_text(self.recorder.state))
