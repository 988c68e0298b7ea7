"""The penalty panel's requests run as undoable commands on whichever sheet shows it.

The panel only asks (it knows no commands); the entry-bar sheet and the results desk's
transcription both show one, and both must record a penalty the same way, through the
same commands, checked against the sheet as it was shown.
"""

from __future__ import annotations

from collections.abc import Callable

from tournament_manager.domain.model import PenaltyReason
from tournament_manager.gui.app_context import AppContext
from tournament_manager.gui.commands.sheet import AddPenalty, RemovePenalty
from tournament_manager.gui.sheet.penalty_panel import PenaltyPanel
from tournament_manager.services.views import SheetView


def run_penalty_commands(panel: PenaltyPanel, context: AppContext,
                         shown: Callable[[], SheetView | None]) -> None:
    """Connect `panel` to AddPenalty and RemovePenalty on the sheet `shown()` returns."""

    def add(player_id: int, reason: PenaltyReason, points: int, hand: int | None,
            note: str) -> None:
        view = shown()
        if view is not None and context.run(AddPenalty(
                context.runner.context, view.table.id, view.table.number, player_id, reason,
                points, hand, note, seen=view.content_hash)):
            panel.accepted()

    def remove(penalty_id: int) -> None:
        view = shown()
        if view is not None:
            context.run(RemovePenalty(context.runner.context, view.table.number, penalty_id,
                                      seen=view.content_hash, table_id=view.table.id))

    panel.add_requested.connect(add)
    panel.remove_requested.connect(remove)
