"""How soon a window shows another station's change to a server event: the time from
the other station's commit to the window's `changed_elsewhere` (its pages then read the
event again). Target: within 2 s.

    QT_QPA_PLATFORM=offscreen .venv/bin/python -m benchmarks.bench_refresh --changes 20

Needs Debian's postgresql installed (as .ci/run does)."""

from __future__ import annotations

import argparse
import os
import random
import statistics
import tempfile
import time
from pathlib import Path

from PySide6.QtCore import QEventLoop, QTimer
from PySide6.QtWidgets import QApplication

from tests.helpers.postgres import postgres_server
from tournament_manager import paths
from tournament_manager.application.events import create_event, open_event, parse_address
from tournament_manager.application.stations import Station, StationRole
from tournament_manager.domain.model import Player
from tournament_manager.domain.presets import Preset, preset_settings
from tournament_manager.gui.document_controller import DocumentController
from tournament_manager.services.players import register_player
from tournament_manager.services.tournaments import create_tournament


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--changes", type=int, default=20)
    args = parser.parse_args()
    app = QApplication.instance() or QApplication([])
    with tempfile.TemporaryDirectory() as folder, postgres_server() as base:
        os.environ[paths.DATA_DIR_ENV] = str(Path(folder) / "data")
        address = parse_address(base + "bench_refresh")
        made = create_event(address)
        create_tournament(made.unit_of_work(), "Refresh Open", preset_settings(Preset.OPEN))
        made.close()
        window = DocumentController()
        assert window.open(address, station=Station("Projector", StationRole.PROJECTOR))
        other = open_event(address, station=Station("Desk 2", StationRole.RESULTS_DESK))
        delays: list[float] = []
        committed: list[float] = []
        rng = random.Random(1)

        def change(n: int) -> None:
            register_player(other.unit_of_work(), Player(name=f"Late {n}"))
            committed.append(time.perf_counter())

        for n in range(args.changes):
            loop = QEventLoop()
            window.changed_elsewhere.connect(loop.quit)
            # At any moment between two looks, as another station's act would come.
            QTimer.singleShot(rng.randrange(1000), lambda n=n: change(n))
            loop.exec()
            delays.append(time.perf_counter() - committed[-1])
            window.changed_elsewhere.disconnect(loop.quit)
        other.close()
        window.close()
    print(f"{args.changes} changes by another station: shown after median "
          f"{statistics.median(delays):.2f} s, longest {max(delays):.2f} s (poll every 1 s)")
    del app


if __name__ == "__main__":
    main()
