"""Garbage for fuzz tests: hostile ints and text, ill-typed actions, mutated JSON documents.

Hypothesis strategies of input no sane caller would send, and :func:`call_safely`
to call an entry point with it.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator
from typing import TYPE_CHECKING, TypeVar

import attrs

from ..actions import (
    ACTION_TYPES,
    Action,
    Berth,
    Depart,
    Draw,
    Expand,
    ExpandFromBoard,
    FoundRoyal,
    PlaceNewBoats,
    PlaceTile,
    ReturnBoat,
    SetupPlace,
)
from ..colours import Colour
from ..errors import TongiakiError

if TYPE_CHECKING:
    from hypothesis.strategies import DrawFn, SearchStrategy


T = TypeVar("T")


# --------------------------------------------------------------------------- garbage


_TEXT_TRAPS = ("", " ", "\ud800", "a\udfffb", "\x00", "é", "\u202e", "1e9", "NaN", "-0", "ß" * 300)


def hostile_ints() -> SearchStrategy[object]:
    """Hypothesis strategy: things that are not a small non-negative ``int`` but look close.

    Bools (``True`` is an ``int`` in Python), floats including NaN and
    infinities, negative and huge ints, digit strings and ``None``.

    >>> from hypothesis import find
    >>> find(hostile_ints(), lambda v: v is True)
    True
    """
    from hypothesis import strategies as st

    return st.one_of(
        st.booleans(),
        st.sampled_from([-1, -(2**63), 2**63, 2**64 + 1, 10**100, float("nan"), float("inf")]),
        st.floats(allow_nan=True, allow_infinity=True),
        st.integers(max_value=-1),
        st.integers(min_value=2**31),
        st.sampled_from(["0", "1", "", None]),
    )


def hostile_text() -> SearchStrategy[str]:
    """Hypothesis strategy: strings with lone surrogates, control characters, odd digits.

    >>> from hypothesis import find
    >>> "\\ud800" in find(hostile_text(), lambda s: "\\ud800" in s)
    True
    """
    from hypothesis import strategies as st

    return st.one_of(
        st.sampled_from(_TEXT_TRAPS),
        st.text(max_size=40),
        st.text(st.characters(categories=["Cs", "Cc", "Nd", "Zs"]), max_size=12),
    )


def garbage() -> SearchStrategy[object]:
    """Hypothesis strategy: ill-typed values of every kind, nested a little.

    >>> from hypothesis import find
    >>> len(find(garbage(), lambda v: isinstance(v, list) and len(v) > 1))
    2
    """
    from hypothesis import strategies as st

    atoms = st.one_of(
        st.none(),
        hostile_ints(),
        hostile_text(),
        st.binary(max_size=8),
        st.complex_numbers(allow_nan=True),
        st.sampled_from([object(), Ellipsis, Colour.RED, (0, 0), (0, 0, 0), ((0, 0),), {1, 2}]),
    )
    return st.recursive(
        atoms,
        lambda inner: st.one_of(
            st.lists(inner, max_size=3),
            st.tuples(inner, inner),
            st.dictionaries(st.text(max_size=3), inner, max_size=3),
        ),
        max_leaves=6,
    )


def _field_values(name: str | None = None) -> SearchStrategy[object]:
    """Values for an action field: the field's own type (often out of range) or garbage."""
    from hypothesis import strategies as st

    typed: dict[str, SearchStrategy[object]] = {
        "hex": st.tuples(st.integers(-9, 9), st.integers(-9, 9)),
        "ints": st.lists(st.integers(-2, 8), max_size=4).map(tuple),
        "colour": st.sampled_from(list(Colour)),
        "tile": st.sampled_from(["hawaii", "ocean-a", "tonga", "no-such-tile"]),
        "int": st.integers(-8, 40),
    }
    kind = {
        "island": "hex",
        "position": "hex",
        "source": "hex",
        "beaches": "ints",
        "colour": "colour",
        "tile": "tile",
    }.get(name or "", "int")
    if name is None:
        return st.one_of(garbage(), *typed.values())
    return st.one_of(typed[kind], typed[kind], garbage(), *typed.values())


_ACTION_FIELDS: dict[type, tuple[str, ...]] = {
    kind: tuple(f.name for f in attrs.fields(kind)) for kind in ACTION_TYPES
}


def garbage_actions() -> SearchStrategy[object]:
    """Hypothesis strategy: actions built from garbage or out-of-range field values.

    An action's constructor refuses ill-typed fields (``Expand(island=True,
    beaches=1.5)``) with a ``TongiakiError``; any other exception escapes the
    strategy and fails the test using it. What the constructor accepts (an
    out-of-range beach, a far-off hex) is given to the entry point, which must
    reject it with a ``TongiakiError``. Where the constructor refused, and
    otherwise now and then, a non-action (``None``, strings, tuples) is drawn.

    >>> from hypothesis import given, settings
    >>> drawn = []
    >>> @settings(max_examples=100, derandomize=True, database=None)
    ... @given(garbage_actions())
    ... def draw(value: object) -> None:
    ...     drawn.append(value)
    >>> draw()
    >>> any(isinstance(v, ACTION_TYPES) for v in drawn), any(v is None for v in drawn)
    (True, True)
    """
    from hypothesis import strategies as st

    def build(draw: DrawFn) -> object:
        kind = draw(st.sampled_from(ACTION_TYPES))
        values = [draw(_field_values(name)) for name in _ACTION_FIELDS[kind]]
        try:
            return kind(*values)
        except TongiakiError:  # refused where it was built, as the contract says
            return draw(garbage())

    return st.one_of(st.composite(build)(), garbage())


def plausible_actions() -> SearchStrategy[Action]:
    """Hypothesis strategy: well-typed actions with small, often illegal, field values.

    >>> from hypothesis import find
    >>> find(plausible_actions(), lambda a: isinstance(a, SetupPlace))
    SetupPlace(beach=0)
    """
    from hypothesis import strategies as st

    small = st.integers(-2, 8)
    hexes = st.tuples(st.integers(-3, 3), st.integers(-3, 3))
    beach_lists = st.lists(small, max_size=4).map(lambda xs: tuple(sorted(xs)))
    colours = st.sampled_from(list(Colour))
    return st.one_of(
        st.builds(SetupPlace, small),
        st.builds(Expand, hexes, beach_lists),
        st.builds(ExpandFromBoard, hexes, small, hexes, small),
        st.builds(FoundRoyal, hexes),
        st.builds(PlaceNewBoats, hexes, beach_lists),
        st.builds(Depart, hexes, small, small),
        st.builds(PlaceTile, hexes, small),
        st.builds(Berth, colours, small),
        st.builds(ReturnBoat, colours),
        st.builds(Draw, st.sampled_from(["tonga", "hawaii", "ocean-a", "nowhere", ""])),
    )


_JSON_GARBAGE: tuple[object, ...] = (
    None,
    True,
    False,
    -1,
    0,
    1.5,
    2**70,
    -(2**70),
    1e308,
    "",
    "\ud800",
    "x",
    [],
    {},
    [None],
    {"": None},
)


def _paths(doc: object, here: tuple[object, ...] = ()) -> Iterator[tuple[object, ...]]:
    yield here
    if isinstance(doc, dict):
        for key, value in doc.items():
            yield from _paths(value, (*here, key))
    elif isinstance(doc, list):
        for k, value in enumerate(doc):
            yield from _paths(value, (*here, k))


def _mutate(doc: object, path: tuple[object, ...], how: int, value: object) -> object:
    if not path:
        return value
    head, rest = path[0], path[1:]
    if isinstance(doc, dict):
        copy = dict(doc)
        if not rest and how == 1:
            del copy[head]
        else:
            copy[head] = _mutate(doc[head], rest, how, value)
        return copy
    assert isinstance(doc, list) and isinstance(head, int)
    items = list(doc)
    if not rest and how == 1:
        del items[head]
    else:
        items[head] = _mutate(items[head], rest, how, value)
    return items


def json_mutations(text: str) -> SearchStrategy[str]:
    """Hypothesis strategy: the JSON document ``text`` with one value replaced or deleted.

    The new value is JSON garbage (``null``, ``true``, huge numbers, a lone
    surrogate, empty containers, ...); or the text is cut short.

    >>> from hypothesis import find
    >>> "null" in find(json_mutations('{"a": [1, 2]}'), lambda t: "null" in t)
    True
    """
    from hypothesis import strategies as st

    doc = json.loads(text)
    paths = list(_paths(doc))

    def build(draw: DrawFn) -> str:
        if draw(st.integers(0, 9)) == 0:
            return text[: draw(st.integers(0, max(0, len(text) - 1)))]
        path = draw(st.sampled_from(paths))
        how = draw(st.integers(0, 1)) if path else 0
        value = draw(st.sampled_from(_JSON_GARBAGE))
        return json.dumps(_mutate(doc, path, how, value))

    return st.composite(build)()


def call_safely(function: Callable[..., T], *args: object, **kwargs: object) -> T | Exception:
    """Call ``function``; return its result or the exception it raised (for fuzz tests).

    >>> call_safely(int, "x").__class__.__name__
    'ValueError'
    """
    try:
        return function(*args, **kwargs)
    except Exception as exc:
        return exc
