"""The projector window: a separate full-screen window for the room, large type, no input.

It shows a list of slides and pages through them on a QTimer: each slide has pages (the
standings are long), and after a slide's last page the next slide follows. Seating will be
one more slide (`add_slide`). The session countdown runs along the top.
"""

from __future__ import annotations

from PySide6.QtCore import QAbstractItemModel, Qt, QTimer
from PySide6.QtGui import QCloseEvent, QColor, QFont, QKeyEvent, QPalette, QScreen
from PySide6.QtWidgets import (
    QAbstractItemView,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QStackedWidget,
    QTableView,
    QVBoxLayout,
    QWidget,
)

from tournament_manager.gui.countdown import SessionCountdown, format_left

PAGE_SECONDS = 12
FONT_SCALE = 2.2


class Slide(QWidget):
    """One thing the room should see; subclasses page through their content."""

    title = ""

    def page_count(self) -> int:
        return 1

    def show_page(self, page: int) -> None:
        """Show page `page` (0-based)."""


class TableSlide(Slide):
    """A read-only view of a table model, paged by whole screens of rows."""

    def __init__(self, title: str, model: QAbstractItemModel,
                 parent: QWidget | None = None, stretch_column: int = 1) -> None:
        super().__init__(parent)
        self.stretch_column = stretch_column
        self.title = title
        self.view = QTableView(self)
        self.view.setModel(model)
        self.view.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.view.setSelectionMode(QAbstractItemView.SelectionMode.NoSelection)
        self.view.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        self.view.setVerticalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.view.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.view.verticalHeader().hide()
        self.view.setShowGrid(False)
        self.view.setAlternatingRowColors(True)
        self.view.setWordWrap(False)
        header = self.view.horizontalHeader()
        header.setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
        header.setMinimumSectionSize(90)
        header.setSectionResizeMode(self.stretch_column, QHeaderView.ResizeMode.Stretch)
        rows = self.view.verticalHeader()
        rows.setSectionResizeMode(QHeaderView.ResizeMode.Fixed)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.view)

    def rows_per_page(self) -> int:
        row_height = self.view.fontMetrics().height() + 10
        self.view.verticalHeader().setDefaultSectionSize(row_height)
        return max(self.view.viewport().height() // row_height, 1)

    def page_count(self) -> int:
        rows = self.view.model().rowCount()
        return max(-(-rows // self.rows_per_page()), 1)

    def show_page(self, page: int) -> None:
        model = self.view.model()
        if model.rowCount():
            row = min(page * self.rows_per_page(), model.rowCount() - 1)
            self.view.scrollTo(model.index(row, 0),
                               QAbstractItemView.ScrollHint.PositionAtTop)


class ProjectorWindow(QWidget):
    def __init__(self, countdown: SessionCountdown, parent: QWidget | None = None) -> None:
        super().__init__(parent, Qt.WindowType.Window)
        self.setObjectName("projector_window")
        self.setWindowTitle(self.tr("Tournament Manager — Projector"))
        self._countdown = countdown
        self._slides: list[Slide] = []
        self._slide = 0
        self._page = 0
        palette = self.palette()
        # High contrast for a washed-out projector, independent of the desk's theme.
        for role, colour in ((QPalette.ColorRole.Window, "#0b1020"),
                             (QPalette.ColorRole.Base, "#0b1020"),
                             (QPalette.ColorRole.AlternateBase, "#1a2238"),
                             (QPalette.ColorRole.WindowText, "#ffffff"),
                             (QPalette.ColorRole.Text, "#ffffff"),
                             (QPalette.ColorRole.Button, "#1a2238"),
                             (QPalette.ColorRole.ButtonText, "#ffffff")):
            palette.setColor(role, QColor(colour))
        self.setPalette(palette)
        self.setAutoFillBackground(True)
        font = QFont(self.font())
        font.setPointSizeF(font.pointSizeF() * FONT_SCALE)
        self.setFont(font)

        self.heading = QLabel(self)
        self.heading.setObjectName("projector_heading")
        heading_font = QFont(font)
        heading_font.setBold(True)
        heading_font.setPointSizeF(font.pointSizeF() * 1.3)
        self.heading.setFont(heading_font)
        self.clock = QLabel(self)
        self.clock.setObjectName("projector_clock")
        self.clock.setFont(heading_font)
        self.clock.setAlignment(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
        self.pager = QLabel(self)
        self.pager.setObjectName("projector_pager")
        self.stack = QStackedWidget(self)
        top = QHBoxLayout()
        top.addWidget(self.heading, 1)
        top.addWidget(self.clock)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(32, 24, 32, 16)
        layout.addLayout(top)
        layout.addWidget(self.stack, 1)
        layout.addWidget(self.pager, 0, Qt.AlignmentFlag.AlignRight)

        self.timer = QTimer(self)
        self.timer.setInterval(PAGE_SECONDS * 1000)
        self.timer.timeout.connect(self.advance)
        countdown.ticked.connect(self._show_clock)
        countdown.stopped.connect(self.clock.clear)
        self.tournament_name = ""
        if countdown.running:
            self._show_clock(countdown.seconds_left())

    @property
    def slides(self) -> list[Slide]:
        return list(self._slides)

    def add_slide(self, slide: Slide) -> None:
        slide.setParent(self.stack)
        self._slides.append(slide)
        self.stack.addWidget(slide)
        self._show()

    def current(self) -> tuple[int, int]:
        return self._slide, self._page

    def advance(self) -> None:
        """The next page, or the first page of the next slide."""
        if not self._slides:
            return
        if self._page + 1 < self._slides[self._slide].page_count():
            self._page += 1
        else:
            self._slide = (self._slide + 1) % len(self._slides)
            self._page = 0
        self._show()

    def _show(self) -> None:
        if not self._slides:
            return
        slide = self._slides[self._slide]
        self.stack.setCurrentWidget(slide)
        slide.show_page(self._page)
        self.heading.setText(" · ".join(t for t in (self.tournament_name, slide.title) if t))
        pages = slide.page_count()
        self.pager.setText(self.tr("page {n} of {total}").format(n=self._page + 1, total=pages)
                           if pages > 1 else "")

    def _show_clock(self, seconds: int) -> None:
        self.clock.setText(self.tr("Time left {left}").format(left=format_left(seconds))
                           if seconds > 0 else self.tr("Time is up"))

    def show_on(self, screen: QScreen | None) -> None:
        """Full screen on `screen` (the projector); a window on the desk when there is none."""
        if screen is not None:
            self.setScreen(screen)
            self.setGeometry(screen.geometry())
            self.showFullScreen()
        else:
            self.resize(1280, 720)
            self.show()
        self.timer.start()
        self._show()

    def keyPressEvent(self, event: QKeyEvent) -> None:
        if event.key() == Qt.Key.Key_Escape:
            self.close()
        elif event.key() == Qt.Key.Key_F11:
            self.showNormal() if self.isFullScreen() else self.showFullScreen()
        elif event.key() in (Qt.Key.Key_Space, Qt.Key.Key_Right, Qt.Key.Key_PageDown):
            self.advance()
        else:
            super().keyPressEvent(event)

    def closeEvent(self, event: QCloseEvent) -> None:
        self.timer.stop()
        super().closeEvent(event)
