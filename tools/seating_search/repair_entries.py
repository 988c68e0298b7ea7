"""The draw's shipped repairs after session 1 (`repairs.json`, `repair_library`) as the
offline tools build them: the canonical history of one session, and an entry checked as the
draw will check it before it is written. Shared by `repair_sat.py` and `first_split.py` (a
SAT solver's repair) and `repair_search.py` (the draw's own search, given more time and
seeds), which needs no python-sat."""

from __future__ import annotations

import argparse
import itertools
import sys
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from tools.seating_search.shipped_entries import written
from tournament_manager.domain.seating.pairs import MeetingCounts
from tournament_manager.domain.seating.repair_library import (
    REPAIRS_FILE,
    first_session,
    shipped_repair,
)

Pair = tuple[int, int]


def history_sizes(players: int, lost: Sequence[int]) -> list[int]:
    """The sizes of the history's tables in `first_session_history`'s order."""
    return [4 - k for k in sorted(lost, reverse=True)] + [4] * (players // 4 - len(lost))


def first_session_history(players: int, lost: Sequence[int]) -> tuple[set[Pair], list[int]]:
    """The pairs that met in one session of `players` at tables of four, the players of the
    tables that lost `lost` (1, 2 or 3 each) withdrawn: the canonical history of
    `repair_library` (broken tables first, most lost first, then the whole ones), numbered
    0.. as the library numbers those left."""
    met: set[Pair] = set()
    start = 0
    for size in history_sizes(players, lost):
        met |= set(itertools.combinations(range(start, start + size), 2))
        start += size
    return met, list(range(start))


@dataclass(frozen=True)
class Case:
    """A repair question after session 1 as the tools' `--first-session PLAYERS,SESSIONS
    --lost K,..` name it: the history of `first_session_history`, the `left` players
    (0..left - 1) and the sessions to come, nobody out more than `most_out` of them."""

    players: int
    sessions: int
    lost: list[int]
    sizes: list[int]
    met: set[Pair]
    left: int
    remaining: int
    most_out: int
    name: str


def add_case_arguments(parser: argparse.ArgumentParser) -> None:
    """The tools' `--first-session PLAYERS,SESSIONS` and `--lost K,..` (`case_of`)."""
    parser.add_argument("--first-session", metavar="PLAYERS,SESSIONS", required=True)
    parser.add_argument("--lost", default="1",
                        help="how many withdraw from each broken table, e.g. 1 or 2,1")


def case_of(args: argparse.Namespace) -> Case:
    """The `Case` the arguments of `add_case_arguments` name."""
    return case_from_arguments(args.first_session, args.lost)


def case_from_arguments(first_session: str, lost_text: str) -> Case:
    """The `Case` of "PLAYERS,SESSIONS" and "K,.." (how many left each broken table), as
    the tools' arguments give them (`bench_seating.first_session_case` is the benchmark's
    seed-0 plan of the same field, with the players left)."""
    players, sessions = (int(v) for v in first_session.split(","))
    lost = [int(v) for v in lost_text.split(",")]
    met, left = first_session_history(players, lost)
    n = len(left)
    remaining = sessions - 1
    return Case(players, sessions, lost, history_sizes(players, lost), met, n, remaining,
                -(-(n % 4) * remaining // n), f"{players} x {sessions} less {lost_text} after 1")


SHIPPED = Path(__file__).resolve().parents[2] / "tournament_manager/domain/seating" / REPAIRS_FILE


def add_entry(left: int, met: set[Pair], sessions: list[list[list[int]]], command: str,
              seconds: float, path: Path = SHIPPED) -> None:
    """Add a repair found for a history of one session (`left` players met as `met` says)
    to the shipped file, its players named as the library names them, after checking it
    as the draw will (`repair_library.shipped_repair`): refused if the draw would refuse
    it. `command` rebuilds it (from the repository's root), in `seconds`; `path` is the
    shipped file unless told."""
    fixed = MeetingCounts(left)
    for pair in met:
        fixed.add_table(pair)
    history = first_session(fixed)
    if history is None:
        sys.exit("the history is not one session's: no entry")
    players, lost, tables = history
    number = {p: i for i, p in enumerate(p for table in tables for p in table)}
    entry = {"players": players, "lost": lost, "sessions": len(sessions),
             "schedule": [[[number[p] for p in table] for table in session]
                          for session in sessions],
             "command": command, "seconds": round(seconds, 1)}
    if shipped_repair(fixed, [0] * left, len(sessions), entries=(entry,)) != sessions:
        sys.exit("the repair found is not one the draw would accept")
    written(path, entry, ("players", "lost"))


def added_excess(met: set[Pair], sessions: list[list[list[int]]]) -> int:
    """The excess meetings a seating adds to a history whose pairs are `met` (checked on
    every seating found: the model is trusted for its UNSAT only as far as its SAT is
    right)."""
    meetings = Counter(dict.fromkeys(met, 1))
    for session in sessions:
        assert all(len(table) == 4 for table in session)
        seated = [p for table in session for p in table]
        assert len(seated) == len(set(seated))
        for table in session:
            meetings.update(itertools.combinations(sorted(table), 2))
    return sum(count - 1 for count in meetings.values() if count > 1)
