"""The server is built on the library's public API only, so it proves that API is enough."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

import tongiaki_rules

SERVER = Path(tongiaki_rules.__file__).parent / "server"
PUBLIC_MODULES = {
    "tongiaki_rules",
    "tongiaki_rules.record",
    "tongiaki_rules.notation",
    "tongiaki_rules.bots",
    "tongiaki_rules.narration",
    "tongiaki_rules.i18n",
    "tongiaki_rules.svg",
    "tongiaki_rules._explain",
}


def _library_imports(path: Path) -> list[tuple[str, list[str]]]:
    found = []
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            if node.module.startswith("tongiaki_rules"):
                found.append((node.module, [alias.name for alias in node.names]))
        elif isinstance(node, ast.ImportFrom) and node.level >= 2:
            found.append(("tongiaki_rules." + (node.module or ""), []))
    return found


@pytest.mark.parametrize("path", sorted(SERVER.glob("*.py")), ids=lambda p: p.name)
def test_the_server_imports_only_public_names(path: Path) -> None:
    for module, names in _library_imports(path):
        assert module in PUBLIC_MODULES, f"{path.name} imports {module}"
        if module == "tongiaki_rules":
            assert set(names) <= set(tongiaki_rules.__all__), f"{path.name}: {names}"
