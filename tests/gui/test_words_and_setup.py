"""What the shell says: settings in words, not codes; dates in the locale's way; success
with the information icon and problems with the warning sign; and the Setup page's
changes after the start (the event's name, the head judge's name), through real dialogs."""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Iterator
from datetime import UTC, datetime
from pathlib import Path

import pytest
from PySide6.QtCore import QLocale
from PySide6.QtWidgets import QCheckBox, QComboBox, QLabel, QSpinBox

from tests.helpers.head_judge import PASSPHRASE
from tournament_manager.gui import document_dialogs
from tournament_manager.gui.formatting import local_date_time
from tournament_manager.gui.main_window import MainWindow
from tournament_manager.gui.message_bar import INFORMATION, PROBLEM
from tournament_manager.gui.settings import AppSettings
from tournament_manager.services.head_judge import head_judge
from tournament_manager.services.setup import round_summaries
from tournament_manager.services.tournaments import overview

from .canned import CannedDialogs
from .modal import answering, child, click, type_into

CODE_LIKE = re.compile(r"_|^(True|False|None)$|: (True|False|None)$")
"""Underscores or Python's constants: a code, not words."""


def _form_texts(window: MainWindow) -> list[str]:
    form = window.setup_page.form
    texts = [label.text() for label in form.findChildren(QLabel) if label.text()]
    for combo in form.findChildren(QComboBox):
        texts += [combo.itemText(i) for i in range(combo.count())]
    texts += [box.text() for box in form.findChildren(QCheckBox)]
    return texts


@pytest.mark.parametrize("rule_set", ["zung-jung", "mcr", "classic"])
def test_the_setup_form_reads_as_words_not_codes(window: MainWindow, tmp_path: Path,
                                                 make_tournament_file, rule_set: str):
    window.controller.open(make_tournament_file(tmp_path / "words.tmt", "Words Cup"))
    form = window.setup_page.form
    form.rule_set.setCurrentIndex(form.rule_set.findData(rule_set))
    texts = _form_texts(window)
    assert [text for text in texts if CODE_LIKE.search(text)] == []
    combos = form.findChildren(QComboBox)
    items = [c.itemText(i) for c in combos for i in range(c.count())]
    assert [item for item in items if not item[:1].isupper() and not item[:1].isdigit()] == []
    rotation = form.enums["seat_rotation"]
    assert [rotation.itemText(i) for i in range(rotation.count())] == [
        "As Seat pick says", "MCR rotation: West deals third",
        "MCR rotation: North deals third"]
    kind = form.round_kind(0)
    assert kind.currentText() == "Preliminary"


def test_an_mcr_switch_defaults_to_on_or_off(window: MainWindow, tmp_path: Path,
                                             make_tournament_file):
    window.controller.open(make_tournament_file(tmp_path / "mcr.tmt", "MCR Cup"))
    form = window.setup_page.form
    form.rule_set.setCurrentIndex(form.rule_set.findData("mcr"))
    hints = [label.text() for label in form.findChildren(QLabel)
             if label.text().startswith("default: ")]
    assert "default: on" in hints and "default: off" in hints
    assert "default: Green Book (MCR 2006)" in hints


def _hint(window: MainWindow, field: str) -> str:
    return window.setup_page.form.findChild(QLabel, f"default_{field}").text()


def test_the_defaults_shown_follow_the_rule_sets_customs(window: MainWindow,
                                                         tmp_path: Path, make_tournament_file):
    """Under MCR an event starts with table points, the MCR seat rotation and a false win
    of 30 paid to the other three: those are its defaults, not Zung Jung's (seen under
    Xvfb: "default: Match points" beside an MCR event's table points)."""
    window.controller.open(make_tournament_file(tmp_path / "customs.tmt", "Customs Cup"))
    form = window.setup_page.form
    assert _hint(window, "setting_session_conversion") == "default: Match points"
    assert _hint(window, "setting_false_win_points") == "default: 0 (an incident)"
    form.rule_set.setCurrentIndex(form.rule_set.findData("mcr"))
    assert form.enums["session_conversion"].currentText() == "Table points (4, 2, 1, 0)"
    assert _hint(window, "setting_session_conversion") == "default: Table points (4, 2, 1, 0)"
    assert _hint(window, "setting_seat_rotation") == "default: MCR rotation: West deals third"
    assert _hint(window, "setting_false_win_points") == "default: 30, paid to the other three"
    assert _hint(window, "setting_hands") == "default: 16"
    form.rule_set.setCurrentIndex(form.rule_set.findData("zung-jung"))
    assert _hint(window, "setting_session_conversion") == "default: Match points"
    # back to the event's own rule set: its own values, not MCR's, are what Apply saves
    assert form.enums["session_conversion"].currentText() == "Match points"
    assert form.enums["seat_rotation"].currentText() == "As Seat pick says"
    assert form.false_win_points.value() == 0


def test_an_mcr_event_opens_with_its_own_defaults_shown(window: MainWindow, tmp_path: Path):
    """An MCR event made by File > New's path shows its customs as the defaults."""
    from tournament_manager.domain.presets import Preset, preset_settings
    from tournament_manager.services.tournaments import create_tournament
    from tournament_manager.storage.document import create_document

    path = tmp_path / "mcr-open.tmt"
    document = create_document(path)
    try:
        create_tournament(document.unit_of_work(), "MCR Open",
                          preset_settings(Preset.OPEN, 8, rule_set="mcr"))
    finally:
        document.close()
    window.controller.open(path)
    assert _hint(window, "setting_session_conversion") == "default: Table points (4, 2, 1, 0)"
    assert _hint(window, "setting_false_win_points") == "default: 30, paid to the other three"


def test_round_kinds_are_chosen_in_words_and_stored_as_codes(window: MainWindow,
                                                             tmp_path: Path,
                                                             make_tournament_file):
    window.controller.open(make_tournament_file(tmp_path / "kinds.tmt", "Kinds Cup"))
    form = window.setup_page.form
    form.preset.setCurrentIndex(form.preset.findData("wsom_2015"))
    form.apply_preset.click()
    kinds = [form.round_kind(row).currentText() for row in range(form.rounds.rowCount())]
    assert kinds[0] == "Preliminary" and kinds[-1] == "Final"
    window.setup_page.apply_button.click()
    rounds = round_summaries(window.context.unit_of_work())
    assert [r.round.kind.value for r in rounds][:2] == ["preliminary", "elimination"]
    cuts = window.cuts_page.table
    assert cuts.item(0, 1).text() == "Preliminary" and cuts.item(0, 5).text() == "Planned"


def test_dates_follow_the_locale_and_never_read_as_three_numbers():
    moment = datetime(2026, 11, 23, 20, 39, tzinfo=UTC)
    c_locale = local_date_time(moment, QLocale.c())
    assert re.fullmatch(r"2026-11-2[34] \d\d:39", c_locale)
    british = local_date_time(moment, QLocale("en_GB"))
    assert re.fullmatch(r"2[34]/11/2026 \d\d:39", british)
    american = local_date_time(moment, QLocale("en_US"))
    assert re.fullmatch(r"11/2[34]/26 \d{1,2}:39\s?[AP]M", american)


def test_the_overview_writes_the_last_change_in_the_locale(event_window: MainWindow):
    text = event_window.findChild(QLabel, "overview_last_change").text()
    assert not re.fullmatch(r"\d\d? \d\d \d{4} \d\d:\d\d", text), text


def test_success_wears_the_information_icon_and_a_problem_the_warning(
        window: MainWindow, canned: CannedDialogs, tmp_path: Path, make_tournament_file):
    original = make_tournament_file(tmp_path / "cup.tmt", "Cup")
    canned.open_paths.append(original)
    canned.copy_paths.extend([tmp_path / "usb" / "copy.tmt", original])
    window.action_open.trigger()

    window.action_save_copy.trigger()
    bar = window.message_bar
    assert bar.isVisible() and bar.kind() == INFORMATION
    assert bar.text().startswith("A copy was saved to ")

    window.action_save_copy.trigger()  # onto the open file itself: refused
    assert bar.kind() == PROBLEM and "cannot replace" in bar.text()


# -- File ▸ New asks the number of sessions of an open event ------------------------------
@pytest.fixture
def new_window(qtbot, app_settings: AppSettings, canned: CannedDialogs) -> Iterator[MainWindow]:
    dialogs = dataclasses.replace(canned.dialogs(),
                                  ask_new_tournament=document_dialogs.ask_new_tournament)
    window = MainWindow(app_settings, dialogs)
    qtbot.addWidget(window)
    window.show()
    yield window
    window.close()


def test_an_open_event_gets_the_number_of_sessions_asked(
        new_window: MainWindow, canned: CannedDialogs, tmp_path: Path):
    canned.new_paths.append(tmp_path / "club.tmt")

    def fill(dialog) -> None:
        sessions = child(dialog, "new_tournament_sessions", QSpinBox)
        preset = child(dialog, "new_tournament_preset", QComboBox)
        preset.setCurrentIndex(preset.findData("wsom_2015"))
        assert not sessions.isVisible(), "a WSOM event fixes its own sessions"
        preset.setCurrentIndex(preset.findData("open"))
        assert sessions.isVisible() and sessions.isEnabled()
        sessions.setValue(5)
        type_into(dialog, "new_tournament_name", "Club Nights")
        type_into(dialog, "new_tournament_head_judge", "Ada Judge")
        type_into(dialog, "new_tournament_passphrase_new", PASSPHRASE)
        type_into(dialog, "new_tournament_passphrase_repeat", PASSPHRASE)
        click(dialog, "new_tournament_ok")

    with answering(fill):
        new_window.action_new.trigger()

    summary = overview(new_window.context.unit_of_work())
    assert summary.tournament.name == "Club Nights" and summary.sessions == 5
    assert new_window.findChild(QLabel, "overview_sessions").text() == "0 of 5"
    assert new_window.setup_page.form.rounds.item(0, 1).text() == "5"


# -- the head judge renamed with his passphrase -------------------------------------------
def test_the_head_judge_is_renamed_with_his_passphrase(event_window: MainWindow):
    page = event_window.setup_page
    assert page.rename_judge_button.isEnabled()

    def rename(dialog) -> None:
        ok = child(dialog, "rename_judge_ok")
        type_into(dialog, "rename_judge_name", "Bo Referee")
        assert not ok.isEnabled(), "the passphrase comes first"
        type_into(dialog, "rename_judge_passphrase", "not his passphrase")
        click(dialog, "rename_judge_ok")
        assert dialog.isVisible()
        assert "not the head judge's passphrase" in child(dialog, "rename_judge_problem").text()
        assert child(dialog, "rename_judge_passphrase").text() == ""
        type_into(dialog, "rename_judge_passphrase", PASSPHRASE)
        click(dialog, "rename_judge_ok")

    with answering(rename) as answers:
        page.rename_judge_button.click()

    assert answers.seen == ["Rename the Head Judge"]
    judge = head_judge(event_window.context.unit_of_work())
    assert judge is not None and judge.name == "Bo Referee"
    assert page.judge_name.text() == "Bo Referee"


def test_cancelling_the_rename_keeps_the_name(event_window: MainWindow):
    with answering(lambda dialog: dialog.reject()):
        event_window.setup_page.rename_judge_button.click()
    assert head_judge(event_window.context.unit_of_work()).name == "Ada Judge"


def test_without_a_passphrase_there_is_nobody_to_rename(window: MainWindow, tmp_path: Path,
                                                        make_tournament_file):
    window.controller.open(make_tournament_file(tmp_path / "nojudge.tmt", "No Judge"))
    assert not window.setup_page.rename_judge_button.isEnabled()


def test_rounds_are_added_and_removed_on_the_setup_page(
        window: MainWindow, tmp_path, make_tournament_file) -> None:
    """An open event gains a final (and loses it again) without leaving Setup; the first
    round always stays."""
    assert window.controller.open(make_tournament_file(tmp_path / "rounds.tmt", "Rounds"))
    form = window.setup_page.form
    assert form.rounds.rowCount() == 1
    form.add_round.click()
    assert form.rounds.rowCount() == 2
    assert form.round_kind(1).currentText() == "Final"
    assert [form.rounds.item(1, c).text() for c in (1, 2, 3)] == ["1", "", "100%"]
    form.remove_round.click()
    form.remove_round.click()  # the first round is not removed
    assert form.rounds.rowCount() == 1
    form.rounds.item(0, 1).setText("two")  # unreadable: nothing is added over it
    form.add_round.click()
    assert form.rounds.rowCount() == 1 and form.rounds.item(0, 1).text() == "two"


def _type_in_cell(table, row: int, column: int, text: str) -> None:
    """As the judge types: F2 on the cell, the text, Enter."""
    from PySide6.QtCore import Qt
    from PySide6.QtTest import QTest
    from PySide6.QtWidgets import QApplication, QLineEdit

    table.setFocus()
    table.setCurrentCell(row, column)
    QTest.keyClick(table, Qt.Key.Key_F2)
    [editor] = [e for e in table.viewport().findChildren(QLineEdit) if e.isVisible()]
    editor.selectAll()
    QTest.keyClicks(editor, text)
    QTest.keyClick(editor, Qt.Key.Key_Return)
    QApplication.processEvents()  # the delegate commits the typed text in a queued call


def test_the_carry_reads_and_is_typed_as_a_percentage(
        window: MainWindow, tmp_path, make_tournament_file) -> None:
    """Setup showed the carry as "0.5" and "1" where the Cuts page and the format's words
    say "50%" and "100%"; "50" typed for half was refused as a fraction out of range."""
    assert window.controller.open(make_tournament_file(tmp_path / "carry.tmt", "Carry"))
    form = window.setup_page.form
    _type_in_cell(form.rounds, 0, 2, "4")
    form.add_round.click()
    assert form.rounds.item(1, 3).text() == "100%"
    _type_in_cell(form.rounds, 1, 3, "50")  # a bare number over 1: not guessed at
    window.setup_page.apply_button.click()
    assert window.message_bar.text() == (
        "Round 2: sessions and keeps are whole numbers; carry is a percentage (50%) or a "
        "fraction (0.5).")
    assert len(overview(window.context.unit_of_work()).tournament.settings.rounds) == 1
    _type_in_cell(form.rounds, 1, 3, "50%")
    window.setup_page.apply_button.click()
    rounds = overview(window.context.unit_of_work()).tournament.settings.rounds
    assert [plan.carry for plan in rounds] == [1.0, 0.5]
    assert form.rounds.item(1, 3).text() == "50%"
    _type_in_cell(form.rounds, 1, 3, "0.25")  # a fraction, as before
    window.setup_page.apply_button.click()
    assert overview(window.context.unit_of_work()).tournament.settings.rounds[1].carry == 0.25
    assert form.rounds.item(1, 3).text() == "25%"


def test_the_format_reads_as_its_preset_until_setup_changes_the_rounds(
        window: MainWindow, tmp_path, make_tournament_file) -> None:
    assert window.controller.open(make_tournament_file(tmp_path / "fmt.tmt", "Format"))
    shown = window.setup_page.findChild(QLabel, "overview_format")
    assert shown.text() == "Open: sessions only, no cuts"
    form = window.setup_page.form
    form.add_round.click()
    form.rounds.item(0, 2).setText("4")
    window.setup_page.apply_button.click()
    assert shown.text().startswith("Rounds set on Setup: Preliminary ")
    assert shown.text().endswith("top 4 go on · Final 1 session")


@pytest.mark.parametrize("rule_set", ["zung-jung", "mcr", "classic"])
def test_the_setup_form_fits_the_window_across(window: MainWindow, tmp_path: Path,
                                               rule_set: str) -> None:
    """At 1280 px the form was 35 px wider than its page under MCR: the defaults column
    ran under the edge ("default: The hand in play is voi")."""
    from PySide6.QtWidgets import QScrollArea

    from tests.gui.event_files import seated_event_file

    path, _seated = seated_event_file(tmp_path / f"{rule_set}.tmt", rule_set=rule_set)
    window.resize(1280, 800)
    assert window.controller.open(path)
    window.show_page(window.setup_page)
    scroll = window.setup_page.findChild(QScrollArea)
    assert scroll.widget().minimumSizeHint().width() <= scroll.viewport().width()
