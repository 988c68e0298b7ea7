"""The four players' signatures: a pad and a Sign button each, and the lock state.

A signature is bound to the content it was given for: each pad is cleared as soon as its
player's signature is accepted, and every pad when the sheet's version changes (it was
locked, or the head judge opened it for a correction), so each version is signed with
freshly drawn strokes (the service refuses a drawing given before). A current signature
is shown greyed on its pad, so the judge sees who signed; a signature for other content
is shown as needing a new one; the fourth current signature locks the sheet (the service
decides that). A locked sheet offers the head judge's correction, which asks for his
passphrase and a reason in its own dialog.
"""

from __future__ import annotations

from PySide6.QtCore import Signal
from PySide6.QtGui import QFont
from PySide6.QtWidgets import (
    QGridLayout,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from tournament_manager.gui.formatting import local_date_time
from tournament_manager.gui.sheet.elide import ElidedLabel
from tournament_manager.gui.sheet.signature_pad import SignaturePad
from tournament_manager.gui.sheet.state import can_change
from tournament_manager.services.views import SheetView, SignatureView


class SignaturePanel(QGroupBox):
    """Emits `sign_requested(player_id, png)` and `correct_requested()`."""

    sign_requested = Signal(int, bytes)
    correct_requested = Signal()
    drawing = Signal()
    """A player draws on a pad: the answer to the last act ("The signature is empty.")
    no longer applies, and the sheet lets it go."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setFlat(True)
        self.setObjectName("signature_panel")
        self._view: SheetView | None = None
        self._shown: tuple[int, int, bool] | None = None
        self.pads: list[SignaturePad] = []
        self.names: list[ElidedLabel] = []
        self.states: list[QLabel] = []
        self.sign_buttons: list[QPushButton] = []
        self.clear_buttons: list[QPushButton] = []
        grid = QGridLayout()
        for column in range(4):
            name = ElidedLabel("", self)
            pad = SignaturePad(self)
            pad.setObjectName(f"signature_pad_{column + 1}")
            state = QLabel(self)
            state.setObjectName(f"signature_state_{column + 1}")
            state.setWordWrap(True)
            button = QPushButton(self.tr("Sign"), self)
            button.setObjectName(f"sign_button_{column + 1}")
            button.clicked.connect(lambda _c=False, col=column: self._sign(col))
            clear = QPushButton(self.tr("Clear"), self)
            clear.setObjectName(f"signature_clear_{column + 1}")
            clear.clicked.connect(pad.clear)
            pad.changed.connect(lambda p=pad: None if p.is_empty() else self.drawing.emit())
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
            self.clear_buttons.append(clear)

        for column in range(4):
            # Equal columns whatever their texts say: a pad keeps its size while a
            # player's state changes, so the same strokes always make the same drawing.
            grid.setColumnStretch(column, 1)
        self.lock_label = QLabel(self)
        self.lock_label.setObjectName("lock_state")
        bold = QFont(self.lock_label.font())
        bold.setBold(True)
        self.lock_label.setFont(bold)
        self.correct_button = QPushButton(self.tr("Unlock for correction…"), self)
        self.correct_button.setObjectName("correct_button")
        self.correct_button.setToolTip(self.tr(
            "The head judge opens the signed sheet for a correction, with his passphrase "
            "and a reason; the players then sign the corrected version"))
        self.correct_button.clicked.connect(self.correct_requested.emit)
        correction = QHBoxLayout()
        correction.addWidget(self.lock_label, 1)
        correction.addWidget(self.correct_button)

        layout = QVBoxLayout(self)
        layout.addLayout(grid)
        layout.addLayout(correction)
        layout.addStretch(1)
        self.set_view(None)

    def set_view(self, view: SheetView | None) -> None:
        shown = ((view.table.id, view.table.sheet_version, view.locked)
                 if view is not None else None)
        if shown != self._shown:
            # Another table, or a new version of this one (locked, or opened for a
            # correction): strokes drawn for what was shown before never sign this.
            for pad in self.pads:
                pad.clear()
        self._shown = shown
        self._view = view
        players = view.players if view is not None else ()
        signatures = view.signatures if view is not None else ()
        for column in range(4):
            player = players[column] if column < len(players) else None
            self.names[column].setText(f"{'ESWN'[column]} {player.name}" if player else "")
            mine = [s for s in signatures if player and s.signature.player_id == player.id]
            current = next((s for s in mine if s.current), None)
            self.states[column].setText(self._state(view, current, mine))
            # Who signed (and what) stays in view, greyed, on a locked sheet too.
            self.pads[column].show_signed(current.signature.image_png if current else None)
            can_sign = can_change(view) and player is not None and current is None
            self.pads[column].setEnabled(can_sign)
            self.sign_buttons[column].setEnabled(can_sign)
            self.clear_buttons[column].setEnabled(can_sign)
        locked = view is not None and view.locked
        if view is None:
            self.lock_label.setText("")
        elif locked:
            paper = any(s.current and s.signature.on_paper for s in view.signatures)
            self.lock_label.setText(
                (self.tr("Locked: version {v} signed on paper by all four players")
                 if paper else self.tr("Locked: version {v} signed by all four players"))
                .format(v=view.table.sheet_version))
        elif view.corrected:
            self.lock_label.setText(self.tr("Open for correction: the players sign "
                                            "version {v}").format(v=view.table.sheet_version))
        elif view.complete:
            signed = sum(1 for s in view.signatures if s.current)
            self.lock_label.setText(
                self.tr("Complete: ready for signatures") if not signed
                else self.tr("Complete: {n} of 4 players have signed this version").format(
                    n=signed))
        else:
            self.lock_label.setText(self.tr("Open: hands {hands} still missing").format(
                hands=", ".join(map(str, view.missing_hands[:8]))
                + ("…" if len(view.missing_hands) > 8 else "")))
        self.correct_button.setVisible(locked)

    def _state(self, view: SheetView | None, current: SignatureView | None,
               mine: list[SignatureView]) -> str:
        if view is None:
            return ""
        if current is not None and current.signature.on_paper:
            signature = current.signature
            return self.tr("Signed on paper · transcribed by {who}, {when}").format(
                who=signature.recorded_by,
                when=local_date_time(signature.recorded_at or signature.signed_at))
        if current is not None:
            return self.tr("Signed {when}").format(
                when=local_date_time(current.signature.signed_at))
        if not mine:
            return self.tr("Not signed")
        latest = max(mine, key=lambda s: (s.signature.sheet_version, s.signature.signed_at))
        version = view.table.sheet_version
        if latest.signature.sheet_version < version:
            return self.tr("Signed version {old} — sign version {new} anew").format(
                old=latest.signature.sheet_version, new=version)
        return self.tr("Signed before the sheet changed — sign it again")

    def signature_accepted(self, player_id: int) -> None:
        """The player's signature is on record: his pad starts blank again."""
        if self._view is None:
            return
        for column, player in enumerate(self._view.players):
            if player.id == player_id:
                self.pads[column].clear()

    def _sign(self, column: int) -> None:
        if self._view is None or column >= len(self._view.players):
            return
        self.sign_requested.emit(self._view.players[column].id, self.pads[column].to_png())
