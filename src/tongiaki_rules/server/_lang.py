"""The players' language of a request: the ``lang`` query parameter, else ``Accept-Language``.

A route that speaks takes a parameter of type :data:`Language`: FastAPI
reads both, and the route gets the language's code.

>>> language_of("de", None), language_of(None, "fr-CH, en;q=0.5"), language_of("xx", None)
('de', 'fr', 'en')
"""

from __future__ import annotations

from typing import Annotated

from fastapi import Depends, Header, Query

from tongiaki_rules.i18n import negotiate_language, resolve_language

__all__ = ["LANG_HELP", "Language", "language_of", "request_language"]

LANG_HELP = (
    "language of the narration and the picture: en, de, fr or it (default: the "
    "Accept-Language header; anything else: English)"
)


def language_of(lang: str | None, accept_language: str | None) -> str:
    """The players' language of a request: ``lang`` if it names one, else Accept-Language."""
    if lang is not None:
        code, notice = resolve_language(lang[:100])
        if notice is None:
            return code
    return negotiate_language(accept_language)


async def request_language(
    lang: Annotated[str | None, Query(description=LANG_HELP)] = None,
    accept_language: Annotated[str | None, Header()] = None,
) -> str:
    """The language of a request (a FastAPI dependency): :func:`language_of` its two sources.

    A coroutine, so FastAPI calls it on the event loop: a plain function would be run in a
    thread of FastAPI's pool, a hop per request for a few lines of work.
    """
    return language_of(lang, accept_language)


Language = Annotated[str, Depends(request_language)]
"""A route's parameter that holds the request's language (``lang``, else Accept-Language)."""
