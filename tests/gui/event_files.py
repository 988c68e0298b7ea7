"""Tournament files for GUI tests, built through the services like a real event."""

from __future__ import annotations

import dataclasses
from pathlib import Path

from tests.helpers.head_judge import name_head_judge
from tests.helpers.seated_event import Seated, seat_event, start_seated_session
from tournament_manager.domain.model import HandResult, Win, WinType
from tournament_manager.domain.presets import Preset, preset_settings
from tournament_manager.domain.settings import RecordStyle, RoundKind, RoundPlan
from tournament_manager.services.players import update_player
from tournament_manager.services.score_sheets import HandEntry, enter_hand, sign_sheet
from tournament_manager.services.tournaments import create_tournament
from tournament_manager.storage.document import Document, create_document

SHORT_SESSION_HANDS = 4
CUT_ROUNDS = (RoundPlan(RoundKind.PRELIMINARY, sessions=1, advance=4),
              RoundPlan(RoundKind.FINAL, sessions=1, carry=0.5))
"""One preliminary session of 8 players, cut to the 4 who play the final."""
REGISTRATION_BASE = 100
"""Player n (from 1) has registration number 100 + n."""


def seated_event_file(path: Path, *, players: int = 8, hands: int = SHORT_SESSION_HANDS,
                      running: bool = True, preset: Preset = Preset.OPEN,
                      rule_set: str = "zung-jung", head_judge: bool = True,
                      rounds: tuple[RoundPlan, ...] | None = None,
                      double_entry: bool = False,
                      record_style: RecordStyle = RecordStyle.TABLE_SHEET
                      ) -> tuple[Path, Seated]:
    """A closed document: an event with `players` seated in session 1 (running), and its
    head judge (tests.helpers.head_judge: Ada Judge, "correct horse battery")."""
    settings = dataclasses.replace(preset_settings(preset, rule_set=rule_set),
                                   hands_per_session=hands, double_entry=double_entry,
                                   record_style=record_style)
    if rounds is not None:
        settings = dataclasses.replace(settings, rounds=rounds)
    with create_document(path) as document:
        create_tournament(document.unit_of_work(), "Spring Open", settings, venue="Hall A")
        if head_judge:
            name_head_judge(document)
        seated = seat_event(document, players=players, running=False)
        # From the last: a number is one player's, and 100 + n may still be player
        # (100 + n)'s own where there are more than a hundred.
        for number, player_id in reversed(list(enumerate(seated.players, start=1))):
            with document.unit_of_work() as uow:
                player = uow.players.get(player_id)
            update_player(document.unit_of_work(), dataclasses.replace(
                player, registration_id=str(REGISTRATION_BASE + number)))
        if running:
            start_seated_session(document, seated.session_id)
    return path, seated


def play_table(document: Document, table_id: int, players: tuple[int, ...], *,
               sign: bool = True, winner: int = 0, value: int = 30) -> None:
    """Four hands at a table, all won by its player `winner` (by column) off the next
    one, then (if `sign`) the four signatures that lock the sheet."""
    for _ in range(SHORT_SESSION_HANDS):
        enter_hand(document.unit_of_work(), table_id, HandEntry(
            HandResult.WIN, WinType.DISCARD, discarder_id=players[(winner + 1) % 4],
            wins=(Win(players[winner], value, players[(winner + 1) % 4]),)))
    if sign:
        for column, player in enumerate(players):
            sign_sheet(document.unit_of_work(), table_id, player,
                       b"\x89PNG signature of column %d" % column)


def signed_event_file(path: Path, **options: object) -> tuple[Path, Seated]:
    """Session 1 played at both tables and every sheet signed and locked (still running)."""
    path, seated = seated_event_file(path, **options)  # type: ignore[arg-type]
    from tournament_manager.storage.document import open_document

    with open_document(path) as document:
        for number, table in enumerate(seated.tables):
            play_table(document, table, seated.players[4 * number:4 * number + 4],
                       winner=number)
    return path, seated


def cut_event_file(path: Path) -> tuple[Path, Seated]:
    """8 players, the preliminary session (CUT_ROUNDS) played at both tables (table 1 won
    throughout by its first player off its second, table 2 by its second off its third,
    at 10, 15, 20 and 25), signed on paper, finished, and cut: 4 go on to the final,
    carrying half their totals."""
    from tournament_manager.services.score_sheets import sign_on_paper
    from tournament_manager.services.sessions import finish_session
    from tournament_manager.services.standings import make_cut
    from tournament_manager.storage.document import open_document

    path, seated = seated_event_file(path, rounds=CUT_ROUNDS)
    with open_document(path) as document:
        for number, table in enumerate(seated.tables):
            players = seated.players[4 * number:4 * number + 4]
            for hand in range(SHORT_SESSION_HANDS):
                enter_hand(document.unit_of_work(), table, HandEntry(
                    HandResult.WIN, WinType.DISCARD, discarder_id=players[(number + 1) % 4],
                    wins=(Win(players[number], 10 + 5 * hand, players[(number + 1) % 4]),)))
            sign_on_paper(document.unit_of_work(), table, "Desk")
        finish_session(document.unit_of_work(), seated.session_id)
        make_cut(document.unit_of_work(), 1)
    return path, seated
