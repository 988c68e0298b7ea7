"""The Seating page: draw, read the report, publish, swap with undo, wind draw, start."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QItemSelectionModel
from pytestqt.qtbot import QtBot

from tests.gui.modal import answering, child, click, type_into
from tournament_manager.domain.model import Player, StageStatus
from tournament_manager.domain.presets import Preset, preset_settings
from tournament_manager.gui.main_window import MainWindow
from tournament_manager.gui.models.seating_model import SeatingModel
from tournament_manager.services.players import register_player
from tournament_manager.services.score_sheets import starting_winds
from tournament_manager.services.tournaments import create_tournament
from tournament_manager.storage.document import create_document


def _event(path: Path) -> Path:
    with create_document(path) as document:
        create_tournament(document.unit_of_work(), "Draw Day", preset_settings(Preset.OPEN, 5))
        for i in range(16):
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
    page.draw(time_limit=5)
    assert page.model.rowCount() == 4
    assert "Repeated pairs: 0" in page.report.text()
    assert _seats(window, 1) == {}, "a draw is only a proposal until published"
    qtmodeltester.check(page.model)
    page.publish_button.click()
    stored = _seats(window, 1)
    assert sorted(len(players) for players in stored.values()) == [4, 4, 4, 4]
    stack = window.context.runner.stack
    assert stack.undoText() == "Publish the draw of session 1"
    stack.undo()
    assert _seats(window, 1) == {}
    stack.redo()
    assert _seats(window, 1) == stored

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


def test_tables_list_registration_numbers(event_window: MainWindow) -> None:
    page = event_window.seating_page
    event_window.show_page(page)
    with event_window.context.unit_of_work() as work:
        first = work.players.get(event_window.seated.players[0])  # type: ignore[attr-defined]
    assert first.registration_id
    assert page.model.data(page.model.index(0, 1)) == (
        f"{first.name} ({first.registration_id})")
