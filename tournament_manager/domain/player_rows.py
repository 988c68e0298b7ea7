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
                                  "registration number", "reg id", "reg no", "ema id",
                                  "ema number", "number", "no", "编号"),
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


def _header_words(header: str) -> str:
    """A heading as words: "registration_id", "Registration-ID" and "Reg. No." read as
    "registration id" and "reg no" (a column headed registration_id was left unmapped,
    so every player came in without his number)."""
    return " ".join(header.lower().replace("_", " ").replace("-", " ").replace(".", " ")
                    .split())


def guess_mapping(headers: Sequence[str]) -> dict[PlayerField, int]:
    """Which column holds which field, from the header words; each column used once."""
    mapping: dict[PlayerField, int] = {}
    for field, words in HEADER_WORDS.items():
        for index, header in enumerate(headers):
            if _header_words(header) in words and index not in mapping.values():
                mapping[field] = index
                break
    return mapping


_BREAKS = str.maketrans(dict.fromkeys("\t\n\r\x0b\x0c\x1c\x1d\x1e\x1f\x85\u2028\u2029", " "))
"""Tabs and line breaks inside a cell separate words: "Tab\there" is "Tab here"."""
_JOINERS = frozenset("\u200c\u200d\u200e\u200f")
"""Invisible, but part of how a name is written: the zero-width non-joiner of Persian and
Indic names, the joiner of emoji sequences, and the marks that order a name written from
right to left among Latin letters."""


def _kept(char: str) -> bool:
    """Control characters go (Excel rejects them); of the invisible format characters
    only those a name is written with stay (and the tags of flag emoji): the embeddings,
    overrides and isolates that reverse text on screen do not, nor a byte-order mark."""
    category = unicodedata.category(char)
    if category in ("Cc", "Cs"):
        return False
    if category == "Cf":
        return char in _JOINERS or "\U000e0020" <= char <= "\U000e007f"
    return True


def clean_text(value: str) -> str:
    """Without control characters, with tabs and line breaks as spaces and spaces
    collapsed."""
    return " ".join("".join(filter(_kept, value.translate(_BREAKS))).split())


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
