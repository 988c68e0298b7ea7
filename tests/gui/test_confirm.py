"""The questions before costly acts, as the judge reads them: whole, in readable lines.

Measured on a 1280 × 800 screen, the laptop's: Qt sizes a question box by the screen
(at most half its width before it wraps), and the tests' own offscreen screen is 800
wide, where the cut below did not show. So the box is shown in a process of its own,
on an offscreen screen of that size."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import textwrap
from pathlib import Path

QUESTIONS = [
    "Take back the cut after round 1?",
    "Leave this event for another? What is not finished in it is lost.",
    ("Spring Open Regional Championship of the Greater Metropolitan Area 2026.tmt exists "
     "already: a new event needs a file of its own."),
]

MEASURE = textwrap.dedent("""
    import json, sys
    from PySide6.QtCore import QTimer
    from PySide6.QtWidgets import QApplication, QLabel, QWidget
    app = QApplication([])
    from tournament_manager.gui.confirm import confirm
    found = []
    def look():
        box = QApplication.activeModalWidget()
        label = box.findChild(QLabel, "qt_msgbox_label")
        details = box.findChild(QLabel, "qt_msgbox_informativelabel")
        room = label.contentsRect()
        found.append({
            "screen": box.screen().availableGeometry().width(),
            "wrapped": label.wordWrap(),
            "needed": (label.heightForWidth(room.width()) if label.wordWrap()
                       else label.fontMetrics().horizontalAdvance(label.text())),
            "room": room.height() if label.wordWrap() else room.width(),
            "inside": box.rect().contains(label.geometry()),
            "details": details.width(),
            "character": box.fontMetrics().averageCharWidth()})
        box.reject()
    parent = QWidget()
    for question in json.loads(sys.argv[1]):
        QTimer.singleShot(200, look)
        confirm(parent, "Question", question, "Hand 2 of table 1 is typed but not entered.",
                "Go On")
    print(json.dumps(found))
""")


def test_a_question_is_shown_whole_and_its_details_in_readable_lines(tmp_path: Path) -> None:
    """Given a minimum width, the question's own label was neither wrapped nor widened:
    "Leave this event for another? What is not finished in it i" was cut. Narrow, the
    details stood in a column seven lines high."""
    from tournament_manager.gui.confirm import READABLE_LINE

    screens = tmp_path / "screens.json"
    screens.write_text(json.dumps({"screens": [{
        "name": "laptop", "x": 0, "y": 0, "width": 1280, "height": 800,
        "logicalDpi": 96, "logicalBaseDpi": 96, "dpr": 1}]}))
    environment = dict(os.environ, QT_QPA_PLATFORM=f"offscreen:configfile={screens}")
    shown = subprocess.run([sys.executable, "-c", MEASURE, json.dumps(QUESTIONS)],
                           capture_output=True, text=True, env=environment, check=True,
                           timeout=120)
    found = json.loads(shown.stdout.strip().splitlines()[-1])
    assert len(found) == len(QUESTIONS)
    for question, box in zip(QUESTIONS, found, strict=True):
        assert box["screen"] == 1280
        assert box["needed"] <= box["room"] + 1, f"cut: {question}"
        assert box["inside"], question
        assert box["details"] >= box["character"] * READABLE_LINE
