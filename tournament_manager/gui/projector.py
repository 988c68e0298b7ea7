"""The projector window: a separate full-screen window for the room, large type, no input.

It shows a list of slides and pages through them on a QTimer: each slide has pages (the
standings are long), and after a slide's last page the next slide follows. The session
clock runs along the top; when time is up a red band across the whole width says so, in
type the back of the room reads.

A table never drops columns to fit the screen: the session columns of the standings are
what the room reads, so a table too wide for the screen is drawn in smaller type until
every column fits (`TableSlide.fit`).

Its keys are actions (`actions()`), so Help ▸ Keyboard Shortcuts lists them too.
"""

from __future__ import annotations

from PySide6.QtCore import QAbstractItemModel, QPoint, QRect, QSize, Qt, QTimer, Signal
from PySide6.QtGui import (
    QAction,
    QCloseEvent,
    QColor,
    QFont,
    QGuiApplication,
    QKeySequence,
    QPalette,
    QResizeEvent,
    QScreen,
)
from PySide6.QtWidgets import (
    QAbstractItemView,
    QFrame,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QSizePolicy,
    QStackedLayout,
    QStackedWidget,
    QStyleOptionViewItem,
    QTableView,
    QVBoxLayout,
    QWidget,
)

from tournament_manager.gui.countdown import SessionCountdown, format_left

PAGE_SECONDS = 12
FONT_SCALE = 2.2
SMALLEST_FIT = 0.4
"""A table is never drawn smaller than this share of the projector's type."""
WINDOW_SIZE = (1280, 720)
TIME_UP_RED = "#c62828"
NOTICE_AMBER = "#ffb300"
"""A caution on the projector's dark ground: red there is hard to read across a room."""


class Slide(QWidget):
    """One thing the room should see; subclasses page through their content."""

    title = ""
    detail = ""
    """What the slide shows now, after its title ("next: session 3")."""
    notice = ""
    """A caution the room must read with the slide (standings while a session is being
    played are provisional), on its own line under the heading."""
    legend = ""
    """What a mark in the table means ("“†” after a rank: placed by the recorded draw"), in
    the footer: the room reads the screen, where no tooltip reaches."""

    def page_count(self) -> int:
        return 1

    def has_content(self) -> bool:
        """False for a slide with nothing to show now (skipped while another has)."""
        return True

    def show_page(self, page: int) -> None:
        """Show page `page` (0-based)."""


class TableSlide(Slide):
    """A read-only view of a table model, paged by whole screens of rows, scaled to fit
    the screen's width; a sentence instead of an empty table."""

    def __init__(self, title: str, model: QAbstractItemModel,
                 parent: QWidget | None = None, stretch_column: int = 1,
                 empty_text: str = "") -> None:
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
        self.view.setTextElideMode(Qt.TextElideMode.ElideRight)
        header = self.view.horizontalHeader()
        # Sized by every row (`_column_widths`), not by the page shown: a header sizing
        # to its contents counts visible rows only, and page 2's "−5.48" read "−5.…".
        header.setSectionResizeMode(QHeaderView.ResizeMode.Fixed)
        header.setMinimumSectionSize(24)
        self.view.verticalHeader().setSectionResizeMode(QHeaderView.ResizeMode.Fixed)
        self.empty = QLabel(empty_text, self)
        self.empty.setObjectName("projector_empty")
        self.empty.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.empty.setWordWrap(True)
        self._table = QWidget(self)  # the view, then the room below its last whole row
        table_layout = QVBoxLayout(self._table)
        table_layout.setContentsMargins(0, 0, 0, 0)
        table_layout.addWidget(self.view, 1)  # as high as its whole rows allow
        table_layout.addStretch(0)
        self._layout = QStackedLayout(self)
        self._layout.setContentsMargins(0, 0, 0, 0)
        self._layout.addWidget(self._table)
        self._layout.addWidget(self.empty)
        self.scale = 1.0
        """The share of the projector's type the table is drawn in (1: not shrunk)."""
        self._fitting = False
        self._refit = False
        model.modelReset.connect(self.fit)
        model.layoutChanged.connect(self.fit)
        self._stretch()
        self.fit()

    def _stretch(self) -> None:
        model = self.view.model()
        if 0 <= self.stretch_column < model.columnCount():
            self.view.horizontalHeader().setSectionResizeMode(
                self.stretch_column, QHeaderView.ResizeMode.Stretch)

    def _column_widths(self) -> list[int]:
        """Each column as wide as its widest cell on any page, or its heading."""
        model, header = self.view.model(), self.view.horizontalHeader()
        delegate = self.view.itemDelegate()
        option = QStyleOptionViewItem()
        option.font = self.view.font()
        gap = self.view.fontMetrics().horizontalAdvance("0")  # "−505 −22.47", not "−505−22.47"
        widths = []
        for column in range(model.columnCount()):
            widest = header.sectionSizeHint(column)
            for row in range(model.rowCount()):
                widest = max(widest, delegate.sizeHint(option, model.index(row, column)).width()
                             + gap)
            widths.append(widest)
        return widths

    def needed_width(self) -> int:
        """The width every column needs at the table's present type size."""
        widths = self._column_widths()
        header = self.view.horizontalHeader()
        for column, width in enumerate(widths):
            if column != self.stretch_column:
                header.resizeSection(column, width)
        return sum(widths) + 2 * self.view.frameWidth()

    def fit(self) -> None:
        """Type small enough for every column to fit the width (not below SMALLEST_FIT)."""
        if self._fitting:
            return
        self._fitting = True
        try:
            self._layout.setCurrentWidget(self._table if self.has_content()
                                          or not self.empty.text() else self.empty)
            self._stretch()
            base = QFont(self.font())
            # The headings in the type they are measured in: measured in the type of a
            # narrower fit before, "Rank", "Country" and "Round" were clipped.
            self.view.setFont(base)
            self.view.horizontalHeader().setFont(base)
            self.scale = 1.0
            available = self.width()
            needed = self.needed_width()
            if needed > available > 0:
                self.scale = max(available / needed, SMALLEST_FIT)
                # Text does not shrink exactly in proportion: step down until it fits.
                while self.scale > SMALLEST_FIT:
                    font = QFont(base)
                    font.setPointSizeF(base.pointSizeF() * self.scale)
                    self.view.setFont(font)
                    self.view.horizontalHeader().setFont(font)
                    if self.needed_width() <= available:
                        break
                    self.scale = max(self.scale - 0.04, SMALLEST_FIT)
            row_height = self.view.fontMetrics().height() + 10
            self.view.verticalHeader().setDefaultSectionSize(row_height)
            self._whole_rows(row_height)
        finally:
            self._fitting = False
        if self._refit:  # resized while fitting (the type changed the layout): again
            self._refit = False
            QTimer.singleShot(0, self.fit)

    def _whole_rows(self, row_height: int) -> None:
        """The view as high as the whole rows that fit: no half row at the bottom edge."""
        chrome = self.view.horizontalHeader().sizeHint().height() + 2 * self.view.frameWidth()
        rows = max((self.height() - chrome) // max(row_height, 1), 1)
        self.view.setMaximumHeight(chrome + rows * row_height)

    def has_content(self) -> bool:
        return self.view.model().rowCount() > 0

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        if self._fitting:
            self._refit = True
        else:
            self.fit()

    def rows_per_page(self) -> int:
        row_height = self.view.verticalHeader().defaultSectionSize()
        viewport = self.view.viewport().height()
        return max(viewport // max(row_height, 1), 1)

    def page_count(self) -> int:
        rows = self.view.model().rowCount()
        return max(-(-rows // self.rows_per_page()), 1)

    def show_page(self, page: int) -> None:
        """Only the page's own rows: scrolling to its first row put the last full screen
        on the last page, repeating most of the page before it (ranks 3 to 14 twice)."""
        model = self.view.model()
        per_page = self.rows_per_page()
        first = page * per_page
        for row in range(model.rowCount()):
            self.view.setRowHidden(row, not first <= row < first + per_page)
        self.view.scrollToTop()


class ProjectorWindow(QWidget):
    closed = Signal()
    """The judge closed the projector (Esc, the window's close button)."""

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
        # A long event name wraps: as one unbreakable line it widened the window past the
        # screen, and the clock and the table's right-hand columns went off it.
        self.heading.setWordWrap(True)
        self.heading.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Preferred)
        self.clock = QLabel(self)
        self.clock.setObjectName("projector_clock")
        self.clock.setFont(heading_font)
        self.clock.setAlignment(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
        self.time_up = QFrame(self)  # a red band across the whole width
        self.time_up.setObjectName("projector_time_up")
        self.time_up.setAutoFillBackground(True)
        banner = QPalette(palette)
        banner.setColor(QPalette.ColorRole.Window, QColor(TIME_UP_RED))
        banner.setColor(QPalette.ColorRole.WindowText, QColor("#ffffff"))
        self.time_up.setPalette(banner)
        self.time_up_title = QLabel(self.tr("TIME IS UP"), self.time_up)
        self.time_up_title.setObjectName("projector_time_up_title")
        banner_font = QFont(heading_font)
        banner_font.setPointSizeF(heading_font.pointSizeF() * 1.4)
        self.time_up_title.setFont(banner_font)
        self.time_up_title.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.time_up_text = QLabel(self.time_up)
        self.time_up_text.setObjectName("projector_time_up_rule")
        self.time_up_text.setFont(heading_font)
        self.time_up_text.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.time_up_text.setWordWrap(True)
        band = QVBoxLayout(self.time_up)
        band.setContentsMargins(16, 8, 16, 12)
        band.setSpacing(0)
        band.addWidget(self.time_up_title)
        band.addWidget(self.time_up_text)
        self.time_up.hide()
        self.time_up_rule = ""
        """What the tables do now, said under "Time is up" (from the event's settings)."""
        self.notice = QLabel(self)
        self.notice.setObjectName("projector_notice")
        self.notice.setWordWrap(True)
        caution = QPalette(palette)
        caution.setColor(QPalette.ColorRole.WindowText, QColor(NOTICE_AMBER))
        self.notice.setPalette(caution)
        self.notice.hide()
        self.pager = QLabel(self)
        self.pager.setObjectName("projector_pager")
        self.legend = QLabel(self)
        self.legend.setObjectName("projector_legend")
        self.legend.setWordWrap(True)
        self.legend.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Preferred)
        self.stack = QStackedWidget(self)
        top = QHBoxLayout()
        top.addWidget(self.heading, 1)
        top.addWidget(self.clock)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(32, 24, 32, 16)
        layout.addLayout(top)
        layout.addWidget(self.notice)
        layout.addWidget(self.time_up)
        layout.addWidget(self.stack, 1)
        footer = QHBoxLayout()
        footer.addWidget(self.legend, 1)
        footer.addWidget(self.pager)
        layout.addLayout(footer)

        self.timer = QTimer(self)
        self.timer.setInterval(PAGE_SECONDS * 1000)
        self.timer.timeout.connect(self.advance)
        self._add_key(self.tr("Close the Projector"), QKeySequence(Qt.Key.Key_Escape),
                      self.close, "projector_close")
        self._add_key(self.tr("Projector Full Screen"), QKeySequence(Qt.Key.Key_F11),
                      self.toggle_full_screen, "projector_full_screen")
        self._add_key(self.tr("Next Projector Page"),
                      [QKeySequence(Qt.Key.Key_Space), QKeySequence(Qt.Key.Key_Right),
                       QKeySequence(Qt.Key.Key_PageDown)], self.advance, "projector_next")
        self._add_key(self.tr("Previous Projector Page"),
                      [QKeySequence(Qt.Key.Key_Left), QKeySequence(Qt.Key.Key_PageUp),
                       QKeySequence(Qt.Key.Key_Backspace)], self.go_back, "projector_back")
        countdown.ticked.connect(self._show_clock)
        countdown.changed.connect(self._show_clock_state)
        countdown.expired.connect(self._show_clock_state)
        countdown.resumed.connect(self._show_clock_state)
        countdown.stopped.connect(self._show_clock_state)
        self.tournament_name = ""
        self._show_clock_state()

    def _add_key(self, text: str, keys: QKeySequence | list[QKeySequence], slot: object,
                 name: str) -> None:
        action = QAction(text, self)
        action.setObjectName(name)
        action.setShortcuts(keys if isinstance(keys, list) else [keys])
        action.triggered.connect(slot)
        self.addAction(action)

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
            self._slide = self._next_slide()
            self._page = 0
        self._show()

    def show_slide(self, slide: Slide) -> None:
        """`slide`'s first page, now (Show on projector on the Standings page)."""
        self._slide, self._page = self._slides.index(slide), 0
        self._show()
        if self.timer.isActive():
            self.timer.start()  # a full turn on it

    def go_back(self) -> None:
        """The page before, or the last page of the slide before: a player who missed his
        table on a 24-page list waited five minutes for it to come round again."""
        if not self._slides:
            return
        if self._page > 0:
            self._page -= 1
        else:
            self._slide = self._previous_slide()
            self._page = max(0, self._slides[self._slide].page_count() - 1)
        self._show()
        if self.timer.isActive():
            self.timer.start()  # a full turn on the page stepped back to

    def _previous_slide(self) -> int:
        count = len(self._slides)
        for step in range(1, count + 1):
            index = (self._slide - step) % count
            if self._slides[index].has_content():
                return index
        return (self._slide - 1) % count

    def _next_slide(self) -> int:
        """The next slide with something to show (an empty one only if all are)."""
        count = len(self._slides)
        for step in range(1, count + 1):
            index = (self._slide + step) % count
            if self._slides[index].has_content():
                return index
        return (self._slide + 1) % count

    def refresh(self) -> None:
        """The slides' content changed: the same slide, its page kept if it still exists
        (the next slide if this one has nothing left to show)."""
        if not self._slides:
            return
        if not self._slides[self._slide].has_content():
            self._slide, self._page = self._next_slide(), 0
        self._page = min(self._page, self._slides[self._slide].page_count() - 1)
        self._show()

    def _show(self) -> None:
        if not self._slides:
            return
        slide = self._slides[self._slide]
        self.stack.setCurrentWidget(slide)
        slide.show_page(self._page)
        self.heading.setText(" · ".join(t for t in (self.tournament_name, slide.title,
                                                    slide.detail) if t))
        self.notice.setText(slide.notice)
        self.notice.setVisible(bool(slide.notice))
        self.legend.setText(slide.legend)
        pages = slide.page_count()
        self.pager.setText(self.tr("page {n} of {total}").format(n=self._page + 1, total=pages)
                           if pages > 1 else "")

    def _show_clock(self, seconds: int) -> None:
        countdown = self._countdown
        if not countdown.running:
            self.clock.clear()
        elif seconds <= 0:
            self.clock.setText(self.tr("Time is up"))
        elif countdown.paused:
            self.clock.setText(self.tr("Clock paused · {left}").format(
                left=format_left(seconds)))
        else:
            self.clock.setText(self.tr("Time left {left}").format(left=format_left(seconds)))

    def _show_clock_state(self) -> None:
        countdown = self._countdown
        self._show_clock(countdown.seconds_left())
        up = countdown.is_up
        self.time_up_text.setText(self.time_up_rule)
        self.time_up_text.setVisible(bool(self.time_up_rule))
        self.time_up.setVisible(up)

    def show_on(self, screen: QScreen | None) -> None:
        """Full screen on `screen` (the projector); a window on the desk when there is none."""
        if screen is not None:
            if self.isFullScreen() and self.screen() is not screen:
                self.showNormal()  # a full-screen window does not move to another screen
            self.setScreen(screen)
            self.setGeometry(screen.geometry())
            self.showFullScreen()
        else:  # a window on the desk's screen (the projector's may just have gone)
            if self.isFullScreen():
                self.showNormal()
            desk = QGuiApplication.primaryScreen()
            self.setScreen(desk)
            frame = QRect(QPoint(0, 0), QSize(*WINDOW_SIZE))
            frame.moveCenter(desk.availableGeometry().center())
            self.setGeometry(frame)
            self.show()
        self.timer.start()
        self._show()

    def toggle_full_screen(self) -> None:
        if self.isFullScreen():
            self.showNormal()
        else:
            self.showFullScreen()

    def closeEvent(self, event: QCloseEvent) -> None:
        self.timer.stop()
        super().closeEvent(event)
        self.closed.emit()
