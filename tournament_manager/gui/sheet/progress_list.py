"""The session's tables with where each one stands: the head judge's progress board.

The list is also how a sheet is opened (click a table), so the board and the table picker
are one widget: a judge walking the room sees which tables still play, which wait for
signatures and which are done, and opens the one he is called to. Each state is written
out ("signing 2/4") and tinted, never told by colour alone; the tints are translucent so
they read on light and dark themes alike. Above the list, a count of the tables per state.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence

from PySide6.QtCore import QCoreApplication, QRect, Qt
from PySide6.QtGui import QBrush, QColor, QResizeEvent
from PySide6.QtWidgets import QLabel, QListWidget, QListWidgetItem, QVBoxLayout, QWidget

from tournament_manager.gui.formatting import by_count
from tournament_manager.gui.models.wording import table_state_label
from tournament_manager.services.views import TableProgress, TableState

translate = QCoreApplication.translate  # by this name, so pyside6-lupdate finds the words

TABLE_ID_ROLE = Qt.ItemDataRole.UserRole
TINT_ALPHA = 70
TINTS = {
    TableState.WAITING: None,
    TableState.PLAYING: None,  # the usual state: plain (a blue tint read as "selected")
    TableState.STOPPED_ON_TIME: QColor(255, 140, 0),
    TableState.COMPLETE: QColor(240, 190, 0),
    TableState.SIGNING: QColor(240, 190, 0),
    TableState.LOCKED: QColor(52, 168, 83),
    TableState.CORRECTING: QColor(220, 40, 60),
}
DISAGREEMENT_TINT = QColor(220, 40, 60)
"""A table whose two entries differ needs a judge: tinted as a correction is."""
ORDER = (TableState.PLAYING, TableState.STOPPED_ON_TIME, TableState.COMPLETE,
         TableState.SIGNING, TableState.CORRECTING, TableState.LOCKED, TableState.WAITING)


def progress_text(row: TableProgress, desk: bool = False) -> str:
    """Where one table stands, in words: "playing 7/16", "signing 2/4", "locked"; a
    double-entry disagreement first, since it needs a judge at the table. At the results
    desk (`desk`) the words are the paper sheet's: "to type", "typed 7/16", "typed: check
    and tick", "verified"."""
    state = _desk_text(row) if desk else _state_text(row)
    if row.disagreements:
        return translate("TableProgress", "entries differ on hand {hands} · {state}").format(
            hands=", ".join(str(n) for n in row.disagreements), state=state)
    if row.entries_waiting:
        return translate("TableProgress", "{state} · hand {n} awaits its second entry").format(
            state=state, n=row.hands + 1)
    return state


def kept_deals_text(row: TableProgress) -> str:
    """Why a session that ends by deals has more hands than deals, or ""."""
    if not row.kept_deals:
        return ""
    return translate("TableProgress", "Hands that kept their deal so far: {kept}, so "
                     "{deals} deals take {of} hands").format(kept=row.kept_deals,
                                                 deals=row.expected - row.kept_deals,
                                                 of=row.expected)


def _desk_text(row: TableProgress) -> str:
    state = row.state
    if state in (TableState.WAITING, TableState.PLAYING) and not row.hands:
        return translate("TableProgress", "to type")
    if state is TableState.PLAYING:
        return translate("TableProgress", "typed {n}/{of}").format(n=row.hands, of=row.expected)
    if state in (TableState.COMPLETE, TableState.STOPPED_ON_TIME):
        return translate("TableProgress", "typed: check and tick")
    if state is TableState.LOCKED:
        return translate("TableProgress", "verified")
    return _state_text(row)


def _state_text(row: TableProgress) -> str:
    state = row.state
    if state is TableState.PLAYING:
        return translate("TableProgress", "playing {n}/{of}").format(n=row.hands, of=row.expected)
    if state is TableState.STOPPED_ON_TIME:
        return translate("TableProgress", "stopped on time after {n}").format(n=row.expected)
    if state is TableState.SIGNING:
        return translate("TableProgress", "signing {k}/4").format(k=row.signatures)
    if state is TableState.CORRECTING and row.signatures:
        return translate("TableProgress", "correcting, signing {k}/4").format(k=row.signatures)
    return table_state_label(state)


def _disagreement_brush() -> QBrush:
    colour = QColor(DISAGREEMENT_TINT)
    colour.setAlpha(TINT_ALPHA)
    return QBrush(colour)


def tint(state: TableState) -> QBrush:
    colour = TINTS[state]
    if colour is None:
        return QBrush()
    colour = QColor(colour)
    colour.setAlpha(TINT_ALPHA)
    return QBrush(colour)


class TableProgressList(QWidget):
    """`tables` lists the tables; its items hold the table id under `TABLE_ID_ROLE`."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("table_progress")
        self.summary = QLabel(self)
        self.summary.setObjectName("table_progress_summary")
        self.summary.setWordWrap(True)
        self.summary.setAlignment(Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignTop)
        self.tables = QListWidget(self)
        self.tables.setObjectName("sheet_tables")
        # A table's line may be long ("entries differ on hand 5, playing 4/16"): it wraps
        # inside the narrow board rather than losing its end to an ellipsis.
        self.tables.setWordWrap(True)
        self.tables.setTextElideMode(Qt.TextElideMode.ElideNone)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.summary)
        layout.addWidget(self.tables, 1)
        self._states: dict[int, TableState] = {}
        self._players: dict[int, str] = {}
        self._rows: tuple[TableProgress, ...] = ()
        self._desk = False

    def set_desk(self, desk: bool) -> None:
        """Words for the results desk (True) or for the room (False)."""
        self._desk = desk
        rows, self._rows = self._rows, ()
        for index in range(self.tables.count()):
            self.tables.item(index).setText("")  # every line is written again
        self.set_progress(rows)

    def hasHeightForWidth(self) -> bool:
        """No: the wrapped summary would make the page's layout height-for-width, and the
        main window's scroll area then holds the whole page to its preferred height (the
        sheet with its drawer open), scrolling a laptop screen for nothing. The summary's
        height is set from its width here instead (`resizeEvent`)."""
        return False

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        self._fit_summary()

    def _fit_summary(self) -> None:
        # Measured, not QLabel.heightForWidth: that answered two lines for one in the window.
        metrics = self.summary.fontMetrics()
        lines = metrics.boundingRect(QRect(0, 0, max(self.width(), 1), 10_000),
                                     int(Qt.TextFlag.TextWordWrap), self.summary.text())
        self.summary.setFixedHeight(max(lines.height(), metrics.height()))

    def state_of(self, table_id: int) -> TableState | None:
        return self._states.get(table_id)

    def set_tables(self, rows: Sequence[TableProgress], players: Mapping[int, str]) -> None:
        """The tables of a session (the list is built anew) with their players' names, by
        table id, for the tooltips."""
        self._players = dict(players)
        self.tables.blockSignals(True)
        self.tables.clear()
        for row in rows:
            item = QListWidgetItem()
            item.setData(TABLE_ID_ROLE, row.table.id)
            self.tables.addItem(item)
        self.tables.blockSignals(False)
        self.set_progress(rows)

    def set_progress(self, rows: Sequence[TableProgress]) -> None:
        """Where each listed table stands now (tables not listed are left alone)."""
        self._rows = tuple(rows)
        by_id = {row.table.id: row for row in rows}
        for index in range(self.tables.count()):
            item = self.tables.item(index)
            table_id = item.data(TABLE_ID_ROLE)
            row = by_id.get(table_id)
            if row is None:
                continue
            text = translate("TableProgress", "Table {n} · {state}").format(n=row.table.number,
                                                     state=progress_text(row, self._desk))
            if item.text() != text:
                item.setText(text)
                item.setBackground(_disagreement_brush() if row.disagreements
                                   else tint(row.state))
                players = self._players.get(table_id, "")
                item.setToolTip(
                    "\n".join(
                        part
                        for part in (
                            text,
                            players,
                            translate(
                                "TableProgress",
                                "{hands} of {of} hands on the sheet; {k} of 4 signatures",
                            ).format(hands=row.hands, of=row.expected, k=row.signatures),
                            kept_deals_text(row),
                        )
                        if part
                    )
                )
        self._states = {row.table.id: row.state for row in rows}
        counts = Counter(row.state for row in rows)
        states = [f"{counts[state]} {table_state_label(state)}"
                  for state in ORDER if counts[state]]
        differing = sum(1 for row in rows if row.disagreements)
        if differing:
            states.append(
                translate("TableProgress", "{n} with entries that differ").format(n=differing)
            )
        self.summary.setText(
            by_count(len(rows), translate("TableProgress", "1 table: {states}"),
                     translate("TableProgress", "{n} tables: {states}")).format(
                n=len(rows), states=", ".join(states)
            )
            if rows
            else translate("TableProgress", "No tables drawn yet.")
        )
        self._fit_summary()
