"""The catalogs: every message translated in every language, and the shipped .mo up to date.

Babel is the build tool of the catalogs (the dev and test extras); the package itself reads the
compiled .mo files with the standard library's gettext. Both the .po and the .mo files are
committed, so these tests keep them from drifting apart and from the sources.
"""

from __future__ import annotations

import gettext
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


def contents(messages: object) -> dict[tuple[str | None, object], object]:
    """What a catalog says: each message's context and id(s) against its translation(s).

    Neither the header (which names the version of the tool that wrote the file) nor the
    order or the bytes of the file count; fuzzy messages are left out, as a compile does.
    """
    return {
        (_text(m.context), m.id if isinstance(m.id, str) else tuple(m.id)): (
            m.string if isinstance(m.string, str) else tuple(m.string)
        )
        for m in messages  # type: ignore[attr-defined]
        if m.id and not m.fuzzy
    }


def _text(context: str | bytes | None) -> str | None:
    """A message context as text: Babel before 2.18 reads a .mo file's contexts as bytes."""
    return context.decode("utf-8") if isinstance(context, bytes) else context


@pytest.mark.parametrize("language", TRANSLATED)
def test_the_shipped_mo_says_what_the_po_says(language: str) -> None:
    """The .mo files are committed: they must hold the .po's messages, plurals and contexts.

    Compared by content, never byte for byte: a new Babel writes its own version into the
    header (and may order or pad the file differently), which is no change to the catalog.
    """
    shipped = LOCALE_DIR / language / "LC_MESSAGES" / f"{DOMAIN}.mo"
    with shipped.open("rb") as mo:
        compiled = babel_mofile.read_mo(mo)
    source = catalog(language)
    assert contents(compiled) == contents(source), "run tools/catalogs compile"
    assert compiled.plural_forms == source.plural_forms  # type: ignore[attr-defined]
    # and the reader the package uses (the standard library's gettext) agrees with Babel's
    with shipped.open("rb") as mo:
        stdlib = gettext.GNUTranslations(mo)
    plural = gettext.c2py(source.plural_expr)  # type: ignore[attr-defined]
    for (context, msgid), string in contents(source).items():
        if isinstance(msgid, tuple):
            assert isinstance(string, tuple)
            for n in range(4):
                form = string[plural(n)]
                if context is None:
                    assert stdlib.ngettext(msgid[0], msgid[1], n) == form
                else:
                    assert stdlib.npgettext(context, msgid[0], msgid[1], n) == form
        elif context is None:
            assert stdlib.gettext(msgid) == string
        else:
            assert stdlib.pgettext(context, msgid) == string


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


CLIENT_CALL = re.compile(r"""\b(?:_|ngettext)\(\s*"((?:[^"\\]|\\.)*)\"""")


def test_every_message_the_browser_client_asks_for_is_in_the_template() -> None:
    """A message written where the extractor cannot see it (inside a `${...}` of a template
    string: the end panel's "★ winner") would stay English in every language."""
    static = LOCALE_DIR.parent / "server" / "static"
    asked = {
        match.group(1)
        for script in static.glob("*.js")
        for match in CLIENT_CALL.finditer(script.read_text("utf-8"))
    }
    assert "winner" in asked
    assert asked - {key for _context, key in keys(template())} == set()
