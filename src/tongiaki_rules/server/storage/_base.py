"""What every storage shares: the :class:`Storage` protocol, its records and its errors.

A game is its settings (the ``tongiaki-record`` document of the game with
no actions yet), its seats, its secret seed and its moves, numbered from 0.
Moves are only ever appended, and appending move ``n`` fails when another
writer already stored a move ``n``: two server processes sharing one
database can never both accept a move for the same position. A seat holds
at most one token (its hash): claiming sets it only where none is, leaving
clears it only for that token, and a player's move is stored only in a
transaction that finds the seat still holding the token it was made with
(:class:`SeatLost` otherwise). A game's bots are driven by one process at a
time, the holder of its *lease* (a row with an expiry time).

>>> StoredSeat(0, "human", None, False).claimed
False
"""

from __future__ import annotations

import json
import os
from collections.abc import Callable, Collection, Mapping, Sequence
from pathlib import Path
from typing import Any, Protocol

import attrs

__all__ = [
    "BucketUpdate",
    "CorruptGame",
    "GameSummary",
    "LeaseHeld",
    "SeatLost",
    "SocketCheck",
    "Storage",
    "StorageError",
    "StorageUnavailable",
    "StoredGame",
    "StoredSeat",
    "default_db_path",
    "dump_json",
]


BucketUpdate = Callable[[tuple[float, float] | None], tuple[float, float, float]]
"""What :meth:`Storage.update_bucket` runs: the stored ``(tokens, stamp)`` or ``None``, to
the new ``(tokens, stamp, expires)``."""

SocketCheck = Callable[[int, int], None]
"""What :meth:`Storage.count_sockets` asks: ``check(of_address, in_all)``, the sockets the
other processes hold; it raises to refuse."""


def default_db_path() -> Path:
    """``$XDG_DATA_HOME/tongiaki/games.sqlite3``, or ``~/.local/share/tongiaki/games.sqlite3``.

    >>> default_db_path().name
    'games.sqlite3'
    """
    base = os.environ.get("XDG_DATA_HOME") or str(Path.home() / ".local" / "share")
    return Path(base) / "tongiaki" / "games.sqlite3"


class StorageError(Exception):
    """A fault of the database (not of the request)."""


class StorageUnavailable(StorageError):
    """The database cannot take a write now: its file is gone, replaced or read-only, or full.

    The message is for the server's log, and may name the file or the (masked)
    database URL; ``public`` says the problem as an answer to a client may,
    naming neither.

    >>> problem = StorageUnavailable("the disk of /srv/g.sqlite3 is full", "the disk is full")
    >>> str(problem), problem.public
    ('the disk of /srv/g.sqlite3 is full', 'the disk is full')
    """

    def __init__(self, message: str, public: str = "the database cannot take a write now") -> None:
        super().__init__(message)
        self.public = public


class CorruptGame(StorageError):
    """The stored rows of one game cannot be read; ``game_id`` names it."""

    def __init__(self, game_id: str, problem: str) -> None:
        super().__init__(f"game {game_id} cannot be read: {problem}")
        self.game_id = game_id


class SeatLost(Exception):
    """The token a move was made with no longer holds its seat (it was left, maybe claimed
    again by someone else) when the move was to be stored: nothing was stored.

    >>> str(SeatLost("g-1", 0))
    'seat 0 of game g-1 no longer holds that token'
    """

    def __init__(self, game_id: str, seat: int) -> None:
        super().__init__(f"seat {seat} of game {game_id} no longer holds that token")
        self.game_id = game_id
        self.seat = seat


class LeaseHeld(Exception):
    """Another driver holds the game's bot-driving lease: the moves a driver meant to store
    with it were not stored.

    >>> str(LeaseHeld("g-1"))
    "another process drives game g-1's bots now"
    """

    def __init__(self, game_id: str) -> None:
        super().__init__(f"another process drives game {game_id}'s bots now")
        self.game_id = game_id


@attrs.frozen
class StoredSeat:
    """One seat of a stored game: ``kind`` is ``"human"`` or ``"bot"`` (``bot``: its spec).

    ``claimed``: whether the seat holds a token; ``invite``: the hash of the
    invitation code a claimer must bring (an unlisted game's seats), or ``None``;
    ``name``: the name its holder gave (checked by the service), or ``None``.
    """

    seat: int
    kind: str
    bot: str | None
    claimed: bool
    invite: str | None = None
    name: str | None = None


@attrs.frozen
class StoredGame:
    """A stored game without its moves: settings document, seats, secret seed, listing, and
    which game of the package it is (``"tongiaki"`` or ``"toncc"``; rows stored before the
    server hosted Tóncc read as Tongiaki)."""

    id: str
    created: float
    settings: dict[str, Any]
    seats: tuple[StoredSeat, ...]
    seed: int
    unlisted: bool = False
    game: str = "tongiaki"


@attrs.frozen
class GameSummary:
    """A game as the lobby lists it: the stored game, its number of moves, whether it is over."""

    game: StoredGame
    moves: int
    over: bool


class Storage(Protocol):
    """What the game service needs from a database. Every method is safe to call from any thread.

    ``append_moves`` is the one guard of durability and of races: it stores
    moves ``first, first + 1, ...`` in one transaction, and returns ``False``
    (storing nothing) when move ``first`` already exists. A write that cannot
    be made durable raises :class:`StorageUnavailable`; a game whose rows
    cannot be read raises :class:`CorruptGame`.
    """

    def add_game(
        self,
        game: StoredGame,
        tokens: Sequence[tuple[int, str]],
        moves: Sequence[dict[str, Any]],
        *,
        over: bool,
    ) -> None:
        """Store a new game, the token hashes of its claimed seats and its first moves."""

    def game(self, game_id: str) -> StoredGame | None:
        """The stored game, or ``None``."""

    def games(self, limit: int, before: str | None = None) -> list[GameSummary]:
        """Up to ``limit`` listed games, newest first; older than game ``before`` if given.

        A game whose row cannot be read is left out (and logged).
        """

    def is_over(self, game_id: str) -> bool:
        """Whether the game is stored as over."""

    def token_hashes(self, game_id: str) -> list[tuple[int, str]]:
        """The ``(seat, token hash)`` of every seat that holds a token."""

    def claim_seat(self, game_id: str, seat: int, token_hash: str, name: str | None = None) -> bool:
        """Give a free human seat the token hash and its holder's ``name``; ``False`` if it
        holds one already. Leaving the seat clears the name."""

    def leave_seat(self, game_id: str, seat: int, token_hash: str) -> bool:
        """Free the seat if it holds exactly this token hash (dropping its secret choices, in
        the same transaction); ``False`` otherwise."""

    def moves(self, game_id: str, first: int = 0) -> list[dict[str, Any]]:
        """The stored moves from number ``first`` on, in order."""

    def add_snapshot(self, game_id: str, n: int, snapshot: Mapping[str, Any]) -> None:
        """Keep ``snapshot``, the game after ``n`` moves, instead of the game's older ones (a
        second one at ``n`` is ignored)."""

    def snapshot(self, game_id: str) -> tuple[int, Any] | None:
        """The game's latest snapshot with its number of moves, or ``None``."""

    def unfinished_bot_games(self, limit: int) -> list[str]:
        """The ids of the newest ``limit`` games not over that have a bot seat, newest first."""

    def append_moves(
        self,
        game_id: str,
        first: int,
        moves: Sequence[dict[str, Any]],
        *,
        over: bool,
        holder: tuple[int, str] | None = None,
        lease: tuple[str, float | None] | None = None,
    ) -> bool:
        """Store moves ``first, ...`` in one transaction; ``False`` if move ``first`` exists.

        ``holder`` (a seat and a token hash): the moves are a player's, stored only if that
        seat holds that token hash in the same transaction; else :class:`SeatLost`.

        ``lease`` (a driver's name and seconds): the moves are a bot driver's, stored only
        if the game's lease is free, expired or that driver's, in the same transaction
        (else :class:`LeaseHeld`, nothing stored); the driver then holds it for that many
        seconds more (:meth:`claim_lease`), or gives it up with ``None`` (:meth:`release_lease`):
        one write where a claim, the moves and a release took three.
        """

    def add_choice(
        self,
        game_id: str,
        n: int,
        seat: int,
        choice: dict[str, Any],
        *,
        token_hash: str | None = None,
    ) -> bool:
        """Store ``seat``'s secret choice for the decision at move ``n`` (players choosing at
        once); ``False`` (storing nothing) if that seat has chosen there already.

        ``token_hash``: stored only if the seat holds it, in the same transaction; else
        :class:`SeatLost`.
        """

    def choices(self, game_id: str, n: int) -> dict[int, dict[str, Any]]:
        """The secret choices stored for the decision at move ``n``, by seat."""

    def check_writable(self) -> None:
        """Make a small durable write; raise :class:`StorageUnavailable` if it cannot be made."""

    def check_unchanged(self) -> None:
        """Raise :class:`StorageUnavailable` at once, writing nothing, if the database is known
        to be lost (an SQLite file deleted, replaced or made read-only); cheap enough for every
        call of ``GET /api/health``."""

    def claim_lease(self, game_id: str, holder: str, seconds: float) -> bool:
        """Hold the game's bot-driving lease for ``seconds`` more, if it is free, expired or
        ``holder``'s already; ``False`` while another holder's lease runs."""

    def release_lease(self, game_id: str, holder: str) -> None:
        """Give the lease up if ``holder`` holds it (another holder's lease is kept)."""

    def update_bucket(self, key: str, now: float, update: BucketUpdate) -> None:
        """Run ``update`` on the rate bucket ``key`` in one transaction that no other
        process's update of any bucket interleaves with, and keep what it answers.

        ``update`` gets the stored ``(tokens, stamp)`` (``None`` if there is none, or it
        expired before ``now``) and answers the new ``(tokens, stamp, expires)``; if it
        raises, nothing changes and the exception goes on. Expired buckets are dropped.
        """

    def count_sockets(
        self,
        holder: str,
        address: str,
        held: int,
        now: float,
        lease: float,
        check: SocketCheck | None = None,
    ) -> None:
        """Record that ``holder`` (one server process) holds ``held`` WebSockets of
        ``address`` for ``lease`` seconds from ``now`` (seconds since the epoch; renewed by
        :meth:`renew_sockets`), in one transaction that no other process's count
        interleaves with.

        With ``check``, rows expired at ``now`` (of a process that died) are dropped first;
        ``check`` then gets
        the sockets the *other* holders hold of ``address`` and in all, and may raise to
        refuse (nothing changes).
        """

    def renew_sockets(self, holder: str, held: Mapping[str, int], until: float) -> None:
        """Replace ``holder``'s rows by ``held`` (sockets by address), all running until
        ``until``; ``{}`` gives them all up."""

    def watch_moves(
        self, notify: Callable[[str, int], None], watched: Callable[[], Collection[str]]
    ) -> Callable[[], None]:
        """Call ``notify(game_id, moves)`` for moves other processes store in the ``watched()``
        games (from a background thread); the answer stops it."""

    def close(self) -> None:
        """Let go of the database's connections (and stop watching)."""


def dump_json(value: object) -> str:
    """The compact ASCII JSON text both storages keep.

    >>> dump_json({"type": "SetupPlace", "beach": 0})
    '{"type":"SetupPlace","beach":0}'
    """
    return json.dumps(value, separators=(",", ":"), ensure_ascii=True)
