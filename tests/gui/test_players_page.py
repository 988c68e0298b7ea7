"""The Players page: duplicates asked about (add and import), registration numbers given
and shown, accent- and case-blind search, sorting in the reader's alphabet, a substitute."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtCore import QLocale, Qt
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication, QPushButton

from tests.gui.mnemonics import clashes, letter
from tests.gui.modal import answering, click
from tournament_manager.domain.model import Player, PlayerKind, PlayerStatus
from tournament_manager.gui.main_window import MainWindow
from tournament_manager.gui.models.players_model import (
    REGISTRATION_COLUMN,
    PlayerFilter,
    PlayersModel,
    name_collator,
)
from tournament_manager.services.players import register_player
from tournament_manager.services.setup import all_players

NAMES = ("Zoë Müller", "Łukasz Nowak", "Bob Smith", "Élodie Martin", "Ágnes Kovács",
         "Liam O'Brien", "Eva Horvath", "Anna Berg")


def _players(window: MainWindow) -> tuple[Player, ...]:
    return all_players(window.context.unit_of_work())


def _shown(page, column: int = 0) -> list[str]:
    return [page.proxy.index(row, column).data() for row in range(page.proxy.rowCount())]


def _open(window: MainWindow, make_tournament_file, tmp_path: Path):
    assert window.controller.open(make_tournament_file(tmp_path / "reg.tmt", "Reg Day"))
    for name in NAMES:
        register_player(window.context.unit_of_work(), Player(name=name, country="EU"))
    window.context.hub.notify("players")
    page = window.players_page
    window.show_page(page)
    return page


def test_a_possible_duplicate_is_asked_about_and_the_new_player_is_shown(
        window: MainWindow, tmp_path: Path, make_tournament_file) -> None:
    page = _open(window, make_tournament_file, tmp_path)
    page.fields["name"].setText("agnes KOVACS")
    page.fields["country"].setText("eu")
    asked: list[str] = []

    def keep_one(box) -> None:
        asked.append(box.informativeText())
        assert box.defaultButton().objectName() == "confirm_no"
        click(box, "confirm_no")

    with answering(keep_one) as answers:
        page.add_button.click()
    assert answers.seen == ["Possible Duplicate"]
    assert "No. 5: Ágnes Kovács, EU" in asked[0]
    assert len(_players(window)) == len(NAMES), "nothing registered on No"

    with answering(lambda box: click(box, "confirm_yes")):
        page.add_button.click()
    added = _players(window)[-1]
    assert (added.name, added.registration_id) == ("agnes KOVACS", "9")
    assert window.message_bar.text() == "Registered agnes KOVACS as no. 9."
    assert "agnes KOVACS" in _shown(page), "the new row is in the list"
    assert page.form_box.title() == "New player", "the form waits for the next player"
    assert [edit.text() for edit in page.fields.values()] == [""] * len(page.fields)
    assert window.action_undo.text() == "&Undo Add player agnes KOVACS"


def test_a_new_name_is_registered_without_a_question(window: MainWindow, tmp_path: Path,
                                                     make_tournament_file) -> None:
    page = _open(window, make_tournament_file, tmp_path)
    page.search.setText("zzz")  # the new row must still come into view
    page.fields["name"].setText("Mei Lin")
    page.fields["registration_id"].setText("77")
    page.substitute.setChecked(True)
    page.fields["name"].setFocus()
    page.add_button.click()  # no dialog: `answering` is not needed, none may open
    added = _players(window)[-1]
    assert (added.name, added.registration_id, added.kind) == ("Mei Lin", "77",
                                                               PlayerKind.SUBSTITUTE)
    assert page.search.text() == "" and "Mei Lin" in _shown(page)
    assert window.message_bar.text() == "Registered Mei Lin as no. 77."
    row = _shown(page).index("Mei Lin")
    assert page.proxy.index(row, 6).data() == "Substitute"
    assert not page.substitute.isChecked(), "the next player is not a substitute unless told"


def test_names_typed_one_after_another_with_enter_register_each(
        window: MainWindow, tmp_path: Path, make_tournament_file, qtbot) -> None:
    """The registration desk's rhythm, with real keys: a name, Enter, the next name,
    Enter. Each registers a player of his own (the second name once renamed the first);
    Enter on a chosen player saves his changes and says so."""
    page = _open(window, make_tournament_file, tmp_path)
    window.show()
    qtbot.waitExposed(window)
    page.fields["name"].setFocus()
    for name in ("Chen Wei", "Liu Yang", "Sato Kenji"):
        QTest.keyClicks(QApplication.focusWidget(), name)
        QTest.keyClick(QApplication.focusWidget(), Qt.Key.Key_Return)
        assert window.message_bar.text().startswith(f"Registered {name} as no. ")
    names = [player.name for player in _players(window)]
    assert names[-3:] == ["Chen Wei", "Liu Yang", "Sato Kenji"]
    assert len(names) == len(NAMES) + 3

    row = _shown(page).index("Liu Yang")
    page.table.setCurrentIndex(page.proxy.index(row, 0))
    assert page.form_box.title().startswith("Editing Liu Yang (no. ")
    name_field = page.fields["name"]
    name_field.setFocus()
    name_field.selectAll()
    QTest.keyClicks(name_field, "Liu Yan")
    QTest.keyClick(name_field, Qt.Key.Key_Return)
    assert [player.name for player in _players(window)][-3:] == [
        "Chen Wei", "Liu Yan", "Sato Kenji"]
    assert window.message_bar.text().startswith("Saved the changes to Liu Yan (no. ")


def test_search_ignores_accents_and_case(window: MainWindow, tmp_path: Path,
                                         make_tournament_file) -> None:
    page = _open(window, make_tournament_file, tmp_path)
    for query, expected in (("agnes", ["Ágnes Kovács"]), ("LUKASZ", ["Łukasz Nowak"]),
                            ("élodie", ["Élodie Martin"]), ("muller zoe", ["Zoë Müller"]),
                            ("o'brien", ["Liam O'Brien"])):
        page.search.setText(query)
        assert _shown(page) == expected, query
    page.search.setText("")
    assert page.proxy.rowCount() == len(NAMES)


def test_names_sort_in_the_readers_alphabet_and_numbers_as_numbers(
        window: MainWindow, tmp_path: Path, make_tournament_file) -> None:
    page = _open(window, make_tournament_file, tmp_path)
    page.table.sortByColumn(0, Qt.SortOrder.AscendingOrder)
    assert _shown(page) == ["Ágnes Kovács", "Anna Berg", "Bob Smith", "Élodie Martin",
                            "Eva Horvath", "Liam O'Brien", "Łukasz Nowak", "Zoë Müller"]
    page.table.sortByColumn(REGISTRATION_COLUMN, Qt.SortOrder.AscendingOrder)
    assert _shown(page, REGISTRATION_COLUMN) == [str(n) for n in range(1, 9)]


def test_the_collator_files_accents_with_their_letters_even_under_the_c_locale(
        qtmodeltester) -> None:
    model = PlayersModel()
    model.set_players(tuple(Player(name=name, registration_id=str(number), id=number)
                            for number, name in enumerate(
                                ("Player 10", "Player 2", "Łukasz", "Ágnes", "zed"), 1)))
    proxy = PlayerFilter(collator=name_collator(QLocale.c()))
    proxy.setSourceModel(model)
    proxy.sort(0)
    assert [proxy.index(r, 0).data() for r in range(5)] == [
        "Ágnes", "Łukasz", "Player 2", "Player 10", "zed"]
    qtmodeltester.check(proxy, force_py=True)


def _csv(path: Path, rows: list[str]) -> Path:
    path.write_text("\n".join(rows) + "\n", encoding="utf-8")
    return path


def test_the_import_lists_possible_duplicates_and_asks_before_registering_them(
        window: MainWindow, tmp_path: Path, make_tournament_file) -> None:
    page = _open(window, make_tournament_file, tmp_path)
    path = _csv(tmp_path / "late.csv", ["Name,Country", "New Person,EU", "", "BOB SMITH,eu",
                                        "Kim Lee,KR", "kim lee,KR"])
    dialog = page.open_import(path)
    assert dialog is not None
    lines = [dialog.duplicates.item(i).text() for i in range(dialog.duplicates.count())]
    assert lines == ["line 4: BOB SMITH (eu) looks like no. 3 Bob Smith (EU), registered",
                     "line 6: kim lee (KR) looks like line 5 of this file"]
    assert dialog.summary.text() == "4 players will be imported; 2 of them look registered " \
                                    "already."
    assert dialog.import_button.isEnabled()

    def no(box) -> None:
        assert "BOB SMITH, kim lee may be registered already" in box.informativeText()
        click(box, "confirm_no")

    with answering(no) as answers:
        dialog.import_button.click()
    assert answers.seen == ["Possible Duplicates"]
    assert len(_players(window)) == len(NAMES)
    assert dialog.isVisible() and dialog.summary.text() == "Nothing was imported."

    with answering(lambda box: click(box, "confirm_yes")):
        dialog.import_button.click()
    players = _players(window)
    assert [p.name for p in players[len(NAMES):]] == ["New Person", "BOB SMITH", "Kim Lee",
                                                      "kim lee"]
    assert [p.registration_id for p in players[len(NAMES):]] == ["9", "10", "11", "12"]
    assert not dialog.isVisible()
    assert window.message_bar.text() == "Imported 4 players from late.csv."
    assert window.action_undo.text() == "&Undo Import players from late.csv"

    # Or the look-alikes are left out and the rest imported (it was all or nothing).
    with answering(lambda box: click(box, "confirm_yes")):
        window.action_undo.trigger()
    assert len(_players(window)) == len(NAMES)
    dialog = page.open_import(path)
    with answering(lambda box: click(box, "duplicate_skip")):
        dialog.import_button.click()
    assert [p.name for p in _players(window)[len(NAMES):]] == ["New Person", "Kim Lee"]
    assert window.message_bar.text() == "Imported 2 players from late.csv."


def test_the_pages_buttons_offer_each_alt_letter_once_beside_the_menus(
        event_window: MainWindow) -> None:
    page = event_window.players_page
    event_window.show_page(page)
    assert clashes(event_window) == {}
    letters = [letter(b.text()) for b in page.findChildren(QPushButton) if letter(b.text())]
    assert len(letters) == len(set(letters)) == 6


def test_the_import_shows_the_encoding_found_and_reads_again_in_the_one_chosen(
        window: MainWindow, tmp_path: Path, make_tournament_file) -> None:
    """A Polish club's CSV from Central European Excel (Windows-1250): the preview names
    the encoding it found, and choosing Windows-1250 shows the names as written."""
    page = _open(window, make_tournament_file, tmp_path)
    path = tmp_path / "pl.csv"
    path.write_bytes("Name,Country\nŁukasz Żółć,PL\nŚwiętosław Łęcki,PL\n".encode("cp1250"))
    dialog = page.open_import(path)
    assert dialog is not None and dialog.encoding.isVisibleTo(dialog)
    assert dialog.encoding_note.text().startswith("Found: ")
    dialog.encoding.setCurrentIndex(dialog.encoding.findData("cp1250"))
    names = [dialog.preview.item(row, 0).text() for row in range(dialog.preview.rowCount())]
    assert names == ["Łukasz Żółć", "Świętosław Łęcki"]
    assert dialog.summary.text() == "2 players will be imported."
    dialog.encoding.setCurrentIndex(dialog.encoding.findData("utf-8"))
    assert dialog.encoding_note.text().endswith("is not Unicode (UTF-8) text (it would not "
                                                "read back unchanged); choose another encoding")
    assert [dialog.preview.item(row, 0).text() for row in range(2)] == names


def test_a_player_withdrawn_from_a_search_leaves_the_columns_fit_for_the_whole_list(
        window: MainWindow, tmp_path: Path, make_tournament_file) -> None:
    """A withdrawal reloads the list; measured then on the search's one row, every column
    came out as narrow as that player's name and club, and once the search was cleared the
    longer names wrapped. The columns are measured on the whole list only."""
    page = _open(window, make_tournament_file, tmp_path)
    register_player(window.context.unit_of_work(),
                    Player(name="Maximilian Alexander von Hohenberg-Schwarzenstein",
                           country="EU", club="Mahjong Club of the Upper Rhine Valley"))
    window.context.hub.notify("players")
    columns = range(page.model.columnCount() - 1)  # the last, Status, stretches
    whole = [page.table.columnWidth(column) for column in columns]
    QTest.keyClicks(page.search, "Anna Berg")
    assert _shown(page) == ["Anna Berg"]
    page.table.selectRow(0)
    QTest.mouseClick(page.status_button, Qt.MouseButton.LeftButton)
    assert [p.status.value for p in _players(window) if p.name == "Anna Berg"] == ["withdrawn"]
    assert [page.table.columnWidth(column) for column in columns] == whole, "kept"
    page.search.clear()
    assert len(_shown(page)) == len(NAMES) + 1
    assert [page.table.columnWidth(column) for column in columns] == whole, "the whole list's"


LONG = Player(name="Maximilian Alexander von Hohenberg-Schwarzenstein", country="EU",
              club="Mahjong Club of the Upper Rhine Valley")


@pytest.mark.parametrize("narrow", ["search", "status"])
def test_columns_left_unfitted_under_a_filter_are_fitted_when_it_is_cleared(
        window: MainWindow, tmp_path: Path, make_tournament_file, narrow: str) -> None:
    """A player registered while a search or the status filter narrows the list: the
    reload leaves the columns as they were, and clearing the filter fits them to the whole
    list, the new long name and club included."""
    page = _open(window, make_tournament_file, tmp_path)
    columns = range(page.model.columnCount() - 1)
    before = [page.table.columnWidth(column) for column in columns]
    if narrow == "search":
        QTest.keyClicks(page.search, "Anna Berg")
    else:
        page.status.setCurrentIndex(page.status.findText("Withdrawn"))
    register_player(window.context.unit_of_work(), LONG)
    window.context.hub.notify("players")
    assert [page.table.columnWidth(column) for column in columns] == before
    if narrow == "search":
        page.search.clear()
    else:
        page.status.setCurrentIndex(page.status.findText("All players"))
    assert LONG.name in _shown(page)
    after = [page.table.columnWidth(column) for column in columns]
    assert after[0] > before[0] and after[4] > before[4], "name and club fitted"


def test_a_column_width_the_judge_set_outlasts_a_search(
        window: MainWindow, tmp_path: Path, make_tournament_file) -> None:
    page = _open(window, make_tournament_file, tmp_path)
    page.table.setColumnWidth(0, 400)
    QTest.keyClicks(page.search, "Anna")
    page.search.clear()
    assert page.table.columnWidth(0) == 400


def test_another_file_starts_with_an_empty_form_and_no_search(
        window: MainWindow, tmp_path: Path, make_tournament_file) -> None:
    """A player chosen in one file, a search typed, then File > Open of another: the form
    headed "New player" held the first file's player, and "Add as new player" registered
    him in the second event."""
    page = _open(window, make_tournament_file, tmp_path)
    page.search.setText("berg")
    page.table.selectRow(0)
    assert page.fields["name"].text() == "Anna Berg"
    page.status_button.click()  # withdrawn (seated nowhere: nothing asked)
    assert page.status_button.text() == "Reins&tate"
    assert window.controller.open(make_tournament_file(tmp_path / "next.tmt", "Next"))
    assert page.form_box.title() == "New player"
    assert [edit.text() for edit in page.fields.values()] == [""] * len(page.fields)
    assert page.search.text() == "" and page.status.currentIndex() == 0  # all players
    assert page.status_button.text() == "Wi&thdraw"  # not the withdrawn player's Reinstate
    page.add_button.click()  # an empty name: refused, nothing registered
    assert _players(window) == ()


def test_a_player_gone_from_the_list_leaves_the_form_empty(
        window: MainWindow, tmp_path: Path, make_tournament_file) -> None:
    """The player shown in the form has his registration undone: the form is a new
    player's, empty, not his values under "New player"."""
    page = _open(window, make_tournament_file, tmp_path)
    page.fields["name"].setText("Mei Lin")
    page.add_button.click()
    page.table.selectRow(_shown(page).index("Mei Lin"))
    assert page.fields["name"].text() == "Mei Lin"
    window.context.runner.stack.undo()
    assert "Mei Lin" not in _shown(page)
    assert page.form_box.title() == "New player"
    assert page.fields["name"].text() == ""


def test_withdrawing_a_player_seated_in_the_session_played_asks_and_says_so(
        event_window: MainWindow) -> None:
    """Session 1 running: withdrawing a player seated in it asks first, naming his table;
    No keeps him. Done, the message bar says so (the status column alone changed) and how
    to take it back; reinstated, likewise."""
    page = event_window.players_page
    event_window.show_page(page)
    seated = event_window.seated  # type: ignore[attr-defined]
    with event_window.controller.document.unit_of_work() as uow:  # type: ignore[union-attr]
        player = uow.players.get(seated.players[0])
    page.table.selectRow(_shown(page).index(player.name))
    asked: list[str] = []

    def keep(box) -> None:
        asked.append(box.informativeText())
        assert box.defaultButton().objectName() == "confirm_no"
        click(box, "confirm_no")

    with answering(keep):
        page.status_button.click()
    assert asked == [(f"{player.name} is seated at table 1 of session 1, which is being "
                      "played. Its sheet keeps what he played; he is not seated again.")]
    assert _players(event_window)[0].status is PlayerStatus.ACTIVE
    with answering(lambda box: click(box, "confirm_yes")):
        page.status_button.click()
    assert _players(event_window)[0].status is PlayerStatus.WITHDRAWN
    assert event_window.message_bar.text() == (
        f"Withdrew {player.name}. Edit ▸ Undo takes it back.")
    page.status_button.click()  # reinstating asks nothing
    assert event_window.message_bar.text() == f"Reinstated {player.name}."
    assert _players(event_window)[0].status is PlayerStatus.ACTIVE


def test_another_file_opened_from_another_page_leaves_the_keyboard_there(
        window: MainWindow, tmp_path: Path, make_tournament_file) -> None:
    """Emptying the form for the next file took the keyboard into the hidden name field
    of the Players page: a name typed then, and Return, registered a player unseen."""
    _open(window, make_tournament_file, tmp_path)
    window.show_page(window.seating_page)
    assert window.controller.open(make_tournament_file(tmp_path / "next.tmt", "Next"))
    focus = QApplication.focusWidget()
    assert focus is None or focus.isVisible()
    assert focus is not window.players_page.fields["name"]


def test_a_search_that_hides_the_player_being_edited_keeps_his_form(
        window: MainWindow, tmp_path: Path, make_tournament_file) -> None:
    """Bob Smith's club typed in, unsaved, then a search for someone else: Qt moved the
    current row to a neighbour, the form was refilled with the neighbour, and the club was
    lost. The form stays Bob's; Save saves him; the search cleared, his row is current."""
    page = _open(window, make_tournament_file, tmp_path)
    page.table.selectRow(_shown(page).index("Bob Smith"))
    assert page.form_box.title().startswith("Editing Bob Smith")
    club = page.fields["club"]
    club.setFocus()
    QTest.keyClicks(club, "Tonbridge")
    page.search.setFocus()
    QTest.keyClicks(page.search, "anna")
    assert _shown(page) == ["Anna Berg"]
    assert page.form_box.title().startswith("Editing Bob Smith")
    assert club.text() == "Tonbridge"
    assert not page.table.currentIndex().isValid()
    assert page.save_button.isEnabled()
    QTest.mouseClick(page.save_button, Qt.MouseButton.LeftButton)
    clubs = {p.name: p.club for p in _players(window)}
    assert clubs["Bob Smith"] == "Tonbridge" and clubs["Anna Berg"] == ""
    assert page.form_box.title().startswith("Editing Bob Smith"), "after the reload too"

    page.search.clear()
    assert page.table.currentIndex().isValid()
    assert _shown(page)[page.table.currentIndex().row()] == "Bob Smith"


def test_leaving_a_player_with_unsaved_changes_asks_save_discard_or_stay(
        window: MainWindow, tmp_path: Path, make_tournament_file) -> None:
    """A club typed for Bob Smith, then a click on another player: the form switched and
    the club was lost without a word. Now Cancel keeps Bob and the typing, Discard lets
    it go, Save saves it first; New (clear form) asks the same."""
    page = _open(window, make_tournament_file, tmp_path)
    names = _shown(page)
    page.table.selectRow(names.index("Bob Smith"))
    club = page.fields["club"]
    club.setText("Tonbridge")

    def pick(name: str, answer: str) -> list[str]:
        asked: list[str] = []

        def handler(box) -> None:
            asked.append(box.text())
            click(box, answer)

        with answering(handler):
            rect = page.table.visualRect(page.proxy.index(_shown(page).index(name), 0))
            QTest.mouseClick(page.table.viewport(), Qt.MouseButton.LeftButton,
                             pos=rect.center())
        return asked

    assert pick("Anna Berg", "confirm_no") == ["Save the changes to Bob Smith?"]
    QApplication.processEvents()  # the click done: the table selects what it was clicked on
    assert page.form_box.title().startswith("Editing Bob Smith") and club.text() == "Tonbridge"
    assert _shown(page)[page.table.currentIndex().row()] == "Bob Smith"
    assert [_shown(page)[i.row()] for i in page.table.selectionModel().selectedRows()] == [
        "Bob Smith"], "his row chosen, not the one clicked"

    assert pick("Anna Berg", "unsaved_save")
    assert page.form_box.title().startswith("Editing Anna Berg") and club.text() == ""
    assert {p.name: p.club for p in _players(window)}["Bob Smith"] == "Tonbridge"

    club.setText("Oslo")
    assert pick("Eva Horvath", "unsaved_discard")
    assert page.form_box.title().startswith("Editing Eva Horvath")
    assert {p.name: p.club for p in _players(window)}["Anna Berg"] == ""

    club.setText("Graz")
    with answering(lambda box: click(box, "confirm_no")):
        page.new_button.click()
    assert page.form_box.title().startswith("Editing Eva Horvath") and club.text() == "Graz"
    with answering(lambda box: click(box, "unsaved_discard")):
        page.new_button.click()
    assert page.form_box.title() == "New player" and club.text() == ""
    with answering() as seen:  # nothing typed: nothing asked
        page.table.selectRow(0)
        page.new_button.click()
    assert seen.seen == []


def test_a_save_asked_for_a_player_removed_meanwhile_saves_nobody_else(
        window: MainWindow, tmp_path: Path, make_tournament_file) -> None:
    """Bob's club typed, Anna clicked, and while the question is open another station
    removes Bob: Save wrote Bob's form over the last player in the list (his row looked up
    as -1). Now it says Bob is gone and saves nothing."""
    from tournament_manager.services.setup import remove_player

    page = _open(window, make_tournament_file, tmp_path)
    page.table.selectRow(_shown(page).index("Bob Smith"))
    bob = next(p for p in _players(window) if p.name == "Bob Smith")
    page.fields["club"].setText("Tonbridge")
    before = {p.id: p for p in _players(window) if p.id != bob.id}

    def removed_then_save(box) -> None:
        remove_player(window.context.unit_of_work(), bob.id)
        window.context.hub.notify("players")
        click(box, "unsaved_save")

    with answering(removed_then_save):
        page.table.selectRow(_shown(page).index("Anna Berg"))
    assert {p.id: p for p in _players(window)} == before, "nobody else was overwritten"
    assert window.message_bar.text() == (
        "Bob Smith was removed meanwhile (at another station): the changes typed for him "
        "are not saved.")
    assert page.form_box.title().startswith("Editing Anna Berg")


def test_a_detail_saved_at_another_station_is_not_written_over_unseen(
        window: MainWindow, tmp_path: Path, make_tournament_file) -> None:
    """Two stations saved Bob's country half a second apart: both said "Saved", and the
    first station's country was gone without a word. The second save is refused, naming
    what changed, who and when; the country typed stays in the form, and saving again
    puts it over (the judge has read what it replaces). A detail this save leaves alone
    keeps the other station's value."""
    import dataclasses

    from tournament_manager.services.players import update_player

    page = _open(window, make_tournament_file, tmp_path)
    page.table.selectRow(_shown(page).index("Bob Smith"))
    bob = next(p for p in _players(window) if p.name == "Bob Smith")
    page.fields["country"].setText("cn")
    # Desk 2, meanwhile; this window reads the event again (it polls every second) and
    # keeps what is typed: the save must still know the country it was typed over.
    update_player(window.controller.document.unit_of_work("Desk 2 (results desk)"),
                  dataclasses.replace(bob, country="JP", club="Kent"))
    window.context.hub.notify("players")
    assert page.fields["country"].text() == "cn" and page.fields["club"].text() == "Kent"
    page.save_button.click()

    stored = next(p for p in _players(window) if p.id == bob.id)
    assert (stored.country, stored.club) == ("JP", "Kent")
    assert window.message_bar.text().startswith(
        "Bob Smith was changed by Desk 2 (results desk) at ")
    assert window.message_bar.text().endswith(
        "since it was shown here (the country is now “JP”); nothing was written over it: "
        "do it again if yours must stand.")
    assert page.fields["country"].text() == "cn"
    page.save_button.click()  # the judge has read it: his stands
    stored = next(p for p in _players(window) if p.id == bob.id)
    assert (stored.country, stored.club) == ("CN", "Kent")
    window.context.runner.undo()  # "cn" was stored "CN": the undo still finds its own
    stored = next(p for p in _players(window) if p.id == bob.id)
    assert (stored.country, stored.club) == ("JP", "Kent")


def test_a_new_player_typed_and_not_added_is_asked_about(
        window: MainWindow, tmp_path: Path, make_tournament_file) -> None:
    page = _open(window, make_tournament_file, tmp_path)
    page.fields["name"].setText("Kim Lee")
    with answering(lambda box: click(box, "confirm_no")) as seen:
        page.table.selectRow(0)
    QApplication.processEvents()
    assert seen.seen == ["Unsaved Changes"]
    assert page.form_box.title() == "New player" and page.fields["name"].text() == "Kim Lee"
    assert not page.table.selectionModel().selectedRows()
    page.add_button.click()  # registered: nothing left to ask about
    with answering() as seen:
        page.table.selectRow(0)
    assert seen.seen == []


def test_an_undo_of_what_another_station_removed_says_so_in_words(
        window: MainWindow, tmp_path: Path, make_tournament_file) -> None:
    """Undo after another station had replaced what the act changed said "There is no
    table 173": a row id. It names the act and says why it cannot be undone."""
    from tournament_manager.services.setup import remove_player

    page = _open(window, make_tournament_file, tmp_path)
    page.table.selectRow(_shown(page).index("Bob Smith"))
    bob = next(p for p in _players(window) if p.name == "Bob Smith")
    page.fields["club"].setText("Tonbridge")
    page.save_button.click()
    remove_player(window.controller.document.unit_of_work("Desk 2 (results desk)"), bob.id)
    window.context.hub.notify("players")
    window.context.runner.undo()
    assert window.message_bar.text() == (
        "“Edit player Bob Smith” cannot be undone: what it changed is no longer there "
        "(removed or replaced since, at another station perhaps).")
    assert window.context.runner.stack.count() == 0 or not window.action_undo.isEnabled()
