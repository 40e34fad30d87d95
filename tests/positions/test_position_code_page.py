"""The reference page "Position codes": its examples read, and its tables match the code."""

from __future__ import annotations

import re
from pathlib import Path

import attrs
import pytest

from tongiaki_rules import STANDARD_TILES, GameState, Rules
from tongiaki_rules.position_code import FLAG_NAMES, TILE_NAMES
from tongiaki_rules.testing import check_invariants

PAGE = Path(__file__).resolve().parents[2] / "docs" / "reference" / "position-code.md"
TEXT = PAGE.read_text(encoding="utf-8")
EXAMPLES = [
    line
    for block in re.findall(r"^```text\n(.*?)^```", TEXT, re.S | re.M)
    for line in block.splitlines()
    if line.startswith("T1_")
]


def test_the_page_has_worked_examples() -> None:
    assert len(EXAMPLES) >= 5


@pytest.mark.parametrize("code", EXAMPLES)
def test_every_worked_example_reads_and_is_written_back_the_same(code: str) -> None:
    state = GameState.from_position_code(code)
    check_invariants(state)
    assert state.to_position_code() == code


def test_every_standard_tile_and_every_rules_flag_has_a_short_name_on_the_page() -> None:
    assert set(TILE_NAMES) == {tile.id for tile in STANDARD_TILES.kinds}
    assert set(FLAG_NAMES) == {field.name for field in attrs.fields(Rules)}
    assert len(set(TILE_NAMES.values())) == len(TILE_NAMES)
    assert len(set(FLAG_NAMES.values())) == len(FLAG_NAMES)
    for tile_id, short in TILE_NAMES.items():
        if not tile_id.startswith("ocean-"):
            assert f"| {tile_id} | `{short}` |" in TEXT
    for name, short in FLAG_NAMES.items():
        assert f"`{short}`\n{name}" in TEXT or f"`{short}` {name}" in TEXT, name


def test_every_value_of_an_enum_flag_has_its_own_letter() -> None:
    from tongiaki_rules.position_code._names import enum_letter

    for field in attrs.fields(Rules):
        if not isinstance(field.default, bool):
            members = list(type(field.default))
            assert len({enum_letter(member) for member in members}) == len(members), field.name


def test_flags_run_together_because_bool_names_have_three_characters() -> None:
    defaults = {field.name: field.default for field in attrs.fields(Rules)}
    for name, short in FLAG_NAMES.items():
        assert re.fullmatch(r"[a-z][a-z0-9]{1,2}", short), short
        if isinstance(defaults[name], bool):
            assert len(short) == 3, short
    every = Rules(**{n: not v for n, v in defaults.items() if isinstance(v, bool)})
    flags = "".join(FLAG_NAMES[name] for name in every.changed())
    assert GameState.from_position_code(f"T1_20.{flags}_sB_to000").config.rules == every
