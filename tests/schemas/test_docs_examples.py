"""Every JSON example in the docs validates: whole documents against their schema (found by
their ``"schema"`` field), the fragments listed here against the definition they show."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from schema_helpers import STATE, ours_accept, standard_accepts

ROOT = Path(__file__).resolve().parents[2]
PAGES = sorted([*(ROOT / "docs").rglob("*.md"), ROOT / "README.md"])
BLOCKS = [
    (page.relative_to(ROOT).as_posix(), k, block)
    for page in PAGES
    for k, block in enumerate(re.findall(r"```json\n(.*?)\n```", page.read_text("utf-8"), re.S))
]
FRAGMENTS = {
    # page, block number: the definition of the state schema the fragment shows
    ("docs/json-schema.md", 0): "tile_set",  # the custom tile set of the `tile_set` section
}


def test_the_docs_have_json_examples() -> None:
    names = {json.loads(block).get("schema") for _page, _k, block in BLOCKS}
    assert {"tongiaki-state", "tongiaki-record"} <= names


@pytest.mark.parametrize(("page", "k", "block"), BLOCKS, ids=[f"{p}#{k}" for p, k, _ in BLOCKS])
def test_a_json_example_of_the_docs_validates(page: str, k: int, block: str) -> None:
    doc = json.loads(block)
    if (page, k) in FRAGMENTS:
        pointer = f"/$defs/{FRAGMENTS[page, k]}"
        assert ours_accept(doc, STATE, pointer)
        return
    assert isinstance(doc, dict) and doc.get("schema") in ("tongiaki-state", "tongiaki-record"), (
        f"{page}: a JSON example that is neither a document nor a listed fragment"
    )
    assert standard_accepts(doc, doc["schema"]) and ours_accept(doc, doc["schema"])
