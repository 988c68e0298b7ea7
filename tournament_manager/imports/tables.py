"""A spreadsheet as a header and rows of strings, whatever file it came in.

Judges drop in what their registration system or Excel wrote: CSV in UTF-8 with or
without a BOM, CSV from a Chinese-locale Excel (GB18030), `;`-separated CSV from
European Excel, or an .xlsx workbook. Everything becomes text here; what the text means
is the domain's business.
"""

from __future__ import annotations

import csv
import io
from dataclasses import dataclass
from enum import StrEnum
from pathlib import Path

ENCODINGS = ("utf-8-sig", "gb18030")


class TableProblem(StrEnum):
    UNREADABLE = "unreadable"
    UNKNOWN_ENCODING = "unknown_encoding"
    EMPTY = "empty"
    UNSUPPORTED_FORMAT = "unsupported_format"


class TableError(Exception):
    def __init__(self, problem: TableProblem, path: Path, reason: str = "") -> None:
        super().__init__(f"{problem.value}: {path} {reason}")
        self.problem = problem
        self.path = path
        self.reason = reason


@dataclass(frozen=True)
class TextTable:
    headers: tuple[str, ...]
    rows: tuple[tuple[str, ...], ...]
    """Data rows; row i is line i + 2 of the file (the header is line 1)."""


def read_table(path: Path) -> TextTable:
    suffix = path.suffix.lower()
    if suffix in (".csv", ".txt", ".tsv"):
        return _read_csv(path)
    if suffix in (".xlsx", ".xlsm"):
        return _read_xlsx(path)
    raise TableError(TableProblem.UNSUPPORTED_FORMAT, path, suffix)


def _decode(path: Path) -> str:
    try:
        data = path.read_bytes()
    except OSError as error:
        raise TableError(TableProblem.UNREADABLE, path, str(error)) from error
    for encoding in ENCODINGS:
        try:
            return data.decode(encoding)
        except UnicodeDecodeError:
            continue
    raise TableError(TableProblem.UNKNOWN_ENCODING, path)


def _read_csv(path: Path) -> TextTable:
    text = _decode(path)
    sample = text[:4096]
    try:
        dialect: type[csv.Dialect] | csv.Dialect = csv.Sniffer().sniff(sample, ",;\t")
    except csv.Error:
        dialect = csv.excel
    rows = [row for row in csv.reader(io.StringIO(text), dialect) if any(c.strip() for c in row)]
    return _table(path, rows)


def _read_xlsx(path: Path) -> TextTable:
    from openpyxl import load_workbook

    try:
        workbook = load_workbook(path, read_only=True, data_only=True)
    except Exception as error:  # openpyxl raises many types for a broken file
        raise TableError(TableProblem.UNREADABLE, path, str(error)) from error
    try:
        sheet = workbook.worksheets[0]
        rows = [["" if cell is None else _cell_text(cell) for cell in row]
                for row in sheet.iter_rows(values_only=True)]
    finally:
        workbook.close()
    return _table(path, [row for row in rows if any(c.strip() for c in row)])


def _cell_text(value: object) -> str:
    if isinstance(value, float) and value.is_integer():
        return str(int(value))  # an ID typed as a number comes back as 1234.0
    return str(value)


def _table(path: Path, rows: list[list[str]]) -> TextTable:
    if not rows:
        raise TableError(TableProblem.EMPTY, path)
    width = max(len(row) for row in rows)
    padded = [tuple(cell.strip() for cell in row) + ("",) * (width - len(row)) for row in rows]
    return TextTable(headers=padded[0], rows=tuple(padded[1:]))
