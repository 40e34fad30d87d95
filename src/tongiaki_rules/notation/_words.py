"""The notation's vocabulary and limits: action words and their aliases, direction and colour words.

Also the two helpers every part of the notation uses to quote a value in a
message and to refuse text that no file or terminal can hold.
"""

from __future__ import annotations

from typing import Final

from ..colours import Colour
from ..hexgrid import DIRECTION_NAMES

MAX_TEXT_LENGTH: Final = 1000
"""The longest text :func:`parse_action` and :func:`match_action` read, in characters."""

_LARGEST: Final = 10**9
"""Coordinates and numbers beyond this are beyond any board; the notation refuses them."""

WORDS: Final[tuple[str, ...]] = (
    "setup",
    "expand",
    "move",
    "royal",
    "recolonize",
    "new",
    "depart",
    "place",
    "berth",
    "return",
    "draw",
)
"""The canonical action words, in the order of :data:`~tongiaki_rules.actions.ACTION_TYPES`."""

_ALIASES: Final[dict[str, str]] = {
    **{word: word for word in WORDS},
    "setupplace": "setup",
    "expandfromboard": "move",
    "foundroyal": "royal",
    "found": "royal",
    "recolonise": "recolonize",
    "placenewboats": "new",
    "placetile": "place",
    "returnboat": "return",
}

_DIRECTION_WORDS: Final[dict[str, int]] = {
    **{name.replace("-", ""): d for d, name in enumerate(DIRECTION_NAMES)},
    **{short: d for d, short in enumerate(("b", "ll", "ul", "t", "ur", "lr"))},
    **{short: d for d, short in enumerate(("s", "sw", "nw", "n", "ne", "se"))},
    **{
        name: d
        for d, name in enumerate(
            ("south", "southwest", "northwest", "north", "northeast", "southeast")
        )
    },
}
"""Direction names, lower case without ``-`` or ``_``."""

_COLOUR_WORDS: Final[dict[str, Colour]] = {
    **{c.letter.lower(): c for c in Colour},
    **{c.name.lower(): c for c in Colour},
}

_SHOWN: Final = 20
"""At most this many characters of an unexpected piece of text are quoted in a message."""


def _kind(value: object) -> str:
    """``value`` for a message: short, and safe for any value (a huge int, a lone surrogate)."""
    try:
        text = ascii(value)
    except ValueError:  # an int with too many digits to write
        text = ""
    if 0 < len(text) <= 2 * _SHOWN:
        return text
    return f"a value of type {type(value).__name__}"


def _is_text(value: str) -> bool:
    """True unless ``value`` holds a lone surrogate (which no file or terminal can hold)."""
    try:
        value.encode("utf-8")
    except UnicodeEncodeError:
        return False
    return True
