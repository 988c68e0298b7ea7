"""A pad a player signs on with a mouse, a pen or a finger; the strokes become a PNG.

Mouse, tablet and touch events all add points to the current stroke, so the same pad
works at a laptop, on a Wacom and on a touch screen. The PNG is drawn from the strokes
(QImage + QPainter) at a fixed size, whatever the widget's size on screen.

Once a player's signature is on record the pad shows it, greyed, instead of blank
strokes: the judge sees at a glance who has signed (and what), on a locked sheet too.
"""

from __future__ import annotations

from PySide6.QtCore import (
    QBuffer,
    QByteArray,
    QEvent,
    QIODevice,
    QPointF,
    QRectF,
    QSize,
    Qt,
    Signal,
)
from PySide6.QtGui import (
    QColor,
    QImage,
    QMouseEvent,
    QPainter,
    QPainterPath,
    QPaintEvent,
    QPalette,
    QPen,
    QTabletEvent,
    QTouchEvent,
)
from PySide6.QtWidgets import QFrame, QWidget

PNG_SIZE = QSize(480, 160)
PEN_WIDTH = 2.5
SIGNED_OPACITY = 0.45
"""A signature on record is drawn faded: it is shown, not being drawn."""


class SignaturePad(QFrame):
    changed = Signal()

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setFrameShape(QFrame.Shape.StyledPanel)
        self.setMinimumSize(180, 70)
        self.setAttribute(Qt.WidgetAttribute.WA_AcceptTouchEvents, True)
        self.setAutoFillBackground(True)
        self.setBackgroundRole(QPalette.ColorRole.Base)
        self.setCursor(Qt.CursorShape.CrossCursor)
        self._strokes: list[list[QPointF]] = []
        self._drawing = False
        self._signed = QImage()

    def show_signed(self, png: bytes | None) -> None:
        """The signature on record for this pad's player (None or b"": none)."""
        image = QImage()
        if png:
            image.loadFromData(png)  # an unreadable image shows as no image
        self._signed = image
        self.update()

    def signed_image(self) -> QImage:
        """The signature on record shown on the pad (a null image when there is none)."""
        return self._signed

    def is_empty(self) -> bool:
        return not any(len(stroke) > 1 for stroke in self._strokes)

    def clear(self) -> None:
        self._strokes.clear()
        self.update()
        self.changed.emit()

    # Points are kept as fractions of the pad, so the PNG does not depend on its size.
    def _normalised(self, point: QPointF) -> QPointF:
        width, height = max(self.width(), 1), max(self.height(), 1)
        return QPointF(min(max(point.x() / width, 0.0), 1.0),
                       min(max(point.y() / height, 0.0), 1.0))

    def _begin(self, point: QPointF) -> None:
        self._drawing = True
        self._strokes.append([self._normalised(point)])
        self.update()

    def _extend(self, point: QPointF) -> None:
        if self._drawing and self._strokes:
            self._strokes[-1].append(self._normalised(point))
            self.update()

    def _end(self) -> None:
        if self._drawing:
            self._drawing = False
            self.changed.emit()

    def mousePressEvent(self, event: QMouseEvent) -> None:
        if event.button() == Qt.MouseButton.LeftButton:
            self._begin(event.position())

    def mouseMoveEvent(self, event: QMouseEvent) -> None:
        self._extend(event.position())

    def mouseReleaseEvent(self, event: QMouseEvent) -> None:
        self._extend(event.position())
        self._end()

    def tabletEvent(self, event: QTabletEvent) -> None:
        kind = event.type()
        if kind == QTabletEvent.Type.TabletPress:
            self._begin(event.position())
        elif kind == QTabletEvent.Type.TabletMove:
            self._extend(event.position())
        elif kind == QTabletEvent.Type.TabletRelease:
            self._end()
        event.accept()

    def event(self, event: QEvent) -> bool:
        if isinstance(event, QTouchEvent) and event.points():
            point = event.points()[0].position()
            if event.type() == QEvent.Type.TouchBegin:
                self._begin(point)
            elif event.type() == QEvent.Type.TouchUpdate:
                self._extend(point)
            else:
                self._extend(point)
                self._end()
            event.accept()
            return True
        return super().event(event)

    def _paths(self, width: float, height: float) -> list[QPainterPath]:
        paths = []
        for stroke in self._strokes:
            path = QPainterPath(QPointF(stroke[0].x() * width, stroke[0].y() * height))
            for point in stroke[1:]:
                path.lineTo(point.x() * width, point.y() * height)
            paths.append(path)
        return paths

    def paintEvent(self, event: QPaintEvent) -> None:
        super().paintEvent(event)
        painter = QPainter(self)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        base_line = self.palette().color(QPalette.ColorRole.Mid)
        painter.setPen(QPen(base_line, 1, Qt.PenStyle.DashLine))
        y = self.height() * 0.75
        painter.drawLine(QPointF(8, y), QPointF(self.width() - 8, y))
        if not self._signed.isNull() and self.is_empty():
            self._paint_signed(painter)
        painter.setPen(QPen(self.palette().color(QPalette.ColorRole.Text), PEN_WIDTH,
                            Qt.PenStyle.SolidLine, Qt.PenCapStyle.RoundCap,
                            Qt.PenJoinStyle.RoundJoin))
        for path in self._paths(self.width(), self.height()):
            painter.drawPath(path)

    def _paint_signed(self, painter: QPainter) -> None:
        """The stored signature (black on white paper), scaled into the pad, faded; the paper
        is blended away so the ink sits on the pad's own background, light or dark."""
        area = self.contentsRect().adjusted(4, 4, -4, -4)
        size = self._signed.size().scaled(area.size(), Qt.AspectRatioMode.KeepAspectRatio)
        x = area.x() + (area.width() - size.width()) // 2
        y = area.y() + (area.height() - size.height()) // 2
        painter.save()
        painter.setOpacity(SIGNED_OPACITY)
        image = self._signed
        if self.palette().color(QPalette.ColorRole.Base).lightness() >= 128:
            painter.setCompositionMode(QPainter.CompositionMode.CompositionMode_Multiply)
        else:
            image = image.convertToFormat(QImage.Format.Format_RGB32)
            image.invertPixels()
            painter.setCompositionMode(QPainter.CompositionMode.CompositionMode_Screen)
        painter.drawImage(QRectF(x, y, size.width(), size.height()), image)
        painter.restore()

    def to_png(self) -> bytes:
        """Black ink on white, whatever the theme: the sheet is printed on paper."""
        if self.is_empty():
            return b""
        image = QImage(PNG_SIZE, QImage.Format.Format_ARGB32)
        image.fill(QColor("white"))
        painter = QPainter(image)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        painter.setPen(QPen(QColor("black"), PEN_WIDTH * 1.5, Qt.PenStyle.SolidLine,
                            Qt.PenCapStyle.RoundCap, Qt.PenJoinStyle.RoundJoin))
        for path in self._paths(PNG_SIZE.width(), PNG_SIZE.height()):
            painter.drawPath(path)
        painter.end()
        data = QByteArray()
        buffer = QBuffer(data)
        buffer.open(QIODevice.OpenModeFlag.WriteOnly)
        image.save(buffer, "PNG")  # type: ignore[call-overload]
        return bytes(data.data())

    def sizeHint(self) -> QSize:
        return QSize(220, 80)
