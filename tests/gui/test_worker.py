"""`gui.worker`: a job runs in another thread while the GUI thread keeps handling events;
Cancel is answered at once and told to the job; errors come back to the caller."""

from __future__ import annotations

import threading
import time

import pytest
from PySide6.QtCore import QTimer
from PySide6.QtWidgets import QDialog, QWidget

from tests.gui.modal import child, click
from tournament_manager.gui.worker import WorkDialog, run_in_worker

GUARD = 100_000
"""Polls (a millisecond apart) before a job gives up waiting for its cancel, so a broken
test cannot hang; the job sleeps between polls and leaves the GUI thread the interpreter."""


def test_the_job_runs_off_the_gui_thread_and_stops_on_cancel(qtbot) -> None:
    parent = QWidget()
    qtbot.addWidget(parent)
    threads: list[threading.Thread] = []
    reports: list[object] = []

    def job(cancelled, report) -> int:
        threads.append(threading.current_thread())
        polls = 0
        while not cancelled() and polls < GUARD:
            polls += 1
            if polls == 1:
                report("started")
            time.sleep(0.001)
        return polls

    def show(dialog: WorkDialog, value: object) -> None:
        reports.append(value)
        dialog.show_progress(0, 0, f"job {value}")

    fired: list[str] = []

    def press_cancel() -> None:
        dialog = parent.findChild(QDialog, "work_dialog")
        if dialog is None or not reports:  # wait for the job's first report
            QTimer.singleShot(5, press_cancel)
            return
        fired.append(child(dialog, "work_label").text())
        click(dialog, "work_cancel")
        fired.append(child(dialog, "work_label").text())

    QTimer.singleShot(0, press_cancel)
    outcome = run_in_worker(parent, job, title="Job", label="Working…", cancel_label="Stop",
                            on_report=show)

    assert threads and threads[0] is not threading.main_thread()
    assert reports == ["started"]
    assert fired == ["job started", "Stopping…"]
    assert outcome.cancelled and outcome.error is None
    assert outcome.value is not None and outcome.value < GUARD, "the cancel reached the job"
    dialog = parent.findChild(QDialog, "work_dialog")
    assert dialog is None or not dialog.isVisible()


def test_an_error_in_the_job_is_handed_back(qtbot) -> None:
    parent = QWidget()
    qtbot.addWidget(parent)

    def job(_cancelled, _report) -> None:
        raise ValueError("no such table")

    outcome = run_in_worker(parent, job, title="Job", label="Working…", cancel_label="Stop")
    assert isinstance(outcome.error, ValueError) and outcome.value is None
    assert not outcome.cancelled


def test_escape_asks_the_job_to_stop_rather_than_hiding_it(qtbot) -> None:
    dialog = WorkDialog("Job", "Working…", "Stop")
    qtbot.addWidget(dialog)
    asked: list[bool] = []
    dialog.cancel_requested.connect(lambda: asked.append(True))
    dialog.show()
    dialog.reject()  # Esc
    assert asked == [True] and dialog.isVisible()
    assert not dialog.cancel_button.isEnabled()
    dialog.reject()
    assert asked == [True], "asked once"


@pytest.mark.parametrize("expected", [0.0, 20.0])
def test_the_bar_follows_reports_or_the_clock(qtbot, expected: float) -> None:
    dialog = WorkDialog("Job", "Working…", "Stop", expected_seconds=expected)
    qtbot.addWidget(dialog)
    dialog.show_progress(3, 10, "page 3 of 10")
    assert dialog.label.text() == "page 3 of 10"
    assert dialog.bar.maximum() == (10 if expected == 0 else 1000)


def test_a_longer_progress_text_is_shown_whole(qtbot) -> None:
    """A shown dialog keeps its size when its label's text grows: the draw's progress,
    wrapped to three lines, was cut at the top and the bottom in the real window."""
    dialog = WorkDialog("Job", "Working…", "Stop", expected_seconds=20.0)
    qtbot.addWidget(dialog)
    dialog.show()
    qtbot.waitExposed(dialog)
    height = dialog.height()
    line = ("Drawing the tables of session 6 (at most 20 s): the best draw so far weighs 86 "
            "in repeated pairs")
    dialog.show_progress(0, 0, " ".join([line] * 3))
    qtbot.wait(10)  # the layout settles
    label = dialog.label
    assert label.height() >= label.heightForWidth(label.width()) > 0
    assert dialog.height() > height
    dialog.show_progress(0, 0, "short")
    assert dialog.height() > height, "never shrinks: the dialog does not jump about"
