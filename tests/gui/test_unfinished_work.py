"""Closing, quitting or leaving the event asks first when work typed is not in it yet: a
hand in the entry bar, a draw computed and not published, the players form. Ctrl+Q with
"E S 35" typed, or Ctrl+W with a minute's draw held, threw them away without a word."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import Qt
from PySide6.QtTest import QTest

from tests.gui.modal import answering, click
from tournament_manager.domain.model import Player
from tournament_manager.domain.presets import Preset, preset_settings
from tournament_manager.gui.main_window import MainWindow
from tournament_manager.services.players import register_player
from tournament_manager.services.tournaments import create_tournament
from tournament_manager.storage.document import create_document


def _asked(answer: str, seen: list[tuple[str, str]]):
    def handler(box) -> None:
        seen.append((box.text(), box.informativeText()))
        click(box, answer)
    return handler


def test_closing_with_a_hand_typed_asks_and_no_keeps_it(event_window: MainWindow):
    window = event_window
    window.show_page(window.sheets_page)
    entry = window.sheets_page.sheet.entry
    entry.value_edit.setFocus()
    QTest.keyClicks(entry.value_edit, "ES35")
    seen: list[tuple[str, str]] = []
    with answering(_asked("confirm_no", seen)):
        window.action_close.trigger()
    assert seen == [("Close the event? What is not finished in it is lost.",
                     "Hand 1 of table 1 is typed but not entered.")]
    assert window.controller.document is not None and entry.value_edit.text() == "35"

    with answering(_asked("confirm_no", seen)):
        window.action_quit.trigger()
    assert seen[-1][0] == "Quit? What is not finished in the event is lost."
    assert window.isVisible() and window.controller.document is not None

    with answering(_asked("confirm_yes", seen)):
        window.action_close.trigger()
    assert window.controller.document is None


def test_leaving_a_held_draw_and_a_typed_player_for_another_event_asks(
        window: MainWindow, tmp_path: Path,
        make_tournament_file) -> None:
    path = tmp_path / "held.tmt"
    with create_document(path) as document:
        create_tournament(document.unit_of_work(), "Draw Day", preset_settings(Preset.OPEN, 4))
        for i in range(8):
            register_player(document.unit_of_work(), Player(name=f"Player {i:02}"))
    other = make_tournament_file(tmp_path / "other.tmt", "Other Cup")
    assert window.controller.open(path)
    window.seating_page.draw(time_limit=2)
    players = window.players_page
    window.show_page(players)
    players.fields["name"].setText("Late Larry")
    seen: list[tuple[str, str]] = []
    with answering(_asked("confirm_no", seen)):
        window.open_path(other)
    assert seen == [("Leave this event for another? What is not finished in it is lost.",
                     ("A new player is typed in the form and not added.\n"
                      "The draw of session 1 is computed but not published."))]
    assert window.controller.document.path == path
    assert window.seating_page.unfinished()

    with answering(_asked("confirm_yes", seen)):
        window.open_path(other)
    assert window.windowTitle() == "Other Cup — Tournament Manager"
    assert not window.seating_page.unfinished() and not players.unfinished()


def test_nothing_unfinished_closes_without_a_question(event_window: MainWindow):
    """A stored hand opened to look at it (F2) and left as it is loses nothing."""
    window = event_window
    window.show_page(window.sheets_page)
    sheet = window.sheets_page.sheet
    sheet.entry.value_edit.setFocus()
    QTest.keyClicks(sheet.entry.value_edit, "EW30")
    QTest.keyClick(sheet.entry.value_edit, Qt.Key.Key_Return)
    sheet.grid.setFocus()
    sheet.grid.setCurrentIndex(sheet.model.index(0, 0))
    QTest.keyClick(sheet.grid, Qt.Key.Key_F2)
    assert sheet.entry.replacing
    window.action_close.trigger()  # an unexpected question fails the test
    assert window.controller.document is None


def test_setup_typed_and_not_applied_is_unfinished_work(window: MainWindow, tmp_path: Path):
    """The Setup page's name, venue and settings as stored read as nothing unfinished, in
    every rule set and preset; typed and not applied, closing asks."""
    from tests.gui.event_files import cut_event_file, seated_event_file
    from tournament_manager.domain.presets import Preset as Presets

    events = [seated_event_file(tmp_path / "zj.tmt")[0],
              seated_event_file(tmp_path / "mcr.tmt", rule_set="mcr")[0],
              seated_event_file(tmp_path / "classic.tmt", rule_set="classic")[0],
              seated_event_file(tmp_path / "wsom.tmt", preset=Presets.WSOM_2015,
                                running=False)[0],
              cut_event_file(tmp_path / "cut.tmt")[0]]
    new = tmp_path / "new.tmt"
    with create_document(new) as document:
        create_tournament(document.unit_of_work(), "Not Drawn", preset_settings(Preset.OPEN, 4))
    for path in [*events, new]:
        assert window.controller.open(path)
        assert window.setup_page.unfinished() == "", path.name
    window.setup_page.form.venue.setText("Hall B")
    seen: list[tuple[str, str]] = []
    with answering(_asked("confirm_no", seen)):
        window.action_close.trigger()
    assert seen == [("Close the event? What is not finished in it is lost.",
                     "Changes on the Setup page are not applied.")]


def test_a_line_typed_on_the_results_desk_is_unfinished_work(window: MainWindow,
                                                            tmp_path: Path):
    from tests.gui.event_files import seated_event_file
    from tests.gui.test_transcription import _desk

    path, _seated = seated_event_file(tmp_path / "desk.tmt")
    _page, desk = _desk(window, path)
    QTest.keyClicks(desk.line, "E W 30")
    seen: list[tuple[str, str]] = []
    with answering(_asked("confirm_no", seen)):
        window.action_close.trigger()
    assert seen == [("Close the event? What is not finished in it is lost.",
                     "A line typed from table 1's paper sheet is not entered.")]
    assert window.controller.document is not None


def test_a_penalty_typed_and_not_added_is_unfinished_work(event_window: MainWindow):
    from tournament_manager.domain.model import PenaltyReason

    window = event_window
    panel = window.sheets_page.sheet.penalties
    window.show_page(window.sheets_page)
    assert not panel.unfinished()  # the false win's own points are not typing
    panel.reason.setCurrentIndex(panel.reason.findData(PenaltyReason.FALSE_WIN))
    assert not panel.unfinished()
    panel.reason.setCurrentIndex(panel.reason.findData(PenaltyReason.TIME))
    panel.seconds.setValue(40)
    panel.note.setText("ignored the warning")
    seen: list[tuple[str, str]] = []
    with answering(_asked("confirm_no", seen)):
        window.action_quit.trigger()
    assert seen == [("Quit? What is not finished in the event is lost.",
                     "A penalty typed for table 1 is not added.")]
