"""Options for the test suite: ``--update-golden`` rewrites the golden playthroughs.

Hypothesis explores new examples on every run on a developer's machine; on CI
(``CI`` set, as ``.ci/run`` runs) it is derandomized, so a submission lands or
fails on what was tested, and new findings come from local and soak runs.
No example has a deadline: the suite runs on busy machines (CI's two cores carry
its other legs beside it), and a test judges what the code does, never how
long it took (speed lives in the benchmarks).
"""

from __future__ import annotations

import os

import pytest
from hypothesis import settings

settings.register_profile("untimed", deadline=None)
settings.register_profile(
    "ci", settings.get_profile("untimed"), derandomize=True, database=None, print_blob=True
)
settings.load_profile("ci" if os.environ.get("CI") else "untimed")


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addoption(
        "--update-golden",
        action="store_true",
        default=False,
        help="rewrite tests/core/golden/*.txt from the engine instead of comparing with them",
    )
