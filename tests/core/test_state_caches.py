"""A state whose caches are dropped behaves exactly as before (issue 17, memory)."""

from __future__ import annotations

import random

from tongiaki_rules import new_game


def test_a_state_without_its_caches_plays_on_the_same() -> None:
    rng = random.Random(3)
    state = new_game(4)
    while not state.is_terminal:
        legal = state.legal_actions()
        chance = state.chance_outcomes()
        action = rng.choice(legal) if legal else state.sample_chance(rng)
        after = state.apply(action)
        state.drop_caches()
        assert state.legal_actions() == legal
        assert state.chance_outcomes() == chance
        assert state.apply(action) == after
        assert state.apply(action).legal_actions() == after.legal_actions()
        state = after
