"""The ``tongiaki play`` command: a game of either kind at the terminal, humans and bots mixed.

``--game`` chooses the game (Tongiaki by default, or Tóncc); the loop that
asks humans and bots for their moves is the same for both (:mod:`._match`),
and each game brings its own table, pictures and notation
(:mod:`._tongiaki_play`, :mod:`._toncc_play`). ``tongiaki toncc play`` is
``tongiaki play --game toncc`` under its older name, with Tóncc's options
only. The input may be piped: the program reads one line per answer and, if
the input ends before the game does, stops with exit status 1.

>>> from tongiaki_rules.cli import main
>>> main(["play", "--players", "2", "--human", "none", "--seed", "3"])  # doctest: +ELLIPSIS
Players: 2 -- seat 0 Blue, seat 1 Red; seat 0 (Blue) starts
...
Winner: seat ... points...
0
>>> main(["play", "--game", "toncc", "--human", "none", "--seed", "3"])  # doctest: +ELLIPSIS
At the table: player 1 (greedy), player 2 (greedy), player 3 (greedy); seed 3
...
0
"""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import Any, Final

from ..games import GAMES, TONCC, game_named
from ..toncc._bots import BOT_NAMES
from ._common import CliError, add_rules_options, write_text
from ._console import MapOptions, add_map_options
from ._language import add_language_option, choose, tr
from ._match import GameFront, play_match
from ._svgdir import SvgFolder, add_svg_dir_option
from ._table import set_table
from ._toncc_play import add_play_options, add_rules_option, toncc_front
from ._tongiaki_play import BOARD_MODES, TongiakiFront

__all__ = ["add_parser", "add_toncc_alias", "run"]

_EPILOG: Final = (
    "Exit status: 0 when the game is over or after quit, 1 if the input "
    "ends before the game does, 2 for bad arguments."
)

_TONGIAKI_ONLY: Final = (
    ("--start-player", "start_player", None),
    ("--from", "position", None),
    ("--board", "board", "changes"),
    ("--coords", "coords", True),
    ("--width", "width", None),
    ("--svg-dir", "svg_dir", None),
    ("--rody", "rody", False),
    ("--two-colour", "two_colour", False),
    ("--lang", "lang", None),
)
"""The options ``--game toncc`` refuses: (option, its ``args`` name, its default)."""


def add_parser(sub: Any) -> None:
    """Register ``tongiaki play``."""
    parser = sub.add_parser(
        "play",
        help="play a game in the terminal, against bots or friends",
        description="Play a game of Tongiaki (or, with --game toncc, of Tóncc) in the "
        "terminal. Humans answer each decision "
        "with the number of an action or the action in the text notation; bots play "
        "the other seats. Type help during the game for the commands.",
        epilog=_EPILOG,
    )
    parser.add_argument(
        "--game",
        choices=[game.name for game in GAMES],
        default="tongiaki",
        help="the game: tongiaki (default) or toncc; with toncc, --human names Kings "
        "(red, yellow, blue), --humans N counts players who draw theirs, --bots are "
        f"Tóncc's ({', '.join(BOT_NAMES)}; default greedy) and --rule sets Tóncc's flags "
        "(e.g. compass=d6); the Tongiaki-only options are refused",
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
    add_play_options(parser, "Tóncc: ")
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
    _add_record_option(parser)
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


def add_toncc_alias(sub: Any) -> None:
    """Register ``tongiaki toncc play``: ``tongiaki play --game toncc`` with Tóncc's options."""
    parser = sub.add_parser(
        "play",
        help="play Tóncc at the terminal against bots or friends",
        description="Play a game of Tóncc. The players draw their colours, then each "
        "turn every King picks a Compass number 1 to 6 in secret; all moves are "
        "revealed together.",
        epilog=_EPILOG,
    )
    add_play_options(parser)
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
        default=None,
        metavar="LIST",
        help=f"bots for the other players in order, repeated as needed "
        f"({', '.join(BOT_NAMES)}; default greedy)",
    )
    parser.add_argument("--seed", type=int, default=None, help="seed of the draws and bots")
    _add_record_option(parser)
    parser.add_argument(
        "--resume",
        metavar="RECORD",
        help="go on with the game of RECORD (a Tóncc record, as --record writes), with its "
        "rules, colours and seed",
    )
    add_rules_option(parser)
    parser.set_defaults(run=run, game=TONCC.name)


def _add_record_option(parser: argparse.ArgumentParser) -> None:
    """``--record FILE``, for either game."""
    parser.add_argument(
        "--record",
        metavar="FILE",
        help="write the game record (JSON) to FILE when the program ends, finished or not",
    )


def run(args: argparse.Namespace) -> int:
    """Play the game; 0 when it ends or on ``quit``, 1 if the input ends first."""
    game = game_named(args.game)
    _check_record(args.record)
    front = _toncc(args) if game is TONCC else _tongiaki(args)
    command = "tongiaki toncc play" if args.command == "toncc" else "tongiaki play"
    try:
        status = play_match(front, command)
    finally:  # the game so far is kept, whatever stopped it (Ctrl-C, a bot failing)
        if args.record is not None:
            write_text(args.record, front.record_text())
    if args.record is not None:
        print(tr().gettext("Game record written to {file}").format(file=args.record))
    return status


def _check_record(path: str | None) -> None:
    """``--record FILE`` must name a file in a folder that is there (checked before playing)."""
    if path == "-":
        raise CliError("--record: the game is told on standard output; give a file name")
    if path is not None:
        folder = Path(path).parent
        if not folder.is_dir():
            raise CliError(f"--record {path}: there is no folder {str(folder)!r}")
        if Path(path).is_dir():
            raise CliError(f"--record {path}: that is a folder; give a file name")


def _tongiaki(args: argparse.Namespace) -> GameFront:
    if args.humans is not None:
        raise CliError("--humans: a Tóncc option; --game tongiaki does not take it (use --human)")
    options = MapOptions.from_args(args)
    table = set_table(args)
    pictures = None if args.svg_dir is None else SvgFolder.open(args.svg_dir)
    return TongiakiFront(table, pictures, options, args.board, saved=args.record is not None)


def _toncc(args: argparse.Namespace) -> GameFront:
    for option, name, default in _TONGIAKI_ONLY:
        if getattr(args, name, default) != default:
            raise CliError(f"{option}: a Tongiaki option; --game toncc does not take it")
    players = getattr(args, "players", None)
    if players is not None and players not in TONCC.player_counts:
        raise CliError(f"--players: Tóncc is played by 3, not {players}")
    choose(argparse.Namespace(lang="en"))  # Tóncc is told in English, whatever the locale
    return toncc_front(args)
