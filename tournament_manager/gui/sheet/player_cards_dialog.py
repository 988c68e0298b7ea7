"""The results desk's player cards for one table (`record_style` `player_cards`, the WSOM
record): each player's paper card typed as written, compared with the sheet hand by hand.

The four cards are listed with what the comparison found; choosing one shows it for
typing (or retyping) as one line per hand. "Copy the sheet" fills in the sheet's figures,
for the card the sheet itself was typed from. The fourth card that agrees locks a complete
sheet (the service does that); a card that differs says at which hand and for whom.
"""

from __future__ import annotations

from collections.abc import Mapping

from PySide6.QtCore import QT_TRANSLATE_NOOP, QEvent, QObject, Qt, Signal
from PySide6.QtGui import QKeyEvent
from PySide6.QtWidgets import (
    QAbstractItemView,
    QCheckBox,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QHeaderView,
    QLabel,
    QLineEdit,
    QPlainTextEdit,
    QPushButton,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from tournament_manager.domain.player_cards import (
    CardLineProblem,
    Mismatch,
    card_rows,
    card_text,
    hand_ranges,
    parse_card_text,
)
from tournament_manager.gui.app_context import AppContext
from tournament_manager.gui.changes import Topic
from tournament_manager.gui.errors import EXPECTED_ERRORS, describe_error
from tournament_manager.services.player_cards import (
    CardCheck,
    card_check,
    enter_card,
    sheet_as_card,
)

STATUS_COLUMNS = (
    QT_TRANSLATE_NOOP("PlayerCardsDialog", "Player"),
    QT_TRANSLATE_NOOP("PlayerCardsDialog", "Card"),
    QT_TRANSLATE_NOOP("PlayerCardsDialog", "Signed"),
    QT_TRANSLATE_NOOP("PlayerCardsDialog", "Against the sheet"),
)


class PlayerCardsDialog(QDialog):
    typist_used = Signal(str)
    """A card was saved under this typist's name (the desk remembers it)."""

    def __init__(self, context: AppContext, table_id: int, table_number: int,
                 names: Mapping[int, str], typist: str, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("player_cards_dialog")
        self.setWindowTitle(self.tr("Player Cards — Table {table}").format(table=table_number))
        self._context, self._table_id, self._names = context, table_id, dict(names)
        self._check: CardCheck | None = None
        self.status = QTableWidget(0, len(STATUS_COLUMNS), self)
        self.status.setObjectName("player_cards_status")
        self.status.setHorizontalHeaderLabels([self.tr(c) for c in STATUS_COLUMNS])
        header = self.status.horizontalHeader()
        header.setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
        header.setSectionResizeMode(len(STATUS_COLUMNS) - 1, QHeaderView.ResizeMode.Stretch)
        self.status.verticalHeader().hide()
        self.status.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.status.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.status.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.status.setMinimumHeight(140)
        self.status.currentCellChanged.connect(lambda *_: self._show_card())
        self.columns = QLabel(self)
        self.columns.setObjectName("player_cards_columns")
        self.columns.setWordWrap(True)
        self.text = QPlainTextEdit(self)
        self.text.setObjectName("player_cards_text")
        self.text.setTabChangesFocus(True)
        self.text.setPlaceholderText(self.tr("75 -25 -25 -25\n-30 -30 90 -30\n…"))
        self.signed = QCheckBox(self.tr("Signed by the three opponents"), self)
        self.signed.setObjectName("player_cards_signed")
        self.typist = QLineEdit(typist, self)
        self.typist.setObjectName("player_cards_typist")
        self.message = QLabel(self)
        self.message.setObjectName("player_cards_message")
        self.message.setWordWrap(True)
        self.copy = QPushButton(self.tr("Copy the Sheet"), self)
        self.copy.setObjectName("player_cards_copy")
        self.copy.setToolTip(self.tr("For the card the sheet was typed from: its figures "
                                     "are the sheet's"))
        self.copy.setAutoDefault(False)
        self.copy.clicked.connect(self._copy_sheet)
        self.save = QPushButton(self.tr("Save Card"), self)
        self.save.setObjectName("player_cards_save")
        self.save.setToolTip(self.tr("Ctrl+Enter"))
        self.save.setAutoDefault(False)
        self.save.clicked.connect(self.save_card)
        self.text.installEventFilter(self)  # Ctrl+Enter in the card saves it
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close, self)
        buttons.addButton(self.copy, QDialogButtonBox.ButtonRole.ActionRole)
        buttons.addButton(self.save, QDialogButtonBox.ButtonRole.ActionRole)
        buttons.rejected.connect(self.reject)
        form = QFormLayout()
        form.addRow(self.tr("Typed by:"), self.typist)
        layout = QVBoxLayout(self)
        layout.addWidget(self.status)
        layout.addWidget(self.columns)
        layout.addWidget(self.text, 1)
        layout.addWidget(self.signed)
        layout.addLayout(form)
        layout.addWidget(self.message)
        layout.addWidget(buttons)
        self.resize(640, 560)
        self.refresh()
        self.status.setCurrentCell(0, 0)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if (watched is self.text and isinstance(event, QKeyEvent)
                and event.type() == QEvent.Type.KeyPress
                and event.key() in (Qt.Key.Key_Return, Qt.Key.Key_Enter)
                and event.modifiers() & Qt.KeyboardModifier.ControlModifier):
            self.save_card()
            return True
        return super().eventFilter(watched, event)

    # --- the four cards

    def refresh(self) -> None:
        try:
            check = card_check(self._context.unit_of_work(), self._table_id)
        except EXPECTED_ERRORS as error:
            self._say(describe_error(error), problem=True)
            return
        self._check = check
        row = max(self.status.currentRow(), 0)
        self.status.blockSignals(True)
        self.status.setRowCount(len(check.players))
        for index, player in enumerate(check.players):
            card = check.cards.get(player)
            cells = (self._names.get(player, str(player)),
                     self.tr("typed by {who}").format(who=card.typist) if card else
                     self.tr("not typed"),
                     (self.tr("yes") if card.signed else self.tr("no")) if card else "",
                     self._verdict(check, player))
            for column, text in enumerate(cells):
                self.status.setItem(index, column, QTableWidgetItem(text))
        self.status.setCurrentCell(min(row, len(check.players) - 1), 0)
        self.status.blockSignals(False)
        self.columns.setText(self.tr("One line per hand, the points of {order}, as the card "
                                     "shows them:").format(order=", ".join(
                                         self._names.get(p, str(p)) for p in check.players)))

    def _verdict(self, check: CardCheck, player: int) -> str:
        if player not in check.cards:
            return ""
        mine = [m for m in check.mismatches if m.owner_id == player]
        if not mine:
            return self.tr("agrees")
        parts = [self.tr("hand {hand}: {who}").format(
            hand=m.hand_number, who=", ".join(self._names.get(p, str(p)) for p in m.players))
            for m in mine if m.kind is Mismatch.DIFFERS]
        for kind, one, several in (
                (Mismatch.NOT_ON_CARD, self.tr("hand {hands} is not on the card"),
                 self.tr("hands {hands} are not on the card")),
                (Mismatch.NOT_ON_SHEET, self.tr("hand {hands} is not on the sheet"),
                 self.tr("hands {hands} are not on the sheet"))):
            hands = [m.hand_number for m in mine if m.kind is kind]
            if hands:
                words = one if len(hands) == 1 else several
                parts.append(words.format(hands=hand_ranges(hands)))
        return "; ".join(parts)

    def owner(self) -> int | None:
        check, row = self._check, self.status.currentRow()
        if check is None or not 0 <= row < len(check.players):
            return None
        return check.players[row]

    def choose(self, player_id: int) -> None:
        if self._check is not None and player_id in self._check.players:
            self.status.setCurrentCell(self._check.players.index(player_id), 0)

    def _show_card(self) -> None:
        owner, check = self.owner(), self._check
        if owner is None or check is None:
            return
        card = check.cards.get(owner)
        self.text.setPlainText(card_text(card_rows(card.content), check.players) if card else "")
        self.signed.setChecked(bool(card and card.signed))
        self.text.setFocus()

    def _copy_sheet(self) -> None:
        if self._check is None:
            return
        rows = sheet_as_card(self._context.unit_of_work(), self._table_id)
        self.text.setPlainText(card_text(rows, self._check.players))

    def save_card(self) -> None:
        owner, check = self.owner(), self._check
        if owner is None or check is None:
            return
        try:
            rows = parse_card_text(self.text.toPlainText(), check.players)
        except CardLineProblem as problem:
            self._say(self.tr("Line {line} (“{text}”) is not a hand: four whole numbers, one "
                              "for each player in the order above, each hand once.").format(
                                  line=problem.line, text=problem.text), problem=True)
            return
        try:
            saved = enter_card(self._context.unit_of_work(), self._table_id, owner, rows,
                               signed=self.signed.isChecked(), typist=self.typist.text())
        except EXPECTED_ERRORS as error:
            self._say(describe_error(error), problem=True)
            return
        self._context.hub.notify(Topic.SHEET)
        self.typist_used.emit(self.typist.text().strip())
        self.refresh()
        name = self._names.get(owner, str(owner))
        if saved.agreed:
            self._say(self.tr("The four cards agree with the sheet: it is signed and locked."))
        elif any(m.owner_id == owner for m in saved.mismatches):
            self._say(self.tr("{name}'s card is saved; it differs from the sheet: {verdict}."
                              ).format(name=name, verdict=self._verdict(saved, owner)),
                      problem=True)
        else:
            self._say(self.tr("{name}'s card is saved and agrees with the sheet.").format(
                name=name))
            self._next_untyped(saved)

    def _next_untyped(self, check: CardCheck) -> None:
        if check.missing:
            self.choose(check.missing[0])

    def _say(self, text: str, *, problem: bool = False) -> None:
        self.message.setText(text)
        self.message.setStyleSheet("color: #a00000;" if problem else "")
        self.message.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
