"""Importing players: a preview of the file, the column for each field, every bad row.

Non-modal (`open()`, never `exec()`): the judge can keep the Players page in view. The
row check runs live on every mapping change (the domain's `players_from_rows`, the same
check the service makes), so Import is offered only for a file that will go in whole.
Rows that look like players registered already (same name and country, accents and case
aside: the service's `possible_duplicates`) are listed too, with the player each one looks
like; they do not stop the import, but the page asks before it registers them.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from pathlib import Path

from PySide6.QtCore import QT_TRANSLATE_NOOP, Signal
from PySide6.QtWidgets import (
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QHBoxLayout,
    QLabel,
    QListWidget,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from tournament_manager.domain.model import Player
from tournament_manager.domain.player_rows import (
    PlayerField,
    RowProblem,
    TableRow,
    guess_mapping,
    players_from_rows,
)
from tournament_manager.gui.formatting import by_count
from tournament_manager.gui.item_data import add_choice, current_choice
from tournament_manager.imports.tables import ENCODING_CHOICES, TableError, TextTable
from tournament_manager.messages.players import (
    describe_encoding,
    describe_row_issue,
    describe_table_error,
)
from tournament_manager.services.players import possible_duplicates

PREVIEW_ROWS = 50
FIELD_LABELS = {
    PlayerField.NAME: QT_TRANSLATE_NOOP("ImportDialog", "Name"),
    PlayerField.NATIVE_NAME: QT_TRANSLATE_NOOP("ImportDialog", "Native name"),
    PlayerField.REGISTRATION_ID: QT_TRANSLATE_NOOP("ImportDialog", "Reg. no."),
    PlayerField.COUNTRY: QT_TRANSLATE_NOOP("ImportDialog", "Country"),
    PlayerField.CLUB: QT_TRANSLATE_NOOP("ImportDialog", "Club"),
    PlayerField.TEAM: QT_TRANSLATE_NOOP("ImportDialog", "Team"),
}


class ImportDialog(QDialog):
    """Emits `import_requested(rows, mapping, file name)`; the page runs the command."""

    import_requested = Signal(object, object, str)

    def __init__(self, path: Path, table: TextTable, known_ids: frozenset[str],
                 parent: QWidget | None = None, existing: Sequence[Player] = (),
                 reader: Callable[[str | None], TextTable] | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("import_dialog")
        self.setWindowTitle(self.tr("Import players from {file}").format(file=path.name))
        self._path, self._table, self._known = path, table, known_ids
        self._existing = tuple(existing)
        self._reader = reader
        self.preview = QTableWidget(self)
        self.preview.setObjectName("import_preview")
        self.preview.setEditTriggers(QTableWidget.EditTrigger.NoEditTriggers)
        # Tab leaves the preview (it went from cell to cell, 300 rows of them, and the
        # encoding and the column choices could not be reached without the mouse).
        self.preview.setTabKeyNavigation(False)
        self.encoding = QComboBox(self)
        self.encoding.setObjectName("import_encoding")
        self.encoding_note = QLabel(self)
        self.encoding_note.setObjectName("import_encoding_note")
        self.encoding_note.setWordWrap(True)
        self._fill_encodings(table)
        self.encoding.currentIndexChanged.connect(self._reread)

        self.columns: dict[PlayerField, QComboBox] = {}
        mapping_form = QFormLayout()
        if table.encoding is not None:
            mapping_form.addRow(self.tr("Text encoding:"), self.encoding)
            mapping_form.addRow(self.encoding_note)
        else:
            self.encoding.hide()
            self.encoding_note.hide()
        for field, label in FIELD_LABELS.items():
            combo = QComboBox(self)
            combo.setObjectName(f"map_{field.value}")
            combo.currentIndexChanged.connect(self._check)
            mapping_form.addRow(self.tr(label) + ":", combo)
            self.columns[field] = combo
        self.summary = QLabel(self)
        self.summary.setObjectName("import_summary")
        self.issues = QListWidget(self)
        self.issues.setObjectName("import_issues")
        self.duplicates_heading = QLabel(self.tr("These rows look like players registered "
                                                 "already (same name and country); you will "
                                                 "be asked before they are registered:"), self)
        self.duplicates_heading.setObjectName("import_duplicates_heading")
        self.duplicates_heading.setWordWrap(True)
        self.duplicates = QListWidget(self)
        self.duplicates.setObjectName("import_duplicates")
        self.buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Cancel, self)
        self.import_button = self.buttons.addButton(self.tr("Import"),
                                                    QDialogButtonBox.ButtonRole.AcceptRole)
        self.import_button.setObjectName("import_button")
        self.buttons.accepted.connect(self._import)
        self.buttons.rejected.connect(self.reject)

        top = QHBoxLayout()
        top.addWidget(self.preview, 3)
        top.addLayout(mapping_form, 1)
        layout = QVBoxLayout(self)
        layout.addLayout(top, 1)
        layout.addWidget(self.summary)
        layout.addWidget(self.issues)
        layout.addWidget(self.duplicates_heading)
        layout.addWidget(self.duplicates)
        layout.addWidget(self.buttons)
        self.resize(900, 520)
        self._load(table)
        # The keyboard starts where the judge's work is: the choices beside the preview.
        first = self.encoding if table.encoding is not None else self.columns[PlayerField.NAME]
        first.setFocus()

    def _fill_encodings(self, table: TextTable) -> None:
        """The encoding found first, then the other plausible ones, then every choice."""
        self.encoding.blockSignals(True)
        found = table.encoding
        for code in dict.fromkeys([found, *table.encoding_alternatives, *ENCODING_CHOICES]):
            if code:
                add_choice(self.encoding, describe_encoding(code), code)
        self.encoding.setCurrentIndex(max(self.encoding.findData(found), 0))
        self.encoding.blockSignals(False)
        self.encoding_note.setText(self.tr(
            "Found: {encoding}. If names look garbled, choose the encoding the file was "
            "saved in.").format(encoding=describe_encoding(found)))

    def _reread(self) -> None:
        """The file read again in the encoding the judge chose; text that does not read
        back in it is refused in words and the preview stays as it was."""
        code = current_choice(self.encoding)
        if self._reader is None or not isinstance(code, str):
            return
        try:
            table = self._reader(code)
        except TableError as error:
            self.encoding_note.setText(describe_table_error(error))
            return
        self.encoding_note.setText(self.tr("Read as {encoding}.").format(
            encoding=describe_encoding(code)))
        self._load(table)

    def _load(self, table: TextTable) -> None:
        """Preview and column choices for `table`, the columns guessed from its header."""
        self._table = table
        self.preview.clear()
        self.preview.setRowCount(min(len(table.rows), PREVIEW_ROWS))
        self.preview.setColumnCount(len(table.headers))
        self.preview.setHorizontalHeaderLabels(list(table.headers))
        self.preview.setVerticalHeaderLabels(
            [str(row.line) if isinstance(row, TableRow) else str(n + 2)
             for n, row in enumerate(table.rows[:PREVIEW_ROWS])])
        for row, values in enumerate(table.rows[:PREVIEW_ROWS]):
            for column, value in enumerate(values[:len(table.headers)]):
                self.preview.setItem(row, column, QTableWidgetItem(value))
        guessed = guess_mapping(table.headers)
        for field, combo in self.columns.items():
            combo.blockSignals(True)
            combo.clear()
            add_choice(combo, self.tr("(not imported)"), -1)
            for index, header in enumerate(table.headers):
                add_choice(combo, header or self.tr("column {n}").format(n=index + 1), index)
            combo.setCurrentIndex(combo.findData(guessed.get(field, -1)))
            combo.blockSignals(False)
        self._check()

    def mapping(self) -> dict[PlayerField, int]:
        chosen = {field: current_choice(combo) for field, combo in self.columns.items()}
        return {field: index for field, index in chosen.items()
                if isinstance(index, int) and index >= 0}

    def show_issues(self, lines: list[str]) -> None:
        self.issues.clear()
        self.issues.addItems(lines)
        self.issues.setVisible(bool(lines))

    def show_duplicates(self, lines: list[str]) -> None:
        self.duplicates.clear()
        self.duplicates.addItems(lines)
        self.duplicates.setVisible(bool(lines))
        self.duplicates_heading.setVisible(bool(lines))

    def duplicate_lines(self, players: Sequence[Player]) -> list[str]:
        """"line 4: Ann Lee (SG) looks like no. 6 Ann Lee (SG)", for rows that will be
        players (every row is one when the check found no issue)."""
        rows = [row for row in self._table.rows if any(cell.strip() for cell in row)]
        lines = {id(player): (row.line if isinstance(row, TableRow) else offset + 2)
                 for offset, (player, row) in enumerate(zip(players, rows))}

        def who(player: Player) -> str:
            return f"{player.name} ({player.country})" if player.country else player.name

        found = []
        for draft, twin in possible_duplicates(self._existing, players):
            if id(twin) in lines:
                like = self.tr("line {line} of this file").format(line=lines[id(twin)])
            else:
                like = self.tr("no. {number} {name}, registered").format(
                    number=twin.registration_id or "?", name=who(twin))
            found.append(self.tr("line {line}: {name} looks like {like}").format(
                line=lines.get(id(draft), "?"), name=who(draft), like=like))
        return found

    def _check(self) -> None:
        players, issues = players_from_rows(self._table.rows, self.mapping(), self._known)
        self.show_issues([describe_row_issue(issue) for issue in issues])
        duplicates = [] if issues else self.duplicate_lines(players)
        self.show_duplicates(duplicates)
        if [issue.problem for issue in issues] == [RowProblem.NO_NAME_COLUMN]:
            # Not a bad row: "Nom;Pays" headings, none of them taken for the name.
            self.summary.setText(self.tr(
                "Choose the column that holds the players' names: no column is taken for "
                "the name yet, and nothing will be imported until one is."))
        elif issues:
            self.summary.setText(by_count(len(issues), self.tr(
                "1 row needs fixing in the file (or another column mapping); nothing will be "
                "imported until every row is fine."), self.tr(
                "{bad} rows need fixing in the file (or another column mapping); nothing "
                "will be imported until every row is fine.")).format(bad=len(issues)))
        elif duplicates:
            self.summary.setText(
                self.tr("1 player will be imported; it looks registered already.")
                if len(players) == 1 else by_count(len(duplicates), self.tr(
                    "{n} players will be imported; 1 of them looks registered already."),
                    self.tr("{n} players will be imported; {k} of them look registered "
                            "already.")).format(n=len(players), k=len(duplicates)))
        else:
            self.summary.setText(by_count(len(players), self.tr("1 player will be imported."),
                                          self.tr("{n} players will be imported.")
                                          ).format(n=len(players)))
        self.import_button.setEnabled(not issues and bool(players))

    def _import(self) -> None:
        self.import_requested.emit(self._table.rows, self.mapping(), self._path.name)
