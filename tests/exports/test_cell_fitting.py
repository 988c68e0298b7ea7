"""A sheet's cell holds its whole text (`common.put_in_fitted`): wrapped at spaces, shrunk
only as far as the height needs, and cut with an ellipsis only when even the smallest size
cannot hold it, which the caller is told. Read back from a real PDF."""

from __future__ import annotations

import io

from pypdf import PdfReader
from reportlab.pdfgen.canvas import Canvas

from tournament_manager.exports.pdf.common import mm, put_in_fitted
from tournament_manager.exports.pdf.fonts import FONT, register_font

# Eleven MCR fans: at 7 pt a 14 mm Patterns cell holds two or three of them a line.
FANS = "1 5 12 24 33 48 62 70 76 81 81"


def _drawn(text: str, w_mm: float, h_mm: float) -> tuple[bool, list[str]]:
    register_font()
    buffer = io.BytesIO()
    canvas = Canvas(buffer)
    canvas.setFont(FONT, 7)
    whole = put_in_fitted(canvas, text, 20 * mm, 200 * mm, w_mm * mm, h_mm * mm, 7)
    canvas.showPage()
    canvas.save()
    page = PdfReader(io.BytesIO(buffer.getvalue())).pages[0].extract_text() or ""
    return whole, [line.strip() for line in page.splitlines() if line.strip()]


def test_a_long_fan_list_is_wrapped_whole_into_a_narrow_cell() -> None:
    whole, lines = _drawn(FANS, 14, 8)
    assert whole
    assert len(lines) > 1
    assert " ".join(lines).split() == FANS.split()
    assert not any("…" in line for line in lines)


def test_a_short_text_stays_on_one_line() -> None:
    whole, lines = _drawn("39 62", 14, 8)
    assert whole and lines == ["39 62"]


def test_what_cannot_fit_even_at_the_smallest_size_says_so() -> None:
    text = " ".join(["concealed pung of Rd"] * 12)
    whole, lines = _drawn(text, 14, 6)
    assert not whole
    assert lines[-1].endswith("…")
    assert " ".join(lines).replace("…", "") != text


def test_a_chinese_heading_breaks_after_its_slash_not_inside_a_word() -> None:
    whole, lines = _drawn("结果／和牌方式", 15, 10)
    assert whole and lines == ["结果／", "和牌方式"]


def test_a_count_stays_with_its_pattern_and_items_stay_whole() -> None:
    """A line that began "×2, one suit and honours" read as if the count were the next
    item's; the list breaks between items while the type stays readable."""
    text = "going out, concealed pung ×3, own wind set, dragon set ×2, one suit and honours"
    whole, lines = _drawn(text, 28, 8.5)
    assert whole
    assert not any(line.startswith("×") for line in lines)
    items = text.split(", ")
    assert all(any(item in line for line in lines) for item in items), lines


def test_a_double_name_breaks_at_its_hyphen_and_stays_whole() -> None:
    """The classical sheet's 17 mm dealer column printed "Bartholomew / Fitzgerald-
    Montgo…"; the name now breaks after its hyphen and is printed whole."""
    name = "Bartholomew Fitzgerald-Montgomery"
    whole, lines = _drawn(name, 17, 8.5)
    assert whole
    assert lines == ["Bartholomew", "Fitzgerald-", "Montgomery"]


def test_a_name_too_long_for_its_cell_is_cut_after_whole_words() -> None:
    """A 90-character name in the East (dealer) column read "zu Ober / ammergau-…":
    broken inside a word at the smallest size, and cut all the same. Cut it must be; its
    lines now end at whole words (or at a double name's hyphen), the last with "…"."""
    name = ("Maximilian Alexander Friedrich von Hohenberg-Schwarzenstein zu "
            "Oberammergau-Partenkirchen Jr")
    whole, lines = _drawn(name, 17, 9)
    assert not whole and lines[-1].endswith("…")
    words = set(name.replace("-", "- ").split())
    for line in lines[:-1]:
        assert all(word in words for word in line.replace("-", "- ").split()), line
