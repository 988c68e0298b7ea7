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
    TableProblem.UNKNOWN_ENCODING: "{path} is neither UTF-8 nor GB18030 text",
    TableProblem.EMPTY: "{path} holds no rows",
    TableProblem.UNSUPPORTED_FORMAT: "{path}: only .csv and .xlsx files can be imported",
}


def describe_row_issue(issue: RowIssue) -> str:
    return _ROWS[issue.problem].format(line=issue.line, value=issue.value)


def describe_table_error(error: TableError) -> str:
    return _TABLES[error.problem].format(path=error.path, reason=error.reason)
