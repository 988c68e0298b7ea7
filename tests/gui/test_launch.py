"""Which document the application opens on start, the welcome page when there is none,
the demo event, the whole `launch` path once, and a clear exit without a display."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import threading
from collections.abc import Callable
from pathlib import Path

import pytest
from PySide6.QtCore import QTimer
from PySide6.QtWidgets import QApplication, QLabel, QProgressDialog, QWidget

from tournament_manager import paths
from tournament_manager.domain.presets import Preset
from tournament_manager.gui.demo_builder import BUILDING_FILE_NAME, DemoSpec, demo_path
from tournament_manager.gui.display_check import display_problem
from tournament_manager.gui.launch import launch, start_main_window
from tournament_manager.gui.main_window import MainWindow
from tournament_manager.gui.message_bar import INFORMATION
from tournament_manager.gui.settings import AppSettings
from tournament_manager.services.tournaments import overview
from tournament_manager.storage.lock import lock_path

from .modal import answering

TINY_DEMO = DemoSpec(players=8, preset=Preset.OPEN, sessions=2)
"""A demo built in a moment: the tests' stand-in for the 36-player one."""


def test_first_start_shows_the_welcome_page_and_creates_no_file(qtbot, app_settings,
                                                                data_dir: Path):
    window = start_main_window(None, app_settings)
    qtbot.addWidget(window)

    assert window.central_pages.currentWidget() is window.welcome
    assert window.welcome.isVisible() and not window.tabs.isVisible()
    assert window.windowTitle() == "Tournament Manager"
    assert not paths.default_document().exists()
    assert not list(data_dir.glob("*.tmt"))
    assert window.welcome.recent.count() == 0 and not window.welcome.recent.isEnabled()
    window.close()


def test_a_default_document_an_earlier_version_made_still_opens(
        qtbot, app_settings: AppSettings, make_tournament_file: Callable[[Path, str], Path]):
    make_tournament_file(paths.default_document(), "Old Default")

    window = start_main_window(None, app_settings)
    qtbot.addWidget(window)

    assert window.windowTitle() == "Old Default — Tournament Manager"
    window.close()


def test_the_welcome_page_lists_recent_files_and_opens_the_chosen_one(
        qtbot, app_settings: AppSettings, tmp_path: Path,
        make_tournament_file: Callable[[Path, str], Path]):
    older = make_tournament_file(tmp_path / "older.tmt", "Older Cup")
    app_settings.add_recent_file(older)
    window = MainWindow(app_settings)
    qtbot.addWidget(window)
    window.show()

    recent = window.welcome.recent
    assert recent.count() == 1 and "older" in recent.item(0).text()
    recent.itemActivated.emit(recent.item(0))

    assert window.windowTitle() == "Older Cup — Tournament Manager"
    assert window.central_pages.currentWidget() is window.tabs
    window.action_close.trigger()
    assert window.central_pages.currentWidget() is window.welcome
    window.close()


def test_a_file_on_the_command_line_wins_over_recent_ones(
        qtbot, app_settings: AppSettings, tmp_path: Path,
        make_tournament_file: Callable[[Path, str], Path]):
    recent = make_tournament_file(tmp_path / "recent.tmt", "Recent Open")
    asked = make_tournament_file(tmp_path / "asked.tmt", "Asked For")
    app_settings.add_recent_file(recent)

    window = start_main_window(asked, app_settings)
    qtbot.addWidget(window)

    assert window.windowTitle() == "Asked For — Tournament Manager"
    assert not paths.default_document().exists()
    window.close()


def test_without_a_file_the_most_recent_one_opens(
        qtbot, app_settings: AppSettings, tmp_path: Path,
        make_tournament_file: Callable[[Path, str], Path]):
    older = make_tournament_file(tmp_path / "older.tmt", "Older")
    newer = make_tournament_file(tmp_path / "newer.tmt", "Newer")
    app_settings.add_recent_file(older)
    app_settings.add_recent_file(newer)

    window = start_main_window(None, app_settings)
    qtbot.addWidget(window)

    assert window.windowTitle() == "Newer — Tournament Manager"
    window.close()


def test_when_the_last_file_is_gone_no_other_opens_in_its_place(
        qtbot, app_settings: AppSettings, tmp_path: Path,
        make_tournament_file: Callable[[Path, str], Path]):
    """The event's older copy was opened before it: a judge back from another laptop,
    his file on a USB stick not plugged in, found the copy open without a word and
    played on in it. The welcome page stays, saying where the last file was."""
    older = make_tournament_file(tmp_path / "copy" / "event.tmt", "Spring Open")
    last = make_tournament_file(tmp_path / "stick" / "event.tmt", "Spring Open")
    app_settings.add_recent_file(older)
    app_settings.add_recent_file(last)
    last.rename(tmp_path / "event.tmt")

    window = start_main_window(None, app_settings)
    qtbot.addWidget(window)

    assert window.controller.document is None
    assert window.central_pages.currentWidget() is window.welcome
    assert window.message_bar.text() == (
        f"The event opened last is no longer at {last.resolve()}: moved, renamed, or on a "
        "USB stick that is not plugged in. File ▸ Open finds it where it is now; no other "
        "event has been opened in its place.")
    [forget] = window.message_bar.buttons()  # deleted on purpose: off the list for good
    assert forget.text() == "Forget It"
    forget.click()
    assert app_settings.last_file() is None and not window.message_bar.text()
    assert app_settings.recent_files() == [older.resolve()]
    window.close()
    again = start_main_window(None, app_settings)  # and the older copy is not opened then
    qtbot.addWidget(again)
    assert again.controller.document is None and not again.message_bar.text()
    again.close()


def test_the_last_file_back_while_the_welcome_page_shows_is_offered(
        qtbot, app_settings: AppSettings, tmp_path: Path,
        make_tournament_file: Callable[[Path, str], Path]):
    """The stick plugged in while the welcome page waited: the page listed the older copy
    alone and still said the last file was gone until the window was opened anew. Back in
    the window, the list has it again and the message offers to open it."""
    older = make_tournament_file(tmp_path / "copy" / "event.tmt", "Spring Open")
    last = make_tournament_file(tmp_path / "stick" / "event.tmt", "Spring Open")
    app_settings.add_recent_file(older)
    app_settings.add_recent_file(last)
    away = last.rename(tmp_path / "event.tmt")
    window = start_main_window(None, app_settings)
    qtbot.addWidget(window)
    window.show()
    qtbot.waitUntil(window.isActiveWindow)
    listed = window.welcome.recent
    assert [listed.item(row).toolTip() for row in range(listed.count())] == [
        str(older.resolve())]

    away.rename(last)
    elsewhere = QWidget()  # the file manager, where the stick appeared
    qtbot.addWidget(elsewhere)
    elsewhere.show()
    elsewhere.activateWindow()
    qtbot.waitUntil(lambda: not window.isActiveWindow())
    assert listed.count() == 1, "the list changes when the judge is back, not behind him"
    window.activateWindow()
    qtbot.waitUntil(window.isActiveWindow)

    assert [listed.item(row).toolTip() for row in range(listed.count())] == [
        str(last.resolve()), str(older.resolve())]
    assert window.message_bar.text() == f"The event opened last is back at {last.resolve()}."
    [open_it] = window.message_bar.buttons()
    assert open_it.text() == "Open It"
    open_it.click()
    assert window.controller.document is not None
    assert window.controller.document.path == last.resolve()
    window.close()


def test_a_refused_command_line_file_leaves_the_welcome_page_with_the_reason(
        qtbot, app_settings: AppSettings, tmp_path: Path):
    missing = tmp_path / "gone.tmt"

    window = start_main_window(missing, app_settings)
    qtbot.addWidget(window)

    assert window.controller.document is None
    assert window.windowTitle() == "Tournament Manager"
    assert "no such file" in window.message_bar.text()
    assert window.central_pages.currentWidget() is window.welcome
    window.close()


@pytest.mark.parametrize("asked", [None, "gone.tmt"])
def test_a_start_that_opens_nothing_leaves_the_welcome_page_usable(
        qtbot, app_settings: AppSettings, tmp_path: Path, asked: str | None):
    """Opened once painted (the application's own start): with nothing to open, or a file
    that cannot be opened, the waiting welcome page is enabled again and says nothing of
    an opening."""
    window = start_main_window(tmp_path / asked if asked else None, app_settings,
                               open_when_painted=True)
    qtbot.addWidget(window)
    assert not window.welcome.isEnabled()
    assert window.findChild(QLabel, "document_path").text() == "Opening…"

    qtbot.waitUntil(window.welcome.isEnabled)
    assert window.controller.document is None
    assert window.findChild(QLabel, "document_path").text() == ""
    assert ("no such file" in window.message_bar.text()) == bool(asked)
    window.close()


def test_the_demo_event_is_built_in_the_background_then_opened(
        qtbot, window: MainWindow, data_dir: Path):
    window.demo_spec = TINY_DEMO
    window.welcome.demo_button.click()
    builder = window.demo_builder
    assert builder is not None and builder.busy
    progress = builder.dialog
    assert isinstance(progress, QProgressDialog) and progress.isVisible()

    qtbot.waitUntil(lambda: window.controller.document is not None, timeout=120_000)

    assert window.controller.document.path == demo_path()
    assert demo_path().parent == data_dir
    assert not (data_dir / BUILDING_FILE_NAME).exists()
    assert builder.dialog is None
    assert not [w for w in QApplication.topLevelWidgets()
                if isinstance(w, QProgressDialog) and w.isVisible()]
    assert window.message_bar.kind() == INFORMATION
    assert "demo event" in window.message_bar.text()
    summary = overview(window.context.unit_of_work())
    assert summary.players == 8 and summary.sessions_played == 2

    window.action_close.trigger()  # the same file again, not a second build
    window.action_open_demo.trigger()
    assert window.controller.document.path == demo_path()
    assert not builder.busy


def test_cancelling_the_demo_leaves_no_file(
        qtbot, window: MainWindow, data_dir: Path, monkeypatch: pytest.MonkeyPatch):
    cancelled = threading.Event()
    from tournament_manager.services import demo as demo_service  # the builder imports it

    real_run_demo = demo_service.run_demo

    def held_at_session_two(uows, **options):  # the service, held until Cancel is pressed
        report = options["progress"]

        def progress(what: str, done: int, total: int) -> None:
            if done == 2:
                assert cancelled.wait(60), "the test never pressed Cancel"
            report(what, done, total)

        return real_run_demo(uows, **{**options, "progress": progress})

    monkeypatch.setattr(demo_service, "run_demo", held_at_session_two)
    window.demo_spec = TINY_DEMO

    def press_cancel(dialog) -> None:
        assert dialog.objectName() == "demo_progress"
        assert "Building the demo event" in dialog.labelText()
        dialog.findChild(type(window.welcome.demo_button)).click()
        cancelled.set()

    with answering(press_cancel) as answers:
        window.welcome.demo_button.click()
        qtbot.waitUntil(lambda: not window.demo_builder.busy, timeout=120_000)

    assert answers.seen == ["Demo Event"]
    assert window.controller.document is None
    assert window.central_pages.currentWidget() is window.welcome
    assert not demo_path().exists()
    assert list(data_dir.glob("*.tmt*")) == []
    assert not window.message_bar.isVisible()


def test_launch_runs_the_application_until_its_window_closes(
        qapp, data_dir: Path, tmp_path: Path,
        make_tournament_file: Callable[[Path, str], Path]):
    """The window comes up first, waiting; its event fills it once it is painted."""
    event = make_tournament_file(tmp_path / "club night.tmt", "Club Night")
    seen: list[str] = []
    waiting: list[bool] = []

    def close_once_open() -> None:
        windows = [w for w in QApplication.topLevelWidgets() if isinstance(w, MainWindow)]
        if not windows:
            return
        window = windows[0]
        if window.controller.document is None:
            waiting.append(not window.welcome.isEnabled())
            return
        poll.stop()
        seen.append(window.windowTitle())
        assert window.welcome.isEnabled()
        window.close()

    poll = QTimer()
    poll.timeout.connect(close_once_open)
    poll.start(0)
    # Fail, never hang; stopped afterwards, as left running it would end whatever event loop
    # runs 20 s on (a later test's dialog).
    failsafe = QTimer()
    failsafe.setSingleShot(True)
    failsafe.timeout.connect(lambda: QApplication.exit(1))
    failsafe.start(20_000)
    try:
        assert launch([str(event), "--gui-unknown-option"]) == 0
    finally:
        failsafe.stop()
        poll.stop()

    assert seen == ["Club Night — Tournament Manager"]
    assert waiting and all(waiting), "the welcome page waits while the event opens"
    assert not lock_path(event).exists()
    assert (data_dir / "settings.ini").is_file(), "preferences follow the data directory"


def _run_gui(env_changes: dict[str, str | None], tmp_path: Path) -> subprocess.CompletedProcess:
    env = {**os.environ, paths.DATA_DIR_ENV: str(tmp_path / "data")}
    for name, value in env_changes.items():
        if value is None:
            env.pop(name, None)
        else:
            env[name] = value
    return subprocess.run([sys.executable, "-m", "tournament_manager"], env=env,
                          capture_output=True, text=True, timeout=120, check=False)


def test_without_a_display_one_line_and_status_1(tmp_path: Path):
    result = _run_gui({"QT_QPA_PLATFORM": "xcb", "DISPLAY": None, "WAYLAND_DISPLAY": None},
                      tmp_path)

    assert result.returncode == 1, result.stderr
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1
    assert lines[0].startswith("tournament-manager: there is no display")
    assert "DISPLAY is not set" in lines[0]


def test_a_platform_qt_cannot_load_is_one_line_and_status_1(tmp_path: Path):
    """Past the display check, Qt's own fatal start-up failure is said, not aborted on."""
    result = _run_gui({"QT_QPA_PLATFORM": "no-such-platform"}, tmp_path)

    assert result.returncode == 1, result.stderr
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("tournament-manager: the window cannot")


@pytest.mark.parametrize(("environ", "args", "expected"), [
    ({"QT_QPA_PLATFORM": "xcb"}, (), "DISPLAY is not set"),
    ({"QT_QPA_PLATFORM": "xcb", "DISPLAY": ":0"}, (), None),
    ({}, (), "neither DISPLAY nor WAYLAND_DISPLAY"),
    ({"WAYLAND_DISPLAY": "wayland-0"}, (), None),
    ({"QT_QPA_PLATFORM": "wayland"}, (), "WAYLAND_DISPLAY is not set"),
    ({"QT_QPA_PLATFORM": "offscreen"}, (), None),
    ({"DISPLAY": ":1"}, ("-platform", "offscreen"), None),
    ({"QT_QPA_PLATFORM": "offscreen"}, ("-platform", "xcb"), "DISPLAY is not set"),
])
def test_the_display_check(environ, args, expected):
    problem = display_problem(environ, args, system="linux")
    assert (problem is None) if expected is None else (expected in problem)
    assert display_problem(environ, args, system="win32") is None


@pytest.mark.skipif(sys.platform == "win32", reason="POSIX signals")
def test_a_stop_signal_closes_the_window_as_quit_does(tmp_path: Path, make_tournament_file):
    """SIGTERM (a shutdown, a `kill`) closes the window the way File > Quit does: the
    process ends by itself and the event's lock is let go, so the next start need not take
    it over from a dead process (which it used to, with a warning)."""
    event = make_tournament_file(tmp_path / "stopped.tmt", "Stopped Cup")
    env = {**os.environ, paths.DATA_DIR_ENV: str(tmp_path / "data"),
           "QT_QPA_PLATFORM": "offscreen"}
    process = subprocess.Popen([sys.executable, "-m", "tournament_manager", str(event)],
                               env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                               text=True)
    try:
        for _ in range(600):  # the file opens once the window is painted
            if lock_path(event).exists() or process.poll() is not None:
                break
            threading.Event().wait(0.1)
        assert lock_path(event).exists(), process.communicate(timeout=30)
        process.send_signal(signal.SIGTERM)
        _out, err = process.communicate(timeout=120)
    finally:
        if process.poll() is None:
            process.kill()
            process.communicate()
    assert process.returncode == 0, err
    assert not lock_path(event).exists(), "the lock was left behind"
    log = (tmp_path / "data" / "logs" / "tournament-manager.log").read_text(encoding="utf-8")
    assert "closing on signal SIGTERM" in log
