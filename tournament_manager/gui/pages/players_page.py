"""Players: search and filter, add and edit in the side form, withdraw or reinstate,
remove a registration made by mistake, import a CSV/XLSX (or drop a .csv on the page).

A registration desk sees the same person twice (a typo in the sheet, a late entry who had
pre-registered): a new player with the name and country of one registered already is
refused by the service unless confirmed, so the page asks "register anyway?", on adding
and on importing (whose preview lists those rows first). An added player is answered in
the message bar with the registration number the service gave him, and his row is
selected, so the desk can read the number out. The form's title says whether it edits
the selected player or describes a new one, since Enter saves into whichever it is.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from pathlib import Path

from PySide6.QtCore import QT_TRANSLATE_NOOP, QCoreApplication, QModelIndex, Qt, QTimer, QUrl
from PySide6.QtGui import QDragEnterEvent, QDropEvent
from PySide6.QtWidgets import (
    QAbstractItemView,
    QApplication,
    QCheckBox,
    QComboBox,
    QFileDialog,
    QFormLayout,
    QGroupBox,
    QHBoxLayout,
    QHeaderView,
    QLineEdit,
    QMainWindow,
    QMessageBox,
    QPushButton,
    QTableView,
    QVBoxLayout,
    QWidget,
)

from tournament_manager.domain.model import Player, PlayerKind, PlayerStatus
from tournament_manager.domain.names import isolated
from tournament_manager.domain.player_rows import PlayerField
from tournament_manager.gui.app_context import AppContext
from tournament_manager.gui.commands.players import (
    AddPlayer,
    EditPlayer,
    ImportPlayers,
    RemovePlayer,
    SetPlayerStatus,
)
from tournament_manager.gui.confirm import choose, confirm
from tournament_manager.gui.document_dialogs import start_folder
from tournament_manager.gui.errors import EXPECTED_ERRORS, describe_error
from tournament_manager.gui.formatting import by_count
from tournament_manager.gui.item_data import NO_CHOICE, add_choice, current_choice
from tournament_manager.gui.models.players_model import (
    CUT,
    PLAYER_ROLE,
    PlayerFilter,
    PlayersModel,
)
from tournament_manager.gui.pages.import_dialog import ImportDialog
from tournament_manager.gui.user_text import no_mnemonic
from tournament_manager.imports.tables import TableError, read_table
from tournament_manager.messages.players import describe_table_error
from tournament_manager.messages.sentence import sentence
from tournament_manager.services.errors import ServiceProblem
from tournament_manager.services.players import possible_duplicates, seated_now
from tournament_manager.services.setup import all_players
from tournament_manager.services.standings import cut_rounds

IMPORTABLE = (".csv", ".xlsx", ".xlsm", ".txt", ".tsv")
FORM_FIELDS = (
    ("name", QT_TRANSLATE_NOOP("PlayersPage", "Name")),
    ("native_name", QT_TRANSLATE_NOOP("PlayersPage", "Native name")),
    ("registration_id", QT_TRANSLATE_NOOP("PlayersPage", "Reg. no.")),
    ("country", QT_TRANSLATE_NOOP("PlayersPage", "Country")),
    ("club", QT_TRANSLATE_NOOP("PlayersPage", "Club")),
    ("team", QT_TRANSLATE_NOOP("PlayersPage", "Team")),
)


MAX_COLUMN_WIDTH = 320
"""Pixels: a name of 200 characters is cut (whole in its tooltip and in the form) rather
than pushing the number, country and status off a laptop's screen."""


def _ask_import_path(parent: QWidget, folder: Path) -> Path | None:
    name, _filter = QFileDialog.getOpenFileName(
        parent, QCoreApplication.translate("PlayersPage", "Import players"), str(folder),
        QCoreApplication.translate("PlayersPage",
                                   "Registration tables (*.csv *.xlsx *.xlsm *.txt *.tsv)"))
    return Path(name) if name else None


class PlayersPage(QWidget):
    def __init__(self, context: AppContext, parent: QWidget | None = None,
                 ask_import_path: Callable[[QWidget, Path], Path | None] = _ask_import_path
                 ) -> None:
        super().__init__(parent)
        self.setObjectName("players_page")
        self.setAcceptDrops(True)
        self._context = context
        self._ask_import_path = ask_import_path
        self.import_dialog: ImportDialog | None = None
        self._shown: Player | None = None
        """The player whose stored values the form was last filled with."""
        self._typed_over: dict[str, str] = {}
        """Fields typed into, each with the value the form showed when the typing began
        (`_fill` keeps typing over another station's change; a save checks against this)."""
        self._fit_owed = False
        """A reload under a search or status filter left the columns unfitted
        (`_fit_columns`)."""
        self._filtering = False
        """A filter is being changed (`_narrow`): the current row moves, the form stays."""
        self._leaving = False
        """The form's player is being left (`_may_leave` asking or saving, `_empty_form`):
        the current row's moves meanwhile ask nothing."""

        self.model = PlayersModel(self)
        self.proxy = PlayerFilter(self)
        self.proxy.setSourceModel(self.model)
        self.search = QLineEdit(self)
        self.search.setObjectName("player_search")
        self.search.setPlaceholderText(self.tr("Search name, reg. no., country, club… "
                                               "(accents and case aside)"))
        self.search.setClearButtonEnabled(True)
        self.search.textChanged.connect(
            lambda text: self._narrow(lambda: self.proxy.set_query(text)))
        self.status = QComboBox(self)
        self.status.setObjectName("player_status_filter")
        add_choice(self.status, self.tr("All players"), NO_CHOICE)
        add_choice(self.status, self.tr("Active"), PlayerStatus.ACTIVE.value)
        add_choice(self.status, self.tr("Withdrawn"), PlayerStatus.WITHDRAWN.value)
        add_choice(self.status, self.tr("Cut"), CUT)
        self.status.currentIndexChanged.connect(lambda: self._narrow(
            lambda: self.proxy.set_status(str(current_choice(self.status) or "") or None)))
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

        self.form_box = QGroupBox(self.tr("New player"), self)
        self.form_box.setObjectName("player_form")
        form_box = self.form_box
        form = QFormLayout(form_box)
        self.fields: dict[str, QLineEdit] = {}
        for key, label in FORM_FIELDS:
            edit = QLineEdit(form_box)
            edit.setObjectName(f"player_{key}")
            edit.returnPressed.connect(self._save)
            form.addRow(self.tr(label) + ":", edit)
            self.fields[key] = edit
        self.fields["registration_id"].setPlaceholderText(self.tr("given when left empty"))
        self.substitute = QCheckBox(self.tr("Su&bstitute (seated only to fill a table)"),
                                    form_box)
        self.substitute.setObjectName("player_substitute")
        self.substitute.setToolTip(self.tr("A substitute plays only when the field does not "
                                           "fill tables of four and the event seats "
                                           "substitutes; set when the player is added"))
        form.addRow(self.substitute)
        self.add_button = self._button("player_add", self.tr("&Add as new player"), self._add)
        self.save_button = self._button("player_save", self.tr("&Save changes"), self._save)
        self.status_button = self._button("player_toggle_status", self.tr("Wi&thdraw"),
                                          self._toggle_status)
        self.remove_button = self._button("player_remove", self.tr("&Remove registration"),
                                          self._remove)
        self.new_button = self._button("player_new", self.tr("&New (clear form)"), self._new)
        for button in (self.add_button, self.save_button, self.new_button,
                       self.status_button, self.remove_button):
            form.addRow(button)
        self.import_button = self._button("player_import", self.tr("&Import CSV/XLSX…"),
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
        context.hub.follow(self, self._changed)  # the topics gui.changes declares
        context.controller.closing.connect(self._forget_document)
        self._new()

    def _button(self, name: str, text: str, slot: Callable[[], None]) -> QPushButton:
        button = QPushButton(text, self)
        button.setObjectName(name)
        button.clicked.connect(slot)
        return button

    def _changed(self, _topic: str) -> None:
        self.reload()

    def _forget_document(self) -> None:
        """The document is closed or replaced: its search and its player in the form do not
        apply to the next one. Kept, the form headed "New player" held the last file's
        player, and "Add as new player" registered him in the next event."""
        self.search.clear()
        self.status.setCurrentIndex(0)  # all players
        self._empty_form()  # no focus taken: the page may be hidden (its Return registered)

    def _fit_columns(self) -> None:
        """Columns as wide as the whole list needs, a 200-character name cut rather than every
        other column. Measured only while the list is shown whole: measured on a search's one
        row, a player withdrawn from a search left every column as narrow as that player's
        name and club, and the rest wrapped once the search was cleared."""
        if self.proxy.narrowed:
            self._fit_owed = True
            return
        self._fit_owed = False
        self.table.resizeColumnsToContents()
        for column in range(self.model.columnCount()):
            if self.table.columnWidth(column) > MAX_COLUMN_WIDTH:
                self.table.setColumnWidth(column, MAX_COLUMN_WIDTH)

    def _narrow(self, change: Callable[[], None]) -> None:
        """A search or status filter changed. The form keeps the player it shows, whether
        the list still shows him or not: Qt moved the current row to a neighbour when the
        search hid him, and the form, refilled with the neighbour, lost what had been typed
        into it. Once the list shows him again, his row is current again."""
        shown = self._shown
        self._filtering = True
        try:
            change()
        finally:
            self._filtering = False
        if shown is not None:
            self._show_row(shown.id)
        self._selected()
        # The columns fitted now that the whole list shows, if a reload under the filter
        # left them unfitted; otherwise kept as they are, a width the judge dragged included.
        if self._fit_owed:
            self._fit_columns()

    def reload(self) -> None:
        chosen = self._chosen()
        players: tuple[Player, ...] = ()
        cut: dict[int, int] = {}
        if self._context.has_document:
            try:
                players = all_players(self._context.unit_of_work())
                cut = cut_rounds(self._context.unit_of_work())
            except EXPECTED_ERRORS as error:
                self._context.messages.show_problem(describe_error(error))
        self.model.set_players(players, cut)
        self._fit_columns()
        writable = self._context.has_document and not self._context.read_only
        self.form_box.setEnabled(writable)
        self.import_button.setEnabled(writable)
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

    def _chosen(self) -> Player | None:
        """The player the form shows: the current row's, or, while a search or filter
        hides his row, the one whose form is open (as the list has him now)."""
        current = self._current()
        if current is not None or self._shown is None:
            return current
        row = self._row_of(self._shown.id)
        return self.model.player_at(row) if row >= 0 else None

    def _selected(self) -> None:
        if self._filtering or self._leaving:
            return  # Qt's current row moving as the filter hides it: `_narrow` decides
        player = self._chosen()
        shown = self._shown
        leaving = (player is not None if shown is None
                   else player is None or player.id != shown.id)
        if leaving:
            if not self._may_leave():
                self._stay(shown)
                return
            player = self._chosen()  # read again: the question let a reload in
        writable = not self._context.read_only
        self.save_button.setEnabled(player is not None and writable)
        self.status_button.setEnabled(player is not None and writable)
        self.remove_button.setEnabled(player is not None and writable)
        self.substitute.setEnabled(player is None)
        if player is None:
            if self._shown is not None:
                # The player shown is gone from the list (removed here or elsewhere, or his
                # registration undone): his values are not a new player's.
                self._blank()
            self.form_box.setTitle(self.tr("New player"))
            self.status_button.setText(self.tr("Wi&thdraw"))  # not the last player's word
            return
        self.form_box.setTitle(no_mnemonic(self.tr("Editing {name} (no. {number})").format(
            name=isolated(player.name), number=player.registration_id or "–")))
        self._fill(player)
        self.substitute.setChecked(player.kind is PlayerKind.SUBSTITUTE)
        self.status_button.setText(self.tr("Reins&tate") if player.status
                                   is PlayerStatus.WITHDRAWN else self.tr("Wi&thdraw"))

    def _fill(self, player: Player) -> None:
        """The form shows `player`. When he was already in it (the page read again after
        another station's change, or this window's own), a field typed in here and not yet
        saved keeps what was typed: the other station's change used to wipe it unseen.
        Fields not typed in take the stored value, which may be the other station's."""
        before = self._shown if self._shown is not None and self._shown.id == player.id else None
        if before is None:
            self._typed_over.clear()
        for key, edit in self.fields.items():
            stored = getattr(player, key)
            if before is not None and edit.text() != getattr(before, key):
                # Kept as typed: over what the form showed when the typing began, which a
                # save hands the record to check (another station's change since is not
                # written over unseen).
                self._typed_over.setdefault(key, getattr(before, key))
                continue
            self._typed_over.pop(key, None)
            if edit.text() != stored:
                edit.setText(stored)
        self._shown = player

    def _form_player(self, base: Player | None = None) -> Player:
        text = {key: edit.text().strip() for key, edit in self.fields.items()}
        kind = (base.kind if base is not None else PlayerKind.SUBSTITUTE
                if self.substitute.isChecked() else PlayerKind.REGULAR)
        return dataclasses.replace(
            base or Player(name=""), name=text["name"], native_name=text["native_name"],
            registration_id=text["registration_id"], country=text["country"],
            club=text["club"], team=text["team"], kind=kind)

    def _new(self) -> None:
        if not self._may_leave():
            return
        self._empty_form()
        self.fields["name"].setFocus()

    def _edited(self) -> list[str]:
        """The fields typed into and not saved: for the player in the form, those that
        differ from his record; for a new player, those not empty."""
        shown = self._shown
        if shown is None:
            return [key for key, edit in self.fields.items() if edit.text().strip()]
        if self._row_of(shown.id) < 0:
            return []  # a player gone from the event: nothing of his to keep
        return [key for key, edit in self.fields.items()
                if edit.text().strip() != getattr(shown, key)]

    def unfinished(self) -> str:
        """What closing the event would lose here: typing in the form not saved."""
        if not self._edited():
            return ""
        if self._shown is None:
            return self.tr("A new player is typed in the form and not added.")
        return self.tr("Changes to {name} in the form are not saved.").format(
            name=self._shown.name)

    def _may_leave(self) -> bool:
        """True unless the form holds typing not saved and the judge keeps it. A club
        typed for one player was lost without a word when another was clicked; now he is
        asked to save it, leave it, or stay (a new player's: to leave it or stay)."""
        shown = self._shown
        if not self._edited():
            return True
        self._leaving = True
        try:
            if shown is None:
                return choose(
                    self, self.tr("Unsaved Changes"),
                    self.tr("Discard the new player typed in the form?"),
                    self.tr("Add as new player registers him; he is not registered yet."),
                    [(self.tr("Discard"), "unsaved_discard")], object_name="unsaved_changes",
                    keep=QMessageBox.StandardButton.Cancel) == "unsaved_discard"
            answer = choose(
                self, self.tr("Unsaved Changes"),
                self.tr("Save the changes to {name}?").format(name=isolated(shown.name)),
                self.tr("They are typed in the form and not saved yet."),
                [(self.tr("Save"), "unsaved_save"), (self.tr("Discard"), "unsaved_discard")],
                object_name="unsaved_changes", keep=QMessageBox.StandardButton.Cancel)
            if answer != "unsaved_save":
                return answer == "unsaved_discard"
            # Read again: the question's own event loop let another station's change in.
            row = self._row_of(shown.id)
            if row < 0:
                self._context.messages.show_problem(self.tr(
                    "{name} was removed meanwhile (at another station): the changes typed "
                    "for him are not saved.").format(name=isolated(shown.name)))
                return True
            current = self.model.player_at(row)
            saved = self._context.run(EditPlayer(
                self._context.runner.context, dataclasses.replace(current, **self._typed_over),
                self._form_player(current)))
            self._typed_over.clear()
            return saved
        finally:
            self._leaving = False

    def _stay(self, shown: Player | None) -> None:
        """The judge kept the form: its player's row is current again (or none, for a new
        player), now and once the click that moved it is done (the table selects the row
        clicked after its handlers ran, and showed Anna chosen under Bob's form)."""
        def back() -> None:
            if shown is None:
                self._leaving = True
                try:
                    self.table.clearSelection()
                    self.table.setCurrentIndex(QModelIndex())
                finally:
                    self._leaving = False
            else:
                self._show_row(shown.id)

        back()
        QTimer.singleShot(0, self, back)

    def _show_row(self, player_id: int) -> None:
        """His row current again, without a word to `_selected` (hidden by a search: none)."""
        selection = self.table.selectionModel()
        selection.blockSignals(True)
        try:
            row = self._row_of(player_id)
            index = (self.proxy.mapFromSource(self.model.index(row, 0)) if row >= 0
                     else QModelIndex())
            if index.isValid():
                self.table.setCurrentIndex(index)
                self.table.selectRow(index.row())
            else:
                selection.clear()
                self.table.setCurrentIndex(QModelIndex())
        finally:
            selection.blockSignals(False)
        self.table.viewport().update()

    def _empty_form(self) -> None:
        """No player chosen, the form empty for a new one (asked first by `_new`; a
        document closing keeps nothing)."""
        self._leaving = True
        try:
            self.table.clearSelection()
            self.table.setCurrentIndex(self.proxy.index(-1, -1))
        finally:
            self._leaving = False
        self._blank()
        self._selected()

    def _blank(self) -> None:
        """An empty form, for a new player."""
        self._shown = None
        for edit in self.fields.values():
            edit.clear()
        self.substitute.setChecked(False)

    def _add(self) -> None:
        """Register the form's player; a possible duplicate is asked about first. The
        message bar gives his registration number, his row comes into view, and the form
        is cleared for the next player: at the registration desk a name and Enter, then
        the next name and Enter, register one player after another. (The new row used to
        be selected for editing, so the next name and Enter renamed him instead, seen
        under Xvfb.)"""
        player = self._form_player()
        command = AddPlayer(self._context.runner.context, player)
        problem = self._context.runner.run(command)
        if problem is not None and command.refusal is ServiceProblem.POSSIBLE_DUPLICATE:
            if not self._register_anyway(player, problem):
                return
            command = AddPlayer(self._context.runner.context, player, allow_duplicate=True)
            problem = self._context.runner.run(command)
        if problem is not None:
            self._context.messages.show_problem(problem)
            return
        stored = command.stored
        if stored is None:
            return
        if self.proxy.filterAcceptsRow(self._row_of(stored.id), self.table.rootIndex()) is False:
            self.search.clear()  # the new row must be in view to be selected
            self.status.setCurrentIndex(0)
        self._empty_form()  # registered: what the form holds is saved
        self.fields["name"].setFocus()
        row = self._row_of(stored.id)
        if row >= 0:
            self.table.scrollTo(self.proxy.mapFromSource(self.model.index(row, 0)))
        said = self.tr("Registered {name} as no. {number}.").format(
            name=stored.name, number=stored.registration_id)
        if stored.entered_after is not None:
            # A late entry: the sessions drawn already are played without him, which the
            # desk registering him mid-session was not told.
            late = (self.tr("{said} Session 1 was drawn before he registered: he is "
                            "seated from session 2.") if stored.entered_after == 1 else
                    self.tr("{said} Sessions 1 to {session} were drawn before he "
                            "registered: he is seated from session {next}."))
            said = late.format(said=said, session=stored.entered_after,
                               next=stored.entered_after + 1)
        self._context.messages.show_info(said)

    def _row_of(self, player_id: int) -> int:
        return next((row for row in range(self.model.rowCount())
                     if self.model.player_at(row).id == player_id), -1)

    def _register_anyway(self, player: Player, problem: str) -> bool:
        """Ask before registering a player who may be registered already, naming who."""
        twins = [twin for _draft, twin in possible_duplicates(self.model_players(), [player])]
        described = "\n".join(
            self.tr("No. {number}: {name}, {country}{club}").format(
                number=twin.registration_id or "–", name=twin.name,
                country=twin.country or self.tr("no country"),
                club=f", {twin.club}" if twin.club else "")
            for twin in twins)
        return confirm(self, self.tr("Possible Duplicate"),
                       self.tr("{name} may be registered already.").format(name=player.name),
                       self.tr("Registered with the same name and country:\n{twins}\n\n"
                               "Register {name} anyway, as a different player?").format(
                                   twins=described, name=player.name),
                       self.tr("Register Anyway"), object_name="duplicate_confirm")

    def _save(self) -> None:
        player = self._chosen()
        if player is None:
            self._add()
            return
        edited = self._form_player(player)
        # As the form showed him when the typing began: the page reads the event again
        # every second while another station works, and a change it brought in under the
        # typing was written over, unseen, by a save that took the refreshed player.
        shown = dataclasses.replace(player, **self._typed_over)
        if not self._context.run(EditPlayer(self._context.runner.context, shown, edited)):
            # Refused (said in the bar): what it was refused over is in the form's player
            # now; saving again puts what is typed over it, as the refusal says.
            self.reload()
            self._typed_over.clear()
        else:
            self._typed_over.clear()
            self._context.messages.show_info(
                self.tr("Saved the changes to {name} (no. {number}).").format(
                    name=isolated(edited.name), number=edited.registration_id or "–"))

    def _toggle_status(self) -> None:
        """Withdraw or reinstate the player chosen, and say so (the status column alone
        changed, unremarked). Withdrawing a player seated in a session published or being
        played asks first: that session's tables were made with him."""
        player = self._chosen()
        if player is None:
            return
        withdraw = player.status is not PlayerStatus.WITHDRAWN
        if withdraw and not self._withdraw_seated(player):
            return
        status = PlayerStatus.WITHDRAWN if withdraw else PlayerStatus.ACTIVE
        if self._context.run(SetPlayerStatus(self._context.runner.context, player, status)):
            done = (self.tr("Withdrew {name}. Edit ▸ Undo takes it back.") if withdraw
                    else self.tr("Reinstated {name}."))
            self._context.messages.show_info(done.format(name=player.name))

    def _withdraw_seated(self, player: Player) -> bool:
        """True unless the player sits in a session published or running and the head
        judge, asked, keeps him."""
        try:
            seat = seated_now(self._context.unit_of_work(), player.id)
        except EXPECTED_ERRORS as error:
            self._context.messages.show_problem(describe_error(error))
            return False
        if seat is None:
            return True
        where = (self.tr("{name} is seated at table {table} of session {session}, which is "
                         "being played. Its sheet keeps what he played; he is not seated "
                         "again.") if seat.running
                 else self.tr("{name} is seated at table {table} of session {session}, which "
                              "is published: it must be drawn again before it starts."))
        return confirm(self, self.tr("Withdraw Player"),
                       self.tr("Withdraw {name}?").format(name=player.name),
                       where.format(name=player.name, table=seat.table_number,
                                    session=seat.session_number),
                       self.tr("Withdraw"), object_name="withdraw_seated_confirm")

    def _remove(self) -> None:
        player = self._chosen()
        if player is not None and self._context.run(
                RemovePlayer(self._context.runner.context, player.id, player.name)):
            self._new()

    # --- import

    def choose_import(self) -> None:
        path = self._ask_import_path(self, start_folder(self._context.controller.address))
        if path is not None:
            self.open_import(path)

    def open_import(self, path: Path) -> ImportDialog | None:
        try:
            table = read_table(path)
        except TableError as error:
            self._context.messages.show_problem(describe_table_error(error))
            return None
        players = self.model_players()
        known = frozenset(p.registration_id for p in players if p.registration_id)
        dialog = ImportDialog(path, table, known, self, existing=players,
                              reader=lambda encoding: read_table(path, encoding=encoding))
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
            window.statusBar().showMessage(by_count(
                len(rows), self.tr("Importing 1 player…"),
                self.tr("Importing {n} players…")).format(n=len(rows)))
        try:
            command = self._import_asking(rows, mapping, name)
        finally:
            if isinstance(window, QMainWindow):
                window.statusBar().clearMessage()
        if command is None:
            if dialog is not None:
                dialog.summary.setText(self.tr("Nothing was imported."))
            return
        problem, done = command
        if problem is not None:
            if dialog is not None:
                dialog.summary.setText(problem)
            return
        if dialog is not None:
            dialog.accept()
        self._context.messages.show_info(by_count(
            len(done.ids), self.tr("Imported 1 player from {file}."),
            self.tr("Imported {n} players from {file}.")).format(n=len(done.ids), file=name))

    def _import_asking(self, rows: tuple[tuple[str, ...], ...],
                       mapping: dict[PlayerField, int], name: str
                       ) -> tuple[str | None, ImportPlayers] | None:
        """Import; possible duplicates are asked about first (None: the judge said no)."""
        command = ImportPlayers(self._context.runner.context, rows, mapping, name)
        problem = self._run_import(command)
        if problem is None or command.refusal is not ServiceProblem.POSSIBLE_DUPLICATE:
            return problem, command
        answer = self._ask_about_duplicates(name, problem)
        if answer is None:
            return None
        command = ImportPlayers(self._context.runner.context, rows, mapping, name,
                                allow_duplicates=answer, skip_duplicates=not answer)
        return self._run_import(command), command

    def _ask_about_duplicates(self, name: str, problem: str) -> bool | None:
        """True: import them as different players; False: leave them out and import the
        rest (the only other way was to edit the file); None: import nothing."""
        chosen = choose(self.import_dialog or self, self.tr("Possible Duplicates"),
                        self.tr("Some players in {file} may be registered already.")
                        .format(file=name),
                        sentence(problem) + "\n\n" + self.tr(
                            "Import them anyway, as different players, or leave them out "
                            "and import the others?"),
                        [(self.tr("Import Anyway"), "confirm_yes"),
                         (self.tr("Leave Them Out"), "duplicate_skip")],
                        object_name="duplicate_confirm",
                        keep=QMessageBox.StandardButton.Cancel)
        return None if chosen is None else chosen == "confirm_yes"

    def _run_import(self, command: ImportPlayers) -> str | None:
        QApplication.setOverrideCursor(Qt.CursorShape.WaitCursor)
        try:
            return self._context.runner.run(command)
        finally:
            QApplication.restoreOverrideCursor()

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
