"""Writing a file whole or not at all.

:func:`write_text_atomic` writes to a temporary file in the same folder,
flushes it to disk and then renames it over the target, so a reader (or the
next run) sees either the previous file exactly as it was or the new one
whole, never a torn mixture: not when the write fails (a full disk, a
permission denied), not when it is interrupted (Ctrl-C), not when the
process is killed. The ``tongiaki`` command and
:func:`~tongiaki_rules.simulation.simulate` write every file this way.

>>> import tempfile, pathlib
>>> path = pathlib.Path(tempfile.mkdtemp()) / "game.json"
>>> write_text_atomic(path, "{}\\n")
>>> path.read_text()
'{}\\n'
"""

from __future__ import annotations

import contextlib
import errno
import os
import tempfile
from pathlib import Path

__all__ = ["TEMP_PREFIX", "write_text_atomic"]

TEMP_PREFIX = ".tongiaki-"
"""The temporary file's name starts with this (and ends with ``.tmp``)."""


def write_text_atomic(path: str | os.PathLike[str], text: str) -> None:
    """Replace the file at ``path`` with ``text`` (UTF-8), atomically.

    Raises :class:`OSError` (with the file name) when the folder is missing
    or not writable, the disk is full, ``path`` is a folder, ...; and
    :class:`UnicodeEncodeError` for text that is not valid (a lone
    surrogate), before anything is written. In every case, as after an
    interruption, the temporary file is removed and the file at ``path`` is
    left as it was. A path that is not a regular file (``/dev/null``, a
    named pipe) is written directly, as there is nothing to replace. A new
    file gets the usual permissions (as ``open`` would create it); a
    replaced one keeps its own.

    >>> import tempfile, pathlib
    >>> folder = pathlib.Path(tempfile.mkdtemp())
    >>> write_text_atomic(folder / "no-such-folder" / "x.json", "{}")
    Traceback (most recent call last):
    ...
    FileNotFoundError: [Errno 2] No such file or directory: ...
    """
    data = text.encode("utf-8")
    target = Path(path)
    if target.is_dir():
        raise IsADirectoryError(errno.EISDIR, os.strerror(errno.EISDIR), str(target))
    if target.exists() and not target.is_file():  # /dev/null, a pipe: nothing to replace
        _write_in_place(target, data)
        return
    try:
        fd, temp = tempfile.mkstemp(prefix=TEMP_PREFIX, suffix=".tmp", dir=target.parent)
    except OSError as exc:  # name the file asked for, not the temporary one
        raise type(exc)(exc.errno, exc.strerror, str(target)) from None
    try:
        try:
            os.fchmod(fd, _mode_for(target))
            _write_all(fd, data)
            os.fsync(fd)
        finally:
            os.close(fd)
        os.replace(temp, target)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(temp)
        raise
    _sync_folder(target.parent)


def _write_in_place(target: Path, data: bytes) -> None:
    try:
        fd = os.open(target, os.O_WRONLY)
        try:
            _write_all(fd, data)
        finally:
            os.close(fd)
    except OSError as exc:
        raise type(exc)(exc.errno, exc.strerror, str(target)) from None


def _write_all(fd: int, data: bytes) -> None:
    view = memoryview(data)
    while view:
        written = os.write(fd, view)
        view = view[written:]


def _mode_for(target: Path) -> int:
    """The permissions of the file being replaced, or the default for a new file."""
    try:
        return target.stat().st_mode & 0o7777
    except OSError:
        umask = os.umask(0)
        os.umask(umask)
        return 0o666 & ~umask


def _sync_folder(folder: Path) -> None:
    """Make the rename itself durable (where the system allows opening a folder)."""
    try:
        fd = os.open(folder, os.O_RDONLY)
    except OSError:  # pragma: no cover - not on Linux
        return
    try:
        with contextlib.suppress(OSError):
            os.fsync(fd)
    finally:
        os.close(fd)
