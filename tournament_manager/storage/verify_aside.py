"""Verifying what an export reads in a process of its own, on the other core.

Verifying a 1,000-player event (every hand re-scored, every sheet re-hashed, the whole
audit chain and every record against it) takes as long as laying out its workbook; run
one after the other, the export missed its 10 s. The workbook needs the report only at
the end (the seal in every footer, the banner, the Verification sheet), so the check can
run beside the layout.

It must check exactly what the export prints: the open transaction's state, not the file
as it is a moment later (another station may write in between; a write-ahead log lets it).
So the transaction's own connection copies its snapshot into a temporary file with
SQLite's backup API (a quarter of a second for 100 MB), and the other process verifies
that copy. A change committed after the snapshot is in neither the copy nor the workbook,
as when the check ran in the same transaction.

The process is started with "spawn", never "fork": the desktop application runs exports
in a worker thread of a Qt process, where a fork copies locks held by other threads. In a
frozen build (PyInstaller) the child is the executable started again, which its entry
point must hand to `multiprocessing.freeze_support`; ours does (installer/entry_point.py)
and says so with `ANSWERS_SPAWNED_CHILDREN`. A frozen build whose entry point does not, and
a server event (no file to copy), verify in the caller's own process as before.
"""

from __future__ import annotations

import logging
import multiprocessing
import shutil
import sqlite3
import sys
import tempfile
from collections.abc import Callable
from multiprocessing.connection import Connection
from pathlib import Path
from typing import Any

from tournament_manager.services.verification import VerificationReport, verify

_log = logging.getLogger(__name__)


def can_verify_aside() -> bool:
    """Everywhere but in a frozen build whose entry point does not answer a spawned child
    (which would start the whole application again instead)."""
    if not getattr(sys, "frozen", False):
        return True
    return getattr(sys.modules.get("__main__"), "ANSWERS_SPAWNED_CHILDREN", False) is True


class PendingVerification:
    """A verification running in another process on a copy of one transaction's state.

    `result` waits for its report (verifying the copy here if that process died: then
    `aside` stays False); `close` stops it if it still runs and removes the copy. Both may
    be called twice."""

    def __init__(self, source: sqlite3.Connection) -> None:
        """`source`: the connection of an open transaction that has read already (its
        snapshot is fixed), which is copied as that transaction sees it."""
        self._folder = Path(tempfile.mkdtemp(prefix="tournament-verify-"))
        self._copy = self._folder / "snapshot.tmt"
        self._report: VerificationReport | None = None
        self.aside = False  # whether the report came from the other process
        self._process: Any = None
        self._receiver: Connection | None = None
        try:
            target = sqlite3.connect(self._copy)
            try:
                source.backup(target)
            finally:
                target.close()
            context = multiprocessing.get_context("spawn")
            receiver, sender = context.Pipe(duplex=False)
            self._process = context.Process(target=_verify_copy, args=(self._copy, sender),
                                            name="tournament-verify", daemon=True)
            self._process.start()
            sender.close()
            self._receiver = receiver
        except BaseException:
            self.close()
            raise

    def result(self, waiting: Callable[[], None] | None = None) -> VerificationReport:
        """The report; `waiting` is called every tenth of a second until it comes (an
        export's cancel check, which may raise)."""
        if self._report is not None:
            return self._report
        answer: tuple[str, Any] | None = None
        if self._receiver is not None:
            try:
                while waiting is not None and not self._receiver.poll(0.1):
                    waiting()
                answer = self._receiver.recv()
            except (EOFError, OSError):
                answer = None  # the process died: verified here instead, below
        if answer is not None and answer[0] == "error":
            self.close()
            raise answer[1]
        if answer is None:
            _log.warning("the verification process ended without a report; verifying here")
            report = _verify_path(self._copy)
        else:
            report = answer[1]
            self.aside = True
        self._report = report
        self.close()
        return report

    def close(self) -> None:
        process, self._process = self._process, None
        if process is not None:
            if process.is_alive() and self._report is None:
                process.terminate()
            process.join()
        if self._receiver is not None:
            self._receiver.close()
            self._receiver = None
        shutil.rmtree(self._folder, ignore_errors=True)


def _verify_path(path: Path) -> VerificationReport:
    from tournament_manager.storage.engine import make_engine
    from tournament_manager.storage.unit_of_work import SqlUnitOfWork

    engine = make_engine(path, read_only=True)
    try:
        return verify(SqlUnitOfWork(engine, read_only=True))
    finally:
        engine.dispose()


def _verify_copy(path: Path, sender: Connection) -> None:
    """In the spawned process: verify the copy and send back the report (or the error)."""
    try:
        answer: tuple[str, Any] = ("report", _verify_path(path))
    except BaseException as error:  # noqa: BLE001 - the caller raises it, as if verified there
        answer = ("error", error)
    try:
        sender.send(answer)
    except Exception as error:  # noqa: BLE001 - one that does not pickle: its text then
        sender.send(("error", RuntimeError(f"{type(error).__name__}: {answer[1]}")))
    finally:
        sender.close()
