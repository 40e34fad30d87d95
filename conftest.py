"""Shared pytest set-up: doctests see every public name of tongiaki_rules."""

from __future__ import annotations

from typing import Any

import pytest

import tongiaki_rules

pytest_plugins = ["tests.conformance_plugin"]


@pytest.fixture(autouse=True)
def _public_names(doctest_namespace: dict[str, Any]) -> None:
    for name in tongiaki_rules.__all__:
        doctest_namespace[name] = getattr(tongiaki_rules, name)
