"""Score sheets: pick a session and a table; its sheet, with the calculator beside it."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QComboBox,
    QHBoxLayout,
    QLabel,
    QListWidget,
    QListWidgetItem,
    QVBoxLayout,
    QWidget,
)

from tournament_manager.domain.model import SheetState
from tournament_manager.gui.app_context import AppContext
from tournament_manager.gui.calculator.panel import CalculatorPanel
from tournament_manager.gui.changes import Topic
from tournament_manager.gui.errors import EXPECTED_ERRORS
from tournament_manager.gui.item_data import add_choice, current_choice
from tournament_manager.gui.sheet.sheet_widget import SheetWidget
from tournament_manager.services.setup import session_summaries
from tournament_manager.services.tournaments import overview
from tournament_manager.services.views import session_seating


class SheetsPage(QWidget):
    def __init__(self, context: AppContext, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("sheets_page")
        self._context = context
        self.session = QComboBox(self)
        self.session.setObjectName("sheet_session")
        self.session.currentIndexChanged.connect(self._session_changed)
        self.tables = QListWidget(self)
        self.tables.setObjectName("sheet_tables")
        self.tables.currentItemChanged.connect(self._table_changed)
        side = QWidget(self)
        side_layout = QVBoxLayout(side)
        side_layout.setContentsMargins(0, 0, 0, 0)
        side_layout.addWidget(QLabel(self.tr("Session:"), side))
        side_layout.addWidget(self.session)
        side_layout.addWidget(QLabel(self.tr("Tables:"), side))
        side_layout.addWidget(self.tables, 1)
        side.setFixedWidth(130)

        self.sheet = SheetWidget(context, self)
        self.calculator = CalculatorPanel(self)
        self.calculator.use_for_sheet.connect(self._use_for_sheet)
        self.sheet.add_tool(self.calculator, self.tr("Calculator"), first=True)
        layout = QHBoxLayout(self)
        layout.addWidget(side)
        layout.addWidget(self.sheet, 1)
        context.hub.changed.connect(self._changed)

    def _changed(self, topic: str) -> None:
        if topic in (Topic.DOCUMENT, Topic.SETTINGS, Topic.ROUNDS):
            self.reload()
        elif topic in (Topic.SHEET, Topic.SESSIONS):
            self._label_tables()

    def _table_label(self, number: int, locked: bool) -> str:
        # Text, not a lock emoji: machines without an emoji font show a box.
        return self.tr("Table {n}").format(n=number) + (self.tr(" · locked") if locked else "")

    def _label_tables(self) -> None:
        """A sheet was signed, locked or opened: the list says which tables are locked."""
        session_id = current_choice(self.session)
        if not isinstance(session_id, int) or not self._context.has_document:
            return
        try:
            seating = session_seating(self._context.unit_of_work(), session_id)
        except EXPECTED_ERRORS:
            return
        labels = {table.table.id: self._table_label(
            table.table.number, table.table.sheet_state is SheetState.LOCKED)
            for table in seating.tables}
        for row in range(self.tables.count()):
            item = self.tables.item(row)
            label = labels.get(item.data(Qt.ItemDataRole.UserRole))
            if label is not None and item.text() != label:
                item.setText(label)

    def reload(self) -> None:
        """Sessions of the open tournament; keeps the chosen session and table."""
        chosen = current_choice(self.session)
        self.session.blockSignals(True)
        self.session.clear()
        if self._context.has_document:
            try:
                summaries = session_summaries(self._context.unit_of_work())
                settings = overview(self._context.unit_of_work()).tournament.settings
            except EXPECTED_ERRORS:
                summaries = ()
            else:
                self.calculator.set_rules(settings.rule_set, settings.rule_options)
            for summary in summaries:
                add_choice(self.session,
                           self.tr("Session {n}").format(n=summary.session.number),
                           summary.session.id)
                self.session.setItemData(
                    self.session.count() - 1,
                    self.tr("Round {r} · {t} tables · {s}").format(
                        r=summary.round_number, t=summary.tables,
                        s=summary.session.status.value),
                    Qt.ItemDataRole.ToolTipRole)
            index = self.session.findData(chosen) if chosen is not None else -1
            if index < 0:
                index = next((i for i, s in enumerate(summaries) if s.tables), 0)
            self.session.setCurrentIndex(index)
        self.session.blockSignals(False)
        self._session_changed()

    def _session_changed(self) -> None:
        session_id = current_choice(self.session)
        chosen = self.sheet.table_id
        self.tables.blockSignals(True)
        self.tables.clear()
        if isinstance(session_id, int) and self._context.has_document:
            seating = session_seating(self._context.unit_of_work(), session_id)
            for table in seating.tables:
                names = ", ".join(seat.player.name for seat in table.seats)
                item = QListWidgetItem(self._table_label(
                    table.table.number, table.table.sheet_state is SheetState.LOCKED))
                item.setToolTip(names)
                item.setData(Qt.ItemDataRole.UserRole, table.table.id)
                self.tables.addItem(item)
        self.tables.blockSignals(False)
        row = next((i for i in range(self.tables.count())
                    if self.tables.item(i).data(Qt.ItemDataRole.UserRole) == chosen), 0)
        if self.tables.count():
            self.tables.setCurrentRow(row)
            self._table_changed()
        else:
            self.sheet.show_table(None)

    def _table_changed(self) -> None:
        item = self.tables.currentItem()
        self.sheet.show_table(item.data(Qt.ItemDataRole.UserRole) if item else None)

    def select_table(self, session_id: int, table_id: int) -> None:
        self.session.setCurrentIndex(self.session.findData(session_id))
        for row in range(self.tables.count()):
            if self.tables.item(row).data(Qt.ItemDataRole.UserRole) == table_id:
                self.tables.setCurrentRow(row)

    def _use_for_sheet(self, value: int, pattern_ids: tuple[str, ...]) -> None:
        self.sheet.entry.use_value(value, pattern_ids)
        self.sheet.entry.value_edit.setFocus()
