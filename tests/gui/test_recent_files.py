"""The Open Recent list: most recent first, capped, never offering a file that is not there
(and offering it again once it is back)."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest

from tournament_manager import paths
from tournament_manager.gui.main_window import MainWindow
from tournament_manager.gui.settings import MAX_RECENT_FILES, AppSettings


def _touch(path: Path) -> Path:
    path.write_bytes(b"")
    return path


def test_most_recent_first_without_duplicates(app_settings: AppSettings, tmp_path: Path):
    a, b = _touch(tmp_path / "a.tmt"), _touch(tmp_path / "b.tmt")
    app_settings.add_recent_file(a)
    app_settings.add_recent_file(b)
    app_settings.add_recent_file(a)

    assert app_settings.recent_files() == [a.resolve(), b.resolve()]


def test_the_list_is_capped(app_settings: AppSettings, tmp_path: Path):
    files = [_touch(tmp_path / f"{number}.tmt") for number in range(MAX_RECENT_FILES + 3)]
    for path in files:
        app_settings.add_recent_file(path)

    recent = app_settings.recent_files()
    assert len(recent) == MAX_RECENT_FILES
    assert recent[0] == files[-1].resolve()


def test_a_missing_file_is_not_offered_and_comes_back_with_its_stick(
        app_settings: AppSettings, tmp_path: Path):
    kept, gone = _touch(tmp_path / "kept.tmt"), _touch(tmp_path / "gone.tmt")
    app_settings.add_recent_file(kept)
    app_settings.add_recent_file(gone, "Gone Cup")
    gone.unlink()

    assert app_settings.recent_files() == [kept.resolve()]
    assert app_settings.last_file() == gone.resolve()
    _touch(gone)  # the USB stick is plugged in again
    assert app_settings.recent_files() == [gone.resolve(), kept.resolve()]
    assert app_settings.recent_title(gone.resolve()) == "Gone Cup"


def test_the_menu_offers_existing_files_and_opens_them(
        window: MainWindow, app_settings: AppSettings, tmp_path: Path,
        make_tournament_file: Callable[[Path, str], Path]):
    present = make_tournament_file(tmp_path / "present & correct.tmt", "Present")
    missing = make_tournament_file(tmp_path / "missing.tmt", "Missing")
    app_settings.add_recent_file(present)
    app_settings.add_recent_file(missing)
    missing.unlink()

    window.recent_menu.aboutToShow.emit()
    entries = [action for action in window.recent_menu.actions() if action.data()]

    assert [action.data() for action in entries] == [str(present.resolve())]
    assert entries[0].text().startswith("&1  present && correct.tmt")
    entries[0].trigger()
    assert window.windowTitle() == "Present — Tournament Manager"


def test_an_event_once_open_is_listed_by_its_name(
        window: MainWindow, app_settings: AppSettings, tmp_path: Path,
        make_tournament_file: Callable[[Path, str], Path]):
    """Two files of one event side by side ("event.tmt", a copy): the event's name, then
    the file's, in the menu and on the welcome page."""
    first = make_tournament_file(tmp_path / "day1" / "event.tmt", "Spring Open & Co")
    second = make_tournament_file(tmp_path / "day2" / "event.tmt", "Autumn Cup")
    assert window.controller.open(first) and window.controller.open(second)
    window.recent_menu.aboutToShow.emit()
    entries = [action.text() for action in window.recent_menu.actions() if action.data()]
    assert entries == [f"&1  Autumn Cup — event.tmt — {second.parent.resolve()}",
                       f"&2  Spring Open && Co — event.tmt — {first.parent.resolve()}"]
    window.controller.close()
    window.welcome.fill_recent()
    shown = [window.welcome.recent.item(row).text()
             for row in range(window.welcome.recent.count())]
    assert shown == [f"Autumn Cup — event.tmt — {second.parent.resolve()}",
                     f"Spring Open & Co — event.tmt — {first.parent.resolve()}"]


def test_forgetting_a_file_forgets_it_as_the_last_one_only_if_it_was(
        app_settings: AppSettings, tmp_path: Path):
    older, last = _touch(tmp_path / "older.tmt"), _touch(tmp_path / "last.tmt")
    app_settings.add_recent_file(older)
    app_settings.add_recent_file(last)
    app_settings.remove_recent_file(older)
    assert app_settings.last_file() == last.resolve()
    app_settings.remove_recent_file(last)
    assert app_settings.last_file() is None, "no other file takes its place"


def test_titles_go_with_their_files(app_settings: AppSettings, tmp_path: Path):
    kept, gone = _touch(tmp_path / "kept.tmt"), _touch(tmp_path / "gone.tmt")
    app_settings.add_recent_file(kept, "Kept Open")
    app_settings.add_recent_file(gone, "Gone Cup")
    app_settings.remove_recent_file(gone)
    assert app_settings.recent_files() == [kept.resolve()]
    assert app_settings.recent_title(gone.resolve()) == ""
    assert app_settings.recent_title(kept.resolve()) == "Kept Open"
    app_settings.clear_recent_files()
    assert app_settings.recent_title(kept.resolve()) == ""


def test_an_empty_menu_says_so_and_clear_empties_it(
        window: MainWindow, app_settings: AppSettings, tmp_path: Path):
    window.recent_menu.aboutToShow.emit()
    [placeholder] = window.recent_menu.actions()
    assert not placeholder.isEnabled()

    app_settings.add_recent_file(_touch(tmp_path / "a.tmt"))
    window.recent_menu.aboutToShow.emit()
    window.action_clear_recent.trigger()

    assert app_settings.recent_files() == []


def test_preferences_follow_an_overridden_data_dir(tmp_path: Path, data_dir: Path):
    AppSettings().add_recent_file(_touch(tmp_path / "a.tmt"))

    assert (data_dir / "settings.ini").is_file()


def test_preferences_are_a_user_ini_file_by_default(
        tmp_path: Path, user_config_dir: Path, monkeypatch: pytest.MonkeyPatch):
    monkeypatch.delenv(paths.DATA_DIR_ENV)
    AppSettings().add_recent_file(_touch(tmp_path / "a.tmt"))

    [ini] = user_config_dir.rglob("*.ini")
    assert ini.relative_to(user_config_dir) == Path(paths.APP_AUTHOR, f"{paths.APP_NAME}.ini")
