"""The invariants' former place in the testing kit, kept so that old imports still work.

The checks live in :mod:`tongiaki_rules.validity.invariants`; import them
from :mod:`tongiaki_rules.testing` or :mod:`tongiaki_rules.validity`.
"""

from __future__ import annotations

from ..validity.invariants import InvariantError, check_invariants, invariant_violations

__all__ = ["InvariantError", "check_invariants", "invariant_violations"]
