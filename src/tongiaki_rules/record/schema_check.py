"""The JSON Schemas of the two documents, and the structural checks they drive.

The files ``data/schemas/tongiaki-state.schema.json`` and
``tongiaki-record.schema.json`` (JSON Schema draft 2020-12) are the one
statement of the documents' structure: types, required and unknown fields,
ranges, enums, patterns, array lengths. :func:`json_schema` hands them out;
the readers check a document against them before the hand-written semantic
checks (how the fields fit together, counts, reachability) run.

Why a small validator of our own rather than the ``jsonschema`` package: the
core depends on ``attrs`` alone at runtime. This module interprets exactly the
keywords our two files use (compiling them, once, to plain functions) and
refuses to compile any other keyword, so it never silently ignores a rule.
The tests check, with ``jsonschema``, that it accepts exactly what a
standard validator accepts, with two stricter rules that belong to the JSON
text: an integer is written without a fraction (``3.0`` is refused), and a
string holds no lone surrogate. Its errors are :class:`RecordError` naming
the path (``table[1].beaches[2]``); two annotations of our own tune them:
``x-error`` (the start of the message for a value refused at that node) and
``x-clause`` (the rule it breaks). Other validators ignore both.

>>> schema = json_schema("tongiaki-state")
>>> schema["$schema"], schema["title"]
('https://json-schema.org/draft/2020-12/schema', 'tongiaki-state')
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from functools import cache
from importlib import resources
from typing import Any, Final
from urllib.parse import urldefrag, urljoin

from ..errors import RecordError
from .fields import _shown, _type_name, _unpaired

SCHEMA_NAMES: Final = ("tongiaki-state", "tongiaki-record")
"""The names of the schema files (without ``.schema.json``)."""

_TYPES: Final[dict[str, tuple[type, ...]]] = {
    "null": (type(None),),
    "boolean": (bool,),
    "integer": (int,),
    "number": (int, float),
    "string": (str,),
    "array": (list,),
    "object": (dict,),
}
_TYPE_WORDS: Final = {
    "null": "null",
    "boolean": "true or false",
    "integer": "an integer",
    "number": "a number",
    "string": "a string",
    "array": "an array",
    "object": "an object",
}
_ARRAY: Final = frozenset({"minItems", "maxItems", "prefixItems", "items", "uniqueItems"})
_OBJECT: Final = frozenset({"properties", "additionalProperties", "required", "dependentRequired"})
_KEYWORDS: Final = (
    _ARRAY
    | _OBJECT
    | {
        # annotations, and our own two (see the module's docstring)
        *("$schema", "$id", "$defs", "$comment", "title", "description", "default"),
        *("x-error", "x-clause"),
        # the assertions and applicators this module interprets
        *("type", "const", "enum", "minimum", "maximum", "minLength", "maxLength", "pattern"),
        *("$ref", "anyOf", "allOf", "if", "then", "else"),
    }
)


class _Problem:
    """What a check found wrong; the path is collected on the way back up (innermost key first)."""

    __slots__ = ("clause", "keys", "message", "styled", "value", "wrong_type")

    def __init__(self, message: str, value: Any, *, wrong_type: bool = False) -> None:
        self.keys: list[str | int] = []
        self.message = message
        self.value = value
        self.wrong_type = wrong_type
        self.styled = False  # an x-error has worded it
        self.clause: str | None = None

    def under(self, key: str | int) -> _Problem:
        self.keys.append(key)
        return self

    def path(self, prefix: str) -> str:
        path = prefix
        for key in reversed(self.keys):
            path = (
                f"{path}[{key}]"
                if isinstance(key, int)
                else (f"{path}.{_shown(key)}" if path else _shown(key))
            )
        return path


_Check = Callable[[Any], "_Problem | None"]


def _final(message: str, value: Any) -> _Problem:
    """A problem that no ``x-error`` rewords (a missing field, a lone surrogate)."""
    problem = _Problem(message, value)
    problem.styled = True
    return problem


def _ok(_value: Any) -> _Problem | None:
    return None


def _refuse(_value: Any) -> _Problem | None:
    return _Problem("unknown field", _value)


def _said(value: Any) -> str:
    """``value`` as a message shows it: strings quoted, arrays by size, other values by kind."""
    if isinstance(value, str):
        return repr(_shown(value))
    if isinstance(value, list):
        return f"an array of {len(value)} values"
    if type(value) is int:
        return str(value)
    return _type_name(value)


def _same(a: Any, b: Any) -> bool:
    """JSON equality for the scalars our schemas name (``true`` is not ``1``)."""
    return type(a) is type(b) and a == b


# ====================================================================== keywords
def _type(names: str | list[str]) -> _Check:
    names = [names] if isinstance(names, str) else names
    kinds = tuple(k for name in names for k in _TYPES[name])
    words = " or ".join(_TYPE_WORDS[name] for name in names)

    def check(value: Any) -> _Problem | None:
        if type(value) not in kinds:
            return _Problem(f"expected {words}, not {_type_name(value)}", value, wrong_type=True)
        if type(value) is str and _unpaired(value):
            return _final(f"{_said(value)} holds a lone surrogate: it is not Unicode text", value)
        return None

    return check


def _const(expected: Any) -> _Check:
    def check(value: Any) -> _Problem | None:
        if _same(value, expected):
            return None
        return _Problem(f"expected {json.dumps(expected)}, not {_said(value)}", value)

    return check


def _enum(allowed: list[Any]) -> _Check:
    listed = ", ".join(repr(v) for v in allowed)

    def check(value: Any) -> _Problem | None:
        if any(_same(value, v) for v in allowed):
            return None
        return _Problem(f"{_said(value)} is not one of {listed}", value)

    return check


def _range(lo: int | None, hi: int | None) -> _Check:
    def check(value: Any) -> _Problem | None:
        if type(value) is not int or ((lo is None or value >= lo) and (hi is None or value <= hi)):
            return None
        if lo is not None and hi is not None:
            return _Problem(f"{value} is not in {lo}..{hi}", value)
        text = f"{value} is less than {lo}" if lo is not None else f"{value} exceeds {hi}"
        return _Problem(text, value)

    return check


def _length(lo: int, hi: int | None) -> _Check:
    def check(value: Any) -> _Problem | None:
        if type(value) is not str or (lo <= len(value) and (hi is None or len(value) <= hi)):
            return None
        if not value:
            return _Problem("must not be empty", value)
        most = "" if hi is None else f" and at most {hi}"
        return _Problem(f"{len(value)} characters, expected at least {lo}{most}", value)

    return check


def _pattern(pattern: str) -> _Check:
    search = re.compile(pattern).search

    def check(value: Any) -> _Problem | None:
        if type(value) is not str or search(value):
            return None
        return _Problem(f"{_said(value)} does not match {pattern}", value)

    return check


def _array(schema: dict[str, Any], compile_: Callable[[Any], _Check]) -> _Check:
    lo, hi = schema.get("minItems", 0), schema.get("maxItems")
    prefix = [compile_(s) for s in schema.get("prefixItems", ())]
    rest = compile_(schema["items"]) if "items" in schema else _ok
    unique = schema.get("uniqueItems", False)

    def check(value: Any) -> _Problem | None:
        if type(value) is not list:
            return None
        if len(value) < lo or (hi is not None and len(value) > hi):
            most = "" if hi is None else f" and at most {hi}"
            return _Problem(f"{len(value)} items, expected at least {lo}{most}", value)
        if rest is _refuse and len(value) > len(prefix):
            return _Problem(f"{len(value)} items, expected at most {len(prefix)}", value)
        for k, item in enumerate(value):
            problem = (prefix[k] if k < len(prefix) else rest)(item)
            if problem is not None:
                return problem.under(k)
        if unique and len({(type(v), v) for v in value}) < len(value):
            return _Problem("an item is listed twice", value)
        return None

    return check


def _object(schema: dict[str, Any], compile_: Callable[[Any], _Check]) -> _Check:
    props = {key: compile_(sub) for key, sub in schema.get("properties", {}).items()}
    others = compile_(schema["additionalProperties"]) if "additionalProperties" in schema else _ok
    required = schema.get("required", ())
    depends = schema.get("dependentRequired", {})

    def check(value: Any) -> _Problem | None:
        if type(value) is not dict:
            return None
        if others is not _ok:
            for key in value:
                if key not in props:
                    problem = others(value[key])
                    if problem is None and _unpaired(key):
                        problem = _final(
                            "the key holds a lone surrogate: it is not Unicode text", key
                        )
                    if problem is not None:
                        return problem.under(key)
        for key in required:
            if key not in value:
                return _final(f"missing field {key!r}", value)
        for key, needs in depends.items():
            if key in value:
                for need in needs:
                    if need not in value:
                        return _final(f"missing field {need!r}", value)
        for key, prop in props.items():
            if key in value:
                problem = prop(value[key])
                if problem is not None:
                    return problem.under(key)
        return None

    return check


def _types_of(schema: Any) -> frozenset[type] | None:
    """The Python types a value can have to pass ``schema`` (None: any, or not known)."""
    if not isinstance(schema, dict):
        return None
    if "type" in schema:
        names = schema["type"]
        return frozenset(
            k for n in ([names] if isinstance(names, str) else names) for k in _TYPES[n]
        )
    if "const" in schema:
        return frozenset({type(schema["const"])})
    return None


def _any_of(branches: list[_Check], kinds: list[frozenset[type] | None]) -> _Check:
    def check(value: Any) -> _Problem | None:
        problems = []
        for branch in branches:
            problem = branch(value)
            if problem is None:
                return None
            problems.append(problem)
        fitting = [p for p, k in zip(problems, kinds, strict=True) if k is None or type(value) in k]
        if len(fitting) == 1:
            return fitting[0]
        return _Problem("matches none of the allowed forms", value, wrong_type=not fitting)

    return check


def _all_of(checks: list[_Check]) -> _Check:
    def check(value: Any) -> _Problem | None:
        for sub in checks:
            problem = sub(value)
            if problem is not None:
                return problem
        return None

    return check


def _styled(check: _Check, error: str | None, clause: str | None) -> _Check:
    def styled(value: Any) -> _Problem | None:
        problem = check(value)
        if problem is not None and not problem.keys:
            if error is not None and not problem.styled:
                shown = _type_name(value) if problem.wrong_type else _said(value)
                problem.message, problem.styled = f"{error}, not {shown}", True
            if problem.clause is None:
                problem.clause = clause
        return problem

    return styled


# ====================================================================== compiling
class _Compiler:
    """Compiles the schemas' nodes to checks, each ``$ref`` target once."""

    def __init__(self, documents: dict[str, Any]) -> None:
        self.documents = documents
        self.compiled: dict[str, _Check] = {}

    def target(self, uri: str) -> Any:
        base, fragment = urldefrag(uri)
        node = self.documents[base]
        for part in filter(None, fragment.split("/")):
            node = node[part.replace("~1", "/").replace("~0", "~")]
        return node

    def followed(self, schema: Any, base: str) -> Any:
        """``schema``, or the node its chain of bare ``$ref`` leads to."""
        while isinstance(schema, dict) and "$ref" in schema and "type" not in schema:
            uri = urljoin(schema.get("$id", base), schema["$ref"])
            base, schema = urldefrag(uri)[0], self.target(uri)
        return schema

    def ref(self, uri: str) -> _Check:
        if uri not in self.compiled:
            cell: list[_Check] = []
            self.compiled[uri] = lambda value: cell[0](value)  # a recursive reference
            base = urldefrag(uri)[0]
            cell.append(self.node(self.target(uri), base))
            self.compiled[uri] = cell[0]
        return self.compiled[uri]

    def node(self, schema: Any, base: str) -> _Check:
        if schema is True:
            return _ok
        if schema is False:
            return _refuse
        base = schema.get("$id", base)

        def sub(s: Any) -> _Check:
            return self.node(s, base)

        unknown = schema.keys() - _KEYWORDS
        if unknown:
            raise NotImplementedError(f"schema_check does not know the keywords {sorted(unknown)}")
        has = schema.keys().__contains__
        checks: list[_Check] = []
        if has("type"):
            checks.append(_type(schema["type"]))
        if has("const"):
            checks.append(_const(schema["const"]))
        if has("enum"):
            checks.append(_enum(schema["enum"]))
        if has("minimum") or has("maximum"):
            checks.append(_range(schema.get("minimum"), schema.get("maximum")))
        if has("minLength") or has("maxLength"):
            checks.append(_length(schema.get("minLength", 0), schema.get("maxLength")))
        if has("pattern"):
            checks.append(_pattern(schema["pattern"]))
        if _ARRAY & schema.keys():
            checks.append(_array(schema, sub))
        if _OBJECT & schema.keys():
            checks.append(_object(schema, sub))
        if has("$ref"):
            checks.append(self.ref(urljoin(base, schema["$ref"])))
        if has("anyOf"):
            kinds = [_types_of(self.followed(b, base)) for b in schema["anyOf"]]
            checks.append(_any_of([sub(b) for b in schema["anyOf"]], kinds))
        if has("allOf"):
            checks.append(_all_of([sub(s) for s in schema["allOf"]]))
        if has("if"):
            test, then, otherwise = (sub(schema.get(k, True)) for k in ("if", "then", "else"))
            checks.append(lambda value: then(value) if test(value) is None else otherwise(value))
        check = checks[0] if len(checks) == 1 else _all_of(checks)
        if "x-error" in schema or "x-clause" in schema:
            check = _styled(check, schema.get("x-error"), schema.get("x-clause"))
        return check


# ====================================================================== the schemas
def _uri(name: str) -> str:
    return f"https://tongiaki-rules.invalid/schemas/{name}.schema.json"


@cache
def _schema_text(name: str) -> str:
    return (
        resources.files("tongiaki_rules") / "data" / "schemas" / f"{name}.schema.json"
    ).read_text("utf-8")


@cache
def _compiler() -> _Compiler:
    return _Compiler({_uri(name): json.loads(_schema_text(name)) for name in SCHEMA_NAMES})


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


def schema_problem(value: Any, name: str, pointer: str = "", path: str = "") -> RecordError | None:
    """The first way ``value`` breaks the schema ``name`` (at ``pointer``), or None.

    ``path`` is where ``value`` sits in its document (the start of the
    error's path).

    >>> schema_problem({"schema": "tongiaki-record"}, "tongiaki-record")
    RecordError("missing field 'version'")
    >>> schema_problem([3, 1], "tongiaki-state", "/$defs/hex", "at")
    >>> schema_problem([3], "tongiaki-state", "/$defs/hex", "at")
    RecordError('at: a position is an array [q, r] of two integers, not an array of 1 values')
    """
    problem = _compiler().ref(f"{_uri(name)}#{pointer}")(value)
    if problem is None:
        return None
    return RecordError(problem.message, problem.path(path) or None, problem.clause)


def check_schema(value: Any, name: str, pointer: str = "", path: str = "") -> None:
    """Raise the :class:`RecordError` of :func:`schema_problem`, if there is one."""
    error = schema_problem(value, name, pointer, path)
    if error is not None:
        raise error
