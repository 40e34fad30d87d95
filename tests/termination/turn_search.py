"""A bounded depth-first search over the states reachable before the turn passes.

A turn that could last for ever shows up as a path that never reaches the end
of the turn: either a state that comes back on the path (a cycle of choices),
or a path longer than any finite turn needs. Draws end a path (a chance node
is a leaf): every draw shrinks the pile, so no cycle can pass through one.
"""

from __future__ import annotations

import attrs

from tongiaki_rules import DecisionKind, GameState

DEPTH_LIMIT = 600
"""Decisions in one turn beyond which a path counts as endless."""


@attrs.define
class SearchResult:
    """What a search found: a cycle or an over-long path, and how far it looked."""

    cycle: list[GameState] | None = None
    too_deep: list[GameState] | None = None
    nodes: int = 0
    complete: bool = True
    """False when the node budget ran out before every path was followed to its end."""
    longest: int = 0


def _turn_is_over(state: GameState) -> bool:
    """A leaf: the game is over, a tile is drawn, or a new turn (or setup step) begins."""
    if state.is_terminal or state.is_chance_node:
        return True
    return state.pending.kind in (DecisionKind.TURN, DecisionKind.SETUP)


def search_turn(start: GameState, *, budget: int = 4000) -> SearchResult:
    """Follow every choice from ``start`` until the turn passes, a draw, or the budget."""
    result = SearchResult()
    on_path: dict[GameState, int] = {}
    path: list[GameState] = []
    finished: set[GameState] = set()

    def visit(state: GameState) -> bool:
        """False to stop the whole search (a finding, or the budget spent)."""
        result.nodes += 1
        if result.nodes > budget:
            result.complete = False
            return False
        if state in on_path:
            result.cycle = [*path[on_path[state] :], state]
            return False
        if state in finished or (path and _turn_is_over(state)):
            return True
        if len(path) >= DEPTH_LIMIT:
            result.too_deep = list(path)
            return False
        on_path[state] = len(path)
        path.append(state)
        result.longest = max(result.longest, len(path))
        for action in state.legal_actions():
            if not visit(state.apply(action)):
                return False
        path.pop()
        del on_path[state]
        finished.add(state)
        return True

    visit(start)
    return result
