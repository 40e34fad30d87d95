"""The conformance report counts distinct tests, shows topics apart, and works under xdist.

Its Tóncc part lists every clause of ``tongiaki_rules.toncc.CLAUSES`` with its rule-sheet
section and status, counted the same way.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

from tests.conformance_plugin import TestMarks, count_text, group_by_function, render_report

from tongiaki_rules.toncc import CLAUSES

ROOT = Path(__file__).resolve().parents[2]


def row(report: str, entry_id: str) -> str:
    return next(line for line in report.splitlines() if line.startswith(f"| [{entry_id}]"))


def section(report: str, heading: str) -> str:
    return report.split(heading, 1)[1].split("\n### ", 1)[0]


def seeded(name: str, cases: int, marks: TestMarks) -> dict[str, TestMarks]:
    return {f"tests/t.py::{name}[{seed}]": marks for seed in range(cases)}


def test_the_cases_of_one_parametrised_test_count_as_one_test() -> None:
    ids = [f"t.py::test_a[{seed}]" for seed in range(300)] + ["t.py::test_b"]
    functions = group_by_function(ids, dict.fromkeys(ids, "passed"))
    assert [(f.name, f.cases) for f in functions] == [("t.py::test_a", 300), ("t.py::test_b", 1)]
    assert count_text(functions) == "2 tests, 301 cases"
    assert count_text(functions[1:]) == "1 test"


def test_a_seeded_property_counts_once_for_its_clause_with_its_cases_shown_apart() -> None:
    marks = seeded("test_games_end", 300, TestMarks(("END-1",)))
    marks["tests/t.py::test_the_end"] = TestMarks(("END-1",))
    report = render_report(marks, dict.fromkeys(marks, "passed"))
    assert row(report, "END-1").endswith("| 2 tests, 301 cases | ✅ |")
    assert "- distinct tests that check a clause: 2" in report
    end_1 = section(report, "### END-1")
    assert "Checked by 2 tests, 301 cases:" in end_1
    assert "- ✅ `tests/t.py::test_games_end` (300/300 cases passed)" in end_1
    assert "- ✅ `tests/t.py::test_the_end`\n" in end_1


def test_one_failing_case_marks_its_test_and_its_clause_failed() -> None:
    marks = seeded("test_games_end", 3, TestMarks(("END-1",)))
    outcomes = dict.fromkeys(marks, "passed") | {"tests/t.py::test_games_end[1]": "failed"}
    report = render_report(marks, outcomes)
    assert row(report, "END-1").endswith("| 1 test, 3 cases | ❌ |")
    assert "- ❌ `tests/t.py::test_games_end` (2/3 cases passed)" in report
    assert "- entries whose tests all passed: 0" in report
    assert row(report, "COMP-1").endswith("| — | no test |")


def test_topic_tests_are_shown_apart_and_count_for_no_clause() -> None:
    marks = seeded("test_playthrough", 6, TestMarks(topics=("regression",)))
    report = render_report(marks, dict.fromkeys(marks, "passed"))
    assert "- entries checked by at least one test: 0" in report
    assert "- distinct tests that check a clause: 0" in report
    apart = report.split("## Tests that check no clause", 1)[1]
    assert "1 test, 6 cases, ✅" in section(apart, "### regression")
    assert "0 tests, no test" in section(apart, "### records")


def test_the_report_table_has_four_narrow_columns() -> None:
    report = render_report({}, {}).split("## Tóncc", 1)[0]
    header = next(line for line in report.splitlines() if line.startswith("| entry |"))
    assert header == "| entry | title | checked by | result |"
    rows = [line for line in report.splitlines() if line.startswith("| [")]
    assert len(rows) == 122 and all(line.count(" | ") == 3 for line in rows)


def toncc_part(report: str) -> str:
    return report.split("## Tóncc { #toncc }", 1)[1].split("## Tests that check no clause")[0]


def test_the_toncc_part_lists_every_clause_with_its_rule_sheet_section_and_status() -> None:
    part = toncc_part(render_report({}, {}))
    rows = [line for line in part.splitlines() if line.startswith("| [TC-")]
    assert [line.split("]")[0][3:] for line in rows] == list(CLAUSES)
    for clause in CLAUSES.values():
        assert row(part, clause.id).startswith(
            f"| [{clause.id}](#{clause.id.lower()}) | {clause.section} | {clause.status} |"
        )
        text = section(part, f"### {clause.id} ({clause.status}) {{ #{clause.id.lower()} }}")
        assert clause.summary in text
        assert f"Rule sheet: *{clause.section}*. Status: **{clause.status}**." in text
        assert "**No test checks this clause.**" in text
    assert "- clauses: 30 (21 stated, 4 derived, 3 interpreted, 2 reconstructed)" in part


def test_a_toncc_test_counts_once_for_its_clause_and_not_for_tongiaki() -> None:
    marks = seeded("test_moves_wrap", 40, TestMarks(("TC-MOVE-3", "TC-MOVE-4")))
    marks["tests/t.py::test_jump"] = TestMarks(("TC-MOVE-3",))
    outcomes = dict.fromkeys(marks, "passed") | {"tests/t.py::test_moves_wrap[7]": "failed"}
    report = render_report(marks, outcomes)
    assert "- distinct tests that check a clause: 0" in report  # Tongiaki's count
    part = toncc_part(report)
    assert row(part, "TC-MOVE-3").endswith("| stated | 2 tests, 41 cases | ❌ |")
    assert row(part, "TC-MOVE-4").endswith("| stated | 1 test, 40 cases | ❌ |")
    assert row(part, "TC-MOVE-1").endswith("| stated | — | no test |")
    assert "- clauses checked by at least one test: 2" in part
    assert "- clauses whose tests all passed: 0" in part
    assert "- distinct tests that check a Tóncc clause: 2" in part
    move_3 = section(part, "### TC-MOVE-3 (stated)")
    assert "Checked by 2 tests, 41 cases:" in move_3
    assert "- ❌ `tests/t.py::test_moves_wrap` (39/40 cases passed)" in move_3
    assert "- ✅ `tests/t.py::test_jump`\n" in move_3


SAMPLE = """
import pytest

@pytest.mark.clause("END-1")
@pytest.mark.parametrize("seed", range(4))
def test_games_end(seed):
    assert seed < 3

@pytest.mark.clause("COMP-1")
def test_colours():
    pass

@pytest.mark.topic("regression")
def test_snapshot():
    pass

@pytest.mark.clause("TC-MOVE-3")
def test_jump_over_the_mind():
    pass

@pytest.mark.toncc_clause("TC-MOVE-4")
def test_reverse_at_the_edge():
    pass
"""


def test_under_xdist_the_controller_writes_the_report_from_the_workers_marks(
    tmp_path: Path,
) -> None:
    (tmp_path / "test_sample.py").write_text(SAMPLE, encoding="utf-8")
    out = tmp_path / "report.md"
    env = dict(os.environ, PYTHONPATH=os.pathsep.join([str(ROOT), str(ROOT / "src")]))
    args = ["-n", "2", "-p", "tests.conformance_plugin", "-p", "no:cacheprovider", "-q"]
    run = subprocess.run(
        [sys.executable, "-m", "pytest", *args, f"--conformance-report={out}", "test_sample.py"],
        cwd=tmp_path,
        env=env,
        capture_output=True,
        text=True,
        check=False,
        timeout=120,
    )
    assert "1 failed, 7 passed" in run.stdout, run.stdout + run.stderr
    report = out.read_text(encoding="utf-8")
    assert row(report, "END-1").endswith("| 1 test, 4 cases | ❌ |")
    assert "(3/4 cases passed)" in report
    assert row(report, "COMP-1").endswith("| 1 test | ✅ |")
    assert "1 test, ✅" in section(report.split("## Tests that check no clause")[1], "regression")
    # a Tóncc clause, named by the clause mark or by its deprecated alias toncc_clause
    assert row(toncc_part(report), "TC-MOVE-3").endswith("| 1 test | ✅ |")
    assert row(toncc_part(report), "TC-MOVE-4").endswith("| 1 test | ✅ |")
