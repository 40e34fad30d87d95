"""Bots for the real-server tests, seated through ``$TONGIAKI_BOT_MODULES`` as ``traced_bots``.

The test puts this folder on the server's ``PYTHONPATH``. :class:`SlowBot`
thinks ``$TONGIAKI_TEST_BOT_SECONDS`` seconds (1 by default) before its
first legal action; :class:`TracedBot` answers at once. Both write one line
per move they work out to the file ``$TONGIAKI_TEST_BOT_TRACE`` (when set):
the process's id and the position's code, so a test can tell whether two
server processes ever worked out the same move of a game.
"""

from __future__ import annotations

import os
import time

from tongiaki_rules import Action, GameState, position_code


def _trace(state: GameState) -> None:
    path = os.environ.get("TONGIAKI_TEST_BOT_TRACE")
    if path:
        with open(path, "a", encoding="ascii") as trace:  # one short write: whole lines
            trace.write(f"{os.getpid()} {position_code(state)}\n")


class TracedBot:
    """Chooses the first legal action at once, and writes it down."""

    name = "traced"

    def __init__(self, seed: int | None = None) -> None:
        self.seed = seed

    def choose(self, state: GameState) -> Action:
        """The first legal action."""
        _trace(state)
        return state.legal_actions()[0]


class SlowBot(TracedBot):
    """Chooses the first legal action after ``$TONGIAKI_TEST_BOT_SECONDS`` seconds."""

    name = "slow"

    def choose(self, state: GameState) -> Action:
        """The first legal action, after the wait."""
        time.sleep(float(os.environ.get("TONGIAKI_TEST_BOT_SECONDS", "1")))
        return super().choose(state)
