"""Printable Score Record Cards (seed 001 Appendix B: "Each player records any points gained
or lost by every player on the Score Record Card ... passes his card around his three
opponents to be signed"), parsed back from the PDF."""

from __future__ import annotations

import dataclasses
from pathlib import Path

from tests.exports.conftest import assert_fonts_embedded, pdf_pages
from tests.helpers.seated_event import seat_event
from tournament_manager.domain.model import HandResult, PenaltyReason, Win, WinType
from tournament_manager.domain.presets import Preset, preset_settings
from tournament_manager.domain.settings import RecordStyle
from tournament_manager.exports.jobs import ExportKind, export_document
from tournament_manager.services.score_sheets import HandEntry, add_penalty, enter_hand
from tournament_manager.services.tournaments import create_tournament
from tournament_manager.storage.document import create_document


def test_filled_and_blank_cards_one_per_player(tmp_path: Path) -> None:
    document = create_document(tmp_path / "cards.tmt")
    settings = dataclasses.replace(preset_settings(Preset.WSOM_2015), hands_per_session=4,
                                   record_style=RecordStyle.PLAYER_CARDS)
    create_tournament(document.unit_of_work(), "Cards Open", settings)
    seated = seat_event(document, players=8)
    a, b = seated.players[:2]
    enter_hand(document.unit_of_work(), seated.tables[0],
               HandEntry(HandResult.WIN, WinType.DISCARD, b, (Win(a, 30, b),)))
    # A penalty: the card's Total is the hands', so the card says what the judge took
    # (Kim read +10 on his card where the standings counted 0).
    add_penalty(document.unit_of_work(), seated.tables[0], a, PenaltyReason.TIME, 10)
    # An incident of 0 points (a warning) changes no total: no line, empty or not.
    add_penalty(document.unit_of_work(), seated.tables[1], seated.players[4],
                PenaltyReason.TIME_WARNING, 0)
    try:
        filled = export_document(document.unit_of_work(), ExportKind.PLAYER_CARDS,
                                 tmp_path / "cards.pdf", session_number=1).path
        blank = export_document(document.unit_of_work(), ExportKind.BLANK_PLAYER_CARDS,
                                tmp_path / "blank.pdf", session_number=1).path
    finally:
        document.close(backup=False)
    assert_fonts_embedded(filled)
    text = "\n".join(pdf_pages(filled))
    cards = text.split("SCORE RECORD CARD — ")[1:]
    assert len(cards) == 8, "four cards for each of the two tables"
    assert cards[0].startswith("Player 0 (E)") and cards[5].startswith("Player 5 (S)")
    assert "Session 1 · Table 1" in cards[0] and "Session 1 · Table 2" in cards[4]
    # Zung Jung §3: V = 30 off a discard: the winner +90, the discarder 3V − 50 = 40,
    # the others 25 each; hand 1 of table 1, on each of its four cards.
    for card in cards[:4]:
        assert "\n1\n+90\n-40\n-25\n-25\n2\n" in card
        assert "\nTotal\n+90\n-40\n-25\n-25\n" in card
        assert card.count("Signed by") == 3
        assert ("Penalties on the table's sheet: E -10. After them, the session totals "
                "are E 80, S -40, W -25, N -25.") in " ".join(card.split())
    assert "Signed by S Player 1" in cards[0] and "Signed by E Player 0" not in cards[0]
    assert "+90" not in cards[4], "table 2 has no hand yet"
    assert "Penalties" not in " ".join(cards[4:])
    blank_text = "\n".join(pdf_pages(blank))
    assert blank_text.count("SCORE RECORD CARD — ") == 8
    assert "Penalties" not in blank_text
    assert "+90" not in blank_text and "\n3\n4\nTotal\n" in blank_text
