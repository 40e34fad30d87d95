"""The installed ``tongiaki`` command's entry point: Ctrl-C is caught from the first moment.

The console script imports this tiny package instead of
:mod:`tongiaki_rules.cli`, whose import loads the whole library first; a
Ctrl-C during that import would otherwise end in a traceback. Once the
library is loaded, :func:`tongiaki_rules.cli.main` handles Ctrl-C itself.
"""

from __future__ import annotations

import sys

STATUS_INTERRUPTED = 130
"""Exit status after Ctrl-C (the same as :data:`tongiaki_rules.cli.STATUS_INTERRUPTED`)."""


def main() -> int:
    """Load the library and run the ``tongiaki`` command; Ctrl-C while loading gives 130."""
    try:
        from tongiaki_rules.cli import main as run
    except KeyboardInterrupt:
        sys.stderr.write("tongiaki: interrupted\n")
        return STATUS_INTERRUPTED
    return run()
