"""Every statement both storages run, written once and put into either SQL dialect.

The texts below mark a parameter with ``?`` and a truth value with
``{true}`` or ``{false}``; :meth:`Statements.in_dialect` turns them into
SQLite's (``?``, ``1``, ``0``) or PostgreSQL's (``%s``, ``TRUE``, ``FALSE``).
What differs beyond that (the upserts, whose clock a lease runs on, the
schema and its migration) stays with each storage.

>>> Statements.in_dialect("%s", "TRUE", "FALSE").set_over
'UPDATE games SET over = TRUE WHERE id = %s'
>>> Statements.in_dialect("?", "1", "0").is_over
'SELECT over FROM games WHERE id = ?'
"""

from __future__ import annotations

import attrs

from ._rows import GAME_COLUMNS, SEAT_COLUMNS

__all__ = ["Statements"]

_LISTED = (
    f"SELECT {GAME_COLUMNS}, over, (SELECT COUNT(*) FROM moves WHERE moves.game_id = games.id) "
    "FROM games WHERE unlisted = {false}"
)
_NEWEST_FIRST = " ORDER BY created DESC, id LIMIT ?"


@attrs.frozen(slots=True)
class Statements:
    """The storages' statements in one dialect; each field's default is its template."""

    insert_game: str = (
        "INSERT INTO games (id, created, settings, seats, seed, over, unlisted, game) "
        "VALUES (?, ?, ?, ?, ?, ?, ?, ?)"
    )
    insert_seat: str = (
        "INSERT INTO seats (game_id, seat, kind, bot, token_hash, claimed, invite_hash, name) "
        "VALUES (?, ?, ?, ?, ?, ?, ?, ?)"
    )
    insert_move: str = "INSERT INTO moves (game_id, n, action) VALUES (?, ?, ?)"
    game: str = f"SELECT {GAME_COLUMNS} FROM games WHERE id = ?"
    seats: str = f"SELECT {SEAT_COLUMNS} FROM seats WHERE game_id = ? ORDER BY seat"
    created: str = "SELECT created FROM games WHERE id = ?"
    listed: str = _LISTED + _NEWEST_FIRST
    listed_before: str = _LISTED + " AND (created < ? OR (created = ? AND id > ?))" + _NEWEST_FIRST
    is_over: str = "SELECT over FROM games WHERE id = ?"
    set_over: str = "UPDATE games SET over = {true} WHERE id = ?"
    token_hashes: str = (
        "SELECT seat, token_hash FROM seats WHERE game_id = ? AND token_hash IS NOT NULL "
        "ORDER BY seat"
    )
    claim_seat: str = (
        "UPDATE seats SET token_hash = ?, claimed = {true}, name = ? WHERE game_id = ? "
        "AND seat = ? "
        "AND kind = 'human' AND token_hash IS NULL"
    )
    leave_seat: str = (
        "UPDATE seats SET token_hash = NULL, claimed = {false}, name = NULL WHERE game_id = ? "
        "AND seat = ? AND token_hash = ?"
    )
    moves: str = "SELECT action FROM moves WHERE game_id = ? AND n >= ? ORDER BY n"
    unfinished_bot_games: str = (
        "SELECT id FROM games WHERE over = {false} AND EXISTS "
        "(SELECT 1 FROM seats WHERE seats.game_id = games.id AND seats.kind = 'bot')"
        + _NEWEST_FIRST
    )
    release_lease: str = "DELETE FROM leases WHERE game_id = ? AND holder = ?"
    insert_choice: str = "INSERT INTO choices (game_id, n, seat, action) VALUES (?, ?, ?, ?)"
    choices: str = "SELECT seat, action FROM choices WHERE game_id = ? AND n = ? ORDER BY seat"
    drop_choices: str = "DELETE FROM choices WHERE game_id = ? AND seat = ?"
    seat_holder: str = "SELECT token_hash FROM seats WHERE game_id = ? AND seat = ?{lock}"
    """The token hash a seat holds, locked until the transaction ends (a move's check)."""
    drop_expired_buckets: str = "DELETE FROM rate_buckets WHERE expires < ?"
    bucket: str = "SELECT tokens, stamp FROM rate_buckets WHERE key = ?"
    put_bucket: str = (
        "INSERT INTO rate_buckets (key, tokens, stamp, expires) VALUES (?, ?, ?, ?) "
        "ON CONFLICT (key) DO UPDATE SET tokens = excluded.tokens, stamp = excluded.stamp, "
        "expires = excluded.expires"
    )
    drop_expired_sockets: str = "DELETE FROM socket_counts WHERE until < ?"
    sockets_of_others: str = (
        "SELECT COALESCE(SUM(CASE WHEN address = ? THEN open ELSE 0 END), 0), "
        "COALESCE(SUM(open), 0) FROM socket_counts WHERE holder <> ?"
    )
    drop_sockets: str = "DELETE FROM socket_counts WHERE holder = ? AND address = ?"
    put_sockets: str = (
        "INSERT INTO socket_counts (holder, address, open, until) VALUES (?, ?, ?, ?) "
        "ON CONFLICT (holder, address) DO UPDATE SET open = excluded.open, "
        "until = excluded.until"
    )
    drop_holder: str = "DELETE FROM socket_counts WHERE holder = ?"
    insert_snapshot: str = (
        "INSERT INTO snapshots (game_id, n, snapshot) VALUES (?, ?, ?) "
        "ON CONFLICT (game_id, n) DO NOTHING"
    )
    drop_old_snapshots: str = "DELETE FROM snapshots WHERE game_id = ? AND n < ?"
    snapshot: str = "SELECT n, snapshot FROM snapshots WHERE game_id = ? ORDER BY n DESC LIMIT 1"

    @classmethod
    def in_dialect(cls, mark: str, true: str, false: str, lock: str = "") -> Statements:
        """Every template with ``mark`` for its parameters, ``true``, ``false`` for truth and
        ``lock`` after a ``SELECT`` whose rows the transaction must hold."""
        return cls(
            **{
                field.name: field.default.replace("?", mark).format(
                    true=true, false=false, lock=lock
                )
                for field in attrs.fields(cls)
            }
        )
