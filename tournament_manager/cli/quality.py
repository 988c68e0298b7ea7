"""A draw's quality report as plain data, for the seating and session commands."""

from __future__ import annotations

from typing import Any

from tournament_manager.domain.seating import QualityReport


def report_summary(report: QualityReport, seconds: float) -> dict[str, Any]:
    return {
        "players": report.players,
        "sessions": report.sessions,
        "repeated_pairs": [list(pair.players) for pair in report.repeated_pairs],
        "excess_meetings": report.excess_meetings,
        "theoretical_min_excess": report.theoretical_min_excess,
        "max_meetings": report.max_meetings,
        "back_to_back_repeats": len(report.back_to_back_repeats),
        "winds_balanced": report.winds_balanced,
        "wind_spread": report.wind_spread,
        "table_revisits": len(report.table_revisits),
        "pairs_never_met": report.indirect.pairs_never_met,
        "never_met_sharing_no_opponent": report.indirect.pairs_sharing_none,
        "seconds": round(seconds, 3),
    }
