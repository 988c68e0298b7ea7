"""The Seating page: draw, read the report, publish, swap with undo, wind draw, start."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QItemSelectionModel
from PySide6.QtWidgets import QLabel, QPushButton
from pytestqt.qtbot import QtBot

from tests.gui.modal import answering, child, click, type_into
from tournament_manager.domain.model import Player, StageStatus
from tournament_manager.domain.presets import Preset, preset_settings
from tournament_manager.gui.changes import Topic
from tournament_manager.gui.main_window import MainWindow
from tournament_manager.gui.models.seating_model import SeatingModel
from tournament_manager.gui.pages.players_page import PlayersPage
from tournament_manager.services.players import register_player
from tournament_manager.services.score_sheets import sign_sheet, starting_winds
from tournament_manager.services.tournaments import create_tournament
from tournament_manager.storage.document import create_document, open_document


def _event(path: Path, players: int = 16, sessions: int = 5) -> Path:
    with create_document(path) as document:
        create_tournament(document.unit_of_work(), "Draw Day",
                          preset_settings(Preset.OPEN, sessions))
        for i in range(players):
            register_player(document.unit_of_work(), Player(name=f"Player {i:02}"))
    return path


def _seats(window: MainWindow, session_number: int) -> dict[int, list[int]]:
    with window.controller.document.unit_of_work() as uow:  # type: ignore[union-attr]
        session = uow.sessions.list(number=session_number)[0]
        return {t.number: [s.player_id for s in sorted(uow.seats.list(table_id=t.id, cycle=1),
                                                      key=lambda s: s.arrival)]
                for t in uow.tables.list(session_id=session.id)}


def test_draw_publish_swap_undo_wind_draw_and_start(window: MainWindow, qtbot: QtBot,
                                                    tmp_path: Path, qtmodeltester) -> None:
    assert window.controller.open(_event(tmp_path / "draw.tmt"))
    page = window.seating_page
    assert _row_texts(page, 0)[3] == "not drawn"
    page.draw(time_limit=5)
    assert page.model.rowCount() == 4
    assert "Repeated pairs: 0" in page.report.text()
    assert _seats(window, 1) == {}, "a draw is only a proposal until published"
    assert _row_texts(page, 0)[2:] == ["drawn, not published yet", "4 tables"]  # "not drawn"
    qtmodeltester.check(page.model)
    page.publish_button.click()
    stored = _seats(window, 1)
    assert sorted(len(players) for players in stored.values()) == [4, 4, 4, 4]
    stack = window.context.runner.stack
    assert stack.undoText() == "Publish the draw of session 1"
    stack.undo()
    assert _seats(window, 1) == {}
    # The draw taken back is held again, unpublished: it can be published as it was (it
    # went, and only Redo brought it back).
    assert page.publish_button.isEnabled() and page.model.rowCount() == 4
    assert "Repeated pairs: 0" in page.report.text()
    stack.redo()
    assert _seats(window, 1) == stored
    assert not page.publish_button.isEnabled()
    stack.undo()
    page.publish_button.click()
    assert _seats(window, 1) == stored
    assert stack.undoText() == "Publish the draw of session 1" and not stack.canRedo()

    a, b = stored[1][0], stored[2][0]
    selection = page.view.selectionModel()
    for row in (0, 1):
        selection.select(page.model.index(row, 1), QItemSelectionModel.SelectionFlag.Select)
    assert page.swap_button.isEnabled()
    assert "repeated pairs 0 → 0" in page.swap_effect.text()
    page.swap_button.click()
    assert _seats(window, 1)[1][0] == b and _seats(window, 1)[2][0] == a
    assert stack.undoText().startswith("Swap Player")
    stack.undo()
    assert _seats(window, 1)[1][0] == a

    selection.clearSelection()
    selection.select(page.model.index(0, 2), QItemSelectionModel.SelectionFlag.Select)
    page.pick_button.click()
    steps = page.pick_steps.text()
    assert "throws" in steps and any(die in steps for die in "⚀⚁⚂⚃⚄⚅")
    with window.controller.document.unit_of_work() as uow:  # type: ignore[union-attr]
        table = uow.tables.list(number=1)[0]
        winds = starting_winds(uow.seats.list(table_id=table.id), 1)
    assert sorted(w.value for w in winds.values()) == ["E", "N", "S", "W"]

    assert stack.undoText() == "Wind draw at T1"
    page.start_button.click()
    with window.controller.document.unit_of_work() as uow:  # type: ignore[union-attr]
        assert uow.sessions.list(number=1)[0].status is StageStatus.RUNNING
    assert not page.draw_button.isEnabled()
    stack.undo()
    with window.controller.document.unit_of_work() as uow:  # type: ignore[union-attr]
        assert uow.sessions.list(number=1)[0].status is StageStatus.PUBLISHED


def test_seating_model_passes_the_model_tester(qtmodeltester) -> None:
    model = SeatingModel()
    model.set_tables([(1, [1, 2, 3, 4]), (2, [5, 6, 7, 8])], {1: "Ann", 5: "王小明"})
    qtmodeltester.check(model)
    assert model.data(model.index(1, 1)) == "王小明"
    assert model.player_at(model.index(0, 4)) == 4 and model.player_at(model.index(0, 0)) is None


def test_the_projector_shows_the_seating_by_name_before_the_standings(
        window: MainWindow, tmp_path: Path, qtmodeltester) -> None:
    assert window.controller.open(_event(tmp_path / "room.tmt"))
    window.seating_page.draw(time_limit=5)
    window.seating_page.publish()
    by_name = window.seating_page.by_name
    qtmodeltester.check(by_name)
    names = [by_name.data(by_name.index(row, 0)) for row in range(by_name.rowCount())]
    assert names == sorted(names) and len(names) == 16
    assert {by_name.data(by_name.index(row, 2)) for row in range(16)} == {
        "East", "South", "West", "North"}
    window.action_projector.trigger()
    projector = window.projector
    assert projector is not None
    assert [slide.title for slide in projector.slides] == ["Seating", "Standings"]
    projector.close()


def _status(window: MainWindow, session_id: int) -> StageStatus:
    with window.context.unit_of_work() as work:
        return work.sessions.get(session_id).status


def test_finishing_asks_first_and_only_the_head_judge_reopens(event_window: MainWindow) -> None:
    from tests.gui.event_files import play_table
    from tests.helpers.head_judge import PASSPHRASE

    seated = event_window.seated  # type: ignore[attr-defined]
    document = event_window.controller.document
    for number, table in enumerate(seated.tables):
        play_table(document, table, seated.players[4 * number:4 * number + 4])
    page = event_window.seating_page
    page.refresh()
    assert page.finish_button.isEnabled() and not page.reopen_button.isEnabled()

    def keep_playing(box) -> None:
        assert box.text() == "Finish session 1?"
        assert box.defaultButton().objectName() == "confirm_no"
        click(box, "confirm_no")

    with answering(keep_playing):
        page.finish_button.click()
    assert _status(event_window, seated.session_id) is StageStatus.RUNNING

    with answering(lambda box: click(box, "confirm_yes")):
        page.finish_button.click()
    assert _status(event_window, seated.session_id) is StageStatus.FINISHED
    assert not page.finish_button.isEnabled() and page.reopen_button.isEnabled()
    stack = event_window.context.runner.stack
    while stack.canUndo():  # Edit > Undo walks back what it can; the finish is not on it
        assert not stack.undoText().startswith("Finish")
        stack.undo()
    assert _status(event_window, seated.session_id) is StageStatus.FINISHED

    def reopen(dialog) -> None:
        assert child(dialog, "head_judge_what").text().startswith("Reopen session 1:")
        type_into(dialog, "head_judge_reason", "table 2 appealed in time")
        type_into(dialog, "head_judge_passphrase", PASSPHRASE)
        click(dialog, "head_judge_ok")

    with answering(reopen):
        page.reopen_button.click()
    assert _status(event_window, seated.session_id) is StageStatus.RUNNING
    assert page.finish_button.isEnabled()


def test_a_finish_bound_to_be_refused_is_refused_before_any_confirmation(
        event_window: MainWindow) -> None:
    """Table 2's sheet unsigned: "Finish session…" asked "Finish session 1?" first, and
    only after a yes said the session cannot close. Now the refusal comes at once, naming
    the table, and no confirmation is asked; once it is signed, the confirmation is."""
    from tests.gui.event_files import play_table

    seated = event_window.seated  # type: ignore[attr-defined]
    document = event_window.controller.document
    play_table(document, seated.tables[0], seated.players[:4])
    play_table(document, seated.tables[1], seated.players[4:8], sign=False)
    page = event_window.seating_page
    event_window.show_page(page)
    page.refresh()
    assert page.finish_button.isEnabled()

    with answering() as answers:  # a dialog opened here fails the test
        page.finish_button.click()
    assert answers.seen == []
    assert event_window.message_bar.text() == (
        "Session 1 cannot close: the sheet of table 2 is not signed.")
    assert _status(event_window, seated.session_id) is StageStatus.RUNNING

    for column, player in enumerate(seated.players[4:8]):
        sign_sheet(document.unit_of_work(), seated.tables[1], player, b"png %d" % column)
    with answering(lambda box: click(box, "confirm_no")) as answers:
        page.finish_button.click()
    assert answers.seen == ["Finish Session"]
    assert _status(event_window, seated.session_id) is StageStatus.RUNNING


def test_tables_list_registration_numbers(event_window: MainWindow) -> None:
    page = event_window.seating_page
    event_window.show_page(page)
    with event_window.context.unit_of_work() as work:
        first = work.players.get(event_window.seated.players[0])  # type: ignore[attr-defined]
    assert first.registration_id
    assert page.model.data(page.model.index(0, 1)) == (
        f"{first.name} ({first.registration_id})")


# -- the draw in a worker thread -------------------------------------------------------------
def _long_event(path: Path) -> Path:
    """24 players over 8 sessions: the search cannot reach its lower bound, so a draw runs
    until its time limit or a cancel (benchmarks/bench_cancel.py's kind of field)."""
    with create_document(path) as document:
        create_tournament(document.unit_of_work(), "Long Day", preset_settings(Preset.OPEN, 8))
        for i in range(24):
            register_player(document.unit_of_work(), Player(name=f"Player {i:02}"))
    return path


def test_the_draw_runs_in_a_worker_while_the_window_handles_events(
        window: MainWindow, tmp_path: Path) -> None:
    """A timer fires while the draw runs (the event loop is not blocked) and its Cancel
    answers at once: the dialog says so and the draw returns the best found so far."""
    from PySide6.QtCore import QTimer
    from PySide6.QtWidgets import QDialog

    assert window.controller.open(_long_event(tmp_path / "long.tmt"))
    page = window.seating_page
    seen: dict[str, object] = {}

    def during_the_draw() -> None:
        seen["drawing"] = page.drawing
        dialog = page.findChild(QDialog, "work_dialog")
        seen["dialog shown"] = dialog is not None and dialog.isVisible()
        if dialog is not None:
            click(dialog, "work_cancel")
            seen["answered"] = (dialog.findChild(QLabel, "work_label").text(),
                                child(dialog, "work_cancel").isEnabled())

    QTimer.singleShot(0, during_the_draw)
    draw = page.draw(time_limit=600)  # only the Cancel ends it in time for the test
    assert seen == {"drawing": True, "dialog shown": True, "answered": ("Stopping…", False)}
    assert draw is not None and draw.session_number == 1
    assert page.model.rowCount() == 6 and page.publish_button.isEnabled()
    assert "The search was stopped: this is the best draw it had found." in page.state.text()
    assert not page.drawing and page.findChild(QDialog, "work_dialog") is None or \
        not page.findChild(QDialog, "work_dialog").isVisible()


# -- provisional plans, progress, byes -------------------------------------------------------
def _row_texts(page, row: int) -> list[str]:
    model = page.sessions
    return [model.index(row, column).data() for column in range(model.columnCount())]


def test_a_session_holding_only_the_plan_says_it_is_not_drawn(window: MainWindow,
                                                              tmp_path: Path) -> None:
    assert window.controller.open(_event(tmp_path / "plan.tmt"))
    page = window.seating_page
    page.draw(time_limit=5)
    page.publish()
    assert _row_texts(page, 0) == ["1", "1", "published", "4 waiting"]
    assert _row_texts(page, 1) == ["2", "1", "provisional plan: not drawn yet",
                                   "4 tables planned"]
    page.choose_session(2)
    assert page.current_session().session.number == 2
    assert page.state.text().startswith("Session 2: provisional plan, not drawn yet.")
    assert not page.pick_button.isEnabled() and not page.draw_all_button.isEnabled()
    assert page.draw_button.isEnabled()


def test_a_plan_made_for_another_field_says_who_it_seats_wrongly(window: MainWindow,
                                                                 tmp_path: Path) -> None:
    """Withdraw a player and register a late entry on the Players page after the round was
    planned: the plan of session 2 still seats the one and leaves out the other, and must
    say so, not list the late entry as sitting out (a head judge read it that way)."""
    assert window.controller.open(_event(tmp_path / "drift.tmt"))
    page = window.seating_page
    players = _publish_then_withdraw(window, "Player 03")
    players.new_button.click()
    players.fields["name"].setText("Late Entry")
    players.add_button.click()
    window.show_page(page)
    page.choose_session(2)
    text = page.state.text()
    assert text.startswith("Session 2: provisional plan, not drawn yet.")
    assert ("The field has changed since this plan was made: it seats Player 03 (4), who "
            "will not play; Late Entry (17) joined after it was made.") in text
    assert "Bye this session" not in text
    draw = page.draw(time_limit=5)
    assert draw is not None and "Late Entry (17)" in [page.model.index(row, column).data()
                                                 for row in range(page.model.rowCount())
                                                 for column in range(page.model.columnCount())]
    assert "The field has changed" not in page.state.text()


def test_the_session_list_shows_each_sessions_progress_as_the_sheets_change(
        window: MainWindow, tmp_path: Path) -> None:
    from tests.gui.event_files import play_table, seated_event_file
    from tournament_manager.services.score_sheets import sign_sheet

    path, seated = seated_event_file(tmp_path / "progress.tmt")
    with open_document(path) as document:
        play_table(document, seated.tables[1], seated.players[4:8], sign=False)
    assert window.controller.open(path)
    page = window.seating_page
    assert _row_texts(page, 0) == ["1", "1", "running", "1 playing · 1 complete"]
    sign_sheet(window.context.unit_of_work(), seated.tables[1], seated.players[4],
               b"\x89PNG a signature")
    window.context.hub.notify(Topic.SHEET)  # as the Score sheets page announces it
    assert _row_texts(page, 0)[3] == "1 playing · 1 signing"


def test_a_draw_with_byes_for_want_of_substitutes_says_so(window: MainWindow,
                                                          tmp_path: Path) -> None:
    assert window.controller.open(_event(tmp_path / "odd.tmt", players=18, sessions=3))
    page = window.seating_page
    draw = page.draw(time_limit=5)
    assert draw is not None and len(draw.byes) == 2 and draw.substitutes_missing == 2
    text = page.state.text()
    assert "Bye this session: Player" in text
    assert "2 more would be needed, so byes were used" in text
    assert "Register a substitute on the Players page" in text
    page.publish()
    assert "Bye this session: Player" in page.state.text(), "the published session too"


def test_the_plan_shows_the_next_byes_and_the_next_draw_keeps_them(window: MainWindow,
                                                                     tmp_path: Path) -> None:
    """18 players: the plan drawn with session 1 already says who sits out session 2
    (two who played session 1), and drawing session 2 with nothing changed keeps them."""
    path = tmp_path / "odd.tmt"
    with create_document(path) as document:
        create_tournament(document.unit_of_work(), "Odd Day", preset_settings(Preset.OPEN, 3))
        names = {register_player(document.unit_of_work(), Player(name=f"Player {i:02}")).id:
                 f"Player {i:02}" for i in range(18)}
    assert window.controller.open(path)
    page = window.seating_page
    first = page.draw(time_limit=5)
    assert first is not None
    page.publish()
    page.choose_session(2)
    planned = [p for p in names if p not in {p for t in _seats(window, 2).values() for p in t}]
    assert len(planned) == 2 and not set(planned) & set(first.byes)
    shown = page.state.text()
    assert all(names[p] in shown.split("Bye this session:")[1] for p in planned), shown
    second = page.draw(time_limit=5)
    assert second is not None and sorted(second.byes) == sorted(planned)


def test_a_late_entry_typed_on_the_players_page_is_seated_and_another_sits_out(
        window: MainWindow, tmp_path: Path) -> None:
    """32 players, two sessions drawn and published (the round planned with them); then a
    player registered on the Players page. Session 3's draw seats him, as he has missed
    two sessions, and one of the 32 sits out. Before, only the plan's loose players could
    sit out, and he was the only one: he sat out every session left."""
    assert window.controller.open(_event(tmp_path / "late.tmt", players=32))
    page = window.seating_page
    for number in (1, 2):
        page.choose_session(number)
        assert page.draw(time_limit=5) is not None
        page.publish()
    players = window.players_page
    players.fields["name"].setText("Zoe Latecomer")
    players.add_button.click()
    with window.context.unit_of_work() as uow:
        late = next(p.id for p in uow.players.list() if p.name == "Zoe Latecomer")
    page.choose_session(3)
    third = page.draw(time_limit=5)
    assert third is not None and len(third.byes) == 1 and late not in third.byes
    assert late in {p for table in third.seated.tables for p in table.seats}
    assert "Bye this session: Player" in page.state.text()
    page.publish()
    assert late in {p for table in _seats(window, 3).values() for p in table}


# -- the wind draw ---------------------------------------------------------------------------
def _select_cell(page, row: int, column: int = 1) -> None:
    selection = page.view.selectionModel()
    selection.clearSelection()
    selection.select(page.model.index(row, column), QItemSelectionModel.SelectionFlag.Select)


def _winds(window: MainWindow, table_id: int, cycle: int = 1) -> dict[int, str]:
    with window.context.unit_of_work() as uow:
        return {player: wind.value for player, wind in
                starting_winds(uow.seats.list(table_id=table_id), cycle).items()}


def test_the_steps_shown_are_the_chosen_tables_and_go_with_an_undo_or_another_file(
        window: MainWindow, tmp_path: Path, make_tournament_file) -> None:
    assert window.controller.open(_event(tmp_path / "steps.tmt"))
    page = window.seating_page
    page.draw(time_limit=5)
    page.publish()
    before = [page.model.data(page.model.index(0, column)) for column in range(1, 5)]
    _select_cell(page, 0)
    page.pick_button.click()
    steps = page.pick_steps.text()
    assert steps.startswith("Table 1, cycle 1:") and "throws" in steps
    after = [page.model.data(page.model.index(0, column)) for column in range(1, 5)]
    assert sorted(after) == sorted(before)

    _select_cell(page, 1)
    assert page.pick_steps.text() == "", "another table: its own (no) draw"
    _select_cell(page, 0, 3)
    assert page.pick_steps.text() == steps, "back to the table drawn"

    window.context.runner.stack.undo()  # Edit ▸ Undo: the winds go back
    assert page.pick_steps.text() == ""
    assert [page.model.data(page.model.index(0, column)) for column in range(1, 5)] == before, \
        "the grid follows the undo of a wind draw"

    window.context.runner.stack.redo()
    _select_cell(page, 0)
    page.pick_button.click()
    assert page.pick_steps.text()
    assert window.controller.open(make_tournament_file(tmp_path / "other.tmt", "Other"))
    assert page.pick_steps.text() == "" and page.model.rowCount() == 0


def test_draw_all_tables_is_one_undo_and_keeps_tables_already_playing(
        event_window: MainWindow) -> None:
    from tournament_manager.domain.model import HandResult, Win, WinType
    from tournament_manager.services.score_sheets import HandEntry, enter_hand

    window = event_window
    seated = window.seated  # type: ignore[attr-defined]
    first, second = seated.tables
    p = seated.players
    enter_hand(window.context.unit_of_work(), first, HandEntry(
        HandResult.WIN, WinType.DISCARD, discarder_id=p[1], wins=(Win(p[0], 30, p[1]),)))
    window.context.hub.notify(Topic.SHEET)
    page = window.seating_page
    kept, before = _winds(window, first), _winds(window, second)

    page.draw_all_button.click()

    stack = window.context.runner.stack
    assert stack.undoText() == "Wind draw at every table of session 1"
    assert _winds(window, first) == kept
    drawn = _winds(window, second)
    assert sorted(drawn.values()) == ["E", "N", "S", "W"]
    assert "Winds drawn at 1 table of session 1 (1 already playing kept theirs)" in \
        window.message_bar.text()
    _select_cell(page, 1)
    assert page.pick_steps.text().startswith("Table 2, cycle 1:")
    stack.undo()
    assert _winds(window, second) == before and _winds(window, first) == kept
    assert page.pick_steps.text() == ""


def test_draw_all_tables_keeps_a_draw_already_made_or_recorded(
        event_window: MainWindow) -> None:
    """Table 1 recorded its real draw; "Draw all tables" drew table 1 again unasked, and
    its sheet's winds and dealers no longer matched where the players sat. It keeps such a
    table's winds now, and says so; the table's own button draws it again on purpose."""
    from tournament_manager.rules.tiles import Wind
    from tournament_manager.services.seat_picks import record_table_winds

    window = event_window
    seated = window.seated  # type: ignore[attr-defined]
    first, second = seated.tables
    p = seated.players
    record_table_winds(window.context.unit_of_work(), first,
                       {p[0]: Wind.S, p[1]: Wind.W, p[2]: Wind.N, p[3]: Wind.E})
    page = window.seating_page
    recorded, before = _winds(window, first), _winds(window, second)

    page.draw_all_button.click()
    assert _winds(window, first) == recorded
    assert sorted(_winds(window, second).values()) == ["E", "N", "S", "W"]
    assert ("Winds drawn at 1 table of session 1 (1 drawn or recorded already kept "
            "theirs)") in window.message_bar.text()

    page.draw_all_button.click()  # every table drawn now: nothing is drawn again
    assert window.message_bar.text().startswith(
        "Every table of session 1 that has not started has its winds drawn or recorded")
    window.context.runner.stack.undo()  # the first "Draw all tables"
    assert _winds(window, first) == recorded and _winds(window, second) == before


def _choose(dialog, name: str, value: object) -> None:
    from PySide6.QtWidgets import QComboBox

    box = child(dialog, name, QComboBox)
    index = box.findData(value)
    assert index >= 0, f"{name} has no {value!r}"
    box.setCurrentIndex(index)


def test_the_draw_done_at_the_table_is_recorded_after_its_winds_are_shown(
        event_window: MainWindow) -> None:
    from tournament_manager.domain.seat_pick import pick_seats
    from tournament_manager.rules.tiles import Wind

    window = event_window
    seated = window.seated  # type: ignore[attr-defined]
    table = seated.tables[1]
    arrival = seated.players[4:8]
    page = window.seating_page
    _select_cell(page, 1)
    expected = pick_seats(arrival, (Wind.S, Wind.E, Wind.N, Wind.W), 1, (3, 4), (6, 5))
    shown: list[str] = []

    def record(dialog) -> None:
        assert not child(dialog, "table_draw_save").isEnabled()
        for index, wind in enumerate("SENW", start=1):
            _choose(dialog, f"table_draw_tile_{index}", wind)
        _choose(dialog, "table_draw_thrower", 2)
        _choose(dialog, "table_draw_first_1", 3)
        _choose(dialog, "table_draw_first_2", 4)
        _choose(dialog, "table_draw_second_1", 6)
        assert not child(dialog, "table_draw_save").isEnabled(), "a die is still missing"
        _choose(dialog, "table_draw_second_2", 5)
        shown.append(child(dialog, "table_draw_result").text())
        click(dialog, "table_draw_save")

    with answering(record) as answers:
        page.record_button.click()

    assert answers.seen == ["Record the Wind Draw at Table 2"]
    assert "takes first, from the odd end" in shown[0]
    assert _winds(window, table) == {player: wind.value for player, wind in expected.winds}
    assert window.context.runner.stack.undoText() == "Record the wind draw at T2"
    assert page.pick_steps.text() == "Table 2, cycle 1:\n" + shown[0]
    with window.context.unit_of_work() as uow:
        reasons = [entry.reason or "" for entry in uow.audit.list()]
    assert any(r.startswith("drawn at the table: tiles S E N W") for r in reasons), \
        "the throws and tiles go on the record with the winds"


def test_only_who_took_which_wind_can_be_recorded_and_a_wind_twice_is_refused(
        event_window: MainWindow) -> None:
    window = event_window
    seated = window.seated  # type: ignore[attr-defined]
    page = window.seating_page
    _select_cell(page, 0)
    players = seated.players[:4]

    def winds_only(dialog) -> None:
        child(dialog, "table_draw_by_winds").click()
        for chair, wind in enumerate("NNSW", start=1):
            _choose(dialog, f"table_draw_wind_{chair}", wind)
        problem = child(dialog, "table_draw_problem")
        assert problem.isVisible() and problem.text() == "Each wind goes to one player."
        assert not child(dialog, "table_draw_save").isEnabled()
        _choose(dialog, "table_draw_wind_1", "E")
        assert not problem.isVisible()
        click(dialog, "table_draw_save")

    with answering(winds_only):
        page.record_button.click()
    assert _winds(window, seated.tables[0]) == dict(zip(players, "ENSW"))
    assert window.context.runner.stack.undoText() == "Record the winds at T1"
    assert page.pick_steps.text().startswith("Table 1, cycle 1:\nWinds as the table reported")


def test_a_later_cycle_repick_needs_the_head_judge_under_per_session(
        window: MainWindow, tmp_path: Path) -> None:
    from tests.gui.event_files import seated_event_file
    from tests.helpers.head_judge import PASSPHRASE

    path, seated = seated_event_file(tmp_path / "repick.tmt", hands=8)
    assert window.controller.open(path)
    page = window.seating_page
    page.cycle_box.setCurrentIndex(page.cycle_box.findData(2))
    assert page.cycle_box.currentText() == "2 (before hand 5) — a re-pick: the head judge's"
    _select_cell(page, 0)
    table = seated.tables[0]
    carried = _winds(window, table, 2)
    refusal = ("This event picks seats once per session: a new pick at table 1 for cycle 2 "
               "needs the head judge.")

    def decline(dialog) -> None:
        assert child(dialog, "head_judge_what").text().startswith(
            "This event picks seats once per session: a new pick at table 1 for cycle 2")
        dialog.reject()

    with answering(decline):
        page.pick_button.click()
    assert window.message_bar.text() == refusal
    assert _winds(window, table, 2) == carried

    def allow(dialog) -> None:
        type_into(dialog, "head_judge_reason", "table 1 sat down in the wrong seats")
        type_into(dialog, "head_judge_passphrase", PASSPHRASE)
        click(dialog, "head_judge_ok")

    depth = window.context.runner.stack.count()
    with answering(allow) as answers:
        page.pick_button.click()
    assert answers.seen == ["Re-pick the Winds"]
    with window.context.unit_of_work() as uow:
        picked = [s for s in uow.seats.list(table_id=table) if s.cycle == 2]
    assert sorted(s.wind.value for s in picked) == ["E", "N", "S", "W"]
    assert window.context.runner.stack.count() == depth, \
        "the head judge's act is not on the undo stack (his passphrase is not kept)"
    steps = page.pick_steps.text()
    assert steps.startswith("Table 1, cycle 2:\nArrival, counter-clockwise:") and "throws" in steps


def test_the_pages_buttons_offer_each_alt_letter_once_beside_the_menus(
        event_window: MainWindow) -> None:
    from tests.gui.mnemonics import clashes, letter

    page = event_window.seating_page
    event_window.show_page(page)
    assert clashes(event_window) == {}
    letters = [letter(button.text()) for button in page.findChildren(QPushButton)]
    letters = [key for key in letters if key]
    assert len(letters) == len(set(letters)) >= 9
    assert not {"f", "e", "v", "h"} & set(letters), "the menu bar's letters"


def test_another_file_forgets_a_pending_draw_and_is_read_once(
        window: MainWindow, tmp_path: Path, make_tournament_file) -> None:
    """A draw not yet published belongs to its file; the next file's sessions are read
    once when it opens (a played 256-player event's progress took 0.8 s a reading)."""
    assert window.controller.open(_event(tmp_path / "pending.tmt"))
    page = window.seating_page
    page.draw(time_limit=5)
    assert page.publish_button.isEnabled()

    refreshes: list[int] = []
    original = page.refresh

    def counted() -> None:
        refreshes.append(1)
        original()

    page.refresh = counted  # type: ignore[method-assign]
    assert window.controller.open(make_tournament_file(tmp_path / "next.tmt", "Next"))
    assert not page.publish_button.isEnabled() and page.model.rowCount() == 0
    assert len(refreshes) == 1


def _excess(sessions: list[dict[int, list[int]]]) -> tuple[int, int]:
    """Repeated pairs and excess meetings, counted from the tables themselves."""
    from collections import Counter
    from itertools import combinations

    met = Counter(frozenset(pair) for tables in sessions for table in tables.values()
                  for pair in combinations(table, 2))
    return sum(1 for n in met.values() if n > 1), sum(n - 1 for n in met.values())


def test_the_report_tells_what_the_rest_of_the_round_holds_as_planned(
        window: MainWindow, tmp_path: Path) -> None:
    """20 players over 6 sessions cannot avoid repeats (no resolvable 4-GDD of type 2^10
    exists), and the plan keeps them in later sessions: session 1 alone shows "Repeated
    pairs: 0", so the page also says what the whole round holds, before and after
    publishing, counted the same as the tables stored."""
    assert window.controller.open(_event(tmp_path / "twenty.tmt", players=20, sessions=6))
    page = window.seating_page
    draw = page.draw(time_limit=5)
    assert draw is not None and draw.outlook is not None
    planned = [{t.number: list(t.seats) for t in s.tables}
               for s in (draw.seated, *draw.later_sessions)]
    pairs, excess = _excess(planned)
    assert excess > 0
    assert "Repeated pairs: 0" in page.report.text()
    line = (f"The round as planned, sessions 1 to 6: {pairs} repeated pairs "
            f"(excess meetings {excess}, theoretical minimum 0")
    assert line in page.report.text()
    page.publish()
    stored = [_seats(window, n) for n in range(1, 7)]
    assert _excess(stored) == (pairs, excess)
    assert line in page.report.text(), "the published session, read from the file"
    page.choose_session(6)
    assert line in page.report.text(), "the round's plan, whichever of its sessions is shown"
    assert "Wind spread at the end of session 6: 1 (balanced)." in page.report.text()


def test_a_round_planned_without_repeats_says_so(window: MainWindow, tmp_path: Path) -> None:
    assert window.controller.open(_event(tmp_path / "sixteen.tmt"))
    page = window.seating_page
    page.draw(time_limit=5)
    assert "The round as planned, sessions 1 to 5: no pair meets twice." in page.report.text()
    assert "Wind spread at the end of session 5: 1 (balanced)." in page.report.text()
    page.publish()
    page.choose_session(3)
    assert "The round as planned, sessions 1 to 5: no pair meets twice." in page.report.text(), \
        "the plan from its first session not started, whichever session is shown"


def test_the_keyboard_is_back_in_the_window_after_the_draw(window: MainWindow,
                                                          tmp_path: Path) -> None:
    """Alt+D draws, then Alt+P publishes: when the progress dialog goes, the window and
    the widget that had the keyboard have it again. A window manager usually sees to it;
    on a bare X server (a kiosk) nothing did, and Alt+P went nowhere until a click."""
    from PySide6.QtWidgets import QApplication

    window.show()
    window.activateWindow()
    assert window.controller.open(_event(tmp_path / "keys.tmt"))
    QApplication.processEvents()
    window.show_page(window.seating_page)
    page = window.seating_page
    page.draw_button.setFocus()
    QApplication.processEvents()
    assert QApplication.focusWidget() is page.draw_button
    page.draw(time_limit=5)
    QApplication.processEvents()
    assert QApplication.activeWindow() is window
    assert QApplication.focusWidget() is page.draw_button


def test_a_published_session_seating_a_withdrawn_player_says_so_and_does_not_start(
        window: MainWindow, tmp_path: Path) -> None:
    """Session 1 published, then a player withdraws on the Players page: the session still
    seats him. The page says so, and Start session is refused with the reason (started, his
    table sat three) until the session is drawn again, which seats the players present."""
    assert window.controller.open(_event(tmp_path / "gone.tmt"))
    page = window.seating_page
    _publish_then_withdraw(window, "Player 03")
    window.show_page(page)
    page.choose_session(1)
    assert ("This session still seats Player 03 (4), who withdrew after it was drawn: draw "
            "it again before it starts") in page.state.text()
    page.start_button.click()
    with window.controller.document.unit_of_work() as uow:  # type: ignore[union-attr]
        assert uow.sessions.list(number=1)[0].status is StageStatus.PUBLISHED
    assert window.message_bar.text().endswith(
        "Session 1 seats Player 03, who withdrew after it was drawn: draw it again to seat the "
        "players present before it starts.")
    with answering(lambda box: click(box, "confirm_yes")) as answers:
        page.draw(time_limit=5)
    assert answers.seen == ["Draw Session"]  # its tables may be posted: asked first
    page.publish()
    assert "withdrew" not in page.state.text()
    page.start_button.click()
    with window.controller.document.unit_of_work() as uow:  # type: ignore[union-attr]
        assert uow.sessions.list(number=1)[0].status is StageStatus.RUNNING


def _publish_then_withdraw(window: MainWindow, name: str) -> PlayersPage:
    """Draw and publish the session shown, then withdraw `name` on the Players page (left
    shown)."""
    window.seating_page.draw(time_limit=5)
    window.seating_page.publish()
    players = window.players_page
    window.show_page(players)
    names = [players.proxy.index(row, 0).data() for row in range(players.proxy.rowCount())]
    players.table.selectRow(names.index(name))
    with answering(lambda box: click(box, "confirm_yes")) as answers:
        players.status_button.click()  # seated in the session published: asked first
    assert answers.seen == ["Withdraw Player"]
    return players


def test_undoing_a_new_draw_of_a_published_session_puts_the_old_one_back(
        window: MainWindow, tmp_path: Path) -> None:
    """Session 1 published (its seating posted), a player withdraws, the session is drawn
    again and published: Undo puts back the tables that were posted, and the round's plan
    after them, and shows them, not an unpublished session without tables (nor the new draw
    held over them); Redo publishes the new draw."""
    assert window.controller.open(_event(tmp_path / "undo.tmt"))
    page = window.seating_page
    _publish_then_withdraw(window, "Player 03")
    posted = {n: _seats(window, n) for n in range(1, 6)}
    window.show_page(page)
    page.choose_session(1)

    def draw_again(box) -> None:
        assert box.text() == "Session 1 is published. Draw it again?"
        click(box, "confirm_yes")

    with answering(draw_again):
        page.draw(time_limit=5)
    page.publish()
    redrawn = {n: _seats(window, n) for n in range(1, 6)}
    assert redrawn[1] != posted[1]
    stack = window.context.runner.stack
    assert stack.undoText() == "Publish the draw of session 1"
    stack.undo()
    assert {n: _seats(window, n) for n in range(1, 6)} == posted
    with window.controller.document.unit_of_work() as uow:  # type: ignore[union-attr]
        assert uow.sessions.list(number=1)[0].status is StageStatus.PUBLISHED
    # The page shows the posted draw back, not the new one held over it unpublished.
    assert page.state.text().startswith("Session 1: published.\nThis session still seats "
                                        "Player 03 (4), who withdrew after it was drawn")
    stack.redo()
    assert {n: _seats(window, n) for n in range(1, 6)} == redrawn


def test_a_draw_held_when_a_player_withdraws_says_it_is_outdated(window: MainWindow,
                                                                 tmp_path: Path) -> None:
    """Session 1 drawn and held for reading; a player withdraws on the Players page: the
    held draw, still seating him, says before Publish that it must be drawn again (it said
    nothing, and Publish was refused); drawn again, it does not."""
    assert window.controller.open(_event(tmp_path / "held.tmt"))
    page = window.seating_page
    page.draw(time_limit=5)
    said = ("The field of session 1 changed since this draw was computed (a player "
            "withdrew or was added, or an earlier session was seated again); draw it again.")
    assert said not in page.state.text()
    players = window.players_page
    window.show_page(players)
    names = [players.proxy.index(row, 0).data() for row in range(players.proxy.rowCount())]
    players.table.selectRow(names.index("Player 03"))
    players.status_button.click()
    window.show_page(page)
    assert page.state.text().splitlines()[0] == "Draw of session 1: not published yet."
    assert said in page.state.text().splitlines()
    page.publish_button.click()
    assert _seats(window, 1) == {}
    page.draw(time_limit=5)
    assert said not in page.state.text()


def test_three_withdrawn_from_a_table_of_session_1_are_repaired_without_a_repeat(
        window: MainWindow, tmp_path: Path) -> None:
    """28 players over 7 sessions: session 1 played, then three players of one of its
    tables withdraw on the Players page. Session 2, drawn on the page, repairs the rest of
    the round for the 25 left without a pair meeting twice (the draw's own search stopped at
    two or three; the repair shipped in repairs.json is renamed onto this history), one
    player sitting out each session and nobody twice. Before it is published, the session
    list says the later sessions are re-planned with it (they read "7 tables planned", the
    old plan, until then)."""
    assert window.controller.open(_event(tmp_path / "withdrawn.tmt", players=28, sessions=7))
    page = window.seating_page
    page.draw(time_limit=5)
    page.publish()
    page.start_button.click()
    first = _seats(window, 1)
    players = window.players_page
    window.show_page(players)
    with window.controller.document.unit_of_work() as uow:  # type: ignore[union-attr]
        names = {p.id: p.name for p in uow.players.list()}
    for gone in first[1][1:]:
        shown = [players.proxy.index(row, 0).data() for row in range(players.proxy.rowCount())]
        players.table.selectRow(shown.index(names[gone]))
        with answering(lambda box: click(box, "confirm_yes")):
            players.status_button.click()
    window.show_page(page)
    page.choose_session(2)
    draw = page.draw(time_limit=5)
    assert draw is not None and len(draw.byes) == 1
    assert ("The round as planned, sessions 2 to 7: no pair meets twice."
            in page.report.text()), page.report.text()
    # While the draw is held the later sessions still store the plan for 28; the list
    # says what publishing brings them, and says it again once stored.
    assert [_row_texts(page, row)[3] for row in range(2, 7)] == [
        "6 tables planned with the draw"] * 5
    page.publish()
    assert [_row_texts(page, row)[3] for row in range(2, 7)] == ["6 tables planned"] * 5
    stored = [first] + [_seats(window, n) for n in range(2, 8)]
    assert _excess(stored) == (0, 0)
    left = set(names) - set(first[1][1:])
    out = [p for session in stored[1:] for p in left
           if all(p not in table for table in session.values())]
    assert len(out) == 6 and len(set(out)) == 6


def _drawn_tables(page) -> list[list[str]]:
    return [[page.model.index(row, column).data() for column in range(1, 5)]
            for row in range(page.model.rowCount())]


def test_a_held_draw_outlives_a_look_at_another_session(window: MainWindow,
                                                        tmp_path: Path) -> None:
    """Session 1 drawn, not published; the head judge clicks session 2 in the list and
    comes back: the draw is still held, listed and publishable as it was (it was dropped
    without a word, the list still saying "drawn, not published yet", and a minute's
    draw had to be made again)."""
    assert window.controller.open(_event(tmp_path / "held.tmt"))
    page = window.seating_page
    page.draw(time_limit=5)
    drawn = _drawn_tables(page)
    page.choose_session(2)
    assert page.current_session().session.number == 2
    assert not page.publish_button.isEnabled() and not page.discard_button.isEnabled()
    assert _row_texts(page, 0)[2:] == ["drawn, not published yet", "4 tables"]
    assert not page.state.text().startswith("Draw of session 1")
    page.choose_session(1)
    assert page.publish_button.isEnabled() and page.discard_button.isEnabled()
    assert _drawn_tables(page) == drawn
    assert page.state.text().startswith("Draw of session 1: not published yet.")
    page.publish_button.click()
    with window.controller.document.unit_of_work() as uow:  # type: ignore[union-attr]
        assert uow.sessions.list(number=1)[0].status is StageStatus.PUBLISHED
    assert len(_seats(window, 1)) == 4


def test_drawing_another_session_asks_before_the_held_draw_goes(window: MainWindow,
                                                                tmp_path: Path) -> None:
    """One draw is held at a time: drawing session 2 while session 1's draw is held asks
    first, and No keeps session 1's."""
    assert window.controller.open(_event(tmp_path / "two.tmt"))
    page = window.seating_page
    page.draw(time_limit=5)
    page.choose_session(2)

    def keep(box) -> None:
        assert box.text() == "Draw session 2 and discard the draw of session 1?"
        assert box.defaultButton().objectName() == "confirm_no"
        click(box, "confirm_no")

    with answering(keep):
        page.draw_button.click()
    assert _row_texts(page, 0)[2] == "drawn, not published yet"
    page.choose_session(1)
    assert page.publish_button.isEnabled()


def test_a_held_draw_is_discarded_only_when_confirmed(window: MainWindow,
                                                      tmp_path: Path) -> None:
    assert window.controller.open(_event(tmp_path / "discard.tmt"))
    page = window.seating_page
    page.draw(time_limit=5)
    with answering(lambda box: click(box, "confirm_no")):
        page.discard_button.click()
    assert page.publish_button.isEnabled()

    def discard(box) -> None:
        assert box.text() == "Discard the draw of session 1?"
        click(box, "confirm_yes")

    with answering(discard):
        page.discard_button.click()
    assert not page.publish_button.isEnabled() and not page.discard_button.isEnabled()
    assert _row_texts(page, 0)[2:] == ["planned", "not drawn"]
    assert _seats(window, 1) == {}


def test_a_published_session_is_drawn_again_only_when_confirmed_and_says_what_stands(
        window: MainWindow, tmp_path: Path) -> None:
    """Draw… on a published session asks first (its tables may be posted); drawn again,
    the list and the state say the published tables stand until the new draw is published,
    and Discard draw brings the published session back, ready to start (it showed "drawn,
    not published yet" with Start disabled and nothing to undo the new draw with)."""
    assert window.controller.open(_event(tmp_path / "again.tmt"))
    page = window.seating_page
    page.draw(time_limit=5)
    page.publish_button.click()
    posted = _seats(window, 1)
    with answering(lambda box: click(box, "confirm_no")) as answers:
        page.draw_button.click()
    assert answers.seen == ["Draw Session"]
    assert not page.publish_button.isEnabled() and page.start_button.isEnabled()

    with answering(lambda box: click(box, "confirm_yes")):
        page.draw(time_limit=5)
    assert _row_texts(page, 0)[2] == "published; new draw not published yet"
    assert ("The tables published before stand until this draw is published."
            in page.state.text().splitlines())
    assert not page.start_button.isEnabled() and page.publish_button.isEnabled()
    with answering(lambda box: click(box, "confirm_yes")):
        page.discard_button.click()
    assert _row_texts(page, 0)[2] == "published"
    assert page.start_button.isEnabled()
    assert _seats(window, 1) == posted


def test_a_start_is_no_longer_offered_for_undo_once_a_hand_is_on_a_sheet(
        window: MainWindow, tmp_path: Path) -> None:
    """Session 1 started here, then a hand entered at a table (the table's own page, or
    another station): Edit offered "Undo Start session 1" only to refuse it."""
    from PySide6.QtWidgets import QApplication

    from tests.gui.event_files import play_table

    assert window.controller.open(_event(tmp_path / "started.tmt", players=8))
    page = window.seating_page
    page.draw(time_limit=5)
    page.publish_button.click()
    page.start_button.click()
    stack = window.context.runner.stack
    assert stack.undoText() == "Start session 1"
    seats = _seats(window, 1)
    with window.controller.document.unit_of_work() as uow:  # type: ignore[union-attr]
        table = uow.tables.list(number=1)[0]
    play_table(window.controller.document, table.id, tuple(seats[1]), sign=False)
    window.context.hub.notify(Topic.SHEET)
    QApplication.processEvents()
    assert stack.undoText() != "Start session 1"
    assert not (window.action_undo.isEnabled()
                and window.action_undo.text().startswith("&Undo Start"))


def test_undoing_a_publish_keeps_another_sessions_held_draw(window: MainWindow,
                                                            tmp_path: Path) -> None:
    """Session 1 published, session 2 drawn and held, then Edit ▸ Undo of the publish: the
    draw of session 2 stays held (it was replaced without a word by session 1's draw taken
    back) and the message bar says why session 1's is not; Redo publishes it again."""
    assert window.controller.open(_event(tmp_path / "undo-held.tmt"))
    page = window.seating_page
    page.draw(time_limit=5)
    page.publish_button.click()
    published = _seats(window, 1)
    page.choose_session(2)
    page.draw(time_limit=5)
    second = _drawn_tables(page)
    page.choose_session(1)
    stack = window.context.runner.stack
    assert stack.undoText() == "Publish the draw of session 1"
    with answering(lambda box: click(box, "confirm_yes")) as seen:
        window.action_undo.trigger()
    assert seen.seen == ["Withdraw the Draw"]
    assert _seats(window, 1) == {}
    assert window.message_bar.text() == ("The draw of session 1 taken back is not held: the "
                                         "draw of session 2 is. Edit ▸ Redo publishes it "
                                         "again.")
    assert not page.publish_button.isEnabled()
    page.choose_session(2)
    assert page.publish_button.isEnabled() and _drawn_tables(page) == second
    window.action_redo.trigger()
    assert _seats(window, 1) == published


def test_undoing_a_publish_holds_the_draw_whichever_session_is_shown(window: MainWindow,
                                                                     tmp_path: Path) -> None:
    assert window.controller.open(_event(tmp_path / "undo-other.tmt"))
    page = window.seating_page
    page.draw(time_limit=5)
    drawn = _drawn_tables(page)
    page.publish_button.click()
    page.choose_session(3)
    with answering(lambda box: click(box, "confirm_yes")):
        window.action_undo.trigger()
    assert _row_texts(page, 0)[2] == "drawn, not published yet"
    page.choose_session(1)
    assert page.publish_button.isEnabled() and _drawn_tables(page) == drawn


def test_a_later_session_shows_the_plan_the_held_draw_brings(window: MainWindow,
                                                             tmp_path: Path) -> None:
    """Session 1 drawn and held: session 3's row said "4 tables planned with the draw"
    while its grid showed the stored plan those replace. The grid shows the plan the draw
    brings, which publishing it stores."""
    assert window.controller.open(_event(tmp_path / "later.tmt"))
    page = window.seating_page
    page.draw(time_limit=5)
    page.choose_session(3)
    assert _row_texts(page, 2)[3] == "4 tables planned with the draw"
    assert page.state.text().startswith("Session 3: planned with the draw of session 1, not "
                                        "published yet.")
    shown = _drawn_tables(page)
    page.choose_session(1)
    page.publish_button.click()
    page.choose_session(3)
    assert _drawn_tables(page) == shown
    assert page.state.text().startswith("Session 3: provisional plan, not drawn yet.")


def test_the_report_counts_the_repeated_pairs_it_does_not_name() -> None:
    """Twelve repeated pairs are named; the rest were left out without a word under
    "Repeated pairs: 23"."""
    from tournament_manager.domain.seating.model import SeatedSession, SeatedTable
    from tournament_manager.domain.seating.quality import quality_report
    from tournament_manager.gui.pages.seating_page import LISTED_PAIRS, describe_report

    same = SeatedSession((SeatedTable(1, (0, 1, 2, 3)), SeatedTable(2, (4, 5, 6, 7))))
    report = quality_report([same, same, same])  # twelve pairs met thrice
    names = {player: f"P{player}" for player in range(8)}
    assert len(report.repeated_pairs) == LISTED_PAIRS
    assert "more" not in describe_report(report, names)
    swapped = SeatedSession((SeatedTable(1, (0, 1, 4, 5)), SeatedTable(2, (2, 3, 6, 7))))
    report = quality_report([same, same, swapped, swapped])
    lines = describe_report(report, names).splitlines()
    named = [line for line in lines if line.endswith(("meet again", "(back to back)"))]
    assert len(named) == LISTED_PAIRS
    assert f"  … and {len(report.repeated_pairs) - LISTED_PAIRS} more" in lines


def test_a_draw_published_over_a_plan_is_withdrawn_and_published_again(
        window: MainWindow, tmp_path: Path) -> None:
    """Session 2 held the plan drawn with session 1; its draw published, undone (the
    plan's tables go with it) and redone: the Redo was refused as "changed by head judge",
    this very station."""
    assert window.controller.open(_event(tmp_path / "again.tmt"))
    page = window.seating_page
    page.draw(time_limit=5)
    page.publish()
    page.choose_session(2)
    page.draw(time_limit=5)
    page.publish()
    published = _seats(window, 2)
    with answering(lambda box: click(box, "confirm_yes")) as asked:
        window.context.runner.undo()
    assert asked.seen == ["Withdraw the Draw"]
    assert _seats(window, 2) == {}
    window.context.runner.redo()
    assert not window.message_bar.isVisible() or "changed by" not in window.message_bar.text()
    assert _seats(window, 2) == published
    assert _row_texts(page, 1)[2] == "published"
