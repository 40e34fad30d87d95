"""The retired rules flags: gone from Rules, still read where old documents carry them.

``empty_pile_group_fate`` (AMB-13) and ``two_player_scoring`` (AMB-40) were
enums of one value that the engine never read. Rules refuses them; records,
state documents and position codes that name them with their only value
still load, and any other value is refused naming the flag.
"""

from __future__ import annotations

import copy
import random
from typing import Any

import attrs
import pytest

import tongiaki_rules
from tongiaki_rules import (
    GameRecord,
    GameState,
    PositionCodeError,
    RecordError,
    Rules,
    SettingsError,
    TongiakiError,
    new_game,
)
from tongiaki_rules.record import Recorder, json_schema, replay, state_from_dict, state_to_dict
from tongiaki_rules.rules import RETIRED_FLAGS, without_retired

RETIRED = {"empty_pile_group_fate": "lost", "two_player_scoring": "sum"}
WRONG = {"empty_pile_group_fate": "saved", "two_player_scoring": "product"}


def test_the_retired_flags_and_their_only_values() -> None:
    assert dict(RETIRED_FLAGS) == RETIRED


@pytest.mark.parametrize("name", sorted(RETIRED))
def test_rules_has_no_retired_flag(name: str) -> None:
    assert name not in attrs.fields_dict(Rules)
    with pytest.raises(SettingsError, match=f"Rules has no flag '{name}': it was retired"):
        Rules(**{name: RETIRED[name]})


def test_the_retired_enums_are_not_exported() -> None:
    for kind in ("EmptyPileFate", "TwoPlayerScoring"):
        assert kind not in tongiaki_rules.__all__
        assert not hasattr(tongiaki_rules, kind)


def test_without_retired_drops_the_retired_flags_with_their_only_value() -> None:
    flags: dict[str, object] = {"variant_rody": True, **RETIRED}
    assert without_retired(flags) == {"variant_rody": True}
    assert flags == {"variant_rody": True, **RETIRED}  # the argument is left as it was


@pytest.mark.parametrize("name", sorted(RETIRED))
@pytest.mark.parametrize("value", ["other", "", 1, None, True, ["lost"]])
def test_without_retired_refuses_another_value_naming_the_flag(name: str, value: object) -> None:
    with pytest.raises(SettingsError, match=f"^{name}: .* the only value of this retired flag"):
        without_retired({name: value})


def test_the_state_schema_still_takes_the_retired_flags_with_their_only_value() -> None:
    flags = json_schema("tongiaki-state")["$defs"]["rules"]["properties"]
    for name, only in RETIRED.items():
        assert flags[name]["enum"] == [only]
        assert flags[name]["default"] == only


# ------------------------------------------------------------------ old documents


def played_state() -> GameState:
    """A three-player Rody game some forty steps in (its code names the Rody flag last)."""
    state = new_game(3, Rules(variant_rody=True))
    rng = random.Random(7)
    for _ in range(40):
        if state.is_chance_node:
            draws, weights = zip(*state.chance_outcomes(), strict=True)
            state = state.apply(rng.choices(draws, weights)[0])
        else:
            state = state.apply(rng.choice(state.legal_actions()))
    return state


def test_an_old_state_document_with_the_retired_flags_loads() -> None:
    state = played_state()
    doc = state_to_dict(state)
    old = copy.deepcopy(doc)
    old["rules"] = {**old["rules"], **RETIRED}
    loaded = state_from_dict(old)
    assert loaded == state_from_dict(doc)
    assert loaded.rules == Rules(variant_rody=True)
    assert state_to_dict(loaded) == doc  # and is written back without them


@pytest.mark.parametrize("name", sorted(RETIRED))
def test_a_state_document_with_another_value_of_a_retired_flag_is_refused(name: str) -> None:
    doc = state_to_dict(played_state())
    doc["rules"][name] = WRONG[name]
    before = copy.deepcopy(doc)
    with pytest.raises(RecordError, match=f"rules.{name}") as caught:
        state_from_dict(doc)
    assert isinstance(caught.value, TongiakiError)
    assert doc == before


def test_an_old_record_with_the_retired_flags_loads_and_replays_the_same() -> None:
    recorder = Recorder(2)
    rng = random.Random(3)
    for _ in range(30):
        if recorder.state.is_chance_node:
            recorder.resolve_chance(rng)
        else:
            recorder.apply(rng.choice(recorder.state.legal_actions()))
    data: dict[str, Any] = recorder.record.to_dict()
    old = copy.deepcopy(data)
    old["rules"] = dict(RETIRED)
    assert GameRecord.from_dict(old).to_dict() == data
    assert replay(GameRecord.from_dict(old)) == recorder.state


@pytest.mark.parametrize("name", sorted(RETIRED))
def test_a_record_with_another_value_of_a_retired_flag_is_refused(name: str) -> None:
    data = GameRecord(2).to_dict()
    data["rules"] = {name: WRONG[name]}
    with pytest.raises(RecordError, match=f"rules.{name}"):
        GameRecord.from_dict(data)


@pytest.mark.parametrize(("short", "letter"), [("epg", "L"), ("tps", "S")])
def test_a_position_code_naming_a_retired_flag_with_its_value_reads(
    short: str, letter: str
) -> None:
    state = played_state()
    code = state.to_position_code()
    head, settings, rest = code.split("_", 2)
    old = f"{head}_{settings}{short}{letter}_{rest}"  # settings end with the Rody flag
    assert GameState.from_position_code(old) == GameState.from_position_code(code)
    assert GameState.from_position_code(old).to_position_code() == code


@pytest.mark.parametrize(
    ("short", "name"), [("epg", "empty_pile_group_fate"), ("tps", "two_player_scoring")]
)
def test_a_position_code_with_another_letter_of_a_retired_flag_is_refused(
    short: str, name: str
) -> None:
    code = new_game(2).to_position_code()
    head, settings, rest = code.split("_", 2)
    with pytest.raises(PositionCodeError, match=f"is not a value of {name}"):
        GameState.from_position_code(f"{head}_{settings}.{short}X_{rest}")
