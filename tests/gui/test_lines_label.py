"""`LinesLabel`: a message in a fixed number of lines, the last elided, the whole in
the tooltip; its height never follows its text."""

from __future__ import annotations

from tournament_manager.gui.sheet.elide import LinesLabel

LONG = ("Hand 7 was not recorded: the value 2 is below the smallest hand of these rules, "
        "which is 5 for a chicken hand. Press Backspace to correct the value, or Esc to "
        "clear the hand and type it again; the refused hand holds the bar meanwhile.")


def test_long_text_is_cut_to_its_lines_and_short_text_is_not(qtbot) -> None:
    label = LinesLabel(2)
    qtbot.addWidget(label)
    label.resize(label.fontMetrics().averageCharWidth() * 60, label.sizeHint().height())
    label.show()
    empty_height = label.sizeHint().height()
    label.setText(LONG)
    assert label.sizeHint().height() == empty_height, "the height does not follow the text"
    lines = label.shown_lines()
    assert len(lines) == 2 and lines[-1].endswith("…") and label.is_elided()
    assert label.text() == LONG, "the whole text is kept (the tooltip shows it)"
    assert " ".join(lines).startswith("Hand 7 was not recorded: the value 2")

    label.setText("Press a seat key first.")
    assert label.shown_lines() == ["Press a seat key first."] and not label.is_elided()
    label.resize(label.fontMetrics().averageCharWidth() * 400, label.height())
    label.setText(LONG)
    assert not label.is_elided() and len(label.shown_lines()) == 1
