"""A small JSON Schema validator: the readers' structural checks come from the schemas.

The schema files (see :func:`~.json_schemas.json_schema`) state the documents'
structure: types, required and unknown fields, ranges, enums, patterns, array
lengths. The state reader checks a document against them first; only the
semantic checks (how the fields fit together, counts, reachability) are
written by hand. Why our own validator and not the ``jsonschema`` package at
runtime: the core depends on ``attrs`` alone. This one compiles, once, the
subset of draft 2020-12 our files use to plain functions, and refuses to
compile any other keyword, so it never ignores a rule. The tests check with
``jsonschema`` that both accept the same documents, except two rules of the
JSON text that are stricter here: an integer has no fraction (``3.0``) and a
string no lone surrogate. Errors are :class:`RecordError` with the path
(``table[1].beaches[2]``); two annotations of ours word them, ``x-error`` (the
message for a value refused at that node) and ``x-clause`` (the rule broken).
"""

from __future__ import annotations

import json
import re
import threading
from collections.abc import Callable
from functools import cache
from typing import Any, Final
from urllib.parse import urldefrag, urljoin

from .._jsontext import json_kind as _type_name
from ..errors import RecordError
from ._fields import _shown, _unpaired
from ._json_schemas import SCHEMA_NAMES, _schema_text, _uri

_TYPES: Final[dict[str, tuple[tuple[type, ...], str]]] = {
    "null": ((type(None),), "null"),
    "boolean": ((bool,), "true or false"),
    "integer": ((int,), "an integer"),  # a bool is not an integer: type(True) is bool
    "number": ((int, float), "a number"),
    "string": ((str,), "a string"),
    "array": ((list,), "an array"),
    "object": ((dict,), "an object"),
}
_SCALAR: Final = {
    "type",
    "const",
    "enum",
    "minimum",
    "maximum",
    "minLength",
    "maxLength",
    "pattern",
}
_ARRAY: Final = frozenset({"minItems", "maxItems", "prefixItems", "items", "uniqueItems"})
_OBJECT: Final = frozenset({"properties", "additionalProperties", "required"})
_KEYWORDS: Final = _SCALAR | _ARRAY | _OBJECT | {"$ref", "anyOf", "allOf", "if", "then", "else"}
_ANNOTATIONS: Final = {"$schema", "$id", "$defs", "$comment", "title", "description", "default"} | {
    *("x-error", "x-clause")  # ours: see the module's docstring
}
_HUGE: Final = float("inf")  # no bound: an int compares with it exactly, however large


class _Problem:
    """What a check found wrong; its path is collected on the way back up."""

    __slots__ = ("clause", "final", "keys", "message", "wrong_type")

    def __init__(self, message: str, *, wrong_type: bool = False, final: bool = False) -> None:
        self.keys: list[str | int] = []  # innermost first
        self.message, self.wrong_type, self.final = message, wrong_type, final
        self.clause: str | None = None

    def under(self, key: str | int) -> _Problem:
        self.keys.append(key)
        return self

    def path(self, prefix: str) -> str:
        for key in reversed(self.keys):
            if isinstance(key, int):
                prefix = f"{prefix}[{key}]"
            else:
                prefix = f"{prefix}.{_shown(key)}" if prefix else _shown(key)
        return prefix


_Check = Callable[[Any], "_Problem | None"]
_Style = tuple[str | None, str | None]  # x-error, x-clause


def _ok(_value: Any) -> _Problem | None:
    return None


def _refuse(_value: Any) -> _Problem | None:
    return _Problem("unknown field", final=True)


def _said(value: Any) -> str:
    """``value`` as a message shows it: strings quoted, arrays by size, other values by kind."""
    if isinstance(value, str):
        return repr(_shown(value))
    if isinstance(value, list):
        return f"an array of {len(value)} values"
    return str(value) if type(value) is int else _type_name(value)


def _styled(problem: _Problem, value: Any, style: _Style) -> _Problem:
    """``problem``, found at the node itself, worded by the node's ``x-error`` and ``x-clause``."""
    error, clause = style
    if error is not None and not problem.final:
        shown = _type_name(value) if problem.wrong_type else _said(value)
        problem.message, problem.final = f"{error}, not {shown}", True
    problem.clause = problem.clause or clause
    return problem


# ====================================================================== keywords
def _scalar(schema: dict[str, Any], style: _Style) -> _Check:
    """One check for a node's type, const, enum, range, length and pattern (fast when good)."""
    names = schema.get("type", ())
    names = [names] if isinstance(names, str) else names
    kinds = tuple(k for name in names for k in _TYPES[name][0])
    words = " or ".join(_TYPES[name][1] for name in names)
    allowed = [schema["const"]] if "const" in schema else schema.get("enum")
    lo, hi = schema.get("minimum", -_HUGE), schema.get("maximum", _HUGE)
    shortest, longest = schema.get("minLength", 0), schema.get("maxLength", _HUGE)
    pattern = schema.get("pattern")
    search = re.compile(pattern).search if pattern is not None else None

    def problem(value: Any) -> _Problem | None:
        kind = type(value)
        if kinds and kind not in kinds:
            return _Problem(f"expected {words}, not {_type_name(value)}", wrong_type=True)
        if allowed is not None and not any(type(a) is kind and a == value for a in allowed):
            other = not any(type(a) is kind for a in allowed)  # a value of another type
            if len(allowed) == 1:
                text = f"expected {json.dumps(allowed[0])}, not {_said(value)}"
                return _Problem(text, wrong_type=other)
            text = f"{_said(value)} is not one of {', '.join(map(repr, allowed))}"
            return _Problem(text, wrong_type=other)
        if kind is int and not lo <= value <= hi:
            return _Problem(f"{value} is not in {lo}..{hi}")
        if kind is str and not value.isascii() and _unpaired(value):
            return _Problem(f"{_said(value)} holds a lone surrogate: not Unicode text", final=True)
        if kind is str and not shortest <= len(value) <= longest:
            text = f"{len(value)} characters, not {shortest}..{longest}"
            return _Problem(text if value else "must not be empty")
        if kind is str and search is not None and not search(value):
            return _Problem(f"{_said(value)} does not match {pattern}")
        return None

    def slow(value: Any) -> _Problem | None:
        found = problem(value)
        return None if found is None else _styled(found, value, style)

    if allowed is not None and all(type(a) is str for a in allowed):
        known = frozenset(allowed)  # our ASCII names: no lone surrogate
        return lambda value: None if type(value) is str and value in known else slow(value)
    if kinds == (int,) and allowed is None:
        return lambda value: None if type(value) is int and lo <= value <= hi else slow(value)
    if kinds == (str,) and allowed is None:

        def text(value: Any) -> _Problem | None:
            good = type(value) is str and value.isascii() and shortest <= len(value) <= longest
            return None if good and (search is None or search(value)) else slow(value)

        return text
    return slow


def _array(schema: dict[str, Any], compile_: Callable[[Any], _Check]) -> _Check:
    lo, hi = schema.get("minItems", 0), schema.get("maxItems", _HUGE)
    prefix = [compile_(s) for s in schema.get("prefixItems", ())]
    rest = compile_(schema.get("items", True))
    hi = min(hi, len(prefix)) if rest is _refuse else hi
    unique = schema.get("uniqueItems", False)

    def check(value: Any) -> _Problem | None:
        if type(value) is not list:
            return None
        if not lo <= len(value) <= hi:
            return _Problem(f"{len(value)} items, not {lo}..{hi}")
        for k, item in enumerate(value):
            found = (rest if k >= len(prefix) else prefix[k])(item)
            if found is not None:
                return found.under(k)
        if unique and len({(type(v), v) for v in value}) < len(value):
            return _Problem("an item is listed twice")
        return None

    return check


def _object(schema: dict[str, Any], compile_: Callable[[Any], _Check]) -> _Check:
    props = {key: compile_(sub) for key, sub in schema.get("properties", {}).items()}
    others = compile_(schema.get("additionalProperties", True))
    required = schema.get("required", ())
    closed, needed = others is _refuse, frozenset(required)

    def check(value: Any) -> _Problem | None:
        if type(value) is not dict:
            return None
        if closed and value.keys() <= props.keys() and needed <= value.keys():
            for key, item in value.items():
                found = props[key](item)
                if found is not None:
                    return found.under(key)
            return None
        if others is not _ok:
            for key in value:
                if key not in props:
                    found = others(value[key])
                    if found is None and _unpaired(key):
                        found = _Problem("the key holds a lone surrogate", final=True)
                    if found is not None:
                        return found.under(key)
        for key in required:
            if key not in value:
                return _Problem(f"missing field {key!r}", final=True)
        for key, prop in props.items():
            if key in value:
                found = prop(value[key])
                if found is not None:
                    return found.under(key)
        return None

    return check


def _any_of(branches: list[_Check]) -> _Check:
    def check(value: Any) -> _Problem | None:
        found = []
        for branch in branches:
            problem = branch(value)
            if problem is None:
                return None
            found.append(problem)
        # the one branch made for a value of this type says best what is wrong
        fitting = [p for p in found if p.keys or not p.wrong_type]
        if len(fitting) == 1:
            return fitting[0]
        return _Problem("matches none of the allowed forms", wrong_type=not fitting)

    return check


def _all_of(checks: list[_Check]) -> _Check:
    def check(value: Any) -> _Problem | None:
        for sub in checks:
            problem = sub(value)
            if problem is not None:
                return problem
        return None

    return check


# ====================================================================== compiling
class _Compiler:
    """Compiles the schemas' nodes to checks, each ``$ref`` target once."""

    def __init__(self, documents: dict[str, Any]) -> None:
        self.documents = documents
        self.compiled: dict[str, _Check] = {}
        self.done: dict[str, _Check] = {}
        """The checks whole (no placeholder of a recursion left unfilled), for any thread."""
        self._lock = threading.RLock()
        self._depth = 0

    def target(self, uri: str) -> Any:
        base, fragment = urldefrag(uri)
        node = self.documents[base]
        for part in filter(None, fragment.split("/")):
            node = node[part.replace("~1", "/").replace("~0", "~")]
        return node

    def ref(self, uri: str) -> _Check:
        """The check of ``uri``, compiled on first use; safe from several threads at once.

        A recursion reaches a placeholder while its target compiles; checks are
        handed to other threads (``done``) only once the outermost compilation
        has filled every placeholder, so no thread ever runs an unfilled one.
        """
        found = self.done.get(uri)
        if found is not None:
            return found
        with self._lock:
            self._depth += 1
            try:
                if uri not in self.compiled:
                    cell: list[_Check] = []
                    self.compiled[uri] = lambda value: cell[0](value)  # while compiling
                    cell.append(self.node(self.target(uri), urldefrag(uri)[0]))
                    self.compiled[uri] = cell[0]
                check = self.compiled[uri]
            finally:
                self._depth -= 1
            if self._depth == 0:
                self.done.update(self.compiled)
            return check

    def node(self, schema: Any, base: str) -> _Check:
        if isinstance(schema, bool):
            return _ok if schema else _refuse
        base = schema.get("$id", base)
        unknown = schema.keys() - _KEYWORDS - _ANNOTATIONS
        if unknown:
            raise NotImplementedError(f"schema_check does not know the keywords {sorted(unknown)}")
        style = (schema.get("x-error"), schema.get("x-clause"))
        checks: list[_Check] = []
        if _SCALAR & schema.keys():
            checks.append(_scalar(schema, style))
        if _ARRAY & schema.keys():
            checks.append(_array(schema, lambda s: self.node(s, base)))
        if _OBJECT & schema.keys():
            checks.append(_object(schema, lambda s: self.node(s, base)))
        if "$ref" in schema:
            checks.append(self.ref(urljoin(base, schema["$ref"])))
        if "anyOf" in schema:
            checks.append(_any_of([self.node(b, base) for b in schema["anyOf"]]))
        if "allOf" in schema:
            checks.append(_all_of([self.node(s, base) for s in schema["allOf"]]))
        if "if" in schema:
            test, then, otherwise = (
                self.node(schema.get(k, True), base) for k in ("if", "then", "else")
            )
            checks.append(lambda value: then(value) if test(value) is None else otherwise(value))
        check = checks[0] if len(checks) == 1 else _all_of(checks)
        if style == (None, None) or (checks and len(checks) == 1 and _SCALAR & schema.keys()):
            return check

        def styled(value: Any) -> _Problem | None:
            problem = check(value)
            return problem if problem is None or problem.keys else _styled(problem, value, style)

        return styled


# ====================================================================== entry points
@cache
def _compiler() -> _Compiler:
    return _Compiler({_uri(name): json.loads(_schema_text(name)) for name in SCHEMA_NAMES})


def check_schema(value: Any, name: str, pointer: str = "", path: str = "") -> None:
    """Raise a :class:`RecordError` if ``value`` (at ``path`` in its document) breaks the
    schema ``name`` (at ``pointer``).

    >>> check_schema([3], "tongiaki-state", "/$defs/hex", "at")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    tongiaki_rules.errors.RecordError: at: a position is an array ..., not an array of 1 values
    """
    problem = _compiler().ref(f"{_uri(name)}#{pointer}")(value)
    if problem is not None:
        raise RecordError(problem.message, problem.path(path) or None, problem.clause)
