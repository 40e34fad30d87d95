"""Reading an action in the notation: :func:`parse_action`, a lenient recursive-descent reader."""

from __future__ import annotations

import difflib
import json
import re
from typing import Final, NoReturn

from ..actions import (
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
from ..colours import Colour
from ..errors import NotationError
from ..hexgrid import Hex
from ._words import (
    _ALIASES,
    _COLOUR_WORDS,
    _DIRECTION_WORDS,
    _LARGEST,
    _SHOWN,
    MAX_TEXT_LENGTH,
    WORDS,
    _is_text,
    _kind,
)

_TOKEN: Final = re.compile(
    r"(?P<int>-?[0-9]+)|(?P<word>[A-Za-z]+(?:[-_][A-Za-z]+)*)|(?P<arrow>->)|(?P<punct>[,.+>()])",
    re.ASCII,
)
_BARE_TILE: Final = re.compile(r"[A-Za-z0-9_.-]+", re.ASCII)


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
