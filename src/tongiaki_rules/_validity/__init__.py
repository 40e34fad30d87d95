"""Whether a position is possible: the invariants of every reachable state, and what play reaches.

Any state can be asked, whether it came from play or was built by hand: the
state JSON reader, :func:`~tongiaki_rules.position` and the position
codes refuse what these checks find, and the testing kit
(:mod:`tongiaki_rules.testing`) hands the same checks to users' tests.

* :mod:`.invariants`: the bookkeeping every reachable state keeps (the boats
  of each colour, the tiles, the royal islands, the phase, the end of the
  game): :func:`invariant_violations` lists what a state breaks,
  :func:`check_invariants` raises :class:`InvariantError`.
* :mod:`.reachability`: whether the boats, kings and group could have come
  from play: :func:`reachability_problems`, each a :class:`Problem` naming
  the field of the state document; :func:`royal_beach_problem` for one beach.

>>> from tongiaki_rules import new_game
>>> invariant_violations(new_game(3)), reachability_problems(new_game(3))
([], [])
"""

from __future__ import annotations

from .invariants import InvariantError, check_invariants, invariant_violations
from .reachability import Problem, reachability_problems, royal_beach_problem

__all__ = [
    "InvariantError",
    "Problem",
    "check_invariants",
    "invariant_violations",
    "reachability_problems",
    "royal_beach_problem",
]
