"""The ``tongiaki`` command: ``play``, ``simulate``, ``render``, ``replay``, ``serve``, ``toncc``.

``tongiaki`` (installed with the package) and ``python -m tongiaki_rules``
are the same program. Whatever goes wrong, the command says so in one line
on stderr, never with a traceback:

* bad input (arguments, files that cannot be read or written, a record that
  does not load) gives ``tongiaki COMMAND: error: ...`` and exit status 2;
* Ctrl-C gives ``tongiaki COMMAND: interrupted`` and exit status 130, at any
  moment, start-up included;
* a reader that stops early (``tongiaki simulate | head -1``) ends the
  command quietly.

Text that cannot be encoded (a lone surrogate in a record's metadata or in
the input) is shown escaped (``\\ud800``) instead of stopping the program,
and every file the command writes is written whole or not at all
(:func:`tongiaki_rules._atomic.write_text_atomic`).

>>> main(["render", "no-such-file.json"])
2
"""

from __future__ import annotations

import argparse
import contextlib
import os
import sys
from collections.abc import Iterator, Sequence
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from ._common import Parser

__all__ = ["STATUS_BAD_INPUT", "STATUS_INTERRUPTED", "main"]

STATUS_BAD_INPUT = 2
"""Exit status for bad input of any kind (and for an unexpected failure)."""
STATUS_INTERRUPTED = 130
"""Exit status after Ctrl-C (128 + SIGINT, as shells report it)."""

_COMMANDS = ("play", "simulate", "render", "replay", "serve", "toncc")


def _parser() -> tuple[Parser, dict[str, Parser]]:
    """The ``tongiaki`` parser and its subcommands' parsers by name."""
    from .. import __version__
    from . import _play, _render, _replay, _serve, _simulate, _toncc
    from ._common import Parser

    parser = Parser(
        prog="tongiaki",
        description="Play, simulate, render, replay and serve games of Tongiaki "
        "(and of Tóncc: tongiaki toncc --help).",
    )
    parser.add_argument("--version", action="version", version=f"tongiaki {__version__}")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND", parser_class=Parser)
    for module in (_play, _simulate, _render, _replay, _serve, _toncc):
        module.add_parser(sub)
    return parser, sub.choices


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; return the exit status (bad input gives 2, Ctrl-C 130)."""
    where = ["tongiaki"]  # the command, once it is known, for the messages
    try:
        with _forgiving_streams():
            return _dispatch(argv, where)
    except KeyboardInterrupt:
        _tell(f"{where[0]}: interrupted")
        return STATUS_INTERRUPTED
    except BrokenPipeError:  # e.g. piped into `head`: stop quietly
        _silence_stdout()
        return 0


def _dispatch(argv: Sequence[str] | None, where: list[str]) -> int:
    """Parse the arguments and run the command, turning every failure into one line."""
    from ..bots import BotFailedError, MatchTooLongError
    from ..errors import TongiakiError
    from . import _language as language
    from ._common import CliError

    parser, commands = _parser()
    args, unknown = parser.parse_known_args(list(argv) if argv is not None else None)
    if unknown:  # reported by the subcommand, whose --help lists what it takes
        target = parser if args.command is None else commands[args.command]
        target.error(f"unrecognized arguments: {' '.join(unknown)}")
    if args.command is None:
        parser.error(f"choose a command: {', '.join(_COMMANDS)}")
    where[0] = f"tongiaki {args.command}"
    try:
        language.choose(args)
        status: int = args.run(args)
        sys.stdout.flush()
    except (CliError, TongiakiError) as exc:
        return _fail(where[0], "error", str(exc))
    except (MatchTooLongError, BotFailedError) as exc:  # a bot failing, not bad input
        _tell(f"{where[0]}: stopped: {_one_line(str(exc))}")
        return 1
    except BrokenPipeError:
        raise
    except OSError as exc:  # standard input or output failing (a full disk, EIO)
        return _fail(where[0], "error", f"{exc.strerror or exc}")
    except (KeyboardInterrupt, SystemExit):
        raise
    except Exception as exc:  # a bug: still one line, so scripts can rely on the format
        what = f"unexpected {type(exc).__name__}: {exc} (please report this)"
        return _fail(where[0], "error", what)
    finally:
        language.choose(argparse.Namespace(lang="en"))  # the next command chooses again
    return status


def _fail(where: str, kind: str, message: str) -> int:
    _tell(f"{where}: {kind}: {_one_line(message)}")
    return STATUS_BAD_INPUT


def _one_line(message: str) -> str:
    return " ".join(message.split())


def _tell(line: str) -> None:
    """Write ``line`` to stderr, whatever it holds and whatever state stderr is in.

    A program reading stderr gets the one line; on a terminal, a line wider
    than the terminal is broken between words (the next lines indented), so
    that the terminal does not break it in the middle of one.
    """
    with contextlib.suppress(OSError, ValueError):
        text = line.encode("utf-8", "backslashreplace").decode("utf-8")
        sys.stderr.write(_wrapped_for(sys.stderr, text) + "\n")
        sys.stderr.flush()


def _wrapped_for(stream: Any, line: str) -> str:
    """``line`` as is, or broken between words if ``stream`` is a terminal too narrow for it."""
    try:
        if not stream.isatty():
            return line
        asked = os.environ.get("COLUMNS", "")
        # as shutil.get_terminal_size: COLUMNS, when set, says the width
        columns = int(asked) if asked.isdigit() else os.get_terminal_size(stream.fileno()).columns
    except (AttributeError, OSError, ValueError):
        return line
    if len(line) <= columns or columns < 20:
        return line
    import textwrap

    return textwrap.fill(
        line, columns, subsequent_indent="    ", break_long_words=False, break_on_hyphens=False
    )


def _silence_stdout() -> None:
    """Point stdout at /dev/null so that flushing it at exit raises nothing more."""
    with contextlib.suppress(OSError, ValueError, AttributeError):
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        os.close(devnull)


@contextlib.contextmanager
def _forgiving_streams() -> Iterator[None]:
    """Standard output escapes what it cannot encode; standard input never fails to decode.

    Bytes of the input that are not UTF-8 come through as lone surrogates
    (which the notation then refuses, in words); anything printed that
    cannot be encoded is shown as a backslash escape. The streams are put
    back as they were afterwards.
    """
    changed = []
    for stream, errors in ((sys.stdout, "backslashreplace"), (sys.stdin, "surrogateescape")):
        before = getattr(stream, "errors", None)
        reconfigure = getattr(stream, "reconfigure", None)
        if reconfigure is None or before is None or before == errors:
            continue
        with contextlib.suppress(ValueError, OSError):
            reconfigure(errors=errors)
            changed.append((reconfigure, before))
    try:
        yield
    finally:
        for reconfigure, before in changed:
            with contextlib.suppress(ValueError, OSError):
                reconfigure(errors=before)
