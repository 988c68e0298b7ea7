"""Render page 1 of a filled score sheet to `docs/score-sheet.png` for a visual check.

Builds the sample event of the export tests in a temporary file, exports its score
sheets (A4) and rasterises the corrected sheet with poppler's `pdftoppm`:

    cd /work/main && .venv/bin/python docs/make_pdf_preview.py [--paper letter] [--dpi 60]
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--paper", default="a4", choices=("a4", "letter"))
    parser.add_argument("--dpi", type=int, default=60)
    parser.add_argument("--out", type=Path, default=ROOT / "docs" / "score-sheet.png")
    parser.add_argument("--what", default="sheets")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as work:
        os.environ.setdefault("TOURNAMENT_MANAGER_DATA_DIR", work)
        from reportlab import rl_config

        from tests.exports.sample_event import build_sample_event
        from tournament_manager.domain.presets import Preset, preset_settings
        from tournament_manager.exports.jobs import ExportKind, PaperSize, run_export
        from tournament_manager.services.tournaments import create_tournament
        from tournament_manager.storage.document import create_document

        rl_config.invariant = 1
        document = create_document(Path(work) / "preview.tmt")
        try:
            create_tournament(document.unit_of_work(), "Sydney Mahjong Masters 2026",
                              preset_settings(Preset.WSOM_2015))
            build_sample_event(document)
            pdf = run_export(document.unit_of_work(), ExportKind(args.what),
                             Path(work) / "sheets.pdf", session_number=1,
                             paper=PaperSize(args.paper))
        finally:
            document.close(backup=False)
        prefix = Path(work) / "page"
        subprocess.run(["pdftoppm", "-r", str(args.dpi), "-png", "-f", "1", "-l", "1",
                        "-singlefile", str(pdf), str(prefix)], check=True)
        args.out.write_bytes(prefix.with_suffix(".png").read_bytes())
    print(args.out)


if __name__ == "__main__":
    main()
