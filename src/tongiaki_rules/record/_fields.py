"""JSON text and its fields: laying out and loading the text, reading one field at a time.

Each reader checks one field and raises :class:`RecordError` naming its path.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Any, Final, NoReturn

from .._jsontext import json_kind as _type_name
from ..errors import RecordError
from ..hexgrid import Hex
from ._schema import _LETTERS, READ_VERSIONS, RECORD_READ_VERSIONS, RECORD_SCHEMA, STATE_SCHEMA


def _dumps(value: Any, indent: int | None) -> str:
    if indent is not None and (type(indent) is not int or not 0 <= indent <= _MAX_INDENT):
        raise RecordError(f"expected null or 0..{_MAX_INDENT} spaces, not {indent!r}", "indent")
    if indent is None:
        return json.dumps(value, separators=(",", ":"), ensure_ascii=False)
    return _pretty(value, 0, indent)


_WIDTH: Final = 100
_MAX_INDENT: Final = 16


def _pretty(value: Any, level: int, indent: int) -> str:
    flat = json.dumps(value, ensure_ascii=False)
    pad = " " * (level * indent)
    if len(pad) + len(flat) <= _WIDTH or not isinstance(value, dict | list) or not value:
        return flat
    inner = " " * ((level + 1) * indent)
    if isinstance(value, dict):
        items = [
            f"{inner}{json.dumps(k, ensure_ascii=False)}: {_pretty(v, level + 1, indent)}"
            for k, v in value.items()
        ]
        return "{\n" + ",\n".join(items) + "\n" + pad + "}"
    if not any(isinstance(v, dict | list) for v in value):
        # scalars: as many to a line as fit
        lines: list[str] = []
        line = ""
        for v in value:
            text = json.dumps(v, ensure_ascii=False) + ","
            if line and len(inner) + len(line) + 1 + len(text) > _WIDTH:
                lines.append(inner + line)
                line = ""
            line = f"{line} {text}" if line else text
        lines.append(inner + line[:-1])
        return "[\n" + "\n".join(lines) + "\n" + pad + "]"
    items = [f"{inner}{_pretty(v, level + 1, indent)}" for v in value]
    return "[\n" + ",\n".join(items) + "\n" + pad + "]"


# ====================================================================== reading
def _fail(path: str, message: str, clause: str | None = None) -> NoReturn:
    raise RecordError(message, path or None, clause)


def _field(path: str, key: str) -> str:
    key = _shown(key)
    return f"{path}.{key}" if path else key


def _shown(text: str) -> str:
    """``text``, with lone surrogates escaped so that a message can always be printed."""
    return text.encode("utf-8", "backslashreplace").decode("utf-8") if _unpaired(text) else text


def _unpaired(text: str) -> bool:
    """True if ``text`` holds a lone surrogate (UTF-8 cannot encode it: it is not text)."""
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        return True
    return False


def _item(path: str, k: int) -> str:
    return f"{path}[{k}]"


def _object(value: Any, path: str, fields: Sequence[str]) -> dict[str, Any]:
    """``value`` must be an object with exactly ``fields``."""
    if not isinstance(value, dict):
        _fail(path, f"expected an object, not {_type_name(value)}")
    for key in value:
        if key not in fields:
            _fail(_field(path, key), "unknown field")
    for key in fields:
        if key not in value:
            _fail(path, f"missing field {key!r}")
    return value


def _int(value: Any, path: str, lo: int | None = None, hi: int | None = None) -> int:
    if type(value) is not int:
        _fail(path, f"expected an integer, not {_type_name(value)}")
    if (lo is not None and value < lo) or (hi is not None and value > hi):
        if lo is not None and hi is not None:
            _fail(path, f"{value} is not in {lo}..{hi}")
        _fail(path, f"{value} is less than {lo}" if lo is not None else f"{value} exceeds {hi}")
    return value


def _str(value: Any, path: str) -> str:
    if not isinstance(value, str):
        _fail(path, f"expected a string, not {_type_name(value)}")
    if _unpaired(value):
        _fail(path, f"{_shown(value)!r} holds a lone surrogate: it is not Unicode text")
    return value


def _list(value: Any, path: str) -> list[Any]:
    if not isinstance(value, list):
        _fail(path, f"expected an array, not {_type_name(value)}")
    return value


def _hex(value: Any, path: str) -> Hex:
    if not isinstance(value, list):
        _fail(path, f"a position is an array [q, r] of two integers, not {_type_name(value)}")
    if len(value) != 2:
        _fail(path, f"a position is an array [q, r] of two integers, not of {len(value)} values")
    return (_int(value[0], _item(path, 0)), _int(value[1], _item(path, 1)))


def _colour(value: Any, path: str, agents: int) -> int:
    text = _str(value, path)
    letters = _LETTERS[:agents]
    if len(text) != 1 or text not in letters:
        _fail(path, f"{text!r} is not the letter of a colour in play ({letters})")
    return letters.index(text)


def _boats(value: Any, path: str, agents: int) -> tuple[int, ...]:
    text = _str(value, path)
    letters = _LETTERS[:agents]
    bad = sorted({ch for ch in text if ch not in letters})
    if bad:
        _fail(
            path, f"{''.join(bad)!r} in {text!r} is not the letter of a colour in play ({letters})"
        )
    return tuple(sorted(letters.index(ch) for ch in text))


_HINTS: Final = {
    RECORD_SCHEMA: "; this is a game record (read it with GameRecord.from_json)",
    STATE_SCHEMA: "; this is a state (read it with state_from_json, or record from it with "
    "Recorder.from_state)",
}


def _header(doc: Any, schema: str) -> tuple[dict[str, Any], int]:
    """The document as an object, and its version, once its ``schema`` and ``version`` are
    ones this library reads (its other fields are left to the JSON Schema)."""
    if not isinstance(doc, dict):
        _fail("", f"expected a JSON object, not {_type_name(doc)}")
    if "schema" not in doc:
        _fail("", "missing field 'schema'")
    name = doc["schema"]
    if name != schema:
        shown = repr(_shown(name)) if isinstance(name, str) else _type_name(name)
        hint = _HINTS.get(name, "") if isinstance(name, str) else ""
        _fail("schema", f"expected {schema!r}, not {shown}{hint}")
    if "version" not in doc:
        _fail("", "missing field 'version'")
    version = _int(doc["version"], "version")
    versions = READ_VERSIONS if schema == STATE_SCHEMA else RECORD_READ_VERSIONS
    if version not in versions:
        _fail(
            "version",
            f"version {version} is not supported; this library reads versions "
            f"{', '.join(map(str, versions))}",
        )
    if version == 1 and schema == STATE_SCHEMA and doc.get("chain"):
        _fail("chain", "a version 1 state cannot carry the departures of its turn; save it again")
    return doc, version


def _check_type(value: object, kind: type, path: str) -> None:
    if not isinstance(value, kind):
        raise RecordError(f"expected a {kind.__name__}, not {type(value).__name__}", path)
