"""Fuzzed mutants of valid documents: our validator and the standard one agree, and every
mutant the schema refuses, the state reader refuses too with a TongiakiError."""

from __future__ import annotations

import copy
import json
from typing import Any

import pytest
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st
from schema_helpers import RECORD, STATE, ours_accept, record_docs, standard_accepts, state_docs

from tongiaki_rules import RecordError, TongiakiError
from tongiaki_rules.record import state_from_dict
from tongiaki_rules.record._schema_check import check_schema

_VALUES: tuple[Any, ...] = (
    None, True, False, 0, 1, -1, 2, 5, 6, 7, 15, 16, 63, 64, 2**31, -(2**31), 2**70, 1.5, 3.0,
    "", "B", "b", "BX", "BRG", "vacant", "standard", "island", "ocean", "voyage", "turn",
    "hawaii", "x" * 91, [], [0], [0, 0], [0, 0, 0], [True, 0], ["", ""], {}, {"B": None},
)  # fmt: skip


def _paths(doc: Any, here: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    found = [here]
    items = (
        doc.items() if isinstance(doc, dict) else enumerate(doc) if isinstance(doc, list) else ()
    )
    for key, value in items:
        found += _paths(value, (*here, key))
    return found


@st.composite
def mutants(draw: st.DrawFn, docs: tuple[dict[str, Any], ...]) -> dict[str, Any]:
    """A valid document with one to three changes: a value replaced, a field or item dropped, a
    field added."""
    doc = copy.deepcopy(draw(st.sampled_from(docs)))
    for _ in range(draw(st.integers(1, 3))):
        path = draw(st.sampled_from(_paths(doc)[1:]))
        *parents, last = path
        parent = doc
        for key in parents:
            parent = parent[key]
        how = draw(st.sampled_from(["replace", "replace", "replace", "drop", "add"]))
        if how == "replace":
            parent[last] = copy.deepcopy(draw(st.sampled_from(_VALUES)))
        elif how == "drop":
            del parent[last]
        elif isinstance(parent, dict):
            parent[draw(st.sampled_from(["extra", "B", "king", "beaches", "start"]))] = 0
        else:
            parent.append(copy.deepcopy(parent[last]))
    return doc


def stricter_text(value: Any) -> bool:
    """Whether ``value`` holds what only our reader refuses: an integral float (``3.0``) or a
    lone surrogate (see test_two_rules_of_the_json_text_are_stricter_than_the_schema)."""
    if isinstance(value, float):
        return value.is_integer()
    if isinstance(value, str):
        return any("\ud800" <= c <= "\udfff" for c in value)
    if isinstance(value, dict):
        return any(stricter_text(k) or stricter_text(v) for k, v in value.items())
    if isinstance(value, list):
        return any(stricter_text(v) for v in value)
    return False


def agree(doc: Any, name: str) -> bool:
    """Whether the schema accepts ``doc``; ours and jsonschema must say the same, but for the
    two rules of the JSON text on which ours is stricter."""
    standard = standard_accepts(doc, name)
    ours = ours_accept(doc, name)
    if standard and not ours and stricter_text(doc):
        return False
    assert ours == standard, json.dumps(doc)[:2000]
    return standard


@settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(mutants(state_docs()))
def test_state_mutants_the_schema_refuses_the_reader_refuses(doc: dict[str, Any]) -> None:
    if not agree(doc, STATE):
        with pytest.raises(TongiakiError):
            state_from_dict(doc)


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(mutants(record_docs()))
@example({**record_docs()[-1], "start": {**record_docs()[-1]["start"], "chain": 3}})
def test_record_mutants_are_judged_alike(doc: dict[str, Any]) -> None:
    if not agree(doc, RECORD):
        with pytest.raises(RecordError) as info:
            check_schema(doc, RECORD)
        assert info.value.path is None or info.value.path.split(".")[0].split("[")[0] in doc


@pytest.mark.parametrize(
    ("change", "path", "message"),
    [
        ({"version": 2}, "start", "unknown field"),
        ({"start": 3}, "start", "expected null or a tongiaki-state document, not an integer"),
        ({"metadata": {"elo": 1.5}}, "metadata.elo", "expected a string or an integer"),
        ({"actions": [{"type": "Pass"}]}, "actions[0].type", "expected an action type (SetupPlace"),
        ({"actions": [{"type": "Depart", "island": [0, 0], "beach": 0}]}, "actions[0]",
         "missing field 'jetty'"),
        ({"actions": [{"type": "Draw", "tile": "hawaii", "beach": 0}]}, "actions[0].beach",
         "unknown field"),
        ({"actions": [{"type": "PlaceTile", "position": [0, 1], "rotation": 6}]},
         "actions[0].rotation", "6 is not in 0..5"),
    ],
)  # fmt: skip
def test_our_validator_names_the_path_in_a_record(
    change: dict[str, Any], path: str, message: str
) -> None:
    doc = {**record_docs()[-1], **change}
    with pytest.raises(RecordError) as info:
        check_schema(doc, RECORD)
    assert info.value.path == path and message in str(info.value), str(info.value)


def test_the_start_of_a_record_is_checked_as_a_state_at_its_path() -> None:
    doc = copy.deepcopy(record_docs()[-1])
    doc["start"]["table"][0]["rotation"] = 6
    with pytest.raises(RecordError, match=r"^start\.table\[0\]\.rotation: 6 is not in 0\.\.5$"):
        check_schema(doc, RECORD)


@pytest.mark.parametrize(
    ("value", "path"),
    [("\ud800", "turn_colour"), (3.0, "entry"), (True, "entry")],
)
def test_two_rules_of_the_json_text_are_stricter_than_the_schema(value: Any, path: str) -> None:
    """A lone surrogate and an integer written as 3.0: refused by us; bools by both."""
    doc = {**state_docs()[3], path: value}
    assert not ours_accept(doc, STATE)
    with pytest.raises(RecordError) as info:
        state_from_dict(doc)
    assert info.value.path == path


@pytest.mark.parametrize("key", ["", "\ud800", "a.b", "[0]"])
def test_an_odd_unknown_key_is_named_in_the_path(key: str) -> None:
    doc = copy.deepcopy(state_docs()[0])
    doc["colours"]["B"][key] = 1
    with pytest.raises(RecordError, match="unknown field") as info:
        state_from_dict(doc)
    assert info.value.path is not None and info.value.path.startswith("colours.B.")
