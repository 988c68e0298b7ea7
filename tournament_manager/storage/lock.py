"""One writer per document: a lock file next to it that names its holder.

Two instances writing one file is the realistic way a tournament gets corrupted (a judge
double-clicks the file while the application is already open). The lock records pid,
host and user so the refusal can say who holds it; a lock whose process is gone on this
host is stale and taken over, as QLockFile does.
"""

from __future__ import annotations

import getpass
import json
import os
import socket
import sys
import time
from datetime import UTC, datetime
from pathlib import Path

from tournament_manager.storage.errors import DocumentError, DocumentProblem


def lock_path(document: Path) -> Path:
    return document.with_name(document.name + ".lock")


def _pid_alive(pid: int) -> bool:
    if pid <= 0:
        return False
    if sys.platform == "win32":  # os.kill would terminate the process on Windows
        import ctypes

        kernel32 = ctypes.windll.kernel32  # type: ignore[attr-defined]
        handle = kernel32.OpenProcess(0x1000, False, pid)  # PROCESS_QUERY_LIMITED_INFORMATION
        if not handle:
            return False
        code = ctypes.c_ulong()
        kernel32.GetExitCodeProcess(handle, ctypes.byref(code))
        kernel32.CloseHandle(handle)
        return code.value == 259  # STILL_ACTIVE
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    return True


def _user() -> str:
    try:
        return getpass.getuser()
    except (KeyError, OSError):  # no login name in some service environments
        return "unknown"


class DocumentLock:
    def __init__(self, document: Path) -> None:
        self.path = lock_path(document)
        self._document = document
        self._held = False

    def acquire(self) -> None:
        for _attempt in range(2):
            try:
                descriptor = os.open(self.path, os.O_CREAT | os.O_EXCL | os.O_WRONLY, 0o644)
            except FileExistsError:
                holder = self._read_holder()
                if holder is not None and not self._is_stale(holder):
                    raise DocumentError(
                        DocumentProblem.LOCKED, str(self._document),
                        user=str(holder.get("user", "?")), host=str(holder.get("host", "?")),
                        pid=str(holder.get("pid", "?")), since=str(holder.get("since", "?")),
                    ) from None
                self.path.unlink(missing_ok=True)
                continue
            with os.fdopen(descriptor, "w", encoding="utf-8") as handle:
                json.dump({"pid": os.getpid(), "host": socket.gethostname(), "user": _user(),
                           "since": datetime.now(UTC).isoformat(timespec="seconds")}, handle)
            self._held = True
            return
        raise DocumentError(DocumentProblem.LOCKED, str(self._document), user="?", host="?",
                            pid="?", since="?")

    def release(self) -> None:
        if self._held:
            self.path.unlink(missing_ok=True)
            self._held = False

    def _read_holder(self) -> dict[str, object] | None:
        """The holder's record; None for a lock file cut short by a crash while writing it.

        A lock that is unreadable but only seconds old is another instance still writing
        it, so it counts as held.
        """
        try:
            holder = json.loads(self.path.read_text(encoding="utf-8"))
            if isinstance(holder, dict):
                return holder
        except (OSError, ValueError):
            pass
        try:
            age = time.time() - self.path.stat().st_mtime
        except OSError:
            return None
        return {"pid": "?", "host": "?", "user": "?", "since": "now"} if age < 10 else None

    @staticmethod
    def _is_stale(holder: dict[str, object]) -> bool:
        if holder.get("host") != socket.gethostname():
            return False
        pid = holder.get("pid")
        return not (isinstance(pid, int) and _pid_alive(pid))
