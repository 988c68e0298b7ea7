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
from PySide6.QtGui import QHelpEvent, QPainter, QPaintEvent, QTextLayout, QTextOption
from PySide6.QtWidgets import (
    QLabel,
    QPushButton,
    QSizePolicy,
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


class LinesLabel(QLabel):
    """Wrapped plain text in a fixed number of lines, the last elided when the text needs
    more; always that high, shown or not, so what is below or above it never moves.

    The entry bar's message grew from one line to two or three as refusals came and went,
    and the seat buttons moved under a judge's mouse between two clicks."""

    def __init__(self, lines: int, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._lines = lines
        self._elided = False
        self.setWordWrap(True)
        self.setSizePolicy(QSizePolicy.Policy.Preferred, QSizePolicy.Policy.Fixed)
        policy = self.sizePolicy()
        policy.setRetainSizeWhenHidden(True)
        self.setSizePolicy(policy)

    def _height(self) -> int:
        margins = self.contentsMargins()
        return self.fontMetrics().lineSpacing() * self._lines + margins.top() + margins.bottom()

    def sizeHint(self) -> QSize:
        return QSize(super().sizeHint().width(), self._height())

    def minimumSizeHint(self) -> QSize:
        metrics = self.fontMetrics()
        return QSize(metrics.averageCharWidth() * MIN_CHARACTERS, self._height())

    def hasHeightForWidth(self) -> bool:
        return False

    def shown_lines(self) -> list[str]:
        """The lines drawn at the label's present width."""
        text, width = self.text(), max(self.contentsRect().width(), 1)
        layout = QTextLayout(text, self.font())
        option = QTextOption()
        option.setWrapMode(QTextOption.WrapMode.WordWrap)
        layout.setTextOption(option)
        spans: list[tuple[int, int]] = []
        layout.beginLayout()
        while True:
            line = layout.createLine()
            if not line.isValid():
                break
            line.setLineWidth(width)
            spans.append((line.textStart(), line.textLength()))
        layout.endLayout()
        if len(spans) <= self._lines:
            return [text[start:start + length].rstrip() for start, length in spans]
        kept = [text[start:start + length].rstrip() for start, length in spans[:self._lines - 1]]
        rest = " ".join(text[spans[self._lines - 1][0]:].split())
        return [*kept, self.fontMetrics().elidedText(rest, Qt.TextElideMode.ElideRight, width)]

    def is_elided(self) -> bool:
        return " ".join(" ".join(self.shown_lines()).split()) != " ".join(self.text().split())

    def paintEvent(self, event: QPaintEvent) -> None:
        lines = self.shown_lines()
        self._elided = self.is_elided()
        painter = QPainter(self)
        area = self.contentsRect()
        step = self.fontMetrics().lineSpacing()
        for number, line in enumerate(lines):
            row = area.adjusted(0, number * step, 0, 0)
            row.setHeight(step)
            self.style().drawItemText(painter, row, int(Qt.AlignmentFlag.AlignLeft
                                                        | Qt.AlignmentFlag.AlignVCenter),
                                      self.palette(), self.isEnabled(), line,
                                      self.foregroundRole())

    def event(self, event: QEvent) -> bool:
        return _tooltip(self, event, self._elided, self.text()) or super().event(event)
