"""`tournament-manager --smoke-test`: does this installation really work, end to end?

Meant for a frozen build straight out of PyInstaller (after qutebrowser's `smoke_test()` in
`scripts/dev/build_release.py`): a missing hidden import, data file, migration script,
font, native library or Qt plugin makes one of the steps fail. In a temporary data
directory (the user's files are never touched) it

1. creates a tournament file (running the alembic migrations) and opens it again,
2. scores a Zung Jung hand from its JSON form,
3. seats a table and enters that hand on its score sheet,
4. writes the score sheets as a PDF and the results as an Excel workbook, and verifies the
   file in a process of its own, as a large export does (the frozen entry point must
   answer that spawned child),
5. solves a tiny CP-SAT model (the seating solver's native library),
6. serves the table page (uvicorn, whose protocol modules are imported by name at run time)
   on a local port and logs table 1 in with its code,
7. shows the main window on the file (offscreen unless QT_QPA_PLATFORM says otherwise),

then prints one line, `SMOKE OK ...`, and exits 0. On failure it prints one line,
`SMOKE FAILED at <step>: <error> (log: <file>)`, keeps the temporary folder with the log
for a look, and exits 1.
"""

from __future__ import annotations

import logging
import os
import shutil
import sys
import tempfile
import time
import zipfile
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from tournament_manager import __version__, crash, logging_setup, paths
from tournament_manager.errors import TournamentError

QPA_ENV = "QT_QPA_PLATFORM"
SMOKE_HAND: dict[str, Any] = {  # all chows, concealed, a pair: 5 + 5 = 10 points
    "concealed": ["1m", "2m", "3m", "4p", "5p", "6p", "7s", "8s", "9s", "2s", "3s", "E", "E"],
    "melds": [],
    "winning_tile": "4s",
    "win_type": "discard",
    "seat_wind": "S",
}

log = logging.getLogger(f"{logging_setup.PACKAGE_LOGGER}.smoke")  # area "smoke"


class SmokeFailure(TournamentError):
    pass


@dataclass
class SmokeRun:
    """The temporary folder of one run and what the steps found."""

    folder: Path
    facts: dict[str, str] = field(default_factory=dict)

    @property
    def document_path(self) -> Path:
        return self.folder / "smoke.tmt"


def _check(condition: bool, message: str) -> None:
    if not condition:
        raise SmokeFailure(message)


def step_document(run: SmokeRun) -> None:
    from tournament_manager.application.events import create_event, open_event
    from tournament_manager.domain.presets import Preset, preset_settings
    from tournament_manager.services.tournaments import create_tournament

    document = create_event(run.document_path)
    try:
        create_tournament(document.unit_of_work(), "Smoke Test Open",
                          preset_settings(Preset.WSOM_2015))
    finally:
        document.close(backup=False)
    with (open_event(run.document_path) as reopened,  # lock, quick_check, schema
          reopened.unit_of_work() as uow):
        sessions = len(uow.sessions.list())
    _check(sessions > 0, "the new tournament has no sessions")
    run.facts["sessions"] = str(sessions)


def score_smoke_hand() -> int:
    from tournament_manager.rules import get_rule_set
    from tournament_manager.rules.hand_json import evaluate_hand

    rule_set = get_rule_set("zung-jung")
    report = evaluate_hand(SMOKE_HAND, rule_set, rule_set.default_options())
    _check(report.result.valid, f"the smoke hand did not score: {report.result.problem}")
    return int(report.result.value)


def step_score(run: SmokeRun) -> None:
    from tournament_manager.application.events import open_event
    from tournament_manager.domain.model import HandResult, Player, Win, WinType
    from tournament_manager.services.players import register_player
    from tournament_manager.services.score_sheets import HandEntry, enter_hand
    from tournament_manager.services.sessions import start_session
    from tournament_manager.services.tables import publish_seating, seat_table

    value = score_smoke_hand()
    with open_event(run.document_path) as document:
        ids = [register_player(document.unit_of_work(), Player(name=name)).id
               for name in ("Ørjan Åsmund", "李小龍", "Ana Núñez", "Kenji Sato")]
        with document.unit_of_work() as uow:
            session_id = next(s.id for s in uow.sessions.list() if s.number == 1)
        table = seat_table(document.unit_of_work(), session_id, 1, ids)  # E, S, W, N
        publish_seating(document.unit_of_work(), session_id)
        start_session(document.unit_of_work(), session_id, lambda: None)
        south, west = ids[1], ids[2]
        hand = enter_hand(document.unit_of_work(), table.id, HandEntry(
            HandResult.WIN, WinType.DISCARD, west, (Win(south, value, west),)))
    _check(sum(dict(hand.deltas).values()) == 0, "the hand's payments do not add up to zero")
    run.facts["hand"] = f"{value}pts"


def step_exports(run: SmokeRun) -> None:
    from tournament_manager.application.events import open_event
    from tournament_manager.exports.jobs import ExportKind, run_export

    pdf_out, xlsx_out = run.folder / "sheets.pdf", run.folder / "results.xlsx"
    with open_event(run.document_path, read_only=True) as document:
        pdf = run_export(document.unit_of_work(), ExportKind.SHEETS, pdf_out, session_number=1)
        xlsx = run_export(document.unit_of_work(), ExportKind.WORKBOOK, xlsx_out)
    pdf_bytes = pdf.read_bytes()
    _check(pdf_bytes.startswith(b"%PDF-") and b"%%EOF" in pdf_bytes[-64:],
           f"{pdf.name} is not a complete PDF")
    _check(b"/FontFile2" in pdf_bytes, f"{pdf.name} does not embed its TrueType font")
    with zipfile.ZipFile(xlsx) as archive:
        _check("xl/workbook.xml" in archive.namelist(), f"{xlsx.name} is not a workbook")
    run.facts["pdf"] = f"{len(pdf_bytes)}B"
    run.facts["xlsx"] = f"{xlsx.stat().st_size}B"
    with open_event(run.document_path, read_only=True) as document, \
            document.unit_of_work() as uow:
        pending = uow.verify_aside()
        if pending is None:
            raise SmokeFailure("this build cannot verify in a process aside")
        report = pending.result()
    _check(pending.aside, "the verification process gave no report")
    _check(report.ok, f"the file does not verify: {report}")
    run.facts["verified"] = "aside"


def step_solver(run: SmokeRun) -> None:
    from ortools.sat.python import cp_model

    model = cp_model.CpModel()
    x = model.new_int_var(0, 3, "x")
    y = model.new_int_var(0, 3, "y")
    model.add(x + y == 5)
    model.add(x > y)
    solver = cp_model.CpSolver()
    solver.parameters.num_workers = 1
    status = solver.solve(model)
    _check(status in (cp_model.OPTIMAL, cp_model.FEASIBLE), "CP-SAT found no solution")
    _check((solver.value(x), solver.value(y)) == (3, 2), "CP-SAT gave a wrong solution")
    run.facts["cp-sat"] = "ok"


def step_table_server(run: SmokeRun) -> None:
    import json
    import threading
    import urllib.request

    import uvicorn

    from tournament_manager.application.events import open_event
    from tournament_manager.web.server import listen, table_side

    with open_event(run.document_path) as document:
        side = table_side(document.unit_of_work, str(run.document_path))
        code = side.table_codes()[0][2]
        listening = listen("127.0.0.1", 0)
        port = listening.getsockname()[1]
        server = uvicorn.Server(uvicorn.Config(side.app, log_level="warning"))
        thread = threading.Thread(target=server.run, kwargs={"sockets": [listening]},
                                  daemon=True)
        thread.start()
        try:
            base = f"http://127.0.0.1:{port}"
            with urllib.request.urlopen(base + "/", timeout=30) as page:
                _check(b"Open the sheet" in page.read(), "the table page is not served")
            login = urllib.request.Request(base + "/api/login", method="POST",
                                           data=json.dumps({"code": code}).encode(),
                                           headers={"Content-Type": "application/json"})
            with urllib.request.urlopen(login, timeout=30) as answer:
                table = json.loads(answer.read())["table"]
            _check(table == 1, f"table 1's code opened table {table}")
        finally:
            server.should_exit = True
            thread.join(timeout=30)
            listening.close()
    run.facts["table-side"] = "ok"


def step_gui(run: SmokeRun) -> None:
    os.environ.setdefault(QPA_ENV, "offscreen")
    from PySide6.QtCore import QSettings
    from PySide6.QtWidgets import QApplication

    from tournament_manager.gui.launch import start_main_window
    from tournament_manager.gui.settings import AppSettings

    app = QApplication.instance() or QApplication([sys.argv[0] if sys.argv else "smoke"])
    logging_setup.install_qt_message_handler()  # Qt's chatter goes to the log, not stderr
    settings = AppSettings(QSettings(str(run.folder / "settings.ini"),
                                     QSettings.Format.IniFormat))
    window = start_main_window(run.document_path, settings)
    try:
        app.processEvents()
        title = window.windowTitle()
        _check("Smoke Test Open" in title, f"the main window shows {title!r}")
    finally:
        window.close()
        window.deleteLater()
        app.processEvents()
        logging_setup.uninstall_qt_message_handler()
    run.facts["gui"] = QApplication.platformName()


STEPS: tuple[tuple[str, Callable[[SmokeRun], None]], ...] = (
    ("document", step_document),
    ("score", step_score),
    ("exports", step_exports),
    ("solver", step_solver),
    ("table-server", step_table_server),
    ("gui", step_gui),
)


@contextmanager
def _data_dir(folder: Path) -> Iterator[None]:
    previous = os.environ.get(paths.DATA_DIR_ENV)
    os.environ[paths.DATA_DIR_ENV] = str(folder / "data")
    try:
        yield
    finally:
        if previous is None:
            del os.environ[paths.DATA_DIR_ENV]
        else:
            os.environ[paths.DATA_DIR_ENV] = previous


def run_smoke_test(args: Sequence[str] = (), *, steps: Sequence[
        tuple[str, Callable[[SmokeRun], None]]] = STEPS) -> int:
    """Run every step; print one line; 0 when all passed."""
    crash.ensure_std_streams()
    if args:
        print(f"SMOKE FAILED: unexpected arguments {' '.join(args)}", file=sys.stderr)
        return 2
    started = time.monotonic()
    run = SmokeRun(Path(tempfile.mkdtemp(prefix="tournament-manager-smoke-")))
    with _data_dir(run.folder):
        log_file = logging_setup.configure()
        current = "start"
        try:
            log.info("smoke test of version %s in %s", __version__, run.folder)
            for current, step in steps:
                step(run)
                log.info("step %s passed", current)
        except Exception as error:
            log.exception("smoke test failed at %s", current)
            message = str(error).splitlines()[0] if str(error) else ""
            print(f"SMOKE FAILED at {current}: {type(error).__name__}: {message} "
                  f"(log: {log_file}, folder kept)", file=sys.stderr)
            return 1
        finally:
            logging_setup.reset()
    shutil.rmtree(run.folder, ignore_errors=True)
    facts = " ".join(f"{key}={value}" for key, value in run.facts.items())
    frozen = "frozen" if getattr(sys, "frozen", False) else "source"
    print(f"SMOKE OK version={__version__} {frozen} {facts} "
          f"time={time.monotonic() - started:.1f}s")
    return 0
