"""The session countdown (warnings at 15 and 5 minutes) and the projector's slides."""

from __future__ import annotations

from PySide6.QtCore import QStringListModel

from tournament_manager.gui.countdown import SessionCountdown, format_left
from tournament_manager.gui.main_window import MainWindow
from tournament_manager.gui.projector import ProjectorWindow, Slide, TableSlide


class FakeClock:
    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


def test_countdown_warns_at_15_and_5_minutes_then_expires(qtbot):
    clock = FakeClock()
    countdown = SessionCountdown(clock=clock)
    warned: list[int] = []
    expired: list[bool] = []
    countdown.warned.connect(warned.append)
    countdown.expired.connect(lambda: expired.append(True))
    countdown.start(150 * 60, elapsed_seconds=60)
    assert countdown.text() == "2:29:00"
    clock.now += 149 * 60 - 15 * 60
    countdown.tick()
    assert warned == [15]
    clock.now += 10 * 60
    countdown.tick()
    assert warned == [15, 5] and not expired
    clock.now += 5 * 60
    countdown.tick()
    assert expired == [True] and countdown.seconds_left() == 0
    countdown.stop()
    assert format_left(65) == "1:05"


def test_reopening_late_does_not_repeat_past_warnings(qtbot):
    countdown = SessionCountdown(clock=FakeClock())
    warned: list[int] = []
    countdown.warned.connect(warned.append)
    countdown.start(60 * 60, elapsed_seconds=50 * 60)
    assert warned == []
    countdown.stop()


def test_the_running_session_drives_the_status_bar_clock(event_window: MainWindow):
    assert event_window.countdown.running
    label = event_window.findChild(object, "session_clock")
    assert label.text().startswith("Session 1: 2:")


def test_projector_pages_through_slides(qtbot):
    countdown = SessionCountdown()
    projector = ProjectorWindow(countdown)
    qtbot.addWidget(projector)
    model = QStringListModel([f"Player {n}" for n in range(200)])
    slide = TableSlide("Standings", model)
    projector.add_slide(slide)

    class Seating(Slide):
        title = "Seating"

    projector.add_slide(Seating())
    projector.show_on(None)
    qtbot.waitExposed(projector)
    pages = slide.page_count()
    assert pages > 1
    for _ in range(pages - 1):
        projector.advance()
    assert projector.current() == (0, pages - 1)
    assert projector.pager.text() == f"page {pages} of {pages}"
    projector.advance()
    assert projector.current() == (1, 0) and "Seating" in projector.heading.text()
    projector.advance()
    assert projector.current() == (0, 0)
    countdown.ticked.emit(300)
    assert projector.clock.text() == "Time left 5:00"
    projector.close()


def test_window_opens_the_projector_with_seating_then_standings(event_window: MainWindow):
    projector = event_window.show_projector()
    assert [s.title for s in projector.slides] == ["Seating", "Standings"]
    assert projector.slides[0].view.model() is event_window.seating_page.by_name
    assert projector.slides[1].view.model() is event_window.standings_page.model
    assert "Spring Open" in projector.heading.text()
    projector.close()
