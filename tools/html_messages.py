"""Babel's extractor for the browser client's pages (babel.cfg: ``html_messages.extract``).

A page marks what a player reads: ``<h2 data-i18n>New game</h2>`` (the text is the message),
``data-i18n-placeholder="random"``, ``data-i18n-aria-label="Board"`` and ``data-i18n-title``
(the attribute's value is the message). ``static/i18n.js`` translates the same marks in the
browser. tools/catalogs puts this folder on PYTHONPATH for pybabel.
"""

from __future__ import annotations

from collections.abc import Iterator
from html.parser import HTMLParser
from typing import IO, Any

ATTRIBUTES = ("data-i18n-placeholder", "data-i18n-aria-label", "data-i18n-title")


class _Marks(HTMLParser):
    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.found: list[tuple[int, str]] = []
        self.open: list[tuple[str, int, list[str]]] = []  # tag, line, text so far

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        named = dict(attrs)
        line = self.getpos()[0]
        for attribute in ATTRIBUTES:
            if named.get(attribute):
                self.found.append((line, str(named[attribute])))
        if "data-i18n" in named:
            if named["data-i18n"]:
                self.found.append((line, str(named["data-i18n"])))
            else:
                self.open.append((tag, line, []))

    def handle_data(self, data: str) -> None:
        for _tag, _line, text in self.open:
            text.append(data)

    def handle_endtag(self, tag: str) -> None:
        if self.open and self.open[-1][0] == tag:
            _tag, line, text = self.open.pop()
            self.found.append((line, " ".join("".join(text).split())))


def extract(
    fileobj: IO[bytes], keywords: Any, comment_tags: Any, options: Any
) -> Iterator[tuple[int, str, str, list[str]]]:
    """Yield ``(line, funcname, message, comments)`` for every marked text of the page."""
    parser = _Marks()
    parser.feed(fileobj.read().decode(options.get("encoding", "utf-8")))
    parser.close()
    for line, message in parser.found:
        yield line, "_", message, []
