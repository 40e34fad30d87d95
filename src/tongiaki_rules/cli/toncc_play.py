"""``tongiaki toncc play``: Tóncc at the terminal, and the words that tell a turn.

Each turn every King on the board picks a Compass number (1 to 6) in
secret: the humans at the terminal type theirs, then the bots' choices are
revealed with everybody's move, landing and conquests. With several humans
(hot-seat), a choice typed at a terminal is not echoed. ``help``, ``board``,
``map`` and ``quit`` are commands. The input may be piped: one line per
choice; if it ends before the game, the program stops with exit status 1.
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
from ..toncc import KINGS, King, Move, TonccRules, TonccState, TurnReport
from ..toncc.board import DIRECTION_NAMES, LABELS
from ..toncc.bots import BOT_NAMES, Bot, make_bot
from ..toncc.record import TonccRecorder
from ..toncc.regions import position_name
from ..toncc.rules import COMPASS_DIRECTIONS
from ..toncc.textview import board_text, colours_code, map_text, render_text, scores_text
from .common import CliError, ask, write_text

__all__ = ["add_play_parser", "rules_of", "run_play", "tell_challenge_end", "tell_turn"]

STATUS_INPUT_ENDED = 1
"""Exit status when the input ends before the game does."""

HELP = """\
Type the Compass number of your move, 1 to 6 (the Compass line above the
board says which direction each number is). Moving onto the Mind jumps over
it; moving off the board turns back along the same line. Commands:
  board   show the board again     map    show the Map and the scores
  help    this text                quit   stop the game here"""


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
        what = f"{LABELS[conquest.cell]} ({position_name(conquest.region)} {colours_code(region)})"
        if len(conquest.contenders) > 1:
            names = " and ".join(k.name.title() for k in conquest.contenders)
            lines.append(
                f"  Contest on {what}: {names}; {conquest.king.name.title()} is strongest in "
                f"{region.background.name.lower()} and conquers it"
            )
        else:
            lines.append(f"  {conquest.king.name.title()} conquers {what}")
        lines.append(
            f"  {conquest.king.name.title()} seals {position_name(conquest.region)} on the Map"
        )
    if not report.conquests:
        lines.append("  No conquest this turn.")
    for king in report.finished:
        lines.append(f"  {king.name.title()} has placed his last seal and leaves the challenge.")
    if report.stalled:
        lines.append("  Three moves without a conquest: the challenge stalls.")
    return lines


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
        description="Play a game of Tóncc. Each turn, every King picks a Compass number "
        "1 to 6 in secret; then all moves are revealed together.",
        epilog="Exit status: 0 when the game is over or after quit, 1 if the input ends "
        "before the game does, 2 for bad arguments.",
    )
    parser.add_argument(
        "--human",
        default="red",
        metavar="KINGS",
        help="Kings played at this terminal: red, yellow, blue (or R, Y, B), "
        "comma-separated, 'all' (hot-seat) or 'none' (watch bots); default red",
    )
    parser.add_argument(
        "--bots",
        default="greedy",
        metavar="LIST",
        help=f"bots for the other Kings in seat order, repeated as needed "
        f"({', '.join(BOT_NAMES)}; default greedy)",
    )
    parser.add_argument("--seed", type=int, default=None, help="seed of the shuffles and bots")
    parser.add_argument("--record", metavar="FILE", help="write the game record (JSON) to FILE")
    add_rules_option(parser)
    parser.set_defaults(run=run_play)


def run_play(args: argparse.Namespace) -> int:
    """Play one game; 0 at its end or on ``quit``, 1 if the input ends first."""
    humans = parse_kings(args.human, "--human")
    names = parse_bots(args.bots)
    rules = rules_of(args.rule)
    if args.record is not None:
        if args.record == "-":
            raise CliError("--record: the game is told on standard output; give a file name")
        if not Path(args.record).parent.is_dir() or Path(args.record).is_dir():
            raise CliError(f"--record {args.record}: not a file in an existing folder")
    seed = args.seed if args.seed is not None else random.SystemRandom().randrange(10**6)
    others = [k for k in KINGS if k not in humans]
    bots = {k: make_bot(names[i % len(names)], seed * 3 + k.value) for i, k in enumerate(others)}
    recorder = TonccRecorder(rules, metadata={"seed": str(seed)})
    game = _Game(recorder, bots, random.Random(seed), hidden=len(humans) > 1)
    print(
        "At the table: "
        + ", ".join(
            f"{k.name.title()} ({'human' if k not in bots else bots[k].name})" for k in KINGS
        )
        + f"; seed {seed}"
    )
    if humans:
        print("Type help for the commands.")
    try:
        status = game.play()
    finally:
        if args.record is not None:
            write_text(args.record, recorder.record.to_json(indent=2) + "\n")
    if args.record is not None:
        print(f"Game record written to {args.record}")
    return status


class _Game:
    """One game at the terminal: the recorder, the bots, the conversation."""

    def __init__(
        self, recorder: TonccRecorder, bots: dict[King, Bot], rng: random.Random, hidden: bool
    ) -> None:
        self.recorder = recorder
        self.bots = bots
        self.rng = rng
        self.hidden = hidden

    def play(self) -> int:
        while not self.recorder.state.is_terminal:
            if self.recorder.state.is_chance:
                self.recorder.shuffle(self.rng)
                state = self.recorder.state
                print(f"\n== Challenge {state.challenge + 1} of 3: the regions are shuffled ==")
            state = self.recorder.state
            moves: dict[King, Move] = {}
            humans = [k for k in state.active_kings if k not in self.bots]
            if humans:
                print()
                print(board_text(state))
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
                if king in self.bots:
                    moves[king] = self.bots[king].choose(state, king)
            report = self.recorder.apply(moves)
            print(f"Turn {state.turn + 1}: " + "\n".join(tell_turn(state, moves, report)))
            if report.challenge_over:
                print("\n".join(tell_challenge_end(self.recorder.state)))
        print()
        print(render_text(self.recorder.state))
        return 0

    def ask_move(self, king: King) -> Move | str | None:
        """The human's move; ``None`` on quit, ``"ended"`` at the end of the input."""
        prompt = f"{king.name.title()}, your move (1-6)> "
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
