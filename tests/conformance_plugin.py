"""Pytest plugin: which tests check which clause and flag, and the conformance report.

Registered by the root ``conftest.py``. Tests name the catalogue entries they
check with ``@pytest.mark.clause("VOYAGE-2", "AMB-08")`` and the rules flag
values they exercise with ``@pytest.mark.flag("failure_ends_turn", True)``.
The same ``clause`` mark names the clauses of Tóncc's catalogue
(``tongiaki_rules.toncc.CLAUSES``, ids ``TC-...``); ``@pytest.mark.toncc_clause``
is a deprecated alias of it, read exactly like ``clause``.
A clause mark means "this test checks the clause". Tests that check something
else (the JSON loader's messages, the invariant checker, regression snapshots)
carry ``@pytest.mark.topic("records")`` instead, with a topic of :data:`TOPICS`.

``pytest --conformance-report docs/conformance.md`` writes, after the run, a
page listing every catalogue entry with its sources, its flags, the distinct
tests that check it (a parametrised test counts once, its cases shown apart)
and whether they passed; then every Tóncc clause with its rule-sheet section
and status (stated, derived, interpreted, reconstructed), counted the same
way. Under pytest-xdist the workers collect the tests and send their marks to
the controller, which writes the report.
"""

from __future__ import annotations

import ast
import enum
from collections import defaultdict
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest

from tongiaki_rules.catalogue import SOURCE_KEYS, Entry, load_catalogue
from tongiaki_rules.toncc import CLAUSES as TONCC_CLAUSES
from tongiaki_rules.toncc import Clause as TonccClause
from tongiaki_rules.toncc._clauses import STATUSES as TONCC_STATUSES

TOPICS: dict[str, str] = {
    "regression": "regression snapshots: recorded random games replayed move for move",
    "records": "game records and the JSON loader: refusals and the messages they give",
    "positions": "the position builder and position codes: impossible positions refused",
    "invariants": "the invariant checker and the testing kit, on hand-made and random states",
    "flags": "the Rules flags' defaults and values, as the catalogue lists them",
    "events": "the event stream: it accounts for what happened in random games",
    "adapters": "the game-framework adapters' own guarantees",
    "games": "the one game interface: Tongiaki and Tóncc played through the same protocol",
}
"""Categories of tests that check no rule clause, with what they check."""

MARKS = pytest.StashKey[dict[str, "TestMarks"]]()
_OUTCOMES: dict[str, str] = {}
"""Outcome of each test of this session, by node id (a session runs once per process)."""

CLAUSE_MARKS = ("clause", "toncc_clause")
"""The marks that name clauses: ``clause``, and ``toncc_clause``, its deprecated alias."""

SOURCE_LABELS = {"it": "IT", "fr_rules": "FR-R", "fr_help": "FR-H", "bsw_en": "BSW", "de": "DE"}
_WORKER_KEY = "conformance_marks"


@dataclass(frozen=True)
class TestMarks:
    """The clause ids and topics one collected test names."""

    __test__ = False  # not a test class, whatever its name

    clauses: tuple[str, ...] = ()
    topics: tuple[str, ...] = ()

    def to_wire(self) -> list[list[str]]:
        """Plain lists, as pytest-xdist sends them from a worker."""
        return [list(self.clauses), list(self.topics)]

    @classmethod
    def from_wire(cls, wire: list[list[str]]) -> TestMarks:
        clauses, topics = wire
        return cls(tuple(clauses), tuple(topics))


def clause_ids(item: pytest.Item) -> set[str]:
    """The catalogue ids a test names with ``@pytest.mark.clause`` (or its alias)."""
    return {
        str(arg) for name in CLAUSE_MARKS for mark in item.iter_markers(name) for arg in mark.args
    }


def topic_names(item: pytest.Item) -> set[str]:
    """The topics a test names with ``@pytest.mark.topic``."""
    return {str(arg) for mark in item.iter_markers("topic") for arg in mark.args}


def item_marks(item: pytest.Item) -> TestMarks:
    return TestMarks(tuple(sorted(clause_ids(item))), tuple(sorted(topic_names(item))))


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


# ------------------------------------------------------------- marks read from the source


@dataclass(frozen=True)
class SourceMark:
    """A ``pytest.mark.clause/flag/topic(...)`` call written in a test file."""

    path: str
    line: int
    kind: str
    args: tuple[Any, ...]


def _mark_kind(call: ast.Call) -> str | None:
    """``clause``, ``flag`` or ``topic`` for a mark call (``toncc_clause`` is a ``clause``)."""
    func = call.func
    if not (isinstance(func, ast.Attribute) and func.attr in (*CLAUSE_MARKS, "flag", "topic")):
        return None
    owner = func.value
    if isinstance(owner, ast.Attribute) and owner.attr == "mark":
        return "clause" if func.attr in CLAUSE_MARKS else func.attr
    return None


def _literal(node: ast.expr, where: str) -> Any:
    try:
        return ast.literal_eval(node)
    except ValueError:
        raise ValueError(f"{where}: a mark's arguments must be written as literals") from None


def source_marks(files: Iterable[Path], root: Path) -> Iterator[SourceMark]:
    """Every clause, flag and topic mark written in ``files``, read without importing them.

    A ``toncc_clause`` mark is read as a ``clause`` mark.

    This is what the catalogue tests judge, so they never depend on which tests a
    run collected (a file, a keyword, a worker of pytest-xdist).
    """
    for path in sorted(files):
        tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
        for node in ast.walk(tree):
            if isinstance(node, ast.Call) and (kind := _mark_kind(node)):
                where = f"{path.relative_to(root)}:{node.lineno}"
                args = tuple(_literal(arg, where) for arg in node.args)
                yield SourceMark(str(path.relative_to(root)), node.lineno, kind, args)


# ------------------------------------------------------------------------ pytest hooks


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addoption(
        "--conformance-report",
        metavar="PATH",
        default=None,
        help="after the run, write the clause-by-clause conformance report (Markdown) to PATH",
    )


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line(
        "markers", "topic(name): what a test checks when it checks no rule clause (see TOPICS)"
    )
    config.addinivalue_line(
        "markers", "toncc_clause(id): deprecated alias of clause(id), for Tóncc ids (TC-...)"
    )


def pytest_collection_modifyitems(
    session: pytest.Session, config: pytest.Config, items: list[pytest.Item]
) -> None:
    marks = {item.nodeid: item_marks(item) for item in items}
    config.stash[MARKS] = marks
    workeroutput = getattr(config, "workeroutput", None)
    if workeroutput is not None:  # a pytest-xdist worker: the controller collects nothing
        workeroutput[_WORKER_KEY] = {nodeid: m.to_wire() for nodeid, m in marks.items()}


@pytest.hookimpl(optionalhook=True)
def pytest_testnodedown(node: Any, error: object) -> None:
    """pytest-xdist's controller: take the marks a worker collected."""
    wire = getattr(node, "workeroutput", {}).get(_WORKER_KEY, {})
    marks = node.config.stash.setdefault(MARKS, {})
    for nodeid, value in wire.items():
        marks[nodeid] = TestMarks.from_wire(value)


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
    config = session.config
    path = config.getoption("--conformance-report")
    if path and not hasattr(config, "workerinput"):  # under xdist only the controller writes
        marks = config.stash.get(MARKS, {})
        Path(path).write_text(render_report(marks, _OUTCOMES), encoding="utf-8")


# ------------------------------------------------------------------------- the report

_MARK = {
    "passed": "✅",
    "failed": "❌",
    "skipped": "⏭️ skipped",
    "xfailed": "⚠️ xfail",
    "xpassed": "❌ xpass",
}


@dataclass
class TestFunction:
    """One test function (or scenario) and the outcomes of its cases."""

    __test__ = False

    name: str
    outcomes: list[str] = field(default_factory=list)

    @property
    def cases(self) -> int:
        return len(self.outcomes)

    @property
    def status(self) -> str:
        """``passed`` when every case passed, else the first other outcome."""
        return next((s for s in self.outcomes if s != "passed"), "passed")

    def line(self) -> str:
        cases = ""
        if self.cases > 1:
            cases = f" ({self.outcomes.count('passed')}/{self.cases} cases passed)"
        return f"- {_MARK.get(self.status, self.status)} `{self.name}`{cases}"


def function_name(nodeid: str) -> str:
    """The test function of a node id: its parametrised cases share one."""
    return nodeid.split("[", 1)[0]


def group_by_function(nodeids: Iterable[str], outcomes: Mapping[str, str]) -> list[TestFunction]:
    """Distinct test functions, in first-seen order, each with its cases' outcomes."""
    found: dict[str, TestFunction] = {}
    for nodeid in nodeids:
        name = function_name(nodeid)
        found.setdefault(name, TestFunction(name)).outcomes.append(outcomes.get(nodeid, "not run"))
    return list(found.values())


def count_text(functions: list[TestFunction]) -> str:
    """``"3 tests"``, or ``"3 tests, 312 cases"`` when some are parametrised."""
    tests = f"{len(functions)} test" + ("" if len(functions) == 1 else "s")
    cases = sum(f.cases for f in functions)
    return tests if cases == len(functions) else f"{tests}, {cases} cases"


def _result(functions: list[TestFunction]) -> str:
    if not functions:
        return "no test"
    failing = [f for f in functions if f.status != "passed"]
    if not failing:
        return _MARK["passed"]
    return _MARK.get(failing[0].status, failing[0].status)


def _by_mark(marks: Mapping[str, TestMarks], kind: str) -> dict[str, list[str]]:
    found: dict[str, list[str]] = defaultdict(list)
    for nodeid in sorted(marks):
        for name in getattr(marks[nodeid], kind):
            found[name].append(nodeid)
    return found


def _entry_section(entry: Entry, functions: list[TestFunction]) -> list[str]:
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
    return [*lines, *_checked_by(functions, "entry")]


def _checked_by(functions: list[TestFunction], what: str) -> list[str]:
    """The tests that check an entry, each once with its cases, or the lack of any."""
    if not functions:
        return [f"**No test checks this {what}.**", ""]
    return [f"Checked by {count_text(functions)}:", "", *(f.line() for f in functions), ""]


def _topics_section(by_topic: dict[str, list[str]], outcomes: Mapping[str, str]) -> list[str]:
    lines = [
        "## Tests that check no clause",
        "",
        "These tests check the project's tools rather than a rule, so they count for no",
        "clause above.",
        "",
    ]
    for topic, text in TOPICS.items():
        functions = group_by_function(by_topic.get(topic, []), outcomes)
        lines += [f"### {topic} {{ #topic-{topic} }}", "", f"{text[0].upper()}{text[1:]}."]
        lines += ["", f"{count_text(functions)}, {_result(functions)}", ""]
    return lines


def render_report(marks: Mapping[str, TestMarks], outcomes: Mapping[str, str]) -> str:
    """The conformance report as Markdown, from each test's marks and outcome by node id."""
    catalogue = load_catalogue()
    by_entry = _by_mark(marks, "clauses")
    functions = {
        e.id: group_by_function(by_entry.get(e.id, []), outcomes) for e in catalogue.entries
    }
    checking = {f.name for found in functions.values() for f in found}
    covered = sum(1 for e in catalogue.entries if functions[e.id])
    passing = sum(
        1 for e in catalogue.entries if functions[e.id] and _result(functions[e.id]) == "✅"
    )
    lines = [
        "# Conformance report",
        "",
        "Every clause of the rule catalogue and every contested reading, with where the",
        "Italian (IT), French (FR-R full rules, FR-H online help) and German (BSW, DE)",
        "sources say it, the rules flag that decides it, and the tests that check it.",
        "The codes of the single German reviews and other sources (DE-st, DE-lz, ...) are",
        "named in [the rules overview](rules/index.md#how-the-catalogue-works).",
        "A test is counted once however many cases (players, seeds, flag values) it runs.",
        "Generated by `python -m pytest -n 2 --conformance-report docs/conformance.md`.",
        "The clauses of [Tóncc](#toncc), the second game of the source documents, follow",
        "after Tongiaki's, counted the same way.",
        "",
        f"- entries: {len(catalogue.entries)} ({len(catalogue.clauses)} clauses, "
        f"{len(catalogue.ambiguities)} contested readings)",
        f"- entries checked by at least one test: {covered}",
        f"- entries whose tests all passed: {passing}",
        f"- distinct tests that check a clause: {len(checking)}",
        "",
        "| entry | title | checked by | result |",
        "|---|---|---|---|",
    ]
    for e in catalogue.entries:
        found = functions[e.id]
        checked = count_text(found) if found else "—"
        lines.append(f"| [{e.id}](#{e.id.lower()}) | {e.title} | {checked} | {_result(found)} |")
    lines.append("")
    area = None
    for e in catalogue.entries:
        if e.area != area and not e.is_ambiguity:
            area = e.area
            lines += [f"## {area}", ""]
        elif e.is_ambiguity and area != "Contested readings":
            area = "Contested readings"
            lines += ["## Contested readings", ""]
        lines += _entry_section(e, functions[e.id])
    lines += toncc_section(by_entry, outcomes)
    lines += _topics_section(_by_mark(marks, "topics"), outcomes)
    return "\n".join(lines).rstrip() + "\n"


# ------------------------------------------------------------------ the Tóncc part

TONCC_STATUS_TEXT = {
    "stated": "stated in the rule sheet",
    "derived": "derived from stated facts",
    "interpreted": "an interpretation of ambiguous wording; a `TonccRules` flag decides",
    "reconstructed": "reconstructed from a lost figure; replaceable data or a flag",
}
"""What each status of a Tóncc clause means."""


def _toncc_clause_section(clause: TonccClause, functions: list[TestFunction]) -> list[str]:
    lines = [f"### {clause.id} ({clause.status}) {{ #{clause.id.lower()} }}", ""]
    lines += [
        clause.summary,
        "",
        f"Rule sheet: *{clause.section}*. Status: **{clause.status}**.",
        "",
    ]
    return [*lines, *_checked_by(functions, "clause")]


def toncc_section(by_entry: Mapping[str, list[str]], outcomes: Mapping[str, str]) -> list[str]:
    """The Tóncc part of the report: every clause of ``tongiaki_rules.toncc.CLAUSES``."""
    clauses = list(TONCC_CLAUSES.values())
    functions = {c.id: group_by_function(by_entry.get(c.id, []), outcomes) for c in clauses}
    statuses = ", ".join(
        f"{sum(c.status == status for c in clauses)} {status}" for status in TONCC_STATUSES
    )
    checked = [c for c in clauses if functions[c.id]]
    passing = [c for c in checked if _result(functions[c.id]) == _MARK["passed"]]
    lines = [
        "## Tóncc { #toncc }",
        "",
        "The clause catalogue of Tóncc (`tongiaki_rules.toncc.CLAUSES`): each clause with",
        "the section of the Italian rule sheet it comes from and its status.",
        "",
        "| status | meaning |",
        "|---|---|",
        *(f"| {status} | {text} |" for status, text in TONCC_STATUS_TEXT.items()),
        "",
        f"- clauses: {len(clauses)} ({statuses})",
        f"- clauses checked by at least one test: {len(checked)}",
        f"- clauses whose tests all passed: {len(passing)}",
        "- distinct tests that check a Tóncc clause: "
        f"{len({f.name for found in functions.values() for f in found})}",
        "",
        "| clause | rule sheet | status | checked by | result |",
        "|---|---|---|---|---|",
    ]
    for c in clauses:
        found = functions[c.id]
        checked_by = count_text(found) if found else "—"
        lines.append(
            f"| [{c.id}](#{c.id.lower()}) | {c.section} | {c.status} | {checked_by} "
            f"| {_result(found)} |"
        )
    lines.append("")
    for c in clauses:
        lines += _toncc_clause_section(c, functions[c.id])
    return lines
