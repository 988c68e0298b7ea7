"""The four players' signatures: a pad and a Sign button each, and the lock state.

A signature given for other content (a hand changed while the others signed) is shown
as needing a new signature; the fourth current signature locks the sheet (the service
decides that). A locked sheet shows who signed and offers the head judge's correction.
"""

from __future__ import annotations

from PySide6.QtCore import Signal
from PySide6.QtGui import QFont
from PySide6.QtWidgets import (
    QGridLayout,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from tournament_manager.gui.formatting import local_date_time
from tournament_manager.gui.sheet.signature_pad import SignaturePad
from tournament_manager.services.views import SheetView


class SignaturePanel(QGroupBox):
    """Emits `sign_requested(player_id, png)` and `correct_requested(reason)`."""

    sign_requested = Signal(int, bytes)
    correct_requested = Signal(str)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setFlat(True)
        self.setObjectName("signature_panel")
        self._view: SheetView | None = None
        self.pads: list[SignaturePad] = []
        self.names: list[QLabel] = []
        self.states: list[QLabel] = []
        self.sign_buttons: list[QPushButton] = []
        grid = QGridLayout()
        for column in range(4):
            name = QLabel(self)
            pad = SignaturePad(self)
            pad.setObjectName(f"signature_pad_{column + 1}")
            state = QLabel(self)
            state.setObjectName(f"signature_state_{column + 1}")
            button = QPushButton(self.tr("Sign"), self)
            button.setObjectName(f"sign_button_{column + 1}")
            button.clicked.connect(lambda _c=False, col=column: self._sign(col))
            clear = QPushButton(self.tr("Clear"), self)
            clear.clicked.connect(pad.clear)
            buttons = QHBoxLayout()
            buttons.addWidget(button)
            buttons.addWidget(clear)
            grid.addWidget(name, 0, column)
            grid.addWidget(pad, 1, column)
            grid.addLayout(buttons, 2, column)
            grid.addWidget(state, 3, column)
            self.pads.append(pad)
            self.names.append(name)
            self.states.append(state)
            self.sign_buttons.append(button)

        self.lock_label = QLabel(self)
        self.lock_label.setObjectName("lock_state")
        bold = QFont(self.lock_label.font())
        bold.setBold(True)
        self.lock_label.setFont(bold)
        self.reason = QLineEdit(self)
        self.reason.setObjectName("correction_reason")
        self.reason.setPlaceholderText(self.tr("Reason for the correction (required)"))
        self.reason.returnPressed.connect(self._correct)
        self.correct_button = QPushButton(self.tr("Unlock for correction (head judge)"), self)
        self.correct_button.setObjectName("correct_button")
        self.correct_button.clicked.connect(self._correct)
        self.reason.textChanged.connect(
            lambda text: self.correct_button.setEnabled(bool(text.strip())))
        correction = QHBoxLayout()
        correction.addWidget(self.lock_label, 1)
        correction.addWidget(self.reason, 2)
        correction.addWidget(self.correct_button)

        layout = QVBoxLayout(self)
        layout.addLayout(grid)
        layout.addLayout(correction)
        layout.addStretch(1)
        self.set_view(None)

    def set_view(self, view: SheetView | None) -> None:
        changed_table = (view is None or self._view is None
                         or view.table.id != self._view.table.id)
        self._view = view
        players = view.players if view is not None else ()
        current = {s.signature.player_id: s for s in (view.signatures if view else ())
                   if s.current}
        earlier = {s.signature.player_id: s for s in (view.signatures if view else ())}
        for column in range(4):
            player = players[column] if column < len(players) else None
            self.names[column].setText(f"{'ESWN'[column]} {player.name}" if player else "")
            if changed_table:
                self.pads[column].clear()
            signature = current.get(player.id) if player else None
            if signature is not None:
                state = self.tr("Signed {when}").format(
                    when=local_date_time(signature.signature.signed_at))
            elif player is not None and player.id in earlier:
                state = self.tr("Signed an earlier version: sign again")
            else:
                state = self.tr("Not signed")
            self.states[column].setText(state)
            can_sign = (view is not None and player is not None and not view.locked
                        and signature is None)
            self.pads[column].setEnabled(can_sign)
            self.sign_buttons[column].setEnabled(can_sign)
        locked = view is not None and view.locked
        if view is None:
            self.lock_label.setText("")
        elif locked:
            self.lock_label.setText(self.tr("🔒 Locked: signed by all four players"))
        elif view.corrected:
            self.lock_label.setText(self.tr("Open for correction (version {v})").format(
                v=view.table.sheet_version))
        elif view.complete:
            self.lock_label.setText(self.tr("Complete: ready for signatures"))
        else:
            self.lock_label.setText(self.tr("Open: hands {hands} still missing").format(
                hands=", ".join(map(str, view.missing_hands[:8]))
                + ("…" if len(view.missing_hands) > 8 else "")))
        self.reason.setVisible(locked)
        self.correct_button.setVisible(locked)
        self.correct_button.setEnabled(bool(self.reason.text().strip()))

    def _sign(self, column: int) -> None:
        if self._view is None or column >= len(self._view.players):
            return
        self.sign_requested.emit(self._view.players[column].id, self.pads[column].to_png())

    def _correct(self) -> None:
        self.correct_requested.emit(self.reason.text())

    def corrected(self) -> None:
        self.reason.clear()
