"""Writing a finished document in one step: a temp file beside the target, then `os.replace`.

A reader never sees half a file, and a failed export leaves the previous file as it was.
On Windows a workbook open in Excel cannot be replaced (`PermissionError`): that becomes
`TARGET_IN_USE`, which the user fixes by closing the file.
"""

from __future__ import annotations

import contextlib
import os
import tempfile
from pathlib import Path

from tournament_manager.exports.errors import ExportError, ExportProblem


def check_target(out: Path) -> None:
    """Refuse early (before any layout work) a target that cannot be written."""
    if out.is_dir():
        raise ExportError(ExportProblem.TARGET_IS_FOLDER, path=str(out))
    if not out.parent.is_dir():
        raise ExportError(ExportProblem.FOLDER_MISSING, path=str(out),
                          folder=str(out.parent))


def write_atomic(out: Path, data: bytes) -> Path:
    """Put `data` at `out` in one step; returns `out`."""
    check_target(out)
    try:
        handle, temp_name = tempfile.mkstemp(dir=out.parent, prefix=f".{out.name}.",
                                             suffix=".tmp")
    except OSError as error:
        raise ExportError(ExportProblem.TARGET_NOT_WRITABLE, path=str(out),
                          reason=error.strerror or str(error)) from error
    temp = Path(temp_name)
    try:
        with os.fdopen(handle, "wb") as stream:
            stream.write(data)
            stream.flush()
            os.fsync(stream.fileno())
        _as_a_new_file(temp)
        os.replace(temp, out)
    except PermissionError as error:
        _discard(temp)
        raise ExportError(ExportProblem.TARGET_IN_USE, path=str(out)) from error
    except OSError as error:
        _discard(temp)
        raise ExportError(ExportProblem.TARGET_NOT_WRITABLE, path=str(out),
                          reason=error.strerror or str(error)) from error
    except BaseException:
        _discard(temp)
        raise
    return out


def _as_a_new_file(temp: Path) -> None:
    """The permissions any new file of this user gets (rw-r--r-- under the usual umask),
    not the owner-only ones of a temporary file: exports go to the organisers' shared
    folder, where the others could not open them."""
    with contextlib.suppress(OSError):  # a file system without modes (FAT on a USB stick)
        temp.chmod(0o666 & ~_umask())


def _umask() -> int:
    """The process's umask, read without setting it (`os.umask` sets it for every thread
    while it is asked, and exports run beside the window's own work)."""
    with contextlib.suppress(OSError, ValueError):
        for line in Path("/proc/self/status").read_text(encoding="ascii").splitlines():
            if line.startswith("Umask:"):
                return int(line.split()[1], 8)
    return 0o022


def _discard(temp: Path) -> None:
    with contextlib.suppress(OSError):
        temp.unlink()
