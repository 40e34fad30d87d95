"""The documentation: every public name is in the reference, and every example runs."""

from __future__ import annotations

import contextlib
import io
import itertools
import re
import sys
from pathlib import Path

import pytest

import tongiaki_rules

DOCS = Path(__file__).resolve().parent.parent / "docs"
PAGES = sorted(p for p in DOCS.rglob("*.md") if p.name != "conformance.md")


def python_blocks(page: Path) -> list[str]:
    return re.findall(r"^```python\n(.*?)^```", page.read_text(encoding="utf-8"), re.S | re.M)


def file_blocks(page: Path) -> dict[str, str]:
    """The blocks a page asks the reader to save: ```` ```python title="mybots.py" ````."""
    found = re.findall(
        r'^```python title="([\w.]+\.py)"\n(.*?)^```', page.read_text(encoding="utf-8"), re.S | re.M
    )
    return dict(found)


EXAMPLES = [
    pytest.param(code, file_blocks(page), id=f"{page.relative_to(DOCS)}-{k}")
    for page in PAGES
    for k, code in enumerate(python_blocks(page))
]


def test_every_public_name_is_in_the_api_reference() -> None:
    reference = (DOCS / "reference" / "api.md").read_text(encoding="utf-8")
    missing = [
        name
        for name in tongiaki_rules.__all__
        if f"::: tongiaki_rules.{name}\n" not in reference
        and f"tongiaki_rules.{name}`" not in reference
    ]
    assert not missing


def test_every_public_name_of_toncc_is_in_its_api_reference() -> None:
    from tongiaki_rules import toncc

    reference = (DOCS / "toncc" / "api.md").read_text(encoding="utf-8")
    missing = [
        name for name in toncc.__all__ if f"::: tongiaki_rules.toncc.{name}\n" not in reference
    ]
    assert not missing


def test_the_toncc_rules_page_asks_for_every_generated_block() -> None:
    # docs/gen_toncc_pages.py replaces these markers when the site is built
    page = (DOCS / "toncc" / "rules.md").read_text(encoding="utf-8")
    asked = re.findall(r"^<!-- generated: ([a-z-]+) -->$", page, re.M)
    assert sorted(asked) == ["board", "clauses", "destinations", "flags", "map"]


@pytest.mark.parametrize(("code", "files"), EXAMPLES)
def test_every_code_example_in_the_docs_runs(
    code: str, files: dict[str, str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)  # examples that write files write them here
    # the files the page has the reader save (mybots.py), saved there and importable
    for name, text in files.items():
        (tmp_path / name).write_text(text, encoding="utf-8")
        monkeypatch.delitem(sys.modules, name.removesuffix(".py"), raising=False)
    monkeypatch.syspath_prepend(str(tmp_path))
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        exec(compile(code, "docs-example", "exec"), {"__name__": "docs_example"})
    printed = out.getvalue().splitlines()
    lines = code.splitlines()
    for before, line in itertools.pairwise(lines):
        # "print(...)" followed by "# <text>" states what it prints
        if before.lstrip().startswith("print(") and line.lstrip().startswith("# "):
            assert line.strip()[2:] in printed, (line, printed)


OUTPUT_MARKER = re.compile(
    r"^<!-- the output of(?: the block above|: (?P<code>.+?)) -->\n```text\n(?P<text>.*?)^```",
    re.S | re.M,
)
"""A text block that shows what the code printed: ``<!-- the output of: print(after) -->``
(the code run after the page's Python blocks above it) or ``<!-- the output of the block
above -->`` (what the last Python block above it printed)."""

SHOWN = [
    pytest.param(page, k, id=f"{page.relative_to(DOCS)}-{k}")
    for page in PAGES
    for k, _ in enumerate(OUTPUT_MARKER.finditer(page.read_text(encoding="utf-8")))
]


@pytest.mark.parametrize(("page", "k"), SHOWN)
def test_every_output_the_docs_show_is_what_the_code_prints_today(
    page: Path, k: int, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Maps, text views and listings printed in the docs are drawn again from the code."""
    monkeypatch.chdir(tmp_path)
    text = page.read_text(encoding="utf-8")
    marker = list(OUTPUT_MARKER.finditer(text))[k]
    before = text[: marker.start()]
    for name, code in file_blocks(page).items():
        (tmp_path / name).write_text(code, encoding="utf-8")
        monkeypatch.delitem(sys.modules, name.removesuffix(".py"), raising=False)
    monkeypatch.syspath_prepend(str(tmp_path))
    namespace: dict[str, object] = {"__name__": "docs_example"}
    printed = ""
    for code in re.findall(r"^```python\n(.*?)^```", before, re.S | re.M):
        out = io.StringIO()
        with contextlib.redirect_stdout(out):
            exec(compile(code, "docs-example", "exec"), namespace)
        printed = out.getvalue()
    if marker.group("code") is not None:
        out = io.StringIO()
        with contextlib.redirect_stdout(out):
            exec(compile(marker.group("code"), "docs-output", "exec"), namespace)
        printed = out.getvalue()
    assert printed == marker.group("text"), f"{page.name}: the block shows something else now"
