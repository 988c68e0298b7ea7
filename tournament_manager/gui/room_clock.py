"""View ▸ Session Clock: pause, resume and extra time for every table of the running
session (a fire alarm, a dispute that stopped the room, a late start).

Each is a ruling on record (`services.clock`), not an undoable edit: pausing is taken back
by resuming, extra time by negative minutes. Extra time asks first and says what the
room's time left becomes; its button is never the default one, so an Enter typed out of
habit after the number cancels. The actions are enabled only when they can be done.
"""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtGui import QAction
from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QHBoxLayout,
    QLabel,
    QMenu,
    QPushButton,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from tournament_manager.domain.model import StageStatus
from tournament_manager.gui.app_context import AppContext
from tournament_manager.gui.changes import Topic
from tournament_manager.gui.countdown import SessionCountdown, format_left
from tournament_manager.gui.errors import EXPECTED_ERRORS
from tournament_manager.services.clock import (
    MAX_EXTRA_MINUTES,
    extend_clock,
    pause_clock,
    resume_clock,
)
from tournament_manager.services.setup import session_summaries

DEFAULT_MINUTES = 5


class RoomExtraTimeDialog(QDialog):
    def __init__(self, parent: QWidget | None, session: int, seconds_left: float,
                 given_seconds: int = 0) -> None:
        """`seconds_left`: the room's time left now, negative once time is up;
        `given_seconds`: the extra time the room has had, all that negative minutes can
        take back (the clock never goes below the session's limit)."""
        super().__init__(parent)
        self.setObjectName("room_extra_time_dialog")
        self.setWindowTitle(self.tr("Extra Time for Every Table"))
        self.setMinimumWidth(460)
        self._left = seconds_left
        question = QLabel(self.tr("Give every table of session {session} extra time on the "
                                  "session clock?").format(session=session), self)
        question.setWordWrap(True)
        self.minutes = QSpinBox(self)
        self.minutes.setObjectName("room_extra_minutes")
        self.minutes.setRange(-min(MAX_EXTRA_MINUTES, given_seconds // 60), MAX_EXTRA_MINUTES)
        self.minutes.setValue(DEFAULT_MINUTES)
        self.minutes.setSuffix(self.tr(" min"))
        self.minutes.valueChanged.connect(self._show_effect)
        self.effect = QLabel(self)
        self.effect.setObjectName("room_extra_effect")
        self.effect.setWordWrap(True)
        note = QLabel(self.tr("Tables given time of their own keep it on top. Edit ▸ Undo "
                              "does not take this back: negative minutes do, down to the "
                              "{given} given so far.").format(
                                  given=self.tr("{n} min").format(n=given_seconds // 60)),
                      self)
        note.setWordWrap(True)
        note.setEnabled(False)
        buttons = QDialogButtonBox(self)
        self.give = QPushButton(self.tr("Give Extra Time"), self)
        self.give.setObjectName("room_extra_ok")
        self.give.setAutoDefault(False)
        buttons.addButton(self.give, QDialogButtonBox.ButtonRole.AcceptRole)
        cancel = buttons.addButton(QDialogButtonBox.StandardButton.Cancel)
        cancel.setObjectName("room_extra_cancel")
        cancel.setDefault(True)
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        row = QHBoxLayout()
        row.addWidget(QLabel(self.tr("Extra minutes for every table:"), self))
        row.addWidget(self.minutes)
        row.addStretch(1)
        layout = QVBoxLayout(self)
        layout.addWidget(question)
        layout.addLayout(row)
        layout.addWidget(self.effect)
        layout.addWidget(note)
        layout.addWidget(buttons)
        self._show_effect()

    def _show_effect(self) -> None:
        minutes = self.minutes.value()
        self.give.setEnabled(minutes != 0)
        if minutes == 0:
            self.effect.setText(self.tr("Type the minutes to give (negative to take back)."))
            return
        after = int(self._left + 60 * minutes)
        if after > 0:
            self.effect.setText(self.tr("The room's time left becomes {left}.").format(
                left=format_left(after)))
        else:
            self.effect.setText(self.tr("The room's time is then still up ({over} over).")
                                .format(over=format_left(-after)))


class RoomClock(QMenu):
    """The Session Clock menu and its three actions (also used by the shortcuts list)."""

    def __init__(self, context: AppContext, countdown: SessionCountdown,
                 parent: QWidget) -> None:
        super().__init__(self.tr("Session &Clock"), parent)
        self.setObjectName("session_clock_menu")
        self._context = context
        self._countdown = countdown
        self.pause_action = self._action("action_clock_pause", self.tr("&Pause All Tables"),
                                         self.pause)
        self.resume_action = self._action("action_clock_resume",
                                          self.tr("&Resume All Tables"), self.resume)
        self.extra_action = self._action("action_clock_extra",
                                         self.tr("&Extra Time for All Tables…"),
                                         self.give_extra_time)
        countdown.changed.connect(self.update_actions)
        countdown.stopped.connect(self.update_actions)
        self.update_actions()

    def _action(self, name: str, text: str, slot: Callable[[], object]) -> QAction:
        action = QAction(text, self.parentWidget())
        action.setObjectName(name)
        action.triggered.connect(slot)
        self.addAction(action)
        return action

    def update_actions(self) -> None:
        running = self._countdown.running
        paused = self._countdown.paused
        self.pause_action.setEnabled(running and not paused)
        self.resume_action.setEnabled(running and paused)
        self.extra_action.setEnabled(running)

    def _running_session_id(self) -> int | None:
        if not self._context.has_document:
            return None
        try:
            summaries = session_summaries(self._context.unit_of_work())
        except EXPECTED_ERRORS:
            return None
        running = [s.session for s in summaries if s.session.status is StageStatus.RUNNING]
        return running[-1].id if running else None

    def pause(self) -> None:
        session_id = self._running_session_id()
        if session_id is not None:
            self._context.call(lambda uow: pause_clock(uow, session_id), Topic.CLOCK)

    def resume(self) -> None:
        session_id = self._running_session_id()
        if session_id is not None:
            self._context.call(lambda uow: resume_clock(uow, session_id), Topic.CLOCK)

    def give_extra_time(self) -> None:
        session_id = self._running_session_id()
        clock = self._countdown.clock
        if session_id is None or clock is None:
            return
        # Unclamped: once time is up, the minutes given count from how far over it is.
        dialog = RoomExtraTimeDialog(self.parentWidget(), clock.session,
                                     clock.seconds_left(self._countdown.now()),
                                     clock.state.extra_seconds)
        try:
            if dialog.exec() != QDialog.DialogCode.Accepted or dialog.minutes.value() == 0:
                return
            minutes = dialog.minutes.value()
        finally:
            dialog.deleteLater()
        self._context.call(lambda uow: extend_clock(uow, session_id, minutes), Topic.CLOCK)
