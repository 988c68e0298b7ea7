"""The one open tournament document of a window, and every switch from one to another.

Widgets never hold a `Document` of their own: they ask the controller and listen to
`document_changed`, so closing or replacing the document (and releasing its lock) happens
in exactly one place. Known problems with a file are reported as worded messages rather
than raised: a judge double-clicking a locked or damaged file mid-tournament must get a
sentence and a way forward, never a traceback. Anything else is a bug and propagates to
the crash handler.
"""

from __future__ import annotations

import logging
from pathlib import Path

from PySide6.QtCore import QObject, QTimer, Signal

from tournament_manager.application.events import EventAddress, create_event, open_event
from tournament_manager.application.stations import THIS_LAPTOP, Station
from tournament_manager.domain.presets import Preset, preset_settings
from tournament_manager.gui.errors import EXPECTED_ERRORS, describe_error
from tournament_manager.messages import documents as document_messages
from tournament_manager.messages import services as service_messages
from tournament_manager.rules.registry import DEFAULT_RULE_SET
from tournament_manager.services.errors import ServiceError
from tournament_manager.services.head_judge import HeadJudgeSetup
from tournament_manager.services.tournaments import create_tournament
from tournament_manager.services.verification import VerificationReport, verify
from tournament_manager.storage.backup import list_backups, restore_backup
from tournament_manager.storage.document import Document
from tournament_manager.storage.errors import DocumentError, DocumentProblem
from tournament_manager.storage.server import ServerAddress

log = logging.getLogger(__name__)

WATCH_INTERVAL_MS = 1000
"""How often a window looks for other stations' changes to a server event: within 2 s
every station shows what any other has done."""


class DocumentController(QObject):
    """Owns the open document; emits rather than shows, so it needs no widgets."""

    document_changed = Signal()
    # A worded problem the user has to read; nothing else happened.
    problem_reported = Signal(str)
    # (damaged document, newest backup, worded problem): the window offers the restore.
    restore_offered = Signal(object, object, str)
    # A VerificationReport with findings, for the document just opened.
    record_in_doubt = Signal(object)
    # Something the judge must know about the file that did not stop the work: opened
    # read-only, a lock taken over, a backup that could not be written.
    notice_reported = Signal(str)
    # (path, worded refusal): a lock from another computer that the judge may take over.
    lock_takeover_offered = Signal(object, str)
    # Another station changed the event on its server: every page reads it again.
    changed_elsewhere = Signal()
    # The open event is about to be closed or replaced (what serves it must stop first).
    closing = Signal()
    # Good news that needs nothing done: the server answers again after an outage.
    news_reported = Signal(str)

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._document: Document | None = None
        self._address: EventAddress | None = None
        self._seen_version = 0
        self._unreachable = False
        """The last look for changes found the server silent (said once, not every second)."""
        self._watch = QTimer(self)
        self._watch.setInterval(WATCH_INTERVAL_MS)
        self._watch.timeout.connect(self._look_for_changes)

    @property
    def document(self) -> Document | None:
        return self._document

    @property
    def address(self) -> EventAddress | None:
        return self._address

    def is_open(self, path: EventAddress) -> bool:
        if self._document is None or self._address is None:
            return False
        if isinstance(path, ServerAddress) or isinstance(self._address, ServerAddress):
            return path == self._address
        return self._address.resolve() == path.resolve()

    def open(self, path: EventAddress, *, take_over_lock: bool = False,
             station: Station = THIS_LAPTOP) -> bool:
        """Switch to `path` (a file, or an event on a server, opened for `station`); on
        failure the current document stays open and untouched.

        `take_over_lock` breaks a lock held from another computer, once the judge has
        confirmed that it no longer runs the application there."""
        if self.is_open(path):
            return True  # opening it again would trip over our own lock
        try:
            document = open_event(path, take_over_lock=take_over_lock, station=station,
                                  read_only=not station.role.writes)
        except DocumentError as error:
            self._report_open_failure(path, error)
            return False
        log.info("opened %s as %s", path, station.actor)
        self._replace(document, path)
        self._report_notices(document)
        self._verify_opened()
        return True

    def _report_notices(self, document: Document) -> None:
        path = str(document.path)
        if document.read_only_notice is not None:
            self.notice_reported.emit(document_messages.describe(document.read_only_notice))
        if document.broken_lock is not None:
            self.notice_reported.emit(
                document_messages.describe_broken_lock(path, document.broken_lock))
        for failure in document.backup_failures:
            self.notice_reported.emit(document_messages.describe_backup_failure(path, failure))

    def _verify_opened(self) -> None:
        """Never a silent load: a record that differs from what was signed is reported
        as soon as it is open."""
        report = self.verify()
        if report is not None and not report.ok:
            log.warning("%d verification findings in the file just opened",
                        len(report.findings))
            self.record_in_doubt.emit(report)

    def new(self, path: Path, name: str, preset: Preset | str,
            rule_set: str = DEFAULT_RULE_SET, head_judge: HeadJudgeSetup | None = None) -> bool:
        """A new document holding a tournament (and its head judge). Whatever goes wrong
        after the file exists, it is closed and removed again: a half-made file would be
        left locked by this very process and block the next attempt at the same name."""
        try:
            document = create_event(path)
        except DocumentError as error:
            self.problem_reported.emit(document_messages.describe(error))
            return False
        try:
            preset = Preset(preset)  # a preset read back from a widget is a plain str
            create_tournament(document.unit_of_work(), name,
                              preset_settings(preset, rule_set=rule_set),
                              head_judge=head_judge)
        except BaseException as error:
            self._discard(document)
            if isinstance(error, ServiceError):
                self.problem_reported.emit(service_messages.describe(error))
                return False
            raise  # a bug: the crash handler reports it, and no file is left behind
        log.info("created %s (%s)", path, preset.value)
        self._replace(document, path)
        return True

    @staticmethod
    def _discard(document: Document) -> None:
        try:
            document.close(backup=False)
        finally:
            document.discard_files()

    def verify(self) -> VerificationReport | None:
        """Check the open record against its signatures, the rules and the audit log
        (None without a document, or for a file with no tournament to check)."""
        document = self._document
        if document is None:
            return None
        try:
            return verify(document.unit_of_work())
        except EXPECTED_ERRORS:
            return None

    def close(self) -> None:
        """Close the document, which takes the closing backup and releases the lock."""
        if self._document is None:
            return
        self._watch.stop()
        self.closing.emit()
        self._close_document(self._document)
        self._document = None
        self._address = None
        self.document_changed.emit()

    def save_copy(self, destination: Path) -> bool:
        document = self._document
        if document is None:
            return False
        try:
            document.save_copy(destination)
        except DocumentError as error:
            log.warning("save copy to %s failed: %s", destination, error)
            self.problem_reported.emit(document_messages.describe(error))
            return False
        log.info("saved a copy of %s to %s", document.path, destination)
        return True

    def restore(self, path: Path, backup: Path) -> bool:
        """Put `backup` in place of the damaged `path` (kept aside, not deleted) and open it."""
        try:
            aside = restore_backup(backup, path)
        except DocumentError as error:
            log.warning("restoring %s from %s failed: %s", path, backup, error)
            self.problem_reported.emit(document_messages.describe(error))
            return False
        log.info("restored %s from %s; the damaged file is now %s", path, backup, aside)
        return self.open(path)

    def _report_open_failure(self, path: Path, error: DocumentError) -> None:
        message = document_messages.describe(error)
        log.info("could not open %s: %s", path, error)
        if error.problem is DocumentProblem.LOCKED and error.details.get(
                "can_take_over") == "yes":
            self.lock_takeover_offered.emit(path, message)
            return
        # Only a damaged file is offered its backup: a full disk, a read error or a lock
        # leave a good file that a restore would overwrite.
        if error.problem is DocumentProblem.DAMAGED:
            backups = list_backups(path)
            if backups:
                self.restore_offered.emit(path, backups[0], message)
                return
        self.problem_reported.emit(message)

    def _replace(self, document: Document, address: EventAddress) -> None:
        if self._document is not None:
            self.closing.emit()
        previous, self._document = self._document, document
        self._address = address
        if previous is not None:
            self._close_document(previous)
        self._watch_changes()
        self.document_changed.emit()

    # -- other stations' changes -------------------------------------------------------
    def _watch_changes(self) -> None:
        """An event on a server is changed by other stations too: look every second. A
        file is held by this window alone, so nothing else changes it (unless the window
        serves the tables: `watch_changes`)."""
        self.watch_changes(isinstance(self._address, ServerAddress))

    def watch_changes(self, on: bool) -> None:
        """Look for changes made by others (other stations, the tables this window
        serves) every second, or stop looking."""
        self._watch.stop()
        if on and self._document is not None:
            self.seen_now()
            self._watch.start()

    def seen_now(self) -> None:
        """This window has shown the event as it is now (after its own act)."""
        if self._document is not None:
            try:
                self._seen_version = self._document.data_version()
            except EXPECTED_ERRORS as error:
                log.warning("could not read the version of %s: %s", self._address, error)

    def _look_for_changes(self) -> None:
        document = self._document
        if document is None:
            return
        try:
            version = document.data_version()
        except EXPECTED_ERRORS as error:  # a lost network: said once, until it answers again
            if not self._unreachable:
                self._unreachable = True
                log.warning("could not look for changes to %s: %s", self._address, error)
                self.problem_reported.emit(describe_error(error))
            return
        if self._unreachable:
            self._unreachable = False
            log.info("%s answers again", self._address)
            self.news_reported.emit(self.tr(
                "The server answers again: {event} is up to date on this station.").format(
                    event=self._address))
        if version != self._seen_version:
            self._seen_version = version
            self.changed_elsewhere.emit()

    def _close_document(self, document: Document) -> None:
        """Close, releasing the lock; a closing backup that failed is reported."""
        failure = document.close()
        if failure is not None:
            self.notice_reported.emit(
                document_messages.describe_backup_failure(str(document.path), failure))
