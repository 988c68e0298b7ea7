"""The head judge's identity: named with his passphrase in File ▸ New's real dialog, and
set or changed on the Setup page, through the real dialogs."""

from __future__ import annotations

import dataclasses
import sqlite3
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from PySide6.QtCore import QPoint
from PySide6.QtWidgets import QApplication, QComboBox, QLineEdit

from tournament_manager.gui import document_controller, document_dialogs
from tournament_manager.gui.main_window import MainWindow
from tournament_manager.gui.settings import AppSettings
from tournament_manager.services.errors import ServiceError
from tournament_manager.services.head_judge import (
    HeadJudgeCredential,
    check_passphrase,
    head_judge,
)
from tournament_manager.services.tournaments import overview
from tournament_manager.storage.lock import lock_path

from .canned import CannedDialogs
from .modal import answering, child, click, type_into

PASSPHRASE = "lantern over the harbour"


@pytest.fixture
def new_window(qtbot, app_settings: AppSettings, canned: CannedDialogs) -> Iterator[MainWindow]:
    """A window whose File ▸ New opens the real New Tournament dialog (the file dialog
    after it stays canned)."""
    dialogs = dataclasses.replace(canned.dialogs(),
                                  ask_new_tournament=document_dialogs.ask_new_tournament)
    window = MainWindow(app_settings, dialogs)
    qtbot.addWidget(window)
    window.show()
    yield window
    window.close()


def _fill_new_tournament(dialog) -> None:
    ok = child(dialog, "new_tournament_ok")
    hint = child(dialog, "new_tournament_passphrase_hint")
    type_into(dialog, "new_tournament_name", "Autumn Cup")
    preset = child(dialog, "new_tournament_preset", QComboBox)
    preset.setCurrentIndex(preset.findData("wsom_2010"))
    type_into(dialog, "new_tournament_head_judge", "Ada Judge")
    for name in ("new_tournament_passphrase_new", "new_tournament_passphrase_repeat"):
        assert child(dialog, name, QLineEdit).echoMode() is QLineEdit.EchoMode.Password

    type_into(dialog, "new_tournament_passphrase_new", "short")
    type_into(dialog, "new_tournament_passphrase_repeat", "short")
    assert not ok.isEnabled()
    assert hint.text().startswith("Too short: 5 of at least 8 characters.")

    type_into(dialog, "new_tournament_passphrase_new", PASSPHRASE)
    type_into(dialog, "new_tournament_passphrase_repeat", PASSPHRASE + "!")
    assert not ok.isEnabled()
    assert hint.text().startswith("The two passphrases differ.")

    type_into(dialog, "new_tournament_passphrase_repeat", PASSPHRASE)
    assert hint.text().startswith("The passphrases match.")
    click(dialog, "new_tournament_ok")


def test_file_new_names_the_head_judge_with_a_passphrase_typed_twice(
        new_window: MainWindow, canned: CannedDialogs, tmp_path: Path):
    target = tmp_path / "autumn.tmt"
    canned.new_paths.append(target)

    with answering(_fill_new_tournament) as answers:
        new_window.action_new.trigger()

    assert answers.seen == ["New Tournament"]
    assert target.is_file()
    assert new_window.windowTitle() == "Autumn Cup — Tournament Manager"
    uow = new_window.context.unit_of_work
    judge = head_judge(uow())
    assert judge is not None and judge.name == "Ada Judge"
    assert check_passphrase(uow(), HeadJudgeCredential(PASSPHRASE)).name == "Ada Judge"
    assert overview(uow()).tournament.settings.format_preset == "wsom_2010"
    setup = new_window.setup_page
    assert setup.judge_name.text() == "Ada Judge"
    assert setup.judge_set_at.text().startswith("set on ")
    assert setup.judge_button.text() == "Change passphrase…"


def test_a_failed_new_leaves_no_file_behind(
        new_window: MainWindow, canned: CannedDialogs, tmp_path: Path,
        monkeypatch: pytest.MonkeyPatch, qtbot):
    target = tmp_path / "autumn.tmt"
    canned.new_paths.extend([target, target])

    def disk_full(*_args: object, **_kwargs: object) -> None:
        raise sqlite3.OperationalError("database or disk is full")

    with monkeypatch.context() as patch:
        patch.setattr(document_controller, "create_tournament", disk_full)
        with qtbot.captureExceptions() as exceptions, answering(_fill_new_tournament):
            new_window.action_new.trigger()
    assert [type(e[1]) for e in exceptions] == [sqlite3.OperationalError]
    assert new_window.controller.document is None
    assert not target.exists() and not lock_path(target).exists()
    assert list(tmp_path.glob("autumn.tmt*")) == []

    with answering(_fill_new_tournament):  # the same name again: nothing stands in the way
        new_window.action_new.trigger()
    assert new_window.controller.document is not None and target.is_file()


def test_a_refused_new_leaves_no_file_behind(
        window: MainWindow, tmp_path: Path, monkeypatch: pytest.MonkeyPatch):
    from tournament_manager.domain.presets import Preset
    from tournament_manager.services.errors import ServiceProblem

    def refused(*_args: object, **_kwargs: object) -> None:
        raise ServiceError(ServiceProblem.TOURNAMENT_EXISTS)

    monkeypatch.setattr(document_controller, "create_tournament", refused)
    target = tmp_path / "refused.tmt"
    assert not window.controller.new(target, "Refused", Preset.OPEN.value)
    assert window.message_bar.isVisible()
    assert list(tmp_path.glob("refused.tmt*")) == []


def test_the_setup_page_sets_then_changes_the_passphrase(
        window: MainWindow, tmp_path: Path, make_tournament_file: Callable[[Path, str], Path]):
    assert window.controller.open(make_tournament_file(tmp_path / "old.tmt", "Old Cup"))
    page = window.setup_page
    assert page.judge_button.text() == "Set passphrase…"
    assert page.judge_set_at.text().startswith("none: signed sheets cannot be corrected")

    def set_it(dialog) -> None:
        assert child(dialog, "passphrase_current").isHidden()  # nothing to confirm yet
        type_into(dialog, "passphrase_judge_name", "Bo Referee")
        type_into(dialog, "passphrase_new", "first passphrase")
        type_into(dialog, "passphrase_repeat", "first passphrase")
        click(dialog, "passphrase_ok")

    with answering(set_it):
        page.judge_button.click()
    assert page.judge_name.text() == "Bo Referee"
    assert page.judge_button.text() == "Change passphrase…"

    def change_it(dialog) -> None:
        assert dialog.windowTitle() == "Change the Head Judge's Passphrase"
        type_into(dialog, "passphrase_new", "second passphrase")
        type_into(dialog, "passphrase_repeat", "second passphrase")
        ok = child(dialog, "passphrase_ok")
        assert not ok.isEnabled(), "the current passphrase comes first"
        type_into(dialog, "passphrase_current", "not the first one")
        click(dialog, "passphrase_ok")
        assert dialog.isVisible()
        assert "not the head judge's passphrase" in child(dialog, "passphrase_problem").text()
        assert child(dialog, "passphrase_current", QLineEdit).text() == ""
        type_into(dialog, "passphrase_current", "first passphrase")
        click(dialog, "passphrase_ok")

    with answering(change_it):
        page.judge_button.click()
    uow = window.context.unit_of_work
    assert check_passphrase(uow(), HeadJudgeCredential("second passphrase"))
    with pytest.raises(ServiceError):
        check_passphrase(uow(), HeadJudgeCredential("first passphrase"))


def test_without_a_passphrase_nothing_signed_can_be_unlocked(window: MainWindow, tmp_path):
    from .event_files import signed_event_file

    path, seated = signed_event_file(tmp_path / "nojudge.tmt", head_judge=False)
    assert window.controller.open(path)
    window.show_page(window.sheets_page)
    sheet = window.sheets_page.sheet
    assert sheet.view is not None and sheet.view.locked

    def look(dialog) -> None:
        assert "no head judge passphrase yet" in child(dialog, "head_judge_problem").text()
        assert not child(dialog, "head_judge_ok").isEnabled()
        dialog.reject()

    with answering(look):
        sheet.signatures.correct_button.click()
    assert sheet.view.locked
    with window.context.unit_of_work() as uow:
        assert uow.tables.get(seated.tables[0]).sheet_version == 1


def test_the_new_dialog_keeps_every_field_in_place_while_the_passphrase_is_typed(qtbot):
    """The hint under the passphrase changes with every key; the fields and buttons must
    not move, or a click aimed at one field lands in another (seen under Xvfb: the dialog
    grew by a line and "Repeat" moved onto "Passphrase")."""
    from tournament_manager.gui.new_tournament_dialog import NewTournamentDialog

    dialog = NewTournamentDialog()
    qtbot.addWidget(dialog)
    dialog.show()
    qtbot.waitExposed(dialog)
    dialog.resize(dialog.width() + 40, dialog.height() + 60)  # as a window manager may size it
    QApplication.processEvents()
    names = ("new_tournament_name", "new_tournament_head_judge", "new_tournament_passphrase_new",
             "new_tournament_passphrase_repeat", "new_tournament_ok")

    def places() -> dict[str, object]:
        return {name: (child(dialog, name).mapTo(dialog, QPoint(0, 0)),
                       child(dialog, name).size()) for name in names} | {"size": dialog.size()}

    hint = child(dialog, "new_tournament_passphrase_hint")

    def hint_heights() -> list[int]:  # at any width the dialog may be given
        return [hint.sizeHint().height()] + [hint.heightForWidth(w) for w in range(200, 800, 10)]

    before, heights = places(), hint_heights()
    hints = set()
    for name, text in (("new_tournament_name", "Autumn Cup"),
                       ("new_tournament_head_judge", "Ada Judge"),
                       ("new_tournament_passphrase_new", "short"),
                       ("new_tournament_passphrase_new", PASSPHRASE),
                       ("new_tournament_passphrase_repeat", "lantern"),
                       ("new_tournament_passphrase_repeat", PASSPHRASE)):
        type_into(dialog, name, text)
        hints.add(child(dialog, "new_tournament_passphrase_hint").text())
        assert places() == before, f"the dialog moved while typing into {name}"
        assert hint_heights() == heights, f"the hint changed its height at {hint.text()!r}"
    assert len(hints) == 5  # every hint was shown, and none moved a field
    assert child(dialog, "new_tournament_ok").isEnabled()
