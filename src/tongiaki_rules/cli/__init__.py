"""The ``tongiaki`` command: ``play``, ``simulate``, ``render`` and ``replay``.

``tongiaki`` (installed with the package) and ``python -m tongiaki_rules``
are the same program. Every subcommand turns bad input into one line on
stderr and exit status 2.

>>> main(["render", "no-such-file.json"])
2
"""

from __future__ import annotations

import os
import sys
from collections.abc import Sequence

from .. import __version__
from ..bots import MatchTooLongError
from ..errors import TongiakiError
from .common import CliError, Parser

__all__ = ["main"]

_COMMANDS = ("play", "simulate", "render", "replay")


def _parser() -> tuple[Parser, dict[str, Parser]]:
    """The ``tongiaki`` parser and its subcommands' parsers by name."""
    from . import play, render, replay, simulate

    parser = Parser(
        prog="tongiaki",
        description="Play, simulate, render and replay games of Tongiaki.",
    )
    parser.add_argument("--version", action="version", version=f"tongiaki {__version__}")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND", parser_class=Parser)
    for module in (play, simulate, render, replay):
        module.add_parser(sub)
    return parser, sub.choices


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; return the exit status (bad input gives 2)."""
    parser, commands = _parser()
    args, unknown = parser.parse_known_args(list(argv) if argv is not None else None)
    if unknown:  # reported by the subcommand, whose --help lists what it takes
        target = parser if args.command is None else commands[args.command]
        target.error(f"unrecognized arguments: {' '.join(unknown)}")
    if args.command is None:
        parser.error(f"choose a command: {', '.join(_COMMANDS)}")
    status = 0
    try:
        status = args.run(args)
        sys.stdout.flush()
    except (CliError, TongiakiError) as exc:
        message = " ".join(str(exc).split())
        print(f"tongiaki {args.command}: error: {message}", file=sys.stderr)
        return 2
    except MatchTooLongError as exc:  # a bot going round in circles, not bad input
        print(f"tongiaki {args.command}: stopped: {exc}", file=sys.stderr)
        return 1
    except KeyboardInterrupt:
        print(f"tongiaki {args.command}: interrupted", file=sys.stderr)
        return 130
    except BrokenPipeError:  # e.g. piped into `head`
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
    return status
