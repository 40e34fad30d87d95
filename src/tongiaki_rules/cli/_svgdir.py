"""``--svg-dir DIR`` of ``tongiaki play`` and ``tongiaki replay``: an SVG of every position.

The folder gets one picture per position as the game goes on: ``0000.svg``
for the first position, then one after each action applied (tiles drawn
included), named by the number of actions applied, zero-padded to
:data:`NAME_DIGITS` digits so that the names sort in the order of the game
(games run to a few hundred actions). Each picture is the SVG
``tongiaki render`` draws of that position
(:func:`~tongiaki_rules.cli._render.position_svg`), and each file is written
atomically (:func:`~tongiaki_rules._atomic.write_text_atomic`): a process
killed mid-game leaves only whole pictures.

The folder is created if missing, parents too; one that already holds files
is fine, its pictures are replaced as the game reaches them. A folder that
cannot be used (the name of a file, a folder where nothing can be written)
is refused with a :class:`~tongiaki_rules.cli._common.CliError` before the
game starts.

>>> import tempfile, pathlib
>>> from tongiaki_rules import SetupPlace, new_game
>>> folder = pathlib.Path(tempfile.mkdtemp()) / "pictures"
>>> pictures = SvgFolder.open(str(folder))
>>> pictures.write(0, new_game(2))
>>> pictures.write(1, new_game(2).apply(SetupPlace(3)))
>>> sorted(path.name for path in folder.iterdir())
['0000.svg', '0001.svg']
"""

from __future__ import annotations

import argparse
import contextlib
import os
import tempfile
from pathlib import Path

from .._atomic import TEMP_PREFIX
from .._state import GameState
from ._common import CliError, write_text
from ._render import position_svg

__all__ = ["NAME_DIGITS", "SvgFolder", "add_svg_dir_option", "svg_name"]

NAME_DIGITS = 4
"""The digits of a picture's number: ``0000.svg`` to ``9999.svg`` sort in the order of the game."""

OPTION = "--svg-dir"


def add_svg_dir_option(parser: argparse.ArgumentParser, title: str) -> None:
    """Register ``--svg-dir DIR``; ``title`` says what heads each picture."""
    parser.add_argument(
        OPTION,
        dest="svg_dir",
        metavar="DIR",
        default=None,
        help="write an SVG of each position to DIR as the game goes on (created if missing): "
        f"0000.svg for the first, then one per action, named by the number of actions "
        f"applied; each is what tongiaki render draws of that position ({title})",
    )


def svg_name(moves: int) -> str:
    """The file name of the picture of the position after ``moves`` actions.

    >>> svg_name(0), svg_name(42)
    ('0000.svg', '0042.svg')
    """
    return f"{moves:0{NAME_DIGITS}d}.svg"


class SvgFolder:
    """The folder ``--svg-dir`` writes the pictures to, checked and ready."""

    def __init__(self, folder: Path, shown: str) -> None:
        self.folder = folder
        self.shown = shown
        """The folder as the user gave it, for messages."""
        self.written: set[int] = set()
        """The numbers of the pictures written so far by this command."""

    @classmethod
    def open(cls, arg: str) -> SvgFolder:
        """The folder ``arg``, created if missing, or a :class:`CliError` if it cannot be used.

        >>> SvgFolder.open("/dev/null")
        Traceback (most recent call last):
        ...
        tongiaki_rules.cli._common.CliError: --svg-dir /dev/null: that is a file, not a folder
        """
        shown = arg.encode("utf-8", "backslashreplace").decode("utf-8")
        if not arg:
            raise CliError(f"{OPTION}: give the name of a folder")
        folder = Path(arg)
        if folder.exists() and not folder.is_dir():
            raise CliError(f"{OPTION} {shown}: that is a file, not a folder")
        try:
            folder.mkdir(parents=True, exist_ok=True)
        except OSError as exc:
            raise CliError(
                f"{OPTION} {shown}: cannot create the folder: {exc.strerror or exc}"
            ) from None
        _check_writable(folder, shown)
        return cls(folder, shown)

    def write(self, moves: int, state: GameState, title: str | None = None) -> None:
        """Write the picture of ``state``, the position after ``moves`` actions, whole.

        A failure (a full disk, the folder removed) raises :class:`CliError`.
        """
        path = self.folder / svg_name(moves)
        write_text(str(path), position_svg(state, title))
        self.written.add(moves)

    def forget_after(self, moves: int) -> None:
        """Remove the pictures this command wrote of positions after ``moves`` actions.

        After ``undo`` in ``tongiaki play`` those positions are no longer the
        game's; a picture that cannot be removed is left alone.
        """
        for number in sorted(k for k in self.written if k > moves):
            with contextlib.suppress(OSError):
                (self.folder / svg_name(number)).unlink(missing_ok=True)
            self.written.discard(number)


def _check_writable(folder: Path, shown: str) -> None:
    """Raise :class:`CliError` unless a file can be created in ``folder`` (tried, not guessed)."""
    try:
        fd, probe = tempfile.mkstemp(prefix=TEMP_PREFIX, suffix=".tmp", dir=folder)
    except OSError as exc:
        raise CliError(
            f"{OPTION} {shown}: cannot write in the folder: {exc.strerror or exc}"
        ) from None
    os.close(fd)
    with contextlib.suppress(OSError):
        os.unlink(probe)
