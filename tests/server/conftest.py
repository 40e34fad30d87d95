"""Fixtures of the server tests: a game service on a real database, SQLite and PostgreSQL.

``db_path`` is an SQLite file in ``tmp_path`` (the tests of SQLite's own
faults use it). ``db`` names a database of either kind, parametrised: the
SQLite file, or a fresh database on a real PostgreSQL server that the tests
start themselves (:mod:`.pg`; skipped with the reason when PostgreSQL or the
``postgres`` extra is missing). ``open_db()`` opens another storage on that
same database, as another server process would; ``service`` is a game
service on it.
"""

from __future__ import annotations

import importlib.util
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from tongiaki_rules.server import GameService, Storage
from tongiaki_rules.server.storage import open_storage

from .pg import PostgresServer, find_bin

KINDS = ["sqlite", "postgresql"]


def _postgres_missing() -> str:
    if (
        importlib.util.find_spec("psycopg") is None
        or importlib.util.find_spec("psycopg_pool") is None
    ):
        return "the 'postgres' extra (psycopg, psycopg-pool) is not installed"
    return find_bin()[1]


@pytest.fixture(scope="session")
def postgres_server() -> Iterator[PostgresServer]:
    """One PostgreSQL server for this test process (each test gets a database of its own)."""
    missing = _postgres_missing()
    if missing:
        pytest.skip(missing)
    folder, _ = find_bin()
    assert folder is not None
    server = PostgresServer(folder)
    try:
        yield server
    finally:
        server.close()


@pytest.fixture
def postgres_url(postgres_server: PostgresServer) -> Iterator[str]:
    """The URL of a fresh, empty database on the test server."""
    url = postgres_server.new_database()
    yield url
    postgres_server.drop_database(url)


@pytest.fixture
def db_path(tmp_path: Path) -> Path:
    return tmp_path / "games.sqlite3"


@pytest.fixture(params=KINDS)
def db(request: pytest.FixtureRequest, db_path: Path) -> str:
    """A database of each kind: the SQLite file's path, or a PostgreSQL URL."""
    if request.param == "sqlite":
        return str(db_path)
    url: str = request.getfixturevalue("postgres_url")
    return url


@pytest.fixture
def open_db(db: str) -> Iterator[Callable[[], Storage]]:
    """Open another storage on the test's database (as another server process would)."""
    opened: list[Storage] = []

    def open_one() -> Storage:
        storage = open_storage(db)
        opened.append(storage)
        return storage

    yield open_one
    for storage in opened:
        storage.close()


@pytest.fixture
def service(open_db: Callable[[], Storage]) -> GameService:
    return GameService(open_db())
