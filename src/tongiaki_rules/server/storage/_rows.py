"""The rows both storages keep, turned into records and back: one reading for SQLite and PostgreSQL.

The two storages differ in how they reach their database (a file per thread,
a pool of connections) and in their SQL dialect; what a row means does not.

>>> game = StoredGame("g-1", 0.0, {}, (StoredSeat(0, "human", None, False),), 7)
>>> seat_rows(game, [(0, "hash")])
[('g-1', 0, 'human', None, 'hash', True, None, None)]
>>> move_rows("g-1", 3, [{"type": "SetupPlace", "beach": 0}])
[('g-1', 3, '{"type":"SetupPlace","beach":0}')]
"""

from __future__ import annotations

import json
import logging
from collections.abc import Callable, Iterable, Sequence
from typing import Any

from ._base import CorruptGame, GameSummary, StoredGame, StoredSeat, dump_json

__all__ = [
    "GAME_COLUMNS",
    "GAME_WIDTH",
    "SEAT_COLUMNS",
    "choice_rows",
    "decoded_choices",
    "decoded_moves",
    "move_rows",
    "seat_rows",
    "seats_json",
    "stored_game",
    "summaries",
]

GAME_COLUMNS = "id, created, settings, seed, unlisted, game"
"""The columns of ``games`` that :func:`stored_game` reads, in its order."""

GAME_WIDTH = len(GAME_COLUMNS.split(", "))
"""How many columns :data:`GAME_COLUMNS` names."""

SEAT_COLUMNS = "seat, kind, bot, token_hash IS NOT NULL, invite_hash, name"
"""The columns of ``seats`` that :func:`stored_game` reads, in its order."""

_log = logging.getLogger(__name__)


def stored_game(row: Sequence[Any], seats: Sequence[Sequence[Any]]) -> StoredGame:
    """The game of a ``games`` row (:data:`GAME_COLUMNS`) and its ``seats`` rows
    (:data:`SEAT_COLUMNS`, in seat order); rows that make no sense raise
    :class:`~.base.CorruptGame`.

    >>> stored_game(("g-1", 0.0, "[]", 7, False, "tongiaki"), [(0, "human", None, False, None)])
    Traceback (most recent call last):
    ...
    tongiaki_rules.server.storage._base.CorruptGame: game g-1 cannot be read: the settings are \
not a JSON object
    """
    try:
        settings = json.loads(row[2])
        if not isinstance(settings, dict):
            raise ValueError("the settings are not a JSON object")
        if type(row[3]) is not int or type(row[1]) not in (int, float):
            raise ValueError("the seed or creation time is not a number")
        if [s[0] for s in seats] != list(range(len(seats))) or not seats:
            raise ValueError("the seats are not numbered 0, 1, ...")
        if not isinstance(row[5], str):
            raise ValueError("the game's name is not text")
        return StoredGame(
            id=row[0],
            created=float(row[1]),
            settings=settings,
            seats=tuple(StoredSeat(s[0], s[1], s[2], bool(s[3]), s[4], s[5]) for s in seats),
            seed=row[3],
            unlisted=bool(row[4]),
            game=row[5],
        )
    except (ValueError, TypeError) as exc:
        raise CorruptGame(str(row[0]), str(exc)) from None


def summaries(
    rows: Iterable[Sequence[Any]], read: Callable[[Sequence[Any]], StoredGame]
) -> list[GameSummary]:
    """The lobby's lines from rows of :data:`GAME_COLUMNS` followed by ``over`` and the number
    of moves; ``read`` makes the game of the first :data:`GAME_WIDTH`. A game that cannot be
    read is left out (and logged), so that the lobby lists the others."""
    found = []
    for row in rows:
        try:
            over, moves = row[GAME_WIDTH], row[GAME_WIDTH + 1]
            found.append(GameSummary(read(row[:GAME_WIDTH]), int(moves), bool(over)))
        except CorruptGame as exc:
            _log.error("%s; the lobby leaves it out", exc)
    return found


def seats_json(game: StoredGame) -> str:
    """The seats as the ``games`` row keeps them (a record of how the game was set up)."""
    return dump_json(
        [
            {"seat": s.seat, "kind": s.kind, "bot": s.bot, "claimed": s.claimed, "invite": s.invite}
            for s in game.seats
        ]
    )


def seat_rows(game: StoredGame, tokens: Sequence[tuple[int, str]]) -> list[tuple[Any, ...]]:
    """The ``seats`` rows of a new game: ``(game_id, seat, kind, bot, token_hash, claimed,
    invite_hash, name)``, a token hash (and the name) where the creator holds the seat."""
    held = dict(tokens)
    return [
        (
            game.id,
            s.seat,
            s.kind,
            s.bot,
            held.get(s.seat),
            s.seat in held,
            s.invite,
            s.name if s.seat in held else None,
        )
        for s in game.seats
    ]


def move_rows(
    game_id: str, first: int, moves: Sequence[dict[str, Any]]
) -> list[tuple[str, int, str]]:
    """The ``moves`` rows ``(game_id, n, action)`` of moves ``first, first + 1, ...``."""
    return [(game_id, first + k, dump_json(move)) for k, move in enumerate(moves)]


def decoded_moves(game_id: str, texts: Iterable[Sequence[Any]]) -> list[dict[str, Any]]:
    """The moves of rows ``(action,)``; one that is not JSON raises :class:`~.base.CorruptGame`.

    >>> decoded_moves("g-1", [("{nope",)])
    Traceback (most recent call last):
    ...
    tongiaki_rules.server.storage._base.CorruptGame: game g-1 cannot be read: a move is not JSON \
(Expecting property name enclosed in double quotes: line 1 column 2 (char 1))
    """
    try:
        return [json.loads(text) for (text,) in texts]
    except (ValueError, TypeError) as exc:
        raise CorruptGame(game_id, f"a move is not JSON ({exc})") from None


def choice_rows(game_id: str, n: int, seat: int, choice: dict[str, Any]) -> tuple[Any, ...]:
    """The ``choices`` row ``(game_id, n, seat, action)`` of ``seat``'s secret choice at move
    ``n`` of a game whose players choose at once.

    >>> choice_rows("g-1", 4, 2, {"type": "Move", "number": 3})
    ('g-1', 4, 2, '{"type":"Move","number":3}')
    """
    return (game_id, n, seat, dump_json(choice))


def decoded_choices(game_id: str, rows: Iterable[Sequence[Any]]) -> dict[int, dict[str, Any]]:
    """The choices of rows ``(seat, action)`` by seat; one that is not a JSON object raises
    :class:`~.base.CorruptGame`.

    >>> decoded_choices("g-1", [(1, '{"type":"Move","number":3}')])
    {1: {'type': 'Move', 'number': 3}}
    """
    found: dict[int, dict[str, Any]] = {}
    try:
        for seat, text in rows:
            choice = json.loads(text)
            if not isinstance(choice, dict) or type(seat) is not int:
                raise ValueError("not a seat and a JSON object")
            found[seat] = choice
    except (ValueError, TypeError) as exc:
        raise CorruptGame(game_id, f"a pending choice cannot be read ({exc})") from None
    return found
