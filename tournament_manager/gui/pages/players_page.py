"""Players: search and filter, add and edit in the side form, withdraw or reinstate,
remove a registration made by mistake, import a CSV/XLSX (or drop a .csv on the page)."""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from pathlib import Path

from PySide6.QtCore import Qt, QUrl
from PySide6.QtGui import QDragEnterEvent, QDropEvent
from PySide6.QtWidgets import (
    QAbstractItemView,
    QApplication,
    QComboBox,
    QFileDialog,
    QFormLayout,
    QGroupBox,
    QHBoxLayout,
    QHeaderView,
    QLineEdit,
    QMainWindow,
    QPushButton,
    QTableView,
    QVBoxLayout,
    QWidget,
)

from tournament_manager.domain.model import Player, PlayerStatus
from tournament_manager.domain.player_rows import PlayerField
from tournament_manager.gui.app_context import AppContext
from tournament_manager.gui.changes import Topic
from tournament_manager.gui.commands.players import (
    AddPlayer,
    EditPlayer,
    ImportPlayers,
    RemovePlayer,
    SetPlayerStatus,
)
from tournament_manager.gui.errors import EXPECTED_ERRORS, describe_error
from tournament_manager.gui.item_data import NO_CHOICE, add_choice, current_choice
from tournament_manager.gui.models.players_model import PLAYER_ROLE, PlayerFilter, PlayersModel
from tournament_manager.gui.pages.import_dialog import ImportDialog
from tournament_manager.imports.tables import TableError, read_table
from tournament_manager.messages.players import describe_table_error
from tournament_manager.services.setup import all_players

IMPORTABLE = (".csv", ".xlsx", ".xlsm", ".txt", ".tsv")
FORM_FIELDS = (("name", "Name"), ("native_name", "Native name"), ("registration_id", "ID"),
               ("country", "Country"), ("club", "Club"), ("team", "Team"))


def _ask_import_path(parent: QWidget) -> Path | None:
    name, _filter = QFileDialog.getOpenFileName(
        parent, parent.tr("Import players"), "",
        parent.tr("Registration tables (*.csv *.xlsx *.xlsm *.txt *.tsv)"))
    return Path(name) if name else None


class PlayersPage(QWidget):
    def __init__(self, context: AppContext, parent: QWidget | None = None,
                 ask_import_path: Callable[[QWidget], Path | None] = _ask_import_path) -> None:
        super().__init__(parent)
        self.setObjectName("players_page")
        self.setAcceptDrops(True)
        self._context = context
        self._ask_import_path = ask_import_path
        self.import_dialog: ImportDialog | None = None

        self.model = PlayersModel(self)
        self.proxy = PlayerFilter(self)
        self.proxy.setSourceModel(self.model)
        self.search = QLineEdit(self)
        self.search.setObjectName("player_search")
        self.search.setPlaceholderText(self.tr("Search name, ID, country, club…"))
        self.search.setClearButtonEnabled(True)
        self.search.textChanged.connect(self.proxy.setFilterFixedString)
        self.status = QComboBox(self)
        self.status.setObjectName("player_status_filter")
        add_choice(self.status, self.tr("All players"), NO_CHOICE)
        add_choice(self.status, self.tr("Active"), PlayerStatus.ACTIVE.value)
        add_choice(self.status, self.tr("Withdrawn"), PlayerStatus.WITHDRAWN.value)
        self.status.currentIndexChanged.connect(
            lambda: self.proxy.set_status(str(current_choice(self.status) or "") or None))
        self.table = QTableView(self)
        self.table.setObjectName("players_table")
        self.table.setModel(self.proxy)
        self.table.setSortingEnabled(True)
        self.table.sortByColumn(0, Qt.SortOrder.AscendingOrder)
        self.table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.table.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.table.setAlternatingRowColors(True)
        self.table.verticalHeader().hide()
        self.table.horizontalHeader().setSectionResizeMode(QHeaderView.ResizeMode.Interactive)
        self.table.horizontalHeader().setStretchLastSection(True)
        self.table.selectionModel().currentRowChanged.connect(self._selected)

        form_box = QGroupBox(self.tr("Player"), self)
        form = QFormLayout(form_box)
        self.fields: dict[str, QLineEdit] = {}
        for key, label in FORM_FIELDS:
            edit = QLineEdit(form_box)
            edit.setObjectName(f"player_{key}")
            edit.returnPressed.connect(self._save)
            form.addRow(self.tr(label) + ":", edit)
            self.fields[key] = edit
        self.add_button = self._button("player_add", self.tr("Add as new player"), self._add)
        self.save_button = self._button("player_save", self.tr("Save changes"), self._save)
        self.status_button = self._button("player_toggle_status", self.tr("Withdraw"),
                                          self._toggle_status)
        self.remove_button = self._button("player_remove", self.tr("Remove registration"),
                                          self._remove)
        self.new_button = self._button("player_new", self.tr("New (clear form)"), self._new)
        for button in (self.add_button, self.save_button, self.new_button,
                       self.status_button, self.remove_button):
            form.addRow(button)
        self.import_button = self._button("player_import", self.tr("Import CSV/XLSX…"),
                                          self.choose_import)

        bar = QHBoxLayout()
        bar.addWidget(self.search, 1)
        bar.addWidget(self.status)
        bar.addWidget(self.import_button)
        left = QVBoxLayout()
        left.addLayout(bar)
        left.addWidget(self.table, 1)
        layout = QHBoxLayout(self)
        layout.addLayout(left, 3)
        layout.addWidget(form_box, 1)
        context.hub.changed.connect(self._changed)
        self._new()

    def _button(self, name: str, text: str, slot: Callable[[], None]) -> QPushButton:
        button = QPushButton(text, self)
        button.setObjectName(name)
        button.clicked.connect(slot)
        return button

    def _changed(self, topic: str) -> None:
        if topic in (Topic.PLAYERS, Topic.DOCUMENT):
            self.reload()

    def reload(self) -> None:
        chosen = self._current()
        players: tuple[Player, ...] = ()
        if self._context.has_document:
            try:
                players = all_players(self._context.unit_of_work())
            except EXPECTED_ERRORS as error:
                self._context.messages.show_problem(describe_error(error))
        self.model.set_players(players)
        self.table.resizeColumnsToContents()
        if chosen is not None:
            self._select(chosen.id)
        else:
            self._selected()

    def _select(self, player_id: int) -> None:
        for row in range(self.proxy.rowCount()):
            index = self.proxy.index(row, 0)
            if index.data(PLAYER_ROLE) == player_id:
                self.table.setCurrentIndex(index)
                return
        self._selected()

    def _current(self) -> Player | None:
        index = self.table.currentIndex()
        if not index.isValid():
            return None
        return self.model.player_at(self.proxy.mapToSource(index).row())

    def _selected(self) -> None:
        player = self._current()
        self.save_button.setEnabled(player is not None)
        self.status_button.setEnabled(player is not None)
        self.remove_button.setEnabled(player is not None)
        if player is None:
            return
        for key, edit in self.fields.items():
            edit.setText(getattr(player, key))
        self.status_button.setText(self.tr("Reinstate") if player.status is PlayerStatus.WITHDRAWN
                                   else self.tr("Withdraw"))

    def _form_player(self, base: Player | None = None) -> Player:
        text = {key: edit.text().strip() for key, edit in self.fields.items()}
        return dataclasses.replace(
            base or Player(name=""), name=text["name"], native_name=text["native_name"],
            registration_id=text["registration_id"], country=text["country"],
            club=text["club"], team=text["team"])

    def _new(self) -> None:
        self.table.clearSelection()
        self.table.setCurrentIndex(self.proxy.index(-1, -1))
        for edit in self.fields.values():
            edit.clear()
        self._selected()
        self.fields["name"].setFocus()

    def _add(self) -> None:
        if self._context.run(AddPlayer(self._context.runner.context, self._form_player())):
            self._new()

    def _save(self) -> None:
        player = self._current()
        if player is None:
            self._add()
            return
        self._context.run(EditPlayer(self._context.runner.context, player,
                                     self._form_player(player)))

    def _toggle_status(self) -> None:
        player = self._current()
        if player is not None:
            status = (PlayerStatus.ACTIVE if player.status is PlayerStatus.WITHDRAWN
                      else PlayerStatus.WITHDRAWN)
            self._context.run(SetPlayerStatus(self._context.runner.context, player, status))

    def _remove(self) -> None:
        player = self._current()
        if player is not None and self._context.run(
                RemovePlayer(self._context.runner.context, player.id, player.name)):
            self._new()

    # --- import

    def choose_import(self) -> None:
        path = self._ask_import_path(self)
        if path is not None:
            self.open_import(path)

    def open_import(self, path: Path) -> ImportDialog | None:
        try:
            table = read_table(path)
        except TableError as error:
            self._context.messages.show_problem(describe_table_error(error))
            return None
        known = frozenset(p.registration_id for p in self.model_players() if p.registration_id)
        dialog = ImportDialog(path, table, known, self)
        dialog.import_requested.connect(self._import)
        self.import_dialog = dialog
        dialog.open()
        return dialog

    def model_players(self) -> list[Player]:
        return [self.model.player_at(row) for row in range(self.model.rowCount())]

    def _import(self, rows: tuple[tuple[str, ...], ...], mapping: dict[PlayerField, int],
                name: str) -> None:
        dialog = self.import_dialog
        window = self.window()
        if isinstance(window, QMainWindow):
            window.statusBar().showMessage(self.tr("Importing {n} players…").format(n=len(rows)))
        QApplication.setOverrideCursor(Qt.CursorShape.WaitCursor)
        try:
            problem = self._context.runner.run(
                ImportPlayers(self._context.runner.context, rows, mapping, name))
        finally:
            QApplication.restoreOverrideCursor()
            if isinstance(window, QMainWindow):
                window.statusBar().clearMessage()
        if problem is None:
            if dialog is not None:
                dialog.accept()
            self._context.messages.clear()
            return
        if dialog is not None:
            dialog.summary.setText(problem)

    def dragEnterEvent(self, event: QDragEnterEvent) -> None:
        urls = event.mimeData().urls()
        if urls and all(self._importable(url) for url in urls):
            event.acceptProposedAction()
        else:
            event.ignore()

    def dropEvent(self, event: QDropEvent) -> None:
        urls = event.mimeData().urls()
        if urls and self._importable(urls[0]):
            event.acceptProposedAction()
            self.open_import(Path(urls[0].toLocalFile()))

    @staticmethod
    def _importable(url: QUrl) -> bool:
        return url.isLocalFile() and Path(url.toLocalFile()).suffix.lower() in IMPORTABLE
