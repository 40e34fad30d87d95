"""What every ``tongiaki`` subcommand shares: one-line errors, rules options, file reading.

Any problem with the user's input is raised as :class:`CliError`; the
dispatcher prints it as ``tongiaki <command>: error: <message>`` on one line
and exits with status 2.
"""

from __future__ import annotations

import argparse
import enum
import sys
from pathlib import Path
from typing import NoReturn

import attrs

from ..errors import TongiakiError
from ..record import GameRecord, state_from_json
from ..rules import Rules
from ..state import GameState

__all__ = [
    "CliError",
    "Parser",
    "add_rules_options",
    "ask",
    "load_record_or_state",
    "read_text",
    "rules_from_args",
    "write_text",
]


class CliError(Exception):
    """Bad input to a command: printed as one line, exit status 2."""


class Parser(argparse.ArgumentParser):
    """An argument parser whose errors are a single line on stderr (exit status 2)."""

    def error(self, message: str) -> NoReturn:
        self.exit(2, f"{self.prog}: error: {message} (try --help)\n")


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


def ask(prompt: str) -> str | None:
    """One line typed by the user after ``prompt``, or ``None`` at the end of the input.

    Typed at a terminal, the line can be edited as usual. When the input is
    piped, the line read is written to standard output after the prompt, so
    the output reads as the conversation it was.

    >>> import io
    >>> saved, sys.stdin = sys.stdin, io.StringIO("setup 3\\n")
    >>> ask("> ")
    > setup 3
    'setup 3'
    >>> sys.stdin = saved
    """
    if sys.stdin.isatty():
        try:
            return input(prompt)
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
    sys.stdout.write(text + "\n")
    sys.stdout.flush()
    return text


def read_text(path: str) -> str:
    """The text of ``path`` (``-`` for standard input), or a :class:`CliError`."""
    if path == "-":
        return sys.stdin.read()
    try:
        return Path(path).read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        raise CliError(f"cannot read {path}: {getattr(exc, 'strerror', None) or exc}") from None


def write_text(path: str, text: str) -> None:
    """Write ``text`` to ``path`` (``-`` for standard output), or raise :class:`CliError`."""
    if path == "-":
        sys.stdout.write(text)
        return
    try:
        Path(path).write_text(text, encoding="utf-8")
    except OSError as exc:
        raise CliError(f"cannot write {path}: {exc.strerror or exc}") from None


def load_record_or_state(path: str) -> GameRecord | GameState:
    """Read a game record or a state from a JSON file, telling which by its ``schema``."""
    text = read_text(path)
    if '"tongiaki-state"' in text and '"tongiaki-record"' not in text:
        try:
            return state_from_json(text)
        except TongiakiError as exc:
            raise CliError(f"{path} is not a valid state: {exc}") from None
    try:
        return GameRecord.from_json(text)
    except TongiakiError as exc:
        raise CliError(f"{path} is not a valid game record: {exc}") from None
