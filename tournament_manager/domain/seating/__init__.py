"""Table draws for a mahjong event: who meets whom, at which table, in which starting seat.

Public API (players are any hashable keys):

- `plan_schedule(players, sessions, *, seed, forbidden_groups, history, time_limit, cancel,
  progress) -> Draw` — the planned schedule for the whole event (or its rest).
- `next_session(players, history, ...) -> Draw` — round by round from the real history.
- `repair_plan(remaining, history, players, ...) -> Draw` — the plan adapted to drop-outs,
  substitutes and late entries without new repeats where possible.
- `quality_report(schedule, *, forbidden_groups, history) -> QualityReport`.
- `swap_effect(session, history, a, b) -> SwapEffect` — a judge's manual swap.
- `elimination_tables(ranked_players, method) -> Grouping` — by rank, for elimination rounds.
- `seat_by_rank(ranked_players, method, history) -> SeatedSession` — those tables,
  their seats balancing the winds of `history`.
- `players_sitting_out(players, history, seed)` — who sits out a session seated by rank.

A field that is not a multiple of four is drawn with byes: the rest sit out each session,
those who have missed the fewest sessions first (see `byes`).
- `parse_schedule(text) / format_schedule(schedule)` — the plain-text interchange format.

Invalid requests raise `SeatingError` carrying a `SeatingProblem` code; the wording is in
`tournament_manager.messages.seating`.
"""

from tournament_manager.domain.seating.byes import players_sitting_out
from tournament_manager.domain.seating.control import Progress, Stage
from tournament_manager.domain.seating.elimination import elimination_tables, seat_by_rank
from tournament_manager.domain.seating.errors import SeatingError, SeatingProblem
from tournament_manager.domain.seating.grouping import Method
from tournament_manager.domain.seating.model import (
                                                     Group,
                                                     Grouping,
                                                     Player,
                                                     Schedule,
                                                     Seat,
                                                     SeatedSession,
                                                     SeatedTable,
)
from tournament_manager.domain.seating.planner import Draw, next_session, plan_schedule, repair_plan
from tournament_manager.domain.seating.quality import (
                                                     ForbiddenMeeting,
                                                     IndirectMeets,
                                                     QualityReport,
                                                     RepeatedPair,
                                                     TableRevisit,
                                                     WindImbalance,
                                                     quality_report,
)
from tournament_manager.domain.seating.swaps import SwapEffect, swap_effect
from tournament_manager.domain.seating.text_format import format_schedule, parse_schedule
from tournament_manager.domain.settings import FinalSeating

__all__ = [
    "Draw", "FinalSeating", "ForbiddenMeeting", "Group", "Grouping", "IndirectMeets", "Method",
    "Player", "Progress", "QualityReport", "RepeatedPair", "Schedule", "Seat", "SeatedSession",
    "SeatedTable", "SeatingError", "SeatingProblem", "Stage", "SwapEffect", "TableRevisit",
    "WindImbalance", "elimination_tables", "format_schedule", "next_session", "parse_schedule",
    "plan_schedule", "players_sitting_out", "quality_report", "repair_plan", "seat_by_rank",
    "swap_effect",
]
