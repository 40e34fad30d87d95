"""Everything the writers emit validates, with a standard validator and with ours."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from schema_helpers import RECORD, STATE, ours_accept, record_docs, standard_accepts, state_docs

from tongiaki_rules import DecisionKind, GameState, new_game
from tongiaki_rules.fuzzing import rules_strategy, tile_sets
from tongiaki_rules.record import state_to_dict
from tongiaki_rules.testing import random_playout, reachable_states


def validates(doc: Any, name: str) -> None:
    assert standard_accepts(doc, name), doc
    assert ours_accept(doc, name), doc


def test_states_from_setup_to_the_end_validate() -> None:
    docs = state_docs()
    assert {d["phase"] for d in docs} >= {"setup", "turn", "berth", "draw", "game_over"}
    assert any(isinstance(d["tile_set"], dict) for d in docs)
    for doc in docs:
        validates(doc, STATE)


@settings(max_examples=40, deadline=None)
@given(reachable_states(rules=rules_strategy(), until=list(DecisionKind)))
def test_reachable_states_under_any_flags_validate(state: GameState) -> None:
    validates(state_to_dict(state), STATE)


@settings(max_examples=15, deadline=None)
@given(tile_sets(), st.integers(0, 2**16))
def test_states_with_custom_tile_sets_validate(tiles: Any, seed: int) -> None:
    import random

    states = list(random_playout(new_game(2, tiles=tiles), random.Random(seed)))
    for state in states[:: max(1, len(states) // 5)]:
        validates(state_to_dict(state), STATE)


@pytest.mark.parametrize("k", range(len(record_docs())))
def test_records_validate(k: int) -> None:
    validates(record_docs()[k], RECORD)


def test_a_version_3_record_needs_its_start_and_versions_1_2_have_none() -> None:
    v3 = record_docs()[-1]
    assert v3["version"] == 3 and isinstance(v3["start"], dict)
    for doc in ({**v3, "version": 2}, {k: v for k, v in v3.items() if k != "start"}):
        assert not standard_accepts(doc, RECORD) and not ours_accept(doc, RECORD)
    new_game_v3 = record_docs()[0]
    assert new_game_v3["version"] == 3 and new_game_v3["start"] is None
    before_start = {k: v for k, v in new_game_v3.items() if k != "start"}
    for version in (1, 2):
        assert ours_accept({**before_start, "version": version}, RECORD)
        assert standard_accepts({**before_start, "version": version}, RECORD)
