"""Griffe extension for the docs build: make reStructuredText bits read as Markdown.

Docstrings hold examples in the plain ``>>>`` form (they are run by pytest's
doctest collector) and cross-references as Sphinx roles (``:class:`Rules```).
Markdown would show both as raw text; this wraps every run of ``>>>`` /
``...`` lines and their expected output in a ``pycon`` fence, and turns roles
and double back-ticks into inline code.
"""

from __future__ import annotations

import re
from typing import Any

from griffe import Extension, Object


def fence_doctests(text: str) -> str:
    out: list[str] = []
    lines = text.splitlines()
    k = 0
    while k < len(lines):
        line = lines[k]
        stripped = line.lstrip()
        if stripped.startswith(">>>"):
            indent = line[: len(line) - len(stripped)]
            block = []
            while k < len(lines) and lines[k].strip() and lines[k].startswith(indent):
                block.append(lines[k][len(indent) :])
                k += 1
            out.append(f"{indent}```pycon")
            out.extend(indent + b for b in block)
            out.append(f"{indent}```")
            continue
        out.append(line)
        k += 1
    return "\n".join(out)


_ROLE = re.compile(r":(?:class|func|meth|mod|attr|data|exc):`(~?)([^`<]+?)(?:\s*<([^>]+)>)?`")


def _role(match: re.Match[str]) -> str:
    tilde, text, target = match.groups()
    name = target or text
    if tilde:
        name = name.rsplit(".", 1)[-1]
    return f"`{text.strip() if target else name}`"


def plain_roles(text: str) -> str:
    """``:class:`~a.B``` becomes ```B```; double back-ticks become single ones."""
    text = _ROLE.sub(_role, text)
    return re.sub(r"(?<!`)``([^`]+)``(?!`)", r"`\1`", text)


class DoctestBlocks(Extension):
    """Rewrite every docstring of the package once it is loaded."""

    def on_package(self, *, pkg: Object, **kwargs: Any) -> None:
        seen: set[int] = set()
        stack = [pkg]
        while stack:
            obj = stack.pop()
            if id(obj) in seen or obj.is_alias:
                continue
            seen.add(id(obj))
            if obj.docstring is not None:
                value = obj.docstring.value
                if ">>>" in value:
                    value = fence_doctests(value)
                obj.docstring.value = plain_roles(value)
                # another extension may have parsed the old text already
                vars(obj.docstring).pop("parsed", None)
            stack.extend(member for member in obj.members.values() if not member.is_alias)
