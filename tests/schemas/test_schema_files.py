"""The shipped JSON Schemas: valid draft 2020-12, handed out fresh, in step with the library."""

from __future__ import annotations

import enum

import attrs
import jsonschema
import pytest
from schema_helpers import RECORD, STATE, validator

from tongiaki_rules import RecordError, Rules, TongiakiError
from tongiaki_rules.record import GameRecord, json_schema
from tongiaki_rules.record._schema import _RECORD_FIELDS, _STATE_FIELDS
from tongiaki_rules.record._schema_check import _Compiler
from tongiaki_rules.rules import RETIRED_FLAGS


@pytest.mark.parametrize("name", [STATE, RECORD])
def test_each_schema_is_a_valid_draft_2020_12_schema(name: str) -> None:
    schema = json_schema(name)
    jsonschema.Draft202012Validator.check_schema(schema)
    assert schema["$schema"] == "https://json-schema.org/draft/2020-12/schema"
    assert schema["$id"] == f"https://tongiaki-rules.invalid/schemas/{name}.schema.json"
    assert schema["title"] == name


def test_every_definition_and_field_is_described() -> None:
    defs = json_schema(STATE)["$defs"] | json_schema(RECORD)["$defs"]
    for key, definition in defs.items():
        assert "description" in definition, key
    fields = defs["state"]["properties"] | json_schema(RECORD)["properties"]
    for key, field in fields.items():
        named = defs.get(field.get("$ref", "").rpartition("/")[2], {})
        assert "description" in field or "description" in named, key


def test_json_schema_gives_a_fresh_copy_each_call() -> None:
    schema = json_schema()
    schema["$defs"].clear()
    assert json_schema()["$defs"] and json_schema() == json_schema(STATE)


@pytest.mark.parametrize("name", ["tongiaki-game", "", "tongiaki-state.schema.json", "\ud800"])
def test_an_unknown_schema_name_lists_the_names(name: str) -> None:
    with pytest.raises(RecordError) as info:
        json_schema(name)
    assert info.value.path == "name"
    assert "'tongiaki-state', 'tongiaki-record'" in str(info.value)


@pytest.mark.parametrize("name", [None, 1, True, b"tongiaki-state"])
def test_a_schema_name_that_is_not_text_is_refused(name: object) -> None:
    with pytest.raises(TongiakiError, match=r"name: .* is not a schema"):
        json_schema(name)  # type: ignore[arg-type]


def test_the_rules_flags_are_those_of_rules() -> None:
    flags = json_schema(STATE)["$defs"]["rules"]["properties"]
    # the retired flags stay, with their only value, so that old documents still validate
    for name, only in RETIRED_FLAGS.items():
        assert flags[name] | {"description": ""} == {
            "type": "string",
            "enum": [only],
            "default": only,
            "description": "",
        }, name
    live = [name for name in flags if name not in RETIRED_FLAGS]
    assert live == [field.name for field in attrs.fields(Rules)]
    for field in attrs.fields(Rules):
        default = field.default
        if isinstance(default, enum.Enum):
            assert flags[field.name]["enum"] == [m.value for m in type(default)], field.name
            assert flags[field.name]["default"] == default.value
        else:
            assert flags[field.name] | {"description": ""} == {
                "type": "boolean",
                "default": default,
                "description": "",
            }


def test_the_state_fields_are_those_the_writer_writes_in_order() -> None:
    state = json_schema(STATE)["$defs"]["state"]
    assert tuple(state["properties"]) == _STATE_FIELDS == tuple(state["required"])


def test_a_version_3_record_has_the_fixed_fields_in_order() -> None:
    record = json_schema(RECORD)
    assert list(record["properties"]) == [
        *("schema", "version", "num_players", "start_player", "rules", "tile_set"),
        *("metadata", "start", "actions"),
    ]
    assert tuple(record["properties"]) == _RECORD_FIELDS == tuple(GameRecord(2).to_dict())
    assert record["then"] == {"required": ["start"]}  # version 3
    assert record["else"] == {"properties": {"start": False}}  # versions 1 and 2


def test_the_validator_refuses_a_keyword_it_does_not_interpret() -> None:
    uri = "https://example.invalid/s.json"
    with pytest.raises(NotImplementedError, match="multipleOf"):
        _Compiler({uri: {"type": "integer", "multipleOf": 2}}).ref(uri)


def test_jsonschema_resolves_the_records_reference_to_the_state_schema() -> None:
    errors = list(validator(RECORD).iter_errors({"start": {"schema": "x"}}))
    assert any(list(e.absolute_path)[:1] == ["start"] for e in errors)
