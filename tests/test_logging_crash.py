"""The rotating log file, the crash handler and the CLI's single line on stderr."""

from __future__ import annotations

import logging
import os
import subprocess
import sys
from collections.abc import Iterator
from logging.handlers import RotatingFileHandler
from pathlib import Path

import pytest
from PySide6.QtCore import QTimer, qWarning

from tournament_manager import crash, logging_setup, paths


@pytest.fixture
def log_file(data_dir: Path) -> Iterator[Path]:
    """Logging configured into the test's data directory, undone afterwards."""
    path = logging_setup.configure()
    assert path == data_dir / "logs" / logging_setup.LOG_FILE_NAME
    yield path
    crash.uninstall()
    logging_setup.reset()


def _flush() -> None:
    for handler in logging.getLogger().handlers:
        handler.flush()


def test_records_of_every_area_go_to_the_log_file(log_file: Path) -> None:
    logging_setup.area("storage").info("opened %s", "event.tmt")
    logging.getLogger("tournament_manager.gui.main_window").warning("window trouble")
    logging.getLogger("tournament_manager.exports").debug("not at INFO")
    _flush()
    text = log_file.read_text(encoding="utf-8")
    assert "INFO     tournament_manager.storage: opened event.tmt" in text
    assert "tournament_manager.gui.main_window: window trouble" in text
    assert "not at INFO" not in text
    with pytest.raises(ValueError, match="unknown log area"):
        logging_setup.area("nowhere")


def test_the_log_file_rotates(data_dir: Path) -> None:
    path = logging_setup.configure(max_bytes=2000, backup_count=2)
    assert path is not None
    try:
        for n in range(200):
            logging_setup.area("cli").info("record %03d %s", n, "x" * 40)
    finally:
        logging_setup.reset()
    names = sorted(p.name for p in path.parent.iterdir())
    assert names == [path.name, f"{path.name}.1", f"{path.name}.2"]
    assert all(p.stat().st_size <= 2000 for p in path.parent.iterdir())
    assert "record 199" in path.read_text(encoding="utf-8")


def test_an_unwritable_log_folder_leaves_the_application_running(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    blocker = tmp_path / "a file"
    blocker.write_text("not a folder")
    monkeypatch.setenv(paths.DATA_DIR_ENV, str(blocker))
    try:
        assert logging_setup.configure() is None
        logging_setup.area("init").warning("nowhere to go")
    finally:
        logging_setup.reset()


def test_qt_messages_are_routed_into_the_log(log_file: Path) -> None:
    logging_setup.install_qt_message_handler()
    try:
        qWarning("a warning from Qt")
    finally:
        logging_setup.uninstall_qt_message_handler()
    _flush()
    assert "WARNING  tournament_manager.qt: a warning from Qt" in log_file.read_text()


def test_the_excepthook_logs_the_traceback_and_tells_the_gui(log_file: Path) -> None:
    crash.install(gui=True)
    shown: list[str] = []
    crash.set_gui_reporter(shown.append)
    try:
        raise ValueError("bad hand number")
    except ValueError:
        sys.excepthook(*sys.exc_info())  # type: ignore[arg-type]
    _flush()
    text = log_file.read_text(encoding="utf-8")
    assert "CRITICAL tournament_manager.crash: uncaught exception" in text
    assert "Traceback" in text and 'raise ValueError("bad hand number")' in text
    assert len(shown) == 1
    assert "ValueError: bad hand number" in shown[0] and str(log_file) in shown[0]


def test_a_failing_gui_callback_is_logged_not_raised(log_file: Path) -> None:
    crash.install(gui=True)

    def broken(_text: str) -> None:
        raise RuntimeError("window gone")

    crash.set_gui_reporter(broken)
    crash.excepthook(KeyError, KeyError("x"), None)
    _flush()
    assert "could not show the error in the window" in log_file.read_text(encoding="utf-8")


@pytest.mark.qt_no_exception_capture
def test_an_exception_in_a_slot_shows_in_the_message_bar(qtbot, log_file: Path) -> None:
    from tournament_manager.gui.message_bar import MessageBar

    crash.install(gui=True)
    bar = MessageBar()
    qtbot.addWidget(bar)
    crash.set_gui_reporter(bar.show_problem)

    def slot() -> None:
        raise ZeroDivisionError("division by zero in a slot")

    QTimer.singleShot(0, slot)
    qtbot.waitUntil(lambda: "ZeroDivisionError" in bar.text(), timeout=2000)
    assert not bar.isHidden()
    _flush()
    assert "division by zero in a slot" in log_file.read_text(encoding="utf-8")


def test_a_previous_hard_crash_is_logged_and_kept(log_file: Path) -> None:
    faults = crash.faults_file()
    faults.write_text("Fatal Python error: Segmentation fault\n", encoding="utf-8")
    crash.install(gui=True)
    _flush()
    assert "the previous run crashed hard" in log_file.read_text(encoding="utf-8")
    assert (faults.parent / crash.PREVIOUS_FAULTS_FILE_NAME).read_text().startswith("Fatal")
    assert faults.read_text() == ""


def test_no_console_streams_are_replaced(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(sys, "stdout", None)
    monkeypatch.setattr(sys, "stderr", None)
    crash.ensure_std_streams()
    assert sys.stdout is not None and sys.stderr is not None
    print("goes nowhere")
    print("nor this", file=sys.stderr)
    sys.stdout.close()
    sys.stderr.close()


def _python(code: str, data_dir: Path, *args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-c", code, *args], capture_output=True, text=True,
                          timeout=120, check=False, cwd=data_dir.parent,
                          env={**os.environ, paths.DATA_DIR_ENV: str(data_dir)})


def test_a_hard_crash_of_the_gui_lands_in_the_faults_file(data_dir: Path) -> None:
    code = ("from tournament_manager import crash, logging_setup\n"
            "logging_setup.configure(); crash.install(gui=True)\n"
            "import faulthandler; faulthandler._sigsegv()\n")
    completed = _python(code, data_dir)
    assert completed.returncode != 0
    text = (data_dir / "logs" / crash.FAULTS_FILE_NAME).read_text(encoding="utf-8")
    assert "Fatal Python error: Segmentation fault" in text


def _one_line(completed: subprocess.CompletedProcess[str]) -> str:
    lines = completed.stderr.splitlines()
    assert len(lines) == 1, completed.stderr
    return lines[0]


def test_a_cli_error_is_still_one_line_on_stderr(data_dir: Path, tmp_path: Path) -> None:
    missing = tmp_path / "none.tmt"
    completed = subprocess.run(
        [sys.executable, "-m", "tournament_manager", "info", str(missing)],
        capture_output=True, text=True, timeout=120, check=False,
        env={**os.environ, paths.DATA_DIR_ENV: str(data_dir)})
    assert completed.returncode == 1
    assert _one_line(completed) == f"tournament-manager: {missing}: no such file"
    assert completed.stdout == ""


def test_a_bug_in_a_command_is_one_line_on_stderr_and_a_traceback_in_the_log(
        data_dir: Path) -> None:
    code = ("import sys\n"
            "from tournament_manager.cli.commands import info\n"
            "def broken(args): raise ZeroDivisionError('oops')\n"
            "info.run = broken\n"
            "from tournament_manager.__main__ import main\n"
            "sys.exit(main(['info', 'x.tmt']))\n")
    completed = _python(code, data_dir)
    assert completed.returncode == 70
    assert "internal error (ZeroDivisionError: oops)" in _one_line(completed)
    log_text = (data_dir / "logs" / logging_setup.LOG_FILE_NAME).read_text(encoding="utf-8")
    assert "Traceback" in log_text and "command ['info'] failed" in log_text


def test_an_exception_escaping_the_cli_is_one_line_too(data_dir: Path) -> None:
    code = ("import sys\n"
            "import tournament_manager.cli.main as cli\n"
            "def broken(args): raise LookupError('escaped')\n"
            "cli.run_cli = broken\n"
            "from tournament_manager.__main__ import main\n"
            "sys.exit(main(['info', 'x.tmt']))\n")
    completed = _python(code, data_dir)
    assert completed.returncode == 1
    line = _one_line(completed)
    assert line.startswith("tournament-manager: internal error (LookupError: escaped)")
    log_text = (data_dir / "logs" / logging_setup.LOG_FILE_NAME).read_text(encoding="utf-8")
    assert "uncaught exception" in log_text and "LookupError: escaped" in log_text


def test_score_starts_without_a_log_and_keeps_one_when_a_hand_fails(
        data_dir: Path, tmp_path: Path) -> None:
    """`score` is UNLOGGED: a clean run leaves no log behind and never loads logging; a
    hand the calculator fails on still lands in the log, in full."""
    hand = tmp_path / "hand.json"
    hand.write_text('{"concealed": "123m456m789m11p22s", "winning_tile": "2s", '
                    '"win_type": "self_draw", "seat_wind": "E"}', encoding="utf-8")
    clean = ("import sys\n"
             "from tournament_manager.__main__ import main\n"
             "code = main(['score', sys.argv[1]])\n"
             "print('logging' in sys.modules, file=sys.stderr)\n"
             "sys.exit(code)\n")
    completed = _python(clean, data_dir, str(hand))
    assert completed.returncode == 0 and completed.stderr.strip() == "False"
    assert not (data_dir / "logs" / logging_setup.LOG_FILE_NAME).exists()
    failing = ("import sys\n"
               "import tournament_manager.cli.commands.score as score\n"
               "def broken(*args): raise ZeroDivisionError('calculator')\n"
               "score.evaluate_hand = broken\n"
               "from tournament_manager.__main__ import main\n"
               "sys.exit(main(['score', sys.argv[1]]))\n")
    completed = _python(failing, data_dir, str(hand))
    assert completed.returncode == 0 and '"code": "internal_error"' in completed.stdout
    log_text = (data_dir / "logs" / logging_setup.LOG_FILE_NAME).read_text(encoding="utf-8")
    assert "hand 0 of the batch could not be scored" in log_text
    assert "ZeroDivisionError: calculator" in log_text


def test_an_exception_escaping_an_unlogged_command_is_logged_then(data_dir: Path) -> None:
    code = ("import sys\n"
            "import tournament_manager.cli.main as cli\n"
            "def broken(args): raise LookupError('escaped early')\n"
            "cli.run_cli = broken\n"
            "from tournament_manager.__main__ import main\n"
            "main(['score', 'hand.json'])\n")
    completed = _python(code, data_dir)
    assert completed.returncode == 1
    line = _one_line(completed)
    assert line.startswith("tournament-manager: internal error (LookupError: escaped early)")
    log_text = (data_dir / "logs" / logging_setup.LOG_FILE_NAME).read_text(encoding="utf-8")
    assert "uncaught exception" in log_text and "LookupError: escaped early" in log_text


def test_launch_shows_uncaught_errors_in_its_message_bar_while_it_runs(qapp) -> None:
    from PySide6.QtWidgets import QApplication

    from tournament_manager.gui.launch import launch
    from tournament_manager.gui.main_window import MainWindow

    seen: list[str] = []

    def report_then_quit() -> None:
        crash._report_to_gui(RuntimeError, RuntimeError("late bug"))
        # The launched window is the one whose bar got the report; windows of other tests
        # may still exist, so neither "the first MainWindow" nor last-window-closed will do.
        reported = [w for w in QApplication.topLevelWidgets()
                    if isinstance(w, MainWindow) and "late bug" in w.message_bar.text()]
        seen.extend(w.message_bar.text() for w in reported)
        for window in reported:
            window.close()
        QApplication.exit(0)

    QTimer.singleShot(0, report_then_quit)
    # Fail, never hang; stopped afterwards, as left running it would end whatever event loop
    # runs 20 s on (a later test's dialog).
    failsafe = QTimer()
    failsafe.setSingleShot(True)
    failsafe.timeout.connect(lambda: QApplication.exit(1))
    failsafe.start(20_000)
    try:
        assert launch([]) == 0
    finally:
        failsafe.stop()
    assert len(seen) == 1 and "RuntimeError: late bug" in seen[0]
    assert crash._gui_reporter is None, "no window, no reporter"


def test_a_log_that_cannot_be_written_stays_quiet(log_file: Path,
                                                  capsys: pytest.CaptureFixture[str]) -> None:
    """A full disk makes every write of the log fail: no traceback per record on stderr."""

    class FullDisk:
        def write(self, _text: str) -> int:
            raise OSError(28, "No space left on device")

        def flush(self) -> None:
            raise OSError(28, "No space left on device")

    logging.getLogger("tournament_manager.test").info("opens the log file")
    handler = next(h for h in logging.getLogger().handlers
                   if isinstance(h, RotatingFileHandler))
    kept = handler.stream
    handler.stream = FullDisk()  # type: ignore[assignment]
    try:
        logging.getLogger("tournament_manager.test").error("the disk is full")
    finally:
        handler.stream = kept
    assert capsys.readouterr().err == ""
