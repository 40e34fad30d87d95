"""Figures that cannot go stale: each printed figure names how, where and when it was measured.

``tools/figures.py`` knows every timing, win rate and learning curve that the
README and the docs print, with the commands that measure it again. Each of
those pages prints, under the figure, a stamp naming the date, the machine and
``python tools/figures.py --only NAME``.
"""

from __future__ import annotations

import importlib.util
import re
import sys
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parent.parent
PAGES = [ROOT / "README.md", *sorted((ROOT / "docs").rglob("*.md"))]
STAMP = re.compile(
    r"\*[^*\n]*?(?:Measured|measured|written) on (\d{4}-\d{2}-\d{2})[^*]*?"
    r"`python tools/figures\.py((?: --only [a-z0-9-]+)+)`"
)


def figures() -> ModuleType:
    spec = importlib.util.spec_from_file_location("figures", ROOT / "tools" / "figures.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules.setdefault("figures", module)
    spec.loader.exec_module(module)
    return module


def stamps(page: Path) -> list[tuple[str, list[str]]]:
    """The stamps of a page: each one's date and the figures it names."""
    text = " ".join(page.read_text(encoding="utf-8").split())
    return [(when, names.split()[1::2]) for when, names in STAMP.findall(text)]


FIGURES = figures().FIGURES


@pytest.mark.parametrize("figure", FIGURES, ids=lambda figure: figure.name)
def test_every_figure_is_stamped_on_each_page_that_prints_it(figure: Any) -> None:
    for page in figure.pages:
        named = [name for _when, names in stamps(ROOT / page) for name in names]
        assert figure.name in named, f"{page}: no stamp names {figure.name}"


def test_every_stamp_names_figures_the_script_can_measure_again() -> None:
    known = {figure.name: figure for figure in FIGURES}
    for page in PAGES:
        for when, names in stamps(page):
            assert re.fullmatch(r"20\d\d-\d\d-\d\d", when)
            for name in names:
                assert name in known, f"{page.name}: the stamp names an unknown figure {name}"
                where = str(page.relative_to(ROOT))
                assert where in known[name].pages, f"{name} does not list {where}"


def test_the_script_lists_every_figure_and_prints_a_stamp(
    capsys: pytest.CaptureFixture[str],
) -> None:
    module = figures()
    assert module.main(["--list"]) == 0
    listed = capsys.readouterr().out
    assert all(f"{figure.name}: " in listed for figure in FIGURES)
    assert module.main(["--stamp", "--only", "readme-tournament"]) == 0
    stamp = capsys.readouterr().out.strip()
    assert STAMP.search(stamp), stamp
    with pytest.raises(SystemExit, match="no figure 'nonesuch'"):
        module.main(["--only", "nonesuch"])
