"""The mark of tests that run on the pure build only."""

from __future__ import annotations

import pytest

import tongiaki_rules

pure_build_only = pytest.mark.skipif(
    tongiaki_rules.COMPILED,
    reason="changes or watches a method of the work object, which the compiled build's native "
    "class does not allow (its methods are fixed, and it cannot be subclassed from Python); "
    "the pure build runs it",
)
