"""Shared pytest set-up: doctests see every public name of tongiaki_rules."""

from __future__ import annotations

import importlib.util
import os
from typing import Any

import pytest

import tongiaki_rules

pytest_plugins = ["tests.conformance_plugin"]

# The players' language of the command line comes from the environment (LANGUAGE first): the
# tests that expect English words must not depend on the locale of the machine running them.
# The tests of the language choice pass their own environment.
os.environ["LANGUAGE"] = "en"

# The adapters' doctests need their optional frameworks (extras "openspiel", "pettingzoo"
# and "gymnasium"); without them the modules cannot even be imported for collection.
# Their tests in tests/adapters skip with a reason instead.
collect_ignore = [
    f"src/tongiaki_rules/adapters/{module}.py"
    for module, needs in (
        ("openspiel", ("pyspiel",)),
        # rgb_array frames (render's example) need the extra's rasteriser too
        ("pettingzoo", ("pettingzoo", "resvg_py", "PIL")),
        ("_raster", ("gymnasium", "resvg_py", "PIL")),
        ("gymnasium", ("gymnasium", "numpy")),
        ("_arrays", ("numpy",)),  # the adapters' arrays: numpy comes with either framework
        ("toncc_openspiel", ("pyspiel", "numpy")),
        ("toncc_pettingzoo", ("pettingzoo", "gymnasium", "numpy")),
        # the one OpenSpiel adapter and the one PettingZoo adapter, and Tóncc's parts of them
        ("_spiel", ("pyspiel", "numpy")),
        ("_toncc_spiel", ("pyspiel", "numpy")),
        ("_zoo", ("pettingzoo", "gymnasium", "numpy")),
        ("_toncc_zoo", ("pettingzoo", "gymnasium", "numpy")),
    )
    if any(importlib.util.find_spec(name) is None for name in needs)
]
# The server's web modules need the "server" extra (fastapi); tests/server skips likewise.
if importlib.util.find_spec("fastapi") is None:
    collect_ignore += [
        f"src/tongiaki_rules/server/{module}.py"
        for module in (
            "app",
            "_board_routes",
            "_guard",
            "_http_timeouts",
            "_lang",
            "_pages",
            "_watch",
            "_workers",
        )
    ]
# PostgreSQL's storage needs the "postgres" extra (psycopg and its pool)
if importlib.util.find_spec("psycopg") is None or importlib.util.find_spec("psycopg_pool") is None:
    collect_ignore.append("src/tongiaki_rules/server/storage/_postgres.py")


@pytest.fixture(autouse=True)
def _public_names(doctest_namespace: dict[str, Any]) -> None:
    for name in tongiaki_rules.__all__:
        doctest_namespace[name] = getattr(tongiaki_rules, name)
