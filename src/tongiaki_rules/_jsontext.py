"""Strict JSON text: the one reader behind every JSON document the library reads.

Both games' records and the Tongiaki state documents start here. Anything that
is not a JSON document in UTF-8 raises :class:`~tongiaki_rules.errors.RecordError`
with no field path: bytes that are not UTF-8, text that is not JSON, a key
given twice in one object (``json`` would silently keep the last), and the
non-standard constants ``NaN``, ``Infinity`` and ``-Infinity``.

>>> load_json_text('{"moves": [1, 2]}')
{'moves': [1, 2]}
>>> load_json_text('{"a": 1, "a": 2}')
Traceback (most recent call last):
    ...
tongiaki_rules.errors.RecordError: duplicate key 'a' in an object
"""

from __future__ import annotations

import json
from typing import Any, NoReturn

from .errors import RecordError, shown

__all__ = ["json_kind", "load_json_text"]


def load_json_text(text: object) -> Any:
    """The value of the JSON document ``text`` (``str``, ``bytes`` or ``bytearray``).

    >>> load_json_text(b'[true, null]')
    [True, None]
    """
    if isinstance(text, bytes | bytearray):
        try:
            text = bytes(text).decode("utf-8")
        except UnicodeDecodeError as exc:
            raise RecordError(f"not UTF-8 text: {exc}") from exc
    if not isinstance(text, str):
        raise RecordError(f"expected JSON text (str or bytes), not {type(text).__name__}")
    try:
        return json.loads(text, object_pairs_hook=_no_duplicates, parse_constant=_no_constant)
    except RecordError:
        raise
    except (ValueError, RecursionError) as exc:
        raise RecordError(f"not valid JSON: {exc}") from exc


def _no_duplicates(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    found: dict[str, Any] = {}
    for key, value in pairs:
        if key in found:
            raise RecordError(f"duplicate key {shown(key)} in an object")
        found[key] = value
    return found


def _no_constant(name: str) -> NoReturn:
    raise RecordError(f"not valid JSON: {name} is not a JSON number")


def json_kind(value: object) -> str:
    """What a JSON value is, in the words of an error message ("an array", "null").

    >>> json_kind([1]), json_kind(None), json_kind(True), json_kind(2.5)
    ('an array', 'null', 'a boolean', 'a number with a fraction or exponent')
    """
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "a boolean"
    if isinstance(value, int):
        return "an integer"
    if isinstance(value, float):
        return "a number with a fraction or exponent"
    if isinstance(value, str):
        return "a string"
    if isinstance(value, list):
        return "an array"
    if isinstance(value, dict):
        return "an object"
    return f"a {type(value).__name__}"  # not from JSON: a Python value handed in directly
