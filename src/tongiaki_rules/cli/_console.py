"""Colour and rich output for the command line, and plain text wherever it is not wanted.

Colour is used only when the stream is a terminal and the ``NO_COLOR``
environment variable is unset or empty (https://no-color.org); ``--json``
never has any. `rich <https://rich.readthedocs.io>`_ (the ``cli`` extra)
draws the colours, the progress bar and the tables when it is installed; it
is imported here only, and only when needed, so the library never loads it.
Without rich, the map is coloured with ANSI escapes and the rest is plain.

>>> import io
>>> from tongiaki_rules import new_game
>>> out = io.StringIO()
>>> print_map(new_game(2), out)
>>> out.getvalue().splitlines()[4]
'/        Tonga        \\\\'
"""

from __future__ import annotations

import argparse
import importlib
import os
import shutil
import sys
import textwrap
from typing import TYPE_CHECKING, Any, TextIO

from ..textmap import MIN_WIDTH, map_spans, render_map
from ._language import current

if TYPE_CHECKING:
    from .._state import GameState
    from ..hexgrid import Hex

__all__ = [
    "RICH_STYLES",
    "MapOptions",
    "action_hex",
    "add_map_options",
    "colour_wanted",
    "is_terminal",
    "map_width",
    "print_map",
    "rich_console",
    "say",
    "text_width",
]

TEXT_WIDTH = 80
"""The widest a line of words is on a terminal (a terminal's usual width)."""

RICH_STYLES: dict[str, str] = {
    "edge": "dim",
    "name": "bold",
    "value": "yellow",
    "jetty": "cyan",
    "marker": "bold red",
    "free": "dim",
    "ocean": "blue",
    "group": "bold magenta",
    "coords": "dim italic",
    "text": "",
    "B": "bold blue",
    "R": "bold red",
    "G": "bold green",
    "Y": "bold yellow",
    "O": "bold dark_orange",
    "P": "bold magenta",
}
"""The rich style of each style name of :data:`tongiaki_rules.textmap.STYLES`."""


def colour_wanted(stream: TextIO) -> bool:
    """True when ``stream`` is a terminal and ``NO_COLOR`` is not set.

    >>> import io
    >>> colour_wanted(io.StringIO())
    False
    """
    if os.environ.get("NO_COLOR"):
        return False
    isatty = getattr(stream, "isatty", None)
    try:
        return bool(isatty()) if isatty is not None else False
    except (OSError, ValueError):
        return False


def rich_console(stream: TextIO, *, force: bool = False) -> Any | None:
    """A rich ``Console`` writing to ``stream`` (None when rich is not installed).

    ``force`` makes it draw as on a terminal (for tests, and a forced
    progress bar); otherwise rich decides from the stream.
    """
    try:
        console_module: Any = importlib.import_module("rich.console")
    except ImportError:
        return None
    if force:
        return console_module.Console(file=stream, force_terminal=True, highlight=False)
    return console_module.Console(file=stream, highlight=False)


class MapOptions:
    """How the commands draw the map: with coordinates or not, and in how many columns."""

    def __init__(self, coords: bool = False, width: int | None = None) -> None:
        self.coords = coords
        self.width = width
        """``None``: the terminal's width on a terminal, no limit otherwise; 0: no limit."""

    @classmethod
    def from_args(cls, args: argparse.Namespace) -> MapOptions:
        """The options ``--coords``/``--no-coords`` and ``--width N`` asked for."""
        from ._common import CliError

        width = args.width
        if width is not None and width != 0 and width < MIN_WIDTH:
            raise CliError(f"--width must be 0 (no limit) or at least {MIN_WIDTH}, not {width}")
        return cls(bool(args.coords), width)


def add_map_options(parser: argparse.ArgumentParser, *, coords: bool) -> None:
    """``--coords``/``--no-coords`` (default ``coords``) and ``--width N`` for the text map."""
    parser.add_argument(
        "--coords",
        action=argparse.BooleanOptionalAction,
        default=coords,
        help="write each hex's q,r on the map, as moves name them "
        f"(default: {'on' if coords else 'off'})",
    )
    parser.add_argument(
        "--width",
        type=int,
        default=None,
        metavar="N",
        help="fit the map in N columns, showing the hexes around the last move and "
        "saying what is hidden (default: the terminal's width; 0: no limit)",
    )


def action_hex(action: object) -> Hex | None:
    """The hex an action is about (its island or the hex a tile goes to), or ``None``.

    >>> from tongiaki_rules import PlaceTile, SetupPlace
    >>> action_hex(PlaceTile((2, -1), 3)), action_hex(SetupPlace(0))
    ((2, -1), (0, 0))
    """
    from ..actions import SetupPlace

    if isinstance(action, SetupPlace):
        return (0, 0)
    for name in ("island", "position"):
        value = getattr(action, name, None)
        if isinstance(value, tuple) and len(value) == 2:
            return (int(value[0]), int(value[1]))
    return None


def map_width(options: MapOptions, stream: TextIO) -> int | None:
    """The columns the map must fit in: ``--width``, else the terminal's, else no limit.

    >>> import io
    >>> map_width(MapOptions(width=80), io.StringIO()), map_width(MapOptions(), io.StringIO())
    (80, None)
    """
    if options.width is not None:
        return options.width or None
    isatty = getattr(stream, "isatty", None)
    try:
        terminal = bool(isatty()) if isatty is not None else False
    except (OSError, ValueError):
        terminal = False
    if not terminal:
        return None
    return max(MIN_WIDTH, shutil.get_terminal_size().columns)


def print_map(
    state: GameState,
    stream: TextIO | None = None,
    *,
    console: Any = None,
    options: MapOptions | None = None,
    focus: Hex | None = None,
    outcome: bool = True,
) -> None:
    """Print the hex map of ``state``: coloured on a terminal, plain text otherwise.

    ``console`` (a rich ``Console``) draws it with rich whatever the stream;
    ``options`` say whether to write the coordinates and how wide the map
    may be, ``focus`` which hex a narrow map keeps in view; ``outcome=False``
    leaves out the winner's line of a finished game (the caller tells it).
    """
    out = sys.stdout if stream is None else stream
    options = MapOptions() if options is None else options
    width = map_width(options, out)
    language = current()  # the players' language of the command (--lang)
    if console is None and colour_wanted(out):
        console = rich_console(out)
        if console is None:
            out.write(
                render_map(
                    state,
                    colour=True,
                    language=language,
                    coords=options.coords,
                    width=width,
                    focus=focus,
                    outcome=outcome,
                )
                + "\n"
            )
            return
    if console is None:
        drawn = render_map(
            state,
            language=language,
            coords=options.coords,
            width=width,
            focus=focus,
            outcome=outcome,
        )
        out.write(drawn + "\n")
        return
    text_module: Any = importlib.import_module("rich.text")
    spans = map_spans(
        state, language, coords=options.coords, width=width, focus=focus, outcome=outcome
    )
    for line in spans:
        text = text_module.Text(no_wrap=True, overflow="ignore")
        for span in line:
            text.append(span.text, style=RICH_STYLES.get(span.style, ""))
        console.print(text, soft_wrap=True)


def say(text: str) -> None:
    """Print a message of words; on a terminal, wrapped between words.

    On a terminal the lines are at most :data:`TEXT_WIDTH` wide, or the
    terminal's width if it is narrower, so that the terminal never breaks a
    word (an error message after a wrong answer, say); a word longer than a
    line (a file's path) stays whole. To a pipe or a file each message stays
    one line, for the programs that read them.
    """
    if not is_terminal(sys.stdout):
        print(text)
        return
    width = text_width(TEXT_WIDTH)
    for paragraph in text.split("\n"):
        print(
            textwrap.fill(
                paragraph,
                width,
                subsequent_indent="    ",
                break_long_words=False,
                break_on_hyphens=False,
            )
        )


def text_width(widest: int) -> int:
    """``widest``, or the terminal's width if it is narrower (20 at least)."""
    columns = shutil.get_terminal_size((widest, 24)).columns
    return max(20, min(widest, columns))


def is_terminal(stream: Any) -> bool:
    """Whether ``stream`` is a terminal (``False`` for anything that cannot say)."""
    try:
        return bool(stream.isatty())
    except (AttributeError, OSError, ValueError):
        return False
