"""A draw's quality report as plain data, for the seating and session commands."""

from __future__ import annotations

from typing import Any

from tournament_manager.domain.seating import QualityReport
from tournament_manager.words import N_, _

LABELS: dict[str, str] = {
    "players": N_("players"),
    "sessions": N_("sessions"),
    "repeated_pairs": N_("repeated pairs"),
    "excess_meetings": N_("excess meetings"),
    "theoretical_min_excess": N_("theoretical min excess"),
    "max_meetings": N_("max meetings"),
    "back_to_back_repeats": N_("back to back repeats"),
    "winds_balanced": N_("winds balanced"),
    "wind_spread": N_("wind spread"),
    "table_revisits": N_("table revisits"),
    "pairs_never_met": N_("pairs never met"),
    "never_met_sharing_no_opponent": N_("never met sharing no opponent"),
    "seconds": N_("seconds"),
}
"""The report's lines in words (the JSON keys stay as they are)."""


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


def report_lines(summary: dict[str, Any]) -> list[str]:
    """`label: value` per item of `report_summary`; a list by its length."""
    lines = []
    for key, value in summary.items():
        shown = (len(value) if isinstance(value, list)
                 else (_("True") if value else _("False")) if isinstance(value, bool)
                 else value)
        lines.append(_("{label}: {value}").format(label=_(LABELS[key]), value=shown))
    return lines
