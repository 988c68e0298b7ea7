"""A label and a button that give up width before the window does.

Player names come from registration forms: "Anastasia Konstantinopoulou-Papadimitriou"
or a four-character CJK name with its romanisation. A plain QLabel or QPushButton is
never narrower than its whole text, so one long name made the Score sheets page wider
than a 1280-pixel laptop screen and pushed "Stop on time…" off to the right. These draw
their text elided to the width they are given and show the whole of it in the tooltip;
`text()` is still the whole text, so nothing that reads it changes. A button's text may
hold a doubled '&' (`user_text.no_mnemonic`): it is elided and shown as the button reads.
"""

from __future__ import annotations

from PySide6.QtCore import QEvent, QSize, Qt
from PySide6.QtGui import QHelpEvent, QPainter, QPaintEvent
from PySide6.QtWidgets import (
    QLabel,
    QPushButton,
    QStyle,
    QStyleOptionButton,
    QStylePainter,
    QToolTip,
    QWidget,
)

from tournament_manager.gui.user_text import as_shown

MIN_CHARACTERS = 6
"""How many average characters an elided widget keeps at its narrowest."""


def _tooltip(widget: QWidget, event: QEvent, elided: bool, full: str) -> bool:
    """The whole text as the tooltip while it is cut short (before any tooltip of its own)."""
    if event.type() != QEvent.Type.ToolTip or not elided:
        return False
    assert isinstance(event, QHelpEvent)
    own = widget.toolTip()
    QToolTip.showText(event.globalPos(), full + (f"\n{own}" if own else ""), widget)
    return True


class ElidedLabel(QLabel):
    """One line of plain text, elided at `mode` when the layout gives it less room."""

    def __init__(self, text: str = "", parent: QWidget | None = None,
                 mode: Qt.TextElideMode = Qt.TextElideMode.ElideRight) -> None:
        super().__init__(text, parent)
        self._mode = mode
        self._elided = False

    def minimumSizeHint(self) -> QSize:
        metrics = self.fontMetrics()
        margins = self.contentsMargins()
        width = min(metrics.horizontalAdvance(self.text()),
                    metrics.averageCharWidth() * MIN_CHARACTERS
                    + metrics.horizontalAdvance("…"))
        return QSize(width + margins.left() + margins.right(),
                     super().minimumSizeHint().height())

    def shown_text(self) -> str:
        """What is drawn at the label's present width."""
        return self.fontMetrics().elidedText(self.text(), self._mode,
                                             self.contentsRect().width())

    def is_elided(self) -> bool:
        return self.shown_text() != self.text()

    def paintEvent(self, event: QPaintEvent) -> None:
        text = self.shown_text()
        self._elided = text != self.text()
        painter = QPainter(self)
        self.style().drawItemText(painter, self.contentsRect(), int(self.alignment()),
                                  self.palette(), self.isEnabled(), text,
                                  self.foregroundRole())

    def event(self, event: QEvent) -> bool:
        return _tooltip(self, event, self._elided, self.text()) or super().event(event)


class ElidedButton(QPushButton):
    """A push button whose text is elided rather than widening the row it sits in."""

    def __init__(self, text: str = "", parent: QWidget | None = None,
                 mode: Qt.TextElideMode = Qt.TextElideMode.ElideRight) -> None:
        super().__init__(text, parent)
        self._mode = mode
        self._elided = False

    def minimumSizeHint(self) -> QSize:
        full = self.sizeHint()
        metrics = self.fontMetrics()
        cut = (metrics.horizontalAdvance(self.text())
               - metrics.averageCharWidth() * MIN_CHARACTERS - metrics.horizontalAdvance("…"))
        return QSize(full.width() - max(cut, 0), full.height())

    def _option(self) -> QStyleOptionButton:
        option = QStyleOptionButton()
        self.initStyleOption(option)
        return option

    def shown_text(self) -> str:
        option = self._option()
        room = (self.style().subElementRect(QStyle.SubElement.SE_PushButtonContents,
                                            option, self).width()
                - 2 * self.style().pixelMetric(QStyle.PixelMetric.PM_ButtonMargin, option,
                                               self) // 2)
        if not option.icon.isNull():
            room -= option.iconSize.width() + 4
        return self.fontMetrics().elidedText(self.text(), self._mode, max(room, 0),
                                             int(Qt.TextFlag.TextShowMnemonic))

    def is_elided(self) -> bool:
        return self.shown_text() != self.text()

    def paintEvent(self, event: QPaintEvent) -> None:
        option = self._option()
        option.text = self.shown_text()
        self._elided = option.text != self.text()
        painter = QStylePainter(self)
        painter.drawControl(QStyle.ControlElement.CE_PushButton, option)

    def event(self, event: QEvent) -> bool:
        return (_tooltip(self, event, self._elided, as_shown(self.text()))
                or super().event(event))
