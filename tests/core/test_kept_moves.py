"""The moves of a boat of the table that the engine keeps are the moves it would list afresh.

With an empty reserve a turn offers a move of each of the player's boats on the
table to each beach with room (EMPTYRESERVE-1/2, AMB-04): dozens of actions, the
same ones at many positions of a search. The engine keeps each island's list by
the island, its beaches with room and the boats that may move
(``expansion._MOVES_TO``), and forgets them all past a bound, so memory stays
flat. Kept or made afresh, every turn decision of many games under both
``empty_reserve_source`` settings lists the same actions, and the store never
grows past its bound.
"""

from __future__ import annotations

import random

import pytest

import tongiaki_rules
from tongiaki_rules import ExpandFromBoard, GameState, Rules, new_game
from tongiaki_rules import _engine as E
from tongiaki_rules._engine import expansion


def turn_decisions(seed: int, rules: Rules) -> list[GameState]:
    """The turn decisions with moves of a boat of the table in a random 2-player game."""
    rng = random.Random(seed)
    state = new_game(2, rules=rules)
    found = []
    while not state.is_terminal:
        if state.is_chance_node:
            state = state.apply(state.sample_chance(rng))
            continue
        acts = state.legal_actions()
        if any(isinstance(a, ExpandFromBoard) for a in acts):
            found.append(state)
        state = state.apply(rng.choice(acts))
    return found


def looked_ahead(state: GameState, rng: random.Random) -> list[GameState]:
    """Turn decisions a search meets from ``state``: after a few of its moves, and a few
    replies, the same player's next turn (the same boats to move, other beaches with room)."""
    found = []
    for move in rng.sample(state.legal_actions(), min(4, len(state.legal_actions()))):
        child = state.apply(move)
        for _ in range(3):
            node = child
            while not node.is_terminal and (node.is_chance_node or node.current_player != 0):
                node = node.apply(
                    node.sample_chance(rng) if node.is_chance_node else node.sample_action(rng)
                )
            if not node.is_terminal:
                found.append(node)
    return found


@pytest.mark.clause("EMPTYRESERVE-1", "EMPTYRESERVE-2", "AMB-04")
@pytest.mark.parametrize("source", ["any_non_royal", "other_island_only"])
def test_kept_moves_are_the_moves_listed_afresh(source: str) -> None:
    rules = Rules(empty_reserve_source=source)
    rng = random.Random(source)
    checked = 0
    for seed in range(4):
        for state in turn_decisions(seed, rules):
            if state.current_player != 0:
                continue
            for node in [state, *looked_ahead(state, rng)]:
                kept = E.Work(node).legal_turn()  # with the lists kept so far
                saved = dict(expansion._MOVES_TO)
                expansion._MOVES_TO.clear()
                fresh = E.Work(node).legal_turn()
                expansion._MOVES_TO.update(saved)
                assert kept == fresh
                checked += 1
    assert checked > 0


@pytest.mark.skipif(
    tongiaki_rules.COMPILED,
    reason="lowers expansion._MOVES_KEPT, a constant the compiled build folds into its code; "
    "the pure build runs it",
)
def test_the_kept_moves_stay_within_their_bound(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(expansion, "_MOVES_KEPT", 8)
    expansion._MOVES_TO.clear()
    most = 0
    for state in turn_decisions(1, Rules()):
        E.Work(state).legal_turn()
        most = max(most, len(expansion._MOVES_TO))
    assert 0 < most <= 8
