"""Griffe extension for the docs build: show doctest examples as code blocks.

Docstrings hold examples in the plain ``>>>`` form (they are run by pytest's
doctest collector). Markdown would read them as text; this wraps every run of
``>>>`` / ``...`` lines and their expected output in a ``pycon`` fence.
"""

from __future__ import annotations

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


class DoctestBlocks(Extension):
    """Wrap doctest examples of every docstring in fenced code blocks."""

    def on_object(self, *, obj: Object, **kwargs: Any) -> None:
        if obj.docstring is not None and ">>>" in obj.docstring.value:
            obj.docstring.value = fence_doctests(obj.docstring.value)
