"""Players (search, add, import preview, drop), standings refresh, setup, cuts, models."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QMimeData, QPointF, Qt, QUrl
from PySide6.QtGui import QDragEnterEvent, QDropEvent
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication

from tournament_manager.domain.model import PlayerStatus
from tournament_manager.gui.main_window import MainWindow
from tournament_manager.gui.models.standings_model import RAW
from tournament_manager.services.setup import all_players
from tournament_manager.services.tournaments import current_tournament

from .modal import answering, click


def _players(window: MainWindow):
    return all_players(window.controller.document.unit_of_work())


def test_add_edit_withdraw_and_undo(event_window: MainWindow):
    page = event_window.players_page
    event_window.show_page(page)
    page.fields["name"].setText("Mei Lin")
    page.fields["country"].setText("SG")
    page.add_button.click()
    assert [p.name for p in _players(event_window)][-1] == "Mei Lin"
    assert event_window.action_undo.text() == "&Undo Add player Mei Lin"

    page.search.setText("mei")
    assert page.proxy.rowCount() == 1
    page.table.setCurrentIndex(page.proxy.index(0, 0))
    page.fields["club"].setText("Lion City")
    page.save_button.click()
    page.status_button.click()
    mei = _players(event_window)[-1]
    assert mei.club == "Lion City" and mei.status is PlayerStatus.WITHDRAWN
    page.status.setCurrentIndex(page.status.findData("active"))
    assert page.proxy.rowCount() == 0

    for _ in range(3):
        event_window.action_undo.trigger()
    assert "Mei Lin" not in [p.name for p in _players(event_window)]
    for _ in range(3):
        event_window.action_redo.trigger()
    mei = _players(event_window)[-1]
    assert (mei.name, mei.club, mei.status) == ("Mei Lin", "Lion City", PlayerStatus.WITHDRAWN)


def test_empty_name_is_refused_without_a_dialog(event_window: MainWindow):
    page = event_window.players_page
    page.add_button.click()
    assert event_window.message_bar.text() == "A name cannot be empty."


def test_a_registration_number_already_held_is_refused_in_words(event_window: MainWindow):
    """Typed into the Players page as a judge does: a new player, then an edit, each with
    a number somebody holds; nothing is stored and the bar names the holder."""
    page = event_window.players_page
    event_window.show_page(page)
    holder = _players(event_window)[0]
    before = [(p.name, p.registration_id) for p in _players(event_window)]
    QTest.keyClicks(page.fields["name"], "Anna Schmidt")
    QTest.keyClicks(page.fields["registration_id"], holder.registration_id.lower())
    page.add_button.click()
    said = (f"Registration number {holder.registration_id} is {holder.name}'s already: "
            "each player needs his own.")
    assert event_window.message_bar.text() == said
    assert [(p.name, p.registration_id) for p in _players(event_window)] == before

    with answering(lambda box: click(box, "unsaved_discard")) as seen:  # not registered
        page.table.setCurrentIndex(page.proxy.index(1, 0))
    assert seen.seen == ["Unsaved Changes"]
    edited = page.fields["name"].text()
    page.fields["registration_id"].selectAll()
    QTest.keyClicks(page.fields["registration_id"], holder.registration_id)
    page.save_button.click()
    assert event_window.message_bar.text() == said
    assert [(p.name, p.registration_id) for p in _players(event_window)] == before
    assert edited != holder.name


def _csv(path: Path, rows: list[str]) -> Path:
    path.write_text("\n".join(rows) + "\n", encoding="utf-8")
    return path


def test_import_preview_mapping_and_row_errors(event_window: MainWindow, tmp_path: Path):
    page = event_window.players_page
    bad = _csv(tmp_path / "bad.csv", ["Player,Nation,No", "Ann,NL,7", ",DE,8", "Bob,FR,7"])
    dialog = page.open_import(bad)
    assert dialog.preview.rowCount() == 3 and dialog.preview.item(0, 0).text() == "Ann"
    assert dialog.mapping()[next(f for f in dialog.columns if f.value == "country")] == 1
    issues = [dialog.issues.item(i).text() for i in range(dialog.issues.count())]
    assert issues == ["line 3: the name is empty", "line 4: ID 7 appears twice in the file"]
    assert not dialog.import_button.isEnabled()
    dialog.close()

    good = _csv(tmp_path / "good.csv", ["Name,Country,Club", "王小明,CN,北京", "Zoë,ES,Madrid"])
    dialog = page.open_import(good)
    assert dialog.import_button.isEnabled()
    dialog.import_button.click()
    names = [p.name for p in _players(event_window)]
    assert names[-2:] == ["王小明", "Zoë"]
    assert event_window.action_undo.text() == "&Undo Import players from good.csv"
    with answering(lambda box: click(box, "confirm_yes")) as seen:
        event_window.action_undo.trigger()
    assert seen.seen == ["Remove Imported Players"]
    assert len(_players(event_window)) == 8
    event_window.action_redo.trigger()
    assert len(_players(event_window)) == 10


def test_headings_not_understood_ask_for_the_name_column(event_window: MainWindow,
                                                        tmp_path: Path):
    """"Nom;Pays": "1 row needs fixing in the file" of a file whose two rows are fine.
    The dialog asks for the column of the names; once it is chosen, the rows import."""
    page = event_window.players_page
    french = _csv(tmp_path / "fr.csv", ["Nom;Pays", "Amélie Poulain;FR", "José Ñ;ES"])
    dialog = page.open_import(french)
    assert dialog.summary.text() == (
        "Choose the column that holds the players' names: no column is taken for the name "
        "yet, and nothing will be imported until one is.")
    assert not dialog.import_button.isEnabled()
    name = dialog.columns[next(f for f in dialog.columns if f.value == "name")]
    name.setCurrentIndex(name.findData(0))
    assert dialog.summary.text() == "2 players will be imported."
    assert dialog.import_button.isEnabled()
    dialog.close()


def test_the_import_is_worked_by_keyboard(event_window: MainWindow, tmp_path: Path):
    """Focus opened on the preview, where Tab went from cell to cell (300 rows): the
    encoding and the columns' choices could not be reached without the mouse."""
    from PySide6.QtCore import Qt
    from PySide6.QtTest import QTest
    from PySide6.QtWidgets import QApplication

    rows = ["Name,Country"] + [f"Player {n},NL" for n in range(300)]
    dialog = event_window.players_page.open_import(_csv(tmp_path / "many.csv", rows))
    dialog.show()
    QApplication.processEvents()
    assert QApplication.focusWidget() is dialog.encoding
    dialog.preview.setFocus()
    QTest.keyClick(dialog.preview, Qt.Key.Key_Tab)
    assert QApplication.focusWidget() is not dialog.preview
    dialog.close()


def test_dropping_a_csv_opens_the_import(event_window: MainWindow, tmp_path: Path):
    page = event_window.players_page
    path = _csv(tmp_path / "drop.csv", ["Name", "Dee"])
    data = QMimeData()
    data.setUrls([QUrl.fromLocalFile(str(path))])
    enter = QDragEnterEvent(QPointF(5, 5), Qt.DropAction.CopyAction, data,
                            Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier)
    QApplication.sendEvent(page, enter)
    assert enter.isAccepted()
    drop = QDropEvent(QPointF(5, 5), Qt.DropAction.CopyAction, data,
                      Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier)
    QApplication.sendEvent(page, drop)
    assert page.import_dialog is not None and page.import_dialog.preview.rowCount() == 1

    other = QMimeData()
    other.setUrls([QUrl.fromLocalFile(str(tmp_path / "notes.pdf"))])
    refused = QDragEnterEvent(QPointF(5, 5), Qt.DropAction.CopyAction, other,
                              Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier)
    QApplication.sendEvent(page, refused)
    assert not refused.isAccepted()


def test_standings_refresh_after_a_hand(event_window: MainWindow):
    standings = event_window.standings_page
    assert standings.model.rowCount() == 8
    totals = {standings.model.index(r, RAW).data() for r in range(8)}
    assert totals == {"0"}
    sheet = event_window.sheets_page.sheet
    edit = sheet.entry.value_edit
    QTest.keyClicks(edit, "EW30")
    QTest.keyClick(edit, Qt.Key.Key_Return)
    top = standings.model.row_at(0)
    assert top.player.id == event_window.seated.players[0] and top.raw_total == 90


def test_setup_is_fixed_once_seated_but_the_name_and_venue_are_not(event_window: MainWindow):
    window = event_window
    page = window.setup_page
    form = page.form
    assert not form.settings_editable()  # seated already: settings are fixed
    assert not form.hands.isEnabled() and not form.enums["seat_rotation"].isEnabled()
    assert not form.rule_set.isEnabled() and not form.rounds.isEnabled()
    assert form.name.isEnabled() and form.venue.isEnabled()
    assert "fixed" in page.note.text() and "name and venue can still change" in page.note.text()
    assert page.apply_button.text() == "Apply name and venue"

    form.name.setText("Spring Open 2026")
    form.venue.setText("Harbour Hall")
    page.apply_button.click()

    with window.controller.document.unit_of_work() as uow:
        tournament = current_tournament(uow)
    assert (tournament.name, tournament.venue) == ("Spring Open 2026", "Harbour Hall")
    assert window.windowTitle() == "Spring Open 2026 — Tournament Manager"
    assert window.findChild(object, "tournament_name").text() == "Spring Open 2026"
    assert window.action_undo.text() == "&Undo Rename the event"

    window.action_undo.trigger()
    with window.controller.document.unit_of_work() as uow:
        assert current_tournament(uow).name == "Spring Open"
    assert form.name.text() == "Spring Open" and form.venue.text() == "Hall A"

    form.name.setText("   ")
    page.apply_button.click()
    assert window.message_bar.text() == "A name cannot be empty."


def test_setup_edits_before_the_draw(window: MainWindow, tmp_path: Path,
                                     make_tournament_file):
    window.controller.open(make_tournament_file(tmp_path / "cup.tmt", "Cup"))
    page = window.setup_page
    assert page.form.isEnabled()
    assert page.form.hands.value() == 16 and page.form.time_limit.value() == 150
    page.form.hands.setValue(12)
    page.form.time_limit.setValue(120)
    page.form.rule_options["par"].setValue(30)
    assert not page.form.double_entry.isChecked()
    QTest.mouseClick(page.form.double_entry, Qt.MouseButton.LeftButton)
    page.apply_button.click()
    with window.controller.document.unit_of_work() as uow:
        settings = current_tournament(uow).settings
    assert (settings.hands_per_session, settings.time_limit_minutes) == (12, 120)
    assert settings.rule_options["par"] == 30 and settings.double_entry

    page.form.hands.setValue(10)
    page.apply_button.click()
    assert "multiple of 4" in window.message_bar.text()

    window.action_undo.trigger()
    with window.controller.document.unit_of_work() as uow:
        assert current_tournament(uow).settings.hands_per_session == 16
    assert page.form.hands.value() == 16


def test_the_last_round_has_no_cut_to_make(event_window: MainWindow):
    page = event_window.cuts_page
    assert page.table.rowCount() == 1
    page.table.selectRow(0)
    assert "last round" in page.heading.text()
    assert not page.cut_button.isEnabled()
    assert page.rows.rowCount() == 0


def test_every_table_model_passes_the_model_tester(event_window: MainWindow, qtmodeltester):
    sheet = event_window.sheets_page.sheet
    edit = sheet.entry.value_edit
    QTest.keyClicks(edit, "EW30")
    QTest.keyClick(edit, Qt.Key.Key_Return)
    sheet.penalties.points.setValue(5)
    sheet.penalties.findChild(object, "penalty_add").click()
    for model in (sheet.model, sheet.penalties.model, event_window.standings_page.model,
                  event_window.players_page.model):
        assert model.rowCount() > 0
        qtmodeltester.check(model, force_py=True)


def test_the_player_filter_passes_the_model_tester(event_window: MainWindow, qtmodeltester):
    page = event_window.players_page
    page.search.setText("player 1")
    page.status.setCurrentIndex(page.status.findData("active"))
    assert page.proxy.rowCount() == 1
    qtmodeltester.check(page.proxy, force_py=True)


def test_switching_to_mcr_brings_its_customs_and_options(window: MainWindow, tmp_path: Path,
                                                          make_tournament_file):
    from PySide6.QtWidgets import QCheckBox

    from tournament_manager.domain.settings import SeatRotation, SessionConversion
    from tournament_manager.rules.registry import get_rule_set

    window.controller.open(make_tournament_file(tmp_path / "mcr.tmt", "MCR Cup"))
    form = window.setup_page.form
    form.rule_set.setCurrentIndex(form.rule_set.findData("mcr"))
    assert form.enums["session_conversion"].currentData() == "table_points"
    assert form.false_win_points.value() == 30 and form.false_win_distributed.isChecked()
    assert any(isinstance(w, QCheckBox) for w in form.rule_options.values())
    window.setup_page.apply_button.click()
    with window.controller.document.unit_of_work() as uow:
        settings = current_tournament(uow).settings
    assert settings.rule_set == "mcr"
    assert settings.session_conversion is SessionConversion.TABLE_POINTS
    assert settings.seat_rotation is SeatRotation.MCR_WEST_DEALS_THIRD
    mcr = get_rule_set("mcr")
    assert mcr.validate_options(settings.rule_options) == mcr.default_options()


def test_the_new_tournament_dialog_asks_for_the_rules(qtbot):
    from tournament_manager.gui.new_tournament_dialog import NewTournamentDialog

    dialog = NewTournamentDialog()
    qtbot.addWidget(dialog)
    dialog.name_edit.setText("Classical Night")
    dialog.rule_set_combo.setCurrentIndex(dialog.rule_set_combo.findData("classic"))
    assert dialog.request().rule_set == "classic"


def test_a_setting_cut_in_its_box_is_read_whole_in_its_tooltip(window: MainWindow,
                                                                 tmp_path: Path,
                                                                 make_tournament_file):
    """At 1280 x 800 "After its deals (a dealer who wins deals again)" was cut in the
    Session ends box; hovering it now reads the whole choice."""
    window.controller.open(make_tournament_file(tmp_path / "cup.tmt", "Cup"))
    form = window.setup_page.form
    for combo in form.enums.values():
        for index in range(combo.count()):
            combo.setCurrentIndex(index)
            assert combo.toolTip() == combo.currentText() != ""
