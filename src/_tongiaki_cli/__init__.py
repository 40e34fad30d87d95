"""The installed ``tongiaki`` command's entry point: Ctrl-C is caught from the first moment.

The console script imports this tiny package instead of
:mod:`tongiaki_rules.cli`, whose import loads the whole library first; a
Ctrl-C during that import would otherwise end in a traceback. Once the
library is loaded, :func:`tongiaki_rules.cli.main` handles Ctrl-C itself.

It also puts the current folder first on ``sys.path``, as ``python -m
tongiaki_rules`` does (and as pytest and uvicorn do for the code they load):
a bot spec ``mybots:GreedyBot`` then finds ``mybots.py`` in the folder the
command runs in, whichever way the program was started.
"""

from __future__ import annotations

import os
import sys

STATUS_INTERRUPTED = 130
"""Exit status after Ctrl-C (the same as :data:`tongiaki_rules.cli.STATUS_INTERRUPTED`)."""


def main() -> int:
    """Load the library and run the ``tongiaki`` command; Ctrl-C while loading gives 130."""
    add_current_folder_to_path()
    try:
        from tongiaki_rules.cli import main as run
    except KeyboardInterrupt:
        sys.stderr.write("tongiaki: interrupted\n")
        return STATUS_INTERRUPTED
    return run()


def add_current_folder_to_path() -> None:
    """Put the current folder first on ``sys.path``, as ``python -m`` does (once only).

    A console script's ``sys.path`` starts with the folder of the script (the
    venv's ``bin``), not the folder it runs in, so without this the modules of
    ``module:attribute`` bot specs would be found by ``python -m tongiaki_rules``
    and not by ``tongiaki``.
    """
    try:
        here = os.getcwd()
    except OSError:  # the current folder was removed: nothing to add
        return
    if here not in sys.path:
        sys.path.insert(0, here)
