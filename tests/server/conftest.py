"""Fixtures of the server tests: a game service on a real SQLite file in ``tmp_path``."""

from __future__ import annotations

from pathlib import Path

import pytest

from tongiaki_rules.server import GameService, SqliteStorage


@pytest.fixture
def db_path(tmp_path: Path) -> Path:
    return tmp_path / "games.sqlite3"


@pytest.fixture
def service(db_path: Path) -> GameService:
    return GameService(SqliteStorage(db_path))
