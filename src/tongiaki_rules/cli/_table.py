"""Who sits where for ``tongiaki play``, and with which seed: a new game, a resumed one, a position.

:func:`set_table` reads the options of ``tongiaki play`` and returns a
:class:`Table`: the :class:`~tongiaki_rules.Recorder` of the game, the seats
played at the terminal, the bots of the other seats and the random source of
the tiles drawn.

The record ``tongiaki play`` writes (``--record``, ``save``) keeps the seats
and the seed in its metadata, so that ``--resume`` can sit everyone down
again: ``seed`` (the seed of the session that started the game), ``seatN``
(``"human"`` or the bot spec of seat N, such as ``"mcts:iterations=100"``)
and ``seatN_seed`` (the seed of that bot). A resumed game draws its tiles and
seeds its bots from :func:`resume_seed` of ``seed`` and the number of moves
already played, so resuming the same record twice with the same answers
plays the same game.

>>> resume_seed(5, 40) == resume_seed(5, 40) != resume_seed(5, 41)
True
"""

from __future__ import annotations

import argparse
import hashlib
import random
from collections.abc import Mapping

import attrs

from ..bots import Bot, make_bot
from ..bots._checks import MAX_SEED
from ..errors import TongiakiError
from ..record import GameRecord, Recorder
from ._common import (
    CliError,
    is_file_name,
    read_position,
    read_record,
    rules_from_args,
    shown_text,
)

__all__ = [
    "DEFAULT_BOTS",
    "DEFAULT_HUMAN",
    "DEFAULT_PLAYERS",
    "HUMAN",
    "Table",
    "bot_seed",
    "bot_specs",
    "human_seats",
    "resume_seed",
    "set_table",
]

DEFAULT_PLAYERS = 4
"""Players of a new game when ``--players`` is not given."""
DEFAULT_HUMAN = "0"
"""The seats played at the terminal when ``--human`` is not given."""
DEFAULT_BOTS = "random"
"""The bots of the other seats when ``--bots`` is not given."""
HUMAN = "human"
"""The metadata value of a seat played at the terminal."""


@attrs.frozen
class Table:
    """A game ready to be played: its recorder, who plays which seat, and the draws.

    ``resumed`` is the number of moves the game had when it was resumed
    (0 for a game that starts here); ``origin`` says in words where the
    game comes from (``None`` for a new game).
    """

    recorder: Recorder
    humans: frozenset[int]
    bots: Mapping[int, Bot]
    seed: int
    draws: random.Random
    resumed: int = 0
    origin: str | None = None


def set_table(args: argparse.Namespace) -> Table:
    """The game ``tongiaki play`` was asked for: new, ``--resume RECORD`` or ``--from POSITION``.

    Options that would change what the record or the position already fix
    (the players, the start player, the rules; for a resumed game also the
    seats and the seed it recorded) raise :class:`CliError`.
    """
    if args.resume is not None and args.position is not None:
        raise CliError("--resume and --from cannot go together: choose one")
    if args.resume is not None:
        return _resumed(args)
    if args.position is not None:
        return _from_position(args)
    return _new(args)


# ====================================================================== a new game
def _new(args: argparse.Namespace) -> Table:
    players: int = DEFAULT_PLAYERS if args.players is None else args.players
    if not 2 <= players <= 6:
        raise CliError(f"--players must be 2 to 6, not {players}")
    rules = rules_from_args(args, players)
    start_player = 0 if args.start_player is None else args.start_player
    humans, specs, seed = _seating(args, players)
    metadata = _seat_metadata(players, humans, specs, seed)
    recorder = Recorder(players, rules, start_player=start_player, metadata=metadata)
    return Table(recorder, humans, _bots(specs, seed), seed, random.Random(seed))


def _seating(args: argparse.Namespace, players: int) -> tuple[frozenset[int], dict[int, str], int]:
    """The human seats, the bot spec of every other seat and the seed, from the options."""
    humans = human_seats(DEFAULT_HUMAN if args.human is None else args.human, players)
    specs = bot_specs(DEFAULT_BOTS if args.bots is None else args.bots)
    others = [seat for seat in range(players) if seat not in humans]
    seat_specs = {seat: specs[k % len(specs)] for k, seat in enumerate(others)}
    return humans, seat_specs, _seed(args)


def _seed(args: argparse.Namespace) -> int:
    if args.seed is None:
        return random.SystemRandom().randrange(10**6)
    if not 0 <= args.seed < MAX_SEED:
        raise CliError(f"--seed must be a whole number from 0 to 2**64 - 1, not {args.seed}")
    seed: int = args.seed
    return seed


def _seat_metadata(
    players: int, humans: frozenset[int], specs: Mapping[int, str], seed: int
) -> dict[str, str | int]:
    metadata: dict[str, str | int] = {"seed": seed}
    for seat in range(players):
        if seat in humans:
            metadata[f"seat{seat}"] = HUMAN
        else:
            metadata[f"seat{seat}"] = specs[seat]
            metadata[f"seat{seat}_seed"] = bot_seed(seed, seat)
    return metadata


def _bots(specs: Mapping[int, str], seed: int) -> dict[int, Bot]:
    return {seat: make_bot(spec, seed=bot_seed(seed, seat)) for seat, spec in specs.items()}


# ====================================================================== a position
def _from_position(args: argparse.Namespace) -> Table:
    _refuse_settings(args, "--from", "the position")
    state = read_position(args.position)
    if state.is_terminal:
        raise CliError(
            f"--from {args.position}: the position is a finished game: there is nothing left "
            "to play"
        )
    humans, specs, seed = _seating(args, state.num_players)
    metadata = _seat_metadata(state.num_players, humans, specs, seed)
    recorder = Recorder.from_state(state, metadata=metadata)
    if args.position == "-":
        origin = "Starting from the position read from standard input"
    elif is_file_name(args.position):
        origin = f"Starting from the position in {args.position}"
    else:
        origin = f"Starting from the position with the code {shown_text(args.position)}"
    return Table(recorder, humans, _bots(specs, seed), seed, random.Random(seed), origin=origin)


def _refuse_settings(args: argparse.Namespace, option: str, what: str) -> None:
    given = [
        name
        for name, value in (
            ("--players", args.players),
            ("--start-player", args.start_player),
            ("--rule", args.rule or None),
            ("--rody", args.rody or None),
            ("--two-colour", args.two_colour or None),
        )
        if value is not None
    ]
    if given:
        raise CliError(
            f"{given[0]} cannot go with {option}: {what} fixes the players, "
            "the start player and the rules"
        )


# ====================================================================== a record
def _resumed(args: argparse.Namespace) -> Table:
    _refuse_settings(args, "--resume", "the record")
    path = args.resume
    record = read_record(path)
    try:
        recorder = Recorder.resume(record)
    except TongiakiError as exc:
        raise CliError(f"--resume {path}: {exc}") from None
    moves = len(recorder.actions)
    if recorder.state.is_terminal:
        raise CliError(
            f"--resume {path}: the game is over (after {moves} moves): there is nothing "
            f"left to play; watch it with: tongiaki replay {path}"
        )
    players = recorder.state.num_players
    seats = _recorded_seats(record, path)
    if seats is None:
        humans, specs, seed = _seating(args, players)
        if "seed" in record.metadata:
            seed = _recorded_seed(record, path, args)
        seating: dict[str, str | int] = {
            f"seat{seat}": HUMAN if seat in humans else specs[seat] for seat in range(players)
        }
        for key, value in {"seed": seed, **seating}.items():
            recorder.metadata.setdefault(key, value)
    else:
        for name, value in (("--human", args.human), ("--bots", args.bots)):
            if value is not None:
                raise CliError(
                    f"{name} cannot go with --resume {path}: the record keeps its seats "
                    "(metadata seat0, seat1, ...)"
                )
        humans, specs = seats
        seed = _recorded_seed(record, path, args)
    later = resume_seed(seed, moves)
    origin = f"Resuming the game in {path} after {moves} moves"
    return Table(recorder, humans, _bots(specs, later), seed, random.Random(later), moves, origin)


def _recorded_seats(record: GameRecord, path: str) -> tuple[frozenset[int], dict[int, str]] | None:
    """The seats a record's metadata names (``None`` if it names none of them)."""
    meta = record.metadata
    keys = [f"seat{seat}" for seat in range(record.num_players)]
    if not any(key in meta for key in keys):
        return None
    humans: set[int] = set()
    specs: dict[int, str] = {}
    for seat, key in enumerate(keys):
        value = meta.get(key)
        if not isinstance(value, str):
            shown = "missing" if value is None else f"{value!r} is not text"
            raise CliError(
                f"--resume {path}: metadata.{key}: {shown}; each seat is {HUMAN!r} or a bot spec"
            )
        if value == HUMAN:
            humans.add(seat)
            continue
        try:
            make_bot(value, seed=0)
        except TongiakiError as exc:
            raise CliError(f"--resume {path}: metadata.{key}: {exc}") from None
        specs[seat] = value
    return frozenset(humans), specs


def _recorded_seed(record: GameRecord, path: str, args: argparse.Namespace) -> int:
    value = record.metadata.get("seed")
    if value is None:
        return _seed(args)
    if args.seed is not None:
        raise CliError(
            f"--seed cannot go with --resume {path}: the record keeps its seed ({value})"
        )
    if not isinstance(value, int) or not 0 <= value < MAX_SEED:
        raise CliError(
            f"--resume {path}: metadata.seed: expected a whole number from 0 to 2**64 - 1, "
            f"not {value!r}"
        )
    return value


# ====================================================================== seats and seeds
def human_seats(text: str, players: int) -> frozenset[int]:
    """The seats ``--human`` names: ``"0,2"``, ``"all"`` or ``"none"``.

    >>> sorted(human_seats("2, 0", 4)), human_seats("none", 4), len(human_seats("all", 3))
    ([0, 2], frozenset(), 3)
    """
    word = text.strip().lower()
    if word == "none":
        return frozenset()
    if word == "all":
        return frozenset(range(players))
    seats: set[int] = set()
    for part in word.split(","):
        item = part.strip()
        if not item.isdigit():
            raise CliError(f"--human: {item!r} is not a seat number (or use all or none)")
        seat = int(item)
        if seat >= players:
            raise CliError(f"--human: there is no seat {seat} with {players} players")
        seats.add(seat)
    return frozenset(seats)


def bot_specs(text: str) -> list[str]:
    """The bot specs of ``--bots``, each checked by building the bot once.

    >>> bot_specs("random, mcts:iterations=50")
    ['random', 'mcts:iterations=50']
    """
    specs = [part.strip() for part in text.split(",")]
    for spec in specs:
        if not spec:
            raise CliError(f"--bots: empty bot name in {text!r}")
        make_bot(spec, seed=0)
    return specs


def bot_seed(seed: int, seat: int) -> int:
    """The seed of the bot in ``seat`` for the game ``seed`` (the draws use ``seed`` itself).

    >>> bot_seed(1, 0) != bot_seed(1, 1), bot_seed(1, 0) == bot_seed(1, 0)
    (True, True)
    """
    return _digest(f"tongiaki-play/{seed}/seat{seat}")


def resume_seed(seed: int, moves: int) -> int:
    """The seed a game of ``seed`` goes on with when resumed after ``moves`` moves.

    The tiles drawn use it, the bots :func:`bot_seed` of it.

    >>> 0 <= resume_seed(8, 12) < 2**64
    True
    """
    return _digest(f"tongiaki-play/{seed}/resumed-after/{moves}")


def _digest(text: str) -> int:
    return int.from_bytes(hashlib.sha256(text.encode()).digest()[:8], "big")
