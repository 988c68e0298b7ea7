"""New, Open, Save a Copy and Close from the File menu, with canned dialog answers."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from PySide6.QtGui import QKeySequence

from tournament_manager.domain.presets import Preset
from tournament_manager.gui.main_window import MainWindow, file_name_for
from tournament_manager.gui.new_tournament_dialog import NewTournament
from tournament_manager.gui.settings import AppSettings
from tournament_manager.services.tournaments import overview
from tournament_manager.storage.document import create_document, open_document
from tournament_manager.storage.lock import lock_path

from .canned import CannedDialogs
from .modal import answering, click


def test_new_creates_a_tournament_file_and_adds_it_to_recent(
        window: MainWindow, canned: CannedDialogs, app_settings: AppSettings, tmp_path: Path):
    target = tmp_path / "events" / "spring.tmt"
    canned.new_tournaments.append(NewTournament("Spring Open", Preset.WSOM_2010))
    canned.new_paths.append(target)

    window.action_new.trigger()

    assert target.is_file()
    assert window.windowTitle() == "Spring Open — Tournament Manager"
    assert not window.isWindowModified()
    assert app_settings.recent_files()[0] == target.resolve()
    window.close()
    with open_document(target, read_only=True) as document:
        summary = overview(document.unit_of_work())
    assert summary.tournament.name == "Spring Open"
    assert summary.tournament.settings.format_preset == "wsom_2010"


def test_new_never_overwrites_an_existing_file(
        window: MainWindow, canned: CannedDialogs, tmp_path: Path):
    existing = tmp_path / "taken.tmt"
    existing.write_bytes(b"precious")
    canned.new_tournaments.append(NewTournament("Autumn", Preset.OPEN))
    canned.new_paths.append(existing)

    asked: list[str] = []

    def cancel(box) -> None:
        asked.append(box.text())
        click(box, "confirm_no")

    with answering(cancel):
        window.action_new.trigger()

    assert existing.read_bytes() == b"precious"
    assert asked == ["taken.tmt exists already: a new event needs a file of its own."]
    assert window.controller.document is None

    # Cancel is Cancel, even when the file has gone while the question was open (the
    # event was made at its name).
    canned.new_tournaments.append(NewTournament("Autumn", Preset.OPEN))
    canned.new_paths.append(existing)

    def moved_then_cancel(box) -> None:
        existing.rename(tmp_path / "moved.tmt")
        click(box, "confirm_no")

    with answering(moved_then_cancel):
        window.action_new.trigger()
    assert window.controller.document is None and not existing.exists()


def test_a_taken_name_asks_for_another_and_keeps_what_was_typed(
        window: MainWindow, canned: CannedDialogs, tmp_path: Path):
    """The name, head judge and passphrase typed in File ▸ New were lost when the file
    chosen existed: the judge typed them all again. Now only another name is asked for."""
    existing = tmp_path / "taken.tmt"
    existing.write_bytes(b"precious")
    canned.new_tournaments.append(NewTournament("Autumn Cup", Preset.OPEN))
    canned.new_paths += [existing, tmp_path / "autumn.tmt"]

    with answering(lambda box: click(box, "new_rename")):
        window.action_new.trigger()

    assert existing.read_bytes() == b"precious"
    assert window.windowTitle() == "Autumn Cup — Tournament Manager"
    assert window.controller.document.path == tmp_path / "autumn.tmt"


def test_cancelling_new_changes_nothing(window: MainWindow, canned: CannedDialogs,
                                        tmp_path: Path):
    canned.new_tournaments.append(NewTournament("Winter", Preset.OPEN))
    canned.new_paths.append(None)

    window.action_new.trigger()

    assert window.controller.document is None
    assert list(tmp_path.glob("*.tmt")) == []


def test_opening_a_second_file_switches_and_releases_the_first(
        qtbot, window: MainWindow, canned: CannedDialogs, tmp_path: Path,
        make_tournament_file: Callable[[Path, str], Path]):
    first = make_tournament_file(tmp_path / "first.tmt", "First Cup")
    second = make_tournament_file(tmp_path / "second.tmt", "Second Cup")
    canned.open_paths.extend([first, second])

    window.action_open.trigger()
    assert window.windowTitle() == "First Cup — Tournament Manager"
    assert lock_path(first).exists()

    with qtbot.waitSignal(window.controller.document_changed, timeout=1000):
        window.action_open.trigger()

    assert window.windowTitle() == "Second Cup — Tournament Manager"
    assert window.findChild(object, "tournament_name").text() == "Second Cup"
    assert not lock_path(first).exists()
    assert lock_path(second).exists()
    with open_document(first) as reopened:  # free for another instance again
        assert reopened.path == first


def test_opening_the_open_file_again_is_harmless(
        window: MainWindow, canned: CannedDialogs, tmp_path: Path,
        make_tournament_file: Callable[[Path, str], Path]):
    path = make_tournament_file(tmp_path / "cup.tmt", "Cup")
    canned.open_paths.extend([path, path])

    window.action_open.trigger()
    window.action_open.trigger()

    assert window.message_bar.text() == ""
    assert window.controller.document is not None


def test_save_a_copy_writes_a_file_that_opens(
        window: MainWindow, canned: CannedDialogs, tmp_path: Path,
        make_tournament_file: Callable[[Path, str], Path]):
    original = make_tournament_file(tmp_path / "cup.tmt", "Copied Cup")
    copy = tmp_path / "usb" / "cup-copy.tmt"
    canned.open_paths.append(original)
    canned.copy_paths.append(copy)
    window.action_open.trigger()

    window.action_save_copy.trigger()

    assert window.controller.document is not None
    assert window.controller.document.path == original  # still working on the original
    with open_document(copy) as document:
        assert overview(document.unit_of_work()).tournament.name == "Copied Cup"


def test_a_copy_cannot_replace_the_open_file(
        window: MainWindow, canned: CannedDialogs, tmp_path: Path,
        make_tournament_file: Callable[[Path, str], Path]):
    original = make_tournament_file(tmp_path / "cup.tmt", "Cup")
    canned.open_paths.append(original)
    canned.copy_paths.append(original)
    window.action_open.trigger()

    window.action_save_copy.trigger()

    assert "cannot replace" in window.message_bar.text()


def test_close_releases_the_document_and_disables_document_actions(
        window: MainWindow, canned: CannedDialogs, tmp_path: Path,
        make_tournament_file: Callable[[Path, str], Path]):
    path = make_tournament_file(tmp_path / "cup.tmt", "Cup")
    canned.open_paths.append(path)
    window.action_open.trigger()
    assert window.action_close.isEnabled()

    window.action_close.trigger()

    assert window.controller.document is None
    assert not lock_path(path).exists()
    assert window.windowTitle() == "Tournament Manager"
    assert not window.action_save_copy.isEnabled()
    assert not window.action_close.isEnabled()


def test_actions_use_the_platform_standard_shortcuts(window: MainWindow):
    standard = QKeySequence.StandardKey
    for action, key in ((window.action_new, standard.New), (window.action_open, standard.Open),
                        (window.action_save_copy, standard.SaveAs),
                        (window.action_close, standard.Close)):
        assert action.shortcuts() == QKeySequence.keyBindings(key)


def test_suggested_file_names_are_valid_everywhere():
    assert file_name_for('Open: "A/B" 2026?') == "Open   A B  2026.tmt"
    assert file_name_for("...") == "Tournament.tmt"


def test_a_document_without_a_tournament_opens_with_a_note(
        window: MainWindow, canned: CannedDialogs, tmp_path: Path):
    empty = tmp_path / "empty.tmt"
    create_document(empty).close()
    canned.open_paths.append(empty)

    window.action_open.trigger()

    assert window.windowTitle() == "empty — Tournament Manager"
    assert window.findChild(object, "overview_note").text() == "the file holds no tournament yet"


def test_quit_closes_the_window_and_the_document(
        window: MainWindow, canned: CannedDialogs, tmp_path: Path,
        make_tournament_file: Callable[[Path, str], Path]):
    path = make_tournament_file(tmp_path / "cup.tmt", "Cup")
    canned.open_paths.append(path)
    window.action_open.trigger()

    window.action_quit.trigger()

    assert not window.isVisible()
    assert not lock_path(path).exists()


def test_the_replace_question_names_the_file_written(qtbot, tmp_path: Path) -> None:
    """A name typed in a save dialog without its suffix: the file written has it, and the
    question to replace is about that file. Qt asked about "ev.tmt" and the PDF went to
    "ev.tmt.pdf"; a copy typed "day 2" went over "day 2.tmt" without a question."""
    from PySide6.QtWidgets import QWidget

    from tests.gui.modal import answering, click
    from tournament_manager.gui.document_dialogs import may_write

    parent = QWidget()
    qtbot.addWidget(parent)
    event = tmp_path / "ev.tmt"
    event.write_bytes(b"event")
    assert may_write(parent, event, ".pdf") == tmp_path / "ev.tmt.pdf"  # nothing to replace

    (tmp_path / "day 2.tmt").write_bytes(b"yesterday")
    asked: list[str] = []

    def keep(box) -> None:
        asked.append(box.text())
        click(box, "confirm_no")

    with answering(keep):
        assert may_write(parent, tmp_path / "day 2", ".tmt") is None
    assert asked == ["Replace day 2.tmt?"]
    with answering(lambda box: click(box, "confirm_yes")):
        assert may_write(parent, tmp_path / "day 2", ".tmt") == tmp_path / "day 2.tmt"
    assert may_write(parent, tmp_path / "new.pdf", ".pdf") == tmp_path / "new.pdf"
    # The open event's own file: no question, the copy refuses it and says why (it asked
    # "Replace run.tmt?" first, then refused).
    (tmp_path / "run.tmt").write_bytes(b"open")
    (tmp_path / "run.tmt.lock").write_text("held")
    assert may_write(parent, tmp_path / "run", ".tmt") == tmp_path / "run.tmt"
