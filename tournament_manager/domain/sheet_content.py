"""What a signature covers: a sheet's content in one canonical form, and its hash.

The content names players by id and lists hands and penalties in number order, so the
same sheet always hashes the same, whatever order rows were entered or loaded in.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Sequence
from typing import Any

from tournament_manager.domain.model import Hand, Penalty, SeatAssignment, SessionTable


def sheet_content(table: SessionTable, seats: Sequence[SeatAssignment], hands: Sequence[Hand],
                  penalties: Sequence[Penalty]) -> dict[str, Any]:
    return {
        "table": table.number,
        "version": table.sheet_version,
        "stopped_after_hand": table.stopped_after_hand,
        "seats": sorted([seat.cycle, seat.wind.value, seat.player_id] for seat in seats),
        "hands": [
            {
                "number": hand.number,
                "dealer": hand.dealer_id,
                "result": hand.result.value,
                "win_type": hand.win_type.value if hand.win_type else None,
                "discarder": hand.discarder_id,
                "wins": [[w.winner_id, w.value, w.responsible_id, list(w.pattern_ids)]
                         for w in hand.wins],
                "deltas": sorted([player, delta] for player, delta in hand.deltas),
            }
            for hand in sorted(hands, key=lambda h: h.number)
        ],
        "penalties": sorted(
            ([p.player_id, p.reason.value, p.points, p.mode.value, p.hand_number, p.note]
             for p in penalties),
            key=lambda row: json.dumps(row),
        ),
    }


def canonical_json(content: dict[str, Any]) -> str:
    return json.dumps(content, sort_keys=True, separators=(",", ":"), ensure_ascii=False)


def sheet_hash(content: dict[str, Any]) -> str:
    return hashlib.sha256(canonical_json(content).encode("utf-8")).hexdigest()
