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
>>> out.getvalue().splitlines()[1]
'  /  Tonga  \\\\'
"""

from __future__ import annotations

import importlib
import os
import sys
from typing import TYPE_CHECKING, Any, TextIO

from ..textmap import map_spans, render_map
from .language import current

if TYPE_CHECKING:
    from ..state import GameState

__all__ = ["RICH_STYLES", "colour_wanted", "print_map", "rich_console"]

RICH_STYLES: dict[str, str] = {
    "edge": "dim",
    "name": "bold",
    "value": "yellow",
    "jetty": "cyan",
    "marker": "bold red",
    "free": "dim",
    "ocean": "blue",
    "group": "bold magenta",
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


def print_map(state: GameState, stream: TextIO | None = None, *, console: Any = None) -> None:
    """Print the hex map of ``state``: coloured on a terminal, plain text otherwise.

    ``console`` (a rich ``Console``) draws it with rich whatever the stream.
    """
    out = sys.stdout if stream is None else stream
    language = current()  # the players' language of the command (--lang)
    if console is None and colour_wanted(out):
        console = rich_console(out)
        if console is None:
            out.write(render_map(state, colour=True, language=language) + "\n")
            return
    if console is None:
        out.write(render_map(state, language=language) + "\n")
        return
    text_module: Any = importlib.import_module("rich.text")
    for line in map_spans(state, language):
        text = text_module.Text(no_wrap=True, overflow="ignore")
        for span in line:
            text.append(span.text, style=RICH_STYLES.get(span.style, ""))
        console.print(text, soft_wrap=True)
