"""The open tournament at a glance, at the top of the Setup page.

It only displays a `services.tournaments.Overview` it is handed, so it stays replaceable.
The figures stand in two columns (the event, then its counts), so the settings below keep
the room of a laptop screen.
"""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtGui import QFont
from PySide6.QtWidgets import (
    QFormLayout,
    QHBoxLayout,
    QLabel,
    QStackedWidget,
    QVBoxLayout,
    QWidget,
)

from tournament_manager.gui.formatting import local_date_time
from tournament_manager.gui.preset_names import format_label
from tournament_manager.services.tournaments import Overview

NAME_FONT_SCALE = 1.6


class OverviewPage(QStackedWidget):
    """Either a note (no tournament open) or the summary of the open one."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("overview_page")
        self._note = QLabel(self)
        self._note.setObjectName("overview_note")
        self._note.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self._note.setWordWrap(True)
        self.addWidget(self._note)

        summary = QWidget(self)
        outer = QVBoxLayout(summary)
        self._name = QLabel(summary)
        self._name.setObjectName("tournament_name")
        self._name.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        font = QFont(self._name.font())
        font.setPointSizeF(font.pointSizeF() * NAME_FONT_SCALE)
        font.setBold(True)
        self._name.setFont(font)
        outer.addWidget(self._name)
        event_form, counts_form = QFormLayout(), QFormLayout()
        columns = QHBoxLayout()
        columns.addLayout(event_form)
        columns.addSpacing(64)
        columns.addLayout(counts_form)
        columns.addStretch(1)
        outer.addLayout(columns)
        outer.addStretch(1)
        self._fields: dict[str, QLabel] = {}
        for form, key, label in (
            (event_form, "venue", self.tr("Venue:")),
            (event_form, "format", self.tr("Format:")),
            (event_form, "rounds", self.tr("Rounds:")),
            (event_form, "sessions", self.tr("Sessions played:")),
            (event_form, "last_change", self.tr("Last change:")),
            (counts_form, "players", self.tr("Players:")),
            (counts_form, "substitutes", self.tr("Substitutes:")),
            (counts_form, "withdrawn", self.tr("Withdrawn:")),
            (counts_form, "tables", self.tr("Tables drawn:")),
            (counts_form, "hands", self.tr("Hands recorded:")),
            (counts_form, "penalties", self.tr("Penalties:")),
        ):
            value = QLabel(summary)
            value.setObjectName(f"overview_{key}")
            form.addRow(label, value)
            self._fields[key] = value
        self.addWidget(summary)
        self.show_nothing_open()

    def show_nothing_open(self) -> None:
        self.show_note(self.tr("No tournament is open. Use File ▸ New… or File ▸ Open…"))

    def show_note(self, text: str) -> None:
        self._note.setText(text)
        self.setCurrentWidget(self._note)

    def show_overview(self, summary: Overview) -> None:
        tournament = summary.tournament
        self._name.setText(tournament.name)
        values = {
            "venue": tournament.venue or self.tr("(not set)"),
            "format": format_label(tournament.settings),
            "rounds": str(summary.rounds),
            "sessions": self.tr("{played} of {total}").format(played=summary.sessions_played,
                                                              total=summary.sessions),
            "players": str(summary.players),
            "substitutes": str(summary.substitutes),
            "withdrawn": str(summary.withdrawn),
            "tables": str(summary.tables),
            "hands": str(summary.hands),
            "penalties": str(summary.penalties),
            "last_change": (local_date_time(summary.last_change)
                            if summary.last_change is not None else self.tr("none yet")),
        }
        for key, text in values.items():
            self._fields[key].setText(text)
        self.setCurrentIndex(1)
