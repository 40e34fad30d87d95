"""``tongiaki simulate``: a tournament of many games between bots.

Plays ``--games`` seeded games (see :mod:`tongiaki_rules.simulation`), shows
a progress bar on stderr, and prints the summary tables (or ``--json``) on
stdout. On a terminal, with rich installed (the ``cli`` extra), the bar and
the tables are drawn by rich; otherwise they are plain text. ``--game toncc``
plays Tóncc instead, between its own bots, and prints what
``tongiaki toncc simulate`` prints.

The tables give each win rate with its 95 % Wilson interval. ``--paired``
plays each deal (the tiles drawn) once in every rotation of the seats.
``--sprt ELO0,ELO1`` runs a sequential test between two bots instead,
two-player paired deals until the result is clear (at most ``--games``).

>>> from tongiaki_rules.cli import main
>>> main(["simulate", "--games", "2", "--players", "2", "--bots", "random", "--json"])
... # doctest: +ELLIPSIS
{
  "schema": "tongiaki-simulation",
...
0
"""

from __future__ import annotations

import argparse
import importlib
import json
import os
import sys
import time
from collections.abc import Iterator
from concurrent.futures import Executor
from contextlib import contextmanager
from typing import Any, Final, TextIO

from ..errors import TongiakiError
from ..games import GAMES, TONCC, game_named
from ..simulation import Sprt, Summary, simulate, sprt_match
from ..simulation._tables import events_not_seen, summary_heading, summary_tables
from ._common import CliError, add_rules_options, rules_from_args, whole_number
from ._console import colour_wanted, rich_console

__all__ = [
    "DEFAULT_BOTS",
    "DEFAULT_GAMES",
    "DEFAULT_PLAYERS",
    "ProgressBar",
    "RichProgress",
    "add_parser",
    "print_rich_summary",
    "run",
]

DEFAULT_GAMES = 200
"""Games played when ``--games`` is not given."""
DEFAULT_PLAYERS = 4
"""Players per game when ``--players`` is not given."""
DEFAULT_BOTS = "random,greedy"
"""The line-up when ``--bots`` is not given."""


def _players(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a whole number") from None
    if not 2 <= value <= 6:
        raise argparse.ArgumentTypeError(f"Tongiaki is for 2 to 6 players, not {value}")
    return value


def _seed(text: str) -> int:
    try:
        return int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a whole number") from None


def _elo_pair(text: str) -> tuple[float, float]:
    try:
        elo0, elo1 = (float(part) for part in text.split(","))
    except ValueError:
        raise argparse.ArgumentTypeError(
            f"{text!r} is not two Elo differences such as 0,50"
        ) from None
    if not -2000 < elo0 < elo1 < 2000:
        raise argparse.ArgumentTypeError(f"{text!r}: ELO0 must be below ELO1, both within ±2000")
    return elo0, elo1


def _probability(text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a number") from None
    if not 0 < value < 0.5:
        raise argparse.ArgumentTypeError(f"{text} is not between 0 and 0.5")
    return value


def add_parser(sub: Any) -> None:
    """Register ``tongiaki simulate``."""
    parser = sub.add_parser(
        "simulate",
        help="play many games between bots and sum up the results",
        description="Play many seeded games between bots and print who won, the scores, "
        "game lengths, endings and how often royal islands, New Colonisations and closed "
        "routes came up. The bots take turns in every seat.",
    )
    parser.add_argument(
        "--game",
        choices=[game.name for game in GAMES],
        default="tongiaki",
        help="the game: tongiaki (default) or toncc, played between Tóncc's own bots "
        "(random, greedy) with its --rule flags; the Tongiaki-only options are refused",
    )
    parser.add_argument(
        "--games",
        type=whole_number(1),
        default=DEFAULT_GAMES,
        metavar="N",
        help=f"number of games (default {DEFAULT_GAMES})",
    )
    parser.add_argument(
        "--players",
        type=_players,
        default=None,
        metavar="P",
        help=f"players per game, 2 to 6 (default {DEFAULT_PLAYERS})",
    )
    parser.add_argument(
        "--bots",
        default=DEFAULT_BOTS,
        metavar="LIST",
        help="comma-separated bot specs, repeated to fill the seats and rotated through "
        "them game by game, e.g. random,greedy,learned,mcts:iterations=50, or your own bot as "
        f"module:attribute (default {DEFAULT_BOTS})",
    )
    parser.add_argument(
        "--on-bot-error",
        choices=("stop", "skip"),
        default="stop",
        help="when a bot raises, chooses an illegal action or is too slow: stop the "
        "tournament (default), or skip that game and report it at the end",
    )
    parser.add_argument(
        "--move-time-limit",
        type=float,
        default=None,
        metavar="SECONDS",
        help="a bot that takes longer over one move fails its game (measured when it answers)",
    )
    parser.add_argument(
        "--seed",
        type=_seed,
        default=1,
        metavar="N",
        help="tournament seed: the same seed and settings give the same games (default 1)",
    )
    parser.add_argument(
        "--jobs",
        type=whole_number(0),
        default=1,
        metavar="N",
        help="worker processes, 0 for one per core; the results do not depend on it (default 1)",
    )
    parser.add_argument(
        "--dask",
        metavar="ADDRESS",
        help="play the games on the dask.distributed cluster whose scheduler is at ADDRESS, "
        "e.g. tcp://scheduler:8786 (needs the [dask] extra); the results do not depend on it",
    )
    parser.add_argument(
        "--fixed-seats",
        action="store_true",
        help="keep each bot in the same seat instead of rotating the line-up",
    )
    parser.add_argument(
        "--paired",
        action="store_true",
        help="play each deal (the tiles drawn) once in every rotation of the seats, so its "
        "luck falls on every bot alike; give --games as a multiple of the players",
    )
    parser.add_argument(
        "--sprt",
        type=_elo_pair,
        default=None,
        metavar="ELO0,ELO1",
        help="a sequential test of the first bot of --bots against the second, two players, "
        "paired deals, until the first is shown ELO1 stronger (H1) or not ELO0 stronger (H0), "
        "or --games run out; e.g. --sprt 0,50",
    )
    parser.add_argument(
        "--alpha",
        type=_probability,
        default=0.05,
        metavar="P",
        help="with --sprt: the chance of accepting H1 when H0 holds (default 0.05)",
    )
    parser.add_argument(
        "--beta",
        type=_probability,
        default=0.05,
        metavar="P",
        help="with --sprt: the chance of accepting H0 when H1 holds (default 0.05)",
    )
    parser.add_argument(
        "--records",
        metavar="DIR",
        help="save every game's record as DIR/game-00001.json, ... (DIR is created)",
    )
    parser.add_argument(
        "--json",
        action="store_true",
        help="print the summary as JSON instead of tables",
    )
    shown = parser.add_mutually_exclusive_group()
    shown.add_argument(
        "--progress",
        dest="progress",
        action="store_true",
        default=None,
        help="show the progress bar on stderr even when it is not a terminal",
    )
    shown.add_argument(
        "--no-progress",
        "--quiet",
        dest="progress",
        action="store_false",
        help="no progress bar (it is shown by default when stderr is a terminal)",
    )
    add_rules_options(parser)
    parser.set_defaults(run=run)


class ProgressBar:
    """A one-line bar, ``[#####.....] 120/200 games 3.1 s``, redrawn in place.

    >>> import io
    >>> out = io.StringIO()
    >>> bar = ProgressBar(out, width=10)
    >>> bar(5, 10); bar.close()
    >>> out.getvalue().split(" games")[0]
    '\\r[#####.....] 5/10'
    """

    def __init__(self, stream: TextIO, *, width: int = 30, every: float = 0.1) -> None:
        self._stream = stream
        self._width = width
        self._every = every
        self._start = time.perf_counter()
        self._shown = float("-inf")
        self._drawn = False

    def __call__(self, done: int, total: int) -> None:
        """Redraw, at most every ``every`` seconds and always at the end."""
        now = time.perf_counter()
        if done < total and now - self._shown < self._every:
            return
        self._shown = now
        filled = self._width * done // total
        bar = "#" * filled + "." * (self._width - filled)
        self._drawn = True  # first, so that a Ctrl-C while drawing still ends the line
        self._stream.write(f"\r[{bar}] {done}/{total} games {now - self._start:.1f} s")
        self._stream.flush()

    def close(self) -> None:
        """End the bar's line."""
        if self._drawn:
            self._stream.write("\n")
            self._stream.flush()
            self._drawn = False


class RichProgress:
    """rich's progress bar on ``console``: games done, elapsed and remaining time.

    >>> import io
    >>> from tongiaki_rules.cli._console import rich_console
    >>> out = io.StringIO()
    >>> bar = RichProgress(rich_console(out, force=True))
    >>> bar(5, 10); bar.close()
    >>> "5/10" in out.getvalue()
    True
    """

    def __init__(self, console: Any) -> None:
        progress: Any = importlib.import_module("rich.progress")
        self._progress = progress.Progress(
            progress.TextColumn("[bold]games"),
            progress.BarColumn(),
            progress.MofNCompleteColumn(),
            progress.TimeElapsedColumn(),
            progress.TimeRemainingColumn(),
            console=console,
            transient=False,
        )
        self._task: Any = None

    def __call__(self, done: int, total: int) -> None:
        """Move the bar to ``done`` of ``total`` games."""
        if self._task is None:
            self._progress.start()
            self._task = self._progress.add_task("games", total=total)
        self._progress.update(self._task, completed=done, total=total)

    def close(self) -> None:
        """Stop redrawing (the bar stays on screen)."""
        if self._task is not None:
            self._progress.refresh()
            self._progress.stop()
            self._task = None


def _progress_bar(show: bool) -> ProgressBar | RichProgress | None:
    """rich's bar when stderr is a terminal and rich is installed, else the plain one."""
    if not show:
        return None
    if sys.stderr.isatty():
        console = rich_console(sys.stderr)
        if console is not None:
            return RichProgress(console)
    return ProgressBar(sys.stderr)


def print_rich_summary(summary: Summary, console: Any) -> None:
    """The summary's tables drawn by rich on ``console``, with the same cells as the text.

    >>> import io
    >>> from tongiaki_rules.cli._console import rich_console
    >>> from tongiaki_rules.simulation import simulate
    >>> out = io.StringIO()
    >>> print_rich_summary(simulate(["random"], games=2, players=2), rich_console(out))
    >>> "Win rate" in out.getvalue()
    True
    """
    table_module: Any = importlib.import_module("rich.table")
    for line in summary_heading(summary):
        console.print(line, highlight=False, markup=False)
    for header, rows in summary_tables(summary):
        table = table_module.Table(show_edge=False, header_style="bold")
        for k, heading in enumerate(header):
            table.add_column(heading, justify="left" if k == 0 else "right")
        for row in rows:
            table.add_row(*row)
        console.print()
        console.print(table)
    missing = events_not_seen(summary)
    if missing is not None:
        console.print()
        console.print(missing, highlight=False, markup=False)


@contextmanager
def _cluster(address: str | None) -> Iterator[Executor | None]:
    """An executor on the dask scheduler at ``address`` (None: no executor), closed after use."""
    if address is None:
        yield None
        return
    try:  # imported by name: the extra is optional, and dask has no type hints
        distributed: Any = importlib.import_module("dask.distributed")
    except ImportError:
        raise CliError(
            "--dask needs dask.distributed: pip install 'tongiaki_rules[dask]'"
        ) from None
    try:
        client = distributed.Client(address, timeout=10)
    except (OSError, ValueError) as exc:  # unreachable (OSError, TimeoutError), bad address
        raise CliError(f"--dask: cannot reach a scheduler at {address}: {exc}") from None
    with client:
        executor: Executor = client.get_executor()
        yield executor


_TONGIAKI_ONLY: Final = (
    ("--dask", "dask", None),
    ("--fixed-seats", "fixed_seats", False),
    ("--paired", "paired", False),
    ("--sprt", "sprt", None),
    ("--records", "records", None),
    ("--on-bot-error", "on_bot_error", "stop"),
    ("--move-time-limit", "move_time_limit", None),
    ("--rody", "rody", False),
    ("--two-colour", "two_colour", False),
)
"""The options ``--game toncc`` refuses: (option, its ``args`` name, its default)."""


def _run_toncc(args: argparse.Namespace) -> int:
    """``tongiaki simulate --game toncc``: Tóncc's bots and rules, its summary."""
    from ._toncc import run_simulation  # the Tóncc commands load only when asked for
    from ._toncc_play import parse_bots, rules_of

    for option, name, default in _TONGIAKI_ONLY:
        if getattr(args, name) != default:
            raise CliError(f"{option}: a Tongiaki option; --game toncc does not take it")
    try:
        TONCC.new_game(args.players)
    except TongiakiError as exc:
        raise CliError(f"--players: {exc}") from None
    names = parse_bots(args.bots)  # DEFAULT_BOTS names Tóncc's two bots too
    jobs = args.jobs or os.cpu_count() or 1
    return run_simulation(names, rules_of(args.rule), args.games, args.seed, jobs, args.json)


_NOT_WITH_SPRT: Final = (
    ("--dask", "dask", None),
    ("--fixed-seats", "fixed_seats", False),
    ("--records", "records", None),
    ("--on-bot-error", "on_bot_error", "stop"),
    ("--move-time-limit", "move_time_limit", None),
)
"""The options ``--sprt`` refuses: (option, its ``args`` name, its default)."""


def _run_sprt(args: argparse.Namespace, bots: list[str]) -> int:
    """``tongiaki simulate --sprt ELO0,ELO1``: the sequential test of two bots."""
    for option, name, default in _NOT_WITH_SPRT:
        if getattr(args, name) != default:
            raise CliError(f"{option}: not with --sprt")
    if len(bots) != 2:
        raise CliError(f"--sprt: name two bots in --bots, the candidate first, not {len(bots)}")
    if args.players not in (None, 2):
        raise CliError(f"--sprt plays two-player games, not {args.players}")
    rules = rules_from_args(args, 2)
    elo0, elo1 = args.sprt
    test = Sprt(elo0=elo0, elo1=elo1, alpha=args.alpha, beta=args.beta)
    show = args.progress if args.progress is not None else sys.stderr.isatty()
    bar = _progress_bar(show)
    try:
        result = sprt_match(
            bots[0],
            bots[1],
            test=test,
            max_games=args.games,
            seed=args.seed,
            rules=rules,
            jobs=args.jobs,
            progress=bar,
        )
    finally:
        if bar is not None:
            bar.close()
    if args.json:
        sys.stdout.write(json.dumps(result.to_dict(), indent=2) + "\n")
    else:
        sys.stdout.write(result.to_text() + "\n")
    return 0


def run(args: argparse.Namespace) -> int:
    """Run ``tongiaki simulate``."""
    if game_named(args.game) is TONCC:
        return _run_toncc(args)
    bots = [spec.strip() for spec in args.bots.split(",")]
    if not any(bots):
        raise CliError("--bots: name at least one bot")
    if args.sprt is not None:
        return _run_sprt(args, bots)
    if args.players is None:
        args.players = DEFAULT_PLAYERS
    rules = rules_from_args(args, args.players)
    if args.dask is not None and args.jobs != 1:
        raise CliError("--dask plays on the cluster's workers: leave out --jobs")
    show = args.progress if args.progress is not None else sys.stderr.isatty()
    bar = _progress_bar(show)
    try:
        with _cluster(args.dask) as executor:
            summary = simulate(
                bots,
                games=args.games,
                players=args.players,
                seed=args.seed,
                rules=rules,
                jobs=args.jobs,
                rotate=not args.fixed_seats,
                progress=bar,
                records_dir=args.records,
                executor=executor,
                on_bot_error=args.on_bot_error,
                move_time_limit=args.move_time_limit,
                paired=args.paired,
            )
    except OSError as exc:
        where = exc.filename or args.records
        raise CliError(f"--records: cannot write {where}: {exc.strerror or exc}") from None
    finally:
        if bar is not None:
            bar.close()
    for failure in summary.failures:
        print(f"tongiaki simulate: skipped {failure}", file=sys.stderr)
    if args.json:
        sys.stdout.write(json.dumps(summary.to_dict(), indent=2) + "\n")
        return 0
    console = rich_console(sys.stdout) if colour_wanted(sys.stdout) else None
    if console is not None:
        print_rich_summary(summary, console)
    else:
        sys.stdout.write(summary.to_text())
    return 0
