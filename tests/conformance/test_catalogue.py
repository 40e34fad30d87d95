"""Meta-tests: the catalogue matches the shared one, and every entry and flag value is tested.

"Every entry" covers both catalogues: Tongiaki's (``tongiaki_rules.catalogue``) and
Tóncc's (``tongiaki_rules.toncc.CLAUSES``, ids ``TC-...``), which tests name with the
same ``clause`` mark (``toncc_clause`` is read as its deprecated alias).

Which tests name which clause is read from the test files' source (``source_marks``),
not from what a run collected, so these checks never skip: not on a fresh clone without
``shared/rules/clauses.md`` beside it, not when a run selects a few files, not under
pytest-xdist.
"""

from __future__ import annotations

import re
from collections import defaultdict
from pathlib import Path

import attrs
import pytest
from tests.conformance_plugin import TOPICS, SourceMark, TestMarks, flag_text, source_marks

from tongiaki_rules import Rules
from tongiaki_rules.catalogue import SOURCE_KEYS, load_catalogue
from tongiaki_rules.toncc import CLAUSES as TONCC_CLAUSES

CATALOGUE = load_catalogue()
ALL_IDS = (*CATALOGUE.ids, *TONCC_CLAUSES)
"""Every id a clause mark may name: Tongiaki's entries, then Tóncc's clauses."""
ROOT = Path(__file__).resolve().parents[2]
SHARED = ROOT.parent / "shared" / "rules" / "clauses.md"
SHARED_COPY = Path(__file__).with_name("shared_clause_ids.txt")
TEST_FILES = [p for p in (ROOT / "tests").rglob("*.py") if p.name != "conformance_plugin.py"]
MARKS = list(source_marks(TEST_FILES, ROOT))

UNCHECKED: dict[str, str] = {}
"""Catalogue entries no test checks, each with the reason (none today)."""


def marks_of(kind: str) -> list[SourceMark]:
    return [mark for mark in MARKS if mark.kind == kind]


def ids_in(text: str) -> list[str]:
    """The entry ids of a clause catalogue written as ``shared/rules/clauses.md`` is."""
    clauses = re.findall(r"^- \*\*([A-Z]+(?:-[A-Z0-9]+)+)", text, re.M)
    ambiguities = re.findall(r"^\*\*(AMB-\d+)", text, re.M)
    return clauses + ambiguities


def shared_ids() -> list[str]:
    """The shared catalogue's ids: from the file when it is beside the repo, else our copy."""
    copy = [
        line.strip()
        for line in SHARED_COPY.read_text(encoding="utf-8").splitlines()
        if line.strip() and not line.startswith("#")
    ]
    if SHARED.exists():
        assert ids_in(SHARED.read_text(encoding="utf-8")) == copy, (
            f"{SHARED_COPY.name} is out of date: copy the ids of {SHARED} again"
        )
    return copy


def flag_domain(name: str) -> set[str]:
    """Every value a Rules field can take, as text."""
    field = attrs.fields_dict(Rules)[name]
    default = field.default
    if isinstance(default, bool):
        return {"true", "false"}
    return {flag_text(member) for member in type(default)}


def test_the_catalogue_has_exactly_the_ids_of_the_shared_clause_catalogue() -> None:
    ours = set(CATALOGUE.ids)
    theirs = set(shared_ids())
    assert not theirs - ours, f"missing from our catalogue: {sorted(theirs - ours)}"
    assert not ours - theirs, f"not in the shared catalogue: {sorted(ours - theirs)}"


def test_the_catalogue_lists_its_entries_in_the_shared_order() -> None:
    assert list(CATALOGUE.ids) == shared_ids()


def test_every_entry_states_its_rule_and_cites_every_source() -> None:
    for entry in CATALOGUE.entries:
        assert entry.title and entry.statement, entry.id
        assert set(entry.sources) == set(SOURCE_KEYS), entry.id
        assert all(entry.sources[k] for k in SOURCE_KEYS), entry.id
        if entry.is_ambiguity:
            assert entry.reading, f"{entry.id} must say which reading the engine follows"


def test_every_rules_flag_is_named_by_a_contested_reading_with_its_true_default() -> None:
    named = {flag.name: flag for entry in CATALOGUE.entries for flag in entry.flags}
    defaults = Rules()
    for name in attrs.fields_dict(Rules):
        assert name in named, f"no catalogue entry names the flag {name}"
        flag = named[name]
        assert flag.default == flag_text(getattr(defaults, name)), name
        assert set(flag.values) == flag_domain(name), name


def test_the_test_files_mark_clauses_flags_and_topics() -> None:
    # the source reader sees the marks: guards every check below against reading nothing
    counts = {kind: len(marks_of(kind)) for kind in ("clause", "flag", "topic")}
    assert counts["clause"] > 200 and counts["flag"] > 50 and counts["topic"] > 5, counts


def test_every_catalogue_entry_is_checked_by_a_test_or_says_why_not() -> None:
    covered = {str(cid) for mark in marks_of("clause") for cid in mark.args}
    missing = [cid for cid in ALL_IDS if cid not in covered and cid not in UNCHECKED]
    assert not missing, f"entries without a test: {missing}"
    needless = sorted(set(UNCHECKED) & covered)
    assert not needless, f"entries said to be unchecked have a test now: {needless}"


def test_every_clause_a_test_names_is_in_the_catalogue() -> None:
    known = set(ALL_IDS)
    unknown = [
        (cid, f"{mark.path}:{mark.line}")
        for mark in marks_of("clause")
        for cid in mark.args
        if cid not in known
    ]
    assert not unknown, f"tests name unknown clauses: {unknown[:10]}"
    assert all(mark.args for mark in marks_of("clause")), "a clause mark names no clause"


def test_every_topic_a_test_names_is_a_known_topic_and_every_topic_has_tests() -> None:
    named: dict[str, list[str]] = defaultdict(list)
    for mark in marks_of("topic"):
        assert len(mark.args) == 1, f"{mark.path}:{mark.line}: one topic per mark"
        named[str(mark.args[0])].append(f"{mark.path}:{mark.line}")
    assert set(named) <= set(TOPICS), f"unknown topics: {sorted(set(named) - set(TOPICS))}"
    assert set(TOPICS) <= set(named), f"topics without tests: {sorted(set(TOPICS) - set(named))}"


def test_every_value_of_every_rules_flag_is_exercised_by_a_test() -> None:
    exercised = {
        (str(mark.args[0]), flag_text(value))
        for mark in marks_of("flag")
        for value in mark.args[1:]
    }
    wanted = {(name, value) for name in attrs.fields_dict(Rules) for value in flag_domain(name)}
    missing = sorted(wanted - exercised)
    assert not missing, f"flag values no test exercises: {missing}"


def test_flag_markers_name_real_flags_and_values() -> None:
    fields = attrs.fields_dict(Rules)
    for mark in marks_of("flag"):
        name, *values = mark.args
        where = f"{mark.path}:{mark.line}"
        assert name in fields, f"{where}: unknown flag {name}"
        for value in values:
            assert flag_text(value) in flag_domain(name), f"{where}: {name} has no value {value}"


def test_the_toncc_clause_mark_is_read_as_a_clause_mark(tmp_path: Path) -> None:
    written = tmp_path / "test_x.py"
    written.write_text(
        "import pytest\n\n"
        '@pytest.mark.toncc_clause("TC-MOVE-3")\ndef test_x(): pass\n\n'
        '@pytest.mark.clause("TC-MOVE-4", "VOYAGE-2")\ndef test_y(): pass\n'
    )
    found = [(m.kind, m.args) for m in source_marks([written], tmp_path)]
    assert sorted(found) == [("clause", ("TC-MOVE-3",)), ("clause", ("TC-MOVE-4", "VOYAGE-2"))]


def test_a_tongiaki_id_and_a_toncc_id_never_clash() -> None:
    assert not set(CATALOGUE.ids) & set(TONCC_CLAUSES)
    assert all(cid.startswith("TC-") for cid in TONCC_CLAUSES)
    assert not any(cid.startswith("TC-") for cid in CATALOGUE.ids)


def test_a_mark_whose_arguments_are_not_literals_is_refused(tmp_path: Path) -> None:
    written = tmp_path / "test_x.py"
    written.write_text("import pytest\n\n@pytest.mark.clause(AMB)\ndef test_x(): pass\n")
    with pytest.raises(ValueError, match=r"test_x.py:3: a mark's arguments must be written"):
        list(source_marks([written], tmp_path))


def test_the_report_lists_every_entry_with_its_italian_french_and_german_sources() -> None:
    from tests.conformance_plugin import render_report

    report = render_report({"t.py::test_x": TestMarks(("COMP-1",))}, {"t.py::test_x": "passed"})
    for entry in CATALOGUE.entries:
        heading = f"### {entry.id} — {entry.title} {{ #{entry.id.lower()} }}"
        assert heading in report, entry.id
        section = report.split(heading, 1)[1].split("\n### ", 1)[0]
        for label in ("| IT |", "| FR-R |", "| FR-H |", "| BSW |", "| DE |"):
            assert label in section, (entry.id, label)
        for flag in entry.flags:
            assert f"Flag `{flag.name}`" in section, (entry.id, flag.name)


def test_every_source_code_the_catalogue_cites_has_a_readable_name() -> None:
    """``DE-st; DE-lz`` means nothing to a newcomer: each code is named for the docs."""
    from tongiaki_rules.catalogue import SOURCE_CODES, cited_codes

    text = (ROOT / "src" / "tongiaki_rules" / "data" / "clauses.toml").read_text("utf-8")
    written = set(
        re.findall(
            r"\b(?:IT|FR-[A-Za-z]+|BSW-EN\d|DE-[A-Za-z0-9]+|EN-[A-Za-z0-9]+|FI-[a-z]+)\b", text
        )
    )
    assert written <= set(SOURCE_CODES), "name the new codes in catalogue.SOURCE_CODES"
    assert set(cited_codes(text)) == set(SOURCE_CODES)  # and no name is left over
    overview = (ROOT / "docs" / "rules" / "index.md").read_text("utf-8")
    for code, name in SOURCE_CODES.items():
        if code.startswith(("DE-", "EN-", "FI-", "FR-tt", "FR-esc")):
            assert f"| {code} | {name} |" in overview, code
        else:
            assert f"| {code} | " in overview, code
