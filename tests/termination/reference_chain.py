"""A slow, plain reference for AMB-25: which choices let the turn end without a return.

The rule: between two draws a turn is a chain of decisions. A choice is
offered only if, after it, some sequence of further choices reaches a tile
draw, the end of the turn or the end of the game without departing from a
position (the boats on the table) that the chain has already departed from
since the last draw. If no choice of the decision can do that, every choice
stays offered.

This module answers that question by brute force and on its own: it does not
call anything of ``engine/finite.py`` or ``engine/outlook.py`` (no
certificates, no look-ahead, no ``probing`` copies, no memo), only the raw
move generator (``Work.legal``), the raw transition (``Work.apply``) and the
forced steps the game itself resolves without asking anybody (a landing
whose result no longer depends on a choice, boats going home where no slot is
free, a decision with a single raw option, the safety net of AMB-42). Every
sequence of choices after the one examined is followed depth first, as a
path; the positions departed from along the path are added to those the
chain had before the decision, and a departure from any of them ends that
path as a failure. The positions are recognised here, from the boats on the
table before a departure, and the engine is never allowed to meet a return
itself: the scratch copies are given an empty chain, so the engine's own
LOOP phase and ``endless_chain`` settlement are never reached. Whether a
``Depart`` action was a departure at all (and not a closed island's removal,
CLOSED-1, which records no position) is read from the engine's event log: a
departure reports ``Departed``. (The chain itself cannot tell: a departure
whose group founders may end the turn, which empties the chain again.)

Why raw choices suffice. The game offers filtered choices at every decision
along the way, and resolves a decision at once when the filter leaves one.
The set of paths that end is nevertheless the same:

- every filtered choice is a raw choice, so a filtered path that ends is a
  raw path that ends;
- conversely, take a raw path that ends. At each of its decisions the next
  choice has an ending continuation (the rest of that path), measured against
  the very positions the real chain holds there (those before the decision
  plus those the path departed from, which is what the search tracks). So the
  filter keeps that choice, and the path is one the game can play; a decision
  the filter narrows to one option is resolved by the game with exactly the
  option the path takes.

A path through a return is never an ending path, whatever ``endless_chain``
does afterwards: the rule asks for an end *without* coming back.

The search has a node budget (and a bound on the length of one sequence, to
keep within Python's recursion limit); beyond either, :class:`TooExpensive` is
raised, so callers can skip the decision and count it.
"""

from __future__ import annotations

from tongiaki_rules import GameState
from tongiaki_rules import _engine as E
from tongiaki_rules import events as ev
from tongiaki_rules.actions import Action, Depart

Boats = tuple[object, ...]
Reached = frozenset[Boats]

BUDGET = 20_000
"""Nodes (positions stepped into) one decision may cost before :class:`TooExpensive`."""
DEPTH = 300
"""Choices in one sequence beyond which the decision is :class:`TooExpensive` too (recursion)."""


class TooExpensive(Exception):
    """The plain search needed more nodes than its budget; the decision is not judged."""


class _Counter:
    __slots__ = ("left",)

    def __init__(self, budget: int) -> None:
        self.left = budget

    def spend(self) -> None:
        self.left -= 1
        if self.left < 0:
            raise TooExpensive


def _step(node: E.Work, action: Action, reached: Reached) -> Reached | None:
    """Apply ``action`` to ``node`` in place; the reached positions after it, or None on a return.

    After a return the node is of no further use (the caller drops it).
    """
    if type(action) is not Depart:
        node.apply(action)
        return reached
    before = tuple(node.boats)
    node.chain = ()  # the engine must never see a return: this module judges them
    node.log = []
    node.apply(action)
    departed = any(type(e) is ev.Departed for e in node.log)
    node.log = None
    node.chain = ()
    if not departed:  # e.g. a closed island removed (CLOSED-1): no position is recorded
        return reached
    if before in reached:
        return None
    return reached | {before}


def _settle(node: E.Work, reached: Reached) -> tuple[list[Action], Reached] | None:
    """Resolve what needs no choice, the way the game does.

    Returns the raw choices of the next decision and the positions reached by
    then; an empty list where the turn has ended (a draw, a new turn, the end
    of the game); None where a forced departure came back to a reached position.
    """
    while True:
        phase = node.phase
        if phase in (E.DRAW, E.OVER, E.TURN, E.SETUP):
            return [], reached
        assert phase != E.LOOP, "the engine never sees a return here"
        if phase == E.LAND and node.land_forced():
            continue
        acts = node.legal()
        if not acts:
            if phase == E.LAND:  # LAND-4: no free slot at all, every arriving boat goes home
                node.lose_group("no free slot")
                node.after_landing()
                continue
            return [], reached  # AMB-42: the game ends rather than leave a player stuck
        if len(acts) == 1 and phase in (E.DEPART, E.LAND, E.PLACE):
            after = _step(node, acts[0], reached)
            if after is None:
                return None
            reached = after
            continue
        return acts, reached


def _ends(
    node: E.Work, action: Action, reached: Reached, counter: _Counter, depth: int = 0
) -> bool:
    """Is there a sequence of choices, starting with ``action`` at ``node``, that ends the turn?"""
    counter.spend()
    if depth > DEPTH:
        raise TooExpensive
    child = E.Work(node)
    after = _step(child, action, reached)
    if after is None:
        return False
    settled = _settle(child, after)
    if settled is None:
        return False
    acts, after = settled
    if not acts:
        return True
    return any(_ends(child, a, after, counter, depth + 1) for a in acts)


def reference_offered(state: GameState, budget: int = BUDGET) -> list[Action]:
    """The raw choices of ``state`` after which the turn can end without a return (AMB-25).

    All the raw choices if none can. Raises :class:`TooExpensive` when the
    search needs more than ``budget`` nodes.
    """
    if state.is_terminal or state.phase_ in (E.DRAW, E.OVER):
        return []
    node = E.Work(state)
    raw = node.legal()
    if len(raw) < 2:
        return raw
    reached: Reached = frozenset(tuple(entry[0]) for entry in state.chain_)  # type: ignore[arg-type]
    counter = _Counter(budget)
    good = [a for a in raw if _ends(node, a, reached, counter)]
    return good or raw
