"""The window on a server event: File ▸ Open on a Server… through its real dialog, the
station's acts audited under its name, other stations' changes shown without F5, and a
projector station that can change nothing."""

from __future__ import annotations

import dataclasses
import os
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from PySide6.QtTest import QTest

from tournament_manager.application.events import open_event, parse_address
from tournament_manager.cli.main import run_cli
from tournament_manager.domain.model import Player
from tournament_manager.gui.errors import describe_error
from tournament_manager.gui.main_window import MainWindow
from tournament_manager.gui.settings import AppSettings
from tournament_manager.services.players import register_player
from tournament_manager.storage.errors import DocumentError

from .modal import answering, child, click, type_into

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture
def event_on_server(server_url: str) -> str:
    assert run_cli(["new", server_url, "--name", "Harbour Open"]) == 0
    for name in ("Ada", "Bo"):
        assert run_cli(["players", "add", server_url, "--name", name]) == 0
    return server_url


@pytest.fixture
def real_window(qtbot, app_settings: AppSettings) -> Iterator[MainWindow]:
    window = MainWindow(app_settings)
    qtbot.addWidget(window)
    window.resize(1280, 800)
    window.show()
    yield window
    window.close()


def _open_with(window: MainWindow, ask, address: str) -> None:
    """The server dialog, as `ask` brings it up, answered with `address` as Desk 9."""
    def fill(dialog) -> None:
        type_into(dialog, "server_address", address)
        type_into(dialog, "server_station", "Desk 9")
        click(dialog, "server_open")

    with answering(fill) as answers:
        ask()
    assert answers.seen == ["Open an Event on a Server"]


def _open(window: MainWindow, address: str, station: str, role: str) -> None:
    def fill(dialog) -> None:
        assert not child(dialog, "server_open").isEnabled()
        type_into(dialog, "server_address", "https://example.org/event")
        assert not child(dialog, "server_open").isEnabled()
        assert "this application cannot use" in child(dialog, "server_hint").text()
        type_into(dialog, "server_address", address)
        port = address.split("@")[1].split("/")[0]
        assert child(dialog, "server_hint").text().startswith("Database event_")
        assert child(dialog, "server_hint").text().endswith(f" on {port}")
        type_into(dialog, "server_station", station)
        roles = child(dialog, "server_role")
        roles.setCurrentIndex(roles.findData(role))
        click(dialog, "server_open")

    with answering(fill) as answers:
        window.action_open_server.trigger()
    assert answers.seen == ["Open an Event on a Server"]


def _players(window: MainWindow) -> list[str]:
    model = window.players_page.model
    return sorted(model.player_at(row).name for row in range(model.rowCount()))


def test_a_station_opens_a_server_event_and_sees_the_others_changes(
        real_window: MainWindow, event_on_server: str, qtbot) -> None:
    window = real_window
    _open(window, event_on_server, "Desk 2", "results-desk")
    assert window.windowTitle() == "Harbour Open — Tournament Manager"
    window.show_page(window.players_page)
    assert _players(window) == ["Ada", "Bo"]

    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(ROOT), *sys.path])}
    other = subprocess.run(
        [sys.executable, "-m", "tournament_manager", "players", "add", event_on_server,
         "--name", "Late Entry", "--station", "Desk 3", "--role", "results-desk"],
        capture_output=True, text=True, env=env, check=False)
    assert other.returncode == 0, other.stderr
    qtbot.waitUntil(lambda: "Late Entry" in _players(window), timeout=10_000)

    page = window.players_page
    type_into(page, "player_name", "Walk-in")
    QTest.keyClick(page.fields["name"], Qt.Key.Key_Return)
    assert "Walk-in" in _players(window)
    event = open_event(parse_address(event_on_server), read_only=True)
    try:
        with event.unit_of_work() as uow:
            actors = [(e.entity, e.actor) for e in uow.audit.list() if e.entity == "player"]
    finally:
        event.close()
    assert actors[-2:] == [("player", "Desk 3 (results desk)"),
                           ("player", "Desk 2 (results desk)")]


def test_a_projector_station_changes_nothing(real_window: MainWindow,
                                             event_on_server: str) -> None:
    window = real_window
    _open(window, event_on_server, "Hall screen", "projector")
    window.show_page(window.players_page)
    page = window.players_page
    assert not page.form_box.isEnabled() and not page.import_button.isEnabled()
    QTest.keyClicks(page.fields["name"], "Intruder")  # a disabled form takes no keys
    QTest.keyClick(page.fields["name"], Qt.Key.Key_Return)
    assert "Intruder" not in _players(window)
    with pytest.raises(DocumentError) as refused:  # and were it asked, the record refuses
        register_player(window.context.unit_of_work(), Player(name="Intruder"))
    assert "only shows" in describe_error(refused.value)


def test_save_a_copy_of_a_server_event_is_an_ordinary_file(
        real_window: MainWindow, event_on_server: str, tmp_path: Path) -> None:
    window = real_window
    _open(window, event_on_server, "Judge laptop", "head-judge")
    target = tmp_path / "taken home.tmt"

    def save(dialog) -> None:
        edit = child(dialog, "fileNameEdit")
        edit.setText(str(target))
        QTest.keyClick(edit, Qt.Key.Key_Return)

    with answering(save) as answers:
        window.action_save_copy.trigger()
    assert answers.seen == ["Save a Copy"]
    assert run_cli(["verify", str(target)]) == 0
    copy = open_event(target, read_only=True)
    try:
        with copy.unit_of_work() as uow:
            assert sorted(p.name for p in uow.players.list()) == ["Ada", "Bo"]
    finally:
        copy.close(backup=False)


def test_a_hand_typed_on_a_sheet_another_station_just_changed_is_refused(
        real_window: MainWindow, server_url: str, qtbot) -> None:
    """Two stations on table 1; this window has not yet looked for changes (its watch is
    stopped here) when the other enters a hand: the typed hand is refused in words naming
    the other station, and entered once the window shows the sheet as it is."""
    from tests.helpers.seated_event import seat_event
    from tournament_manager.application.events import create_event
    from tournament_manager.application.stations import Station, StationRole
    from tournament_manager.domain.model import HandResult, Win, WinType
    from tournament_manager.domain.presets import Preset, preset_settings
    from tournament_manager.services.score_sheets import HandEntry, enter_hand
    from tournament_manager.services.tournaments import create_tournament
    from tournament_manager.services.views import sheet_view

    event = create_event(parse_address(server_url))
    create_tournament(event.unit_of_work(), "Two Desks", preset_settings(Preset.OPEN))
    seated = seat_event(event, players=4)
    event.close()
    window = real_window
    _open(window, server_url, "Desk 2", "results-desk")
    window.controller._watch.stop()  # the moment before its next look
    window.show_page(window.sheets_page)
    sheet = window.sheets_page.sheet
    assert sheet.view is not None and sheet.view.table.id == seated.tables[0]

    other = open_event(parse_address(server_url),
                       station=Station("Desk 3", StationRole.RESULTS_DESK))
    try:
        east, south = seated.players[:2]
        enter_hand(other.unit_of_work(), seated.tables[0], HandEntry(
            HandResult.WIN, WinType.DISCARD, south, (Win(east, 30, south),)))
    finally:
        other.close()

    edit = sheet.entry.value_edit
    edit.setFocus()
    QTest.keyClicks(edit, "SE25")
    QTest.keyClick(edit, Qt.Key.Key_Return)
    assert "was changed by Desk 3 (results desk) at " in sheet.entry.message.text()
    view = sheet_view(window.context.unit_of_work(), seated.tables[0])
    assert [row.hand.number for row in view.rows] == [1]

    window.controller._watch.start()
    qtbot.waitUntil(lambda: sheet.model.rowCount() == 1, timeout=10_000)
    QTest.keyClick(edit, Qt.Key.Key_Return)  # the refused hand waits in the bar: Enter again
    view = sheet_view(window.context.unit_of_work(), seated.tables[0])
    assert [row.hand.number for row in view.rows] == [1, 2], sheet.entry.message.text()


def _start_folder(seen: list[Path]):
    """Notes the folder a real file dialog starts in, then cancels it as a user would."""
    def answer(dialog) -> None:
        from PySide6.QtWidgets import QFileDialog

        assert isinstance(dialog, QFileDialog)
        seen.append(Path(dialog.directory().absolutePath()))
        QTest.keyClick(dialog, Qt.Key.Key_Escape)
    return answer


def test_file_dialogs_of_a_server_event_start_in_the_users_folder(
        real_window: MainWindow, event_on_server: str, tmp_path: Path,
        monkeypatch: pytest.MonkeyPatch) -> None:
    """A server event's name is no folder here: Save a Copy and Import once suggested
    "event_….tmt" relative to wherever the application was started (a launcher's folder,
    the installation's own). They start in the user's Documents, or home without one."""
    home = tmp_path / "home"
    home.mkdir()
    started_in = tmp_path / "installed"
    started_in.mkdir()
    monkeypatch.setenv("HOME", str(home))
    monkeypatch.setenv("XDG_CONFIG_HOME", str(home / ".config"))
    monkeypatch.chdir(started_in)
    window = real_window
    _open(window, event_on_server, "Desk 2", "results-desk")
    seen: list[Path] = []
    with answering(_start_folder(seen)):
        window.action_save_copy.trigger()
    window.show_page(window.players_page)
    with answering(_start_folder(seen)):
        window.players_page.import_button.click()
    assert seen == [home, home]
    (home / "Documents").mkdir()
    with answering(_start_folder(seen)):
        window.action_save_copy.trigger()
    assert seen[-1] == home / "Documents"


def test_an_unsaved_edit_outlives_another_stations_change(
        real_window: MainWindow, event_on_server: str, qtbot) -> None:
    """Desk 2 was typing Ada's club when another station saved Ada's country: the page,
    read again, wiped the club typed and said nothing. Now what was typed stays, and the
    field nobody typed in takes the other station's value."""
    from tournament_manager.services.players import update_player
    from tournament_manager.services.setup import all_players

    window = real_window
    _open(window, event_on_server, "Desk 2", "results-desk")
    window.show_page(window.players_page)
    page = window.players_page
    page.table.setFocus()
    QTest.keyClick(page.table, Qt.Key.Key_Home)  # the first row, as sorted: Ada
    qtbot.waitUntil(lambda: page.fields["name"].text() == "Ada")
    type_into(page, "player_club", "Stockholm MK")

    other = open_event(parse_address(event_on_server))
    try:
        ada = next(p for p in all_players(other.unit_of_work()) if p.name == "Ada")
        update_player(other.unit_of_work(), dataclasses.replace(ada, country="SE"))
        register_player(other.unit_of_work(), Player(name="Cy"))
    finally:
        other.close()
    qtbot.waitUntil(lambda: "Cy" in _players(window), timeout=10_000)
    assert page.fields["name"].text() == "Ada"
    assert page.fields["club"].text() == "Stockholm MK"
    assert page.fields["country"].text() == "SE"
    click(page, "player_save")
    event = open_event(parse_address(event_on_server), read_only=True)
    try:
        saved = next(p for p in all_players(event.unit_of_work()) if p.name == "Ada")
    finally:
        event.close()
    assert (saved.club, saved.country) == ("Stockholm MK", "SE")


def test_a_server_that_stops_answering_is_said_once_and_so_is_its_return(
        real_window: MainWindow, event_on_server: str, qtbot, caplog) -> None:
    """With the server down, the window's look for other stations' changes raised the
    driver's OperationalError every second into the crash report ("Something went wrong
    inside the application"), which stayed up after the server came back. The server is
    made to refuse this event's connections for real (ALLOW_CONNECTIONS false)."""
    import logging

    from tests.helpers.postgres import Outage

    window = real_window
    _open(window, event_on_server, "Desk 2", "results-desk")
    outage = Outage(event_on_server)
    bar = window._message_bar
    caplog.set_level(logging.WARNING)
    try:
        outage.allow(False)
        qtbot.waitUntil(lambda: bar.isVisible() and "cannot be reached" in bar.text(),
                        timeout=10_000)
        qtbot.wait(2500)  # two more looks: said once, logged once
        assert "Something went wrong" not in bar.text()
        looks = [r for r in caplog.records if "could not look for changes" in r.getMessage()]
        assert len(looks) == 1 and not [r for r in caplog.records
                                         if r.levelno >= logging.CRITICAL]
    finally:
        outage.allow(True)
        outage.close()
    qtbot.waitUntil(lambda: "answers again" in bar.text(), timeout=10_000)
    assert bar.kind() == "information"


def test_a_station_reopens_in_the_role_it_last_had(real_window: MainWindow,
                                                  event_on_server: str) -> None:
    """A results desk restarted after a crash came back as "Head judge" in the dialog
    (address and name were remembered, the role was not): one Enter gave a desk the
    head judge's rights and the audit log the wrong role."""
    window = real_window
    _open(window, event_on_server, "Desk 2", "results-desk")
    window.controller.close()
    seen: list[tuple[str, str, object]] = []

    def look(dialog) -> None:
        roles = child(dialog, "server_role")
        seen.append((child(dialog, "server_address").text(),
                     child(dialog, "server_station").text(), roles.currentData()))
        dialog.reject()

    with answering(look):
        window.action_open_server.trigger()
    assert seen == [(event_on_server, "Desk 2", "results-desk")]


def test_the_command_line_opens_a_server_event_as_this_station(
        real_window: MainWindow, event_on_server: str, app_settings: AppSettings) -> None:
    """`tournament-manager postgresql://…` was refused ("invalid choice"): only a .tmt file
    opened from the command line. It opens the event for the station this computer last
    opened one as, and a bad address is said in words."""
    from tournament_manager.__main__ import _wants_gui
    from tournament_manager.gui.launch import open_first_document

    assert _wants_gui([event_on_server]) and _wants_gui(["cup.tmt"])
    assert not _wants_gui(["players", "list", "cup.tmt"])
    app_settings.set_last_server("postgresql://elsewhere/other", "Desk 4", "results-desk")
    window = real_window
    open_first_document(window.controller, app_settings, event_on_server)
    assert window.windowTitle() == "Harbour Open — Tournament Manager"
    assert window.controller.document.actor == "Desk 4 (results desk)"
    assert app_settings.last_server() == event_on_server

    open_first_document(window.controller, app_settings, "https://example.org/event")
    assert "https" in window.message_bar.text()
    assert window.windowTitle() == "Harbour Open — Tournament Manager"


def test_the_stations_variables_name_the_window_too(
        real_window: MainWindow, event_on_server: str, app_settings: AppSettings,
        monkeypatch) -> None:
    """A desk started with TOURNAMENT_MANAGER_STATION and TOURNAMENT_MANAGER_ROLE (as the
    README says) opened, unasked, as an unnamed head judge: the window read only what
    File > Open on a Server had remembered. The variables win, as for the commands."""
    from tournament_manager.gui.launch import open_first_document

    app_settings.set_last_server(event_on_server, "", "head-judge")
    monkeypatch.setenv("TOURNAMENT_MANAGER_STATION", "Results Desk")
    monkeypatch.setenv("TOURNAMENT_MANAGER_ROLE", "results-desk")
    open_first_document(real_window.controller, app_settings, event_on_server)
    assert real_window.controller.document.actor == "Results Desk (results desk)"
    monkeypatch.setenv("TOURNAMENT_MANAGER_ROLE", "results")  # misspelt: the remembered
    open_first_document(real_window.controller, app_settings, event_on_server)
    assert real_window.controller.document.actor == "Results Desk (results desk)"


def test_the_welcome_page_opens_a_server_event_too(real_window: MainWindow,
                                                  event_on_server: str) -> None:
    """The welcome page offered New, Open a file and the demo; a station of a big event
    had to find File > Open on a Server in the menu."""
    window = real_window
    assert window.controller.document is None
    _open_with(window, lambda: click(window.welcome, "welcome_server"), event_on_server)
    assert window.windowTitle() == "Harbour Open — Tournament Manager"


def test_a_station_restarted_goes_back_to_its_server_event_not_an_old_file(
        qtbot, app_settings: AppSettings, event_on_server: str, make_tournament_file,
        tmp_path: Path) -> None:
    """A desk on the shared event, restarted with no event named, opened the last *file*
    it had ever opened (an old local copy), and took results into it. It goes back to
    the server event as the station it was; once a file is opened, to the file; and a
    server event that will not open leaves the welcome page with the reason, never a
    file in its place."""
    from tournament_manager.gui.launch import start_main_window

    local = make_tournament_file(tmp_path / "old.tmt", "Old Local Cup")
    first = start_main_window(str(local), app_settings)
    qtbot.addWidget(first)
    assert first.windowTitle() == "Old Local Cup — Tournament Manager"
    _open_with(first, first.action_open_server.trigger, event_on_server)
    assert first.windowTitle() == "Harbour Open — Tournament Manager"
    first.close()

    again = start_main_window(None, app_settings)
    qtbot.addWidget(again)
    assert again.windowTitle() == "Harbour Open — Tournament Manager"
    assert again.controller.document.actor.startswith("Desk 9")
    again.open_path(local)
    assert again.windowTitle() == "Old Local Cup — Tournament Manager"
    again.close()

    third = start_main_window(None, app_settings)
    qtbot.addWidget(third)
    assert third.windowTitle() == "Old Local Cup — Tournament Manager"
    third.close()

    gone = event_on_server.rsplit("/", 1)[0] + "/no_such_event"
    app_settings.set_last_server(gone, "Desk 9", "results-desk")
    fourth = start_main_window(None, app_settings)
    qtbot.addWidget(fourth)
    assert fourth.controller.document is None and fourth.windowTitle() == "Tournament Manager"
    assert fourth.message_bar.isVisible() and "no_such_event" in fourth.message_bar.text()
    fourth.close()

    # Typed with its password, the address is remembered as shown, "***" in its place:
    # connecting would only be turned away, so the window says how to open it again.
    user, rest = event_on_server.split("://", 1)[1].split("@", 1)
    hidden = f"postgresql://{user.split(':')[0]}:***@{rest}"
    app_settings.set_last_server(hidden, "Desk 9", "results-desk")
    fifth = start_main_window(None, app_settings)
    qtbot.addWidget(fifth)
    assert fifth.controller.document is None
    assert fifth.message_bar.text() == (
        f"This station last worked on the event at {hidden}. File ▸ Open on a Server… "
        "opens it again, with the server's password.")
    fifth.close()
