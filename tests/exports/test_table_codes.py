"""The table-side cards: one per table with its address, code and QR link, read back
from the PDF itself."""

from __future__ import annotations

from pathlib import Path

from pypdf import PdfReader

from tournament_manager.exports.pdf.table_codes import code_link, write_table_codes


def test_a_card_per_table_four_to_a_page(tmp_path: Path) -> None:
    codes = [(1, table, f"AB{table:02}CD") for table in range(1, 6)]
    out = write_table_codes(tmp_path / "codes.pdf", "Harbour Open", "http://judge:8080/",
                            codes)
    pages = PdfReader(out).pages
    assert len(pages) == 2
    text = "".join(page.extract_text() for page in pages)
    for _session, table, code in codes:
        assert f"Table {table}" in text and " ".join(code) in text
    assert "http://judge:8080/" in text and "Harbour Open — session 1" in text


def test_the_qr_link_carries_the_code() -> None:
    assert code_link("http://judge:8080/", "AB CD") == "http://judge:8080/?code=AB+CD"
