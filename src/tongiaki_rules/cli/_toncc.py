"""``tongiaki toncc``: play, simulate, replay and render games of Tóncc.

* ``tongiaki toncc play`` -- a game at the terminal: ``tongiaki play --game toncc``;
* ``tongiaki toncc simulate`` -- many seeded games between bots, summed up
  (``--json`` for a document, ``--jobs`` to use several processes);
* ``tongiaki toncc replay FILE`` -- a record told turn by turn;
* ``tongiaki toncc render FILE`` -- the position of a record as SVG or text.

>>> from tongiaki_rules.cli import main
>>> main(["toncc", "simulate", "--games", "2", "--seed", "1"])  # doctest: +ELLIPSIS
Tóncc: 2 games, bots random,greedy, seed 1
...
0
"""

from __future__ import annotations

import argparse
import itertools
import json
import random
from typing import Any

from ..errors import TongiakiError
from ..toncc import KINGS, SEATINGS, DrawColours, JointAction, King, Move, TonccRules, new_game
from ..toncc._bots import make_bot
from ..toncc._record import TonccRecord
from ..toncc._svg import render_toncc_svg
from ..toncc._textview import render_text
from ._common import CliError, read_text, whole_number, write_text
from ._play import add_toncc_alias
from ._toncc_play import add_rules_option, parse_bots, rules_of
from ._toncc_story import tell_challenge_end, tell_draw, tell_turn

__all__ = ["add_parser", "play_bot_game", "run_simulation"]

MAX_GAMES = 1_000_000
MAX_JOBS = 64


def add_parser(sub: Any) -> None:
    """Register ``tongiaki toncc`` and its commands."""
    parser = sub.add_parser(
        "toncc",
        help="Tóncc, the second game: play, simulate, replay, render",
        description="Tóncc (Davide Bassanelli): three Kings, simultaneous secret moves, "
        "a 19-cell board and a Map of Kingdoms.",
    )
    parser.set_defaults(run=_no_command)
    commands = parser.add_subparsers(
        dest="toncc_command", metavar="COMMAND", parser_class=type(parser)
    )
    add_toncc_alias(commands)
    _add_simulate(commands)
    _add_replay(commands)
    _add_render(commands)


def _no_command(args: argparse.Namespace) -> int:
    raise CliError("choose a command: play, simulate, replay, render (try --help)")


# ------------------------------------------------------------------ simulate


def _add_simulate(sub: Any) -> None:
    parser = sub.add_parser(
        "simulate",
        help="play many seeded Tóncc games between bots and sum up the results",
        description="Play seeded games between bots. The line-up of bots at the three "
        "seats goes through every distinct order in turn, and the colour draw through "
        "the six seatings in turn, so every bot plays every King equally often (exactly, "
        "when the number of games is a multiple of 6 times the number of orders; with "
        "--rule colour_draw=fixed, of the number of orders). Prints wins (outright and "
        "shared, counted in games) and tóncc points by bot, then by King.",
    )
    parser.add_argument(
        "--games",
        type=whole_number(1, MAX_GAMES),
        default=100,
        metavar="N",
        help="number of games (default 100)",
    )
    parser.add_argument(
        "--bots",
        default="random,greedy",
        metavar="LIST",
        help="comma-separated bots (random, greedy), rotated through the "
        "Kings (default random,greedy)",
    )
    parser.add_argument(
        "--seed",
        type=whole_number(-(2**63), 2**63),
        default=1,
        metavar="N",
        help="seed of the first game (default 1)",
    )
    parser.add_argument(
        "--jobs",
        type=whole_number(1, MAX_JOBS),
        default=1,
        metavar="J",
        help="worker processes (default 1); results do not depend on it",
    )
    parser.add_argument("--json", action="store_true", help="print a JSON document")
    add_rules_option(parser)
    parser.set_defaults(run=_run_simulate)


def line_ups(names: list[str]) -> list[tuple[str, str, str]]:
    """Every distinct order of the bots at the three seats, in a fixed order.

    The bots fill the seats from ``names``, repeated as needed; a game ``g``
    uses ``line_ups(names)[g % len(line_ups(names))]``.

    >>> line_ups(["random", "greedy"])
    [('random', 'greedy', 'random'), ('random', 'random', 'greedy'), ('greedy', 'random', 'random')]
    """
    base = tuple(names[i % len(names)] for i in range(3))
    found: list[tuple[str, str, str]] = []
    for a, b, c in itertools.permutations(base):
        if (a, b, c) not in found:
            found.append((a, b, c))
    return found


def play_bot_game(
    bots: tuple[str, ...],
    seed: str,
    rules: TonccRules | None = None,
    seating: int | None = None,
) -> dict[str, Any]:
    """One game between the named bots (by player), seeded by ``seed``; its result as data.

    ``kings[p]`` is the King player ``p`` drew; ``winners`` and ``toncc``
    are by player. ``seating`` (an index into
    :data:`~tongiaki_rules.toncc.SEATINGS`) sets the colour draw instead of
    drawing it, as a simulation that spreads the Kings evenly does.

    >>> game = play_bot_game(("greedy", "random", "random"), "1:0")
    >>> game["turns"] > 0, sorted(game["kings"])
    (True, [0, 1, 2])
    """
    rng = random.Random(seed)
    players = [make_bot(name, rng.randrange(2**32)) for name in bots]
    state = new_game(rules)
    if seating is not None and state.is_colour_draw:
        state = state.apply_chance(DrawColours(SEATINGS[seating]))
    turns = 0
    while not state.is_terminal:
        state = state.resolve_chance(rng)
        state = state.apply_joint(
            {k: players[state.player_of(k)].choose(state, k) for k in state.active_kings}
        )
        turns += 1
    kings = [state.king_of(p) for p in range(3)]
    return {
        "bots": list(bots),
        "kings": [k.value for k in kings],
        "winners": [p for p in range(3) if kings[p] in state.winners()],
        "toncc": [state.toncc_totals[k.value] for k in kings],
        "turns": turns,
    }


def _run_simulate(args: argparse.Namespace) -> int:
    return run_simulation(
        parse_bots(args.bots), rules_of(args.rule), args.games, args.seed, args.jobs, args.json
    )


def run_simulation(
    names: list[str], rules: TonccRules, games: int, seed: int, jobs: int, as_json: bool
) -> int:
    """Play ``games`` seeded games between the named bots and print the summary (0).

    ``tongiaki toncc simulate`` and ``tongiaki simulate --game toncc`` both
    run it; ``jobs`` worker processes play the games when it is over 1.
    """
    orders = line_ups(names)
    line_up = [orders[game % len(orders)] for game in range(games)]
    seatings = [(game // len(orders)) % len(SEATINGS) for game in range(games)]
    seeds = [f"{seed}:{game}" for game in range(games)]
    rules_list = [rules] * games
    if jobs > 1:
        # imported here: only --jobs > 1 needs worker processes (WebAssembly builds have none)
        from concurrent.futures import ProcessPoolExecutor

        with ProcessPoolExecutor(max_workers=jobs) as pool:
            played = list(
                pool.map(play_bot_game, line_up, seeds, rules_list, seatings, chunksize=8)
            )
    else:
        played = [
            play_bot_game(*game) for game in zip(line_up, seeds, rules_list, seatings, strict=True)
        ]
    summary = _summary(played, names)
    if as_json:
        document = {
            "schema": "toncc-simulation",
            "games": games,
            "seed": seed,
            "bots": names,
            "rules": {k: str(getattr(v, "value", v)) for k, v in rules.changed().items()},
            **summary,
        }
        print(json.dumps(document, indent=2, ensure_ascii=False))
        return 0
    print(f"Tóncc: {games} games, bots {','.join(names)}, seed {seed}")
    print(f"{'bot':<8} {'seats':>6} {'wins':>6} {'shared':>7} {'win %':>6} {'tóncc/game':>11}")
    for name, row in summary["by_bot"].items():
        print(
            f"{name:<8} {row['seats']:>6} {row['wins']:>6} {row['shared_wins']:>7} "
            f"{row['win_rate'] * 100:>6.1f} {row['toncc_per_game']:>11.2f}"
        )
    print(f"{'King':<8} {'games':>6} {'wins':>6} {'shared':>7} {'win %':>6} {'tóncc/game':>11}")
    for name, row in summary["by_king"].items():
        print(
            f"{name:<8} {row['games']:>6} {row['wins']:>6} {row['shared_wins']:>7} "
            f"{row['win_rate'] * 100:>6.1f} {row['toncc_per_game']:>11.2f}"
        )
    print(f"Turns per game: {summary['turns_per_game']:.1f}; shared wins: {summary['shared_wins']}")
    return 0


def _summary(games: list[dict[str, Any]], names: list[str]) -> dict[str, Any]:
    """Counts by bot and by King: whole numbers of seats, wins, shared wins and tóncc points.

    A win shared by two or three players counts as a shared win for each, not
    as a fraction; the rates are rounded to 4 places.
    """
    empty = {"games": 0, "wins": 0, "shared_wins": 0, "toncc": 0}
    by_bot = {name: dict(empty) for name in dict.fromkeys(names)}
    by_king = {k.name.lower(): dict(empty) for k in KINGS}
    as_king = {name: dict.fromkeys(by_king, 0) for name in by_bot}
    for game in games:
        alone = len(game["winners"]) == 1
        for player in range(3):
            as_king[game["bots"][player]][KINGS[game["kings"][player]].name.lower()] += 1
            rows = (
                by_bot[game["bots"][player]],
                by_king[KINGS[game["kings"][player]].name.lower()],
            )
            for row in rows:
                row["games"] += 1
                row["toncc"] += game["toncc"][player]
                if player in game["winners"]:
                    row["wins" if alone else "shared_wins"] += 1
    return {
        "by_bot": {
            name: {**_rates(row, "seats"), "as_king": as_king[name]} for name, row in by_bot.items()
        },
        "by_king": {name: _rates(row, "games") for name, row in by_king.items()},
        "turns_per_game": round(sum(g["turns"] for g in games) / len(games), 4),
        "shared_wins": sum(1 for g in games if len(g["winners"]) > 1),
    }


def _rates(row: dict[str, int], count_name: str) -> dict[str, Any]:
    count = row["games"]
    return {
        count_name: count,
        "wins": row["wins"],
        "shared_wins": row["shared_wins"],
        "toncc": row["toncc"],
        "win_rate": round(row["wins"] / count, 4) if count else 0.0,
        "toncc_per_game": round(row["toncc"] / count, 4) if count else 0.0,
    }


# ------------------------------------------------------------------ replay and render


def read_toncc_record(path: str) -> TonccRecord:
    """The record in ``path`` (``-``: stdin); :class:`CliError` saying what is wrong."""
    text = read_text(path)
    try:
        return TonccRecord.from_json(text)
    except TongiakiError as exc:
        raise CliError(f"{path} is not a valid Tóncc record: {exc}") from None


def _add_replay(sub: Any) -> None:
    parser = sub.add_parser(
        "replay",
        help="tell a Tóncc record turn by turn",
        description="Replay a Tóncc record (checking every turn) and tell "
        "it turn by turn, then show the final position.",
    )
    parser.add_argument("file", metavar="FILE", help="a Tóncc record JSON file, - for stdin")
    parser.set_defaults(run=_run_replay)


def _run_replay(args: argparse.Namespace) -> int:
    record = read_toncc_record(args.file)
    state = new_game(record.rules, record.toncc_map)
    if record.seating is not None:
        state = state.apply_chance(DrawColours(record.seating))
    if state.seating is not None:
        print(tell_draw(state))
    for k, log in enumerate(record.challenges):
        state = state.dealt(log.layout)
        print(f"== Challenge {k + 1} of 3 ==")
        for joint in log.turns:
            moves = _moves_of(joint)
            before = state
            state, report = state.apply_joint_with_report(joint)
            print(f"Turn {before.turn + 1}: " + "\n".join(tell_turn(before, moves, report)))
            if report.challenge_over:
                print("\n".join(tell_challenge_end(state)))
    print()
    print(render_text(state))
    return 0


def _moves_of(joint: JointAction) -> dict[King, Move]:
    return {k: m for k in KINGS if (m := joint.move_of(k)) is not None}


def _add_render(sub: Any) -> None:
    parser = sub.add_parser(
        "render",
        help="draw a Tóncc record's position as SVG or text",
        description="Draw the position of a Tóncc record after --step K "
        "steps (shuffles and turns; default all) as SVG or text.",
    )
    parser.add_argument("file", metavar="FILE", help="a Tóncc record JSON file, - for stdin")
    parser.add_argument(
        "--format", choices=("svg", "text"), default="svg", help="an SVG document (default) or text"
    )
    parser.add_argument(
        "--step",
        type=whole_number(0, 10**6),
        default=None,
        metavar="K",
        help="the position after the first K steps (default: the last)",
    )
    parser.add_argument(
        "-o", "--output", default="-", metavar="OUT", help="where to write (default: stdout)"
    )
    parser.set_defaults(run=_run_render)


def _run_render(args: argparse.Namespace) -> int:
    record = read_toncc_record(args.file)
    states = record.states()
    step = len(states) - 1 if args.step is None else args.step
    if step >= len(states):
        raise CliError(
            f"--step {step}: the record has {len(states) - 1} steps; choose 0 to {len(states) - 1}"
        )
    state = states[step]
    if args.format == "text":
        text = render_text(state) + "\n"
    else:
        text = render_toncc_svg(state, f"Tóncc, step {step} of {len(states) - 1}")
    write_text(args.output, text)
    return 0
