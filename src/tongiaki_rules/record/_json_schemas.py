"""The JSON Schemas (draft 2020-12) of the two documents, shipped with the package.

``data/schemas/tongiaki-state.schema.json`` and ``tongiaki-record.schema.json``
describe the documents' structure for any language (the record schema refers
to the state schema by its ``$id`` for the ``start`` of a version 3 record);
:mod:`.schema_check` makes the readers' structural checks from them.

>>> schema = json_schema("tongiaki-state")
>>> schema["$schema"], schema["title"], sorted(schema["$defs"])[:2]
('https://json-schema.org/draft/2020-12/schema', 'tongiaki-state', ['beach_index', 'beach_spec'])
"""

from __future__ import annotations

import json
from functools import cache
from importlib import resources
from typing import Any, Final

from ..errors import RecordError
from ._fields import _shown

SCHEMA_NAMES: Final = ("tongiaki-state", "tongiaki-record")
"""The names of the schemas (their files add ``.schema.json``)."""


def _uri(name: str) -> str:
    return f"https://tongiaki-rules.invalid/schemas/{name}.schema.json"


@cache
def _schema_text(name: str) -> str:
    return (
        resources.files("tongiaki_rules") / "data" / "schemas" / f"{name}.schema.json"
    ).read_text("utf-8")


def json_schema(name: str = "tongiaki-state") -> dict[str, Any]:
    """The JSON Schema (draft 2020-12) of a document: a fresh copy each call.

    ``name`` is ``"tongiaki-state"`` or ``"tongiaki-record"``; the record
    schema refers to the state schema by its ``$id``.

    >>> json_schema("tongiaki-record")["$id"]
    'https://tongiaki-rules.invalid/schemas/tongiaki-record.schema.json'
    >>> json_schema("tongiaki-game")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    tongiaki_rules.errors.RecordError: name: 'tongiaki-game' is not a schema: 'tongiaki-state', ...
    """
    if not isinstance(name, str) or name not in SCHEMA_NAMES:
        listed = ", ".join(map(repr, SCHEMA_NAMES))
        shown = repr(_shown(name)) if isinstance(name, str) else type(name).__name__
        raise RecordError(f"{shown} is not a schema: {listed}", "name")
    copy: dict[str, Any] = json.loads(_schema_text(name))
    return copy
