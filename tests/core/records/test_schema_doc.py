"""docs/json-schema.md stays accurate: its examples are what the library writes."""

from __future__ import annotations

import enum
import json
import re
from pathlib import Path

import attrs
from record_helpers import ATOLL, CURRENT, HOME, SWELL

from tongiaki_rules import (
    GameRecord,
    Rules,
    TileSet,
    new_game,
    replay,
    state_from_json,
    state_to_json,
)
from tongiaki_rules.record import PHASE_NAMES, state_to_dict

DOC = Path(__file__).resolve().parents[3] / "docs" / "json-schema.md"
TEXT = DOC.read_text(encoding="utf-8")


def block_after(heading: str) -> str:
    start = TEXT.index(heading)
    found = re.search(r"```json\n(.*?)\n```", TEXT[start:], re.S)
    assert found is not None
    return found.group(1)


def test_the_example_state_is_what_the_library_writes() -> None:
    text = block_after("### Example state")
    state = state_from_json(text)
    # the same document, compared parsed: the layout of the text is the json module's
    assert json.loads(state_to_json(state, indent=2)) == json.loads(text)


def test_the_example_record_replays_to_the_example_state() -> None:
    text = block_after("### Example record")
    record = GameRecord.from_json(text)
    assert json.loads(record.to_json(indent=2)) == json.loads(text)
    assert replay(record) == state_from_json(block_after("### Example state"))


def test_the_example_tile_set_is_what_the_library_writes() -> None:
    tiles = TileSet(HOME, (ATOLL, ATOLL, SWELL, CURRENT))
    data = json.loads(block_after("### `tile_set`"))
    assert state_to_dict(new_game(2, tiles=tiles))["tile_set"] == data


def test_every_state_field_and_rules_flag_is_documented() -> None:
    doc = state_to_dict(replay(GameRecord.from_json(block_after("### Example record"))))
    for name in doc:
        # named in the first column of a table row
        assert re.search(rf"^\|[^|\n]*`{name}`[^|\n]*\|", TEXT, re.M), name
    for field in attrs.fields(Rules):
        default = field.default
        shown = (
            f"`{str(default).lower()}`"
            if isinstance(default, bool)
            else f'`"{default.value}"`'
            if isinstance(default, enum.Enum)
            else None
        )
        assert f"| `{field.name}` |" in TEXT and TEXT.split(f"| `{field.name}` |")[1].split("\n")[
            0
        ].rstrip().endswith(f"{shown} |"), field.name
    for name in PHASE_NAMES:
        assert f'`"{name}"`' in TEXT, name
