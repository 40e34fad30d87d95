"""Options for the test suite: ``--update-golden`` rewrites the golden playthroughs."""

from __future__ import annotations

import pytest


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addoption(
        "--update-golden",
        action="store_true",
        default=False,
        help="rewrite tests/golden/*.txt from the engine instead of comparing with them",
    )
