"""``tongiaki replay``: a recorded game told move by move in the terminal.

Each move is printed as its number, who made it and the action in the text
notation, followed by what it did in words (:mod:`._story`); ``--board``
adds the board, as a hex map (:mod:`tongiaki_rules.textmap`), after each
move. ``--step`` waits after each move: Enter goes on, ``b`` goes back, a
number jumps to that move, ``q`` quits; when the input ends the rest is
printed without waiting. ``--svg-dir DIR`` writes an SVG of each position
shown to DIR (:mod:`._svgdir`), headed ``Move K of N`` as ``tongiaki render
--move K`` draws it. Every action of the record is checked before anything
is printed.

>>> import tempfile, pathlib
>>> from tongiaki_rules import GameRecord, SetupPlace
>>> from tongiaki_rules.cli import main
>>> folder = pathlib.Path(tempfile.mkdtemp())
>>> _ = (folder / "game.json").write_text(GameRecord(2, actions=[SetupPlace(3)]).to_json())
>>> main(["replay", str(folder / "game.json")])
Players: 2 -- seat 0 Blue, seat 1 Red; seat 0 (Blue) starts
Rules changed: none (defaults)
Move 1, seat 0 Blue: setup 3
Game not finished; scores so far: seat 0 Blue 0, seat 1 Red 0
0
"""

from __future__ import annotations

import argparse
from collections.abc import Sequence
from typing import Any

from .. import Action, GameRecord, GameState, Recorder, format_action, replay_states
from ..narration import Narrator
from ._common import CliError, ask, read_source
from ._console import MapOptions, action_hex, add_map_options, print_map
from ._language import add_language_option, current, tr
from ._render import move_title
from ._story import who_decides
from ._svgdir import SvgFolder, add_svg_dir_option

__all__ = ["add_parser", "move_text", "run"]

STEP_PROMPT = "[Enter] next, b back, NUMBER jump, q quit> "
"""The prompt of ``--step`` in English (it is shown in the players' language)."""


def add_parser(sub: Any) -> None:
    """Register ``tongiaki replay``."""
    parser = sub.add_parser(
        "replay",
        help="tell a recorded game move by move",
        description="Tell the game recorded in FILE (a game record JSON) move by move: "
        "who did what, what followed, and optionally the board after each move.",
    )
    parser.add_argument(
        "file",
        metavar="FILE",
        help="a game record JSON file, - for standard input; a state file or a position "
        "code (T1_...) is shown as a record with no moves",
    )
    parser.add_argument(
        "--from",
        dest="first",
        type=int,
        default=None,
        metavar="K",
        help="first move to show (moves are numbered from 1; default 1)",
    )
    parser.add_argument(
        "--to", dest="last", type=int, default=None, metavar="K", help="last move to show"
    )
    parser.add_argument(
        "--board",
        action=argparse.BooleanOptionalAction,
        default=None,
        help="show the board after each move (default: only with --step)",
    )
    parser.add_argument(
        "--step",
        action="store_true",
        help="wait after each move: Enter next, b back, a number jumps, q quits",
    )
    add_map_options(parser, coords=False)
    add_svg_dir_option(parser, "headed Move K of N, as with render --move K")
    add_language_option(parser)
    parser.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    """Tell the record; bad input raises :class:`CliError` (exit status 2)."""
    options = MapOptions.from_args(args)
    loaded = read_source(args.file)
    record = loaded if isinstance(loaded, GameRecord) else _record_from(loaded)
    total = len(record.actions)
    first = 1 if args.first is None else args.first
    last = total if args.last is None else args.last
    if total and not 1 <= first <= last <= total:
        raise CliError(
            f"--from {first} --to {last}: the record has moves 1 to {total} "
            "(and --from may not come after --to)"
        )
    states = list(replay_states(record))  # checks every action before printing
    narrator = Narrator(states[0], language=current())
    t = tr()
    told = [narrator.step(action) for action in record.actions]
    board = args.step if args.board is None else args.board
    pictures = None if args.svg_dir is None else SvgFolder.open(args.svg_dir)
    for line in narrator.header():
        print(line)
    if record.start is not None:
        print(
            t.gettext("The record starts from a position, not a new game ({who} to move)").format(
                who=who_decides(states[0])
            )
        )
    if record.metadata:
        metadata = ", ".join(f"{k}={v}" for k, v in record.metadata.items())
        print(t.gettext("Metadata: {items}").format(items=metadata))
    if pictures is not None:
        pictures.write(first - 1, states[first - 1], move_title(first - 1, total))
    if not total:
        print(t.gettext("The record has no moves."))
        if record.start is not None:  # a position given on its own: show it
            print_map(states[0], options=options)
        return 0
    if board:
        print(t.gettext("Position before move {move}:").format(move=first))
        print_map(states[first - 1], options=options)
    teller = _Teller(states, record.actions, told, board, pictures, options)
    if args.step:
        shown = teller.step_through(first, last)
    else:
        for move in range(first, last + 1):
            teller.tell(move)
        shown = last
    if shown == total:
        for line in narrator.footer():
            print(line)
    else:
        print(t.gettext("(stopped after move {move} of {total})").format(move=shown, total=total))
    return 0


def _record_from(state: GameState) -> GameRecord:
    """A single position as a record with no moves that starts from it (the board is shown)."""
    return Recorder.from_state(state).record


def move_text(before: GameState, action: Action, move: int) -> str:
    """``Move 12, seat 1 Red: expand 0,-1 0+2``: the number, who decided and the action.

    >>> from tongiaki_rules import SetupPlace, new_game
    >>> move_text(new_game(2), SetupPlace(3), 1)
    'Move 1, seat 0 Blue: setup 3'
    """
    return (
        tr()
        .gettext("Move {move}, {who}: {action}")
        .format(move=move, who=who_decides(before), action=format_action(action))
    )


class _Teller:
    """Prints the moves of a record, one at a time, in any order."""

    def __init__(
        self,
        states: Sequence[GameState],
        actions: Sequence[Action],
        told: Sequence[Sequence[str]],
        board: bool,
        pictures: SvgFolder | None = None,
        options: MapOptions | None = None,
    ) -> None:
        self.states = states
        self.actions = actions
        self.told = told
        """What the narrator said of each move."""
        self.board = board
        self.pictures = pictures
        """Where ``--svg-dir`` writes the picture of each position shown, if it was given."""
        self.options = MapOptions() if options is None else options

    def tell(self, move: int) -> None:
        k = move - 1
        print(move_text(self.states[k], self.actions[k], move))
        for line in self.told[k]:
            print("    " + line)
        if self.board:
            # a finished game's winner: told once, by the footer after the last move
            print_map(
                self.states[move],
                options=self.options,
                focus=action_hex(self.actions[k]),
                outcome=False,
            )
            print()
        if self.pictures is not None and move not in self.pictures.written:
            total = len(self.actions)
            self.pictures.write(move, self.states[move], move_title(move, total))

    def step_through(self, first: int, last: int) -> int:
        """Show one move at a time, waiting for the user; return the last move shown."""
        move = first
        self.tell(move)
        waiting = True
        while True:
            prompt = tr().gettext("[Enter] next, b back, NUMBER jump, q quit> ")
            answer = ask(prompt) if waiting else ""
            if answer is None:  # no more input: tell the rest without waiting
                waiting = False
                answer = ""
            text = answer.strip().lower()
            if text == "":
                if move == last:
                    return move
                move += 1
            elif text == "q":
                return move
            elif text == "b":
                if move == first:
                    print(tr().gettext("Move {move} is the first one shown.").format(move=first))
                    continue
                move -= 1
            elif text.isdigit() and first <= int(text) <= last:
                move = int(text)
            else:
                print(
                    tr()
                    .gettext(
                        "Press Enter for the next move, b to go back, q to quit, "
                        "or type a move number from {first} to {last}."
                    )
                    .format(first=first, last=last)
                )
                continue
            self.tell(move)
