"""The results desk's key presses: typical 16-hand paper sheets typed into the real
transcription grid with real key events, one table after another.

    .venv/bin/python -m benchmarks.bench_transcription [--sheets 40] [--seed 1]

Each sheet is drawn at random as a table plays (about one hand in six drawn, a quarter of
the wins self-drawn, values mostly 25-40: `tests.helpers.paper_sheets`), typed as one
stream in lower case (only "+" would need Shift) with the paper's final running totals,
Enter, then F9 and Enter on the confirmation; the next table opens by itself. Every sheet
is read back and must hold exactly the hands typed, with the paper's totals. Prints the
key presses per sheet (mean, least, most) and the seconds a sheet took on this machine.
Target: under 90 presses on average, one action per field.
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import tempfile
import time
from pathlib import Path

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

from PySide6.QtCore import QSettings, Qt
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication

from tests.gui.event_files import seated_event_file
from tests.gui.modal import answering, click
from tests.helpers.paper_sheets import paper_totals, random_sheet, zung_jung_totals
from tournament_manager import paths
from tournament_manager.gui.main_window import MainWindow
from tournament_manager.gui.settings import AppSettings
from tournament_manager.services.views import sheet_view


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sheets", type=int, default=40)
    parser.add_argument("--seed", type=int, default=1)
    options = parser.parse_args()
    app = QApplication.instance() or QApplication([])
    rng = random.Random(options.seed)
    with tempfile.TemporaryDirectory() as folder:
        os.environ[paths.DATA_DIR_ENV] = str(Path(folder) / "data")
        settings = AppSettings(QSettings(str(Path(folder) / "settings.ini"),
                                         QSettings.Format.IniFormat))
        path, seated = seated_event_file(Path(folder) / "desk.tmt",
                                         players=4 * options.sheets, hands=16)
        window = MainWindow(settings)
        window.resize(1280, 800)
        window.show()
        assert window.controller.open(path)
        window.show_page(window.sheets_page)
        page = window.sheets_page
        page.transcribing.setChecked(True)
        desk = page.transcription
        desk.typist.setText("bench")
        page.tables.setCurrentRow(0)
        presses, seconds = [], []
        for table_id in seated.tables:
            assert desk.view is not None and desk.view.table.id == table_id
            sheet = random_sheet(rng)
            paper = zung_jung_totals(sheet)
            stream = ("".join(sheet) + paper_totals(paper[-1])).lower()
            started = time.perf_counter()
            for char in stream:
                QTest.keyClicks(desk.line, char)
            QTest.keyClick(desk.line, Qt.Key.Key_Return)
            with answering(lambda box: click(box, "confirm_yes")):
                QTest.keyClick(desk.line, Qt.Key.Key_F9)
            seconds.append(time.perf_counter() - started)
            presses.append(len(stream) + stream.count("+") + 1 + 2)  # Enter; F9, Enter
            view = sheet_view(window.controller.document.unit_of_work(), table_id)
            assert view.locked and [r.running for r in view.rows] == paper, table_id
        window.close()
        app.processEvents()
    print(f"{len(presses)} sheets of 16 hands (Zung Jung), seed {options.seed}")
    print(f"key presses per sheet: mean {statistics.mean(presses):.1f}, "
          f"least {min(presses)}, most {max(presses)} (target: mean under 90)")
    print(f"seconds per sheet, typed by the script: mean {statistics.mean(seconds):.2f}, "
          f"most {max(seconds):.2f}")


if __name__ == "__main__":
    main()
