"""The code on the Tóncc adapters page (docs/toncc/adapters.md) runs and prints what it says.

The page fences its code as ``python title="needs the ... extra"``, which
tests/test_docs.py does not run; each block runs here, skipped when its
extra is missing.
"""

from __future__ import annotations

import contextlib
import importlib.util
import io
import itertools
import re
from pathlib import Path

import pytest

PAGE = Path(__file__).resolve().parents[2] / "docs" / "toncc" / "adapters.md"
EXTRAS = {"openspiel": ("pyspiel", "numpy"), "pettingzoo": ("pettingzoo", "gymnasium", "numpy")}
BLOCKS = re.findall(
    r'^```python title="needs the (\w+) extra"\n(.*?)^```', PAGE.read_text("utf-8"), re.S | re.M
)

pytestmark = pytest.mark.topic("adapters")


def test_the_page_shows_an_example_for_each_adapter() -> None:
    assert sorted(extra for extra, _ in BLOCKS) == ["openspiel", "pettingzoo", "pettingzoo"]


@pytest.mark.parametrize(("extra", "code"), BLOCKS, ids=[extra for extra, _ in BLOCKS])
def test_the_code_on_the_toncc_adapters_page_runs(
    extra: str, code: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    missing = [m for m in EXTRAS[extra] if importlib.util.find_spec(m) is None]
    if missing:
        pytest.skip(f"needs the {extra} extra (pip install -e '.[{extra}]'): no {missing[0]}")
    monkeypatch.chdir(tmp_path)
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        exec(compile(code, str(PAGE), "exec"), {"__name__": "docs_example"})
    printed = out.getvalue().splitlines()
    stated = [
        line.strip()[2:]
        for before, line in itertools.pairwise(code.splitlines())
        if before.lstrip().startswith("print(") and line.lstrip().startswith("# ")
    ]
    assert stated and all(line in printed for line in stated), (stated, printed)
