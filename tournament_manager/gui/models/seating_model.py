"""The sessions with where each stands, a session's tables as a grid (one row per table,
players in E, S, W, N order), and the same seating by player name for the projector.

The grid shows either a stored seating or a computed draw not yet published, so the head
judge reads the proposal in the same grid the published tables will have. The session
list says at a glance which sessions are being played and how far their tables are
("12 playing · 3 signing · 1 locked"), and which hold only the round's provisional plan.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import cmp_to_key
from typing import Any

from PySide6.QtCore import QT_TRANSLATE_NOOP, QModelIndex, Qt

from tournament_manager.gui.models.players_model import name_collator
from tournament_manager.gui.models.row_list import Index, RowListModel

PlayerRole = Qt.ItemDataRole.UserRole
TableRow = tuple[int, tuple[int, ...]]
SESSION_ID_ROLE = Qt.ItemDataRole.UserRole


@dataclass(frozen=True)
class SessionRow:
    session_id: int
    number: int
    round_number: int
    state: str
    """In words: "running", "provisional plan: not drawn yet"…"""
    tables: str
    """The tables at a glance: "12 playing · 3 signing · 1 locked", "4 tables planned"."""
    provisional: bool = False


class SessionListModel(RowListModel[SessionRow]):
    """One row per session, in number order; the session id under `SESSION_ID_ROLE`."""

    columns = (
        QT_TRANSLATE_NOOP("SessionListModel", "Session"),
        QT_TRANSLATE_NOOP("SessionListModel", "Round"),
        QT_TRANSLATE_NOOP("SessionListModel", "State"),
        QT_TRANSLATE_NOOP("SessionListModel", "Tables"),
    )

    def set_sessions(self, rows: Sequence[SessionRow]) -> None:
        self._set_rows(rows)

    def row_of(self, session_id: int) -> int:
        """The row showing `session_id`, or -1."""
        return next((row for row, item in enumerate(self._rows)
                     if item.session_id == session_id), -1)

    def data(self, index: Index, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if not index.isValid():
            return None
        row = self._rows[index.row()]
        if role == Qt.ItemDataRole.DisplayRole:
            return (str(row.number), str(row.round_number), row.state,
                    row.tables)[index.column()]
        if role == SESSION_ID_ROLE:
            return row.session_id
        if role == Qt.ItemDataRole.ToolTipRole and row.provisional:
            return self.tr("These tables are the round's plan, not the draw: they change "
                           "when the session is drawn and published.")
        if role == Qt.ItemDataRole.TextAlignmentRole and index.column() < 2:
            return int(Qt.AlignmentFlag.AlignCenter)
        return None


class SeatingModel(RowListModel[TableRow]):
    columns = (
        QT_TRANSLATE_NOOP("SeatingModel", "Table"),
        QT_TRANSLATE_NOOP("SeatingModel", "East"),
        QT_TRANSLATE_NOOP("SeatingModel", "South"),
        QT_TRANSLATE_NOOP("SeatingModel", "West"),
        QT_TRANSLATE_NOOP("SeatingModel", "North"),
    )

    def __init__(self, parent: Any = None) -> None:
        super().__init__(parent)
        self._names: Mapping[int, str] = {}

    def set_tables(self, tables: Sequence[tuple[int, Sequence[int]]],
                   names: Mapping[int, str]) -> None:
        """(table number, player ids in E, S, W, N order) for each table."""
        self._names = dict(names)
        self._set_rows((number, tuple(players)) for number, players in tables)

    def player_at(self, index: QModelIndex) -> int | None:
        if not index.isValid() or index.column() == 0:
            return None
        return self._rows[index.row()][1][index.column() - 1]

    def table_number(self, row: int) -> int:
        return self._rows[row][0]

    def data(self, index: Index, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if not index.isValid():
            return None
        number, players = self._rows[index.row()]
        column = index.column()
        if role == Qt.ItemDataRole.DisplayRole:
            if column == 0:
                return str(number)
            player = players[column - 1]
            return self._names.get(player, str(player))
        if role == PlayerRole and column > 0:
            return players[column - 1]
        if role == Qt.ItemDataRole.TextAlignmentRole and column == 0:
            return int(Qt.AlignmentFlag.AlignCenter)
        return None


class PlayerSeatsModel(RowListModel[tuple[str, int, str]]):
    """Where each player sits, by name: what a room of players looks for on the projector."""

    columns = (
        QT_TRANSLATE_NOOP("PlayerSeatsModel", "Player"),
        QT_TRANSLATE_NOOP("PlayerSeatsModel", "Table"),
        QT_TRANSLATE_NOOP("PlayerSeatsModel", "Seat"),
    )

    def set_seats(self, rows: Sequence[tuple[str, int, str]]) -> None:
        """(player name, table number, seat wind) rows; shown in the order the Players page
        sorts names (the locale's, numbers as numbers: "Player 2" before "Player 10")."""
        collator = name_collator()
        self._set_rows(sorted(rows, key=cmp_to_key(
            lambda one, other: collator.compare(one[0], other[0]) or one[1] - other[1])))

    def data(self, index: Index, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if not index.isValid() or role != Qt.ItemDataRole.DisplayRole:
            return None
        return str(self._rows[index.row()][index.column()])
