"""Adapters that present the package's games to game frameworks (optional extras).

Each entry point is its own module and needs its framework installed;
nothing here is imported by ``import tongiaki_rules``:

- :mod:`tongiaki_rules.adapters.openspiel` registers the OpenSpiel games
  ``python_tongiaki`` and ``python_toncc`` (``pip install 'tongiaki_rules[openspiel]'``);
- :mod:`tongiaki_rules.adapters.pettingzoo` builds the PettingZoo AEC
  environment ``tongiaki_v0`` (``pip install 'tongiaki_rules[pettingzoo]'``);
- :mod:`tongiaki_rules.adapters.gymnasium` registers the single-agent
  Gymnasium environment ``tongiaki/Tongiaki-v0``;
- :mod:`tongiaki_rules.adapters.toncc_openspiel` and
  :mod:`tongiaki_rules.adapters.toncc_pettingzoo` give Tóncc's names
  (``python_toncc``; the ``ParallelEnv`` ``toncc_v1`` and its AEC ``env()``).

One OpenSpiel adapter and one PettingZoo adapter play both games over the
game protocol (:mod:`tongiaki_rules.game`), each game bringing a small
encoding of its actions and observations (for Tongiaki, the fixed action
indices of :mod:`tongiaki_rules.encoding` and the observation vectors of
:mod:`tongiaki_rules.observation`). Every other module here is private.

>>> import tongiaki_rules.adapters
>>> tongiaki_rules.adapters.__name__
'tongiaki_rules.adapters'
"""

__all__: list[str] = []
"""The package exports no name itself: import the entry point of your framework."""
