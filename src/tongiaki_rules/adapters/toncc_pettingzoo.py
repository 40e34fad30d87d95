"""Tóncc for PettingZoo, ``toncc_v1``: a ``ParallelEnv`` and an AEC ``env()`` beside it.

In the ``ParallelEnv`` the three Kings move at once.

Needs the ``pettingzoo`` extra (``pip install 'tongiaki_rules[pettingzoo]'``).

- Agents ``"player_0"``, ``"player_1"`` and ``"player_2"`` (:data:`AGENTS`),
  the three players. Each draws his King at ``reset`` (TC-SETUP-4, the
  colour draw): ``infos[agent]["king"]`` names it (``"red"``, ...) and
  :meth:`TonccParallelEnv.king_of` gives it; with
  ``TonccRules(colour_draw="fixed")`` player 0 is Red, 1 Yellow and 2 Blue.
  All three stay in ``agents`` for the whole game (a King who has placed his
  last seal comes back at the next challenge) and leave together when it ends.
- Action of an agent: ``Discrete(6)``, action ``k`` is Compass number ``k + 1``.
  ``step`` takes a dict agent → action; a King on the board must have one;
  the action of a King off the board (all-zero mask) is ignored, so it may
  be left out.
- Observation of an agent: a dict with ``"observation"``, the float32
  vector of Tóncc's observation (473 floats in [0, 1]), and ``"action_mask"``, six int8 ones
  for a King on the board and six zeros for a King off it (or at the end).
- Chance: the colour draw at ``reset`` and the shuffle at the start of each
  challenge are drawn inside the environment from a ``random.Random``
  seeded by ``reset(seed=...)`` (or ``parallel_env(seed=...)``); the same
  seed and actions give the same game.
- Rewards: 0 until the end, then the zero-sum returns of the game (the
  winners share +1, the others -1; 0 each when the three share the win).
  Every agent is terminated at the end. A game still running after
  ``max_cycles`` steps is truncated, without rewards; the default,
  :data:`MAX_CYCLES`, is the longest possible game, so it never truncates.
- ``infos[agent]``: ``{"challenge": c, "on_board": bool, "king": "red"}`` (``c`` from 0,
  3 at the end).
- :func:`env` is the same game as an AEC environment (PettingZoo's own
  ``parallel_to_aec``): the players choose one after another, and the moves
  are applied together once the last has chosen, so no player sees another's
  choice before the reveal.
- ``render()``: the position as text (``"ansi"`` returns it, ``"human"`` prints it).

>>> from tongiaki_rules.adapters.toncc_pettingzoo import parallel_env
>>> game = parallel_env(seed=1)
>>> observations, infos = game.reset()
>>> observations["player_0"]["action_mask"].tolist(), game.action_space("player_0")
([1, 1, 1, 1, 1, 1], Discrete(6))
>>> game.king_of("player_0") in ("red", "yellow", "blue")
True
"""

from __future__ import annotations

try:
    import gymnasium  # noqa: F401
    import numpy  # noqa: F401
    import pettingzoo  # noqa: F401
except ModuleNotFoundError as error:  # pragma: no cover - depends on what is installed
    raise ModuleNotFoundError(
        "tongiaki_rules.adapters.toncc_pettingzoo needs PettingZoo, Gymnasium and numpy: "
        f"pip install 'tongiaki_rules[pettingzoo]' ({error})",
        name=error.name,
    ) from error

# The one PettingZoo adapter (tongiaki_rules.adapters._zoo) with Tóncc's encoding.
from ._toncc_zoo import AGENTS, MAX_CYCLES, TonccParallelEnv, env, parallel_env

__all__ = ["AGENTS", "MAX_CYCLES", "TonccParallelEnv", "env", "parallel_env"]
