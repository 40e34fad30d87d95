"""Which build is running: ``tongiaki_rules.COMPILED`` tells the pure and the compiled apart."""

from __future__ import annotations

import os
from importlib.machinery import EXTENSION_SUFFIXES

import tongiaki_rules
from tongiaki_rules.engine import work


def test_compiled_says_whether_the_engine_is_an_extension_module() -> None:
    is_extension = str(work.__file__).endswith(tuple(EXTENSION_SUFFIXES))
    assert tongiaki_rules.COMPILED is is_extension


def test_the_build_under_test_is_the_one_ci_asked_for() -> None:
    # .ci/run sets TONGIAKI_EXPECT_BUILD for each of its two runs; unset, any build will do
    expected = os.environ.get(
        "TONGIAKI_EXPECT_BUILD", "compiled" if tongiaki_rules.COMPILED else "pure"
    )
    assert ("compiled" if tongiaki_rules.COMPILED else "pure") == expected
