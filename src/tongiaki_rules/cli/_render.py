"""``tongiaki render``: a picture of a position, from a state or a game record.

FILE is a state JSON (``"tongiaki-state"``) or a game record JSON
(``"tongiaki-record"``); for a record the position is the one after
``--move K`` actions (default: all of them). The picture is an SVG document
(:func:`tongiaki_rules.render_svg`), with ``--format map`` (or ``--map``) the
hex map made of text (:mod:`tongiaki_rules.textmap`; coloured when written to
a terminal, fitted to its width or ``--width N``), or with ``--format list``
the plain-text list (``str(state)``), written to ``-o OUT`` or to standard
output. ``--coords`` writes what moves name on the picture: each hex's
``q,r`` (and, in the SVG, beach numbers and jetty digits). The old spellings
``--text`` (the map) and ``--format text`` (the list) still work, with a note.

>>> import tempfile, pathlib
>>> from tongiaki_rules import GameRecord, SetupPlace
>>> from tongiaki_rules.cli import main
>>> folder = pathlib.Path(tempfile.mkdtemp())
>>> _ = (folder / "game.json").write_text(GameRecord(2, actions=[SetupPlace(3)]).to_json())
>>> main(["render", str(folder / "game.json"), "--move", "0", "--format", "list"])
... # doctest: +ELLIPSIS
Tongiaki, 2 players; 1 tile on the table, 15 islands and 16 oceans in the pile
...
0
"""

from __future__ import annotations

import argparse
import sys
from typing import Any

from .. import GameRecord, GameState, render_svg, replay
from ..textmap import render_map
from ._common import CliError, read_source, write_text
from ._console import MapOptions, add_map_options, print_map
from ._language import add_language_option, current, tr

__all__ = ["DEFAULT_SIZE", "add_parser", "move_title", "position_svg", "position_to_render", "run"]

DEFAULT_SIZE = 720
"""The width of the SVG in pixels when ``--size`` is not given."""


def add_parser(sub: Any) -> None:
    """Register ``tongiaki render``."""
    parser = sub.add_parser(
        "render",
        help="draw a position (a state or record file, or a position code) as SVG or text",
        description="Draw the position held in FILE (a state JSON, or a position code "
        "given in place of a file name), or the position after --move K actions of a "
        "game record JSON, as an SVG picture or as text.",
    )
    parser.add_argument(
        "file",
        metavar="FILE",
        help="a state or game record JSON file, a position code (T1_..., any length), "
        "or - for standard input holding either",
    )
    parser.add_argument(
        "--move",
        type=int,
        default=None,
        metavar="K",
        help="for a record: the position after its first K actions (default: after all)",
    )
    parser.add_argument(
        "-o", "--output", default="-", metavar="OUT", help="where to write (default: stdout)"
    )
    parser.add_argument(
        "--format",
        choices=("svg", "map", "list", "text"),
        default="svg",
        help="svg: an SVG document (default); map: the hex map made of text (coloured on a "
        "terminal); list: the plain-text list of tiles and beaches (text is its old name)",
    )
    parser.add_argument(
        "--map",
        dest="format",
        action="store_const",
        const="map",
        help="short for --format map",
    )
    parser.add_argument(
        "--text",
        dest="old_text",
        action="store_true",
        help="old spelling of --map (the hex map, not the list): use --map",
    )
    add_map_options(parser, coords=False)
    parser.add_argument(
        "--size",
        type=int,
        default=DEFAULT_SIZE,
        metavar="PX",
        help=f"SVG width in pixels (default {DEFAULT_SIZE})",
    )
    parser.add_argument(
        "--highlight",
        action="store_true",
        help="SVG: mark the choices of the pending decision",
    )
    add_language_option(parser)
    parser.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    """Render the position; bad input raises :class:`CliError` (exit status 2)."""
    if args.size < 100:
        raise CliError(f"--size must be at least 100 pixels, not {args.size}")
    form = _format(args)
    options = MapOptions.from_args(args)
    loaded = read_source(args.file)
    state, title = position_to_render(loaded, args.move, args.file)
    if form == "map" and args.output == "-":
        print_map(state, options=options)
        return 0
    if form == "map":
        text = (
            render_map(
                state,
                language=current(),
                coords=options.coords,
                width=options.width or None,
            )
            + "\n"
        )
    elif form == "list":
        text = str(state) + "\n"
    else:
        text = position_svg(
            state, title, size=args.size, highlight=args.highlight, coords=options.coords
        )
    write_text(args.output, text)
    return 0


def _format(args: argparse.Namespace) -> str:
    """The format asked for; the old spellings still work, with a note on stderr."""
    if args.old_text:
        print(
            "tongiaki render: note: --text is the old spelling of --map (the hex map); "
            "use --map, or --format list for the plain-text list",
            file=sys.stderr,
        )
        return "map"
    if args.format == "text":
        print(
            "tongiaki render: note: --format text is now --format list (the plain-text list)",
            file=sys.stderr,
        )
        return "list"
    form: str = args.format
    return form


def position_to_render(
    loaded: GameRecord | GameState, move: int | None, name: str = "FILE"
) -> tuple[GameState, str | None]:
    """The position to draw, and a heading for a record's (``Move K of N``).

    >>> from tongiaki_rules import GameRecord, SetupPlace
    >>> record = GameRecord(2, actions=[SetupPlace(3), SetupPlace(0)])
    >>> state, title = position_to_render(record, 1)
    >>> state.reserve(0), state.reserve(1), title
    (14, 15, 'Move 1 of 2')
    """
    if isinstance(loaded, GameState):
        if move is not None:
            raise CliError(f"--move needs a game record; {name} holds a single position")
        return loaded, None
    total = len(loaded.actions)
    k = total if move is None else move
    if not 0 <= k <= total:
        raise CliError(f"--move {k}: the record has {total} moves; choose 0 to {total}")
    return replay(loaded, upto=k), move_title(k, total)


def move_title(move: int, total: int) -> str:
    """The heading of the picture of a record's position after ``move`` of its ``total`` actions.

    >>> move_title(9, 120)
    'Move 9 of 120'
    """
    return tr().gettext("Move {move} of {total}").format(move=move, total=total)


def position_svg(
    state: GameState,
    title: str | None = None,
    *,
    size: int = DEFAULT_SIZE,
    highlight: bool = False,
    coords: bool = False,
) -> str:
    """The SVG document ``tongiaki render`` writes for ``state``: by default, without options.

    ``title`` heads the side panel (:func:`move_title` for a record's
    position, ``None`` for a single position); ``size`` and ``highlight`` are
    ``--size`` and ``--highlight``. ``tongiaki play --svg-dir`` and
    ``tongiaki replay --svg-dir`` draw each position with it.

    >>> from tongiaki_rules import new_game
    >>> position_svg(new_game(2)) == render_svg(new_game(2), size=DEFAULT_SIZE)
    True
    """
    return render_svg(
        state, size=size, highlight=highlight, title=title, coords=coords, language=current()
    )
