"""What every ``tongiaki`` subcommand shares: one-line errors, rules options, file reading.

Any problem with the user's input is raised as :class:`CliError`; the
dispatcher prints it as ``tongiaki <command>: error: <message>`` on one line
and exits with status 2.
"""

from __future__ import annotations

import argparse
import enum
import getpass
import re
import sys
from collections.abc import Callable
from pathlib import Path
from typing import NoReturn

import attrs

from .._atomic import write_text_atomic
from .._state import GameState
from ..errors import TongiakiError
from ..record import GameRecord, state_from_json
from ..rules import Rules

_CODE_TAG = re.compile(r"T\d+_")
"""How a position code starts: its format tag, then ``_``."""

__all__ = [
    "MAX_INPUT_BYTES",
    "CliError",
    "Parser",
    "add_rules_options",
    "ask",
    "is_file_name",
    "load_record_or_state",
    "parse_document",
    "read_position",
    "read_record",
    "read_source",
    "read_text",
    "rules_from_args",
    "shown_text",
    "whole_number",
    "write_text",
]


MAX_INPUT_BYTES = 64 * 2**20
"""The largest state or record file the commands read (64 MiB)."""


class CliError(Exception):
    """Bad input to a command: printed as one line, exit status 2."""


class Parser(argparse.ArgumentParser):
    """An argument parser whose errors are a single line on stderr (exit status 2)."""

    def error(self, message: str) -> NoReturn:
        self.exit(2, f"{self.prog}: error: {message} (try --help)\n")


def whole_number(low: int, high: int | None = None) -> Callable[[str], int]:
    """An argparse ``type``: a whole number from ``low`` (to ``high``, when given).

    >>> whole_number(1, 6)("4")
    4
    >>> whole_number(1)("0")
    Traceback (most recent call last):
    ...
    argparse.ArgumentTypeError: must be 1 or more, not 0
    """

    def convert(text: str) -> int:
        try:
            value = int(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"{text!r} is not a whole number") from None
        if high is None and value < low:
            raise argparse.ArgumentTypeError(f"must be {low} or more, not {value}")
        if high is not None and not low <= value <= high:
            raise argparse.ArgumentTypeError(f"must be {low} to {high}, not {value}")
        return value

    return convert


def _rule_names() -> list[str]:
    return [f.name for f in attrs.fields(Rules)]


def add_rules_options(parser: argparse.ArgumentParser) -> None:
    """``--rule NAME=VALUE`` (repeatable), ``--rody`` and ``--two-colour``."""
    group = parser.add_argument_group("rules")
    group.add_argument(
        "--rule",
        action="append",
        default=[],
        metavar="NAME=VALUE",
        help="set a rules flag, e.g. --rule failure_ends_turn=true "
        "(see docs: the rules as implemented); repeatable",
    )
    group.add_argument(
        "--rody",
        action="store_true",
        help="Rody variant: after a voyage's first tile, tiles are turned by choice",
    )
    group.add_argument(
        "--two-colour",
        action="store_true",
        help="two-player variant where each player runs two colours (needs 2 players)",
    )


def _flag_value(name: str, text: str, default: object) -> object:
    if isinstance(default, bool):
        lowered = text.strip().lower()
        if lowered in ("true", "yes", "on", "1"):
            return True
        if lowered in ("false", "no", "off", "0"):
            return False
        raise CliError(f"--rule {name}: {text!r} is not true or false")
    if isinstance(default, enum.Enum):
        return text.strip()
    raise CliError(f"--rule {name}: flags of type {type(default).__name__} are not supported")


def rules_from_args(args: argparse.Namespace, num_players: int | None = None) -> Rules:
    """The :class:`Rules` chosen by ``--rule``, ``--rody`` and ``--two-colour``.

    >>> ns = argparse.Namespace(rule=["failure_ends_turn=yes"], rody=True, two_colour=False)
    >>> rules_from_args(ns).changed()
    {'failure_ends_turn': True, 'variant_rody': True}
    """
    defaults = Rules()
    names = _rule_names()
    values: dict[str, object] = {}
    for item in args.rule:
        name, sep, text = item.partition("=")
        name = name.strip().replace("-", "_")
        if not sep:
            raise CliError(f"--rule {item!r}: expected NAME=VALUE")
        if name not in names:
            raise CliError(f"--rule: unknown rules flag {name!r}")
        values[name] = _flag_value(name, text, getattr(defaults, name))
    if args.rody:
        values["variant_rody"] = True
    if args.two_colour:
        values["variant_two_player_double_colour"] = True
    if (
        values.get("variant_two_player_double_colour")
        and num_players is not None
        and num_players != 2
    ):
        raise CliError("the two-colour variant needs exactly 2 players")
    try:
        return Rules(**values)  # type: ignore[arg-type]
    except TongiakiError as exc:
        raise CliError(f"--rule: {exc}") from None


def ask(prompt: str, *, hidden: bool = False) -> str | None:
    """One line typed by the user after ``prompt``, or ``None`` at the end of the input.

    Typed at a terminal, the line can be edited as usual. When the input is
    piped, the line read is written to standard output after the prompt, so
    the output reads as the conversation it was. A ``hidden`` line (a secret
    choice, with other players at the terminal) is never shown: not echoed
    as it is typed, not written back when piped.

    >>> import io
    >>> saved, sys.stdin = sys.stdin, io.StringIO("setup 3\\n")
    >>> ask("> ")
    > setup 3
    'setup 3'
    >>> sys.stdin = saved
    """
    if sys.stdin.isatty():
        try:
            return getpass.getpass(prompt) if hidden else input(prompt)
        except EOFError:
            print()
            return None
    sys.stdout.write(prompt)
    sys.stdout.flush()
    line = sys.stdin.readline()
    if not line:
        sys.stdout.write("\n")
        sys.stdout.flush()
        return None
    text = line.rstrip("\r\n")
    sys.stdout.write(("" if hidden else text) + "\n")
    sys.stdout.flush()
    return text


def read_text(path: str) -> str:
    """The text of ``path`` (``-`` for standard input), or a :class:`CliError`.

    The file must be UTF-8; a missing file, a folder, a file that cannot be
    read are each told in one line.

    >>> read_text("/")
    Traceback (most recent call last):
    ...
    tongiaki_rules.cli._common.CliError: cannot read /: Is a directory
    """
    try:
        data = _read_stdin() if path == "-" else _read_file(path)
        if len(data) > MAX_INPUT_BYTES:
            raise CliError(
                f"cannot read {shown_text(path)}: larger than {MAX_INPUT_BYTES:,} bytes, "
                "far more than any game record"
            )
        return data.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise CliError(f"cannot read {shown_text(path)}: not UTF-8 text ({exc.reason})") from None
    except OSError as exc:
        raise CliError(f"cannot read {shown_text(path)}: {exc.strerror or exc}") from None


def _read_file(path: str) -> bytes:
    with Path(path).open("rb") as file:
        return file.read(MAX_INPUT_BYTES + 1)  # /dev/zero or a huge file: stop early


def _read_stdin() -> bytes:
    buffer = getattr(sys.stdin, "buffer", None)
    if buffer is None:  # a text stream without bytes underneath (io.StringIO)
        return sys.stdin.read(MAX_INPUT_BYTES + 1).encode("utf-8", "surrogatepass")
    data: bytes = buffer.read(MAX_INPUT_BYTES + 1)
    return data


def write_text(path: str, text: str) -> None:
    """Write ``text`` to ``path`` (``-``: standard output) whole or not at all.

    Failures raise :class:`CliError`.

    A file is replaced atomically
    (:func:`~tongiaki_rules._atomic.write_text_atomic`): when the write fails
    or is interrupted, the file that was there is left exactly as it was.

    >>> write_text("/no-such-folder/game.json", "{}")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    tongiaki_rules.cli._common.CliError: cannot write /no-such-folder/game.json: No such file ...
    """
    if path == "-":
        sys.stdout.write(text)
        return
    try:
        write_text_atomic(path, text)
    except UnicodeEncodeError:
        raise CliError(
            f"cannot write {shown_text(path)}: the text holds a character that is not valid "
            "(a lone surrogate)"
        ) from None
    except OSError as exc:
        raise CliError(f"cannot write {shown_text(path)}: {exc.strerror or exc}") from None


SHOWN_LENGTH = 240
"""The longest file name or code a message shows whole; a longer one is cut in the middle."""


def shown_text(path: str) -> str:
    """A file name or code for a message: undecodable bytes escaped, a long one shortened.

    >>> shown_text("T1_" + "a" * 400)  # doctest: +ELLIPSIS
    'T1_aaa...aaa (403 characters)'
    """
    text = path.encode("utf-8", "backslashreplace").decode("utf-8")
    if len(text) <= SHOWN_LENGTH:
        return text
    return f"{text[:40]}...{text[-20:]} ({len(text)} characters)"


def load_record_or_state(path: str) -> GameRecord | GameState:
    """Read a game record or a state from a JSON file, telling which by its ``schema``.

    A record that starts from a position holds a state document too: it is
    told by its own ``"tongiaki-record"``.
    """
    return parse_document(read_text(path), path)


def parse_document(text: str, name: str) -> GameRecord | GameState:
    """The record or state that the JSON ``text`` (read from ``name``) holds.

    What is wrong with it is a :class:`CliError`.


    >>> parse_document(GameRecord(2).to_json(), "-").num_players
    2
    """
    if '"tongiaki-state"' in text and '"tongiaki-record"' not in text:
        try:
            return state_from_json(text)
        except TongiakiError as exc:
            raise CliError(f"{shown_text(name)} is not a valid state: {exc}") from None
    try:
        return GameRecord.from_json(text)
    except TongiakiError as exc:
        raise CliError(f"{shown_text(name)} is not a valid game record: {exc}") from None


def is_file_name(arg: str) -> bool:
    """Whether ``arg`` names something on disk; never raises.

    A text too long to be a file name (a position code of 600 characters),
    one holding a NUL character or one the system refuses to look up is
    not a file name: it is then read as a position code.

    >>> is_file_name("/"), is_file_name("T1_" + "x" * 5000), is_file_name("a" + chr(0))
    (True, False, False)
    """
    try:
        return Path(arg).exists()
    except (OSError, ValueError):
        return False


def read_source(arg: str, option: str = "FILE") -> GameRecord | GameState:
    """What ``arg`` gives: a state or record JSON file, a position code, or ``-`` for stdin.

    An existing file is read as JSON; ``-`` reads standard input, which
    may hold a position code or a JSON document; anything else is read as
    a position code of any length the code reader allows
    (:data:`~tongiaki_rules.position_code.MAX_CODE_LENGTH`). Telling a
    file from a code never raises: only reading it may, as a
    :class:`CliError`.

    >>> read_source("T1_20_sB_to000").num_players
    2
    """
    if arg == "-":
        text = read_text("-")
        stripped = text.strip()
        if not stripped:
            raise CliError(
                f"{option} -: standard input holds nothing; give a position code, "
                "or a state or game record JSON"
            )
        if stripped.startswith("{"):
            return _for(option, "-", lambda: parse_document(text, "standard input"))
        return read_position_code(stripped, option)
    if is_file_name(arg) or not _CODE_TAG.match(arg):
        # a file, or text that is no code: reading it says what is wrong (no such file...)
        return _for(option, arg, lambda: _load_or_not_a_code(arg))
    return read_position_code(arg, option)


def _load_or_not_a_code(path: str) -> GameRecord | GameState:
    if is_file_name(path):
        return load_record_or_state(path)
    try:
        read_text(path)
    except CliError as exc:
        raise CliError(f"{exc}, and it is not a position code") from None
    return load_record_or_state(path)  # it appeared in the meantime


def _for(
    option: str, arg: str, load: Callable[[], GameRecord | GameState]
) -> GameRecord | GameState:
    try:
        return load()
    except CliError as exc:
        if option == "FILE":
            raise
        raise CliError(f"{option} {shown_text(arg)}: {exc}") from None


def read_record(path: str, option: str = "--resume") -> GameRecord:
    """The game record in the file ``path``, or a :class:`CliError` saying what it holds instead.

    >>> read_record("/")
    Traceback (most recent call last):
    ...
    tongiaki_rules.cli._common.CliError: --resume /: cannot read /: Is a directory
    """
    if path != "-" and not is_file_name(path) and _CODE_TAG.match(path):
        raise CliError(
            f"{option}: {shown_text(path)} is a position code, not a game record; "
            "start a game from it with --from CODE"
        )
    loaded = _load_for(option, path)
    if isinstance(loaded, GameState):
        raise CliError(
            f"{option} {shown_text(path)}: the file holds a single position, not a game record; "
            f"start a game from it with --from {shown_text(path)}"
        )
    return loaded


def read_position(arg: str, option: str = "--from") -> GameState:
    """The position ``arg`` gives: a state JSON file or a position code; else a :class:`CliError`.

    An existing file is read as a state document; anything else as a
    position code (:meth:`GameState.from_position_code`) of any length. A
    game record is refused with a pointer to ``--resume``. ``-`` reads the
    first line of standard input (a position code, or a state JSON on one
    line): the lines after it are the game's answers.

    >>> read_position("T1_20_sB_to000") == GameState.from_position_code("T1_20_sB_to000")
    True
    >>> read_position("no-such-file.json")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    tongiaki_rules.cli._common.CliError: --from no-such-file.json: there is no such file, and it ...
    >>> read_position("T1_20_sB_to000.BBBB")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    tongiaki_rules.cli._common.CliError: --from: position code, table entry 0 ...[COMP-3]
    """
    shown = shown_text(arg)
    if arg == "-":
        loaded = _first_line_position(option)
    elif not is_file_name(arg):
        return read_position_code(arg, option)
    else:
        loaded = _load_for(option, arg)
    if isinstance(loaded, GameRecord):
        raise CliError(
            f"{option} {shown}: the file holds a game record, not a position; "
            f"continue the game with --resume {shown}"
        )
    return loaded


def _first_line_position(option: str) -> GameRecord | GameState:
    """The position on the first line of standard input (the answers follow it)."""
    line = sys.stdin.readline()
    text = line.strip()
    if not text:
        raise CliError(
            f"{option} -: the first line of standard input is empty; it should hold a "
            "position code or a state JSON on one line (the answers follow it)"
        )
    if text.startswith("{"):
        return _for(option, "-", lambda: parse_document(text, "the first line of standard input"))
    if not _CODE_TAG.match(text):
        raise CliError(
            f"{option} -: the first line of standard input, {shown_text(text)!r}, is neither a "
            "position code nor a state JSON (the position comes first, the answers after it)"
        )
    return read_position_code(text, option)


def _load_for(option: str, path: str) -> GameRecord | GameState:
    """What the file ``path`` given to ``option`` holds; ``-`` is refused, because standard
    input holds the game's answers."""
    if path == "-":
        raise CliError(f"{option} -: standard input holds the game's answers; give a file name")
    try:
        return load_record_or_state(path)
    except CliError as exc:
        raise CliError(f"{option} {shown_text(path)}: {exc}") from None


def read_position_code(arg: str, option: str) -> GameState:
    """The state of the position code ``arg``, or a :class:`CliError` in one line.

    Text that looks like a code (``T1_...``) gets the code reader's message,
    naming the bad part; other text is taken for a file name that is not there.
    """
    try:
        return GameState.from_position_code(arg)
    except TongiakiError as exc:
        if _CODE_TAG.match(arg):
            raise CliError(f"{option}: {exc}") from None
        raise CliError(
            f"{option} {shown_text(arg)}: there is no such file, and it is not a position code"
        ) from None
