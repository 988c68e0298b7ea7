"""One writer per document: a lock file next to it that names its holder.

Two instances writing one file is the realistic way a tournament gets corrupted (a judge
double-clicks the file while the application is already open). The lock records pid,
host, user and when the holding process started, so the refusal can say who holds it and
for how long.

A lock on this host is stale, and taken over without asking, when its process is gone or
when its process number now belongs to a process that started after the lock was taken
(numbers are reused after a reboot). A lock from another host cannot be checked from
here: it is broken only on request (`take_over`, after the user confirmed that the other
computer no longer runs the application), and never one whose holder runs on this host.
"""

from __future__ import annotations

import getpass
import json
import os
import socket
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path

from tournament_manager.storage.errors import DocumentError, DocumentProblem, problem_of

START_TOLERANCE_SECONDS = 2.0
"""How far two readings of one process's start time may differ (clock-tick rounding)."""
WRITING_GRACE_SECONDS = 10.0
"""An unreadable lock younger than this is another instance still writing it."""


def lock_path(document: Path) -> Path:
    return document.with_name(document.name + ".lock")


COMMAND = "command"
WINDOW = "window"


@dataclass(frozen=True)
class LockHolder:
    """Who holds a document's lock, as its lock file says."""

    pid: int | None
    host: str
    user: str
    since: datetime | None
    started: float | None = None
    """When the holding process started (seconds since the epoch), if it was recorded."""
    being_written: bool = False
    """An unreadable lock only seconds old: another instance is writing it right now."""
    purpose: str = WINDOW
    """`command` for one command's moment with the file (worth waiting for), `window`
    for a window that holds it all day (a lock from before this was recorded, too)."""

    @property
    def on_this_host(self) -> bool:
        return self.host == socket.gethostname()

    def age_seconds(self, now: datetime | None = None) -> float | None:
        if self.since is None:
            return None
        return max(0.0, ((now or datetime.now(UTC)) - self.since).total_seconds())

    def is_stale(self) -> bool:
        """Provably left behind: on this host, and its process gone or a newer one."""
        if self.being_written or not self.on_this_host:
            return False
        if self.pid is None or not _pid_alive(self.pid):
            return True
        started_now = process_start_time(self.pid)
        if started_now is None:
            return False
        if self.started is not None:
            return abs(started_now - self.started) > START_TOLERANCE_SECONDS
        # A lock written before its process number's present owner started is not his.
        return (self.since is not None
                and self.since.timestamp() < started_now - START_TOLERANCE_SECONDS)

    def can_be_taken_over(self) -> bool:
        """Whether breaking it on request is safe: never while its holder runs here."""
        return not self.being_written and (self.is_stale() or not self.on_this_host)

    def as_details(self) -> dict[str, str]:
        """The holder for a `DocumentError`: strings, worded by `messages.documents`."""
        age = self.age_seconds()
        return {
            "user": self.user, "host": self.host,
            "pid": "?" if self.pid is None else str(self.pid),
            "since": "?" if self.since is None else self.since.isoformat(timespec="seconds"),
            "age_seconds": "" if age is None else str(int(age)),
            "same_host": "yes" if self.on_this_host else "no",
            "can_take_over": "yes" if self.can_be_taken_over() else "no",
        }


class LockedError(DocumentError):
    """The document is held by another instance; `holder` says by whom."""

    def __init__(self, document: Path, holder: LockHolder) -> None:
        super().__init__(DocumentProblem.LOCKED, str(document), **holder.as_details())
        self.holder = holder


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


def process_start_time(pid: int) -> float | None:
    """When process `pid` started, in seconds since the epoch; None where unknown."""
    try:
        if sys.platform.startswith("linux"):
            return _linux_start_time(pid)
        if sys.platform == "win32":
            return _windows_start_time(pid)
    except (OSError, ValueError, IndexError):
        return None
    return None


def _linux_start_time(pid: int) -> float | None:
    stat = Path(f"/proc/{pid}/stat").read_text(encoding="ascii", errors="replace")
    fields = stat[stat.rindex(")") + 2:].split()  # the name in parentheses may hold spaces
    ticks = int(fields[19])  # field 22 of stat(5): start time in clock ticks after boot
    boot = next(int(line.split()[1]) for line in
                Path("/proc/stat").read_text(encoding="ascii").splitlines()
                if line.startswith("btime "))
    return boot + ticks / os.sysconf("SC_CLK_TCK")


def _windows_start_time(pid: int) -> float | None:  # pragma: no cover - Windows only
    import ctypes

    kernel32 = ctypes.windll.kernel32  # type: ignore[attr-defined]
    handle = kernel32.OpenProcess(0x1000, False, pid)
    if not handle:
        return None
    try:
        times = [ctypes.c_ulonglong() for _ in range(4)]
        if not kernel32.GetProcessTimes(handle, *(ctypes.byref(t) for t in times)):
            return None
        return times[0].value / 10_000_000 - 11_644_473_600  # FILETIME to Unix time
    finally:
        kernel32.CloseHandle(handle)


def _user() -> str:
    try:
        return getpass.getuser()
    except (KeyError, OSError):  # no login name in some service environments
        return "unknown"


def _parse_holder(record: object) -> LockHolder | None:
    if not isinstance(record, dict):
        return None
    pid = record.get("pid")
    started = record.get("started")
    try:
        since = datetime.fromisoformat(str(record.get("since")))
    except ValueError:
        since = None
    if since is not None and since.tzinfo is None:
        since = since.replace(tzinfo=UTC)
    return LockHolder(
        pid=pid if isinstance(pid, int) and not isinstance(pid, bool) else None,
        host=str(record.get("host", "?")), user=str(record.get("user", "?")), since=since,
        started=float(started) if isinstance(started, int | float) else None,
        purpose=COMMAND if record.get("purpose") == COMMAND else WINDOW)


WAIT_POLL_SECONDS = 0.05
"""How often a waiting instance looks whether the lock is free again."""


class DocumentLock:
    def __init__(self, document: Path) -> None:
        self.path = lock_path(document)
        self._document = document
        self._held = False

    def acquire(self, *, take_over: bool = False, wait: float = 0.0,
                on_wait: Callable[[LockHolder], object] | None = None,
                notice_after: float = 0.0, purpose: str = WINDOW) -> LockHolder | None:
        """Take the lock; returns the holder of a lock that was broken to take it (stale,
        or from another host with `take_over`), None if there was none.

        `wait`: seconds to keep trying while another command holds it (a command run
        while another command works on the file waits its turn instead of failing; a
        window, which holds it all day, is named at once); `on_wait` hears of the holder
        once, after `notice_after` seconds of waiting (a moment behind another command
        is not worth a word). `purpose` is recorded for the instances that come later.

        Raises `LockedError` naming the holder, or a `DocumentError` for a folder that
        cannot be written (read-only, full)."""
        start = time.monotonic()
        told = on_wait is None
        while True:
            try:
                return self._acquire_once(take_over, purpose)
            except LockedError as error:
                waited = time.monotonic() - start
                if waited >= wait or not (error.holder.purpose == COMMAND
                                          or error.holder.being_written):
                    raise
                if not told and waited >= notice_after:
                    assert on_wait is not None
                    on_wait(error.holder)
                    told = True
                time.sleep(WAIT_POLL_SECONDS)

    def _acquire_once(self, take_over: bool, purpose: str) -> LockHolder | None:
        broken: LockHolder | None = None
        for _attempt in range(3):
            try:
                descriptor = os.open(self.path, os.O_CREAT | os.O_EXCL | os.O_WRONLY, 0o644)
            except FileExistsError:
                holder = self.holder()
                if holder is not None and not holder.is_stale() and not (
                        take_over and holder.can_be_taken_over()):
                    raise LockedError(self._document, holder) from None
                self._break(holder)
                broken = holder or broken
                continue
            except OSError as error:
                raise self._os_problem(error) from error
            try:
                with os.fdopen(descriptor, "w", encoding="utf-8") as handle:
                    json.dump({"pid": os.getpid(), "host": socket.gethostname(),
                               "user": _user(),
                               "since": datetime.now(UTC).isoformat(timespec="seconds"),
                               "started": process_start_time(os.getpid()),
                               "purpose": purpose}, handle)
            except OSError as error:  # a full disk takes the name but not the content
                self.path.unlink(missing_ok=True)
                raise self._os_problem(error) from error
            self._held = True
            return broken
        raise LockedError(self._document, self.holder() or LockHolder(None, "?", "?", None))

    def release(self) -> None:
        if self._held:
            self.path.unlink(missing_ok=True)
            self._held = False

    def holder(self) -> LockHolder | None:
        """The holder's record; None for a lock file cut short by a crash while writing it
        (or gone). A lock that is unreadable but only seconds old is another instance
        still writing it, so it counts as held."""
        try:
            holder = _parse_holder(json.loads(self.path.read_text(encoding="utf-8")))
            if holder is not None:
                return holder
        except (OSError, ValueError):
            pass
        try:
            age = time.time() - self.path.stat().st_mtime
        except OSError:
            return None
        if age < WRITING_GRACE_SECONDS:
            return LockHolder(None, "?", "?", None, being_written=True)
        return None

    def _break(self, expected: LockHolder | None) -> None:
        """Remove the lock file if it still names the holder we decided to break."""
        if self.holder() == expected:
            try:
                self.path.unlink(missing_ok=True)
            except OSError as error:
                raise self._os_problem(error) from error

    def _os_problem(self, error: OSError) -> DocumentError:
        problem = problem_of(error, self._document)
        assert problem is not None  # every OSError has a problem
        return problem


def take_over(document: Path) -> LockHolder | None:
    """Break the lock of `document` after the user confirmed that its holder no longer
    runs (another computer that crashed or was switched off). Returns whose lock it was,
    None if there was none. Raises `LockedError` while the holder runs on this host."""
    lock = DocumentLock(document)
    holder = lock.holder()
    if holder is None:
        lock.path.unlink(missing_ok=True)
        return None
    if not holder.can_be_taken_over():
        raise LockedError(document, holder)
    lock._break(holder)
    return holder
