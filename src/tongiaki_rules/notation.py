"""A short text notation for actions, to type in a terminal and to print in logs.

:func:`format_action` writes an action in the notation, :func:`parse_action`
reads it back, and :func:`match_action` reads an action (or the number of one
of the legal actions) and checks that it is legal in a given state. For every
action ``a`` of the engine, ``parse_action(format_action(a)) == a``, and for
every canonical string ``s``, ``format_action(parse_action(s)) == s``.

=====================  ====================================  =========================
action                 canonical notation                    example
=====================  ====================================  =========================
``SetupPlace``         ``setup BEACH``                       ``setup 3``
``Expand``             ``expand Q,R BEACH+BEACH...``         ``expand 0,-1 0+2``
``ExpandFromBoard``    ``move Q,R.BEACH > Q,R.BEACH``        ``move 1,0.2 > 0,-1.1``
``FoundRoyal``         ``royal Q,R``                         ``royal 0,-1``
``Recolonize``         ``recolonize``                        ``recolonize``
``PlaceNewBoats``      ``new Q,R BEACH+BEACH...``            ``new 0,0 1+1``
``Depart``             ``depart Q,R.BEACH JETTY``            ``depart 0,-1.2 4``
``PlaceTile``          ``place Q,R rROTATION``               ``place 2,-1 r3``
``Berth``              ``berth COLOUR BEACH``                ``berth R 1``
``ReturnBoat``         ``return COLOUR``                     ``return R``
``Draw``               ``draw TILE``                         ``draw hawaii``
=====================  ====================================  =========================

The pieces:

* ``Q,R`` is an axial hex position (see :mod:`.hexgrid`), Tonga is ``0,0``.
* ``BEACH`` is a beach number as printed on the tile (0, 1, ...); ``Q,R.BEACH``
  is beach ``BEACH`` of the island at ``Q,R``. A list of beaches is joined by
  ``+`` in ascending order (``new 0,0 1+1`` puts two boats on Tonga's beach 1).
* ``move A > B`` moves an own boat (empty reserve) from beach ``A`` to beach ``B``.
* ``JETTY`` is the board direction the jetty points in, ``0`` to ``5``.
* ``ROTATION`` is a tile rotation ``0`` to ``5``.
* ``COLOUR`` is a colour letter: ``B R G Y O P``.
* ``TILE`` is a tile id such as ``hawaii`` or ``ocean-a``; an id that is not
  a lower-case word of ``a-z 0-9 - _ .`` is written as a JSON string
  (``draw "My Tile"``).

Reading is lenient; writing is always the canonical form above:

* upper or lower case, and any spaces between the pieces
  (``EXPAND  0, -1  0 + 2``); a position may be in brackets (``(0,-1)``);
* a space instead of the ``.`` between an island and its beach
  (``depart 0,-1 2 4``), or a ``.`` instead of the space before a list of
  beaches (``expand 0,-1.0+2``); spaces instead of ``+`` (``expand 0,-1 0 2``);
  ``->`` or ``to`` instead of ``>``, which may also be left out;
* a jetty by name: ``bottom``, ``lower-left``, ``upper-left``, ``top``,
  ``upper-right``, ``lower-right`` (also ``lower left``, ``lowerleft``), short
  ``b ll ul t ur lr``, or by compass point ``s sw nw n ne se``
  (``south`` ... ``south-east``);
* a rotation with or without its ``r`` (``place 2,-1 3``);
* a colour by name (``berth red 1``);
* the action's class name as its word (``ExpandFromBoard``, ``place_tile``),
  ``recolonise`` and ``found`` (for ``royal``).

A bare tile id is read in lower case (``draw HAWAII`` is ``draw hawaii``).
Beach lists are sorted, as the actions keep them. The notation is only
syntax: whether an action is legal is for :meth:`GameState.apply
<tongiaki_rules.state.GameState.apply>` (or :func:`match_action`) to say.

>>> format_action(Depart((0, -1), 2, 4))
'depart 0,-1.2 4'
>>> parse_action("Depart (0, -1) 2 upper-right")
Depart(island=(0, -1), beach=2, jetty=4)
>>> parse_action("berth R x")
Traceback (most recent call last):
  ...
tongiaki_rules.errors.NotationError: expected a beach number after 'berth R', got 'x'
"""

from __future__ import annotations

import difflib
import json
import re
from typing import TYPE_CHECKING, Final, NoReturn

from .actions import (
    Action,
    Berth,
    Depart,
    Draw,
    Expand,
    ExpandFromBoard,
    FoundRoyal,
    PlaceNewBoats,
    PlaceTile,
    Recolonize,
    ReturnBoat,
    SetupPlace,
)
from .colours import Colour
from .errors import IllegalActionError, NotationError
from .hexgrid import DIRECTION_NAMES, Hex

if TYPE_CHECKING:
    from .state import GameState

__all__ = [
    "MAX_TEXT_LENGTH",
    "WORDS",
    "NotationError",
    "format_action",
    "match_action",
    "parse_action",
]

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

_TOKEN: Final = re.compile(
    r"(?P<int>-?[0-9]+)|(?P<word>[A-Za-z]+(?:[-_][A-Za-z]+)*)|(?P<arrow>->)|(?P<punct>[,.+>()])",
    re.ASCII,
)
_BARE_TILE: Final = re.compile(r"[A-Za-z0-9_.-]+", re.ASCII)
_CANONICAL_TILE: Final = re.compile(r"[a-z0-9_.-]+", re.ASCII)
_INDEX: Final = re.compile(r"[0-9]+", re.ASCII)
_SHOWN: Final = 20
"""At most this many characters of an unexpected piece of text are quoted in a message."""


# ------------------------------------------------------------------ writing


def format_action(action: Action) -> str:
    """The canonical notation of ``action`` (see the table in :mod:`.notation`).

    Raises :class:`NotationError` for anything that is not an action, and
    for an action with a field the notation cannot hold (a negative beach, a
    direction or rotation outside 0 to 5, a bool or a number beyond any
    board where a whole number belongs, a tile id that is not valid text),
    which no state accepts anyway.

    >>> format_action(Expand((0, -1), (0, 2)))
    'expand 0,-1 0+2'
    >>> format_action(ExpandFromBoard((0, -1), 1, (1, 0), 2))
    'move 1,0.2 > 0,-1.1'
    >>> format_action(Berth(Colour.RED, 1)), format_action(Draw("rapa-nui"))
    ('berth R 1', 'draw rapa-nui')
    """
    if isinstance(action, SetupPlace):
        return f"setup {_beach(action, action.beach)}"
    if isinstance(action, Expand):
        return f"expand {_pos(action, action.island)} {_beaches(action, action.beaches)}"
    if isinstance(action, ExpandFromBoard):
        source = _beach_ref(action, action.source, action.source_beach)
        return f"move {source} > {_beach_ref(action, action.island, action.beach)}"
    if isinstance(action, FoundRoyal):
        return f"royal {_pos(action, action.island)}"
    if isinstance(action, Recolonize):
        return "recolonize"
    if isinstance(action, PlaceNewBoats):
        return f"new {_pos(action, action.island)} {_beaches(action, action.beaches)}"
    if isinstance(action, Depart):
        ref = _beach_ref(action, action.island, action.beach)
        return f"depart {ref} {_sixth(action, action.jetty, 'jetty direction')}"
    if isinstance(action, PlaceTile):
        pos = _pos(action, action.position)
        return f"place {pos} r{_sixth(action, action.rotation, 'rotation')}"
    if isinstance(action, Berth):
        return f"berth {_colour(action, action.colour)} {_beach(action, action.beach)}"
    if isinstance(action, ReturnBoat):
        return f"return {_colour(action, action.colour)}"
    if isinstance(action, Draw):
        tile = action.tile
        if not isinstance(tile, str):
            _unwritable(action, f"the tile id {_kind(tile)} is not a string")
        if _CANONICAL_TILE.fullmatch(tile):
            return f"draw {tile}"
        if not _is_text(tile):
            _unwritable(action, "the tile id holds a lone surrogate")
        return f"draw {json.dumps(tile, ensure_ascii=False)}"
    raise NotationError(f"action must be an action such as SetupPlace(3), not {_kind(action)}")


def _unwritable(action: object, why: str) -> NoReturn:
    raise NotationError(f"cannot write {_action_shown(action)} in the notation: {why}")


def _action_shown(action: object) -> str:
    """The action's repr, or its type's name when that is too long to quote (a huge field)."""
    try:
        text = ascii(action)
    except ValueError:  # an int with too many digits to write
        return type(action).__name__
    return text if len(text) <= 4 * _SHOWN else type(action).__name__


def _int(action: object, value: object, what: str) -> int:
    if type(value) is not int:
        _unwritable(action, f"the {what} {_kind(value)} is not an integer")
    if not -_LARGEST <= value <= _LARGEST:
        _unwritable(action, f"the {what} is beyond any board (more than {_LARGEST:,} in size)")
    return value


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


def _pos(action: object, pos: Hex) -> str:
    if not (isinstance(pos, tuple) and len(pos) == 2):
        _unwritable(action, f"the position {_kind(pos)} is not a pair (q, r)")
    return f"{_int(action, pos[0], 'q coordinate')},{_int(action, pos[1], 'r coordinate')}"


def _beach(action: object, beach: int) -> str:
    if _int(action, beach, "beach number") < 0:
        _unwritable(action, f"the beach number {beach} is negative")
    return str(beach)


def _beach_ref(action: object, pos: Hex, beach: int) -> str:
    return f"{_pos(action, pos)}.{_beach(action, beach)}"


def _beaches(action: object, beaches: tuple[int, ...]) -> str:
    if not isinstance(beaches, tuple) or not beaches:
        _unwritable(action, f"the beaches {_kind(beaches)} are not a non-empty tuple")
    return "+".join(_beach(action, b) for b in sorted(beaches))


def _sixth(action: object, value: int, what: str) -> str:
    if not 0 <= _int(action, value, what) <= 5:
        _unwritable(action, f"the {what} {value} is not 0 to 5")
    return str(value)


def _colour(action: object, colour: Colour) -> str:
    if not (isinstance(colour, Colour) or (type(colour) is int and 0 <= colour < len(Colour))):
        _unwritable(action, f"{_kind(colour)} is not a colour")
    return Colour(colour).letter


# ------------------------------------------------------------------ reading


def parse_action(text: str) -> Action:
    """The action written as ``text`` in the notation (see the table in :mod:`.notation`).

    Raises :class:`NotationError` saying what was expected where, if ``text``
    is not an action in the notation; also if it is not a string, is longer
    than :data:`MAX_TEXT_LENGTH` or holds a lone surrogate.

    >>> parse_action("expand 0,-1 0+2")
    Expand(island=(0, -1), beaches=(0, 2))
    >>> parse_action("  MOVE (1, 0).2 -> (0, -1).1 ")
    ExpandFromBoard(island=(0, -1), beach=1, source=(1, 0), source_beach=2)
    >>> parse_action("depart 0,0.3 top") == parse_action("depart 0,0 3 3")
    True
    >>> parse_action("expnd 0,-1 0")
    Traceback (most recent call last):
      ...
    tongiaki_rules.errors.NotationError: unknown action word 'expnd'; expected one of setup, \
expand, move, royal, recolonize, new, depart, place, berth, return, draw (did you mean 'expand'?)
    """
    return _Parser(_checked_text(text)).action()


def _checked_text(text: object) -> str:
    """``text`` if it can be read as an action: a string of sane length and valid characters."""
    if not isinstance(text, str):
        raise NotationError(f"text must be a string such as 'setup 3', not {_kind(text)}")
    if len(text) > MAX_TEXT_LENGTH:
        raise NotationError(
            f"text is {len(text):,} characters long; an action is at most {MAX_TEXT_LENGTH:,}"
        )
    if not _is_text(text):
        column = next(k for k, c in enumerate(text) if not _is_text(c))
        raise NotationError(
            f"text holds a lone surrogate {text[column]!a} at column {column}, "
            "which is not a character",
            column=column,
        )
    return text


class _Token:
    __slots__ = ("end", "kind", "start", "text")

    def __init__(self, kind: str, text: str, start: int, end: int) -> None:
        self.kind = kind
        self.text = text
        self.start = start
        self.end = end


class _Parser:
    """A recursive-descent reader of one action."""

    def __init__(self, text: str) -> None:
        self.text = text
        self.tokens = self._tokenize(text)
        self.at = 0

    @staticmethod
    def _tokenize(text: str) -> list[_Token]:
        tokens: list[_Token] = []
        k = 0
        n = len(text)
        while k < n:
            if text[k].isspace():
                k += 1
                continue
            m = _TOKEN.match(text, k)
            if m is None:
                kind, end = "char", k + 1
            else:
                kind, end = m.lastgroup or "char", m.end()
            tokens.append(_Token(kind, text[k:end], k, end))
            k = end
        tokens.append(_Token("end", "", n, n))
        return tokens

    # -------------------------------------------------------------- helpers

    def peek(self) -> _Token:
        return self.tokens[self.at]

    def take(self) -> _Token:
        token = self.tokens[self.at]
        if token.kind != "end":
            self.at += 1
        return token

    def accept(self, *texts: str) -> bool:
        """Take the next token if it is one of ``texts`` (a word compared in lower case)."""
        token = self.peek()
        if token.kind in ("punct", "arrow", "word") and token.text.lower() in texts:
            self.at += 1
            return True
        return False

    def fail(self, expected: str, token: _Token | None = None, note: str = "") -> NoReturn:
        token = self.peek() if token is None else token
        raise NotationError(
            f"expected {expected} after '{self.before(token.start)}', "
            f"got {_shown(token.text if token.kind != 'end' else '')}{note}",
            column=token.start,
        )

    def before(self, column: int) -> str:
        return " ".join(self.text[:column].split())

    def number(self, expected: str, low: int | None = 0, high: int | None = None) -> int:
        token = self.peek()
        if token.kind != "int":
            self.fail(expected)
        value = int(token.text) if len(token.text) <= 11 else _LARGEST + 1
        if not -_LARGEST <= value <= _LARGEST:
            self.fail(expected, note=f" (beyond any board: more than {_LARGEST:,} in size)")
        if (low is not None and value < low) or (high is not None and value > high):
            self.fail(expected)
        self.at += 1
        return value

    # -------------------------------------------------------------- pieces

    def position(self, what: str) -> Hex:
        bracket = self.accept("(")
        q = self.number(f"{what} (like 0,-1)" if not bracket else "a q coordinate", low=None)
        if not self.accept(","):
            self.fail("',' between the coordinates of a position")
        r = self.number("the r coordinate of a position", low=None)
        if bracket and not self.accept(")"):
            self.fail("')' closing the position")
        return (q, r)

    def beach_ref(self, what: str) -> tuple[Hex, int]:
        pos = self.position(what)
        self.accept(".")
        return pos, self.number("a beach number")

    def beach_list(self) -> tuple[int, ...]:
        self.accept(".")
        beaches = [self.number("a beach number")]
        while self.peek().kind == "int" or self.accept("+"):
            beaches.append(self.number("a beach number"))
        return tuple(sorted(beaches))

    def colour(self) -> Colour:
        token = self.peek()
        colour = _COLOUR_WORDS.get(token.text.lower()) if token.kind == "word" else None
        if colour is None:
            self.fail("a colour letter (B, R, G, Y, O or P)")
        self.at += 1
        return colour

    def direction(self) -> int:
        token = self.peek()
        if token.kind == "int":
            return self.number("a jetty direction (0 to 5 or a name like top)", high=5)
        name = token.text.lower().replace("-", "").replace("_", "") if token.kind == "word" else ""
        if name in ("lower", "upper"):  # two words: "lower left"
            following = self.tokens[self.at + 1]
            second = following.text.lower() if following.kind == "word" else ""
            if second in ("left", "right"):
                self.at += 2
                return _DIRECTION_WORDS[name + second]
        if name not in _DIRECTION_WORDS:
            self.fail("a jetty direction (0 to 5 or a name like top)")
        self.at += 1
        return _DIRECTION_WORDS[name]

    def rotation(self) -> int:
        self.accept("r", "rot", "rotation")
        return self.number("a rotation (0 to 5)", high=5)

    def end(self) -> None:
        if self.peek().kind != "end":
            self.fail("the end of the action")

    # -------------------------------------------------------------- actions

    def action(self) -> Action:
        token = self.peek()
        if token.kind != "word":
            hint = " (a number alone picks a legal action in match_action)" * (token.kind == "int")
            raise NotationError(
                f"expected an action word ({', '.join(WORDS)}), "
                f"got {_shown(token.text if token.kind != 'end' else '')}{hint}",
                column=token.start,
            )
        word = _ALIASES.get(token.text.lower().replace("-", "").replace("_", ""))
        if word is None:
            close = difflib.get_close_matches(token.text.lower(), list(_ALIASES), n=1)
            hint = f" (did you mean '{_ALIASES[close[0]]}'?)" if close else ""
            raise NotationError(
                f"unknown action word {_shown(token.text)}; expected one of "
                f"{', '.join(WORDS)}{hint}",
                column=token.start,
            )
        self.at += 1
        if word == "draw":
            return self.draw(token.end)
        action = self.body(word)
        self.end()
        return action

    def body(self, word: str) -> Action:
        if word == "setup":
            return SetupPlace(self.number("a Tonga beach number"))
        if word == "expand":
            return Expand(self.position("an island position"), self.beach_list())
        if word == "move":
            source, source_beach = self.beach_ref("the position of the island the boat leaves")
            self.accept(">", "->", "to")
            island, beach = self.beach_ref("the position of the island the boat goes to")
            return ExpandFromBoard(island, beach, source, source_beach)
        if word == "royal":
            return FoundRoyal(self.position("an island position"))
        if word == "recolonize":
            return Recolonize()
        if word == "new":
            return PlaceNewBoats(self.position("an island position"), self.beach_list())
        if word == "depart":
            island, beach = self.beach_ref("the position of the island with the full beach")
            return Depart(island, beach, self.direction())
        if word == "place":
            return PlaceTile(self.position("a tile position"), self.rotation())
        if word == "berth":
            return Berth(self.colour(), self.number("a beach number"))
        assert word == "return", word
        return ReturnBoat(self.colour())

    def draw(self, start: int) -> Draw:
        text = self.text
        k = start
        while k < len(text) and text[k].isspace():
            k += 1
        expected = "a tile id like hawaii or a quoted string"
        if k < len(text) and text[k] == '"':
            try:
                tile, end = json.JSONDecoder().raw_decode(text, k)
            except ValueError:
                raise NotationError(
                    f"expected {expected} after '{self.before(k)}', got an unfinished "
                    f"or invalid quoted string {_shown(text[k:])}",
                    column=k,
                ) from None
        else:
            m = _BARE_TILE.match(text, k)
            if m is None:
                token = _Token("end" if k == len(text) else "char", text[k:], k, len(text))
                self.fail(expected, token)
            tile, end = m.group().lower(), m.end()
        rest = text[end:]
        if rest.strip():
            k = end + len(rest) - len(rest.lstrip())
            self.fail("the end of the action", _Token("char", text[k:], k, len(text)))
        assert isinstance(tile, str)
        if not _is_text(tile):
            raise NotationError(
                f"the tile id after '{self.before(start)}' holds a lone surrogate", column=start
            )
        return Draw(tile)


def _shown(piece: str) -> str:
    """``piece`` quoted for a message, shortened if long; 'nothing' if empty."""
    if not piece:
        return "nothing"
    if len(piece) > _SHOWN:
        piece = piece[: _SHOWN - 3] + "..."
    return repr(piece) if "'" in piece else f"'{piece}'"


# ------------------------------------------------------------------ against a state


def match_action(text: str, state: GameState) -> Action:
    """The legal action of ``state`` that ``text`` names, for a terminal front end.

    ``text`` is an action in the notation, or a plain number ``n`` picking the
    ``n``-th (from 1) of ``state.legal_actions()`` (at a chance node: of the
    draws of ``state.chance_outcomes()``). Raises :class:`NotationError` if
    the text is not in the notation, if the number is out of range, or if the
    action is not legal in ``state``; the message then gives the reason and the
    rule it breaks, which is also in the error's ``clause``; and if ``text``
    is not a string (see :func:`parse_action`) or ``state`` is not a
    :class:`~tongiaki_rules.state.GameState`.

    >>> from tongiaki_rules import new_game
    >>> state = new_game(3)
    >>> match_action("2", state)
    SetupPlace(beach=1)
    >>> match_action("setup 4", state)
    SetupPlace(beach=4)
    >>> match_action("setup 9", state)
    Traceback (most recent call last):
      ...
    tongiaki_rules.errors.NotationError: 'setup 9' is not legal here: Tonga has no beach 9 [SETUP-4]
    >>> match_action("7", state)
    Traceback (most recent call last):
      ...
    tongiaki_rules.errors.NotationError: there is no action 7 here; expected a number from 1 to 6
    """
    from .state import GameState

    if not isinstance(state, GameState):
        raise NotationError(f"state must be a GameState, not {_kind(state)}")
    text = _checked_text(text)
    options: list[Action] = (
        [draw for draw, _ in state.chance_outcomes()]
        if state.is_chance_node
        else list(state.legal_actions())
    )
    stripped = text.strip()
    if _INDEX.fullmatch(stripped):
        if not options:
            raise NotationError("no action can be chosen: the game is over")
        n = int(stripped) if len(stripped) <= 9 else 0
        if not 1 <= n <= len(options):
            shown = stripped if len(stripped) <= _SHOWN else stripped[: _SHOWN - 3] + "..."
            raise NotationError(
                f"there is no action {shown} here; expected a number from 1 to {len(options)}",
                column=text.index(stripped[0]),
            )
        return options[n - 1]
    action = parse_action(text)
    if action in options:
        return options[options.index(action)]
    written = format_action(action)
    if state.is_terminal:
        raise NotationError(f"'{written}' is not legal here: the game is over")
    try:
        state.apply(action)
    except IllegalActionError as exc:
        raise NotationError(f"'{written}' is not legal here: {exc}", clause=exc.clause) from exc
    return action  # pragma: no cover - apply accepts exactly the legal actions
