"""The players' language of a request: the ``lang`` query parameter, else ``Accept-Language``.

>>> language_of("de", None), language_of(None, "fr-CH, en;q=0.5"), language_of("xx", None)
('de', 'fr', 'en')
"""

from __future__ import annotations

from tongiaki_rules.i18n import negotiate_language, resolve_language

__all__ = ["LANG_HELP", "language_of"]

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
