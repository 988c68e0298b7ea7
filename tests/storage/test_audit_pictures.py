"""The audit log's pictures of records: built directly (`audit_picture`), they must be what
files written by earlier versions hold, or verification would call every old record
changed outside the application."""

from __future__ import annotations

import dataclasses
import hashlib
import json
from collections.abc import Mapping
from datetime import datetime
from enum import Enum
from pathlib import Path
from typing import Any

import pytest

from tournament_manager.domain.presets import Preset
from tournament_manager.services.demo import run_demo
from tournament_manager.services.verification import verify
from tournament_manager.storage.document import Document, create_document
from tournament_manager.storage.rows import audit_json, audit_picture


def _earlier_default(value: Any) -> Any:
    if isinstance(value, datetime):
        return value.isoformat()
    if isinstance(value, Enum):
        return value.value
    if isinstance(value, bytes):
        return {"bytes": len(value), "sha256": hashlib.sha256(value).hexdigest()}
    if isinstance(value, Mapping):
        return dict(value)
    raise TypeError(f"cannot audit a {type(value).__name__}")


def _earlier_audit_json(entity: object) -> str:
    """How versions up to 0.1 wrote a picture: asdict, then JSON with a default."""
    return json.dumps(dataclasses.asdict(entity),  # type: ignore[call-overload]
                      default=_earlier_default, ensure_ascii=False, sort_keys=True)


@pytest.fixture(scope="module")
def played(tmp_path_factory: pytest.TempPathFactory) -> Document:
    document = create_document(tmp_path_factory.mktemp("pictures") / "demo.tmt")
    run_demo(document.unit_of_work, players=12, preset=Preset.WSOM_2015, seed=3,
             rule_set="classic")
    return document


def test_every_record_is_pictured_as_earlier_versions_wrote_it(played: Document) -> None:
    with played.unit_of_work() as uow:
        collections = [uow.tournaments, uow.players, uow.rounds, uow.round_entries,
                       uow.sessions, uow.tables, uow.seats, uow.hands, uow.penalties,
                       uow.signatures, uow.snapshots]
        records = [record for collection in collections for record in collection.list()]
    kinds = {type(record).__name__ for record in records}
    assert {"Tournament", "Hand", "Signature", "SheetSnapshot", "Penalty"} <= kinds
    for record in records:
        earlier = _earlier_audit_json(record)
        assert audit_json(record) == earlier
        assert audit_picture(record) == json.loads(earlier)


def test_a_played_event_verifies(played: Document) -> None:
    assert verify(played.unit_of_work()).ok


def test_an_unknown_value_is_refused() -> None:
    @dataclasses.dataclass(frozen=True)
    class Odd:
        value: object

    with pytest.raises(TypeError):
        audit_picture(Odd(Path(".")))


def test_points_pictured_in_typed_order_still_verify(played: Document) -> None:
    """Before 0.2 a classical hand's players' points were pictured in the order they were
    typed (the winner first) and read back in seat order: such files must verify."""
    with played.unit_of_work() as uow:
        hand = next(h for h in uow.hands.list() if len(h.player_points) == 4)
        typed = tuple(reversed(hand.player_points))
        uow.hands.update(dataclasses.replace(hand, player_points=typed))
        uow.commit()
        newest = [e for e in uow.audit.list(entity="hand", entity_id=hand.id)][-1]
        assert json.loads(newest.after or "{}")["player_points"] == [list(p) for p in typed]
        assert uow.hands.get(hand.id).player_points == hand.player_points  # seat order
    assert verify(played.unit_of_work()).ok
