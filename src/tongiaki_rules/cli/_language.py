"""The players' language of the command line: ``--lang``, else the environment.

Every command that prints for players (``play``, ``replay``, ``render``)
takes ``--lang CODE`` (``en``, ``de``, ``fr`` or ``it``, or a locale name
such as ``de_CH``); without it the language comes from ``LANGUAGE``,
``LC_ALL``, ``LC_MESSAGES`` and ``LANG``, as for any gettext program
(:func:`tongiaki_rules.i18n.language_from_environment`). A ``--lang`` that
is not available falls back to English with a one-line notice on stderr,
never an error. Notation, JSON and position codes stay English; error
messages too, so that scripts can rely on them.

:func:`choose` is called once per command by :func:`tongiaki_rules.cli.main`;
the printing code asks :func:`current` (or :func:`tr` for the catalog).

>>> import argparse
>>> choose(argparse.Namespace(lang="it"), {})
'it'
>>> tr().gettext("Game over.")
'Fine del gioco.'
>>> choose(argparse.Namespace(), {"LANG": "fr_FR.UTF-8"})
'fr'
>>> _ = choose(argparse.Namespace(), {})
"""

from __future__ import annotations

import argparse
import gettext
import os
import sys
from collections.abc import Mapping

from ..i18n import LANGUAGES, language_from_environment, resolve_language, translations

__all__ = ["add_language_option", "choose", "current", "tr"]

_chosen: list[str] = ["en"]


def add_language_option(parser: argparse.ArgumentParser) -> None:
    """Add ``--lang CODE`` to ``parser``."""
    parser.add_argument(
        "--lang",
        metavar="CODE",
        default=None,
        help=f"language of what players read: {', '.join(LANGUAGES)} (default: from "
        "LANGUAGE, LC_ALL or LANG; notation and error messages stay English)",
    )


def choose(args: argparse.Namespace, environ: Mapping[str, str] | None = None) -> str:
    """Set the language for this command from ``args.lang`` or ``environ``; return its code."""
    requested = getattr(args, "lang", None)
    if requested is None:
        code = language_from_environment(os.environ if environ is None else environ)
    else:
        code, notice = resolve_language(requested)
        if notice is not None:
            print(f"tongiaki: {notice}", file=sys.stderr)
    _chosen[0] = code
    return code


def current() -> str:
    """The language chosen for the running command."""
    return _chosen[0]


def tr() -> gettext.NullTranslations:
    """The catalog of the running command's language."""
    return translations(_chosen[0])
