"""Pytest plugin: which tests check which clause and flag, and the conformance report.

Registered by the root ``conftest.py``. Tests name the catalogue entries they
check with ``@pytest.mark.clause("VOYAGE-2", "AMB-08")`` and the rules flag
values they exercise with ``@pytest.mark.flag("failure_ends_turn", True)``.

``pytest --conformance-report docs/conformance.md`` writes, after the run, a
page listing every catalogue entry with its sources, its flags, the tests
that cover it and whether they passed.
"""

from __future__ import annotations

import enum
from collections import defaultdict
from pathlib import Path

import pytest

from tongiaki_rules.catalogue import SOURCE_KEYS, Entry, load_catalogue

ITEMS = pytest.StashKey[list[pytest.Item]]()
_OUTCOMES: dict[str, str] = {}
"""Outcome of each test of this session, by node id (a session runs once per process)."""

SOURCE_LABELS = {"it": "IT", "fr_rules": "FR-R", "fr_help": "FR-H", "bsw_en": "BSW", "de": "DE"}


def clause_ids(item: pytest.Item) -> set[str]:
    """The catalogue ids a test names with ``@pytest.mark.clause``."""
    return {str(arg) for mark in item.iter_markers("clause") for arg in mark.args}


def flag_text(value: object) -> str:
    """A flag value as the catalogue writes it (``true``, ``geometric``, ...)."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, enum.Enum):
        return str(value.value)
    return str(value)


def flag_values(item: pytest.Item) -> set[tuple[str, str]]:
    """The ``(flag, value)`` pairs a test exercises, from ``@pytest.mark.flag``."""
    found = set()
    for mark in item.iter_markers("flag"):
        name, *values = mark.args
        for value in values:
            found.add((str(name), flag_text(value)))
    return found


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addoption(
        "--conformance-report",
        metavar="PATH",
        default=None,
        help="after the run, write the clause-by-clause conformance report (Markdown) to PATH",
    )


def pytest_collection_modifyitems(
    session: pytest.Session, config: pytest.Config, items: list[pytest.Item]
) -> None:
    config.stash[ITEMS] = list(items)


def pytest_runtest_logreport(report: pytest.TestReport) -> None:
    outcomes = _OUTCOMES
    if report.when == "call" or report.outcome != "passed":
        status = report.outcome
        if hasattr(report, "wasxfail"):
            status = "xfailed" if report.skipped else "xpassed"
        if outcomes.get(report.nodeid) in (None, "passed"):
            outcomes[report.nodeid] = status


def pytest_sessionstart(session: pytest.Session) -> None:
    _OUTCOMES.clear()


def pytest_sessionfinish(session: pytest.Session, exitstatus: int) -> None:
    path = session.config.getoption("--conformance-report")
    if path:
        items = session.config.stash.get(ITEMS, [])
        Path(path).write_text(render_report(items, _OUTCOMES), encoding="utf-8")


_MARK = {"passed": "✅", "failed": "❌", "xfailed": "⚠️ xfail", "xpassed": "❌ xpass"}


def _tests_by_entry(items: list[pytest.Item]) -> dict[str, list[str]]:
    found: dict[str, list[str]] = defaultdict(list)
    for item in items:
        for entry_id in sorted(clause_ids(item)):
            found[entry_id].append(item.nodeid)
    return found


def _entry_section(entry: Entry, tests: list[str], outcomes: dict[str, str]) -> list[str]:
    lines = [f"### {entry.id} — {entry.title} {{ #{entry.id.lower()} }}", "", entry.statement, ""]
    if entry.reading:
        lines += [f"**Reading followed:** {entry.reading}", ""]
    lines += ["| source | where |", "|---|---|"]
    for key in SOURCE_KEYS:
        lines.append(f"| {SOURCE_LABELS[key]} | {entry.sources.get(key, '—')} |")
    if entry.de_terms:
        lines.append(f"| German terms | {', '.join(entry.de_terms)} |")
    lines.append("")
    for flag in entry.flags:
        values = ", ".join(f"`{v}`" for v in flag.values)
        lines.append(f"Flag `{flag.name}`: default `{flag.default}`; values {values}.")
    if entry.flags:
        lines.append("")
    if entry.related:
        lines += ["Related: " + ", ".join(entry.related), ""]
    if not tests:
        lines += ["**No test covers this entry.**", ""]
    else:
        lines.append(f"Tests ({len(tests)}):")
        lines.append("")
        # parametrised cases of one test function are shown as one line
        grouped: dict[str, list[str]] = defaultdict(list)
        for nodeid in tests:
            grouped[nodeid.split("[", 1)[0]].append(outcomes.get(nodeid, "not run"))
        for name, statuses in grouped.items():
            worst = next((s for s in statuses if s != "passed"), "passed")
            count = f" ({statuses.count('passed')}/{len(statuses)} cases passed)"
            lines.append(
                f"- {_MARK.get(worst, worst)} `{name}`" + (count if len(statuses) > 1 else "")
            )
        lines.append("")
    return lines


def render_report(items: list[pytest.Item], outcomes: dict[str, str]) -> str:
    """The conformance report as Markdown."""
    catalogue = load_catalogue()
    by_entry = _tests_by_entry(items)
    covered = sum(1 for e in catalogue.entries if by_entry.get(e.id))
    passing = sum(
        1
        for e in catalogue.entries
        if by_entry.get(e.id) and all(outcomes.get(n) == "passed" for n in by_entry[e.id])
    )
    lines = [
        "# Conformance report",
        "",
        "Every clause of the rule catalogue and every contested reading, with where the",
        "Italian (IT), French (FR-R full rules, FR-H online help) and German (BSW, DE)",
        "sources say it, the rules flag that decides it, and the tests that check it.",
        "Generated by `python -m pytest --conformance-report docs/conformance.md`.",
        "",
        f"- entries: {len(catalogue.entries)} ({len(catalogue.clauses)} clauses, "
        f"{len(catalogue.ambiguities)} contested readings)",
        f"- entries covered by at least one test: {covered}",
        f"- entries whose tests all passed: {passing}",
        "",
        "| entry | title | IT | FR-R | FR-H | BSW | DE | flags | tests |",
        "|---|---|---|---|---|---|---|---|---|",
    ]
    for e in catalogue.entries:
        tests = by_entry.get(e.id, [])
        ok = sum(1 for n in tests if outcomes.get(n) == "passed")
        flags = ", ".join(f"`{f.name}`" for f in e.flags) or "—"
        cells = [e.sources.get(k, "—").replace("|", "/") for k in SOURCE_KEYS]
        anchor = e.id.lower()
        lines.append(
            f"| [{e.id}](#{anchor}) | {e.title} | " + " | ".join(cells) + f" | {flags} | "
            f"{ok}/{len(tests)} |"
        )
    lines.append("")
    area = None
    for e in catalogue.entries:
        if e.area != area and not e.is_ambiguity:
            area = e.area
            lines += [f"## {area}", ""]
        elif e.is_ambiguity and area != "Contested readings":
            area = "Contested readings"
            lines += ["## Contested readings", ""]
        lines += _entry_section(e, by_entry.get(e.id, []), outcomes)
    return "\n".join(lines).rstrip() + "\n"
