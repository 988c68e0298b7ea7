"""Seating lists, table cards and standings read back from the PDF; fonts embedded."""

from __future__ import annotations

from pathlib import Path

import pytest
from pypdf import PdfReader

from tests.exports.conftest import assert_fonts_embedded, pdf_fonts, pdf_pages
from tests.exports.sample_event import NAMES, SampleEvent
from tournament_manager.exports.jobs import ExportKind, PaperSize, run_export
from tournament_manager.exports.text import converted, plain
from tournament_manager.services.standings import standings
from tournament_manager.services.views import session_seating
from tournament_manager.storage.document import Document


def _squash(text: str) -> str:
    return "".join(text.split())


@pytest.mark.parametrize("kind", [k for k in ExportKind if k is not ExportKind.WORKBOOK])
def test_every_pdf_embeds_its_one_truetype_font(document: Document, sample: SampleEvent,
                                                tmp_path: Path, kind: ExportKind) -> None:
    out = run_export(document.unit_of_work(), kind, tmp_path / f"{kind}.pdf")
    assert_fonts_embedded(out)
    names = {str(font["/BaseFont"]) for font in pdf_fonts(out)}
    assert all("WenQuanYiMicroHei" in name for name in names), names
    assert not any("STSong" in n or "Helvetica" in n for n in names)
    text = _squash("".join(pdf_pages(out)))
    for player in NAMES[:4]:
        assert _squash(player.name) in text, player.name


def test_seating_by_table_and_alphabetical(document: Document, sample: SampleEvent,
                                           tmp_path: Path) -> None:
    out = run_export(document.unit_of_work(), ExportKind.SEATING, tmp_path / "seat.pdf",
                     session_number=1)
    by_table, alphabetical = pdf_pages(out)
    seating = session_seating(document.unit_of_work(), sample.session_id)
    assert "Seating by table" in by_table and "Seating by player" in alphabetical
    for table in seating.tables:
        for seat in table.seats:
            assert _squash(seat.player.name) in _squash(by_table)
    tokens = [line.strip() for line in alphabetical.splitlines()]
    order = [tokens.index(next(t for t in tokens if t.startswith(p.name))) for p in NAMES]
    by_name = dict(zip((p.name for p in NAMES), order))
    assert by_name["Chan Tai Man"] < by_name["Kim Min-jun"] < by_name["Ørjan Åsmund"] \
        < by_name["Zoë Müller"]
    at = by_name["Ørjan Åsmund"]
    assert tokens[at + 1:at + 5] == ["NOR", "NO-003", "1", "西 West"]


def test_one_table_card_per_table(document: Document, sample: SampleEvent,
                                  tmp_path: Path) -> None:
    out = run_export(document.unit_of_work(), ExportKind.TABLE_CARDS, tmp_path / "cards.pdf",
                     paper=PaperSize.LETTER)
    pages = pdf_pages(out)
    assert len(pages) == 2
    assert "Table 1" in pages[0] and "Table 2" in pages[1]
    assert "王小明" in pages[0] and "Kim Min-jun" in pages[1]
    box = PdfReader(out).pages[0].mediabox
    assert float(box.width) > float(box.height)


def test_standings_list_every_player_with_his_totals(document: Document, sample: SampleEvent,
                                                      tmp_path: Path) -> None:
    out = run_export(document.unit_of_work(), ExportKind.STANDINGS, tmp_path / "st.pdf",
                     session_number=1)
    text = "\n".join(pdf_pages(out))
    assert "Standings after session 1" in text
    table = standings(document.unit_of_work(), 1)
    tokens = [line.strip() for line in text.splitlines()]
    for row in table.rows:
        at = next(i for i, t in enumerate(tokens) if t.startswith(row.player.name))
        assert tokens[at - 1] == str(row.rank)
        assert tokens[at + 1] == row.player.country
        assert tokens[at + 3:at + 6] == [converted(row.sessions[0].converted),
                                         converted(row.converted_total), plain(row.raw_total)]
