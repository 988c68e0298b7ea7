"""The sheet's tools (calculator, penalties, signatures) in a drawer under the sheet.

While hands are being entered the judge needs the whole sheet: sixteen hands with their
running totals, the entry bar and the totals, on a 1280 × 800 laptop. So the tools stay
closed to a strip of tabs at the bottom until one is asked for; a click on a tab opens the
drawer (a click on the open tab, or the arrow, closes it again), and the splitter handle
above it sets how much of the sheet it takes. Each tool scrolls in its own area, so a tall
one never squeezes the grid to nothing.
"""

from __future__ import annotations

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import (
    QHBoxLayout,
    QScrollArea,
    QSplitter,
    QStackedWidget,
    QTabBar,
    QToolButton,
    QVBoxLayout,
    QWidget,
)

OPEN_SHARE = 0.45
"""The most of the height an opened drawer takes at first (the splitter then sets it)."""
SPARE_LINES = 3


class ToolDrawer(QWidget):
    """`main` on top, the tools under it; emits `toggled(open)`."""

    toggled = Signal(bool)

    def __init__(self, main: QWidget, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("sheet_tools")
        self._tools: list[QWidget] = []
        self._areas: dict[QWidget, QScrollArea] = {}
        self._open = False
        self._open_height = 0

        self.stack = QStackedWidget(self)
        self.stack.setObjectName("sheet_tools_stack")
        self.splitter = QSplitter(Qt.Orientation.Vertical, self)
        self.splitter.setObjectName("sheet_tools_splitter")
        self.splitter.addWidget(main)
        self.splitter.addWidget(self.stack)
        self.splitter.setCollapsible(0, False)
        self.splitter.setCollapsible(1, True)
        self.splitter.setStretchFactor(0, 1)
        self.splitter.setStretchFactor(1, 0)
        self.splitter.splitterMoved.connect(self._dragged)

        self.bar = QTabBar(self)
        self.bar.setObjectName("sheet_tools_tabs")
        self.bar.setShape(QTabBar.Shape.RoundedSouth)
        self.bar.setDocumentMode(True)
        self.bar.setExpanding(False)
        self.bar.setDrawBase(False)
        self.bar.tabBarClicked.connect(self._tab_clicked)
        self.bar.currentChanged.connect(self._tab_changed)
        self.arrow = QToolButton(self)
        self.arrow.setObjectName("sheet_tools_toggle")
        self.arrow.setAutoRaise(True)
        self.arrow.clicked.connect(lambda: self.set_open(not self._open))
        self.strip = QHBoxLayout()
        self.strip.setContentsMargins(0, 0, 0, 0)
        self.strip.addWidget(self.bar)
        self.strip.addStretch(1)
        self.strip.addWidget(self.arrow)

        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.setSpacing(0)
        layout.addWidget(self.splitter, 1)
        layout.addLayout(self.strip)
        self._show_state()

    # --- the tools

    def add_tool(self, widget: QWidget, label: str, first: bool = False) -> None:
        area = QScrollArea(self.stack)
        area.setObjectName(f"{widget.objectName() or 'tool'}_area")
        area.setWidgetResizable(True)
        area.setFrameShape(QScrollArea.Shape.NoFrame)
        area.setWidget(widget)
        self._areas[widget] = area
        index = 0 if first else len(self._tools)
        self._tools.insert(index, widget)
        self.stack.insertWidget(index, area)
        self.bar.blockSignals(True)
        self.bar.insertTab(index, label)
        self.bar.blockSignals(False)
        self.bar.setCurrentIndex(index if first else self.bar.currentIndex())
        self.stack.setCurrentIndex(self.bar.currentIndex())

    def take_tool(self, widget: QWidget) -> None:
        """Hand `widget` back to the caller (the calculator moving to its own window)."""
        if widget not in self._tools:
            return
        index = self._tools.index(widget)
        area = self._areas.pop(widget)
        area.takeWidget()
        self._tools.pop(index)
        self.stack.removeWidget(area)
        area.deleteLater()
        self.bar.blockSignals(True)
        self.bar.removeTab(index)
        self.bar.blockSignals(False)
        self.stack.setCurrentIndex(self.bar.currentIndex())
        if not self._tools:
            self.set_open(False)

    def add_strip_widget(self, widget: QWidget) -> None:
        """A control beside the tabs (before the open/close arrow)."""
        self.strip.insertWidget(self.strip.count() - 1, widget)

    def has_tool(self, widget: QWidget) -> bool:
        return widget in self._tools

    def set_label(self, widget: QWidget, label: str) -> None:
        if widget in self._tools:
            self.bar.setTabText(self._tools.index(widget), label)

    def current_tool(self) -> QWidget | None:
        index = self.bar.currentIndex()
        return self._tools[index] if 0 <= index < len(self._tools) else None

    def show_tool(self, widget: QWidget) -> None:
        """Open the drawer on `widget`."""
        if widget in self._tools:
            self.bar.setCurrentIndex(self._tools.index(widget))
            self.set_open(True)

    # --- open and closed

    @property
    def is_open(self) -> bool:
        return self._open

    def set_open(self, open_: bool) -> None:
        open_ = open_ and bool(self._tools)
        if open_ == self._open:
            return
        self._open = open_
        total = sum(self.splitter.sizes())
        if open_:
            height = self._open_height or self._height_for(self.current_tool(), total)
            self.stack.show()
            self.splitter.setSizes([max(total - height, 1), height])
        else:
            self._open_height = self.splitter.sizes()[1] or self._open_height
            self.stack.hide()
        self._show_state()
        self.toggled.emit(open_)

    @staticmethod
    def _height_for(tool: QWidget | None, total: int) -> int:
        """What the tool asks for and a few lines more (a state that wraps later must not
        bring a scrollbar that narrows the signature pads), but never more than its share
        of the sheet."""
        if tool is None:
            return round(total * OPEN_SHARE)
        wanted = tool.sizeHint().height() + SPARE_LINES * tool.fontMetrics().lineSpacing()
        return min(wanted, round(total * OPEN_SHARE))

    def _tab_clicked(self, index: int) -> None:
        if index == self.bar.currentIndex():
            self.set_open(not self._open)
        else:
            self.bar.setCurrentIndex(index)  # first: the drawer opens to this tool's height
            self.set_open(True)

    def _tab_changed(self, index: int) -> None:
        self.stack.setCurrentIndex(index)

    def _dragged(self, _pos: int, _index: int) -> None:
        if self.splitter.sizes()[1] == 0 and self._open:
            self._open = False
            self.stack.hide()
            self._show_state()
            self.toggled.emit(False)

    def _show_state(self) -> None:
        self.stack.setVisible(self._open)
        self.arrow.setArrowType(Qt.ArrowType.DownArrow if self._open else Qt.ArrowType.UpArrow)
        self.arrow.setToolTip(self.tr("Close the tools") if self._open
                              else self.tr("Open the tools"))
        self.arrow.setEnabled(bool(self._tools))
