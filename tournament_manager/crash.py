"""What happens to an exception nobody caught, and to a hard crash (after qutebrowser's
`crashsignal.py`).

- `sys.excepthook` (and `threading.excepthook`) log the traceback to the `crash` logger,
  then hand a one-paragraph summary to the callback the GUI registered with
  `set_gui_reporter`: a non-modal banner, never a blocking dialog in the middle of a round.
  Inside Qt's event loop PySide6 calls the hook and carries on, so the judge keeps working.
- `faulthandler` writes the Python stacks of a segfault or abort into `faults.log` in the
  log directory; a non-empty file found at the next start is logged and kept as
  `faults.previous.log`.
- A windowed Windows build has `sys.stdout`/`sys.stderr` set to None; they are replaced by
  the null device so that no stray `print` or library write crashes the application.

Nothing here imports Qt, so the CLI installs it too.
"""

from __future__ import annotations

import faulthandler
import logging
import os
import sys
import threading
import traceback
from collections.abc import Callable
from pathlib import Path
from types import TracebackType
from typing import IO, Final

from tournament_manager import logging_setup, paths

FAULTS_FILE_NAME: Final = "faults.log"
PREVIOUS_FAULTS_FILE_NAME: Final = "faults.previous.log"

GuiReporter = Callable[[str], object]

log = logging.getLogger(f"{logging_setup.PACKAGE_LOGGER}.crash")  # area "crash"
_gui_reporter: GuiReporter | None = None
_faults_file: IO[str] | None = None
_installed = False
_previous_excepthook = sys.excepthook
_previous_threading_hook = threading.excepthook


def set_gui_reporter(reporter: GuiReporter | None) -> None:
    """The GUI's way to show an unexpected error without blocking (None: no GUI any more)."""
    global _gui_reporter
    _gui_reporter = reporter


def summary(exc_type: type[BaseException], exc: BaseException | None) -> str:
    detail = f"{exc_type.__name__}: {exc}" if str(exc) else exc_type.__name__
    log_file = logging_setup.log_file()
    return (f"Something went wrong inside the application ({detail}). Your tournament file "
            f"is safe: every action is saved as it is made. The details are in the log file "
            f"{log_file}; please send it with a description of what you were doing.")


def excepthook(exc_type: type[BaseException], exc: BaseException,
               tb: TracebackType | None) -> None:
    if issubclass(exc_type, KeyboardInterrupt):
        _previous_excepthook(exc_type, exc, tb)
        return
    log.critical("uncaught exception\n%s",
                  "".join(traceback.format_exception(exc_type, exc, tb)).rstrip())
    if _gui_reporter is not None:
        _report_to_gui(exc_type, exc)
    else:  # the CLI: its usual one line, no traceback
        print(f"tournament-manager: internal error ({exc_type.__name__}: {exc}); "
              f"please report it with the log file {logging_setup.log_file()}", file=sys.stderr)


def _threading_excepthook(args: threading.ExceptHookArgs) -> None:
    thread = args.thread.name if args.thread is not None else "?"
    log.critical("uncaught exception in thread %s\n%s", thread, "".join(
        traceback.format_exception(args.exc_type, args.exc_value, args.exc_traceback)).rstrip())
    if threading.current_thread() is threading.main_thread():
        _report_to_gui(args.exc_type, args.exc_value)


def _report_to_gui(exc_type: type[BaseException], exc: BaseException | None) -> None:
    reporter = _gui_reporter
    if reporter is None:
        return
    try:
        reporter(summary(exc_type, exc))
    except Exception:  # the GUI is in trouble too: the log has the original already
        log.exception("could not show the error in the window")


def ensure_std_streams() -> None:
    """Give a windowed build (no console: streams are None) somewhere harmless to write."""
    if sys.stdout is None:
        sys.stdout = open(os.devnull, "w", encoding="utf-8")  # noqa: SIM115 - process-long
    if sys.stderr is None:
        sys.stderr = open(os.devnull, "w", encoding="utf-8")  # noqa: SIM115 - process-long


def install(*, gui: bool) -> None:
    """Install the hooks and faulthandler; idempotent.

    The GUI's faulthandler writes to `faults.log`; the CLI's to its stderr (a console is
    there to read it), so a CLI run never touches the file of a GUI running beside it.
    """
    global _installed, _previous_excepthook, _previous_threading_hook
    ensure_std_streams()
    if _installed:
        return
    _previous_excepthook = sys.excepthook
    _previous_threading_hook = threading.excepthook
    sys.excepthook = excepthook
    threading.excepthook = _threading_excepthook
    if gui:
        _enable_faulthandler()
    elif _has_file_descriptor(sys.stderr):
        faulthandler.enable(sys.stderr, all_threads=True)
    _installed = True


def uninstall() -> None:
    """Undo `install` (for tests)."""
    global _installed, _faults_file
    if not _installed:
        return
    sys.excepthook = _previous_excepthook
    threading.excepthook = _previous_threading_hook
    faulthandler.disable()
    if _faults_file is not None:
        _faults_file.close()
        _faults_file = None
    set_gui_reporter(None)
    _installed = False


def _has_file_descriptor(stream: IO[str]) -> bool:
    try:
        stream.fileno()
    except (AttributeError, OSError, ValueError):  # io.UnsupportedOperation is an OSError
        return False
    return True


def faults_file() -> Path:
    return paths.log_dir() / FAULTS_FILE_NAME


def _enable_faulthandler() -> None:
    global _faults_file
    path = faults_file()
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        _keep_previous_faults(path)
        _faults_file = open(path, "w", encoding="utf-8")  # noqa: SIM115 - open while running
        faulthandler.enable(_faults_file, all_threads=True)
    except OSError:
        log.warning("faulthandler could not write to %s", path, exc_info=True)


def _keep_previous_faults(path: Path) -> None:
    try:
        text = path.read_text(encoding="utf-8", errors="replace").strip()
    except FileNotFoundError:
        return
    if text:
        log.error("the previous run crashed hard:\n%s", text)
        os.replace(path, path.with_name(PREVIOUS_FAULTS_FILE_NAME))
