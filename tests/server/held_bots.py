"""A bot that thinks until the test lets it go: a search whose length the test decides.

The fair-scheduling tests seat it through ``$TONGIAKI_BOT_MODULES`` as
:data:`SPEC` (this module's name as pytest imported it, then ``:HeldBot``,
so that the server's import finds this very module and its events); as a
bot of a module, the server counts
it as a search (it waits for a search slot). :data:`STARTED` is set when it
starts thinking, and it answers once :data:`RELEASE` is set.
"""

from __future__ import annotations

import threading

from tongiaki_rules import Action, GameState

SPEC = f"{__name__}:HeldBot"
"""The bot spec of :class:`HeldBot`."""
STARTED = threading.Event()
"""Set when a held bot starts thinking."""
RELEASE = threading.Event()
"""Set by the test: the held bots answer."""


class HeldBot:
    """Chooses the first legal action, once :data:`RELEASE` is set."""

    name = "held"

    def __init__(self, seed: int | None = None) -> None:
        self.seed = seed

    def choose(self, state: GameState) -> Action:
        """The first legal action, after the test's release (a minute at most)."""
        STARTED.set()
        RELEASE.wait(timeout=60)
        return state.legal_actions()[0]
