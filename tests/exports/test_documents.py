"""Seating lists, table cards and standings read back from the PDF; fonts embedded."""

from __future__ import annotations

import dataclasses
import shutil
import subprocess
from pathlib import Path

import pytest
from pypdf import PdfReader

from tests.exports.conftest import assert_fonts_embedded, pdf_fonts, pdf_pages
from tests.exports.sample_event import NAMES, SampleEvent
from tournament_manager.domain.model import PlayerStatus
from tournament_manager.exports.jobs import ExportKind, PaperSize, export_document, run_export
from tournament_manager.exports.text import (
    NOT_VERIFIED_BANNER,
    converted,
    plain,
    rank_text,
    shared_ranks,
)
from tournament_manager.services.players import set_player_status
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
    assert all(name.endswith("+TMSans") for name in names), names
    assert not any("STSong" in n or "Helvetica" in n for n in names)
    text = _squash("".join(pdf_pages(out)))
    for player in NAMES[:4]:
        assert _squash(player.name) in text, player.name


RIGHT_TO_LEFT = ("שרה כהן", "محمد رضایی", "مهسا\u200cرحیمی")
"""Hebrew, Arabic-script Persian, and a Persian name with its zero-width non-joiner."""


@pytest.mark.parametrize("kind", [ExportKind.SEATING, ExportKind.TABLE_CARDS,
                                  ExportKind.STANDINGS, ExportKind.SHEETS])
def test_right_to_left_names_print_in_order_and_joined(document: Document, sample: SampleEvent,
                                                       tmp_path: Path, kind: ExportKind) -> None:
    """They printed blank: the font had no Hebrew or Arabic. Now each prints as read, right
    to left, Arabic letters in their joined forms; an emoji the font lacks prints as a box,
    not as nothing."""
    from arabic_reshaper import reshape
    from bidi import get_display

    from tournament_manager.services.players import update_player

    players = [dataclasses.replace(_player(document, sample.players[i]), name=name)
               for i, name in enumerate((*RIGHT_TO_LEFT, "🀄 Dragon 🐉 Lee"))]
    for player in players:
        update_player(document.unit_of_work(), player)
    out = run_export(document.unit_of_work(), kind, tmp_path / f"{kind}.pdf",
                     session_number=1)
    text = _squash("".join(pdf_pages(out)))
    for name in RIGHT_TO_LEFT:
        # pypdf reads a right-to-left run back into logical order: what it gives back is
        # the name as typed, in joined forms, only if it was drawn in visual order.
        joined = reshape(name).replace("\u200c", "")
        assert joined != name.replace("\u200c", "") or "\u0590" <= name[0] <= "\u05ff"
        assert _squash(joined) in text, (name, joined)
        assert _squash(get_display(joined)) not in text or joined == get_display(joined)
    assert "□Dragon□Lee" in text


def _player(document: Document, player_id: int):
    with document.unit_of_work() as uow:
        return uow.players.get(player_id)


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
    assert tokens[at + 1:at + 5] == ["NO-003", "NOR", "1", "西 West"]


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
    assert "Standings after session 1" in text and "8 ranked · 0 withdrawn" in text
    table = standings(document.unit_of_work(), 1)
    tokens = [line.strip() for line in text.splitlines()]
    for row in table.rows:
        at = next(i for i, t in enumerate(tokens) if t.startswith(row.player.name))
        assert tokens[at - 2:at] == [str(row.rank), row.player.registration_id]
        assert tokens[at + 1] == row.player.country
        assert tokens[at + 3:at + 6] == [converted(row.sessions[0].converted),
                                         converted(row.converted_total), plain(row.raw_total)]


def test_a_withdrawn_player_is_listed_apart_without_a_rank(
        document: Document, sample: SampleEvent, tmp_path: Path) -> None:
    set_player_status(document.unit_of_work(), sample.players[0], PlayerStatus.WITHDRAWN)
    out = run_export(document.unit_of_work(), ExportKind.STANDINGS, tmp_path / "st.pdf",
                     session_number=1)
    text = "\n".join(pdf_pages(out))
    assert "Standings after session 1" in text and "7 ranked · 1 withdrawn" in text
    tokens = [line.strip() for line in text.splitlines()]
    at = next(i for i, t in enumerate(tokens) if t.startswith(NAMES[0].name))
    assert tokens[at - 2:at] == ["–", "CN-001"] and tokens[at + 1] == "withdrawn"
    ranked = [i for i, t in enumerate(tokens)
              if any(t.startswith(p.name) for p in NAMES[1:])]
    assert max(ranked) < at  # after the whole ranked field
    table = standings(document.unit_of_work(), 1)
    assert [row.rank for row in table.rows if row.withdrawn] == [None]
    assert [tokens[i - 2] for i in sorted(ranked)] == [str(n) for n in range(1, 8)]


def test_equal_ranks_are_printed_as_equal(document: Document, sample: SampleEvent) -> None:
    """Players the tie-break chain cannot separate share the rank, shown "=2" on each."""
    from tournament_manager.exports.pdf.standings import render_standings
    from tournament_manager.exports.sources import ranked
    from tournament_manager.services.verification import run_verification

    with document.unit_of_work() as uow:
        facts, table = ranked(uow, None)
        report = run_verification(uow)
    rows = list(table.rows)
    rows[2] = dataclasses.replace(rows[2], rank=2)
    tied = dataclasses.replace(table, rows=tuple(rows))
    assert shared_ranks(tied) == {2}
    assert [rank_text(row, shared_ranks(tied)) for row in rows[:4]] == ["1", "=2", "=2", "4"]
    out = document.path.parent / "tied.pdf"
    out.write_bytes(render_standings(facts, tied, report, "a4"))
    tokens = [line.strip() for line in pdf_pages(out)[0].splitlines()]
    assert tokens.count("=2") == 2 and tokens.count("=1") == tokens.count("=4") == 0
    assert "“=” before a rank: shared by players" in _squash_spaces(pdf_pages(out)[0])


def _squash_spaces(text: str) -> str:
    return " ".join(text.split())


def test_seating_lists_and_table_cards_show_registration_numbers(
        document: Document, sample: SampleEvent, tmp_path: Path) -> None:
    seating = run_export(document.unit_of_work(), ExportKind.SEATING, tmp_path / "seat.pdf",
                         session_number=1)
    by_table = pdf_pages(seating)[0]
    cards = pdf_pages(run_export(document.unit_of_work(), ExportKind.TABLE_CARDS,
                                 tmp_path / "cards.pdf", session_number=1))
    for player in NAMES:
        assert f"{player.registration_id} {player.name.split()[0]}" in by_table
    for card, players in zip(cards, (NAMES[:4], NAMES[4:])):
        tokens = [line.strip() for line in card.splitlines()]
        for player in players:
            at = next(i for i, t in enumerate(tokens) if t.startswith(player.name))
            assert tokens[at + 1] == player.registration_id


@pytest.mark.parametrize("kind", [k for k in ExportKind if k is not ExportKind.WORKBOOK])
def test_every_page_of_every_pdf_carries_the_seal_and_the_banner_when_in_doubt(
        document: Document, tampered: Document, tmp_path: Path, kind: ExportKind) -> None:
    result = export_document(tampered.unit_of_work(), kind, tmp_path / f"{kind}.pdf")
    assert not result.verification.ok
    for page in pdf_pages(result.path):
        assert f"audit seal {result.verification.seal[:16]}" in page
        assert NOT_VERIFIED_BANNER in page


@pytest.mark.skipif(shutil.which("pdftoppm") is None, reason="poppler-utils not installed")
def test_the_standings_rasterise(document: Document, sample: SampleEvent,
                                 tmp_path: Path) -> None:
    set_player_status(document.unit_of_work(), sample.players[7], PlayerStatus.WITHDRAWN)
    out = run_export(document.unit_of_work(), ExportKind.STANDINGS, tmp_path / "st.pdf")
    subprocess.run(["pdftoppm", "-r", "60", "-png", "-singlefile", str(out),
                    str(tmp_path / "page")], check=True, capture_output=True)
    from PIL import Image

    with Image.open(tmp_path / "page.png") as image:
        assert abs(image.size[0] - 496) <= 2 and abs(image.size[1] - 702) <= 2
        assert sum(image.convert("L").histogram()[:128]) > 2_000


def _runs(path: Path) -> list[tuple[float, float, str]]:
    """(x, font size, text) of each piece of text the first page draws."""
    runs: list[tuple[float, float, str]] = []

    def visit(text: str, cm: list[float], tm: list[float], _font: object,
              size: float) -> None:
        if text.strip():
            runs.append((cm[0] * tm[4] + cm[4], size * tm[0] * cm[0], text))
    PdfReader(path).pages[0].extract_text(visitor_text=visit)
    return runs


def test_a_long_country_stays_in_its_column(document: Document, sample: SampleEvent,
                                            tmp_path: Path) -> None:
    """"Netherlands" ran on into the Round column of the printed standings: a country (and
    a registration number) wraps inside its own column now."""
    from reportlab.pdfbase.pdfmetrics import stringWidth

    from tournament_manager.exports.pdf.fonts import FONT, register_font
    from tournament_manager.services.players import update_player

    countries = ["Netherlands", "United States of America", "Bosnia and Herzegovina"]
    with document.unit_of_work() as uow:
        players = [uow.players.get(player_id) for player_id in sample.players[:3]]
    for player, country in zip(players, countries, strict=True):
        update_player(document.unit_of_work(), dataclasses.replace(player, country=country))
    out = run_export(document.unit_of_work(), ExportKind.STANDINGS, tmp_path / "st.pdf",
                     session_number=1)
    register_font()
    runs = _runs(out)
    country_x = next(x for x, _size, text in runs if text.strip() == "Country")
    round_x = next(x for x, _size, text in runs if text.strip() == "Round")
    in_column = [(x, size, text.strip()) for x, size, text in runs
                 if country_x <= x < round_x and text.strip() != "Country"]
    assert {word for _x, _s, text in in_column for word in text.split()} >= {
        word for country in countries for word in country.split()}
    for x, size, text in in_column:
        assert x + stringWidth(text, FONT, size) <= round_x, text


def test_standings_printed_mid_session_say_they_are_provisional(
        document: Document, sample: SampleEvent, tmp_path: Path) -> None:
    """Printed while session 1 is played, the standings say so under their title; the
    sample's finished session prints without it."""
    from tests.gui.event_files import seated_event_file
    from tournament_manager.storage.document import open_document

    finished = run_export(document.unit_of_work(), ExportKind.STANDINGS, tmp_path / "f.pdf")
    assert "Provisional" not in _squash("\n".join(pdf_pages(finished)))
    path, _seated = seated_event_file(tmp_path / "running.tmt")
    with open_document(path) as running:
        out = run_export(running.unit_of_work(), ExportKind.STANDINGS, tmp_path / "r.pdf")
    text = _squash("\n".join(pdf_pages(out)))
    assert _squash("Provisional: session 1 is not finished; its scores so far are counted, "
                   "and the four players of a table that has not played yet count as "
                   "level.") in text


def test_every_pdf_is_drawn_on_the_canvas_that_orders_its_text() -> None:
    """A canvas made or derived from reportlab's own would draw Hebrew backwards and Arabic
    unjoined again (the table codes had one): only `fonts.TextCanvas` derives from it, and
    nothing makes one but through it."""
    import ast

    root = Path(__file__).resolve().parents[2] / "tournament_manager"
    offenders = []
    for path in root.rglob("*.py"):
        if path.name == "fonts.py" and path.parent.name == "pdf":
            continue
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Call) and getattr(node.func, "id", "") == "Canvas":
                offenders.append(f"{path.name}:{node.lineno} makes a Canvas")
            if isinstance(node, ast.ClassDef) and any(
                    getattr(base, "id", "") == "Canvas" for base in node.bases):
                offenders.append(f"{path.name}:{node.lineno} derives from Canvas")
    assert offenders == []


def test_a_long_name_on_a_table_card_is_wrapped_whole_at_a_readable_size(
        document: Document, sample: SampleEvent, tmp_path: Path) -> None:
    """A name too long for one line of a table card was shrunk to 7 points and cut before
    its last word; it is wrapped whole, no smaller than 9 points, and a short name keeps
    its 28."""
    from tournament_manager.services.players import update_player

    long_name = ("Maximiliana Wilhelmina Theodora von Hohenzollern-Sigmaringen-Auerbach-"
                 "Lichtenstein III")
    with document.unit_of_work() as uow:
        player = uow.players.get(sample.players[0])
    update_player(document.unit_of_work(), dataclasses.replace(player, name=long_name))
    out = run_export(document.unit_of_work(), ExportKind.TABLE_CARDS, tmp_path / "cards.pdf")
    runs = _runs(out)
    pieces = [(size, text.strip()) for _x, size, text in runs
              if text.strip() and any(part in text for part in ("Maximiliana", "Hohenzollern",
                                                                "Lichtenstein", "III"))]
    # His native name (王小明) follows it, as everywhere a name is displayed.
    assert _squash(" ".join(text for _size, text in pieces)) == _squash(long_name + " 王小明")
    assert len(pieces) >= 2 and min(size for size, _text in pieces) >= 9
    assert "…" not in pdf_pages(out)[0]
    others = [size for _x, size, text in runs
              if text.strip() in {p.name for p in NAMES[1:4]}]
    assert len(others) == 3 and all(round(size) == 28 for size in others)
