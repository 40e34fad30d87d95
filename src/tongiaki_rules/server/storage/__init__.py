"""Where ``tongiaki serve`` keeps its games: the :class:`Storage` protocol, SQLite and PostgreSQL.

:mod:`.base` holds the protocol, its records and its errors; :mod:`.sqlite`
the embedded default (:class:`SqliteStorage`); :mod:`.postgres` the
storage for several server processes or machines (:class:`PostgresStorage`,
with the ``postgres`` extra). Both run the same queries and transactions,
written once in :mod:`.sql` with the statements of :mod:`.statements`.
:func:`open_storage` picks one from the text of ``tongiaki serve --db``.

>>> import tempfile, pathlib
>>> storage = open_storage(str(pathlib.Path(tempfile.mkdtemp()) / "games.sqlite3"))
>>> type(storage).__name__
'SqliteStorage'
"""

from __future__ import annotations

import os
from typing import TYPE_CHECKING

from ._base import (
    CorruptGame,
    GameSummary,
    LeaseHeld,
    SeatLost,
    Storage,
    StorageError,
    StorageUnavailable,
    StoredGame,
    StoredSeat,
    default_db_path,
)
from ._masking import masked_db
from ._sqlite import SqliteStorage

if TYPE_CHECKING:
    from ._postgres import PostgresStorage

__all__ = [
    "CorruptGame",
    "GameSummary",
    "LeaseHeld",
    "PostgresStorage",
    "SeatLost",
    "SqliteStorage",
    "Storage",
    "StorageError",
    "StorageUnavailable",
    "StoredGame",
    "StoredSeat",
    "default_db_path",
    "is_postgres_url",
    "masked_db",
    "open_storage",
]

_POSTGRES_SCHEMES = ("postgresql://", "postgres://")
_SQLITE_SCHEME = "sqlite:///"


def is_postgres_url(db: str | os.PathLike[str]) -> bool:
    """Whether ``db`` names a PostgreSQL database (``postgresql://...``) rather than a file.

    >>> is_postgres_url("postgresql://tongiaki@db.example.org/games"), is_postgres_url("g.db")
    (True, False)
    """
    return isinstance(db, str) and db.lower().startswith(_POSTGRES_SCHEMES)


def open_storage(db: str | os.PathLike[str]) -> Storage:
    """The storage ``db`` names: ``postgresql://...``, ``sqlite:///path``, or a file path.

    As with SQLAlchemy, ``sqlite:///games.sqlite3`` is relative and
    ``sqlite:////srv/games.sqlite3`` absolute. PostgreSQL needs the
    ``postgres`` extra (``pip install 'tongiaki_rules[postgres]'``); without
    it a :class:`StorageError` says so.

    >>> import tempfile
    >>> open_storage("sqlite:///" + tempfile.mkdtemp() + "/g.sqlite3").path.name
    'g.sqlite3'
    """
    if is_postgres_url(db):
        try:
            from ._postgres import PostgresStorage
        except ImportError as exc:
            raise StorageError(
                f"PostgreSQL needs psycopg ({exc.name} is missing): "
                "pip install 'tongiaki_rules[postgres]'"
            ) from None
        return PostgresStorage(str(db))
    if isinstance(db, str) and db.startswith(_SQLITE_SCHEME):
        db = db[len(_SQLITE_SCHEME) :]
    return SqliteStorage(db)


def __getattr__(name: str) -> object:
    if name == "PostgresStorage":  # imported only when asked for: psycopg is an extra
        from ._postgres import PostgresStorage

        return PostgresStorage
    raise AttributeError(name)
