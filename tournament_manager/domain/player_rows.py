"""Turning rows of a registration table into players, or into reasons by row number.

The head judge maps columns to fields (a guess from the header comes first); every bad
row is reported with its line number, and nothing is imported while any row is bad, so
a half-imported field never has to be cleaned up by hand on event day.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from enum import StrEnum
from typing import Self

from tournament_manager.domain.model import Player

MAX_NAME_LENGTH = 200


class PlayerField(StrEnum):
    NAME = "name"
    NATIVE_NAME = "native_name"
    REGISTRATION_ID = "registration_id"
    COUNTRY = "country"
    CLUB = "club"
    TEAM = "team"


# Lower-case header words a registration sheet uses for each field.
HEADER_WORDS: Mapping[PlayerField, tuple[str, ...]] = {
    PlayerField.NAME: ("name", "player", "player name", "full name", "姓名", "名前", "选手"),
    PlayerField.NATIVE_NAME: ("native name", "native", "name (native)", "local name",
                              "中文名", "漢字"),
    PlayerField.REGISTRATION_ID: ("id", "player id", "registration", "registration id",
                                  "ema id", "number", "no", "编号"),
    PlayerField.COUNTRY: ("country", "nation", "nationality", "国家", "国"),
    PlayerField.CLUB: ("club", "association", "俱乐部"),
    PlayerField.TEAM: ("team", "队"),
}


class TableRow(tuple[str, ...]):
    """A row's cells that knows the line (worksheet row) of its file it starts on.

    A tuple, so every caller that handles rows as sequences of strings keeps working;
    `players_from_rows` reads the line from it, so blank lines, multi-line cells and a
    header below the first line never shift the line numbers a refusal names."""

    line: int

    def __new__(cls, cells: Iterable[str], line: int) -> Self:
        row = super().__new__(cls, cells)
        row.line = line
        return row

    def __getnewargs__(self) -> tuple[tuple[str, ...], int]:
        return tuple(self), self.line


class RowProblem(StrEnum):
    NO_NAME_COLUMN = "no_name_column"
    EMPTY_NAME = "empty_name"
    TOO_LONG = "too_long"
    DUPLICATE_ID = "duplicate_id"
    ID_ALREADY_REGISTERED = "id_already_registered"


@dataclass(frozen=True)
class RowIssue:
    line: int
    """The line in the file (the header is line 1); 0 for a problem of the whole table."""
    problem: RowProblem
    value: str = ""


def guess_mapping(headers: Sequence[str]) -> dict[PlayerField, int]:
    """Which column holds which field, from the header words; each column used once."""
    mapping: dict[PlayerField, int] = {}
    for field, words in HEADER_WORDS.items():
        for index, header in enumerate(headers):
            if header.strip().lower() in words and index not in mapping.values():
                mapping[field] = index
                break
    return mapping


def clean_text(value: str) -> str:
    """Without control characters (Excel rejects them) and with spaces collapsed."""
    kept = "".join(ch for ch in value if unicodedata.category(ch)[0] != "C")
    return " ".join(kept.split())


def players_from_rows(rows: Sequence[Sequence[str]], mapping: Mapping[PlayerField, int],
                      registered_ids: frozenset[str] = frozenset()
                      ) -> tuple[list[Player], list[RowIssue]]:
    """Players for every row, and every problem; callers import only when there is none.

    A row's line is its own (`TableRow.line`); plain sequences count from line 2, under
    a header on line 1. Rows with nothing in them are not players and are passed over."""
    if PlayerField.NAME not in mapping:
        return [], [RowIssue(0, RowProblem.NO_NAME_COLUMN)]
    players: list[Player] = []
    issues: list[RowIssue] = []
    seen_ids: dict[str, int] = {}
    for offset, row in enumerate(rows):
        line = row.line if isinstance(row, TableRow) else offset + 2
        if not any(cell.strip() for cell in row):
            continue
        values = {field: clean_text(row[index]) if index < len(row) else ""
                  for field, index in mapping.items()}
        name = values[PlayerField.NAME]
        if not name:
            issues.append(RowIssue(line, RowProblem.EMPTY_NAME))
            continue
        too_long = [v for v in values.values() if len(v) > MAX_NAME_LENGTH]
        if too_long:
            issues.append(RowIssue(line, RowProblem.TOO_LONG, too_long[0][:20]))
            continue
        registration = values.get(PlayerField.REGISTRATION_ID, "")
        if registration:
            if registration in registered_ids:
                issues.append(RowIssue(line, RowProblem.ID_ALREADY_REGISTERED, registration))
            elif registration in seen_ids:
                issues.append(RowIssue(line, RowProblem.DUPLICATE_ID, registration))
            seen_ids.setdefault(registration, line)
        players.append(Player(
            name=name,
            native_name=values.get(PlayerField.NATIVE_NAME, ""),
            registration_id=registration,
            country=values.get(PlayerField.COUNTRY, ""),
            club=values.get(PlayerField.CLUB, ""),
            team=values.get(PlayerField.TEAM, ""),
        ))
    return players, issues
