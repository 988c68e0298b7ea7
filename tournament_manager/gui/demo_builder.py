"""The demo event for a first look: a whole small event, played through the services
(`services.demo.run_demo`), in a file of its own in the data folder.

Building it takes some seconds, so it runs in a worker thread behind a progress dialog
that can cancel it; the window stays responsive. It is built under a temporary name and
takes its real name only when it is complete, so a cancelled or failed build (or a crash
half-way) never leaves a half-played "demo" to be opened later. Once built, the same file
is opened again rather than built anew.

The worker owns the document it builds from the first statement to the last (SQLite
connections stay in the thread that made them); the GUI thread only opens the finished
file. While it runs, Python's cyclic garbage collector is held (`worker.HeldCollector`):
collection runs in whichever thread happens to allocate, and the worker allocates a lot,
so it would destroy the GUI thread's unreachable Qt objects (a QTimer a test or a closed
dialog left behind) from the wrong thread, and the GUI thread then crashed on the dead
timer. Garbage waits a few seconds and is collected in the GUI thread when the worker ends.
"""

from __future__ import annotations

import logging
import os
import threading
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import QObject, Qt, QThread, Signal
from PySide6.QtWidgets import QProgressDialog, QWidget

from tournament_manager import paths
from tournament_manager.application.events import create_event
from tournament_manager.domain.presets import Preset
from tournament_manager.errors import TournamentError
from tournament_manager.gui.errors import EXPECTED_ERRORS, describe_error
from tournament_manager.gui.worker import HeldCollector
from tournament_manager.messages import documents as document_messages
from tournament_manager.services.head_judge import set_head_judge
from tournament_manager.services.setup import rename_event
from tournament_manager.storage.errors import DocumentError
from tournament_manager.storage.lock import lock_path

if TYPE_CHECKING:
    from tournament_manager.services.demo import DemoSummary

log = logging.getLogger(__name__)

DEMO_FILE_NAME = f"Demo event{paths.DOCUMENT_SUFFIX}"
BUILDING_FILE_NAME = f"Demo event (being built){paths.DOCUMENT_SUFFIX}"
DEMO_NAME = "Demo Event"
DEMO_VENUE = "Demo Hall"
DEMO_JUDGE = "Demo Judge"
DEMO_PASSPHRASE = "demo passphrase"
"""The demo's head judge passphrase, said when the demo opens: the demo is the place to
try the head judge's acts (correcting a signed sheet, reopening a session)."""


@dataclass(frozen=True)
class DemoSpec:
    """A small event that still has everything: 36 players, four sessions, then the cuts
    32 → 16 → 8 → the final table (about seven seconds)."""

    players: int = 36
    preset: Preset = Preset.WSOM_2015
    seed: int = 1
    sessions: int | None = None


def demo_path() -> Path:
    return paths.data_dir() / DEMO_FILE_NAME


class DemoCancelled(TournamentError):
    """Raised from the progress callback: the build stops at the next session."""


def _remove_database_files(path: Path) -> None:
    for suffix in ("", "-wal", "-shm"):
        path.with_name(path.name + suffix).unlink(missing_ok=True)


class _Worker(QThread):
    progressed = Signal(int, int)

    def __init__(self, building: Path, spec: DemoSpec, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.building = building
        self.spec = spec
        self.summary: DemoSummary | None = None
        self.problem = ""
        self.cancelled = False
        self._cancel = threading.Event()

    def cancel(self) -> None:
        self._cancel.set()

    def _progress(self, _what: str, done: int, total: int) -> None:
        if self._cancel.is_set():
            raise DemoCancelled
        self.progressed.emit(done, total)

    def run(self) -> None:
        try:
            document = create_event(self.building)
        except DocumentError as error:
            self.problem = document_messages.describe(error)
            return
        from tournament_manager.services.demo import run_demo  # the solver with it

        spec = self.spec
        try:
            summary = run_demo(document.unit_of_work, players=spec.players,
                               preset=spec.preset, seed=spec.seed,
                               sessions=spec.sessions, progress=self._progress)
            rename_event(document.unit_of_work(), DEMO_NAME, DEMO_VENUE)
            set_head_judge(document.unit_of_work(), DEMO_JUDGE, DEMO_PASSPHRASE)
            self.summary = summary
        except DemoCancelled:
            self.cancelled = True
        except EXPECTED_ERRORS as error:
            self.problem = describe_error(error)
        except Exception as error:
            log.exception("building the demo event failed")
            self.problem = str(error) or type(error).__name__
        finally:
            document.close(backup=False)
            if self.summary is None:
                document.discard_files()


class DemoBuilder(QObject):
    """Builds (or finds) the demo event; `finished` carries its path, or None."""

    finished = Signal(object)
    """The demo event's path once it is ready; None when cancelled or refused."""
    problem = Signal(str)

    def __init__(self, parent: QWidget, spec: DemoSpec | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("demo_builder")
        self._parent = parent
        self.spec = spec or DemoSpec()
        self._worker: _Worker | None = None
        self.dialog: QProgressDialog | None = None
        self.summary: DemoSummary | None = None
        self._collector = HeldCollector()

    @property
    def busy(self) -> bool:
        return self._worker is not None

    def start(self) -> None:
        """Open the demo event there is, else build it behind a progress dialog."""
        if self.busy:
            return
        target = demo_path()
        if target.is_file():
            self.finished.emit(target)
            return
        building = target.with_name(BUILDING_FILE_NAME)
        if building.exists() and not lock_path(building).exists():
            _remove_database_files(building)  # left by a build that never finished
        worker = _Worker(building, self.spec, self)
        worker.progressed.connect(self._progressed)
        worker.finished.connect(self._worker_done)
        self._worker = worker
        self.dialog = self._progress_dialog(worker)
        self._collector.hold()
        worker.start()

    def _progress_dialog(self, worker: _Worker) -> QProgressDialog:
        dialog = QProgressDialog(self.tr("Building the demo event: registering players…"),
                                 self.tr("Cancel"), 0, 0, self._parent)
        dialog.setObjectName("demo_progress")
        dialog.setWindowTitle(self.tr("Demo Event"))
        dialog.setWindowModality(Qt.WindowModality.WindowModal)
        dialog.setAutoClose(False)
        dialog.setAutoReset(False)
        dialog.setMinimumDuration(0)
        dialog.setMinimumWidth(420)
        dialog.canceled.connect(worker.cancel)
        dialog.show()
        return dialog

    def _progressed(self, done: int, total: int) -> None:
        if self.dialog is None or self.dialog.wasCanceled():
            return
        self.dialog.setMaximum(total)
        self.dialog.setValue(done - 1)
        self.dialog.setLabelText(self.tr(
            "Building the demo event: playing session {n} of {total}…").format(
                n=done, total=total))

    def cancel(self) -> None:
        if self._worker is not None:
            self._worker.cancel()

    def stop(self) -> None:
        """Cancel a build and wait for its worker (the window is closing: a thread must
        not outlive the objects it reports to)."""
        worker = self._worker
        if worker is None:
            return
        worker.cancel()
        worker.wait()
        self._worker_done()

    def _worker_done(self) -> None:
        worker, self._worker = self._worker, None
        if worker is None:
            return  # already wound up by `stop`
        self._collector.release()
        if self.dialog is not None:
            self.dialog.hide()
            self.dialog.deleteLater()
            self.dialog = None
        worker.deleteLater()
        if worker.summary is None:
            if worker.problem:
                self.problem.emit(self.tr("The demo event could not be built: {problem}.")
                                  .format(problem=worker.problem))
            self.finished.emit(None)
            return
        target = demo_path()
        try:
            os.replace(worker.building, target)
        except OSError as error:
            self.problem.emit(self.tr("The demo event could not be built: {problem}.")
                              .format(problem=error.strerror or str(error)))
            _remove_database_files(worker.building)
            self.finished.emit(None)
            return
        self.summary = worker.summary
        log.info("built the demo event %s", target)
        self.finished.emit(target)
