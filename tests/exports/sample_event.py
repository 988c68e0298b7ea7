"""A small played event with CJK and accented names, penalties, signatures and a
correction, built through the services (shared by the export tests and docs/ preview)."""

from __future__ import annotations

import dataclasses
import io
import random
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta

from tests.helpers.head_judge import name_head_judge
from tournament_manager.domain.model import (
    HandResult,
    PenaltyReason,
    Player,
    StageStatus,
    Win,
    WinType,
)
from tournament_manager.services.players import register_player
from tournament_manager.services.score_sheets import (
    HandEntry,
    add_penalty,
    correct_sheet,
    enter_hand,
    replace_hand,
    sign_sheet,
)
from tournament_manager.services.sessions import finish_session
from tournament_manager.services.tables import seat_table
from tournament_manager.storage.document import Document

NAMES = (
    Player(name="王小明", native_name="王小明", registration_id="CN-001", country="CHN"),
    Player(name="佐藤 花子", registration_id="JP-017", country="JPN"),
    Player(name="Ørjan Åsmund", registration_id="NO-003", country="NOR"),
    Player(name="María José Fernández-López", registration_id="ES-009", country="ESP"),
    Player(name="Chan Tai Man", native_name="陳大文", registration_id="HK-002", country="HKG"),
    Player(name="Zoë Müller", registration_id="DE-011", country="GER"),
    Player(name="Kim Min-jun", native_name="김민준", registration_id="KR-005", country="KOR"),
    Player(name="Liam O'Brien", registration_id="IE-004", country="IRL"),
)

START = datetime(2026, 5, 2, 1, 0, tzinfo=UTC)


@dataclass(frozen=True)
class SampleEvent:
    players: tuple[int, ...]
    tables: tuple[int, ...]
    session_id: int
    corrected_table: int


def signature_png(seed: int) -> bytes:
    """A scribble that looks like a signature (Pillow comes with reportlab)."""
    from PIL import Image, ImageDraw

    rng = random.Random(seed)
    image = Image.new("RGBA", (300, 100), (255, 255, 255, 0))
    draw = ImageDraw.Draw(image)
    points = [(10 + i * 14, 50 + rng.randint(-35, 35)) for i in range(20)]
    draw.line(points, fill=(10, 20, 120, 255), width=4, joint="curve")
    out = io.BytesIO()
    image.save(out, format="PNG")
    return out.getvalue()


def hand_entries(p: tuple[int, int, int, int], rng: random.Random) -> list[HandEntry]:
    """16 hands for players p (E, S, W, N): wins of every type, a draw, an immunity."""
    east, south, west, north = p
    fixed = [
        HandEntry(HandResult.WIN, WinType.DISCARD, west, (Win(south, 30, west, ("3.1",)),)),
        HandEntry(HandResult.WIN, WinType.SELF_DRAW, None, (Win(north, 25, None, ("1.2", "1.1")),)),
        HandEntry(HandResult.DRAW),
        HandEntry(HandResult.WIN, WinType.DISCARD, west, (Win(east, 70, south),)),
        HandEntry(HandResult.WIN, WinType.ROBBING_KONG, north, (Win(west, 40, north, ("2.1.1",)),)),
        HandEntry(HandResult.WIN, WinType.WIN_ON_KONG, None, (Win(south, 10, None),)),
    ]
    entries = list(fixed)
    while len(entries) < 16:
        winner, loser = rng.sample(p, 2)
        if rng.random() < 0.4:
            entries.append(HandEntry(HandResult.WIN, WinType.SELF_DRAW, None,
                                     (Win(winner, rng.choice((5, 10, 25, 30)), None),)))
        else:
            entries.append(HandEntry(HandResult.WIN, WinType.DISCARD, loser,
                                     (Win(winner, rng.choice((5, 10, 15, 30, 40)), loser),)))
    return entries


def build_sample_event(document: Document, *, sign: bool = True) -> SampleEvent:
    """Two tables of session 1: table 1 signed, corrected and signed again; table 2 played
    and signed. Session 1 is finished."""
    uow = document.unit_of_work
    rng = random.Random(3)
    ids = tuple(register_player(uow(), player, rng=rng).id for player in NAMES)
    with uow() as work:
        session = next(s for s in work.sessions.list() if s.number == 1)
        work.sessions.update(dataclasses.replace(session, status=StageStatus.RUNNING,
                                                 started_at=START))
        work.commit()
    tables = tuple(seat_table(uow(), session.id, n + 1, ids[4 * n:4 * n + 4]).id
                   for n in range(2))
    hand_ids: dict[int, list[int]] = {}
    for index, table in enumerate(tables):
        seats = ids[4 * index:4 * index + 4]
        entries = hand_entries((seats[0], seats[1], seats[2], seats[3]),
                               random.Random(index))
        hand_ids[table] = [enter_hand(uow(), table, entry).id for entry in entries]
    t1 = ids[:4]
    add_penalty(uow(), tables[0], t1[2], PenaltyReason.FALSE_WIN, 20, hand_number=7,
                note="declared on a wrong tile")
    add_penalty(uow(), tables[0], t1[1], PenaltyReason.TIME_WARNING, 0, hand_number=12)
    add_penalty(uow(), tables[1], ids[5], PenaltyReason.BEHAVIOUR, 10)
    if sign:
        for index, table in enumerate(tables):
            _sign_all(document, table, ids[4 * index:4 * index + 4], START + timedelta(
                hours=2, minutes=40 + index))
        correct_sheet(uow(), tables[0], "winner of hand 16 misread", name_head_judge(document),
                      clock=lambda: START + timedelta(hours=3))
        replace_hand(uow(), hand_ids[tables[0]][15], HandEntry(
            HandResult.WIN, WinType.DISCARD, t1[0], (Win(t1[3], 15, t1[0]),)))
        _sign_all(document, tables[0], t1, START + timedelta(hours=3, minutes=5), version=2)
        finish_session(uow(), session.id, clock=lambda: START + timedelta(hours=3, minutes=10))
    return SampleEvent(ids, tables, session.id, tables[0])


def _sign_all(document: Document, table: int, players: tuple[int, ...], when: datetime,
              version: int = 1) -> None:
    for offset, player in enumerate(players):
        # Each version is signed anew: a drawing given before is refused.
        sign_sheet(document.unit_of_work(), table, player, signature_png(1000 * version + player),
                   clock=lambda offset=offset: when + timedelta(minutes=offset))
