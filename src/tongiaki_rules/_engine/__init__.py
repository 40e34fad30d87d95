"""Legal actions and transitions, phase by phase.

The engine works on a private mutable scratch copy (:class:`Work`) of a
:class:`~tongiaki_rules.GameState`: it applies one action, then resolves
everything that follows without a choice (voyages over tiles already on the
table, forced tile placements, decisions with a single legal option), and
freezes the result into a new state. The state it started from is never
touched.

Clause ids in comments refer to ``shared/rules/clauses.md``.

Each phase of the game is a module holding one mixin class, its legal-action
generation beside its transitions. The mixins form one chain of single
inheritance (the optional mypyc build compiles this package, and mypyc's native
classes allow only one base), each layer inheriting the layers whose methods it
calls, so that the imports between the modules are acyclic (a lower layer never
imports a higher one). From the bottom up:

* :mod:`.board` — :class:`~.board.Board`: the phase constants, the interned
  decisions, the fields (the only ``__slots__`` of the hierarchy; every mixin
  has ``__slots__ = ()``) and the board helpers;
* :mod:`.end` — the end trigger and the final scores (END-1);
* :mod:`.turn` — the flow of a turn: start, go on, pass (TURN-3, CHAIN-3, END-2);
* :mod:`.royal` (ROYAL-*);
* :mod:`.colonisation` (RECOLONIZE-*, free placement);
* :mod:`.closed_routes` (CLOSED-*, AMB-10/25);
* :mod:`.landing` (LAND-*, CHAIN-1);
* :mod:`.voyage` (DEPART-*, VOYAGE-*, draws and tile placement);
* :mod:`.expansion` (EXPAND-*, EMPTYRESERVE-*, NOBOATS-*: the turn's choice);
* :mod:`.setup` (SETUP-*);
* :mod:`.outlook` (AMB-25's certificates: where a group goes, and whether a
  chain certainly ends, seen without a look-ahead);
* :mod:`.finite` (AMB-25: only choices after which the turn can still end,
  by those certificates and an exact look-ahead on copies);
* :mod:`.work` — :class:`Work`, all phases together, with the dispatch
  (``legal``, ``apply``, ``settle``, and ``fork`` for the look-ahead).

Beside the chain, :mod:`.freeze` takes one step from a state to its successor
(copy, apply, settle, and freeze the result into the new state) for
:meth:`~tongiaki_rules.GameState.apply`, which checks the action first,
and :mod:`.chance` lists a chance node's outcomes.

The chain is the method resolution order the mixins had as a diamond, so every
method resolves as before. Only :mod:`.finite` declares methods that a higher
layer defines: ``legal``, ``apply``, ``settle`` and ``fork``, which its
look-ahead calls and :class:`Work` provides.

This package re-exports the constants and :class:`Work`, so
``from tongiaki_rules import engine`` works as it did when it was one module.
"""

from __future__ import annotations

from .board import (
    COLONIZE,
    DEPART,
    DRAW,
    FORCED_COLONIZE,
    LAND,
    LOOP,
    NO_KING,
    OVER,
    PLACE,
    SETUP,
    TURN,
    VACANT_KING,
    VOYAGE,
)
from .work import Work

__all__ = [
    "COLONIZE",
    "DEPART",
    "DRAW",
    "FORCED_COLONIZE",
    "LAND",
    "LOOP",
    "NO_KING",
    "OVER",
    "PLACE",
    "SETUP",
    "TURN",
    "VACANT_KING",
    "VOYAGE",
    "Work",
]
