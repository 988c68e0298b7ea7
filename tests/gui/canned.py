"""Canned answers for the blocking dialogs, so File-menu tests run headless."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from tournament_manager.gui.document_dialogs import DocumentDialogs
from tournament_manager.gui.new_tournament_dialog import NewTournament


@dataclass
class CannedDialogs:
    """Answers for the blocking File-menu dialogs, handed out in order; None = cancelled."""

    new_tournaments: list[NewTournament | None] = field(default_factory=list)
    new_paths: list[Path | None] = field(default_factory=list)
    open_paths: list[Path | None] = field(default_factory=list)
    copy_paths: list[Path | None] = field(default_factory=list)
    export_paths: list[Path | None] = field(default_factory=list)

    def dialogs(self) -> DocumentDialogs:
        return DocumentDialogs(
            ask_new_tournament=lambda _parent: self.new_tournaments.pop(0),
            choose_new_path=lambda _parent, _suggestion: self.new_paths.pop(0),
            choose_open_path=lambda _parent, _folder: self.open_paths.pop(0),
            choose_copy_path=lambda _parent, _suggestion: self.copy_paths.pop(0),
            choose_export_path=lambda _parent, _suggestion, _filter: self.export_paths.pop(0),
        )
