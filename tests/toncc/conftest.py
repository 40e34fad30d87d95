"""The ``toncc_clause`` mark of the Tóncc tests.

Rule tests name the clause of ``tongiaki_rules.toncc.clauses`` they check with
``@pytest.mark.toncc_clause("TC-...")``. (The project's ``clause`` mark is kept
for the Tongiaki catalogue, whose checks reject ids it does not hold.)
"""

from __future__ import annotations

import pytest


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line(
        "markers", "toncc_clause(id): the Tóncc clause(s) of toncc/clauses.py that a test checks"
    )
