"""A view's JSON text, its shared part written once.

Every viewer of a position gets the same view but for a few keys of its own
(``you``, ``clock``, a secret ``choice``), and the service keeps that shared
part (:class:`~.service.GameService` builds it once per position). Written
as JSON, the shared part is most of the text (the position, the narration
three times over, the legal actions), so it is written once too: a
:class:`SharedText` holds the text before and after ``you``, and a
:class:`View` (a plain ``dict`` to every reader) carries it, so
:func:`view_text` only writes the viewer's own keys. The text is exactly
what :func:`json_text` gives for the whole view.

>>> shared = {"id": "g-1", "moves": 3, "you": None, "legal": [{"index": 0}]}
>>> view = View({**shared, "you": 1, "clock": None})
>>> view.text = SharedText.of(shared)
>>> view_text(view)
'{"id":"g-1","moves":3,"you":1,"legal":[{"index":0}],"clock":null}'
>>> view_text(view) == json_text(view) == json_text(dict(view))
True
"""

from __future__ import annotations

import json
import sys
from collections.abc import Mapping
from typing import Any

import attrs

__all__ = ["SharedText", "View", "json_text", "view_text"]

_encode = json.JSONEncoder(ensure_ascii=True, separators=(",", ":")).encode


def json_text(value: object) -> str:
    """``value`` as compact JSON, every non-ASCII character escaped (the server's answers)."""
    return _encode(value)


@attrs.frozen(slots=True)
class SharedText:
    """The JSON text of a view's shared part: ``head`` up to ``"you":``, ``tail`` the keys after
    ``you`` (each with its leading comma), and the keys of the shared part."""

    head: str
    tail: str
    keys: frozenset[str]

    @classmethod
    def of(cls, shared: Mapping[str, Any]) -> SharedText:
        """The text of ``shared``, which holds a ``you`` key (not its first)."""
        keys = list(shared)
        at = keys.index("you")
        head = _encode({k: shared[k] for k in keys[:at]})[:-1] + ',"you":'
        after = {k: shared[k] for k in keys[at + 1 :]}
        tail = "," + _encode(after)[1:-1] if after else ""
        return cls(head, tail, frozenset(keys))

    @property
    def nbytes(self) -> int:
        """The bytes the texts hold (:func:`sys.getsizeof`)."""
        return sys.getsizeof(self.head) + sys.getsizeof(self.tail)


class View(dict[str, Any]):
    """A view: a ``dict`` made of a shared part and the viewer's own keys after it, with the
    shared part's :class:`SharedText` (``None``: written whole)."""

    __slots__ = ("text",)

    text: SharedText | None

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.text = None


def view_text(view: Mapping[str, Any]) -> str:
    """The JSON text of ``view``, as :func:`json_text` writes it; the shared part of a
    :class:`View` is taken as written. The viewer's own keys are those not in the shared
    part, which come after it (as ``{**shared, "you": ..., "clock": ...}`` places them)."""
    text = view.text if isinstance(view, View) else None
    if text is None:
        return _encode(view)
    parts = [text.head, _encode(view["you"]), text.tail]
    shared = text.keys
    for key, value in view.items():
        if key not in shared:
            parts += (",", _encode(key), ":", _encode(value))
    parts.append("}")
    return "".join(parts)
