"""A right-to-left name inside running text keeps the text around it in its own order.

"Bye this session: Ann (10), محمد الأحمد (12)." showed "(12) محمد الأحمد": after Arabic
letters the bidirectional algorithm takes the digits as Arabic digits and runs them into
the name. Wrapped in a first-strong isolate, the name is one unit and "(12)" follows it,
in the window (Qt honours isolates) and in the PDFs (python-bidi, then the isolates are
dropped as the invisible characters they are)."""

from __future__ import annotations

from tournament_manager.domain.names import FIRST_STRONG_ISOLATE, POP_ISOLATE, isolated
from tournament_manager.exports.pdf.visual import drawn_text

ARABIC = "محمد الأحمد"


def test_only_a_right_to_left_name_is_isolated() -> None:
    assert isolated(ARABIC) == f"{FIRST_STRONG_ISOLATE}{ARABIC}{POP_ISOLATE}"
    assert isolated("שרה כהן").startswith(FIRST_STRONG_ISOLATE)
    assert isolated("Ann Lee") == "Ann Lee" and isolated("王小明") == "王小明"


def test_a_pdf_draws_the_number_after_the_isolated_name_and_no_isolate() -> None:
    visual = drawn_text(lambda code: True)
    bare = visual(f"Bye: {ARABIC} (12).")
    drawn = visual(f"Bye: {isolated(ARABIC)} (12).")
    assert drawn.endswith(" (12).") and not bare.endswith(" (12).")
    assert FIRST_STRONG_ISOLATE not in drawn and POP_ISOLATE not in drawn


def test_the_seating_page_labels_isolate_a_right_to_left_name() -> None:
    from tournament_manager.gui.pages.seating_page import with_registration

    assert with_registration(ARABIC, "12") == f"{isolated(ARABIC)} (12)"
    assert with_registration("Ann Lee", "10") == "Ann Lee (10)"
