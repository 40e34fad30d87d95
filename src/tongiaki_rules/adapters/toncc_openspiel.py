"""Tóncc as an OpenSpiel game: importing this module registers ``python_toncc``.

Needs the ``openspiel`` extra (``pip install 'tongiaki_rules[openspiel]'``).
The game is **simultaneous-move** (``Dynamics.SIMULTANEOUS``): at each turn
of a challenge the three Kings choose at once and one joint action moves
them all (TC-MOVE-1); the colour draw at the start of the game (TC-SETUP-4)
and the shuffle of the regions at the start of each challenge are explicit
chance nodes (``EXPLICIT_STOCHASTIC``); the information is imperfect, as a
King chooses without seeing the others' choices. Returns come at the end and
are zero-sum (the winners share +1, the others -1; all 0 when the three
share the win).

- **Players are not Kings.** The first chance node draws the colours: player
  ``p`` plays King ``toncc_state.king_of(p)``. Legal actions, ``apply_actions``,
  observations and returns are by player. With ``colour_draw="fixed"``
  there is no draw and player 0 is Red, 1 Yellow, 2 Blue.
- Actions ``0..5`` are the Compass numbers 1..6 (:data:`MOVE_ACTIONS`).
- :data:`PASS` (6) is the **pass**: the one and only legal action of a player
  whose King has left the challenge (his last seal placed, TC-END-1), since
  OpenSpiel wants an action from every player at a simultaneous node. It is
  never legal for a King on the board, and it changes nothing.
- Chance outcomes: at the colour draw, ``0..5`` index
  :data:`~tongiaki_rules.toncc.SEATINGS` (1/6 each); during a shuffle, ``0..17``
  are region ids, the region put on the next cell (I1..I6, then O1..O12),
  each with probability 1/regions left.
- Parameters (strings): every flag of :class:`~tongiaki_rules.toncc.TonccRules`
  under its own name, its value as in the enum (``compass="d6"``); the Map is
  :data:`~tongiaki_rules.toncc.STANDARD_MAP`.
- ``max_game_length`` is :data:`MAX_GAME_LENGTH`, three challenges of at most
  ``MAX_TURNS_PER_CHALLENGE`` turns: every game ends within it.
- Observations: 473 floats (the sections of :class:`TonccObserver`) and a
  text; the information state is the history (all public once a turn is
  revealed).

>>> import pyspiel
>>> game = pyspiel.load_game("python_toncc")
>>> game.num_players(), game.num_distinct_actions(), game.max_chance_outcomes()
(3, 7, 18)
>>> state = game.new_initial_state()
>>> state.is_chance_node(), len(state.chance_outcomes())  # the colour draw
(True, 6)
"""

from __future__ import annotations

try:
    import numpy  # noqa: F401  (the observations are numpy arrays)
    import pyspiel  # noqa: F401
except ModuleNotFoundError as error:  # pragma: no cover - depends on what is installed
    raise ModuleNotFoundError(
        "tongiaki_rules.adapters.toncc_openspiel needs OpenSpiel and numpy: "
        f"pip install 'tongiaki_rules[openspiel]' ({error})",
        name=error.name,
    ) from error

# The one OpenSpiel adapter (tongiaki_rules.adapters._spiel) with Tóncc's encoding;
# importing it registers python_toncc.
from ._toncc_spiel import (
    GAME_NAME,
    MAX_GAME_LENGTH,
    MOVE_ACTIONS,
    PARAMETERS,
    PASS,
    TonccGame,
    TonccObserver,
    TonccSpielState,
    load_game,
    rules_of,
)

__all__ = [
    "GAME_NAME",
    "MAX_GAME_LENGTH",
    "MOVE_ACTIONS",
    "PARAMETERS",
    "PASS",
    "TonccGame",
    "TonccObserver",
    "TonccSpielState",
    "load_game",
    "rules_of",
]
