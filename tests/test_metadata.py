"""The package's metadata: its addresses, classifiers and licence, and links that work anywhere.

The public addresses live in pyproject.toml's ``[project.urls]``; the README,
mkdocs.yml and the tutorial must use the same ones, and the README's links
and images must work on the package index's page too, where a relative link
leads nowhere.
"""

from __future__ import annotations

import json
import re
import tomllib
from importlib import metadata
from pathlib import Path
from urllib.parse import urlparse

import pytest

ROOT = Path(__file__).resolve().parent.parent
PROJECT = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
URLS: dict[str, str] = PROJECT["urls"]
REPOSITORY = URLS["Repository"]
DOCUMENTATION = URLS["Documentation"]
RAW = REPOSITORY.replace("https://github.com/", "https://raw.githubusercontent.com/") + "/main/"

README = (ROOT / "README.md").read_text(encoding="utf-8")
MARKDOWN_LINK = re.compile(r"!?\[[^\]]*\]\(\s*<?([^)\s>]+)>?[^)]*\)")
REFERENCE_LINK = re.compile(r"^\s*\[[^\]]+\]:\s*(\S+)", re.MULTILINE)
HTML_LINK = re.compile(r"<(?:a|img)\b[^>]*?\b(?:href|src)=[\"']([^\"']+)", re.IGNORECASE)


def readme_targets() -> list[str]:
    """Every link and image target of the README, in Markdown or HTML."""
    return [
        match.group(1)
        for pattern in (MARKDOWN_LINK, REFERENCE_LINK, HTML_LINK)
        for match in pattern.finditer(README)
    ]


def test_the_project_names_its_home_docs_repository_issues_and_changelog() -> None:
    assert set(URLS) >= {"Homepage", "Documentation", "Repository", "Issues", "Changelog"}
    for name, url in URLS.items():
        assert urlparse(url).scheme == "https" and urlparse(url).netloc, (name, url)
    assert URLS["Issues"].startswith(REPOSITORY + "/")
    assert URLS["Changelog"].startswith(DOCUMENTATION)


def test_the_classifiers_name_the_supported_pythons_audience_status_and_platform() -> None:
    classifiers = set(PROJECT["classifiers"])
    for version in ("3.11", "3.12", "3.13"):
        assert f"Programming Language :: Python :: {version}" in classifiers
    assert any(c.startswith("Development Status :: ") for c in classifiers)
    assert {"Intended Audience :: Developers", "Intended Audience :: Science/Research"} <= (
        classifiers
    )
    assert "Operating System :: OS Independent" in classifiers
    assert any(c.startswith("Topic :: ") for c in classifiers)
    assert PROJECT["requires-python"] == ">=3.11"


def test_the_licence_is_the_mit_expression_and_the_file_says_so() -> None:
    # PEP 639: with a licence expression, "License ::" classifiers are deprecated
    assert PROJECT["license"] == "MIT"
    assert not [c for c in PROJECT["classifiers"] if c.startswith("License ::")]
    assert (ROOT / "LICENSE").read_text(encoding="utf-8").startswith("MIT License")


def _installed_from_this_checkout() -> metadata.Distribution:
    dist = metadata.distribution("tongiaki_rules")
    origin = json.loads(dist.read_text("direct_url.json") or "{}").get("url", "")
    if origin.removeprefix("file://").rstrip("/") != str(ROOT):
        pytest.skip(f"the installed tongiaki_rules comes from {origin or 'an index'}, not {ROOT}")
    return dist


def test_the_installed_metadata_carries_the_urls_classifiers_and_licence() -> None:
    installed = _installed_from_this_checkout().metadata
    project_urls = dict(u.split(", ", 1) for u in installed.get_all("Project-URL") or [])
    assert project_urls == URLS
    assert set(installed.get_all("Classifier") or []) == set(PROJECT["classifiers"])
    assert installed["License-Expression"] == "MIT"
    assert installed["Requires-Python"] == ">=3.11"


def test_every_readme_link_and_image_is_absolute_or_an_anchor() -> None:
    targets = readme_targets()
    assert len(targets) > 10  # the patterns do find the links
    relative = [t for t in targets if not (t.startswith("#") or urlparse(t).scheme == "https")]
    assert not relative, "these README links break on the package index's page"


def _heading_anchors(text: str) -> set[str]:
    headings = re.findall(r"^#+ (.+)$", text, re.MULTILINE)
    return {re.sub(r"[^\w\- ]", "", h).strip().lower().replace(" ", "-") for h in headings}


def test_every_readme_link_leads_to_a_heading_page_or_file_of_this_project() -> None:
    for target in readme_targets():
        if target.startswith("#"):
            assert target[1:] in _heading_anchors(README), target
        elif target.startswith(RAW):
            assert (ROOT / target.removeprefix(RAW)).is_file(), target
        elif target.startswith(DOCUMENTATION):
            page = target.removeprefix(DOCUMENTATION).split("#")[0].rstrip("/") or "index"
            assert (ROOT / "docs" / f"{page}.md").is_file(), target
        elif target.startswith(REPOSITORY + "/"):
            path = re.sub(r"^/(blob|tree)/main/", "", target.removeprefix(REPOSITORY))
            assert (ROOT / path).exists(), target


def test_the_readme_shows_its_images_from_the_repository() -> None:
    images = re.findall(r"!\[[^\]]*\]\(([^)\s]+)", README)
    assert images
    assert all(image.startswith(RAW) for image in images), images


def test_the_docs_site_names_the_repository_and_its_own_address() -> None:
    config = (ROOT / "mkdocs.yml").read_text(encoding="utf-8")
    settings = dict(re.findall(r"^(site_url|repo_url|repo_name): *(\S+)$", config, re.MULTILINE))
    assert settings == {
        "site_url": DOCUMENTATION,
        "repo_url": REPOSITORY,
        "repo_name": urlparse(REPOSITORY).path.strip("/"),
    }


def test_the_tutorial_clones_the_real_repository() -> None:
    tutorial = (ROOT / "docs" / "tutorial" / "index.md").read_text(encoding="utf-8")
    assert f"git clone {REPOSITORY} tongiaki_rules" in tutorial
    assert "<repository-url>" not in tutorial
