"""The names players give their seats: checked once, when a seat is taken, then shown as text.

A name is what other players read beside a seat, so it must be short, printable and not
pretend to be something else. :func:`checked_name` keeps a name readable (one line, no
control or format characters such as the bidirectional overrides, at most
:data:`MAX_NAME` characters, spaces collapsed), and refuses one that reads like another
seat's: the same name as a seat already held (letters compared case- and width-blind),
or a seat's label ("seat 2", "Platz 2", "place 2", "posto 2", "bot"). It is stored and
sent as plain text; the client writes it with ``textContent``, never as HTML.

>>> checked_name("  Ana   Maria ", [])
'Ana Maria'
>>> checked_name("", []) is None
True
>>> checked_name("ana maria", ["Ana Maria"])
Traceback (most recent call last):
...
tongiaki_rules.server._errors.Unprocessable: name: another seat is already called 'ana maria'
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterable

from ._errors import Unprocessable

__all__ = ["MAX_NAME", "checked_name"]

MAX_NAME = 24
"""The most characters a seat's name may have (after its spaces are collapsed)."""

_SEAT_LABEL = re.compile(r"(seat|platz|place|posto|bot|you)\W*\d*", re.IGNORECASE)


def _folded(name: str) -> str:
    """A name as two readers would tell it apart: width, case and spacing ignored."""
    return " ".join(unicodedata.normalize("NFKC", name).casefold().split())


def checked_name(name: object, others: Iterable[str]) -> str | None:
    """``name`` tidied for showing, or ``None`` for no name; 422 for one that may not be shown.

    ``others`` are the names the game's other seats hold now.
    """
    if name is None:
        return None
    if not isinstance(name, str):
        raise Unprocessable(f"name must be text, not {type(name).__name__}", reason="name_bad")
    if len(name) > 4 * MAX_NAME:
        raise Unprocessable(f"name: at most {MAX_NAME} characters", reason="name_long")
    for char in name:
        if unicodedata.category(char)[0] == "C" and char not in "\t ":
            raise Unprocessable(
                "name: control and invisible characters are not allowed", reason="name_bad"
            )
    tidy = " ".join(unicodedata.normalize("NFC", name).split())
    if not tidy:
        return None
    if len(tidy) > MAX_NAME:
        raise Unprocessable(f"name: at most {MAX_NAME} characters", reason="name_long")
    if not any(char.isalnum() for char in tidy):
        raise Unprocessable("name: it needs a letter or a digit", reason="name_bad")
    if _SEAT_LABEL.fullmatch(_folded(tidy)):
        raise Unprocessable(
            f"name: {tidy!r} reads like a seat's label; choose another", reason="name_label"
        )
    if _folded(tidy) in {_folded(other) for other in others}:
        raise Unprocessable(f"name: another seat is already called {tidy!r}", reason="name_taken")
    return tidy
