"""Meta-tests: the catalogue matches the shared one, and every entry and flag value is tested."""

from __future__ import annotations

import re
from pathlib import Path

import attrs
import pytest
from tests.conformance_plugin import ITEMS, clause_ids, flag_text, flag_values

from tongiaki_rules import Rules
from tongiaki_rules.catalogue import SOURCE_KEYS, load_catalogue

CATALOGUE = load_catalogue()
SHARED = Path(__file__).resolve().parents[3] / "shared" / "rules" / "clauses.md"
WHOLE_SUITE = ("tests/unit/", "tests/scenarios/", "tests/properties/", "tests/conformance/")


def shared_ids() -> set[str]:
    text = SHARED.read_text(encoding="utf-8")
    clauses = re.findall(r"^- \*\*([A-Z]+(?:-[A-Z0-9]+)+)", text, re.M)
    ambiguities = re.findall(r"^\*\*(AMB-\d+)", text, re.M)
    return set(clauses) | set(ambiguities)


def collected(request: pytest.FixtureRequest) -> list[pytest.Item]:
    items = request.config.stash.get(ITEMS, [])
    paths = {item.nodeid.split("::")[0] for item in items}
    if not all(any(p.startswith(folder) for p in paths) for folder in WHOLE_SUITE):
        pytest.skip("coverage is judged only when the whole suite is collected")
    return items


def flag_domain(name: str) -> set[str]:
    """Every value a Rules field can take, as text."""
    field = attrs.fields_dict(Rules)[name]
    default = field.default
    if isinstance(default, bool):
        return {"true", "false"}
    return {flag_text(member) for member in type(default)}


@pytest.mark.skipif(not SHARED.exists(), reason="shared/rules/clauses.md is not beside the repo")
def test_the_catalogue_has_exactly_the_ids_of_the_shared_clause_catalogue() -> None:
    ours = set(CATALOGUE.ids)
    theirs = shared_ids()
    assert not theirs - ours, f"missing from our catalogue: {sorted(theirs - ours)}"
    assert not ours - theirs, f"not in the shared catalogue: {sorted(ours - theirs)}"


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


def test_every_catalogue_entry_is_checked_by_at_least_one_test(
    request: pytest.FixtureRequest,
) -> None:
    covered = {cid for item in collected(request) for cid in clause_ids(item)}
    missing = [cid for cid in CATALOGUE.ids if cid not in covered]
    assert not missing, f"entries without a test: {missing}"


def test_every_clause_a_test_names_is_in_the_catalogue(request: pytest.FixtureRequest) -> None:
    known = set(CATALOGUE.ids)
    unknown = {
        (cid, item.nodeid)
        for item in request.config.stash.get(ITEMS, [])
        for cid in clause_ids(item)
        if cid not in known
    }
    assert not unknown, f"tests name unknown clauses: {sorted(unknown)[:10]}"


def test_every_value_of_every_rules_flag_is_exercised_by_a_test(
    request: pytest.FixtureRequest,
) -> None:
    exercised = {pair for item in collected(request) for pair in flag_values(item)}
    wanted = {(name, value) for name in attrs.fields_dict(Rules) for value in flag_domain(name)}
    missing = sorted(wanted - exercised)
    assert not missing, f"flag values no test exercises: {missing}"


def test_flag_markers_name_real_flags_and_values(request: pytest.FixtureRequest) -> None:
    fields = attrs.fields_dict(Rules)
    for item in request.config.stash.get(ITEMS, []):
        for name, value in flag_values(item):
            assert name in fields, f"{item.nodeid}: unknown flag {name}"
            assert value in flag_domain(name), f"{item.nodeid}: {name} has no value {value}"


def test_the_report_lists_every_entry_with_its_italian_french_and_german_sources(
    request: pytest.FixtureRequest,
) -> None:
    from tests.conformance_plugin import render_report

    report = render_report(request.config.stash.get(ITEMS, []), {})
    for entry in CATALOGUE.entries:
        heading = f"### {entry.id} — {entry.title} {{ #{entry.id.lower()} }}"
        assert heading in report, entry.id
        section = report.split(heading, 1)[1].split("\n### ", 1)[0]
        for label in ("| IT |", "| FR-R |", "| FR-H |", "| BSW |", "| DE |"):
            assert label in section, (entry.id, label)
        for flag in entry.flags:
            assert f"Flag `{flag.name}`" in section, (entry.id, flag.name)
