"""The session clock as the record has it (pauses, extra time, time up), the room's clock
actions, and the projector: its own models, its slides, its fit, its screen."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import textwrap
from datetime import UTC, datetime, timedelta
from pathlib import Path

from PySide6.QtCore import Qt
from PySide6.QtGui import QGuiApplication, QStandardItemModel
from PySide6.QtWidgets import QPushButton, QSpinBox

from tests.gui.event_files import cut_event_file, signed_event_file
from tournament_manager.domain.clock import ClockState
from tournament_manager.gui.clock_banner import PAUSED, TIME_UP
from tournament_manager.gui.countdown import SessionCountdown, format_left
from tournament_manager.gui.main_window import MainWindow
from tournament_manager.gui.projector import ProjectorWindow, Slide, TableSlide
from tournament_manager.gui.projector_screens import AUTOMATIC, screen_key
from tournament_manager.gui.settings import AppSettings
from tournament_manager.services.clock import SessionClock, session_clock
from tournament_manager.services.sessions import finish_session
from tournament_manager.services.tables import publish_seating, seat_table

from .modal import answering

START = datetime(2026, 11, 23, 9, 0, tzinfo=UTC)


class FakeNow:
    def __init__(self) -> None:
        self.now = START

    def __call__(self) -> datetime:
        return self.now


def _clock(limit_minutes: int, **state: object) -> SessionClock:
    return SessionClock(1, ClockState(limit_minutes * 60, START, **state), {})  # type: ignore


def test_countdown_warns_at_15_and_5_minutes_then_expires(qtbot):
    now = FakeNow()
    countdown = SessionCountdown(now=now)
    warned: list[int] = []
    expired: list[bool] = []
    countdown.warned.connect(warned.append)
    countdown.expired.connect(lambda: expired.append(True))
    now.now = START + timedelta(minutes=1)
    countdown.follow(_clock(150), "Session 1")
    assert countdown.text() == "2:29:00"
    now.now += timedelta(minutes=149 - 15)
    countdown.tick()
    assert warned == [15]
    now.now += timedelta(minutes=10)
    countdown.tick()
    assert warned == [15, 5] and not expired
    now.now += timedelta(minutes=5)
    countdown.tick()
    assert expired == [True] and countdown.seconds_left() == 0 and countdown.is_up
    countdown.stop()
    assert format_left(65) == "1:05"


def test_extra_time_after_time_up_takes_the_alarm_back_and_arms_the_warnings(qtbot):
    now = FakeNow()
    countdown = SessionCountdown(now=now)
    warned: list[int] = []
    resumed: list[bool] = []
    countdown.warned.connect(warned.append)
    countdown.resumed.connect(lambda: resumed.append(True))
    now.now = START + timedelta(minutes=61)
    countdown.follow(_clock(60), "Session 1")
    assert countdown.is_up

    countdown.follow(_clock(60, extra_seconds=20 * 60), "Session 1")  # the room gets 20 min

    assert not countdown.is_up and resumed == [True]
    assert countdown.seconds_left() == 19 * 60
    now.now += timedelta(minutes=5)
    countdown.tick()
    assert warned == [15], "the 15-minute warning comes again after extra time"


def test_a_paused_clock_stands_still(qtbot):
    now = FakeNow()
    countdown = SessionCountdown(now=now)
    paused_at = START + timedelta(minutes=30)
    now.now = paused_at + timedelta(minutes=10)
    countdown.follow(_clock(60, paused_at=paused_at), "Session 1")
    assert countdown.paused and countdown.seconds_left() == 30 * 60
    now.now += timedelta(minutes=45)
    countdown.tick()
    assert countdown.seconds_left() == 30 * 60 and not countdown.is_up


def test_reopening_late_does_not_repeat_past_warnings(qtbot):
    now = FakeNow()
    countdown = SessionCountdown(now=now)
    warned: list[int] = []
    countdown.warned.connect(warned.append)
    now.now = START + timedelta(minutes=50)
    countdown.follow(_clock(60))
    countdown.tick()
    assert warned == []
    countdown.stop()


def test_the_running_session_drives_the_status_bar_clock(event_window: MainWindow):
    assert event_window.countdown.running
    label = event_window.findChild(object, "session_clock")
    assert label.text().startswith("Session 1: 2:")


def _room_clock(window: MainWindow):
    return window.room_clock


def test_pause_resume_and_extra_time_for_every_table(event_window: MainWindow):
    window = event_window
    session_id = window.seated.session_id  # type: ignore[attr-defined]
    room = _room_clock(window)
    label = window.findChild(object, "session_clock")
    assert room.pause_action.isEnabled() and not room.resume_action.isEnabled()

    room.pause_action.trigger()

    record = session_clock(window.context.unit_of_work(), session_id)
    assert record.state.paused
    assert window.countdown.paused and "(clock paused)" in label.text()
    assert window.clock_banner.isVisible() and window.clock_banner.state == PAUSED
    assert "paused for every table" in window.clock_banner.text.text()
    assert room.resume_action.isEnabled() and not room.pause_action.isEnabled()

    room.resume_action.trigger()

    assert not session_clock(window.context.unit_of_work(), session_id).state.paused
    assert not window.clock_banner.isVisible() and "paused" not in label.text()
    before = window.countdown.seconds_left()

    def give_ten_minutes(dialog) -> None:
        give = dialog.findChild(QPushButton, "room_extra_ok")
        assert not give.isDefault() and not give.autoDefault()
        minutes = dialog.findChild(QSpinBox, "room_extra_minutes")
        # Nothing given yet: nothing to take back, so no negative minutes are offered
        # (the dialog showed what -15 would do, then the record refused it).
        assert minutes.minimum() == 0
        minutes.setValue(10)
        assert "becomes 2:" in dialog.findChild(object, "room_extra_effect").text()
        give.click()

    with answering(give_ten_minutes) as answers:
        room.extra_action.trigger()

    assert answers.seen == ["Extra Time for Every Table"]
    assert session_clock(window.context.unit_of_work(), session_id).state.extra_seconds == 600
    assert window.countdown.seconds_left() >= before + 600 - 5

    def take_back_too_much(dialog) -> None:
        minutes = dialog.findChild(QSpinBox, "room_extra_minutes")
        assert minutes.minimum() == -10  # the ten minutes given, and no more
        minutes.setValue(-15)
        assert minutes.value() == -10
        dialog.findChild(QPushButton, "room_extra_ok").click()

    with answering(take_back_too_much):
        room.extra_action.trigger()
    assert session_clock(window.context.unit_of_work(), session_id).state.extra_seconds == 0


def test_cancelling_extra_time_gives_none(event_window: MainWindow):
    session_id = event_window.seated.session_id  # type: ignore[attr-defined]

    with answering(lambda dialog: dialog.reject()):
        event_window.room_clock.extra_action.trigger()

    assert session_clock(event_window.context.unit_of_work(),
                         session_id).state.extra_seconds == 0


def test_time_up_is_a_red_banner_in_the_window_and_across_the_projector(
        event_window: MainWindow):
    window = event_window
    projector = window.show_projector()
    countdown = window.countdown
    record = countdown.clock
    assert record is not None and not countdown.is_up
    assert not window.clock_banner.isVisible() and not projector.time_up.isVisible()

    countdown.now = lambda: record.state.started_at + timedelta(minutes=151)
    countdown.tick()

    banner = window.clock_banner
    assert banner.isVisible() and banner.state == TIME_UP
    assert banner.text.text() == ("Session 1: time is up. "
                                  "The hand in play is void; no new hand starts.")
    assert banner.width() >= window.centralWidget().width() - 2
    assert banner.palette().color(banner.backgroundRole()).red() > 150
    assert window.findChild(object, "session_clock").text() == "Session 1: time is up"
    assert projector.time_up.isVisible() and projector.time_up_title.text() == "TIME IS UP"
    assert projector.time_up_text.text() == "The hand in play is void; no new hand starts."
    assert projector.time_up.width() >= projector.stack.width()
    assert projector.clock.text() == "Time is up"

    def five_then_sixty(dialog) -> None:  # a minute over: five more do not end it
        minutes = dialog.findChild(QSpinBox, "room_extra_minutes")
        effect = dialog.findChild(object, "room_extra_effect")
        minutes.setValue(-1)  # nothing given yet: nothing to take back
        assert minutes.value() == 0
        assert effect.text() == "Type the minutes to give (negative to take back)."
        minutes.setValue(1)
        assert effect.text() == "The room's time is then still up (0:00 over)."
        minutes.setValue(60)
        assert effect.text() == "The room's time left becomes 59:00."
        dialog.findChild(QPushButton, "room_extra_ok").click()

    with answering(five_then_sixty):
        window.room_clock.extra_action.trigger()

    assert not countdown.is_up and countdown.seconds_left() == 59 * 60
    assert not banner.isVisible() and not projector.time_up.isVisible()
    assert projector.clock.text() == "Time left 59:00"
    projector.close()


def test_projector_pages_through_slides(qtbot):
    countdown = SessionCountdown()
    projector = ProjectorWindow(countdown)
    qtbot.addWidget(projector)
    model = QStandardItemModel(200, 2)
    for row in range(200):
        model.setData(model.index(row, 0), f"Player {row}")
    slide = TableSlide("Standings", model, stretch_column=0)
    projector.add_slide(slide)

    class Seating(Slide):
        title = "Seating"

    projector.add_slide(Seating())
    projector.show_on(None)
    qtbot.waitExposed(projector)
    pages = slide.page_count()
    assert pages > 1
    shown: list[int] = []

    def visible_rows() -> list[int]:
        view = slide.view
        return [row for row in range(model.rowCount()) if not view.isRowHidden(row)
                and view.visualRect(model.index(row, 0)).intersects(view.viewport().rect())]

    shown += visible_rows()
    for _ in range(pages - 1):
        projector.advance()
        shown += visible_rows()
    # Each row on exactly one page: the last page is not the last full screen, which
    # repeated most of the page before it.
    assert shown == list(range(200))
    assert projector.current() == (0, pages - 1)
    assert projector.pager.text() == f"page {pages} of {pages}"
    projector.advance()
    assert projector.current() == (1, 0) and "Seating" in projector.heading.text()
    projector.advance()
    assert projector.current() == (0, 0)
    # Back a page by key (only forward was offered: 24 pages came round in five minutes).
    from PySide6.QtCore import Qt
    from PySide6.QtGui import QAction, QKeySequence
    from PySide6.QtTest import QTest

    back = projector.findChild(QAction, "projector_back")
    assert {QKeySequence(Qt.Key.Key_Left), QKeySequence(Qt.Key.Key_PageUp)} <= set(
        back.shortcuts())
    projector.activateWindow()
    QTest.qWaitForWindowActive(projector)
    QTest.keyClick(projector, Qt.Key.Key_Left)
    assert projector.current() == (1, 0)
    back.trigger()
    assert projector.current() == (0, pages - 1)
    back.trigger()
    assert projector.current() == (0, pages - 2)
    projector.close()


def test_a_wide_table_is_scaled_to_fit_1280_by_720_not_cut(qtbot):
    projector = ProjectorWindow(SessionCountdown())
    qtbot.addWidget(projector)
    columns = 16
    model = QStandardItemModel(40, columns)
    model.setHorizontalHeaderLabels(["Rank", "No.", "Player", "Country", "Round", "Total",
                                     "Raw"] + [f"S{n}" for n in range(1, columns - 6)])
    for row in range(40):
        for column in range(columns):
            text = ("Anastasia Konstantinopoulou" if column == 2 else f"{-123.45 + row:.2f}")
            model.setData(model.index(row, column), text)
    slide = TableSlide("Standings", model, stretch_column=2)
    projector.add_slide(slide)
    projector.show_on(None)
    qtbot.waitExposed(projector)
    assert (projector.width(), projector.height()) == (1280, 720)

    assert slide.scale < 1.0, "this table does not fit at the projector's full type size"
    header = slide.view.horizontalHeader()
    shown = sum(header.sectionSize(c) for c in range(columns))
    assert shown <= slide.view.viewport().width() + 1
    assert all(header.sectionSize(c) > 0 and not header.isSectionHidden(c)
               for c in range(columns))
    last = header.sectionViewportPosition(columns - 1) + header.sectionSize(columns - 1)
    assert last <= slide.view.viewport().width() + 1, "the last column is cut off"
    row_height = slide.view.verticalHeader().defaultSectionSize()
    assert slide.view.viewport().height() % row_height == 0, "half a row at the bottom"
    assert slide.view.viewport().height() // row_height == slide.rows_per_page() > 5
    projector.close()


def test_a_long_heading_wraps_and_keeps_the_clock_and_table_on_screen(qtbot):
    """The heading was one unbreakable line: a long event name with the slide's detail
    widened the window past the screen, and the clock and the right-hand columns went off
    it. It wraps now, and a legend in the footer does not widen it either."""
    projector = ProjectorWindow(SessionCountdown())
    qtbot.addWidget(projector)
    model = QStandardItemModel(10, 8)
    model.setHorizontalHeaderLabels(["Rank", "No.", "Player", "Country", "Round", "Total",
                                     "Raw", "S1"])
    slide = TableSlide("Standings", model, stretch_column=2)
    slide.detail = "after session 12"
    slide.legend = "“†” after a rank: placed by the recorded draw " * 6
    projector.tournament_name = "The Fourteenth World Series of Mahjong Championship Open"
    projector.add_slide(slide)
    projector.show_on(None)
    qtbot.waitExposed(projector)
    projector.refresh()
    assert projector.width() == 1280
    assert projector.minimumSizeHint().width() <= projector.width()
    assert projector.heading.geometry().right() < projector.clock.geometry().left()
    assert projector.clock.geometry().right() <= projector.width()
    assert slide.view.geometry().right() <= projector.width()
    assert projector.legend.geometry().right() <= projector.pager.geometry().left()
    projector.close()


def test_headings_wider_than_their_cells_are_not_cut(window: MainWindow, tmp_path: Path):
    """Columns whose cells are narrower than their heading ("1†" under "Rank", an empty
    Country) take the heading's width in the heading's type. The headings were measured
    in the type of the slide's first fit, made before the slide was on the projector,
    and the room read "ank", "Countr" and "Round" cut."""
    path, _seated = cut_event_file(tmp_path / "cut.tmt")
    assert window.controller.open(path)
    projector = window.show_projector()
    slide = projector.slides[1]
    while projector.current()[0] != 1:
        projector.advance()
    header = slide.view.horizontalHeader()
    assert slide.scale == 1.0 and header.font().pointSizeF() == slide.view.font().pointSizeF()
    model = slide.view.model()
    labels = [model.headerData(c, Qt.Orientation.Horizontal) for c in range(model.columnCount())]
    assert {"Rank", "Country", "Round"} <= set(labels)
    for column, label in enumerate(labels):
        assert header.sectionSize(column) >= header.fontMetrics().horizontalAdvance(label), label
    projector.close()


def test_a_later_pages_wider_numbers_are_not_cut(qtbot):
    """The columns were sized by the rows on screen: page 1's "5.48" set the width and
    page 2's "−123.45" read "−12…". Every row counts now, whichever page is shown."""
    from PySide6.QtWidgets import QStyleOptionViewItem

    projector = ProjectorWindow(SessionCountdown())
    qtbot.addWidget(projector)
    rows = 60
    model = QStandardItemModel(rows, 3)
    model.setHorizontalHeaderLabels(["Player", "Total", "Raw"])
    for row in range(rows):
        model.setData(model.index(row, 0), f"Player {row}")
        model.setData(model.index(row, 1), f"{5.48 if row < 10 else -123.45 - row:.2f}")
        model.setData(model.index(row, 2), "30" if row < 10 else f"{-12345 - row}")
    slide = TableSlide("Standings", model, stretch_column=0)
    projector.add_slide(slide)
    projector.show_on(None)
    qtbot.waitExposed(projector)
    assert slide.page_count() > 1
    header, delegate = slide.view.horizontalHeader(), slide.view.itemDelegate()
    option = QStyleOptionViewItem()
    option.font = slide.view.font()
    for _page in range(slide.page_count()):
        for row in range(rows):
            if slide.view.isRowHidden(row):
                continue
            for column in (1, 2):
                needed = delegate.sizeHint(option, model.index(row, column)).width()
                assert header.sectionSize(column) >= needed, (row, column)
        projector.advance()
    projector.close()


def test_the_projector_has_its_own_standings_and_filter(event_window: MainWindow, qtbot):
    window = event_window
    projector = window.show_projector()
    feed = window.projector_feed
    standings_slide = projector.slides[1]
    assert standings_slide.view.model() is feed.standings
    assert standings_slide.view.model() is not window.standings_page.model
    assert projector.slides[0].view.model() is feed.seating
    assert projector.slides[0].view.model() is not window.seating_page.by_name
    assert feed.seating.rowCount() == 8
    assert "Spring Open · Seating · session 1" == projector.heading.text()

    page = window.standings_page  # the judge looks at the standings after session 1
    page.through.setCurrentIndex(page.through.findData(1))
    assert feed.through is None and feed.standings.rowCount() == 8
    # Session 1 is being played: the room reads that the standings are provisional, as
    # the window's Standings page says in red (the projector said nothing).
    assert projector.notice.isHidden()
    projector.advance()
    assert projector.current() == (1, 0)
    assert projector.notice.isVisible() and projector.notice.text().startswith(
        "Provisional: session 1 is not finished")
    projector.close()


def test_between_sessions_the_projector_shows_the_next_published_seating(
        window: MainWindow, tmp_path: Path):
    path, seated = signed_event_file(tmp_path / "between.tmt")
    assert window.controller.open(path)
    projector = window.show_projector()
    feed = window.projector_feed
    assert feed.seating_detail == "session 1"

    uow = window.context.unit_of_work
    finish_session(uow(), seated.session_id)
    window.context.hub.notify("sessions")
    assert feed.seating.rowCount() == 0 and feed.seating_detail == ""
    assert projector.current()[0] == 1, "nothing to seat: the standings take the screen"
    projector.advance()
    assert projector.current()[0] == 1, "an empty slide is skipped while another has rows"
    assert "No session is being played or published to come." == projector.slides[0].empty.text()

    with uow() as work:
        second = next(s.id for s in work.sessions.list() if s.number == 2)
    players = seated.players
    seat_table(uow(), second, 1, [players[0], players[4], players[1], players[5]])
    seat_table(uow(), second, 2, [players[2], players[6], players[3], players[7]])
    publish_seating(uow(), second)
    window.context.hub.notify("sessions")

    assert feed.seating.rowCount() == 8 and feed.seating_detail == "next: session 2"
    for _ in range(5):
        if projector.current()[0] == 0:
            break
        projector.advance()
    assert projector.heading.text().endswith("Seating · next: session 2")

    menu = window.projector_standings_menu  # the projector's own filter
    menu.aboutToShow.emit()
    after_one = next(a for a in menu.actions() if a.text() == "After Session 1")
    after_one.trigger()
    assert feed.through == 1 and feed.standings_detail == "after session 1"
    # Players level after session 1 were placed by the recorded draw: the room reads "5†"
    # on the screen, and its footer says what it means.
    for _ in range(5):
        if projector.current()[0] == 1:
            break
        projector.advance()
    assert projector.heading.text().endswith("Standings · after session 1")
    assert projector.legend.text() == (
        "“†” after a rank: equal score and raw total, placed by the recorded draw")
    ranks = [feed.standings.index(row, 0).data() for row in range(feed.standings.rowCount())]
    assert any(rank.endswith("†") for rank in ranks)
    assert window.standings_page.model is not feed.standings
    projector.close()


def test_the_judge_chooses_the_projector_screen_and_it_is_remembered(
        window: MainWindow, app_settings: AppSettings):
    menu = window.projector_screen_menu
    menu.aboutToShow.emit()
    texts = [a.text() for a in menu.actions() if not a.isSeparator()]
    screens = QGuiApplication.screens()
    assert texts[0].startswith("&Automatic")
    assert len(texts) == 1 + len(screens)
    assert menu.actions()[0].isChecked() and app_settings.projector_screen() == AUTOMATIC

    chosen = next(a for a in menu.actions() if a.data() == screen_key(screens[0]))
    chosen.trigger()

    assert app_settings.projector_screen() == screen_key(screens[0]) != AUTOMATIC
    projector = window.show_projector()
    assert projector.screen() is screens[0] and projector.isFullScreen()
    menu.aboutToShow.emit()
    assert next(a for a in menu.actions() if a.data() == screen_key(screens[0])).isChecked()
    projector.close()


def test_projector_screens_on_a_machine_with_a_projector(tmp_path: Path):
    """Two screens (desk and projector): automatic takes the projector; a choice is kept by
    name; a chosen screen that is not connected falls back to the automatic one."""
    config = tmp_path / "screens.json"
    config.write_text(json.dumps({"screens": [
        {"name": "Desk", "x": 0, "y": 0, "width": 1280, "height": 800,
         "logicalDpi": 96, "logicalBaseDpi": 96, "dpr": 1},
        {"name": "Projector", "x": 1280, "y": 0, "width": 1280, "height": 720,
         "logicalDpi": 96, "logicalBaseDpi": 96, "dpr": 1}]}))
    script = textwrap.dedent(f"""
        from PySide6.QtCore import QSettings
        from PySide6.QtWidgets import QApplication
        app = QApplication([])
        from tournament_manager.gui.main_window import MainWindow
        from tournament_manager.gui.settings import AppSettings
        settings = AppSettings(QSettings({str(tmp_path / "s.ini")!r}, QSettings.Format.IniFormat))
        window = MainWindow(settings)
        window.show()
        projector = window.show_projector()
        print("automatic", projector.screen().name(), projector.geometry().x())
        window.projector_screen_menu.choose("Desk")
        print("chosen", projector.screen().name(), settings.projector_screen())
        settings.set_projector_screen("HDMI-2")
        window.projector_screen_menu.choose("HDMI-2")
        print("missing", projector.screen().name())
        gone = next(s for s in app.screens() if s.name() == "Projector")
        app.screenRemoved.emit(gone)  # the cable pulled: Qt says so before it drops it
        print("pulled", projector.screen().name(), projector.isFullScreen())
        projector.close()
        window.close()
    """)
    env = {**os.environ, "QT_QPA_PLATFORM": f"offscreen:configfile={config}",
           "TOURNAMENT_MANAGER_DATA_DIR": str(tmp_path / "data")}
    result = subprocess.run([sys.executable, "-c", script], env=env, capture_output=True,
                            text=True, timeout=120, check=False)
    assert result.returncode == 0, result.stderr[-2000:]
    assert result.stdout.splitlines() == ["automatic Projector 1280", "chosen Desk Desk",
                                          "missing Projector", "pulled Desk False"]


def test_the_projectors_seats_are_in_the_players_pages_order(qtmodeltester):
    """"Player 10" came before "Player 2" (text order): the room looks a name up as the
    Players page sorts it, numbers as numbers and accents with their letters."""
    from tournament_manager.gui.models.seating_model import PlayerSeatsModel

    model = PlayerSeatsModel()
    model.set_seats([("Player 10", 3, "E"), ("Zoë", 1, "S"), ("Player 2", 2, "W"),
                     ("Ágnes", 4, "N"), ("player 2", 1, "E")])
    names = [model.index(row, 0).data() for row in range(model.rowCount())]
    assert names == ["Ágnes", "player 2", "Player 2", "Player 10", "Zoë"]
    qtmodeltester.check(model, force_py=True)
