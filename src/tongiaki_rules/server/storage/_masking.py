"""A database's name as logs and messages may show it: every password libpq could read, masked.

libpq takes a connection string in two forms, and a password in three
places: the URL's user information (``postgresql://ann:secret@db/games``),
a ``password=`` parameter of the URL's query string
(``postgresql://ann@/games?host=/run/pg&password=secret``, the key possibly
percent-encoded), and the ``keyword=value`` form
(``host=/run/pg password='se cret' dbname=games``, the value possibly
quoted). :func:`masked_db` replaces each such value, and that of
``sslpassword`` (the password of the client's key), with ``***``. Where a
string is malformed, it masks more rather than less (everything up to the
last ``@`` of the user information; the pieces of a query value cut at an
unencoded ``&``). Any other text (an SQLite file's path) is shown as it is,
unless it holds a ``password=`` itself.

>>> masked_db("postgresql://ann:secret@db.example.org/games")
'postgresql://ann:***@db.example.org/games'
>>> masked_db("postgresql://ann@/games?host=/run/pg&password=secret")
'postgresql://ann@/games?host=/run/pg&password=***'
>>> masked_db("host=/run/pg password='se cret' dbname=games")
'host=/run/pg password=*** dbname=games'
>>> masked_db("/srv/tongiaki/games.sqlite3")
'/srv/tongiaki/games.sqlite3'
"""

from __future__ import annotations

import re
from urllib.parse import unquote

__all__ = ["MASK", "masked_db"]

MASK = "***"
"""What a password is shown as."""

_SECRETS = frozenset({"password", "sslpassword"})
_SCHEMES = ("postgresql://", "postgres://")
_KEYWORD = re.compile(
    r"(?:^|(?<=\s))(?P<key>[^\s=]+)\s*=\s*"
    r"(?P<value>'(?:[^'\\]|\\.)*(?:'\S*|\\?$)|(?:[^\s\\]|\\.)*\\?)",
    re.DOTALL,
)


def masked_db(db: str) -> str:
    """``db`` (a libpq URL, a ``keyword=value`` string, or a path) with its passwords masked.

    >>> masked_db("postgres://ann:p%40ss@db/games?sslpassword=key")
    'postgres://ann:***@db/games?sslpassword=***'
    """
    if db.lower().startswith(_SCHEMES):
        return _masked_url(db)
    return _masked_keywords(db)


def _masked_url(url: str) -> str:
    scheme, _, rest = url.partition("://")
    # libpq reads the user information up to the first "@" before the first "/"; a password
    # holding an unencoded "/" or "@" is cut differently, so look as far as they might reach
    slash = rest.find("/")
    at = rest.rfind("@", 0, slash if slash >= 0 else len(rest))
    if at < 0:
        question = rest.find("?")
        at = rest.rfind("@", 0, question if question >= 0 else len(rest))
    who = rest[:at] if at >= 0 else ""
    if ":" in who:  # a user name alone is no secret
        head = f"{who.split(':', 1)[0]}:{MASK}@"
        rest = rest[at + 1 :]
    else:
        head = ""
    where, question_mark, query = rest.partition("?")
    if question_mark:
        where += question_mark + _masked_query(query)
    return f"{scheme}://{head}{where}"


def _masked_query(query: str) -> str:
    """The parameters ``key=value&...`` with each secret's value masked (percent-decoded keys).

    An unencoded ``&`` in a secret leaves a piece without ``=`` after it: masked too.
    """
    kept: list[str] = []
    masking = False
    for piece in query.split("&"):
        key, equals, _ = piece.partition("=")
        if equals and unquote(key).strip().lower() in _SECRETS:
            kept.append(f"{key}={MASK}")
            masking = True
        elif masking and not equals:
            continue  # the rest of the secret
        else:
            kept.append(piece)
            masking = False
    return "&".join(kept)


def _masked_keywords(text: str) -> str:
    def one(match: re.Match[str]) -> str:
        if match["key"].lower() not in _SECRETS:
            return match[0]
        return match[0][: match.start("value") - match.start()] + MASK

    return _KEYWORD.sub(one, text)
