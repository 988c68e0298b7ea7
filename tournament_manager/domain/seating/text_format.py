"""A plain-text schedule: one table per line (four players), a blank line between sessions.

The interchange format for schedules made elsewhere; players are kept as the strings read,
and the line order within a session gives the physical table numbers.
"""

from __future__ import annotations

from tournament_manager.domain.seating.errors import SeatingError, SeatingProblem
from tournament_manager.domain.seating.model import Schedule, SeatedSession, SeatedTable
from tournament_manager.domain.seating.planner import validate_session


def parse_schedule(text: str) -> Schedule:
    sessions: list[list[SeatedTable]] = [[]]
    for number, line in enumerate(text.splitlines(), start=1):
        fields = line.split()
        if not fields:
            if sessions[-1]:
                sessions.append([])
            continue
        if len(fields) != 4:
            raise SeatingError(SeatingProblem.MALFORMED_LINE, line=number, text=line.strip())
        current = sessions[-1]
        current.append(SeatedTable(len(current) + 1, (fields[0], fields[1], fields[2], fields[3])))
    sessions = [tables for tables in sessions if tables]
    if not sessions:
        raise SeatingError(SeatingProblem.EMPTY_SCHEDULE)
    schedule = Schedule(tuple(SeatedSession(tuple(tables)) for tables in sessions))
    for number, session in enumerate(schedule.sessions, start=1):
        validate_session(session, number)
    return schedule


def format_schedule(schedule: Schedule) -> str:
    return "\n\n".join("\n".join(" ".join(str(p) for p in table.seats) for table in session.tables)
                       for session in schedule.sessions) + "\n"
