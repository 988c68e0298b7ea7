"""Wording for problems with registration tables and their rows."""

from __future__ import annotations

from tournament_manager.domain.player_rows import RowIssue, RowProblem
from tournament_manager.imports.tables import TableError, TableProblem

_ROWS = {
    RowProblem.NO_NAME_COLUMN: "no column is mapped to the player's name",
    RowProblem.EMPTY_NAME: "line {line}: the name is empty",
    RowProblem.TOO_LONG: "line {line}: a value is too long ({value}…)",
    RowProblem.DUPLICATE_ID: "line {line}: ID {value} appears twice in the file",
    RowProblem.ID_ALREADY_REGISTERED: "line {line}: ID {value} is already registered",
}

_TABLES = {
    TableProblem.UNREADABLE: "{path} cannot be read: {reason}",
    TableProblem.UNKNOWN_ENCODING: (
        "{path} is not text in any encoding Tournament Manager knows; save it from Excel "
        "as \"CSV UTF-8\" or as an .xlsx workbook"
    ),
    TableProblem.WRONG_ENCODING: (
        "{path} is not {encoding} text (it would not read back unchanged); choose another "
        "encoding"
    ),
    TableProblem.EMPTY: "{path} holds no rows",
    TableProblem.UNSUPPORTED_FORMAT: "{path}: only .csv and .xlsx files can be imported",
}

ENCODING_NAMES = {
    "utf-8": "Unicode (UTF-8)",
    "utf-8-sig": "Unicode (UTF-8 with byte-order mark)",
    "utf-16": "Unicode (UTF-16, \"Unicode text\")",
    "cp1252": "Western European (Windows-1252)",
    "cp1250": "Central European (Windows-1250)",
    "cp1251": "Cyrillic (Windows-1251)",
    "cp1253": "Greek (Windows-1253)",
    "cp1254": "Turkish (Windows-1254)",
    "cp1257": "Baltic (Windows-1257)",
    "cp1255": "Hebrew (Windows-1255)",
    "cp1256": "Arabic (Windows-1256)",
    "cp874": "Thai (Windows-874)",
    "cp1258": "Vietnamese (Windows-1258)",
    "gb18030": "Chinese Simplified (GB18030)",
    "big5": "Chinese Traditional (Big5)",
    "big5hkscs": "Chinese Traditional, Hong Kong (Big5-HKSCS)",
    "cp932": "Japanese (Shift-JIS)",
    "cp949": "Korean (EUC-KR)",
}


def describe_row_issue(issue: RowIssue) -> str:
    return _ROWS[issue.problem].format(line=issue.line, value=issue.value)


def describe_table_error(error: TableError) -> str:
    return _TABLES[error.problem].format(path=error.path, reason=error.reason,
                                         encoding=describe_encoding(error.encoding))


def describe_encoding(encoding: str | None) -> str:
    """A text encoding as a judge knows it ("Western European (Windows-1252)")."""
    if not encoding:
        return "no text encoding (a workbook)"
    return ENCODING_NAMES.get(encoding, encoding)
