"""Options for the test suite: ``--update-golden`` rewrites the golden playthroughs.

Hypothesis explores new examples on every run on a developer's machine; on CI
(``CI`` set, as ``.ci/run`` runs) it is derandomized, so a submission lands or
fails on what was tested, and new findings come from local and soak runs.
"""

from __future__ import annotations

import os

import pytest
from hypothesis import settings

settings.register_profile("ci", derandomize=True, database=None, print_blob=True)
if os.environ.get("CI"):
    settings.load_profile("ci")


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addoption(
        "--update-golden",
        action="store_true",
        default=False,
        help="rewrite tests/core/golden/*.txt from the engine instead of comparing with them",
    )
