"""Adapters that present Tongiaki to game frameworks (optional extras).

Each adapter is its own module and needs its framework installed; nothing
here is imported by ``import tongiaki_rules``:

- :mod:`tongiaki_rules.adapters.openspiel` registers the OpenSpiel game
  ``python_tongiaki`` (``pip install 'tongiaki_rules[openspiel]'``);
- :mod:`tongiaki_rules.adapters.pettingzoo` builds the PettingZoo AEC
  environment ``tongiaki_v0`` (``pip install 'tongiaki_rules[pettingzoo]'``).

Both use the fixed action indices of :mod:`tongiaki_rules.encoding` and the
observation vectors of :mod:`tongiaki_rules.observation`.

>>> import tongiaki_rules.adapters
>>> tongiaki_rules.adapters.__name__
'tongiaki_rules.adapters'
"""
