"""``python -m tongiaki_rules`` runs the ``tongiaki`` command (see :mod:`tongiaki_rules.cli`)."""

from __future__ import annotations

from .cli import main

if __name__ == "__main__":
    raise SystemExit(main())
