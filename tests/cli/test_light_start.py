"""The command line starts light: `score`, `--help` and `--version` import neither the
storage stack (SQLAlchemy, alembic), nor the PDF and Excel writers, nor Qt; `info` of a
current event file none of them either (`storage.glance_reader`). Checked on `sys.modules`
after a real run, in a fresh interpreter (issue: every command took over two seconds before
doing anything)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

HEAVY = ("sqlalchemy", "alembic", "reportlab", "openpyxl", "PySide6", "ortools", "starlette")
RUN = ("import sys, contextlib, io\n"
       "from tournament_manager.__main__ import main\n"
       "out = io.StringIO()\n"
       "with contextlib.redirect_stdout(out):\n"
       "    try:\n"
       "        code = main({args!r})\n"
       "    except SystemExit as stop:\n"
       "        code = stop.code\n"
       "print(sorted({{m.split('.')[0] for m in sys.modules}} & set({heavy!r})))\n"
       "print(code)\n")


def _loaded(args: list[str]) -> tuple[list[str], str]:
    shown = subprocess.run([sys.executable, "-c", RUN.format(args=args, heavy=HEAVY)],
                           capture_output=True, text=True, check=True).stdout.splitlines()
    return json.loads(shown[-2].replace("'", '"')), shown[-1]


@pytest.mark.parametrize("args", [["--help"], ["--version"], ["score", "--help"]])
def test_help_and_version_load_nothing_heavy(args: list[str]) -> None:
    loaded, code = _loaded(args)
    assert loaded == [] and code == "0"


def test_scoring_a_hand_loads_nothing_heavy(tmp_path: Path) -> None:
    hand = tmp_path / "hand.json"
    hand.write_text(json.dumps({"concealed": "123m456m789m11p22s", "winning_tile": "2s",
                                "win_type": "self_draw", "seat_wind": "E"}))
    loaded, code = _loaded(["score", "--rules", "zung-jung", str(hand)])
    assert loaded == [] and code == "0"


def test_info_of_a_current_file_loads_nothing_heavy(tmp_path: Path) -> None:
    from tournament_manager.domain.presets import Preset, preset_settings
    from tournament_manager.services.tournaments import create_tournament
    from tournament_manager.storage.document import create_document

    path = tmp_path / "event.tmt"
    with create_document(path) as document:
        create_tournament(document.unit_of_work(), "Light Open", preset_settings(Preset.OPEN))
    loaded, code = _loaded(["info", str(path)])
    assert loaded == [] and code == "0"  # read by storage.glance_reader: no SQLAlchemy either
