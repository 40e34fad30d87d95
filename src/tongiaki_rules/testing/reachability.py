"""The reachability checks' former place in the testing kit, kept so that old imports still work.

The checks live in :mod:`tongiaki_rules.validity.reachability`; import them
from :mod:`tongiaki_rules.testing` or :mod:`tongiaki_rules.validity`.
"""

from __future__ import annotations

from ..validity.reachability import Problem, reachability_problems, royal_beach_problem

__all__ = ["Problem", "reachability_problems", "royal_beach_problem"]
