"""The catalogs: every message translated in every language, and the shipped .mo up to date.

Babel is the build tool of the catalogs (the dev and test extras); the package itself reads the
compiled .mo files with the standard library's gettext. Both the .po and the .mo files are
committed, so these tests keep them from drifting apart and from the sources.
"""

from __future__ import annotations

import io
import re
from pathlib import Path

import pytest

from tongiaki_rules.i18n import DOMAIN, LANGUAGES, LOCALE_DIR, translations

babel_pofile = pytest.importorskip("babel.messages.pofile", reason="the catalogs need Babel")
babel_mofile = pytest.importorskip("babel.messages.mofile")
babel_extract = pytest.importorskip("babel.messages.extract")
babel_frontend = pytest.importorskip("babel.messages.frontend")

ROOT = Path(__file__).resolve().parents[2]
TRANSLATED = [code for code in LANGUAGES if code != "en"]
FIELD = re.compile(r"\{([a-z_]*)\}")


def catalog(language: str) -> object:
    path = LOCALE_DIR / language / "LC_MESSAGES" / f"{DOMAIN}.po"
    with path.open("rb") as po:
        return babel_pofile.read_po(po, locale=language)


def template() -> object:
    with (LOCALE_DIR / f"{DOMAIN}.pot").open("rb") as pot:
        return babel_pofile.read_po(pot)


def keys(messages: object) -> set[tuple[str | None, str]]:
    return {
        (m.context, m.id if isinstance(m.id, str) else m.id[0])
        for m in messages  # type: ignore[attr-defined]
        if m.id
    }


def test_the_template_holds_exactly_the_messages_of_the_sources(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A message added or changed in the code without `tools/catalogs` fails here."""
    monkeypatch.syspath_prepend(str(ROOT / "tools"))  # the pages' extractor (html_messages)
    with (ROOT / "babel.cfg").open(encoding="utf-8") as cfg:
        method_map, options_map = babel_frontend.parse_mapping_cfg(cfg)
    found = {
        (context, message if isinstance(message, str) else message[0])
        for _file, _line, message, _comments, context in babel_extract.extract_from_dir(
            str(LOCALE_DIR.parent), method_map, options_map
        )
    }
    assert found == keys(template())


@pytest.mark.parametrize("language", TRANSLATED)
def test_every_message_is_translated_with_the_same_placeholders(language: str) -> None:
    cat = catalog(language)
    assert keys(cat) == keys(template()), "run tools/catalogs to merge the template"
    assert not cat.fuzzy  # type: ignore[attr-defined]
    for message in cat:  # type: ignore[attr-defined]
        if not message.id:
            continue
        assert not message.fuzzy, message.id
        ids = [message.id] if isinstance(message.id, str) else list(message.id)
        forms = [message.string] if isinstance(message.string, str) else list(message.string)
        assert all(form.strip() for form in forms), f"{language}: {ids[0]!r} is not translated"
        fields = set(FIELD.findall(ids[-1]))
        for form in forms:
            assert set(FIELD.findall(form)) == fields, (language, ids[0], form)
            assert form.count("{") == form.count("}"), (language, form)
        assert not list(message.check(cat)), (language, ids[0])


@pytest.mark.parametrize("language", TRANSLATED)
def test_the_shipped_mo_is_a_fresh_compile_of_the_po(language: str) -> None:
    """The .mo files are committed: they must be what `tools/catalogs compile` makes now."""
    compiled = io.BytesIO()
    babel_mofile.write_mo(compiled, catalog(language))
    shipped = (LOCALE_DIR / language / "LC_MESSAGES" / f"{DOMAIN}.mo").read_bytes()
    assert compiled.getvalue() == shipped, "run tools/catalogs compile"


@pytest.mark.parametrize("language", TRANSLATED)
def test_the_standard_library_reads_the_plural_forms(language: str) -> None:
    t = translations(language)
    one = t.ngettext("{count} boat", "{count} boats", 1).format(count=1)
    two = t.ngettext("{count} boat", "{count} boats", 2).format(count=2)
    assert one != two
    assert {"de": "2 Schiffe", "fr": "2 bateaux", "it": "2 barche"}[language] == two


def test_the_wheel_build_configuration_ships_the_catalogs() -> None:
    """hatch ships every file under the package folder that git does not ignore."""
    pyproject = (ROOT / "pyproject.toml").read_text("utf-8")
    assert 'packages = ["src/tongiaki_rules", "src/_tongiaki_cli"]' in pyproject
    ignored = (ROOT / ".gitignore").read_text("utf-8").split()
    assert not any(pattern in ("*.mo", "*.po", "locale/", "*.pot") for pattern in ignored)
    for language in TRANSLATED:
        assert (LOCALE_DIR / language / "LC_MESSAGES" / f"{DOMAIN}.mo").is_file()
