"""A testing kit: state invariants, random playouts, golden playthroughs, a Hypothesis strategy.

Use it to check an engine change, a custom tile set or a bot that builds
states of its own. The invariants and the reachability checks are the
library's own test of a position (:mod:`tongiaki_rules._validity`, which the
state reader and :func:`~tongiaki_rules.position` use); the kit
hands them on under the same names:

>>> import random
>>> from tongiaki_rules import new_game
>>> from tongiaki_rules.testing import check_invariants, random_playout
>>> states = random_playout(new_game(3), random.Random(5))
>>> states[-1].is_terminal
True
>>> for state in states:
...     check_invariants(state)

:func:`reachable_states` needs Hypothesis (the ``test`` extra); it is
imported only when the strategy is built, so this module works without it.
"""

from __future__ import annotations

# the API reference lists these in import order, kept as the old module's source order
# isort: off
from .._validity import InvariantError, invariant_violations, check_invariants
from .._validity import Problem, reachability_problems, royal_beach_problem
from ._playouts import random_playout, reachable_states
from ._playthroughs import playthrough
# isort: on

__all__ = [
    "InvariantError",
    "Problem",
    "check_invariants",
    "invariant_violations",
    "playthrough",
    "random_playout",
    "reachability_problems",
    "reachable_states",
    "royal_beach_problem",
]
