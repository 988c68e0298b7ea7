"""Wording for problems with registration tables and their rows."""

from __future__ import annotations

from tournament_manager.domain.player_rows import MAX_NAME_LENGTH, RowIssue, RowProblem
from tournament_manager.imports.tables import TableError, TableProblem
from tournament_manager.words import N_, _

_ROWS = {
    RowProblem.NO_NAME_COLUMN: N_("no column is mapped to the player's name"),
    RowProblem.EMPTY_NAME: N_("line {line}: the name is empty"),
    RowProblem.TOO_LONG: N_(
        "line {line}: a value is longer than the {limit} characters the sheets hold ({value}…)"
    ),
    RowProblem.DUPLICATE_ID: N_("line {line}: ID {value} appears twice in the file"),
    RowProblem.ID_ALREADY_REGISTERED: N_("line {line}: ID {value} is already registered"),
}

_TABLES = {
    TableProblem.UNREADABLE: N_("{path} cannot be read: {reason}"),
    TableProblem.UNKNOWN_ENCODING: (
        N_("{path} is not text in any encoding Tournament Manager knows; save it from Excel "
        "as \"CSV UTF-8\" or as an .xlsx workbook")
    ),
    TableProblem.WRONG_ENCODING: (
        N_("{path} is not {encoding} text (it would not read back unchanged); choose another "
        "encoding")
    ),
    TableProblem.EMPTY: N_("{path} holds no rows"),
    TableProblem.UNSUPPORTED_FORMAT: N_("{path}: only .csv and .xlsx files can be imported"),
    TableProblem.UNCLOSED_QUOTE: N_(
        "{path}: the quote (\") that opens a cell on line {reason} is never closed, so the "
        "rest of the file would be read as that one cell; close it in the file and import "
        "again"),
    TableProblem.UNSAVED_FORMULAS: N_(
        "{path} has formulas whose values were never saved (cell {reason}): open it in "
        "Excel or LibreOffice, save it, and import it again"),
}

ENCODING_NAMES = {
    "utf-8": N_("Unicode (UTF-8)"),
    "utf-8-sig": N_("Unicode (UTF-8 with byte-order mark)"),
    "utf-16": N_("Unicode (UTF-16, \"Unicode text\")"),
    "cp1252": N_("Western European (Windows-1252)"),
    "cp1250": N_("Central European (Windows-1250)"),
    "cp1251": N_("Cyrillic (Windows-1251)"),
    "cp1253": N_("Greek (Windows-1253)"),
    "cp1254": N_("Turkish (Windows-1254)"),
    "cp1257": N_("Baltic (Windows-1257)"),
    "cp1255": N_("Hebrew (Windows-1255)"),
    "cp1256": N_("Arabic (Windows-1256)"),
    "cp874": N_("Thai (Windows-874)"),
    "cp1258": N_("Vietnamese (Windows-1258)"),
    "gb18030": N_("Chinese Simplified (GB18030)"),
    "big5": N_("Chinese Traditional (Big5)"),
    "big5hkscs": N_("Chinese Traditional, Hong Kong (Big5-HKSCS)"),
    "cp932": N_("Japanese (Shift-JIS)"),
    "cp949": N_("Korean (EUC-KR)"),
}


def describe_row_issue(issue: RowIssue) -> str:
    return _(_ROWS[issue.problem]).format(line=issue.line, value=issue.value,
                                          limit=MAX_NAME_LENGTH)


def describe_table_error(error: TableError) -> str:
    return _(_TABLES[error.problem]).format(path=error.path, reason=error.reason,
                                         encoding=describe_encoding(error.encoding))


def describe_encoding(encoding: str | None) -> str:
    """A text encoding as a judge knows it ("Western European (Windows-1252)")."""
    if not encoding:
        return _("no text encoding (a workbook)")
    return _(ENCODING_NAMES[encoding]) if encoding in ENCODING_NAMES else encoding
