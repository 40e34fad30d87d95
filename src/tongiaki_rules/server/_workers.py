"""``tongiaki serve --workers N``: the settings each of uvicorn's worker processes starts from.

With ``--workers N`` (N > 1) the command hands uvicorn an import string
instead of an application: uvicorn binds the listening socket once, starts
N worker processes that all accept on it (the kernel gives each new
connection to one of them), and starts a worker again when one dies. Each
worker builds its own application with :func:`app_from_environment` from the
settings the command wrote to the environment variable :data:`SETTINGS`
(JSON): the database, the bot pace, the limits, the hosts and origins.

>>> import os, tempfile
>>> settings = {"db": tempfile.mkdtemp() + "/g.sqlite3", "bot_delay": 0.3, "limits": {},
...             "allowed_hosts": ["127.0.0.1"], "allowed_origins": []}
>>> os.environ[SETTINGS] = json.dumps(settings)
>>> app_from_environment().title
'tongiaki serve'
>>> del os.environ[SETTINGS]
"""

from __future__ import annotations

import json
import os
from typing import Any

from fastapi import FastAPI

from ._http_timeouts import HeaderTimeoutProtocol
from ._limits import ServeLimits
from .app import create_app, interleave_threads

__all__ = ["APP", "SETTINGS", "app_from_environment"]

SETTINGS = "TONGIAKI_SERVE_SETTINGS"
"""The environment variable holding a worker's settings (JSON)."""

APP = "tongiaki_rules.server._workers:app_from_environment"
"""The import string uvicorn's workers start (with ``factory=True``)."""


def app_from_environment() -> FastAPI:
    """The application of one worker, built from the settings in :data:`SETTINGS`."""
    settings: dict[str, Any] = json.loads(os.environ[SETTINGS])
    limits = ServeLimits(**settings["limits"])
    HeaderTimeoutProtocol.header_timeout = limits.header_timeout
    interleave_threads()
    return create_app(
        settings["db"],
        bot_delay=settings["bot_delay"],
        limits=limits,
        allowed_hosts=settings["allowed_hosts"],
        allowed_origins=settings["allowed_origins"],
        pace_gc=True,
    )
